"""The README's Python examples print exactly what the README says they print, and its
quick-start test command is what .ci/run runs."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

ROOT = Path(__file__).parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
EXAMPLE = re.compile(
    r"```python\n((?:(?!```).)*?)```\n\nprints:\n\n```text\n(.*?)```", flags=re.DOTALL
)


def test_readme_python_examples_print_what_the_readme_says() -> None:
    examples = EXAMPLE.findall(README)
    assert len(examples) >= 7, "the examples state their output"
    for code, expected in examples:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code, "README.md", "exec"), {})
        assert printed.getvalue() == expected, code.splitlines()[0]


def test_readme_examples_without_a_fixed_output_run() -> None:
    stated = {code for code, _ in EXAMPLE.findall(README)}
    others = [
        c for c in re.findall(r"```python\n(.*?)```", README, flags=re.DOTALL) if c not in stated
    ]
    # Examples that only assert, and the PettingZoo one (its env samples actions unseeded).
    assert len(others) <= 3, "the other examples state what they print"
    for code in others:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(code, "README.md", "exec"), {})


def test_readme_test_command_is_what_ci_runs() -> None:
    commands = re.findall(r"```bash\n(.*?)\n```", README, flags=re.DOTALL)
    assert len(commands) == 2, "the quick start has exactly two commands"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1].strip() in ci.splitlines()
    # under `set -e` a failing step inside an && list does not stop the script: the README's
    # command must be the last one, so that its status is the script's
    steps = [line for line in ci.splitlines() if line.strip() and not line.startswith("#")]
    assert steps[-1] == commands[1].strip()
    assert "zensical build --strict" in commands[1]
    assert "fresco-rules play" in commands[0]
    assert "apt-get install" in ci and "chromium" in ci
    install = ci.index("apt-get install")
    assert install < ci.index(commands[1].strip()), "chromium is installed before the tests"


def test_python_version_is_stated_before_the_quick_start() -> None:
    assert README.index("Python >= 3.11") < README.index("## Quick start")
