"""The getting-started page prints what it says it prints: its Python examples run in order in
one session and their output is compared with the ``prints:`` block after each; its shell
session runs command by command in a fresh directory and each command's output is compared
with the lines the page shows after it."""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from pathlib import Path

import pytest

from fresco_rules.cli import main

PAGE = (Path(__file__).parents[1] / "docs" / "getting-started.md").read_text(encoding="utf-8")
EXAMPLE = re.compile(
    r"```python\n((?:(?!```).)*?)```\n\nprints:\n\n```text\n(.*?)```", flags=re.DOTALL
)
SESSION = re.compile(r"```console\n(.*?)```", flags=re.DOTALL)


def test_every_python_example_states_its_output() -> None:
    blocks = re.findall(r"```python\n", PAGE)
    assert len(EXAMPLE.findall(PAGE)) == len(blocks) >= 3


def test_python_examples_print_what_the_page_shows() -> None:
    session: dict[str, object] = {}
    for code, expected in EXAMPLE.findall(PAGE):
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code, "getting-started.md", "exec"), session)
        assert printed.getvalue() == expected, code.splitlines()[0]


def _commands(session: str) -> list[tuple[str, str]]:
    """(command, expected output) pairs of a ``$ ...`` session."""
    pairs: list[tuple[str, str]] = []
    for line in session.splitlines(keepends=True):
        if line.startswith("$ "):
            pairs.append((line[2:].strip(), ""))
        else:
            command, output = pairs[-1]
            pairs[-1] = (command, output + line)
    return pairs


def test_the_shell_session_prints_what_the_page_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    sessions = SESSION.findall(PAGE)
    assert sessions, "the page shows a shell session"
    ran = 0
    for session in sessions:
        for command, expected in _commands(session):
            argv = shlex.split(command)
            assert argv[0] == "fresco-rules"
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stderr(err):
                code = main(argv[1:], out=out)
            assert (code, err.getvalue()) == (0, ""), command
            assert out.getvalue() == expected, command
            ran += 1
    assert ran >= 5
    assert (tmp_path / "board.svg").read_text(encoding="utf-8").lstrip().startswith("<svg")
