"""End-to-end tests of the installed ``fresco-rules`` console script, run in a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(sys.executable).parent / "fresco-rules"


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *map(str, args)], capture_output=True, text=True, timeout=120, check=False
    )


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "game.json"
    done = run("play", "--players", "3", "--seed", "5", "--record", path)
    assert done.returncode == 0, done.stderr
    assert "final scores" in done.stdout and "r1 seat" in done.stdout
    return path


def test_the_console_script_is_installed() -> None:
    assert SCRIPT.exists(), f"{SCRIPT} missing: install the package (pip install -e .)"


@pytest.mark.rule("R0.14")
def test_play_prints_every_action_and_the_scores() -> None:
    done = run("play", "--players", "2", "--seed", "3")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Fresco, 2 players, seed 3"
    assert any("Leonardo (by seat" in line for line in lines)
    assert any(line.startswith("winner: seat") for line in lines)


def test_replay_of_a_played_record_is_valid(recorded: Path) -> None:
    done = run("replay", recorded, "--quiet")
    assert done.returncode == 0, done.stdout + done.stderr
    record = json.loads(recorded.read_text())
    assert f"valid: {len(record['steps'])} steps, game over" in done.stdout
    expected = ", ".join(f"seat {s}: {p}" for s, p in enumerate(record["result"]["scores"]))
    assert f"final scores: {expected}" in done.stdout


@pytest.mark.rule("R0.32", "R0.36")
def test_replay_names_the_first_illegal_step_and_its_rule(recorded: Path, tmp_path: Path) -> None:
    record = json.loads(recorded.read_text())
    index = next(i for i, s in enumerate(record["steps"]) if s["action"]["kind"] == "close_booth")
    booth = record["steps"][index]["action"]["booth"]
    # Closing the same booth twice in a row: the second one finds it closed (R0.32).
    record["steps"].insert(index + 1, dict(record["steps"][index]))
    later = next(
        i
        for i in range(index + 1, len(record["steps"]))
        if record["steps"][i]["action"] != {"kind": "close_booth", "booth": booth}
    )
    assert later == index + 2
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    done = run("replay", bad, "--quiet")
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"illegal step {index + 1}: seat" in done.stdout
    assert "rule R0." in done.stdout


def test_replay_of_a_corrupted_action(recorded: Path, tmp_path: Path) -> None:
    record = json.loads(recorded.read_text())
    record["steps"][0]["action"] = {"kind": "choose_get_up", "slot": 9}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record))
    done = run("replay", bad)
    assert done.returncode == 1
    assert "illegal step 0: seat" in done.stdout and "rule R0.17" in done.stdout


def test_replay_of_malformed_json_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "fresco_rules.game_record", "steps": [')
    done = run("replay", bad)
    assert done.returncode == 2
    assert "malformed record" in done.stdout
    record = tmp_path / "wrong.json"
    record.write_text(json.dumps({"format": "fresco_rules.game_record", "steps": "no"}))
    done = run("replay", record)
    assert done.returncode == 2 and "malformed record" in done.stdout


def test_show_renders_the_board_after_a_step(recorded: Path) -> None:
    done = run("show", recorded, "--step", "12")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("after step 12 of")
    for part in ("cathedral", "row 2", "booth I", "hostel: 5:00", "mood", "track:", "seat 0:"):
        assert part in out
    assert run("show", recorded, "--step", "999999").returncode == 2


def test_rules_lists_and_explains() -> None:
    listing = run("rules")
    assert listing.returncode == 0
    assert listing.stdout.startswith("R0.1 ")
    one = run("rules", "R0.40")
    assert one.returncode == 0
    assert "bishop_bonus" in one.stdout and "test_E0_11" in one.stdout
    assert run("rules", "R9.99").returncode == 2


def test_data_template_and_check(tmp_path: Path) -> None:
    template = run("data", "template")
    assert template.returncode == 0
    good = tmp_path / "box.toml"
    good.write_text(template.stdout)
    checked = run("data", "check", good)
    assert checked.returncode == 0, checked.stdout
    assert "valid component data" in checked.stdout and "provisional" in checked.stdout
    bad = tmp_path / "bad.toml"
    bad.write_text(
        template.stdout.replace("value = 11", "value = 12").replace('id = "M02"', 'id = "M01"')
    )
    checked = run("data", "check", bad)
    assert checked.returncode == 1
    assert "$.fresco_tiles[23].value" in checked.stdout
    assert "duplicate id 'M01'" in checked.stdout


def test_play_and_replay_with_own_component_data(tmp_path: Path) -> None:
    box = tmp_path / "box.toml"
    box.write_text(run("data", "template").stdout.replace("value = 3", "value = 4"))
    record = tmp_path / "own.json"
    assert (
        run(
            "play",
            "--players",
            "2",
            "--seed",
            "1",
            "--components",
            box,
            "--record",
            record,
            "--quiet",
        ).returncode
        == 0
    )
    without = run("replay", record, "--quiet")
    assert without.returncode == 2 and "--components" in without.stdout
    assert run("replay", record, "--quiet", "--components", box).returncode == 0


def test_many_games_summary_in_parallel() -> None:
    done = run("play", "--games", "6", "--jobs", "2", "--players", "2", "--seed", "1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("6 Fresco games, 2 players, seeds 1-6")
    assert "6/6 games" in done.stderr


@pytest.mark.rule("B1")
def test_barbarossa_plays_records_and_replays(tmp_path: Path) -> None:
    path = tmp_path / "barbarossa.json"
    done = run("play", "--game", "barbarossa", "--players", "3", "--seed", "2", "--record", path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Barbarossa, 3 players, seed 2")
    assert "rolls the die" in done.stdout and "winner: seat" in done.stdout
    checked = run("replay", path, "--quiet")
    assert checked.returncode == 0, checked.stdout
    assert checked.stdout.startswith("valid: ")
    assert run("show", path, "--step", "5").returncode == 0
    assert run("play", "--game", "barbarossa", "--players", "2").returncode == 2
    listing = run("rules", "--game", "barbarossa")
    assert listing.returncode == 0 and listing.stdout.startswith("B1 ")
    assert "barbarossa" in run("data", "template", "--game", "barbarossa").stdout


@pytest.mark.rule("G.1", "R4.1", "R5.1", "R6.1")
def test_play_with_modules_logs_their_events_and_replays(tmp_path: Path) -> None:
    path = tmp_path / "modules.json"
    done = run("play", "--modules", "4,5,6", "--players", "3", "--seed", "2", "--record", path)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "lucky penn" in out and "Glassworks tile" in out and "glass" in out
    record = json.loads(path.read_text())
    assert record["setup"]["modules"] == [4, 5, 6]
    assert run("replay", path, "--quiet").returncode == 0
    shown = run("show", path, "--step", "60").stdout
    assert "lucky pennies:" in shown and "glass offer:" in shown and "disc on the basket" in shown
    assert run("play", "--modules", "7").returncode == 2


def test_data_template_holds_the_module_data(tmp_path: Path) -> None:
    text = run("data", "template").stdout
    assert "[modules.wishing_well]" in text and "[[modules.glaziers.glass]]" in text
    box = tmp_path / "box.toml"
    box.write_text(text.replace("well_capacity = 2", "well_capacity = -2"))
    checked = run("data", "check", box)
    assert checked.returncode == 1
    assert "$.modules.wishing_well.well_capacity" in checked.stdout
