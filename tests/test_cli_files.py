"""Files the command line writes and reads: nothing lost, nothing half-written, nothing read
without end (issue 22).

Concurrency and kill tests use real processes (tests/cli_files_worker.py drives the CLI in a
loop) and every wait has a timeout.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import resource
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fresco_rules import cli as fresco_cli
from fresco_rules import fresco
from fresco_rules.kernel.fuzz import time_limit
from fresco_rules.kernel.records import parse_record, replay

WORKER = Path(__file__).with_name("cli_files_worker.py")
RECORDS = Path(__file__).with_name("records")
TIMEOUT = 60  # seconds for any one child; the tests take a few seconds in all
MEMORY = 1 << 30  # address space of a child: a read without a bound hits it at once


def cli(
    *args: str | Path, preexec_fn: Callable[[], object] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fresco_rules", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
        env={**os.environ, "PYTHONUTF8": "1"},
        preexec_fn=preexec_fn,
    )


def run(*args: str | Path) -> tuple[int, str]:
    """Exit code and error output of a command run in this process (no hazard to contain)."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = fresco_cli.main([str(arg) for arg in args], out=io.StringIO())
    return code, err.getvalue()


def calls(
    argvs: list[list[str]], preexec_fn: Callable[[], object] | None = None
) -> list[dict[str, object]]:
    """Each command's exit code (or escaped exception) and error output, run one after the
    other in one child process that prints to a real UTF-8 stdout."""
    child = subprocess.run(
        [sys.executable, str(WORKER), "calls", json.dumps(argvs)],
        capture_output=True,
        encoding="utf-8",
        errors="replace",  # the commands' own output may hold any bytes
        timeout=TIMEOUT,
        check=False,
        env={**os.environ, "PYTHONUTF8": "1"},
        preexec_fn=preexec_fn,
    )
    assert child.returncode == 0, child.stderr
    results: list[dict[str, object]] = json.loads(child.stdout.splitlines()[-1])["results"]
    return results


def error_line(result: dict[str, object]) -> str:
    """The one error line of a command that exited with code 2."""
    assert result["code"] == 2, result
    lines = str(result["stderr"]).splitlines()
    assert len(lines) == 1 and lines[0].startswith("fresco-rules: error: "), result
    return lines[0]


def worker(*args: str | Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(WORKER), *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def report(process: subprocess.Popen[str]) -> dict[str, Any]:
    out, err = process.communicate(timeout=TIMEOUT)
    assert process.returncode == 0, err
    result: dict[str, Any] = json.loads(out.splitlines()[-1])
    return result


def one_error_line(done: subprocess.CompletedProcess[str]) -> str:
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("fresco-rules: error: "), done.stderr
    return lines[0]


def replays(path: Path) -> int:
    """The number of steps of the record at ``path``, which must replay."""
    record = parse_record(path)
    replay(fresco.GAME, record)
    return len(record["steps"])


def new_record(path: Path, *extra: str) -> None:
    code, err = run("new", path, "--seed", "7", *extra)
    assert code == 0, err


# --- 2. move: concurrent moves are serialised, never lost ----------------------------------


def test_concurrent_moves_are_all_kept_and_readers_never_see_half_a_file(
    tmp_path: Path,
) -> None:
    record = tmp_path / "game.json"
    new_record(record)
    stop = tmp_path / "stop"
    reader = worker("read", record, stop)
    movers = [worker("move", record, "12") for _ in range(3)]
    codes: dict[str, int] = {}
    try:
        for mover in movers:
            for code, count in report(mover)["codes"].items():
                codes[code] = codes.get(code, 0) + count
    finally:
        stop.touch()
        reads = report(reader)
    done = codes.get("0", 0)
    # every move reported done is in the file, and the file is a legal game
    assert replays(record) == done, codes
    # a move made illegal by another process's move is refused (exit 1), nothing else
    assert set(codes) <= {"0", "1"}, codes
    assert done >= 12, codes
    assert reads["bad"] == 0, reads
    assert reads["reads"] > 0


# --- 2. a kill or a full disk during a write leaves the old file whole --------------------


def test_a_writer_killed_at_any_moment_leaves_a_whole_record(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_bytes((RECORDS / "fresco_4p_seed23.json").read_bytes())
    steps = replays(record)
    whole = parse_record(record)
    chooser = random.Random(22)
    bad_reads = reads = 0
    for _ in range(6):
        writer = worker("write", record)
        assert writer.stdout is not None
        ready, _, _ = select.select([writer.stdout], [], [], TIMEOUT)
        assert ready and writer.stdout.readline() == "writing\n"  # the loop has started
        end = time.monotonic() + chooser.uniform(0.05, 0.3)
        while time.monotonic() < end:  # read while it writes, then kill it mid-loop
            try:
                json.loads(record.read_bytes())
            except ValueError:
                bad_reads += 1
            reads += 1
        writer.send_signal(signal.SIGKILL)
        writer.communicate(timeout=TIMEOUT)
        assert parse_record(record)["steps"] == whole["steps"]
    assert replays(record) == steps
    assert bad_reads == 0, f"{bad_reads} of {reads} reads saw a half-written record"
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == ["game.json"]


def _small_file_limit() -> None:
    # Python ignores SIGXFSZ itself, so a write past the limit fails with EFBIG, as on a full disk
    resource.setrlimit(resource.RLIMIT_FSIZE, (1024, 1024))


def test_a_full_disk_during_move_leaves_the_record_whole(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    new_record(record)
    before = record.read_bytes()
    assert len(before) > 1024
    done = cli("move", record, "up 5:00", preexec_fn=_small_file_limit)
    assert done.returncode == 2, done.stderr
    assert "game.json" in one_error_line(done)
    assert done.stdout == ""  # the move is not shown as made
    assert record.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


# --- 3. no file is replaced without --force ---------------------------------------------


def test_new_play_and_show_refuse_an_existing_file_without_force(tmp_path: Path) -> None:
    precious = tmp_path / "precious.json"
    new_record(precious)
    assert run("move", precious, "up 5:00")[0] == 0
    kept = precious.read_bytes()
    picture = tmp_path / "board.svg"
    picture.write_text("<svg/>\n", encoding="utf-8")
    for command in (
        ("new", precious, "--seed", "1"),
        ("play", "--seed", "1", "--quiet", "--players", "2", "--record", precious),
        ("show", precious, "--svg", picture),
    ):
        code, err = run(*command)
        assert code == 2, err
        assert err.count("\n") == 1 and err.startswith("fresco-rules: error: "), err
        assert "already exists (--force replaces it)" in err
    assert precious.read_bytes() == kept
    assert picture.read_text(encoding="utf-8") == "<svg/>\n"
    assert run("show", precious, "--svg", picture, "--force") == (0, "")
    assert picture.read_text(encoding="utf-8").startswith("<svg")
    assert picture.read_text(encoding="utf-8") != "<svg/>\n"
    assert replays(precious) == 1
    new_record(precious, "--force")
    assert replays(precious) == 0
    played = run(
        "play", "--seed", "1", "--quiet", "--players", "2", "--force", "--record", precious
    )
    assert played == (0, "")
    assert replays(precious) > 100
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_move_through_a_symbolic_link_changes_the_record_it_names(tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    record = games / "game.json"
    new_record(record)
    link = tmp_path / "link.json"
    link.symlink_to(record)
    assert run("move", link, "up 5:00") == (0, "")
    assert link.is_symlink() and replays(record) == 1
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with time_limit(30):  # a write through a pipe with no reader would block
        code, err = run("play", "--seed", "1", "--players", "2", "--force", "--record", fifo)
    assert code == 2 and "pipe is not a regular file" in err, err


# --- 15. special files are refused before anything is read --------------------------------


STUDY = ["study", "--game", "barbarossa", "--players", "3", "--games", "2", "--arm", "default"]


def _bounded_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


@pytest.mark.parametrize("kind", ["device", "fifo", "directory"])
def test_special_files_are_refused_at_once(tmp_path: Path, kind: str) -> None:
    if kind == "device":
        special = "/dev/zero"
    elif kind == "fifo":
        special = str(tmp_path / "pipe")
        os.mkfifo(special)
    else:
        special = str(tmp_path)
    record = tmp_path / "game.json"
    new_record(record)
    argvs = [
        ["legal", special],
        ["replay", special],
        ["show", special],
        ["move", special, "up 5:00"],
        *(["data", "check", special, "--game", game] for game in ("fresco", "barbarossa")),
        ["data", "check", special, "--game", "carcassonne"],
        ["replay", str(record), "--components", special],
        ["play", "--seed", "1", "--quiet", "--components", special],
        ["play", "--seed", "1", "--quiet", "--game", "carcassonne", "--components", special],
        [*STUDY, "--arm", f"components={special}", "--out", str(tmp_path / "out")],
    ]
    for result in calls(argvs, preexec_fn=_bounded_memory):
        line = error_line(result)
        assert special in line and "not a regular file" in line, result
    if kind == "fifo":
        assert Path(special).exists()  # still a pipe: nothing was written through it


# --- 16. a lone surrogate in a record is a malformed record, not a crash -------------------


def _with_surrogate(record: dict[str, Any], where: str) -> dict[str, Any]:
    changed: dict[str, Any] = json.loads(json.dumps(record))
    if where == "chance":
        changed["chance"] = [["start_space", "\ud800"], *changed["chance"]]
    elif where == "library_version":
        changed["library_version"] = "0.1\udfff"
    elif where == "key":
        changed["setup"]["\ud800"] = 1
    else:
        changed["setup"]["components"]["name"] = "box\ud800"
    return changed


def test_a_lone_surrogate_in_a_record_is_a_clear_error(tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.json"
    new_record(fresh)
    argvs = []
    for where in ("chance", "library_version", "key", "components"):
        record = tmp_path / f"{where}.json"
        # ASCII with "\ud800" escapes: valid JSON text, but no Unicode text
        record.write_text(json.dumps(_with_surrogate(json.loads(fresh.read_bytes()), where)))
        argvs += [[command, str(record)] for command in ("replay", "show", "legal")]
    # a file name that is no text (bytes 0xff from the shell) is printed escaped
    undecodable = str(tmp_path / "\udcff.json")
    *refused, made = calls([*argvs, ["new", undecodable, "--seed", "1"]])
    for result in refused:
        line = error_line(result)
        assert "malformed record" in line and "lone surrogate" in line, result
    assert made["code"] == 0, made
    assert replays(Path(undecodable)) == 0


def test_an_error_stays_one_line_whatever_the_file_name(tmp_path: Path) -> None:
    code, err = run("replay", tmp_path / "two\nlines.json")
    assert code == 2 and err.count("\n") == 1, err
    assert err.startswith("fresco-rules: error: ") and "two\\nlines.json" in err, err
