"""The atlas page (docs/atlas.md, written by scripts/atlas.py) matches the code: every option
with two or more values of every game is listed once, each alternative against the default;
a sample of its witnesses play again as stated; a small run renders in the same form."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fresco_rules.diverge import play_lockstep
from fresco_rules.diverge.atlas import HEADER, MARK, PAGE, entries, entry_plan, render, run_entry
from fresco_rules.games import declaration, game_names
from fresco_rules.study.players import make_player

ROOT = Path(__file__).parents[1]


@pytest.fixture(scope="module")
def page() -> str:
    return (ROOT / PAGE).read_text(encoding="utf-8")


def _marks(text: str) -> list[re.Match[str]]:
    return list(MARK.finditer(text))


def test_every_alternative_of_every_option_is_listed_once(page: str) -> None:
    assert page.startswith(HEADER)
    listed = [(m["game"], m["option"], m["value"]) for m in _marks(page)]
    expected = [(e.game, e.option, e.value) for e in entries()]
    assert listed == expected
    names = {(e.game, e.option) for e in entries()}
    for name in game_names():
        game = declaration(name)
        assert f"## {game.title}\n" in page
        with_values = {o.name for o in game.options() if len(o.values) >= 2}
        assert {option for g, option in names if g == name} == with_values


def test_options_that_never_part_say_so_with_their_games(page: str) -> None:
    for mark in _marks(page):
        games, parted = int(mark["games"]), int(mark["parted"])
        rest = page[mark.end() : mark.end() + 300]
        if games and not parted:
            assert mark["kind"] is None
            assert f"never part in the {games} games tried" in rest
        elif games:
            assert mark["kind"] is not None and f"Parts in {parted} of {games} games" in rest


def test_a_sample_of_witnesses_part_as_the_page_says(page: str) -> None:
    """The first witness the page names in each game, played again from its seed."""
    seen: set[str] = set()
    for mark in _marks(page):
        if mark["kind"] is None or mark["game"] in seen:
            continue
        seen.add(mark["game"])
        entry = next(
            e
            for e in entries([mark["game"]])
            if (e.option, e.value) == (mark["option"], mark["value"])
        )
        plan = entry_plan(entry, games=2)
        game = declaration(entry.game)
        choose = make_player(mark["player"], game.study)
        played = play_lockstep(game, *plan.configs(), int(mark["seed"]), choose)
        assert played.divergence is not None
        assert (played.divergence.kind, played.divergence.step) == (
            mark["kind"],
            int(mark["step"]),
        )
    assert seen == set(game_names())


def test_a_small_run_renders_in_the_page_form() -> None:
    entry = next(e for e in entries(["barbarossa"]) if e.option == "letter_check")
    result = run_entry(entry, games=2)
    text = render([result], games=2, seed=0)
    assert text.startswith(HEADER)
    (mark,) = _marks(text)
    assert (mark["games"], mark["parted"], mark["kind"]) == ("4", "4", "legal_actions")
    assert "Rule A-B.15. Parts in 4 of 4 games." in text
