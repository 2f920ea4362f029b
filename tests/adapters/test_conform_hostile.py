"""The conformance harness against hostile engines (issue 22, findings 6, 7, 11-14): an engine
that never reads, floods, writes an endless line, answers too slowly, sends JSON that breaks the
reader, non-UTF-8, bare carriage returns, terminal escapes or forged report lines; in-process
factories that raise or return what the protocol does not allow; bad command lines; and
``--serve`` fed hostile requests. Each ends in seconds with one clear line (exit 2) or a
divergence report (exit 1) that quotes the engine's text, never a traceback or a hang."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from fresco_rules.adapters.games import table as make_table
from fresco_rules.cli import main
from fresco_rules.conform import ProcessEngine, ReferenceEngine, serve
from fresco_rules.conform.engine import MAX_REPLY, EngineError

ENGINES = Path(__file__).parents[1] / "conform_engines"
HOSTILE = ENGINES / "hostile_engine.py"
HARNESS = ENGINES / "run_harness.py"
LIMIT = 60.0
"""Seconds a harness run may take before the test counts it as a hang."""
PEAK_KB = 150_000
"""The harness's peak memory (VmHWM, kilobytes) when an engine floods it: its own footprint
(about 40 MB) plus one bounded reply (the unbounded reader took 0.5-2.3 GB)."""
FORGED_LINE = "conformant: 100 games, 0 steps agree"


def _harness(
    tmp_path: Path,
    mode: str,
    *options: str,
    seconds: float = 0.0,
    env: dict[str, str] | None = None,
) -> tuple[int, str, list[str], int]:
    """Run ``conform`` against a hostile engine in a fresh process: exit code, stdout, stderr
    lines and the harness's peak memory (kilobytes)."""
    peak = tmp_path / "peak"
    command = [
        sys.executable,
        str(HARNESS),
        "conform",
        "--quiet",
        "--players",
        "2",
        "--engine",
        f"{sys.executable} {HOSTILE} {mode} {seconds}",
        *options,
    ]
    done = subprocess.run(
        command,
        capture_output=True,
        timeout=LIMIT,
        env={**os.environ, "FRESCO_PEAK_RSS": str(peak), **(env or {})},
        check=False,
    )
    out = done.stdout.decode("utf-8", "replace")
    err = done.stderr.decode("utf-8", "replace").splitlines()
    return done.returncode, out, err, int(peak.read_text(encoding="utf-8"))


def _one_error(err: list[str], *words: str) -> str:
    assert len(err) == 1, err
    line = err[0]
    assert line.startswith("fresco-rules: error: conform: "), line
    for word in words:
        assert word in line, line
    return line


def _clean(text: str) -> None:
    """No terminal escape, no carriage return, no forged line, no 500-character name."""
    assert "\x1b" not in text and "\r" not in text
    assert not any(line.startswith(FORGED_LINE) for line in text.splitlines())
    assert "N" * 200 not in text


# --- finding 6: writes and reads under one deadline --------------------------------------------


def test_an_engine_that_never_reads_times_out_while_we_write() -> None:
    """A request larger than the pipe's buffer to an engine that never reads: the write is
    under the reply timeout too (it blocked in ``anon_pipe_write`` for ever)."""
    code = (
        "import sys; from fresco_rules.conform import ProcessEngine, EngineError\n"
        f"engine = ProcessEngine([sys.executable, {str(HOSTILE)!r}, 'never_reads'], timeout=1)\n"
        "try:\n"
        "    engine.apply('x', {'pad': 'a' * 1_000_000}, [])\n"
        "except EngineError as exc:\n"
        "    print(exc)\n"
        "engine.close()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=LIMIT, check=False
    )
    assert done.returncode == 0 and done.stderr == ""
    assert "no reply within 1 s" in done.stdout and "did not read" in done.stdout


# --- finding 7: per-reply timeout and whole-run deadline ---------------------------------------


def test_a_slow_reply_times_out_after_the_given_timeout(tmp_path: Path) -> None:
    code, out, err, _ = _harness(tmp_path, "slow", "--timeout", "0.5", seconds=3)
    assert code == 2 and out == ""
    _one_error(err, "no reply within 0.5 s")


def test_an_engine_answering_just_in_time_is_stopped_by_the_run_deadline(tmp_path: Path) -> None:
    code, out, err, _ = _harness(
        tmp_path, "slow", "--timeout", "5", "--deadline", "1.5", "--games", "100", seconds=0.2
    )
    assert code == 2 and out == ""
    _one_error(err, "--deadline 1.5 s")


def test_timeout_and_deadline_are_documented_with_their_defaults(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["conform", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "--timeout SECONDS" in text and "(default: 60)" in text
    assert "--deadline SECONDS" in text and "(default: 3600)" in text


# --- finding 11: memory and CPU ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "words"),
    [
        ("flood", f"longer than {MAX_REPLY} bytes"),
        ("long_line", f"longer than {MAX_REPLY} bytes"),
        ("flood_lines", "a line nobody asked for"),
    ],
)
def test_a_flood_or_an_over_long_line_stops_the_engine_at_once(
    tmp_path: Path, mode: str, words: str
) -> None:
    code, out, err, peak = _harness(tmp_path, mode)
    assert code == 2 and out == ""
    _one_error(err, words)
    assert peak < PEAK_KB


def test_a_hundred_thousand_bogus_actions_are_counted_not_each_explained(
    tmp_path: Path,
) -> None:
    code, out, err, _ = _harness(tmp_path, "bogus", "--games", "1")
    assert code == 1 and err == []
    assert "divergence in game 1, step 0: legal_actions" in out
    assert "only theirs (100000): 'x0', 'x1'" in out
    assert "explained: the first 3 of 100000" in out


# --- finding 12: escapes -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "words"),
    [
        ("big_int", ("an integer of 5001 digits",)),
        ("deep", ("nested more than",)),
        ("deep_object", ("nested more than",)),
        ("not_utf8", ("not UTF-8", "\\xff")),
    ],
)
def test_a_reply_the_reader_cannot_take_is_one_error(
    tmp_path: Path, mode: str, words: tuple[str, ...]
) -> None:
    code, out, err, _ = _harness(tmp_path, mode)
    assert code == 2 and out == ""
    _one_error(err, "the engine's reply", *words)


def test_the_engines_process_group_is_killed(tmp_path: Path) -> None:
    """A grandchild holding the engine's output open dies with it."""
    pid_file = tmp_path / "grandchild"
    code, _, err, _ = _harness(tmp_path, "grandchild", env={"FRESCO_GRANDCHILD": str(pid_file)})
    assert code == 2
    _one_error(err, "nested more than")
    status = Path(f"/proc/{pid_file.read_text(encoding='utf-8')}/status")
    for _ in range(100):
        if not status.exists() or "\nState:\tZ" in status.read_text(encoding="utf-8"):
            break
        time.sleep(0.05)
    else:
        pytest.fail("the engine's child still runs")


def _run(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(["conform", "--quiet", "--games", "1", "--players", "2", *args], out=out)
    return code, out.getvalue()


@pytest.mark.parametrize(
    ("engine", "words"),
    [
        ('"x', "cannot split"),
        (" ", "an empty command"),
        ("", "give --engine COMMAND or --python MODULE:FACTORY"),
        ("/nonexistent/engine --flag", "cannot start the engine '/nonexistent/engine'"),
        ("a\x00b", "cannot start the engine"),
    ],
)
def test_a_bad_engine_command_is_one_error(
    capsys: pytest.CaptureFixture[str], engine: str, words: str
) -> None:
    code, out = _run("--engine", engine)
    assert code == 2 and out == ""
    _one_error(capsys.readouterr().err.splitlines(), words)


@pytest.mark.parametrize(
    "args",
    [
        ("--engine", "x", "--python", "tests.conform_engines.factories:raises"),
        ("--serve", "--engine", "x"),
        ("--serve", "--python", "tests.conform_engines.factories:raises"),
        ("--timeout", "0", "--engine", "x"),
        ("--timeout", "nan", "--engine", "x"),
        ("--deadline", "inf", "--engine", "x"),
        ("--deadline", "-1", "--engine", "x"),
    ],
)
def test_options_that_contradict_are_one_error(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...]
) -> None:
    code, out = _run(*args)
    assert code == 2 and out == ""
    _one_error(capsys.readouterr().err.splitlines())


FACTORIES = {
    "raises": "factories:raises' raised Boom: '\\x1b[2Jthe factor",
    "returns_none": "returns_none' returned None, not an engine",
    "returns_nothing_like_an_engine": "like_an_engine' returned 42, not an engine",
    "exits": "factories:exits' raised SystemExit: 0",
    "not_callable": "not callable",
    "missing": "has no factory 'missing'",
    "new_game_raises": "new_game raised RecursionError",
    "legal_actions_raises": "legal_actions raised KeyError",
    "legal_actions_none": "legal_actions must return (player, actions), not None",
    "legal_actions_string": "actions must be a list of strings",
    "unhashable_actions": "actions must be a list of strings",
    "hostile_str_actions": "actions must be a list of strings",
    "hostile_player": "player must be an integer or null",
    "apply_raises": "apply raised ValueError",
    "scores_raises": "scores raised ZeroDivisionError",
    "scores_wrong_shape": "scores must be a list of integers",
    "scores_none": "scores must return (scores, over), not None",
    "huge_scores": "scores must be a list of integers",
    "close_raises": "close raised OSError",
    "raises_our_error_with_escapes": "legal_actions raised EngineError: '\\x1b[2J\\r\\n",
}


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_a_hostile_factory_is_one_error(capsys: pytest.CaptureFixture[str], name: str) -> None:
    code, out = _run("--python", f"tests.conform_engines.factories:{name}")
    err = capsys.readouterr().err.splitlines()
    assert code == 2 and out == ""
    _clean(_one_error(err, FACTORIES[name]))


def test_a_refusal_with_a_hostile_reason_is_a_divergence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out = _run("--python", "tests.conform_engines.factories:refuses_with_hostile_reason")
    assert code == 1 and capsys.readouterr().err == ""
    assert (
        "divergence in game 1, step 0: setup" in out
        and "the engine refused: HostileStr('no')" in out
    )


@pytest.mark.parametrize(
    ("source", "words"),
    [
        ("raise RuntimeError('at import')", "cannot load 'broken_module': RuntimeError"),
        ("def engine(:\n", "cannot load 'broken_module': SyntaxError"),
        ("import no_such_module_anywhere", "cannot load 'broken_module': ModuleNotFoundError"),
    ],
)
def test_a_module_that_cannot_load_is_one_error(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    source: str,
    words: str,
) -> None:
    (tmp_path / "broken_module.py").write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "broken_module", raising=False)
    code, out = _run("--python", "broken_module:engine")
    assert code == 2 and out == ""
    _one_error(capsys.readouterr().err.splitlines(), words)


# --- finding 14: engine text is quoted ---------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "words"),
    [
        ("refuses_scores", "divergence in game 1, step 1: refused"),
        ("refuses_setup", "divergence in game 1, step 0: setup"),
        ("forged_action", "divergence in game 1, step 0: legal_actions"),
    ],
)
def test_engine_text_is_quoted_never_printed_raw(tmp_path: Path, mode: str, words: str) -> None:
    code, out, err, _ = _harness(tmp_path, mode, "--games", "1")
    assert code == 1 and err == [], err
    assert words in out and "\\x1b[2J" in out
    _clean(out)


def test_the_engines_refusal_of_scores_is_reported_as_the_engines(tmp_path: Path) -> None:
    code, out, err, _ = _harness(tmp_path, "refuses_scores", "--games", "1")
    assert code == 1 and err == []
    assert "scores: the engine refused: '\\x1b[2J" in out


def test_replies_ending_in_a_bare_carriage_return_are_read_at_once(tmp_path: Path) -> None:
    code, out, err, _ = _harness(tmp_path, "bare_cr", "--games", "2", "--timeout", "3")
    assert (code, err) == (0, []) and out.startswith("conformant: 2 games")


def test_a_silent_engine_with_partial_output_says_what_it_got() -> None:
    engine = ProcessEngine(
        [
            sys.executable,
            "-c",
            "import sys, time; sys.stdout.write('{\"ok\"'); sys.stdout.flush(); time.sleep(30)",
        ],
        timeout=0.5,
    )
    try:
        with pytest.raises(EngineError) as caught:
            engine.legal_actions()
        assert "no reply within 0.5 s (got 5 bytes without a line end" in str(caught.value)
    finally:
        engine.close()


# --- finding 13: --serve keeps serving ---------------------------------------------------------


def _setup(game: str) -> dict[str, Any]:
    reference = make_table(game, {"players": 3})
    codec = reference.spec.rules().codec
    assert codec is not None
    setup: dict[str, Any] = codec.config_to_json(reference.config)
    return setup


HOSTILE_REQUESTS = [
    "[" * 5000 + "]" * 5000,
    '{"cmd": "scores", "n": 1' + "0" * 5000 + "}",
    '{"cmd": "new_game", "game": "fresco", "setup": ' + "[" * 3000 + "]" * 3000 + "}",
    json.dumps(
        {"cmd": "new_game", "game": "fresco", "setup": {**_setup("fresco"), "mood_track": "x"}}
    ),
    json.dumps(
        {"cmd": "new_game", "game": "fresco", "setup": {**_setup("fresco"), "mood_track": [1]}}
    ),
    json.dumps(
        {"cmd": "new_game", "game": "barbarossa", "setup": {**_setup("barbarossa"), "track": [[1]]}}
    ),
    json.dumps({"cmd": "new_game", "game": "\x1b[2J" * 100, "setup": {}}),
    json.dumps({"cmd": "new_game", "game": "fresco", "setup": _setup("fresco"), "chance": 5}),
    json.dumps({"cmd": "apply", "action": ["x"], "chance": [[1, 2]]}),
    '{"cmd": NaN}',
    '{"cmd": "quit", "cmd": "scores"}',
    "x" * (2 * MAX_REPLY),
]


def test_serve_answers_every_hostile_request_and_keeps_serving() -> None:
    good = json.dumps({"cmd": "new_game", "game": "barbarossa", "setup": _setup("barbarossa")})
    lines = [*HOSTILE_REQUESTS, good, '{"cmd": "legal_actions"}', '{"cmd": "quit"}']
    sink = io.StringIO()
    assert serve(ReferenceEngine(), io.StringIO("\n".join(lines) + "\n"), sink) == 0
    replies = [json.loads(line) for line in sink.getvalue().splitlines()]
    assert len(replies) == len(HOSTILE_REQUESTS) + 3
    assert [r["ok"] for r in replies[: len(HOSTILE_REQUESTS)]] == [False] * len(HOSTILE_REQUESTS)
    assert replies[-3:][0] == {"ok": True} and replies[-2]["player"] == 0 and replies[-1]["ok"]
    errors = [r["error"] for r in replies[: len(HOSTILE_REQUESTS)]]
    assert "nested more than" in errors[0] and "5001 digits" in errors[1]
    assert "$.mood_track" in errors[3] and "$.track" in errors[5]
    assert "longer than" in errors[-1]
    assert all(len(error) < 1000 and "\x1b" not in error for error in errors)


def test_serve_on_the_command_line_survives_bytes_that_are_not_utf8() -> None:
    good = json.dumps({"cmd": "new_game", "game": "barbarossa", "setup": _setup("barbarossa")})
    requests = b'{"cmd": "\xff"}\n' + "\n".join(HOSTILE_REQUESTS).encode() + b"\n"
    requests += good.encode() + b'\n{"cmd": "legal_actions"}\n'
    done = subprocess.run(
        [sys.executable, "-m", "fresco_rules", "conform", "--serve"],
        input=requests,
        capture_output=True,
        timeout=LIMIT,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == b""
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(replies) == len(HOSTILE_REQUESTS) + 3
    assert "not UTF-8" in replies[0]["error"]
    assert replies[-2] == {"ok": True} and replies[-1]["player"] == 0
