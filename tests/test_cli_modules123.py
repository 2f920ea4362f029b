"""The ``fresco-rules`` command line with modules 1-3: play, record, replay, show and the data
template (run in a subprocess, like ``test_cli``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .test_cli import run


@pytest.mark.rule("M.1", "M.2", "R1.7", "R2.13")
def test_play_with_all_six_modules_records_replays_and_shows(tmp_path: Path) -> None:
    path = tmp_path / "six.json"
    done = run(
        "play", "--modules", "1,2,3,4,5,6", "--players", "2", "--seed", "4", "--record", path
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "takes portrait" in out and "portraits turned up" in out
    record = json.loads(path.read_text())
    assert record["setup"]["modules"] == [1, 2, 3, 4, 5, 6]
    assert record["setup"]["portraits"] == "one_per_round"
    kinds = {kind for kind, _ in record["chance"]}
    assert {"portrait", "fresco_removed"} <= kinds
    assert run("replay", path, "--quiet").returncode == 0
    shown = run("show", path, "--step", "60").stdout
    assert "portraits: display" in shown and "requests: general" in shown
    assert "special blends: supply" in shown and "Pk" in shown
    # a bad step names its rule: a portrait is taken at the studio only (R1.4)
    record["steps"][0]["action"] = {"kind": "take_portrait", "card": "PT99", "paints": []}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    refused = run("replay", bad, "--quiet")
    assert refused.returncode == 1 and "rule R1.4" in refused.stdout


@pytest.mark.rule("A2.7", "A3.4")
def test_data_template_holds_the_data_of_modules_1_to_3(tmp_path: Path) -> None:
    text = run("data", "template").stdout
    assert "[[modules_123.portraits.cards]]" in text and "[[modules_123.requests.tiles]]" in text
    box = tmp_path / "box.toml"
    box.write_text(text)
    assert run("data", "check", box).returncode == 0
    box.write_text(text.replace('kind = "sexton"', 'kind = "gravedigger"'))
    checked = run("data", "check", box)
    assert checked.returncode == 1
    assert "$.modules_123.portraits.cards[6].kind" in checked.stdout
