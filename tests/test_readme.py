"""The README's API example runs as written and its quick-start commands match .ci/run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_python_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", README, flags=re.DOTALL)
    assert blocks, "the README has no Python example"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})
    printed = capsys.readouterr().out
    assert "R0.17" in printed and "already taken" in printed


def test_readme_test_command_is_what_ci_runs() -> None:
    commands = re.findall(r"```bash\n(.*?)\n```", README, flags=re.DOTALL)
    assert len(commands) == 2, "the quick start has exactly two commands"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1].strip() in ci
    assert "fresco-rules play" in commands[0]
