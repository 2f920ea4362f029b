"""The Fresco engine is a base game plus plug-in modules (design.md "modules as plug-ins"): the
engine's dispatch table is the base game's rules plus each installed plug-in's, and no base file
imports a plug-in (only the leaf ``*_state``/``*_data`` records a base record holds)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from fresco_rules.fresco import (
    ACTION_TYPES,
    ACTIONS_BY_KIND,
    BuyGlass,
    ChooseIncomePaint,
    FulfilRequest,
    GameConfig,
    Gild,
    Glass,
    Module,
    Paint,
    PlacePennies,
    TakePortrait,
    UseSexton,
    UseTip,
    new_game,
)
from fresco_rules.fresco.actions import BASE_ACTION_TYPES, ModuleAction
from fresco_rules.fresco.engine import BASE_RULES, explain
from fresco_rules.fresco.extensions import installed
from fresco_rules.fresco.plugins import PLUGINS

FRESCO = Path(__file__).resolve().parents[1] / "src" / "fresco_rules" / "fresco"
LEAF_RECORDS = ("_state", "_data", "_actions")


def _imported(path: Path) -> set[str]:
    """The fresco_rules.fresco modules a file imports (relative imports resolved)."""
    package = ["fresco_rules", "fresco", *path.relative_to(FRESCO).parent.parts]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            name = ".".join([*base, *([node.module] if node.module else [])])
            found.update(f"{name}.{alias.name}" for alias in node.names)
            found.add(name)
    return found


@pytest.mark.rule("G.1")
def test_G_1_every_plugin_is_installed_in_module_order() -> None:
    assert tuple(p.module for p in PLUGINS) == tuple(Module)
    assert installed() == PLUGINS


@pytest.mark.rule("G.1")
def test_G_1_dispatch_is_the_base_rules_plus_each_plugins_actions() -> None:
    module_kinds = [kind for plugin in PLUGINS for kind in plugin.actions]
    assert (*BASE_ACTION_TYPES, *module_kinds) == ACTION_TYPES
    assert set(BASE_RULES) == set(BASE_ACTION_TYPES)
    assert all(issubclass(kind, ModuleAction) for kind in module_kinds)
    assert not any(issubclass(kind, ModuleAction) for kind in BASE_ACTION_TYPES)
    assert len(ACTIONS_BY_KIND) == len(ACTION_TYPES)


@pytest.mark.rule("G.1")
@pytest.mark.parametrize(
    "action",
    [
        TakePortrait("PT05"),
        UseSexton((0, 0)),
        FulfilRequest("general", ("F01", "F02", "F03")),
        ChooseIncomePaint(Paint.RED),
        UseTip(),
        PlacePennies(1),
        Gild(True),
        BuyGlass(Glass.RED),
    ],
)
def test_G_1_a_module_action_without_its_module_is_refused_by_its_own_validator(
    action: object,
) -> None:
    state = new_game(GameConfig(players=3), 1)
    check, _ = next(p.actions[type(action)] for p in PLUGINS if type(action) in p.actions)
    problem = explain(state, action)
    assert problem is not None and problem.rule == "G.1"
    assert problem == check(state, action)


def test_no_base_file_imports_a_plugin() -> None:
    plugin_files = {
        f"fresco_rules.fresco.modules.{path.stem}"
        for path in (FRESCO / "modules").glob("*.py")
        if path.stem != "__init__" and not path.stem.endswith(LEAF_RECORDS)
    }
    assert plugin_files == {
        "fresco_rules.fresco.modules.portraits",
        "fresco_rules.fresco.modules.requests",
        "fresco_rules.fresco.modules.special_blends",
        "fresco_rules.fresco.modules.wishing_well",
        "fresco_rules.fresco.modules.leaf_gold",
        "fresco_rules.fresco.modules.glaziers",
    }
    # adapter_spec describes the whole game, modules included, to the tools: above the engine
    facade = {"plugins.py", "__init__.py", "adapter_spec.py"}
    for path in FRESCO.glob("*.py"):
        if path.name in facade:
            continue
        assert not _imported(path) & plugin_files, f"{path.name} imports a plug-in"
