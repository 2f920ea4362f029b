"""Write the docs' generated tables from the code, so they cannot go stale.

    python scripts/docs_tables.py           # rewrite the tables in docs/*.md
    python scripts/docs_tables.py --check   # exit 1 if a page differs from the code

A generated table sits in a page between ``<!-- generated: NAME -->`` and
``<!-- end generated -->``; everything else on the page is hand-written. The tables:

- ``options GAME`` (one per game of ``fresco_rules.games``): every field of the game's
  ``GameConfig`` but ``players``, ``modules`` and ``components``: its name, rule ID, default,
  other values and meaning. The values of an enumerated option are its ``OPTION_TYPES`` enum's;
  the rule ID and meaning are the field's attribute docstring (``A0.4: how booths are ...``).
- ``commands``: every ``fresco-rules`` sub-command with its one-line purpose, from the parser.
- ``command options``: each sub-command's arguments and options with their help, from the parser.
- ``exit codes``: ``fresco_rules.exit_codes.TABLE``, as every ``--help`` prints it.
- ``api GAME``: the API reference of a game package, a ``mkdocstrings`` directive per public
  name (``__all__``), grouped by topic: the game protocol first, then actions, state and views,
  configuration, records, errors, data, notation, and scoring laws and vocabulary.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import itertools
import re
import sys
from collections.abc import Callable
from enum import Enum
from importlib import import_module
from pathlib import Path
from typing import Any

import attrs

from fresco_rules import cli, exit_codes
from fresco_rules.games import declaration, game_names

ROOT = Path(__file__).parents[1]
DOCS = ROOT / "docs"
NOT_OPTIONS = ("players", "modules", "components")
"""``GameConfig`` fields that are no interpretation option (they have their own flags)."""
RULE_ID = re.compile(r"^(?P<id>[A-Z][A-Z0-9]*(?:[.-][A-Z0-9]+)*(?:\.[0-9]+)?):\s*(?P<text>.*)$")
"""A docstring's leading rule ID: ``A0.4: ...``, ``A-B.17: ...``, ``FA2: ...``, ``V1 ...``."""
MARKER = re.compile(
    r"(?P<start><!-- generated: (?P<name>[^>]+?) -->\n)(?P<body>.*?)"
    r"(?P<end><!-- end generated -->)",
    flags=re.DOTALL,
)


@attrs.frozen
class Option:
    """One interpretation option of a game's ``GameConfig``, as the docs list it."""

    name: str
    rule: str
    default: str
    others: tuple[str, ...]
    meaning: str


def _one_line(doc: str) -> str:
    """A docstring as one line of markdown (reST's double backticks become single ones)."""
    return " ".join(doc.split()).replace("``", "`")


def attribute_docstrings(cls: type) -> dict[str, str]:
    """The attribute docstrings of ``cls`` (a string right after a field), by field name."""
    tree = ast.parse(inspect.getsource(cls))
    body = tree.body[0].body  # type: ignore[attr-defined]
    found: dict[str, str] = {}
    for statement, following in itertools.pairwise(body):
        if (
            isinstance(statement, ast.AnnAssign)
            and isinstance(statement.target, ast.Name)
            and isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            found[statement.target.id] = _one_line(following.value.value)
    return found


def _shown(value: Any) -> str:
    """A value as ``--option NAME=VALUE`` takes it."""
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "on" if value else "off"
    return "None" if value is None else str(value)


def game_options(game: str) -> tuple[Option, ...]:
    """Every interpretation option of ``game``'s ``GameConfig``, in field order."""
    declared = declaration(game)
    config_class: Any = declared.config_type
    enums = declared.option_types
    docs = attribute_docstrings(config_class)
    options = []
    for field in attrs.fields(config_class):
        if field.name in NOT_OPTIONS:
            continue
        kind = enums.get(field.name)
        found = RULE_ID.match(docs.get(field.name, ""))
        if found is None:
            raise ValueError(f"{game}: GameConfig.{field.name} has no docstring with a rule ID")
        default = _shown(field.default)
        if kind is not None:
            others = tuple(str(m.value) for m in kind if str(m.value) != default)
        else:
            others = (f"any `{str(field.type).replace(' | None', '')}`",)
        meaning = found["text"][:1].upper() + found["text"][1:]
        options.append(Option(field.name, found["id"], default, others, meaning))
    return tuple(options)


def options_table(game: str) -> str:
    rows = [
        "| option | rule | default | other values | what it decides |",
        "|---|---|---|---|---|",
    ]
    for option in game_options(game):
        others = ", ".join(o if o.startswith("any `") else f"`{o}`" for o in option.others)
        meaning = option.meaning.replace("|", "\\|")
        rows.append(
            f"| `{option.name}` | {option.rule} | `{option.default}` | {others} | {meaning} |"
        )
    return "\n".join(rows) + "\n"


def _subcommands() -> tuple[argparse.ArgumentParser, argparse._SubParsersAction[Any]]:
    top = cli.parser()
    found = [a for a in top._actions if isinstance(a, argparse._SubParsersAction)]
    return top, found[0]


def commands_table() -> str:
    _, commands = _subcommands()
    rows = ["| command | what it does |", "|---|---|"]
    for choice in commands._choices_actions:
        rows.append(f"| `fresco-rules {choice.dest}` | {choice.help} |")
    return "\n".join(rows) + "\n"


def _argument(action: argparse.Action) -> str:
    if not action.option_strings:
        return str(action.metavar or action.dest).upper()
    name = ", ".join(action.option_strings)
    if action.nargs == 0:
        return name
    if action.metavar is not None:
        return f"{name} {action.metavar}"
    if action.choices is not None:
        return f"{name} {{{','.join(str(c) for c in action.choices)}}}"
    return f"{name} {action.dest.upper()}"


def command_options() -> str:
    _, commands = _subcommands()
    parts = []
    for name, command in commands.choices.items():
        rows = [f"### fresco-rules {name}", "", "| argument | meaning |", "|---|---|"]
        for action in command._actions:
            if action.help == argparse.SUPPRESS or "-h" in action.option_strings:
                continue
            text = (action.help or "").replace("|", "\\|").replace("\n", " ")
            rows.append(f"| `{_argument(action)}` | {text} |")
        parts.append("\n".join(rows) + "\n")
    return "\n".join(parts)


def exit_code_table() -> str:
    return "```text\n" + exit_codes.TABLE + "\n```\n"


PROTOCOL = (
    "new_game",
    "legal_actions",
    "apply",
    "explain",
    "current_player",
    "is_over",
    "scores",
    "winners",
    "player_view",
    "token_ledger",
)
"""The game protocol every game offers, in the order a reader meets it."""
LEADING = (
    "Action",
    "ACTION_TYPES",
    "ACTIONS_BY_KIND",
    "State",
    "PlayerView",
    "GameConfig",
    "OPTION_TYPES",
    "GAME",
    "ComponentData",
)
"""The names that open their section; the action types follow in ``ACTION_TYPES`` order."""
SECTIONS = (
    "The game protocol",
    "Actions",
    "State and views",
    "Configuration and options",
    "Records",
    "Errors",
    "Component data",
    "Notation",
    "Scoring laws, vocabulary and rule IDs",
)
_SECTION_OF_MODULE = {
    "engine": 0,
    "turns": 0,
    "flow": 0,
    "state": 2,
    "seat_view": 2,
    "board_view": 2,
    "picture": 2,
    "render": 2,
    "config": 3,
    "records": 4,
    "game": 4,
    "data": 6,
    "base_data": 6,
    "text_notation": 7,
}
_SECTION_OF_NAME = {
    "ACTION_TYPES": 1,
    "Action": 1,
    "ACTIONS_BY_KIND": 1,
    "OPTION_TYPES": 3,
    "GAME": 4,
}


def _section(name: str, value: Any) -> int:
    """The API reference section of a public name: by the protocol, its kind (an action type,
    an exception) or the module that defines it; what is left goes to the last section."""
    if name in PROTOCOL:
        return 0
    if isinstance(value, type) and issubclass(value, BaseException):
        return 5
    if name in _SECTION_OF_NAME:
        return _SECTION_OF_NAME[name]
    module = getattr(value, "__module__", "") if callable(value) else ""
    if module.endswith("actions"):
        return 1
    return _SECTION_OF_MODULE.get(module.rsplit(".", 1)[-1], len(SECTIONS) - 1)


def api_sections(game: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The public names (``__all__``) of ``game``'s package grouped by topic: the protocol in
    ``PROTOCOL`` order first; in each section the ``LEADING`` names, the action types in
    ``ACTION_TYPES`` order, the rest as ``__all__`` lists them."""
    package = import_module(declaration(game).package)
    names: list[str] = list(package.__all__)
    action_order = {kind.__name__: i for i, kind in enumerate(package.ACTION_TYPES)}

    def order(name: str) -> tuple[int, int]:
        if name in PROTOCOL:
            return (0, PROTOCOL.index(name))
        if name in LEADING:
            return (1, LEADING.index(name))
        if name in action_order:
            return (2, action_order[name])
        return (3, names.index(name))

    grouped: list[list[str]] = [[] for _ in SECTIONS]
    for name in names:
        grouped[_section(name, getattr(package, name))].append(name)
    return tuple(
        (title, tuple(sorted(members, key=order)))
        for title, members in zip(SECTIONS, grouped, strict=True)
        if members
    )


def api_page(game: str) -> str:
    """The ``mkdocstrings`` directives of ``game``'s API reference, one per public name, under
    a heading per topic."""
    package = declaration(game).package
    parts = []
    for title, members in api_sections(game):
        parts.append(f"## {title}\n")
        for name in members:
            parts.append(
                f"::: {package}.{name}\n    options:\n      heading_level: 3\n"
                "      show_root_full_path: false\n"
            )
    return "\n".join(parts)


def generators() -> dict[str, Callable[[], str]]:
    """Every generated table by its marker name."""
    tables: dict[str, Callable[[], str]] = {
        "commands": commands_table,
        "command options": command_options,
        "exit codes": exit_code_table,
    }
    for game in game_names():
        tables[f"options {game}"] = lambda game=game: options_table(game)  # type: ignore[misc]
        tables[f"api {game}"] = lambda game=game: api_page(game)  # type: ignore[misc]
    return tables


def render(text: str, tables: dict[str, Callable[[], str]]) -> str:
    """``text`` with each generated section replaced by its table; an unknown name fails."""

    def fill(found: re.Match[str]) -> str:
        name = found["name"]
        if name not in tables:
            raise ValueError(f"no generated table named {name!r}")
        return f"{found['start']}\n{tables[name]()}\n{found['end']}"

    return MARKER.sub(fill, text)


def pages() -> dict[Path, str]:
    """Every docs page holding a generated table, as it should read."""
    tables = generators()
    result = {}
    for page in sorted(DOCS.rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        if MARKER.search(text):
            result[page] = render(text, tables)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    stale = []
    for page, text in pages().items():
        if page.read_text(encoding="utf-8") != text:
            stale.append(page.relative_to(ROOT).as_posix())
            if not args.check:
                page.write_text(text, encoding="utf-8")
    verb = "stale" if args.check else "rewritten"
    print(f"{verb}: {', '.join(stale)}" if stale else "every generated table is current")
    return 1 if stale and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
