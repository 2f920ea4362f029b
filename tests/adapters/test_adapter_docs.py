"""The adapters' pages (docs/openspiel.md, docs/pettingzoo.md) print what they say they print:
each page's Python examples run in order in one session and their output is compared with the
``prints:`` block after each; the missing-extra error they quote is the one the library raises;
both pages are in the site's navigation."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from fresco_rules.kernel.extras import MissingExtra

ROOT = Path(__file__).parents[2]
PAGES = {"openspiel": "pyspiel", "pettingzoo": "pettingzoo"}
"""Page (and extra) -> the module the page says is missing without the extra."""
EXAMPLE = re.compile(
    r"```python\n((?:(?!```).)*?)```\n\nprints:\n\n```text\n(.*?)```", flags=re.DOTALL
)


def _page(extra: str) -> str:
    return (ROOT / "docs" / f"{extra}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("extra", PAGES)
def test_every_python_example_states_its_output(extra: str) -> None:
    page = _page(extra)
    assert len(EXAMPLE.findall(page)) == page.count("```python\n") >= 4


@pytest.mark.parametrize("extra", PAGES)
def test_python_examples_print_what_the_page_shows(extra: str) -> None:
    session: dict[str, object] = {}
    for code, expected in EXAMPLE.findall(_page(extra)):
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code, f"docs/{extra}.md", "exec"), session)
        assert printed.getvalue() == expected, code.splitlines()[0]


@pytest.mark.parametrize(("extra", "missing"), PAGES.items())
def test_the_page_quotes_the_missing_extra_error(extra: str, missing: str) -> None:
    error = MissingExtra(f"fresco_rules.{extra}", extra, missing)
    assert f"```text\n{error}\n```" in _page(extra)


def test_both_pages_are_in_the_navigation() -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "- OpenSpiel: openspiel.md" in nav and "- PettingZoo: pettingzoo.md" in nav
