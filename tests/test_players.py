"""The heuristic and search players and the tournament (issue 28)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import attrs
import pytest

from fresco_rules.barbarossa import players as barbarossa_players
from fresco_rules.barbarossa.actions import Guess, Judge
from fresco_rules.barbarossa.state import Judgement, Note, Request
from fresco_rules.barbarossa.vocab import Verdict
from fresco_rules.carcassonne import players as carcassonne_players
from fresco_rules.cli import main
from fresco_rules.fresco.modules import (
    glaziers_state,
    leaf_gold_state,
    portraits_state,
    wishing_well_state,
)
from fresco_rules.games import declaration
from fresco_rules.kernel.errors import InvalidSeed
from fresco_rules.kernel.rng import seed_state
from fresco_rules.kernel.study_spec import StudyError
from fresco_rules.study.players import make_player
from fresco_rules.study.search import key_values, search_choice
from fresco_rules.tournament import Tournament, play_tournament
from fresco_rules.tournament import run as run_module
from fresco_rules.tournament.run import seat_table

from .module_states import glass_of, gold_of, portraits_of, well_of


def _advance(game: str, players: int, steps: int, seed: int = 3, modules: str = "") -> Any:
    """A state ``steps`` random moves into a game (Fresco: with ``modules``)."""
    decl = declaration(game)
    adapter = decl.study
    rules = adapter.game
    options: dict[str, Any] = {}
    if modules:
        assert decl.parse_modules is not None
        options["modules"] = decl.parse_modules(modules)
    state = rules.new_game(adapter.config_type(players=players, **options), seed)
    rng = seed_state(seed)
    choose = make_player("random", adapter)
    for _ in range(steps):
        actions = rules.legal_actions(state)
        index, rng = choose(state, actions, rules.current_player(state), rng)
        state = rules.apply(state, actions[index])
    return state


def _hidden_twin(game: str, state: Any, seat: int) -> Any:
    """``state`` with something ``seat`` cannot see changed."""
    if game == "fresco":
        other = (seat + 1) % len(state.money)
        money = tuple(m + 17 if s == other else m for s, m in enumerate(state.money))
        paints = tuple(
            tuple(p + 2 for p in ps) if s == other else ps for s, ps in enumerate(state.paints)
        )
        return attrs.evolve(state, money=money, paints=paints)
    if game == "barbarossa":
        words = list(state.config.components.stand_in_objects.words)
        per = state.tables.objects_per_player
        players = state.tables.players
        objects = [tuple(words[s * per : (s + 1) * per]) for s in range(players)]
        other = (seat + 1) % players
        objects[other] = tuple(words[-per:])  # other words for the other seat
        config = attrs.evolve(state.config, objects=tuple(objects))
        twin = declaration(game).rules.new_game(config, 3)
        assert twin.tables.words != state.tables.words
        return twin
    return attrs.evolve(state, chance=attrs.evolve(state.chance, rng=state.chance.rng ^ 12345))


@pytest.mark.parametrize(("game", "steps"), [("fresco", 7), ("barbarossa", 0), ("carcassonne", 5)])
def test_search_decides_from_the_seat_view_only(game: str, steps: int) -> None:
    decl = declaration(game)
    rules = decl.rules
    state = _advance(game, 3, steps)
    seat = rules.current_player(state)
    assert seat is not None
    twin = _hidden_twin(game, state, seat)
    assert twin != state
    assert decl.player_view(twin, seat) == decl.player_view(state, seat)
    actions, twin_actions = rules.legal_actions(state), rules.legal_actions(twin)
    assert list(actions) == list(twin_actions)
    sample = decl.study.sample_hidden
    assert sample is not None
    worlds = [sample(s, seat, random.Random(4)) for s in (state, twin)]
    assert worlds[0] == worlds[1]  # the determinization reads nothing the seat cannot see
    assert worlds[0].tables == worlds[1].tables
    choice = search_choice(decl.study, 6)
    picks = [choice(s, actions, seat, random.Random(11)) for s in (state, twin)]
    assert picks[0] == picks[1]
    assert rules.explain(state, actions[picks[0]]) is None


@pytest.mark.parametrize(
    ("game", "entrants"),
    [
        ("fresco", ("random", "heuristic")),
        ("barbarossa", ("heuristic", "search:1")),
        ("carcassonne", ("random", "heuristic")),
    ],
)
def test_a_small_tournament(game: str, entrants: tuple[str, ...]) -> None:
    before = random.getstate()
    spec = Tournament(game=game, players=3, entrants=entrants, games=1, seed=5)
    summary, entries = play_tournament(spec)  # every move checked through explain
    assert random.getstate() == before  # no player touched the global generator
    pairs = len(entrants) * (len(entrants) - 1) // 2
    assert len(entries) == pairs
    assert len(summary["pairings"]) == pairs
    assert {row["entrant"] for row in summary["ratings"]} == set(entrants)
    # common random numbers: every pairing plays seed 5
    assert {entry.seed for entry in entries} == {5}
    for entry in entries:
        assert entry.winners
        assert set(entry.seats) == set(spec.pairings()[entry.pairing])


def test_seats_rotate_between_the_two_entrants() -> None:
    assert seat_table(0, 1, 3, 0) == (0, 1, 0)
    assert seat_table(0, 1, 3, 1) == (1, 0, 1)


@pytest.mark.parametrize("name", ["search:0", "search:x", "greedy:5", "nobody", "", "a" * 2000])
def test_bad_player_names_are_refused(name: str) -> None:
    with pytest.raises(StudyError):
        make_player(name, declaration("barbarossa").study)


def test_a_table_of_players_per_seat() -> None:
    adapter = declaration("barbarossa").study
    table = make_player("heuristic,random,random", adapter)
    heuristic = make_player("heuristic", adapter)
    state = _advance("barbarossa", 3, 0)
    rules = adapter.game
    seat = rules.current_player(state)
    actions = rules.legal_actions(state)
    assert seat == 0
    assert table(state, actions, seat, 99) == heuristic(state, actions, seat, 99)


def test_a_tournament_refuses_seeds_beyond_the_range() -> None:
    spec = Tournament(
        game="fresco", players=3, entrants=("random", "greedy"), games=2, seed=2**64 - 1
    )
    with pytest.raises(InvalidSeed):
        play_tournament(spec)


def _move_one(values: tuple[int, ...], source: int, target: int) -> tuple[int, ...]:
    """``values`` with one unit moved from ``source`` to ``target`` (unchanged if none)."""
    if values[source] == 0:
        return values
    return tuple(
        v - 1 if i == source else v + 1 if i == target else v for i, v in enumerate(values)
    )


def _fresco_module_twin(state: Any, seat: int) -> Any:
    """``state`` with everything of modules 1-6 that ``seat`` cannot see changed: another
    seat's money and paints, the portrait deck's order, a Wishing Card swapped between another
    hand and the deck, a penny and a leaf gold moved between the other seats, a glass token
    moved between them, and the window pile's order."""
    twin = _hidden_twin("fresco", state, seat)
    first, second = [s for s in range(len(state.money)) if s != seat][:2]
    portraits, well, gold, glass = (
        portraits_of(state),
        well_of(state),
        gold_of(state),
        glass_of(state),
    )
    hands = list(well.hands)
    deck = list(well.deck)
    if hands[first] and deck:  # the same hand size: one card out, one in
        hands[first], deck = (
            tuple(sorted([*hands[first][1:], deck[0]])),
            sorted([*deck[1:], hands[first][0]]),
        )
    held = list(glass.held)
    colour = next((c for c, n in enumerate(held[first]) if n), None)
    if colour is not None:  # one token of ``colour`` from the first other seat to the second
        held[first] = tuple(n - (c == colour) for c, n in enumerate(held[first]))
        held[second] = tuple(n + (c == colour) for c, n in enumerate(held[second]))
    return glaziers_state.with_glass(
        leaf_gold_state.with_gold(
            wishing_well_state.with_well(
                portraits_state.with_portraits(
                    twin, attrs.evolve(portraits, deck=portraits.deck[::-1])
                ),
                attrs.evolve(
                    well,
                    hands=tuple(hands),
                    deck=tuple(deck),
                    pennies=_move_one(well.pennies, first, second),
                ),
            ),
            attrs.evolve(gold, held=_move_one(gold.held, first, second)),
        ),
        attrs.evolve(glass, held=tuple(held), pile=glass.pile[::-1]),
    )


def _with_cards(state: Any, seat: int) -> Any:
    """``state`` with one Wishing Card from the deck in every other seat's hand (random play
    seldom keeps one)."""
    well = well_of(state)
    hands, deck = list(well.hands), list(well.deck)
    for other in range(len(hands)):
        if other != seat and not hands[other]:
            hands[other] = (deck.pop(),)
    return wishing_well_state.with_well(
        state, attrs.evolve(well, hands=tuple(hands), deck=tuple(deck))
    )


@pytest.mark.rule("R0.68")
@pytest.mark.parametrize(("seed", "steps"), [(5, 9), (5, 60), (6, 90)])
def test_search_with_fresco_modules_decides_from_the_seat_view_only(seed: int, steps: int) -> None:
    """Hidden information is a rule: with modules 1-6 the determinization draws the modules'
    secrets (cards, pennies, leaf gold, glass, deck and pile orders) from the seat's view, so
    two states that differ only in them get the same world and the same decision (planning,
    and acting with leaf gold and glass behind the screens)."""
    fresco = declaration("fresco")
    state = _advance("fresco", 3, steps, seed=seed, modules="1,2,3,4,5,6")
    seat = fresco.rules.current_player(state)
    assert seat is not None
    state = _with_cards(state, seat)
    twin = _fresco_module_twin(state, seat)
    assert twin != state
    assert fresco.player_view(twin, seat) == fresco.player_view(state, seat)
    actions = fresco.rules.legal_actions(state)
    assert list(actions) == list(fresco.rules.legal_actions(twin))
    sample = fresco.study.sample_hidden
    assert sample is not None
    worlds = [sample(s, seat, random.Random(4)) for s in (state, twin)]
    assert worlds[0] == worlds[1]
    assert well_of(worlds[0]) == well_of(worlds[1]) and glass_of(worlds[0]) == glass_of(worlds[1])
    assert portraits_of(worlds[0]) == portraits_of(worlds[1]) and gold_of(worlds[0]) == gold_of(
        worlds[1]
    )
    others = [s for s in range(3) if s != seat]
    assert any(worlds[0].money[s] != state.money[seat] for s in others) or any(
        worlds[0].paints[s] != state.paints[seat] for s in others
    )  # not the seat's own figures copied
    choice = search_choice(fresco.study, 4)
    picks = [choice(s, actions, seat, random.Random(11)) for s in (state, twin)]
    assert picks[0] == picks[1]
    assert fresco.rules.explain(state, actions[picks[0]]) is None


SMALL = Tournament(game="barbarossa", players=3, entrants=("random", "greedy"), games=3, seed=2)


def test_an_interrupted_tournament_resumed_writes_the_same_summary(tmp_path: Path) -> None:
    """Issue 28: the journal keeps every finished game; the same tournament started again in
    the same --out plays only the rest, and summary.json is the uninterrupted one, byte for
    byte (timings, which depend on the machine, are in timings.json)."""
    play_tournament(SMALL, out=tmp_path / "whole")
    whole = (tmp_path / "whole" / "summary.json").read_bytes()
    played: list[tuple[int, int]] = []
    play_batch = run_module.play_batch

    def interrupted(spec: Tournament, tasks: list[tuple[int, int]]) -> list[Any]:
        if len(played) == 2:
            raise KeyboardInterrupt  # as Ctrl-C after two games
        played.extend(tasks)
        return play_batch(spec, tasks)

    with (
        pytest.MonkeyPatch.context() as patch,
        pytest.raises(KeyboardInterrupt),
    ):
        patch.setattr(run_module, "play_batch", interrupted)
        play_tournament(SMALL, out=tmp_path / "resumed")
    journal = (tmp_path / "resumed" / "journal.jsonl").read_text().splitlines()
    assert len(journal) == 1 + 2  # the header and the two finished games
    assert not (tmp_path / "resumed" / "summary.json").exists()
    summary, entries = play_tournament(SMALL, out=tmp_path / "resumed")
    assert (tmp_path / "resumed" / "summary.json").read_bytes() == whole
    assert len(entries) == 3 and len(summary["pairings"]) == 1
    assert len((tmp_path / "resumed" / "journal.jsonl").read_text().splitlines()) == 1 + 3
    assert set(json.loads((tmp_path / "resumed" / "timings.json").read_text())) == {
        "moves_per_second",
        "seconds_per_game",
    }


def test_a_tournament_grows_in_its_out(tmp_path: Path) -> None:
    """More games per pairing in the same --out: the first games keep their seeds."""
    play_tournament(attrs.evolve(SMALL, games=2), out=tmp_path)
    _, entries = play_tournament(SMALL, out=tmp_path)
    assert [entry.seed for entry in entries] == [2, 3, 4]


def test_a_foreign_out_is_refused_with_exit_2(tmp_path: Path, capsys: Any) -> None:
    command = ["tournament", "--game", "barbarossa", "--players", "3", "--entrant", "random"]
    command += ["--entrant", "greedy", "--games", "1", "--seed", "2", "--quiet"]
    (tmp_path / "notes.txt").write_text("mine\n")
    assert main([*command, "--out", str(tmp_path)]) == 2
    assert "--force" in capsys.readouterr().err
    assert main([*command, "--out", str(tmp_path / "t")]) == 0
    other = [*command[:-3], "--seed", "3", "--quiet", "--out", str(tmp_path / "t")]
    assert main(other) == 2  # another tournament's journal
    assert "--force" in capsys.readouterr().err
    assert main([*other, "--force"]) == 0
    assert (tmp_path / "notes.txt").read_text() == "mine\n"
    assert json.loads((tmp_path / "t" / "summary.json").read_text())["seed"] == 3


def test_an_edited_journal_line_is_refused(tmp_path: Path) -> None:
    play_tournament(SMALL, out=tmp_path)
    path = tmp_path / "journal.jsonl"
    lines = path.read_text().splitlines()
    line = json.loads(lines[1])
    line["winners"] = [1 - line["winners"][0]] if len(line["winners"]) == 1 else [0]
    path.write_text("\n".join([lines[0], json.dumps(line), *lines[2:]]) + "\n")
    with pytest.raises(StudyError, match="line 2 fails its digest"):
        play_tournament(SMALL, out=tmp_path)


@pytest.mark.rule("B13")
def test_the_barbarossa_heuristic_guesses_from_its_candidates_and_judges_honestly() -> None:
    """Seat 0 (hedgehog, anchor, teapot) was told that seat 1's first object (snail) begins
    with S: of the 9 stand-in words not its own only SNAIL fits, so a guess is worth the full
    5 points, and seat 1's honest verdict on it is RIGHT; without the letter seat 0 writes
    the 4th of its 9 candidates (CROWN), and the verdict is WRONG."""
    state = _advance("barbarossa", 3, 0)
    assert len(barbarossa_players.candidates(state, 0, 3)) == 9
    told = attrs.evolve(state, notes=(Note(seat=0, obj=3, curse=False, position=1, letter="S"),))
    assert barbarossa_players.candidates(told, 0, 3) == ["SNAIL"]
    guess = barbarossa_players.heuristic_key(told, Guess(3), told, 0)
    assert guess == (2.0 + 5.0,)
    for before, verdict in ((told, Verdict.RIGHT), (state, Verdict.WRONG)):
        judging = attrs.evolve(before, request=Request(Judgement.VERDICT, asker=0, obj=3))
        values = {
            v: barbarossa_players.heuristic_key(judging, Judge(v), judging, 1)[0] for v in Verdict
        }
        assert values[verdict] == 1.0 and values[next(v for v in Verdict if v != verdict)] == 0


def test_the_carcassonne_heuristic_values_pick_what_its_key_picks() -> None:
    """``heuristic_values`` (a placement valued by passing plus a bound, the best ones
    exactly) gives the best actions and best value of ``heuristic_key`` applied to every
    action, in every position of a random game, placements and follower phases alike."""
    adapter = declaration("carcassonne").study
    rules = adapter.game
    by_key = key_values(adapter, carcassonne_players.heuristic_key)
    state = rules.new_game(adapter.config_type(players=3), 8)
    rng = seed_state(8)
    choose = make_player("random", adapter)
    checked = 0
    while not rules.is_over(state):
        actions = rules.legal_actions(state)
        seat = rules.current_player(state)
        if checked % 2 == 0 and len(actions) > 1 and seat is not None:
            exact = by_key(state, actions, seat)
            fast = carcassonne_players.heuristic_values(state, actions, seat)
            assert len(fast) == len(actions) and max(fast) == max(exact)
            assert [i for i, v in enumerate(fast) if v == max(fast)] == [
                i for i, v in enumerate(exact) if v == max(exact)
            ]
            assert all(f >= e for f, e in zip(fast, exact, strict=True))  # bounds bound
        checked += 1
        index, rng = choose(state, actions, seat, rng)
        state = rules.apply(state, actions[index])
    assert checked > 100


@pytest.mark.rule("B13")
def test_the_search_player_judges_as_an_honest_sculptor() -> None:
    """A sculptor's verdict is an input of the rules, not a move to win with: searching, seat 1
    would call every guess on its objects wrong; it gives the heuristic's honest verdict (the
    guesser was told the S of SNAIL, the only stand-in word with it: RIGHT)."""
    adapter = declaration("barbarossa").study
    assert adapter.judgement is not None
    state = _advance("barbarossa", 3, 0)
    told = attrs.evolve(state, notes=(Note(seat=0, obj=3, curse=False, position=1, letter="S"),))
    judging = attrs.evolve(told, window=None, request=Request(Judgement.VERDICT, asker=0, obj=3))
    assert adapter.judgement(judging) and not adapter.judgement(state)
    actions = adapter.game.legal_actions(judging)
    assert adapter.game.current_player(judging) == 1
    assert set(actions) == {Judge(Verdict.RIGHT), Judge(Verdict.WRONG)}
    picked = search_choice(adapter, 8)(judging, actions, 1, random.Random(2))
    assert actions[picked] == Judge(Verdict.RIGHT)
