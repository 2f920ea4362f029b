"""Information states with perfect recall (OpenSpiel's convention): a seat's information state
encodes its whole history of observations and its own actions. Over random games: two nodes
give seat k the same information state (string and tensor) exactly when k saw the same at every
node of their histories and took the same actions; the history is bounded by max_game_length;
and what a seat cannot see (module 1's deck order, module 3's removed tiles) changes nothing."""

from __future__ import annotations

import pickle
from collections import defaultdict
from typing import Any

import numpy as np
import pyspiel
import pytest
from attrs import evolve

import fresco_rules.openspiel  # noqa: F401  (registers the games)
from fresco_rules.adapters.core import Position, Table
from fresco_rules.adapters.games import table as make_table
from fresco_rules.fresco.modules import portraits_state, special_blends_state

from ..module_states import portraits_of, specials_of

# game, parameters, nodes per game, whether the same view recurs after different histories
# (Carcassonne's public board nearly spells out its history)
CONFIGS = [
    ("fresco", {"players": 2}, 160, True),
    ("fresco", {"players": 3, "modules": "1;2;3"}, 160, True),
    ("barbarossa", {"players": 3}, 120, True),
    ("carcassonne", {"players": 2}, 60, False),
]


def _walk(table: Table, seed: int, limit: int) -> list[Position]:
    rng = np.random.default_rng(seed)
    position = table.start()
    seen = [position]
    while not table.is_terminal(position) and position.length < limit:
        if table.is_chance(position):
            outcomes = table.chance_outcomes(position)
            pick = rng.choice(len(outcomes), p=[p for _, p in outcomes])
            position = table.choose(position, outcomes[pick][0])
        else:
            position = table.play(position, int(rng.choice(table.legal_actions(position))))
        seen.append(position)
    return seen


def _what_the_seat_saw(table: Table, position: Position, seat: int) -> tuple[object, ...]:
    """The seat's action-observation history, written out independently: its observation at
    every node of the history and its own action at each of its decisions."""
    found: list[object] = []
    for node in position.history():
        if node.via is not None and node.via[0] == seat:
            found.append(("own", node.via[1]))
        found.append(table.observation(node, seat))
    return tuple(found)


@pytest.mark.parametrize(("game", "params", "limit", "recurs"), CONFIGS)
def test_same_information_state_exactly_when_the_seat_saw_the_same(
    game: str, params: dict[str, Any], limit: int, recurs: bool
) -> None:
    table = make_table(game, params)
    by_history: dict[tuple[int, tuple[object, ...]], set[tuple[str, tuple[float, ...]]]]
    by_history = defaultdict(set)
    by_string: dict[tuple[int, str], set[tuple[object, ...]]] = defaultdict(set)
    by_tensor: dict[tuple[int, tuple[float, ...]], set[tuple[object, ...]]] = defaultdict(set)
    now_only: dict[tuple[int, str], set[str]] = defaultdict(set)
    visits: dict[tuple[int, tuple[object, ...]], int] = defaultdict(int)
    for seed in range(3):
        for position in _walk(table, seed, limit):
            for seat in range(table.players):
                saw = _what_the_seat_saw(table, position, seat)
                text = table.information_state(position, seat)
                tensor = tuple(table.information_tensor(position, seat))
                assert len(tensor) == sum(size for _, size in table.information_tensor_layout())
                by_history[seat, saw].add((text, tensor))
                visits[seat, saw] += 1
                by_string[seat, text].add(saw)
                by_tensor[seat, tensor].add(saw)
                now_only[seat, table.observation(position, seat)].add(text)
    # only what the seat saw: the same history seen gives one information state
    assert all(len(states) == 1 for states in by_history.values())
    # perfect recall: histories the seat could tell apart give different ones
    assert all(len(histories) == 1 for histories in by_string.values())
    assert all(len(histories) == 1 for histories in by_tensor.values())
    # and not only the view now: the same observation now, after different histories
    assert any(len(texts) > 1 for texts in now_only.values()) == recurs
    # different games the seat could not tell apart (the set-up's draws are hidden until it
    # is done) met: the first law was checked on more than one node
    assert any(count > 1 for count in visits.values())


def test_the_game_type_declares_what_it_provides() -> None:
    game = pyspiel.load_game("fresco_rules_barbarossa(players=3)")
    kind = game.get_type()
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_observation_tensor
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.history()) < 12:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
    seat = state.current_player()
    history = state.information_state_string(seat)
    now = state.observation_string(seat)
    assert history.endswith("now: " + now) and history.count("\n") == len(state.history()) + 2
    assert "you: " in history and "seat " in history
    assert len(state.information_state_tensor(seat)) == game.information_state_tensor_size()
    assert len(state.observation_tensor(seat)) == game.observation_tensor_size()
    everyone = pyspiel.IIGObservationType(
        perfect_recall=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(ValueError, match="own private information"):
        game.make_py_observer(everyone)


def test_max_game_length_bounds_the_history() -> None:
    """A game cut off at max_length: every node's history fits the fixed-size tensor."""
    game = pyspiel.load_game("fresco_rules_fresco(players=3,max_length=300)")
    size = game.information_state_tensor_size()
    rng = np.random.RandomState(2)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.truncated()
    assert state.position.length == len(state.history()) <= game.max_game_length()
    for seat in range(3):
        tensor = state.information_state_tensor(seat)
        assert len(tensor) == size
        history = np.reshape(tensor[size - 3 * 300 :], (300, 3))
        filled = np.flatnonzero(history[:, 2])  # every passed node has a digest
        assert filled.size == state.position.length and filled[-1] == filled.size - 1


def test_modules_1_and_3_hide_the_deck_order_and_the_removed_tiles() -> None:
    """A1.10: the portrait deck's order; A3.1: which fresco tiles set-up removed. States that
    differ only there give every seat the same information state and tensors."""
    table = make_table("fresco", {"players": 3, "modules": "1;3"})
    position = _walk(table, seed=4, limit=150)[-1]
    state = position.state
    portraits, specials = portraits_of(state), specials_of(state)
    assert portraits is not None and specials is not None and len(portraits.deck) > 1
    in_play = {t for t in state.cathedral if t is not None} | {t for h in state.held for t in h}
    spare = sorted(set(state.tables.fresco_pieces) - in_play - set(specials.removed))
    removed = sorted(specials.removed)
    if spare:
        removed[0] = spare[0]
    twin_state = special_blends_state.with_specials(
        portraits_state.with_portraits(
            state, evolve(portraits, deck=tuple(reversed(portraits.deck)))
        ),
        evolve(specials, removed=tuple(sorted(removed))),
    )
    assert twin_state != state
    twin = evolve(position, state=twin_state)
    for seat in range(3):
        assert table.information_state(position, seat) == table.information_state(twin, seat)
        assert table.information_tensor(position, seat) == table.information_tensor(twin, seat)


def test_a_long_history_pickles_and_recalls_the_same() -> None:
    """A position pickles as its list of nodes (no pickle frame per node) and comes back with
    the same history and information states."""
    table = make_table("fresco", {"players": 2})
    position = _walk(table, seed=1, limit=1500)[-1]
    assert position.length > 300 and table.is_terminal(position)
    again = pickle.loads(pickle.dumps(position))
    assert again.length == position.length and again == position
    assert [node.via for node in again.history()] == [node.via for node in position.history()]
    for seat in range(2):
        assert table.information_state(again, seat) == table.information_state(position, seat)
