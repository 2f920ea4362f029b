"""docs/add-a-module.md describes how a Fresco module plugs in today: its list of extension
points is ``ModuleRules``'s, its ``Plugin`` fields are the record's, its copy of
``plugins.py`` is the file, the files it names exist, and its toy module 7 builds and runs on
a real game (issue 23, item 5)."""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Callable
from enum import Enum
from importlib import import_module
from pathlib import Path
from typing import Any

import attrs

from fresco_rules.fresco import GameConfig, Module, new_game, token_ledger
from fresco_rules.fresco.extensions import ModuleRules, Plugin
from fresco_rules.fresco.plugins import derive_tables
from fresco_rules.kernel.protocol import ledger_totals

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "add-a-module.md"
TEXT = PAGE.read_text(encoding="utf-8")


def marked(marker: str) -> str:
    """The fenced block or the list right after ``<!-- marker -->``."""
    after = TEXT.split(f"<!-- {marker} -->\n", 1)[1]
    if after.startswith("```"):
        return after.split("\n", 1)[1].split("```", 1)[0]
    return after.split("\n\n", 1)[0]


def names_in(listing: str) -> list[str]:
    return re.findall(r"`(\w+)`", listing)


def test_the_extension_points_are_the_hooks_of_ModuleRules() -> None:
    hooks = [
        name
        for name, value in vars(ModuleRules).items()
        if not name.startswith("_") and callable(getattr(ModuleRules, name))
    ]
    assert sorted(names_in(marked("hooks"))) == sorted(hooks)


def test_the_plugin_fields_are_the_records() -> None:
    assert names_in(marked("plugin fields")) == [field.name for field in attrs.fields(Plugin)]


def test_the_copied_registration_is_plugins_py() -> None:
    body = marked("from: src/fresco_rules/fresco/plugins.py")
    assert body in (ROOT / "src/fresco_rules/fresco/plugins.py").read_text(encoding="utf-8")


def test_the_files_and_scripts_it_names_exist() -> None:
    named = set(re.findall(r"`((?:fresco|scripts)/[\w/]+\.(?:py|toml))`", TEXT))
    assert len(named) >= 10
    for name in named:
        where = ROOT / name if name.startswith("scripts/") else ROOT / "src" / "fresco_rules" / name
        assert where.exists(), name


def test_the_toy_module_number_is_the_next_one() -> None:
    assert "    PATRONAGE = 7\n" in TEXT
    assert max(module.value for module in Module) + 1 == 7


def _toy(recorded: list[tuple[str, ...]]) -> dict[str, Any]:
    """The page's toy module, run as the file ``fresco/modules/patronage.py`` would be: each
    name it imports is taken from the module the import names (so a renamed one fails here),
    except ``Module``, which gets its member 7 as step 1 adds it, and ``implements``, which
    records instead of entering the rules registry (R7.1 is in no spec)."""
    tree = ast.parse(marked("toy module"))
    namespace: dict[str, Any] = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level:
            parts = ["fresco_rules", "fresco", "modules"][: 4 - node.level]
            module = import_module(".".join([*parts, *([node.module] if node.module else [])]))
            for alias in node.names:
                namespace[alias.asname or alias.name] = getattr(module, alias.name)
    members = {member.name: member.value for member in Module}
    namespace["Module"] = Enum("Module", {**members, "PATRONAGE": 7})

    def implements(*rules: str) -> Callable[[Any], Any]:
        recorded.append(rules)
        return lambda function: function

    namespace["implements"] = implements
    tree.body = [
        node for node in tree.body if not (isinstance(node, ast.ImportFrom) and node.level)
    ]
    exec(compile(tree, str(PAGE), "exec"), namespace)
    return namespace


def test_the_toy_module_builds_and_its_hook_runs_on_a_real_game() -> None:
    recorded: list[tuple[str, ...]] = []
    toy = _toy(recorded)
    patronage, plugin = toy["Patronage"], toy["PLUGIN"]
    assert issubclass(patronage, ModuleRules) and type(plugin) is Plugin
    assert plugin.rules is patronage and plugin.module.value == 7 and recorded == [("R7.1",)]
    for name, function in vars(patronage).items():
        if callable(function) and not name.startswith("_"):
            hook = getattr(ModuleRules, name)
            assert inspect.signature(function).parameters.keys() == (
                inspect.signature(hook).parameters.keys()
            ), name
    config = GameConfig(players=3)
    rules = patronage.build(config, derive_tables(config))
    before = new_game(config, 5)
    after = rules.setup(before)
    assert after.money == tuple(money + 1 for money in before.money)
    assert after.supply_money == before.supply_money - 3
    assert ledger_totals(token_ledger(after)) == ledger_totals(token_ledger(before))
