"""Refusal catalogues and playthroughs (issue 15): every stored refusal, log line, seat view,
ledger and board of ``tests/golden/*.jsonl`` is worked out again and must be the same.

The files were written by ``scripts/make_playthroughs.py`` from seeded random games of each
game and configuration. A refusal line names the position (seed, step), the wrong action tried
there and the whole refusal: its kind (``IllegalAction`` or ``MalformedAction``), rule ID,
reason, seat and position, so a check that names the wrong rule, says something else, or lets
the action through fails here. A deliberate change of a rule or a message needs new files
(``python scripts/make_playthroughs.py``) and a commit message saying why.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "make_playthroughs", ROOT / "scripts/make_playthroughs.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # attrs looks the module up by name
    spec.loader.exec_module(module)
    return module


MAKE = _script()
CASES = {case.name: case for case in MAKE.CASES}
FILES = [f"{kind}-{name}" for name in CASES for kind in ("refusals", "playthrough")]


def _lines(stem: str) -> list[dict[str, Any]]:
    text = (GOLDEN / f"{stem}.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


def _first_difference(stem: str) -> str | None:
    case = CASES[stem.partition("-")[2]]
    games: dict[int, Any] = {}
    for number, (stored, now) in enumerate(MAKE.recompute(case, _lines(stem), games), 1):
        # through JSON, as stored: tuples become lists
        again = json.loads(json.dumps(now, ensure_ascii=False))
        if again != stored:
            return f"{stem}.jsonl line {number}:\n  stored: {stored}\n  now:    {again}"
    return None


@pytest.mark.parametrize("stem", FILES)
def test_stored_lines_are_worked_out_again(stem: str) -> None:
    difference = _first_difference(stem)
    assert difference is None, difference


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_catalogue_holds_both_kinds_of_line(name: str) -> None:
    refusals = _lines(f"refusals-{name}")
    assert refusals and all("rule" in line and line["kind"] for line in refusals)
    assert {"IllegalAction", "MalformedAction"} <= {line["kind"] for line in refusals}
    playthrough = _lines(f"playthrough-{name}")
    assert any("log" in line for line in playthrough)
    assert any("views" in line for line in playthrough)


def test_a_changed_refusal_is_noticed() -> None:
    """The check can fail: a stored refusal with another rule ID differs from the code's."""
    case = CASES["fresco-2p"]
    stored = _lines("refusals-fresco-2p")[1]
    wrong = {**stored, "rule": "R0.1" if stored["rule"] != "R0.1" else "R0.2"}
    ((_, now),) = MAKE.recompute(case, [wrong], {})
    assert json.loads(json.dumps(now)) == stored != wrong


def test_the_files_stay_small() -> None:
    assert sum((GOLDEN / f"{stem}.jsonl").stat().st_size for stem in FILES) < 1_500_000
