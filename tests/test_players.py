"""The heuristic and search players and the tournament (issue 28)."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from fresco_rules.games import declaration
from fresco_rules.kernel.errors import InvalidSeed
from fresco_rules.kernel.rng import seed_state
from fresco_rules.kernel.study_spec import StudyError
from fresco_rules.study.players import make_player
from fresco_rules.study.search import search_choice
from fresco_rules.tournament import Tournament, play_tournament
from fresco_rules.tournament.run import seat_table


def _advance(game: str, players: int, steps: int, seed: int = 3) -> Any:
    """A state ``steps`` random moves into a game."""
    adapter = declaration(game).study
    rules = adapter.game
    state = rules.new_game(adapter.config_type(players=players), seed)
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


def test_the_search_player_refuses_fresco_modules_whose_secrets_it_cannot_draw() -> None:
    """Hidden information is a rule: with modules the determinization would keep other seats'
    module secrets (cards, portraits), so the search refuses rather than read them."""
    fresco = declaration("fresco")
    parse, sample = fresco.parse_modules, fresco.study.sample_hidden
    assert parse is not None and sample is not None
    state = fresco.rules.new_game(fresco.config_type(players=3, modules=parse("1,4")), 5)
    with pytest.raises(StudyError, match="modules"):
        sample(state, 0, random.Random(1))
