"""Game records round-trip exactly, and no malformed record gets past the loader with anything
but a RulesError."""

from __future__ import annotations

import contextlib
import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fresco_rules import RulesError
from fresco_rules.fresco import GAME, GameConfig, record_game
from fresco_rules.fresco.records import action_from_json, action_to_json, make_codec
from fresco_rules.kernel.play import random_playout
from fresco_rules.kernel.records import ReplayError, replay, validate

from ..hypothesis_profiles import examples
from .fresco_strategies import configs

CODEC = make_codec()


def _record(config: GameConfig, seed: int) -> dict[str, Any]:
    playout = random_playout(GAME, config, seed)
    return record_game(config, seed, playout.steps, playout.final)


BASE_RECORD = _record(GameConfig(players=3), 11)


@pytest.mark.rule("A0.18", "R0.14")
@settings(max_examples=examples(10))
@given(config=configs, seed=st.integers(0, 2**32))
def test_record_and_every_state_round_trip(config: GameConfig, seed: int) -> None:
    states = []
    playout = random_playout(
        GAME, config, seed, on_step=lambda before, action, after: states.append(after)
    )
    record = record_game(config, seed, playout.steps, playout.final)
    text = json.dumps(record)
    assert json.loads(text) == record
    assert replay(GAME, text) == playout.final
    for state in [*states[:: max(1, len(states) // 25)], playout.final]:
        raw = json.loads(json.dumps(CODEC.state_to_json(state)))
        assert CODEC.state_from_json(raw) == state
    for _, action in playout.steps:
        assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action


@pytest.mark.rule("A0.18")
def test_a_record_without_seed_replays_from_its_chance_outcomes() -> None:
    foreign = copy.deepcopy(BASE_RECORD)
    foreign["seed"] = None
    report = validate(GAME, foreign)
    assert report.ok and report.game_over
    assert report.scores == tuple(BASE_RECORD["result"]["scores"])


@pytest.mark.rule("A0.18")
def test_chance_outcomes_must_all_be_drawn_and_fit() -> None:
    short = copy.deepcopy(BASE_RECORD)
    short["chance"] = short["chance"][:-1]
    with pytest.raises(ReplayError) as missing:
        replay(GAME, short)
    assert missing.value.rule == "A0.18"
    extra = copy.deepcopy(BASE_RECORD)
    extra["chance"].append(["market", "M04"])
    with pytest.raises(ReplayError, match="never drawn"):
        replay(GAME, extra)
    wrong = copy.deepcopy(BASE_RECORD)
    wrong["chance"][0] = ["start_space", "7"]
    with pytest.raises(ReplayError, match="set-up"):
        replay(GAME, wrong)


@pytest.mark.rule("R0.14", "R0.30")
def test_replay_stops_at_the_first_illegal_step() -> None:
    record = copy.deepcopy(BASE_RECORD)
    index = next(
        i for i, step in enumerate(record["steps"]) if step["action"]["kind"] == "submit_plan"
    )
    record["steps"][index]["action"] = {"kind": "submit_plan", "market": 4}
    record["steps"][index + 1]["action"] = {"kind": "end_turn"}  # also bad; never reached
    with pytest.raises(ReplayError) as raised:
        replay(GAME, record)
    assert raised.value.step == index
    assert raised.value.rule == "R0.25"
    assert raised.value.seat == record["steps"][index]["seat"]
    report = validate(GAME, record)
    assert not report.ok and report.failure is not None
    assert (report.failure.step, report.failure.rule) == (index, "R0.25")


def test_the_wrong_seat_is_refused() -> None:
    record = copy.deepcopy(BASE_RECORD)
    record["steps"][0]["seat"] = (record["steps"][0]["seat"] + 1) % 3
    report = validate(GAME, record)
    assert report.failure is not None and report.failure.step == 0
    assert report.failure.rule == "R0.15"


def test_a_wrong_result_is_refused() -> None:
    record = copy.deepcopy(BASE_RECORD)
    record["result"]["scores"][0] += 1
    report = validate(GAME, record)
    assert report.failure is not None and report.failure.rule == "R0.65"


def _mutations() -> st.SearchStrategy[Any]:
    """Records broken in many ways: wrong types, unknown fields, huge numbers, deep nesting,
    unknown kinds, out-of-range seats, truncation, random JSON."""
    json_values = st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
        lambda inner: (
            st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
        ),
        max_leaves=10,
    )
    paths = st.sampled_from(
        [
            ("format",),
            ("format_version",),
            ("game",),
            ("seed",),
            ("setup",),
            ("setup", "players"),
            ("setup", "components"),
            ("setup", "market_refill"),
            ("setup", "hostel_table"),
            ("setup", "booth_capacities"),
            ("chance",),
            ("chance", 0),
            ("chance", 3, 1),
            ("steps",),
            ("steps", 0),
            ("steps", 5, "seat"),
            ("steps", 7, "action"),
            ("steps", 9, "action", "kind"),
            ("steps", 12, "action", "slot"),
            ("result",),
            ("result", "scores"),
            ("unknown_field",),
        ]
    )
    adversarial = st.sampled_from(
        [
            10**400,
            -(10**30),
            2**64,
            "x" * 5000,
            [[[[[[[[[[[]]]]]]]]]]],
            {"kind": "restore"},
            {"kind": "no_such_action"},
            {"kind": "submit_plan", "market": True},
            7,
            -1,
            1.5,
        ]
    )
    return st.tuples(paths, st.one_of(json_values, adversarial))


def _set(record: Any, path: tuple[Any, ...], value: Any) -> None:
    node = record
    for key in path[:-1]:
        node = node[key]
    if isinstance(node, list) and isinstance(path[-1], int) and path[-1] >= len(node):
        node.append(value)
    else:
        node[path[-1]] = value


@given(mutations=st.lists(_mutations(), min_size=1, max_size=3))
def test_mutated_records_get_a_rules_error(mutations: list[tuple[Any, Any]]) -> None:
    record = copy.deepcopy(BASE_RECORD)
    for path, value in mutations:
        try:
            _set(record, path, value)
        except (KeyError, IndexError, TypeError):
            continue
    report = validate(GAME, record)
    assert report.ok or report.failure is not None or report.malformed
    with contextlib.suppress(RulesError):
        replay(GAME, record)


@given(cut=st.integers(0, 20_000), text=st.text(max_size=50))
def test_truncated_or_random_text_gets_a_rules_error(cut: int, text: str) -> None:
    full = json.dumps(BASE_RECORD)
    for source in (full[:cut], text, text.encode("utf-16"), b"\xff\xfe" + text.encode()):
        report = validate(GAME, source)
        assert report.ok == (source == full)
        if not report.ok:
            with pytest.raises(RulesError):
                replay(GAME, source)


def test_deeply_nested_json_gets_a_rules_error() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(RulesError):
        replay(GAME, deep)
    assert validate(GAME, '{"a": ' * 5000 + "1" + "}" * 5000).malformed
