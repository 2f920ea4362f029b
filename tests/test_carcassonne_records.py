"""Carcassonne game records: records and states round-trip, a record names its tile draws so
a game played elsewhere replays, replay stops at the first illegal step with its rule, and the
shipped schema is current."""

from __future__ import annotations

import copy
import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

import fresco_rules
from fresco_rules.carcassonne import GAME, GameConfig, new_game, record_game
from fresco_rules.carcassonne.records import shipped_schema, state_to_json
from fresco_rules.kernel.play import random_playout
from fresco_rules.kernel.records import InvalidRecord, ReplayError, replay, validate

ROOT = Path(__file__).parents[1]


def _record(config: GameConfig, seed: int) -> dict[str, Any]:
    playout = random_playout(GAME, config, seed)
    return record_game(config, seed, playout.steps, playout.final)


BASE = _record(GameConfig(players=3), 21)


def test_shipped_schema_is_current() -> None:
    spec = importlib.util.spec_from_file_location("schema", ROOT / "scripts/make_record_schema.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert json.loads(module.render("carcassonne")) == shipped_schema(), (
        "carcassonne record.schema.json is stale: run `python scripts/make_record_schema.py`"
    )


@pytest.mark.rule("C0.1", "C20")
@pytest.mark.parametrize(
    "config",
    [GameConfig(players=2), GameConfig(players=5, festival=False, farmers=False, tiny_city=2)],
)
def test_record_and_states_round_trip(config: GameConfig) -> None:
    states = []
    playout = random_playout(
        GAME, config, 7, on_step=lambda before, action, after: states.append(after)
    )
    record = record_game(config, 7, playout.steps, playout.final)
    text = json.dumps(record)
    assert replay(GAME, text) == playout.final
    assert fresco_rules.replay(text) == playout.final  # dispatched on the record's game name
    report = fresco_rules.validate(record)
    assert report.ok and report.game_over and report.scores == playout.final.points
    assert record["chance"][0][0] == "tile"
    assert len(record["chance"]) == len(playout.final.stack) + len(playout.final.placed) - 1 + len(
        playout.final.discarded
    )
    assert GAME.codec is not None
    for state in [*states[::20], playout.final]:
        plain = json.loads(json.dumps(GAME.codec.state_to_json(state)))
        assert GAME.codec.state_from_json(plain) == state
        assert state_to_json(state) == plain


@pytest.mark.rule("C0.1", "C5")
def test_a_record_of_draws_made_elsewhere_replays() -> None:
    record = copy.deepcopy(BASE)
    record["seed"] = 999  # the draws are in the record, the seed does not matter
    record.pop("result")
    final = replay(GAME, record)
    assert final.points == tuple(BASE["result"]["scores"])
    chance = [tuple(pair) for pair in BASE["chance"]]
    assert new_game(GameConfig(players=3), 5, chance=chance).tile == BASE["chance"][0][1]


@pytest.mark.rule("C3", "C0.1", "C20")
def test_replay_stops_at_the_first_illegal_step() -> None:
    record = copy.deepcopy(BASE)
    record["steps"][4]["action"]["rotation"] = (record["steps"][4]["action"]["rotation"] + 1) % 4
    report = validate(GAME, record)
    if report.ok:  # the turned tile happened to fit: move it onto the start tile instead
        record["steps"][4]["action"].update(x=0, y=0)
        report = validate(GAME, record)
    assert not report.ok and report.failure is not None and report.failure.step == 4
    assert report.failure.rule in ("C1", "C3")
    wrong_seat = copy.deepcopy(BASE)
    wrong_seat["steps"][2]["seat"] = 2
    with pytest.raises(ReplayError, match="step 2"):
        replay(GAME, wrong_seat)
    tampered = copy.deepcopy(BASE)
    tampered["chance"][1] = ["tile", "Z"]
    with pytest.raises(ReplayError) as raised:
        replay(GAME, tampered)
    assert raised.value.rule == "C0.1"
    result = copy.deepcopy(BASE)
    result["result"]["scores"][0] += 1
    with pytest.raises(ReplayError) as raised:
        replay(GAME, result)
    assert raised.value.rule == "C20"


def test_malformed_records_are_refused_by_path() -> None:
    bad = copy.deepcopy(BASE)
    bad["steps"][0]["action"] = {"kind": "place_tile", "x": "1", "y": 0, "rotation": 0}
    with pytest.raises(InvalidRecord, match=r"steps\[0\]"):
        replay(GAME, bad)
    bad = copy.deepcopy(BASE)
    bad["setup"]["players"] = 6
    with pytest.raises(InvalidRecord):
        replay(GAME, bad)
    bad = copy.deepcopy(BASE)
    bad["steps"][1]["action"] = {"kind": "deploy", "feature": "x" * 5000}
    report = validate(GAME, bad)
    assert not report.ok


def test_the_setup_of_a_record_holds_plain_json_values() -> None:
    """Options that are StrEnums are written as their plain string values, so a setup read back
    through the strict codec (which refuses str subclasses) is accepted."""
    codec = GAME.codec
    assert codec is not None
    setup = codec.config_to_json(GameConfig(players=3))
    assert type(setup["festival_return"]) is str and type(setup["first_player_choice"]) is str
    assert codec.config_from_json(setup) == GameConfig(players=3)
