"""``GameHistory`` (issue 25): python-chess's ``move_stack``/``pop()`` and OpenSpiel's
``history()`` for every game: push validated by the game's ``apply``, take-back, the steps,
the record the command line writes, and a history rebuilt from a record."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import fresco_rules
from fresco_rules import GameHistory, IllegalAction, load_history, new_history
from fresco_rules.fresco import GameConfig, SubmitPlan
from fresco_rules.games import game_names, get_game
from fresco_rules.kernel.records import ReplayError

GAMES = game_names()


def random_steps(history: GameHistory[Any, Any], count: int, seed: int) -> None:
    rng = random.Random(seed)
    while len(history) < count and not history.is_over():
        history.push(rng.choice(list(history.legal_actions())))


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1), count=st.integers(0, 40))
def test_pop_then_push_of_the_same_action_gives_the_same_state(
    name: str, seed: int, count: int
) -> None:
    history = new_history(name, seed=seed)
    random_steps(history, count, seed % 1000)
    states, steps = history.states, history.steps
    assert len(states) == len(steps) + 1 == len(history) + 1
    while len(history):
        before = history.state
        seat, action = history.pop()
        assert history.state == states[len(history)]
        assert history.push(action) == before and history.peek() == (seat, action)
        history.pop()
    assert history.state == states[0] == history.start == get_game(name).new_game(None, seed)


@pytest.mark.parametrize("name", GAMES)
@given(seed=st.integers(min_value=0, max_value=10**6), count=st.integers(0, 60))
def test_the_record_replays_strictly_to_the_state_and_back_to_the_history(
    name: str, seed: int, count: int
) -> None:
    history = new_history(name, seed=seed)
    random_steps(history, count, seed)
    record = history.record()
    assert record["game"] == name and record["seed"] == seed
    assert [step["seat"] for step in record["steps"]] == [seat for seat, _ in history.steps]
    assert ("result" in record) == history.is_over()
    assert fresco_rules.replay(json.dumps(record)) == history.state
    again = load_history(record)
    assert again.states == history.states and again.steps == history.steps
    assert again.record() == record
    if not history.is_over():  # a loaded history plays on with its seed's own draws
        random_steps(again, count + 3, seed)
        random_steps(history, count + 3, seed)
        assert again.state == history.state


def test_a_fresco_game_step_by_step() -> None:
    history = new_history("fresco", GameConfig(players=2), seed=7)
    assert isinstance(history, GameHistory) and len(history) == 0
    assert history.history() == []
    first = history.legal_actions()[0]
    history.push(first)
    assert len(history) == 1 and list(history.steps) == [(0, first)]
    assert history.history() == [first]
    record = history.record()
    assert len(record["steps"]) == 1 and record["steps"][0]["seat"] == 0
    assert record["setup"]["players"] == 2 and "result" not in record
    assert repr(history) == "<GameHistory fresco seed=7 steps=1>"


def test_an_illegal_push_is_the_usual_illegal_action_and_changes_nothing() -> None:
    history = new_history("fresco", seed=1)
    with pytest.raises(IllegalAction) as refused:
        history.push(SubmitPlan(market=1))  # phase 1 asks for a get-up space, not a plan
    assert refused.value.rule == "R0.25" and refused.value.seat == 0
    assert "plans are made in phase 2, after every get-up choice" in str(refused.value)
    assert len(history) == 0 and history.state == history.start


def test_pop_and_peek_of_an_empty_history_raise_index_error() -> None:
    history = new_history(get_game("barbarossa"), seed=3)
    with pytest.raises(IndexError, match="no step to take back"):
        history.pop()
    with pytest.raises(IndexError):
        history.peek()


def test_a_record_with_another_programs_draws_keeps_them() -> None:
    history = new_history("carcassonne", seed=11)
    random_steps(history, 12, 11)
    record = history.record()
    record["seed"] = 12  # the recorded draws are not seed 12's own: they are replayed
    loaded = load_history(record)
    assert loaded.steps == history.steps
    assert loaded.state == fresco_rules.replay(record)
    assert [s.tile for s in loaded.states] == [s.tile for s in history.states]


def test_a_bad_record_is_refused_as_replay_refuses_it() -> None:
    history = new_history("barbarossa", seed=2)
    random_steps(history, 5, 2)
    record = history.record()
    record["steps"][3]["seat"] = (record["steps"][3]["seat"] + 1) % 4
    with pytest.raises(ReplayError) as refused:
        load_history(record)
    assert refused.value.step == 3
