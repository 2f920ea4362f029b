"""The adapters write and read actions in each game's own notation, through one hook per game
(``GameSpec.notation``/``parse``): every legal action index -> its string -> parsed back gives
the same index, over random games of several configurations; the strings are the library's
(``legal_forms``); text naming no legal action is refused with the rule."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from fresco_rules import IllegalAction, NotationError
from fresco_rules import barbarossa as ba
from fresco_rules import carcassonne as cc
from fresco_rules import fresco as fa
from fresco_rules.adapters.core import AdapterError, GameSpec, Table
from fresco_rules.adapters.games import available
from fresco_rules.adapters.games import table as make_table

CONFIGS = [
    ("fresco", {"players": 2}, 400),
    ("fresco", {"players": 3, "modules": "4;5;6"}, 500),
    ("fresco", {"players": 2, "modules": "1;2;3"}, 400),
    ("fresco", {"players": 4, "modules": "1;2;3;4;5;6"}, 500),
    ("barbarossa", {"players": 3}, 400),
    ("barbarossa", {"players": 4, "letter_check": "off"}, 300),
    ("carcassonne", {"players": 2}, 120),
]

LIBRARY_FORMS: dict[str, Callable[[Any], tuple[str, ...]]] = {
    "fresco": fa.legal_forms,
    "barbarossa": ba.legal_forms,
}


@pytest.mark.parametrize(("game", "params", "limit"), CONFIGS)
def test_every_legal_action_round_trips_through_its_string(
    game: str, params: dict[str, object], limit: int
) -> None:
    table = make_table(game, params)
    rng = np.random.default_rng(7)
    position = table.start()
    decisions = 0
    while not table.is_terminal(position) and position.length < limit:
        if table.is_chance(position):
            outcomes = table.chance_outcomes(position)
            pick = rng.choice(len(outcomes), p=[p for _, p in outcomes])
            position = table.choose(position, outcomes[pick][0])
            continue
        legal = table.legal_actions(position)
        texts = [table.action_string(position, index) for index in legal]
        assert len(set(texts)) == len(texts)
        assert [table.parse(position, text) for text in texts] == legal
        forms = LIBRARY_FORMS.get(game)
        if forms is not None:
            assert sorted(texts) == sorted(forms(position.state))
        decisions += 1
        position = table.play(position, int(rng.choice(legal)))
    assert decisions > 20


def test_the_strings_are_the_library_notation() -> None:
    table = make_table("fresco", {"players": 2})
    position = table.start()
    while table.is_chance(position):
        position = table.choose(position, table.chance_outcomes(position)[0][0])
    assert table.action_string(position, table.space.index[fa.ChooseGetUp(0)]) == "up 5:00"
    assert table.action_string(position, table.space.index[fa.BuyTile(2, 1)]) == "buy III:2"
    barbarossa = make_table("barbarossa", {"players": 3})
    start = barbarossa.start()
    assert start.state.tables.objects_per_player == 3  # three players: three objects each
    assert barbarossa.action_string(start, barbarossa.space.index[ba.AskLetter(4, 2)]) == (
        "letter 1b 2"
    )


@pytest.mark.rule("R0.34")
def test_text_naming_no_legal_action_is_refused_with_the_rule() -> None:
    """At the get-up: text naming no action is a ``NotationError`` (no rule ID), a purchase is
    refused with the market's rule; both list the closest legal forms."""
    table = make_table("fresco", {"players": 2})
    position = table.start()
    while table.is_chance(position):
        position = table.choose(position, table.chance_outcomes(position)[0][0])
    for text in ("hello", "x" * 10_000):
        with pytest.raises(NotationError) as unreadable:
            table.parse(position, text)
        assert "closest legal: up " in str(unreadable.value)
    with pytest.raises(IllegalAction) as caught:
        table.parse(position, "buy III:2")
    assert caught.value.rule == "R0.34" and "closest legal: up " in str(caught.value)


@pytest.mark.rule("C1")
def test_carcassonne_refuses_with_its_rules() -> None:
    table: Table = make_table("carcassonne", {"players": 2})
    position = table.start()
    while table.is_chance(position):
        position = table.choose(position, table.chance_outcomes(position)[0][0])
    with pytest.raises(NotationError):
        table.parse(position, "no such move")
    with pytest.raises(IllegalAction) as caught:
        table.parse(position, "place 40,0 0")
    assert caught.value.rule.startswith("C")
    with pytest.raises(AdapterError):
        table.parse(table.start(), "pass")


def test_one_hook_per_game() -> None:
    """Every game's strings come from its spec's ``notation``/``parse`` pair, which is the
    game package's own ``notation``/``parse_action``."""
    specs = available()
    for spec in specs.values():
        assert type(spec).notation is not GameSpec.notation
        assert type(spec).parse is not GameSpec.parse
    for game, package in (("fresco", fa), ("barbarossa", ba), ("carcassonne", cc)):
        table = make_table(game, {"players": 3})
        position = table.start()
        while table.is_chance(position):
            position = table.choose(position, table.chance_outcomes(position)[0][0])
        state = position.state
        for action in package.legal_actions(state)[:20]:
            text = specs[game].notation(state, action)
            assert text == package.notation(state, action)
            assert specs[game].parse(state, text) == action
