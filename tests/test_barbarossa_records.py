"""Barbarossa game records: golden records replay to their scores, records and states round-trip,
a record of dice rolled elsewhere replays, and a replay stops at the first illegal step naming
its rule."""

from __future__ import annotations

import copy
import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fresco_rules
from fresco_rules.barbarossa import GAME, GameConfig, record_game
from fresco_rules.barbarossa.records import (
    action_from_json,
    action_to_json,
    make_codec,
    shipped_schema,
)
from fresco_rules.kernel.play import random_playout
from fresco_rules.kernel.records import InvalidRecord, ReplayError, replay, validate

from .examples.barbarossa_fixtures import WORDS_4
from .hypothesis_profiles import examples
from .properties.barbarossa_strategies import configs

ROOT = Path(__file__).parents[1]
RECORDS = sorted((ROOT / "tests" / "records" / "barbarossa").glob("*.json"))
CODEC = make_codec()


def _record(config: GameConfig, seed: int) -> dict[str, Any]:
    playout = random_playout(GAME, config, seed)
    return record_game(config, seed, playout.steps, playout.final)


BASE = _record(GameConfig(objects=WORDS_4), 12)


@pytest.mark.rule("B19")
@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_golden_record_replays_to_its_scores(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    report = validate(GAME, record)
    assert report.ok, report
    assert report.game_over and list(report.scores or ()) == record["result"]["scores"]
    assert fresco_rules.validate(path) == report  # dispatched on the record's game name


def test_there_are_golden_records() -> None:
    assert len(RECORDS) >= 3


def test_shipped_schema_is_current() -> None:
    spec = importlib.util.spec_from_file_location("schema", ROOT / "scripts/make_record_schema.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert json.loads(module.render("barbarossa")) == shipped_schema(), (
        "barbarossa record.schema.json is stale: run `python scripts/make_record_schema.py`"
    )


@pytest.mark.rule("B5", "B18", "A-B.18")
@settings(max_examples=examples(8))
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
    for state in [*states[:: max(1, len(states) // 20)], playout.final]:
        raw = json.loads(json.dumps(CODEC.state_to_json(state)))
        assert CODEC.state_from_json(raw) == state
    for _, action in playout.steps:
        assert action_from_json(json.loads(json.dumps(action_to_json(action)))) == action


@pytest.mark.rule("B5", "B18")
def test_dice_rolled_elsewhere_replay_from_the_record() -> None:
    foreign = copy.deepcopy(BASE)
    foreign["seed"] = None  # another program's game: only its recorded rolls count
    report = validate(GAME, foreign)
    assert report.ok and report.game_over
    assert report.scores == tuple(BASE["result"]["scores"])
    kinds = {kind for kind, _ in BASE["chance"]}
    assert "die" in kinds and "curse_roll" in kinds


@pytest.mark.rule("B13", "A-B.15", "A-B.16")
def test_replay_stops_at_the_first_illegal_step() -> None:
    steps = BASE["steps"]
    letter = next(i for i, s in enumerate(steps) if s["action"]["kind"] == "give_letter")
    bad = copy.deepcopy(BASE)
    bad["steps"][letter]["action"]["letter"] = "#"
    with pytest.raises(ReplayError) as raised:
        replay(GAME, bad)
    assert (raised.value.step, raised.value.rule) == (letter, "A-B.15")

    verdict = next(i for i, s in enumerate(steps) if s["action"]["kind"] == "judge")
    wrong_seat = copy.deepcopy(BASE)
    wrong_seat["steps"][verdict]["seat"] = (steps[verdict]["seat"] + 1) % 4
    report = validate(GAME, wrong_seat)
    assert not report.ok and report.failure is not None
    assert (report.failure.step, report.failure.rule) == (verdict, "B13")

    flipped = copy.deepcopy(BASE)  # the other verdict: legal, but the result no longer holds
    action = flipped["steps"][verdict]["action"]
    action["verdict"] = "wrong" if action["verdict"] == "right" else "right"
    report = validate(GAME, flipped)
    assert not report.ok

    extra = copy.deepcopy(BASE)
    extra["chance"].append(["die", "3"])
    report = validate(GAME, extra)
    assert not report.ok and report.failure is not None and report.failure.rule == "B5"


def test_malformed_records_are_refused_by_path() -> None:
    bad = copy.deepcopy(BASE)
    bad["setup"]["max_jewel_move"] = "7"
    with pytest.raises(InvalidRecord, match=r"\$\.setup\.max_jewel_move"):
        replay(GAME, bad)
    bad = copy.deepcopy(BASE)
    bad["steps"][0]["action"] = {"kind": "spend_jewels", "count": "2"}
    with pytest.raises(InvalidRecord, match=r"\$\.steps\[0\]\.action"):
        replay(GAME, bad)
    bad = copy.deepcopy(BASE)
    bad["game"] = "fresco"
    with pytest.raises(InvalidRecord, match=r"\$\.game"):
        replay(GAME, bad)
