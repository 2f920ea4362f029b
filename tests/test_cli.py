"""End-to-end tests of the installed ``fresco-rules`` console script, run in a subprocess."""

from __future__ import annotations

import io
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
    assert done.stderr.startswith("fresco-rules: error: malformed record: not JSON")
    record = tmp_path / "wrong.json"
    record.write_text(json.dumps({"format": "fresco_rules.game_record", "steps": "no"}))
    done = run("replay", record)
    assert done.returncode == 2 and "fresco-rules: error: malformed record" in done.stderr


def test_show_renders_the_board_after_a_step(recorded: Path) -> None:
    done = run("show", recorded, "--step", "12")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("after step 12 of")
    for part in (
        "cathedral",
        "    a    b    c",
        "booth I",
        "hostel: 5:00",
        "mood",
        "track:",
        "seat 0:",
    ):
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
    assert without.returncode == 2 and "--components" in without.stderr
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


def test_a_person_plays_from_the_shell(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    started = run("new", game, "--players", "3", "--seed", "1")
    assert started.returncode == 0, started.stderr
    assert "seat 1 to decide (round 1, get_up): 5 legal moves" in started.stdout
    listed = run("legal", game)
    assert listed.stdout.splitlines()[1:] == [f"  up {h}:00" for h in range(5, 10)]
    moved = run("move", game, "up 7:00")
    assert moved.returncode == 0, moved.stderr
    assert "r1 seat 1 gets up at 7:00" in moved.stdout
    assert "seat 0 to decide" in moved.stdout
    again = run("move", game, "up 7:00")
    assert again.returncode == 1
    assert again.stdout == "" and again.stderr.startswith("fresco-rules: error: illegal move")
    assert "rule R0.17" in again.stderr and "closest legal: up " in again.stderr
    assert run("move", game, "UP", "6:00").returncode == 0
    record = json.loads(game.read_text())
    assert [step["action"] for step in record["steps"]] == [
        {"kind": "choose_get_up", "slot": 2},
        {"kind": "choose_get_up", "slot": 1},
    ]
    assert run("replay", game, "--quiet").stdout.startswith("valid: 2 steps, game not over")
    picture = tmp_path / "board.svg"
    shown = run("show", game, "--svg", picture)
    assert shown.returncode == 0 and "hostel: 5:00 - | 6:00 seat 0 | 7:00 seat 1" in shown.stdout
    assert picture.read_text().startswith("<svg ")


def test_moves_play_a_whole_barbarossa_game_to_its_end(tmp_path: Path) -> None:
    from fresco_rules.cli import main

    def cli(*args: str | Path) -> tuple[int, str]:
        out = io.StringIO()
        code = main([str(arg) for arg in args], out=out)
        return code, out.getvalue()

    game = tmp_path / "b.json"
    assert cli("new", game, "--game", "barbarossa", "--players", "3", "--seed", "2")[0] == 0
    for _ in range(1000):
        code, listed = cli("legal", game)
        assert code == 0
        lines = listed.splitlines()
        if lines[0].startswith("the game is over"):
            break
        assert cli("move", game, lines[-1].strip())[0] == 0
    else:
        pytest.fail("the game did not end")
    record = json.loads(game.read_text())
    assert cli("replay", game, "--quiet")[0] == 0
    assert record["result"]["scores"] == list(barbarossa_replay(game))


def barbarossa_replay(path: Path) -> tuple[int, ...]:
    from fresco_rules import barbarossa, replay

    final = replay(str(path))
    assert isinstance(final, barbarossa.State)
    return barbarossa.scores(final)


def test_unseeded_play_says_its_seed() -> None:
    done = run("play", "--players", "2", "--quiet")
    assert done.returncode == 0, done.stderr
    first = done.stdout.splitlines()[0]
    assert first.startswith("seed ") and "--seed" in first
    seed = first.split()[1]
    again = run("play", "--players", "2", "--quiet", "--seed", seed)
    assert again.stdout.splitlines()[-4:] == done.stdout.splitlines()[-4:]


@pytest.mark.rule("B12")
def test_rules_finds_an_id_in_any_game() -> None:
    found = run("rules", "B12")
    assert found.returncode == 0, found.stderr
    assert found.stdout.startswith("B12 ") and "check_guess" in found.stdout
    assert run("rules", "R0.40").returncode == 0
    missing = run("rules", "Z9")
    assert missing.returncode == 2
    assert missing.stderr == (
        "fresco-rules: error: no rule 'Z9' in fresco, barbarossa or carcassonne; "
        "'fresco-rules rules' lists them\n"
    )


def test_every_error_is_one_line_in_one_format(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[1]")
    for args in (
        ("replay", tmp_path / "missing.json"),
        ("legal", bad),
        ("play", "--players", "9"),
        ("play", "--option", "nonsense=1"),
        ("rules", "Q1"),
        ("data", "check"),
        ("bogus",),
        ("play", "--seed", "x"),
        ("show",),
        ("conform", "--games", "0"),
        ("conform",),
        ("study", "--games", "2"),
    ):
        done = run(*args)
        assert done.returncode == 2, args
        errors = done.stderr.splitlines()
        assert len(errors) == 1 and errors[0].startswith("fresco-rules: error: "), done.stderr
        assert "Traceback" not in done.stderr


def test_help_texts_are_complete() -> None:
    from fresco_rules.cli import parser

    top = parser()
    subcommands = next(a for a in top._actions if a.dest == "command")
    assert isinstance(subcommands.choices, dict)
    for name, command in subcommands.choices.items():
        for action in command._actions:
            assert action.help, f"{name} {action.dest} has no help text"
        assert "``" not in command.format_help(), name
        assert "exit codes" in command.format_help(), name
    assert "``" not in top.format_help() and "exit codes" in top.format_help()


@pytest.mark.rule("R0.63", "R0.64")
@pytest.mark.parametrize("modules", ["", "4,5,6"])
def test_the_log_reads_like_a_score_sheet(modules: str) -> None:
    done = run("play", "--players", "3", "--seed", "2", "--modules", modules)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "['" not in out and "ends the turn at the " in out and "order B: seat" in out
    sheet = out.splitlines()[out.splitlines().index("score sheet:") + 1 :][:3]
    finals = out.split("final scores: ")[1].splitlines()[0]
    for seat, line in enumerate(sheet):
        parts, total = line.split(" = ")
        assert parts.startswith(f"  seat {seat}: restorations ")
        assert f"seat {seat}: {total}" in finals
        points = [
            int(word) for word in parts.replace(",", " ").split() if word.lstrip("+-").isdigit()
        ]
        assert sum(points) == int(total), line
