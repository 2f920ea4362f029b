"""Write the docs' generated tables from the code, so they cannot go stale.

    python scripts/docs_tables.py           # rewrite the tables in docs/*.md
    python scripts/docs_tables.py --check   # exit 1 if a page differs from the code

A generated table sits in a page between ``<!-- generated: NAME -->`` and
``<!-- end generated -->``; everything else on the page is hand-written. The tables:

- ``options GAME`` (one per game of ``fresco_rules.games``): every field of the game's
  ``GameConfig`` but ``players``, ``modules`` and ``components``: its name, rule ID, default,
  other values and meaning. The values of an enumerated option are its ``OPTION_TYPES`` enum's;
  the rule ID and meaning are the first line of the field's attribute docstring, or else of the
  enum's docstring (``A0.4: how booths are refilled ...``).
- ``commands``: every ``fresco-rules`` sub-command with its one-line purpose, from the parser.
- ``command options``: each sub-command's arguments and options with their help, from the parser.
- ``exit codes``: ``fresco_rules.exit_codes.TABLE``, as every ``--help`` prints it.
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
from types import ModuleType
from typing import Any

import attrs

from fresco_rules import cli, exit_codes
from fresco_rules.games import game_names, game_package

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
    config_module: ModuleType = import_module(f"{game_package(game)}.config")
    config_class = config_module.GameConfig
    enums: dict[str, type[Enum]] = config_module.OPTION_TYPES
    docs = attribute_docstrings(config_class)
    options = []
    for field in attrs.fields(config_class):
        if field.name in NOT_OPTIONS:
            continue
        kind = enums.get(field.name)
        doc = docs.get(field.name) or (_one_line(kind.__doc__ or "") if kind else "")
        found = RULE_ID.match(doc)
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


def generators() -> dict[str, Callable[[], str]]:
    """Every generated table by its marker name."""
    tables: dict[str, Callable[[], str]] = {
        "commands": commands_table,
        "command options": command_options,
        "exit codes": exit_code_table,
    }
    for game in game_names():
        tables[f"options {game}"] = lambda game=game: options_table(game)  # type: ignore[misc]
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
