"""Every shell session in the README and under docs/ prints what it shows.

A session is a fenced ``text``, ``console``, ``bash``, ``shell`` or ``sh`` block holding lines
that start with ``$ `` (a line ending in a backslash continues the command on the next line).
Each session runs in a fresh temporary directory, its commands in order through the shell, with
this checkout's ``fresco-rules`` first on PATH; the walkthroughs are written from the checkout's
root, so the checkout's ``tests/`` is reachable there too. The lines a session shows after a
command, up to the next ``$ `` line, must equal what the command prints to the terminal (stdout
and stderr on one stream, unbuffered, trailing blanks ignored); a line ``...`` stands for any
number of lines, none included. Exit codes are compared only where the session prints them.

A session that cannot run in a test (it installs packages or serves a site) is marked with
``<!-- session: not run (REASON) -->`` on the line before its fence; it is listed by
``test_sessions_not_run_only_install_or_serve``, never skipped silently.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
SHELL_FENCES = {"text", "console", "bash", "shell", "sh"}
NOT_RUN = re.compile(r"<!--\s*session:\s*not run\s*\((?P<reason>[^)]*)\)\s*-->")
# the only commands a session may leave unrun: installing packages and serving a site
MAY_NOT_RUN = re.compile(r"\bpip install\b|-m venv\b|\bmkdocs serve\b|\bapt(-get)? install\b")
ELIDED = "..."
COMMAND_TIMEOUT = 60.0


@dataclass(frozen=True)
class Command:
    line: int  # 1-based line of its ``$ `` in the page
    text: str
    shown: tuple[str, ...]


@dataclass(frozen=True)
class Session:
    page: str  # relative to the checkout
    line: int  # 1-based line of the opening fence
    commands: tuple[Command, ...]
    not_run: str | None  # the reason given, for a session marked not run

    @property
    def name(self) -> str:
        return f"{self.page}:{self.line}"


def _commands(lines: list[str], first_line: int) -> tuple[Command, ...]:
    """The ``$`` commands of a block's lines (the first at page line ``first_line``)."""
    commands: list[Command] = []
    index = 0
    while index < len(lines):
        if not lines[index].startswith("$ "):
            index += 1  # text before the first prompt
            continue
        start = index
        text = lines[index][2:]
        while text.endswith("\\") and index + 1 < len(lines):
            index += 1
            text = text[:-1] + " " + lines[index].strip()
        index += 1
        shown_start = index
        while index < len(lines) and not lines[index].startswith("$ "):
            index += 1
        commands.append(Command(first_line + start, text, tuple(lines[shown_start:index])))
    return tuple(commands)


def sessions(page: Path) -> list[Session]:
    lines = page.read_text(encoding="utf-8").splitlines()
    found: list[Session] = []
    index = 0
    while index < len(lines):
        fence = lines[index].strip()
        if not fence.startswith("```") or fence == "```":
            index += 1
            continue
        end = index + 1
        while end < len(lines) and lines[end].strip() != "```":
            end += 1
        body = lines[index + 1 : end]
        if fence[3:].strip() in SHELL_FENCES and any(line.startswith("$ ") for line in body):
            marker = NOT_RUN.search(lines[index - 1]) if index else None
            found.append(
                Session(
                    page=page.relative_to(ROOT).as_posix(),
                    line=index + 1,
                    commands=_commands(body, index + 2),
                    not_run=marker["reason"] if marker else None,
                )
            )
        index = end + 1
    return found


ALL = [session for page in PAGES for session in sessions(page)]
RUN = [session for session in ALL if session.not_run is None]


def matches(shown: tuple[str, ...], printed: list[str]) -> bool:
    """Whether ``printed`` is ``shown`` with each ``...`` line standing for any lines."""
    pattern = "".join(
        r"(?:[^\n]*\n)*?" if line.strip() == ELIDED else re.escape(line) + r"\n" for line in shown
    )
    return re.fullmatch(pattern, "".join(line + "\n" for line in printed)) is not None


def _terminal_lines(output: str) -> list[str]:
    """The lines a terminal leaves on screen: a carriage return (a progress bar redrawn) shows
    only what follows it; trailing blanks are invisible."""
    lines = output.removesuffix("\n").split("\n") if output else []
    return [line.rstrip("\r").rsplit("\r", 1)[-1].rstrip() for line in lines]


def _environment() -> dict[str, str]:
    environment = dict(os.environ)
    environment["PATH"] = os.pathsep.join(
        [str(Path(sys.executable).parent), environment.get("PATH", "")]
    )
    environment["PYTHONUNBUFFERED"] = "1"  # stdout and stderr interleave as in a terminal
    environment.pop("PYTHONPATH", None)
    return environment


def test_the_pages_have_their_walkthroughs() -> None:
    per_page = {page: sum(s.page == page for s in ALL) for page in {s.page for s in ALL}}
    assert per_page.get("README.md", 0) >= 5 and per_page.get("docs/getting-started.md") == 1
    assert all(session.commands for session in ALL)


def test_sessions_not_run_only_install_or_serve() -> None:
    """The sessions left unrun, each with its reason; each of their commands installs or serves."""
    for session in ALL:
        if session.not_run is not None:
            assert session.not_run.strip(), f"{session.name}: say why it is not run"
            for command in session.commands:
                assert MAY_NOT_RUN.search(command.text), (
                    f"{session.name}: only install or serve commands may be left unrun, "
                    f"not {command.text!r}"
                )


def _run(command: str, folder: Path, environment: dict[str, str]) -> tuple[int, str] | None:
    """``command``'s exit code and its terminal output, or None when it ran over the timeout
    (then it is stopped with its process group)."""
    process = subprocess.Popen(
        command,
        shell=True,
        cwd=folder,
        env=environment,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        output, _ = process.communicate(timeout=COMMAND_TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        return None
    return process.returncode, output.decode("utf-8", errors="replace")


@pytest.mark.parametrize("session", RUN, ids=[session.name for session in RUN])
def test_the_session_prints_what_the_page_shows(session: Session, tmp_path: Path) -> None:
    (tmp_path / "tests").symlink_to(ROOT / "tests", target_is_directory=True)
    environment = _environment()
    status = 0
    for command in session.commands:
        where = f"{session.page}:{command.line}: $ {command.text}"
        # one shell per command; ``$?`` starts as the previous command's status, as in a terminal
        ran = _run(f"(exit {status}); {command.text}", tmp_path, environment)
        if ran is None:
            pytest.fail(f"{where}\nran over {COMMAND_TIMEOUT} s")
        status, output = ran
        printed = _terminal_lines(output)
        shown = tuple(line.rstrip() for line in command.shown)
        assert matches(shown, printed), (
            f"{where}\n--- the page shows:\n"
            + "\n".join(shown)
            + "\n--- the command printed:\n"
            + "\n".join(printed)
        )


@pytest.mark.parametrize(
    ("shown", "printed", "expected"),
    [
        (("a", "b"), ["a", "b"], True),
        (("a", "..."), ["a"], True),
        (("a", "...", "z"), ["a", "b", "c", "z"], True),
        (("...",), [], True),
        (("a", "b"), ["a", "c"], False),
        (("a",), ["a", "b"], False),
        (("a", "...", "z"), ["a", "b"], False),
        ((), ["a"], False),
    ],
)
def test_an_elision_line_matches_any_lines(
    shown: tuple[str, ...], printed: list[str], expected: bool
) -> None:
    assert matches(shown, printed) is expected
