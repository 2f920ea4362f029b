"""The command line with ``--game carcassonne``: play, replay and show (the game read from the
record), rules and data."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from fresco_rules.cli import main


def run(*args: str | Path) -> tuple[int, str]:
    out = io.StringIO()
    code = main([str(a) for a in args], out=out)
    return code, out.getvalue()


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "carcassonne.json"
    code, text = run(
        "play", "--game", "carcassonne", "--players", "5", "--seed", "3", "--record", path
    )
    assert code == 0
    assert text.splitlines()[0] == "Carcassonne, 5 players, seed 3"
    assert "seat 0 places" in text and "draws" in text and "winner: seat" in text
    return path


@pytest.mark.rule("C0.3")
def test_play_replay_and_show(recorded: Path, tmp_path: Path) -> None:
    code, text = run("replay", recorded, "--quiet")
    assert code == 0 and "valid: " in text and "game over" in text
    code, text = run("show", recorded, "--step", "6")
    assert code == 0 and text.startswith("after step 6 of")
    assert "followers on the board:" in text and "-------" in text  # the start tile's road
    record = json.loads(recorded.read_text())
    first = record["steps"][0]["action"]
    record["steps"][0]["action"] = {**first, "x": 0, "y": 0}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    code, text = run("replay", bad, "--quiet")
    assert code == 1 and "illegal step 0" in text and "rule C1" in text


def test_options_rules_and_data(tmp_path: Path) -> None:
    code, text = run(
        "play",
        "--game",
        "carcassonne",
        "--players",
        "2",
        "--quiet",
        "--option",
        "farmers=off",
        "--option",
        "tiny_city=2",
        "--option",
        "festival=off",
    )
    assert code == 0 and "final scores" in text and "FE" not in text
    assert run("play", "--game", "carcassonne", "--option", "farmers=maybe")[0] == 2
    code, text = run("rules", "--game", "carcassonne")
    assert code == 0 and text.startswith("C0.1") and "FA6" in text
    code, text = run("rules", "--game", "carcassonne", "EF.2")
    assert code == 0 and "test_EF_2_return_the_thief" in text
    code, text = run("data", "template", "--game", "carcassonne")
    assert code == 0 and 'id = "FE10"' in text
    path = tmp_path / "tiles.toml"
    path.write_text(text.replace("count = 9", "count = 8"), encoding="utf-8")
    code, text = run("data", "check", path, "--game", "carcassonne")
    assert code == 1 and "71" in text
