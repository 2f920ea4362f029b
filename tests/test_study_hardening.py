"""Studies under hostile conditions (issue 22): a journal that is never rewritten without need,
every line checked against the study (edits, corruption, over-long numbers, deep nesting), kills
at random moments that lose no finished game, SIGTERM that leaves no worker behind, and arms
that are the same configuration under two labels."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from fresco_rules.cli import main
from fresco_rules.study import Arm, Study, StudyError, parse_arm, run_study
from fresco_rules.study import run as study_run
from fresco_rules.study.spec import game_seed

SCRIPT = Path(sys.executable).parent / "fresco-rules"
ARMS = ("default", "market_refill=redraw_all")
CLI_STUDY = ["study", "--game", "fresco", "--players", "2", "--seed", "3"]


def tiny_study(games: int = 2) -> Study:
    return Study(
        game="fresco", players=2, games=games, seed=3, arms=tuple(parse_arm(a) for a in ARMS)
    )


def cli_args(games: int, out: Path, *extra: str) -> list[str]:
    arms = [word for arm in ARMS for word in ("--arm", arm)]
    return [*CLI_STUDY, "--games", str(games), *arms, "--out", str(out), *extra]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args], capture_output=True, text=True, timeout=120, check=False
    )


@pytest.fixture
def played(tmp_path: Path) -> Path:
    """A finished 2-game study with its journal."""
    out = tmp_path / "out"
    run_study(tiny_study(), out=out, progress=False)
    return out


def journal_lines(out: Path) -> list[bytes]:
    return (out / "journal.jsonl").read_bytes().split(b"\n")


def test_a_clean_resume_does_not_rewrite_the_journal(played: Path) -> None:
    journal = played / "journal.jsonl"
    before = journal.stat()
    content = journal.read_bytes()
    run_study(tiny_study(), out=played, progress=False)
    after = journal.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    assert journal.read_bytes() == content


def test_a_torn_last_line_is_dropped_by_an_atomic_replace(played: Path) -> None:
    journal = played / "journal.jsonl"
    content = journal.read_bytes()
    with journal.open("ab") as handle:
        handle.write(b'{"arm": 0, "ga')
    inode = journal.stat().st_ino
    run_study(tiny_study(), out=played, progress=False)
    assert journal.read_bytes() == content
    assert journal.stat().st_ino != inode  # a new file put in place, not a truncation


def test_the_journal_lines_carry_a_digest_of_the_study(played: Path) -> None:
    lines = journal_lines(played)
    header = json.loads(lines[0])
    assert header["format_version"] == 2
    games = [json.loads(line) for line in lines[1:] if line]
    assert len(games) == 4
    assert all(isinstance(g["digest"], str) and len(g["digest"]) == 64 for g in games)


def edit_line(out: Path, number: int, change: dict[str, Any], *, sign: bool = False) -> None:
    lines = journal_lines(out)
    data = json.loads(lines[number - 1])
    data.update(change)
    if sign:  # a forger who read the code: the key is derived from the header
        data.pop("digest")
        key = study_run.journal_key(json.loads(lines[0]))
        text = study_run.journal_line(key, data)
    else:
        text = json.dumps(data)
    lines[number - 1] = text.encode("utf-8")
    (out / "journal.jsonl").write_bytes(b"\n".join(lines))


@pytest.mark.parametrize(
    ("number", "change"), [(2, {"scores": [99, 0]}), (4, {"steps": 999999}), (3, {"seed": 1})]
)
def test_an_edited_journal_line_is_refused_with_its_number(
    played: Path, number: int, change: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    edit_line(played, number, change)
    assert main(cli_args(2, played)) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"fresco-rules: error: {played / 'journal.jsonl'}: line {number}")
    assert "fails its digest" in err and len(err.splitlines()) == 1


def test_a_forged_line_with_a_recomputed_digest_is_caught_by_a_replay(played: Path) -> None:
    # every game line is forged, so whichever games the resume replays, it meets a forged one
    for number in (2, 3, 4, 5):
        steps = json.loads(journal_lines(played)[number - 1])["steps"]
        edit_line(played, number, {"steps": steps + 1}, sign=True)
    with pytest.raises(StudyError, match="does not match a replay of its game") as caught:
        run_study(tiny_study(), out=played, progress=False)
    assert "line " in str(caught.value)


def test_a_journal_without_digests_is_refused_with_what_to_do(played: Path) -> None:
    lines = journal_lines(played)
    header = json.loads(lines[0])
    del header["format_version"]
    old = [json.dumps(header).encode()]
    for line in lines[1:-1]:
        data = json.loads(line)
        del data["digest"]
        old.append(json.dumps(data).encode())
    (played / "journal.jsonl").write_bytes(b"\n".join([*old, b""]))
    done = run_cli(*cli_args(2, played))
    assert done.returncode == 2
    assert "written by an older fresco_rules without line digests" in done.stderr
    assert "delete" in done.stderr and len(done.stderr.splitlines()) == 1


@pytest.mark.parametrize(
    ("line", "words"),
    [
        (b'{"arm": 0, "game": 1, "note": "\xff"}', "line 3 is not UTF-8"),
        (b'{"arm": 0, "game": 1, "seed": ' + b"9" * 5000 + b"}", "an integer of 5000 digits"),
        (b"[" * 10000 + b"]" * 10000, "nested more than"),
        (b'{"a":' * 500 + b"1" + b"}" * 500, "nested more than 32 levels deep @ $.a.a.a"),
        (b"7", "line 3 is not a journal line"),
    ],
)
def test_a_hostile_journal_line_is_one_error_line(
    played: Path, line: bytes, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = journal_lines(played)
    lines.insert(2, line)  # line 3 of the file, a complete line followed by others
    (played / "journal.jsonl").write_bytes(b"\n".join(lines))
    assert main(cli_args(2, played)) == 2  # an exception would escape main: no traceback
    err = capsys.readouterr().err
    assert err.startswith(f"fresco-rules: error: {played / 'journal.jsonl'}: line 3")
    assert words in err and len(err.splitlines()) == 1


PADDING = 4000
"""Game lines beyond the study's games (kept, checked, never played): a journal large enough
that rewriting it takes a moment a kill can hit."""


def padded_journal(out: Path) -> None:
    lines = journal_lines(out)
    key = study_run.journal_key(json.loads(lines[0]))
    model = json.loads(lines[1])
    model.pop("digest")
    extra = []
    for game in range(10_000, 10_000 + PADDING):
        data = {**model, "game": game, "seed": game_seed(3, game)}
        extra.append(study_run.journal_line(key, data).encode())
    (out / "journal.jsonl").write_bytes(b"\n".join([*lines[:-1], *extra, b""]))


def complete_lines(path: Path) -> tuple[bytes, set[bytes]]:
    data = path.read_bytes()
    lines = data[: data.rfind(b"\n") + 1].split(b"\n")
    return lines[0], set(lines[1:-1])


def test_kills_at_random_moments_lose_no_finished_game(played: Path) -> None:
    padded_journal(played)
    journal = played / "journal.jsonl"
    header, finished = complete_lines(journal)
    chance = random.Random(22)
    kills = 0
    for attempt in range(5):
        games = 3 + attempt  # a bigger study each time: there are always games to play
        child = subprocess.Popen(
            [str(SCRIPT), *cli_args(games, played)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        floor = len(journal.read_bytes().rpartition(b"\n")[0])
        moment = time.monotonic() + chance.uniform(0.3, 2.5)
        try:
            while child.poll() is None and time.monotonic() < moment:
                # kill at once if the journal ever shrinks below its finished lines
                if os.stat(journal).st_size <= floor:
                    break
        finally:
            if child.poll() is None:
                child.kill()
                kills += 1
            child.wait(timeout=30)
        now_header, now_finished = complete_lines(journal)
        assert now_header == header, f"attempt {attempt}: the journal's header was lost"
        assert finished <= now_finished, f"attempt {attempt}: finished games were lost"
        finished = now_finished
    assert kills >= 1
    done = run_cli(*cli_args(8, played))
    assert done.returncode == 0, done.stderr


def processes_of_group(group: int) -> list[int]:
    """The processes whose process group is ``group`` (from /proc, no psutil needed)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2 :].split()
        if fields[0] != "Z" and int(fields[2]) == group:
            found.append(int(entry.name))
    return found


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGKILL])
def test_a_stopped_study_leaves_no_worker_behind(tmp_path: Path, stop: signal.Signals) -> None:
    """SIGTERM: an orderly stop (exit 143); SIGKILL: the workers notice their parent is gone."""
    out = tmp_path / "out"
    errors = tmp_path / "stderr"  # not a pipe: an orphan holding it would block the reader
    with errors.open("wb") as stderr:
        child = subprocess.Popen(
            [str(SCRIPT), *cli_args(2000, out, "--jobs", "2")],
            stdout=subprocess.DEVNULL,
            stderr=stderr,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(processes_of_group(child.pid)) < 3:
            time.sleep(0.05)  # the main process and its 2 workers
        journal = out / "journal.jsonl"
        while time.monotonic() < deadline and (not journal.exists() or len(journal_lines(out)) < 4):
            time.sleep(0.05)  # the workers are playing
        assert len(processes_of_group(child.pid)) >= 3
        child.send_signal(stop)
        child.wait(timeout=30)
        deadline = time.monotonic() + 5
        while processes_of_group(child.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        orphans = processes_of_group(child.pid)
        assert orphans == [], f"workers outlived the study: {orphans}"
        said = errors.read_text(encoding="utf-8")
        assert "Traceback" not in said
        if stop == signal.SIGTERM:
            assert child.returncode == 143, said
            assert "terminated; the games played are kept" in said
    finally:
        for pid in processes_of_group(child.pid):
            os.kill(pid, signal.SIGKILL)
        if child.poll() is None:
            child.kill()
            child.wait(timeout=10)
    done = run_cli(*cli_args(4, out))  # the journal stays valid: the study resumes
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    ("arms", "labels"),
    [
        (("unguessed_penalty=1", "unguessed_penalty=01"), "unguessed_penalty=01"),
        (("default", "letter_check=on"), "letter_check=on"),
        (("default", "unguessed_penalty=+0"), "unguessed_penalty=+0"),
    ],
)
def test_arms_of_the_same_configuration_are_refused(
    arms: tuple[str, str], labels: str, capsys: pytest.CaptureFixture[str]
) -> None:
    command = ["study", "--game", "barbarossa", "--players", "3", "--games", "2"]
    assert main([*command, "--arm", arms[0], "--arm", arms[1]]) == 2
    err = capsys.readouterr().err
    assert "are the same configuration" in err and labels in err and arms[0] in err


def test_a_number_in_other_digits_is_refused() -> None:
    study = Study(
        game="barbarossa",
        players=3,
        games=2,
        seed=0,
        arms=(Arm(), parse_arm("unguessed_penalty=\u0661")),
    )
    with pytest.raises(StudyError, match="option unguessed_penalty takes a whole number"):
        run_study(study, progress=False)
    arms = (Arm(), parse_arm("booth_capacities=\u0664+3+3+3"))
    study = Study(game="fresco", players=4, games=2, seed=0, arms=arms)
    with pytest.raises(StudyError, match="takes whole numbers like 4"):
        run_study(study, progress=False)


def test_an_a_a_study_with_a_seed_offset_is_not_a_duplicate() -> None:
    arms = (Arm(), Arm(seed_offset=1))
    study = Study(game="fresco", players=2, games=2, seed=3, arms=arms)
    summary, _ = run_study(study, progress=False)
    assert len(summary["arms"]) == 2


def test_a_journal_of_a_later_format_is_refused(
    played: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = journal_lines(played)
    header = json.loads(lines[0])
    header["format_version"] = 3
    lines[0] = json.dumps(header).encode()
    (played / "journal.jsonl").write_bytes(b"\n".join(lines))
    assert main(cli_args(2, played)) == 2
    err = capsys.readouterr().err
    assert "has journal format version 3; this fresco_rules reads version 2" in err


@pytest.mark.parametrize(
    "content",
    [
        b"\xff\xfe not UTF-8",
        b'{"study": {}, "figure_names": [], "games": [' + b"9" * 5000 + b"]}",
        b"[" * 10_000 + b"]" * 10_000,
        b'{"study": {}, "figure_names": []}',
    ],
    ids=["not-utf8", "long-integer", "deep", "no-games"],
)
def test_a_corrupt_games_json_is_a_study_error(played: Path, content: bytes) -> None:
    (played / "games.json").write_bytes(content)
    with pytest.raises(StudyError, match="games"):
        study_run.load_study(played)


def test_games_json_that_is_not_a_regular_file_is_refused(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "games.json")  # a FIFO with no writer would block a plain read
    with pytest.raises(StudyError, match="not a regular file"):
        study_run.load_study(tmp_path)
