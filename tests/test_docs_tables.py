"""The docs say what the code does: the generated tables (options, commands, exit codes) equal
what ``scripts/docs_tables.py`` renders from the code now, every option names a rule of its
game, every action type has a row in its game's notation table, the pages and docstrings that
list Fresco's modules name modules 1-6, and the README (the PyPI description) has no relative
link or image."""

from __future__ import annotations

import importlib.util
import re
import sys
from importlib import import_module
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest

import fresco_rules.fresco
from fresco_rules.games import declaration, game_names

ROOT = Path(__file__).parents[1]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("docs_tables", ROOT / "scripts/docs_tables.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("docs_tables", module)
    spec.loader.exec_module(module)
    return module


TABLES = _script()


def test_every_generated_table_is_current() -> None:
    pages: dict[Path, str] = TABLES.pages()
    names = {found["name"] for text in pages.values() for found in TABLES.MARKER.finditer(text)}
    assert names == set(TABLES.generators()), "every table is on a page, once or more"
    stale = [
        page.relative_to(ROOT).as_posix()
        for page, text in pages.items()
        if page.read_text(encoding="utf-8") != text
    ]
    assert not stale, f"run: python scripts/docs_tables.py (stale: {stale})"


def test_a_changed_default_makes_the_page_stale() -> None:
    """The check can fail: a page holding yesterday's default is not what the code renders."""
    page = (ROOT / "docs/fresco.md").read_text(encoding="utf-8")
    row = "| `bishop_visit` | A4.6 | `visit_any_time` |"
    assert row in page
    old = page.replace(row, "| `bishop_visit` | A4.6 | `before_restoration` |")
    assert TABLES.render(old, TABLES.generators()) == page != old


@pytest.mark.parametrize("game", game_names())
def test_every_option_names_a_rule_of_its_game(game: str) -> None:
    rules = {entry.id for entry in declaration(game).catalogue()}
    options = TABLES.game_options(game)
    assert options and all(option.meaning for option in options)
    unknown = {option.name: option.rule for option in options if option.rule not in rules}
    assert not unknown, f"{game}: options citing no rule of the spec: {unknown}"


@pytest.mark.parametrize("game", game_names())
def test_every_config_field_has_a_one_line_doc(game: str) -> None:
    """The API reference shows each ``GameConfig`` field with its type and this docstring."""
    config_class: Any = declaration(game).config_type
    docs = TABLES.attribute_docstrings(config_class)
    missing = [f.name for f in attrs.fields(config_class) if not docs.get(f.name)]
    assert not missing, f"{game}: GameConfig fields without a docstring: {missing}"


def test_the_fresco_options_table_states_the_code_defaults() -> None:
    config = fresco_rules.fresco.GameConfig()
    by_name = {option.name: option for option in TABLES.game_options("fresco")}
    assert by_name["bishop_visit"].default == config.bishop_visit.value == "visit_any_time"
    assert by_name["bishop_visit"].rule == "A4.6"
    assert by_name["sexton"].others == ("extra_move", "any_time")


def test_the_commands_table_lists_every_subcommand() -> None:
    table: str = TABLES.commands_table()
    for command in ("play", "new", "legal", "move", "replay", "show", "rules", "data"):
        assert f"| `fresco-rules {command}` |" in table
    assert "| `fresco-rules study` |" in table and "| `fresco-rules conform` |" in table


@pytest.mark.parametrize("game", game_names())
def test_the_api_reference_groups_every_public_name_once_protocol_first(game: str) -> None:
    sections = TABLES.api_sections(game)
    titles = [title for title, _ in sections]
    assert titles == [title for title in TABLES.SECTIONS if title in titles]
    assert titles[0] == "The game protocol" and "Actions" in titles and "Notation" in titles
    listed = [name for _, members in sections for name in members]
    public = import_module(declaration(game).package).__all__
    assert sorted(listed) == sorted(public), "each public name in exactly one section"
    assert sections[0][1][:7] == (
        "new_game",
        "legal_actions",
        "apply",
        "explain",
        "current_player",
        "is_over",
        "scores",
    )
    by_title = dict(sections)
    assert by_title["Notation"] == ("legal_forms", "notation", "parse_action")
    assert "InvalidConfig" in by_title["Errors"] and "GameConfig" in by_title[titles[3]]


def _notation_rows(page: str) -> str:
    section = page.split("## Actions and their notation", 1)[1].split("\n## ", 1)[0]
    return "\n".join(line for line in section.splitlines() if line.startswith("| `"))


@pytest.mark.parametrize("game", game_names())
def test_every_action_type_has_a_notation_row(game: str) -> None:
    package: Any = import_module(declaration(game).package)
    rows = _notation_rows((ROOT / "docs" / f"{game}.md").read_text(encoding="utf-8"))
    missing = [kind.__name__ for kind in package.ACTION_TYPES if f"`{kind.__name__}(" not in rows]
    assert not missing, f"docs/{game}.md: no notation row for {missing}"


def _fresco_module_sentences(text: str) -> list[str]:
    """The sentences (or list items) of ``text`` that list Fresco's modules for combination."""
    pieces = re.split(r"(?<=[.;])\s+|\n- ", " ".join(text.split("\n")))
    return [p for p in pieces if "in any combination" in p and re.search(r"modules? 4", p)]


@pytest.mark.parametrize(
    "where",
    ["docs/index.md", "docs/fresco.md", "README.md", "CHANGELOG.md", "fresco docstring"],
)
def test_fresco_is_said_to_have_modules_1_to_6(where: str) -> None:
    if where == "fresco docstring":
        text = fresco_rules.fresco.__doc__ or ""
    else:
        text = (ROOT / where).read_text(encoding="utf-8")
    if where == "CHANGELOG.md":
        text = text.split("\n## ", 3)[2]  # the current release line (0.1.0)
    sentences = _fresco_module_sentences(text)
    assert sentences or where == "README.md"
    stale = [s for s in sentences if "modules 1-6" not in s and "modules 1 " not in s]
    assert not stale, f"{where} lists Fresco's modules as 4-6 only: {stale}"


def test_the_stale_module_wording_is_caught() -> None:
    old = "the expansion modules 4 (the Wishing Well), 5 and 6 in any combination."
    assert _fresco_module_sentences(old) == [old]


RELATIVE_LINK = re.compile(r"\]\((?!https?://)[^)]*\)|!\[|<img\b|<a\s+href=\"(?!https?://)")


def test_the_readme_has_no_relative_link_or_image() -> None:
    """README.md is the PyPI description: a relative link or an image breaks there."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = RELATIVE_LINK.findall(readme)
    assert not found, f"relative links or images in README.md: {found}"
    assert RELATIVE_LINK.search("see [the docs](docs/cli.md)")
    assert RELATIVE_LINK.search("![a plot](docs/plot.png)")
    assert not RELATIVE_LINK.search("[OpenSpiel](https://github.com/google-deepmind/open_spiel)")
