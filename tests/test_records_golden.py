"""Golden game records replay to their stored final scores; the shipped JSON Schema is the one
the action and config types generate."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from fresco_rules.fresco import GAME
from fresco_rules.fresco.records import shipped_schema
from fresco_rules.kernel.records import validate

ROOT = Path(__file__).parents[1]
RECORDS = sorted((ROOT / "tests" / "records").glob("*.json"))


@pytest.mark.rule("R0.62", "R0.65")
@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_golden_record_replays_to_its_scores(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    report = validate(GAME, record)
    assert report.ok, report
    assert report.game_over
    assert list(report.scores or ()) == record["result"]["scores"]


def test_there_are_golden_records() -> None:
    assert len(RECORDS) >= 4


def test_shipped_schema_is_current() -> None:
    spec = importlib.util.spec_from_file_location("schema", ROOT / "scripts/make_record_schema.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert json.loads(module.render()) == shipped_schema(), (
        "record.schema.json is stale: run `python scripts/make_record_schema.py`"
    )


def test_top_level_replay_dispatches_on_the_game_name() -> None:
    import fresco_rules

    path = RECORDS[0]
    report = fresco_rules.validate(path)
    assert report.ok, report
    final = fresco_rules.replay(path)
    assert isinstance(final, fresco_rules.fresco.State) and final.phase.value == "over"
    unknown = fresco_rules.validate('{"game": "chess"}')
    assert not unknown.ok and unknown.malformed is not None
    assert "unknown game 'chess'" in unknown.malformed
    with pytest.raises(fresco_rules.RulesError):
        fresco_rules.replay({"game": "chess"})


def test_replay_takes_a_path_as_str_and_json_text() -> None:
    import fresco_rules

    path = RECORDS[0]
    from_str = fresco_rules.replay(str(path))
    assert from_str == fresco_rules.replay(path)
    assert from_str == fresco_rules.replay(path.read_text(encoding="utf-8"))
    assert fresco_rules.validate(str(path)).ok
    missing = fresco_rules.validate("no-such-game.json")
    assert missing.malformed is not None
    assert "cannot read record no-such-game.json" in missing.malformed
