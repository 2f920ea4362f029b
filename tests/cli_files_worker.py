"""A child process for tests/test_cli_files.py: drives the command line in a loop, in process
(one interpreter start per child, not per command), and prints what it saw as one JSON line.

    cli_files_worker.py move FILE N          N times: the first legal move of FILE, then move it
    cli_files_worker.py read FILE STOP       read FILE until the file STOP exists
    cli_files_worker.py write FILE           rewrite FILE through the CLI's record writer, for ever
    cli_files_worker.py lock FILE            hold FILE's folder lock until stdin is closed
    cli_files_worker.py calls ARGV_JSON      run each argv of a JSON list through ``main``,
                                             printing to stdout; the report is the last line
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import time
import traceback
from pathlib import Path

from fresco_rules import cli
from fresco_rules.kernel.files import folder_lock

DEADLINE = 60.0  # seconds: no loop here runs longer, whatever the parent does


def _main(argv: list[str], *, capture: bool = True) -> tuple[int | str, str, str]:
    """(exit code or the name of an escaped exception, stdout, stderr) of one command; without
    ``capture`` it prints to this process's own stdout (a real UTF-8 stream, as in a shell)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        try:
            code: int | str = cli.main(argv, out=out if capture else None)
        except BaseException as exc:  # a crash is what the tests look for
            code = type(exc).__name__
            err.write(traceback.format_exc())
    return code, out.getvalue(), err.getvalue()


def move(path: str, count: int) -> dict[str, object]:
    codes: dict[str, int] = {}
    for _ in range(count):
        code, text, _ = _main(["legal", path])
        forms = [line.strip() for line in text.splitlines() if line.startswith("  ")]
        if code != 0 or not forms:
            codes[f"legal:{code}"] = codes.get(f"legal:{code}", 0) + 1
            continue
        code, _, _ = _main(["move", path, forms[0]])
        codes[str(code)] = codes.get(str(code), 0) + 1
    return {"codes": codes}


def read(path: str, stop: str) -> dict[str, object]:
    reads = bad = 0
    end = time.monotonic() + DEADLINE
    while not Path(stop).exists() and time.monotonic() < end:
        try:
            json.loads(Path(path).read_bytes())
        except (OSError, ValueError):
            bad += 1
        reads += 1
    return {"reads": reads, "bad": bad}


def write(path: str) -> dict[str, object]:
    record = json.loads(Path(path).read_bytes())
    end = time.monotonic() + DEADLINE
    print("writing", flush=True)
    while time.monotonic() < end:
        cli.write_json(path, record, overwrite=True)
    return {}


def lock(path: str) -> dict[str, object]:
    with folder_lock(path):
        print("locked", flush=True)
        sys.stdin.read()  # until the parent closes the pipe (or dies)
    return {}


def calls(argvs: list[list[str]]) -> dict[str, object]:
    results = []
    for argv in argvs:
        code, _, err = _main(argv, capture=False)
        results.append({"argv": argv, "code": code, "stderr": err[:2000]})
    return {"results": results}


if __name__ == "__main__":
    mode, *rest = sys.argv[1:]
    if mode == "move":
        report = move(rest[0], int(rest[1]))
    elif mode == "read":
        report = read(rest[0], rest[1])
    elif mode == "write":
        report = write(rest[0])
    elif mode == "lock":
        report = lock(rest[0])
    else:
        report = calls(json.loads(rest[0]))
    print(json.dumps(report), flush=True)
