"""Records are bounded: every size is checked before any work proportional to it, and every
refusal names the path of the offending field (hostile-input findings)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from fresco_rules import barbarossa
from fresco_rules.fresco import GAME
from fresco_rules.kernel.records import (
    MAX_CHANCE,
    MAX_RECORD_BYTES,
    MAX_STEPS,
    InvalidRecord,
    parse_record,
    replay,
    validate,
)

RECORDS = Path(__file__).parent / "records"
FRESCO = json.loads((RECORDS / "fresco_2p_seed21.json").read_text(encoding="utf-8"))
BARBAROSSA = json.loads(
    (RECORDS / "barbarossa" / "barbarossa_3p_seed31.json").read_text(encoding="utf-8")
)


def _refused(game: Any, record: Any) -> InvalidRecord:
    with pytest.raises(InvalidRecord) as refused:
        replay(game, record)
    report = validate(game, record)
    assert not report.ok and report.malformed == str(refused.value)
    return refused.value


def _with_setup(**fields: Any) -> dict[str, Any]:
    record: dict[str, Any] = copy.deepcopy(FRESCO)
    record["setup"].update(fields)
    return record


HOSTEL_ROW = {"time": "5:00", "mood_change": 0, "price": 1, "provenance": "decision"}
MOOD = {"rows": 9, "start_row": 4, "minus_rows": [0, 1], "plus_rows": [7, 8], "theatre_step": 2}


@pytest.mark.rule("R0.65")
@pytest.mark.parametrize(
    ("fields", "path"),
    [
        ({"mood_track": {**MOOD, "rows": 2**53}}, "$.setup.mood_track.rows"),
        ({"mood_track": {**MOOD, "rows": 10_000}}, "$.setup.mood_track.rows"),
        ({"hostel_table": [HOSTEL_ROW] * 100_000}, "$.setup.hostel_table"),
        ({"booth_capacities": [1] * 1_000}, "$.setup.booth_capacities"),
        ({"workbench_prices": [0, 100, 1, 2, 2, 3]}, "$.setup.workbench_prices[1]"),
        ({"workbench_prices": [0] * 1_000}, "$.setup.workbench_prices"),
        ({"window_segments": [[0, 1]] * 50}, "$.setup.window_segments"),
        ({"window_segments": [[0, 9]] * 12}, "$.setup.window_segments[0][1]"),
    ],
    ids=["rows_2_53", "rows_10000", "hostel_100000", "booths", "price", "prices", "cells", "cell"],
)
def test_setup_bounds_are_refused_by_path(fields: dict[str, Any], path: str) -> None:
    assert _refused(GAME, _with_setup(**fields)).path.startswith(path)


@pytest.mark.rule("A-B.2")
def test_a_barbarossa_track_of_a_million_spaces_is_refused() -> None:
    record = copy.deepcopy(BARBAROSSA)
    record["setup"]["track"] = {"spaces": 1_000_000, "start": 5, "finish": 31}
    assert _refused(barbarossa.GAME, record).path == "$.setup.track.spaces"
    record["setup"]["track"] = None
    record["setup"]["objects"] = [["x" * 65, "b", "c"], ["d", "e", "f"], ["g", "h", "i"]]
    assert _refused(barbarossa.GAME, record).path == "$.setup.objects[0][0]"


@pytest.mark.rule("R0.65")
def test_too_many_steps_or_chance_outcomes_are_refused_before_any_step_is_read() -> None:
    record = copy.deepcopy(FRESCO)
    record["steps"] = record["steps"][:1] * (MAX_STEPS + 1)
    error = _refused(GAME, record)
    assert error.path == "$.steps" and f"more than the {MAX_STEPS}" in str(error)
    record = copy.deepcopy(FRESCO)
    record["chance"] = [["market", "M01"]] * (MAX_CHANCE + 1)
    assert _refused(GAME, record).path == "$.chance"
    assert _refused(GAME, b" " * (MAX_RECORD_BYTES + 1)).path == ""


@pytest.mark.rule("R0.65")
def test_a_repeated_key_is_refused_not_silently_overwritten() -> None:
    text = json.dumps(FRESCO)
    twice = text.replace('"seed": ', '"seed": 7, "seed": ', 1)
    assert _refused(GAME, twice).path == "$"
    inner = text.replace('"players": 2', '"players": 2, "players": 3', 1)
    error = _refused(GAME, inner)
    assert error.path == "$.setup" and "'players' appears twice" in str(error)


@pytest.mark.rule("R0.65")
def test_huge_integers_nesting_and_nan_are_named_by_path() -> None:
    text = json.dumps(FRESCO)
    huge = text.replace('"seed": 21', '"seed": ' + "9" * 5_000, 1)
    assert _refused(GAME, huge).path == "$.seed"
    deep = text.replace('"result": {', '"result": {"x": ' + "[" * 1_000 + "]" * 1_000 + ", ", 1)
    error = _refused(GAME, deep)
    assert error.path.startswith("$.result.x[0][0]") and "levels deep" in str(error)
    nan = text.replace('"seed": 21', '"seed": NaN', 1)
    assert _refused(GAME, nan).path == "$.seed"
    made: dict[str, Any] = copy.deepcopy(FRESCO)
    loop: list[Any] = []
    loop.append(loop)
    made["result"] = {"scores": loop}
    assert _refused(GAME, made).path.startswith("$.result.scores[0][0]")
    assert parse_record(FRESCO) == FRESCO  # a good record passes unchanged
