"""The page on histories and positions (docs/positions.md) prints what it says it prints: its
Python examples run in order in one session and their output is compared with the ``prints:``
block after each."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

PAGE = (Path(__file__).parents[1] / "docs" / "positions.md").read_text(encoding="utf-8")
EXAMPLE = re.compile(
    r"```python\n((?:(?!```).)*?)```\n\nprints:\n\n```text\n(.*?)```", flags=re.DOTALL
)


def test_every_python_example_states_its_output() -> None:
    assert len(EXAMPLE.findall(PAGE)) == len(re.findall(r"```python\n", PAGE)) == 2


def test_python_examples_print_what_the_page_shows() -> None:
    session: dict[str, object] = {}
    for code, expected in EXAMPLE.findall(PAGE):
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code, "positions.md", "exec"), session)
        assert printed.getvalue() == expected, code.splitlines()[0]
