"""The command line with ``--game carcassonne``: play, replay and show (the game read from the
record), new, legal and move in the notation, the log's words and score sheet, rules and
data."""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from fresco_rules import carcassonne
from fresco_rules.cli import main
from fresco_rules.kernel.records import replay


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
    assert "Carcassonne, 5 players, with The Festival: turn " in text
    assert "-------" in text  # the start tile's road
    assert "seat 4: 0 points, 7 followers in supply, 0 on the board" in text
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


def _placed_count(svg_path: Path) -> int:
    root = ET.fromstring(svg_path.read_text(encoding="utf-8"))
    return sum(1 for e in root.iter() if e.get("class") == "tile")


@pytest.mark.rule("C0.3", "C1", "C6")
def test_a_game_played_from_the_shell_with_legal_move_and_show(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = tmp_path / "game.json"
    code, text = run("new", game, "--game", "carcassonne", "--players", "2", "--seed", "2")
    assert code == 0 and "seat 0 to decide (turn 1, seat 0 places tile E)" in text
    code, text = run("legal", game)
    assert code == 0
    assert text.splitlines()[1:] == [
        "  place 0,-1 180",
        "  place 0,1 90",
        "  place 0,1 180",
        "  place 0,1 270",
    ]
    code, text = run("move", game, "place", "0,-1", "180")
    assert code == 0 and "seat 0 places tile E at 0,-1 turned 180" in text
    code, text = run("legal", game)
    assert text.splitlines()[1:] == ["  deploy city S", "  deploy farm N-E-W", "  pass"]
    code, text = run("move", game, "deploy city N")
    error = capsys.readouterr().err
    assert (
        code == 1 and text == "" and "rule C6:" in error and "closest legal: deploy city S" in error
    )
    code, text = run("move", game, "deploy city S")
    assert code == 0 and "seat 0 deploys a knight on city S at 0,-1" in text
    assert "C11 completed city of 2 tiles at 0,-1: seat 0 +4" in text
    assert re.search(r"seat 1 draws [A-Z]", text) and "seat 1 to decide" in text
    code, text = run("move", game, "place 0,0 0")
    assert code == 1 and "rule C1: 0,0 already holds a tile" in capsys.readouterr().err
    code, text = run("move", game, "plce 0,1 0")  # a typo names no action: no rule ID
    error = capsys.readouterr().err
    assert code == 3 and text == "" and error.startswith("fresco-rules: error: not a move: ")
    assert "rule" not in error.removeprefix("fresco-rules") and "closest legal: place " in error
    first = run("legal", game)[1].splitlines()[1].strip()
    assert run("move", game, first)[0] == 0
    record = json.loads(game.read_text(encoding="utf-8"))
    assert len(record["steps"]) == 3
    state = replay(carcassonne.GAME, record)
    assert len(state.placed) == 3 and state.points == (4, 0)
    code, text = run("show", game, "--svg", tmp_path / "board.svg")
    assert code == 0 and text.startswith("after step 3 of 3:")
    assert str(state) in text and f"picture written to {tmp_path / 'board.svg'}" in text
    assert _placed_count(tmp_path / "board.svg") == 3
    assert "seat 0: 4 points, 7 followers in supply, 0 on the board" in text


@pytest.mark.rule("C15", "C20", "F5", "F8")
def test_the_log_speaks_the_notation_and_ends_with_a_score_sheet(recorded: Path) -> None:
    code, text = run("replay", recorded)
    assert code == 0
    lines = text.splitlines()
    places = [line for line in lines if " places tile " in line]
    assert places and all(
        re.fullmatch(r"seat \d places tile \w+ at -?\d+,-?\d+ turned (0|90|180|270)", line)
        for line in places
    ), places[:3]
    assert not any(":" in line.split(" on ")[-1] for line in lines if "deploys a" in line)
    record = json.loads(recorded.read_text(encoding="utf-8"))
    final = replay(carcassonne.GAME, record)
    start = lines.index("score sheet:")
    assert lines.index(f"valid: {len(record['steps'])} steps, game over") > start
    sheet = lines[start + 1 : start + 6]
    for seat, line in enumerate(sheet):
        found = re.fullmatch(
            rf"  seat {seat}: cities (\d+), roads (\d+), monasteries (\d+), farms (\d+), "
            r"festival 0 \((\d+) returns?\) = (\d+)",
            line,
        )
        assert found is not None, line
        *parts, returns, total = (int(g) for g in found.groups())
        assert sum(parts) == total == final.points[seat]
        assert returns == sum(1 for line in lines if f"seat {seat} returns his " in line)
    assert any(f"seat {seat} returns his " in line for seat in range(5) for line in lines)
