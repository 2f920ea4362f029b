"""The Fresco engine is a base game plus plug-in modules (design.md "modules as plug-ins"): the
engine's dispatch table is the base game's rules plus each plug-in's, and no base file imports a
module's file: only the plug-in list (``plugins.py``) does, and, until issue 24 moves each
module's component-data section into its own folder, the component-data files."""

from __future__ import annotations

import ast
from collections.abc import Iterable
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
from fresco_rules.fresco.plugins import PLUGINS
from fresco_rules.fresco.records import state_to_json
from fresco_rules.fresco.state import module_slot
from fresco_rules.games import PACKAGES

FRESCO = Path(__file__).resolve().parents[1] / "src" / "fresco_rules" / "fresco"


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
def test_G_1_every_plugin_is_listed_in_module_order() -> None:
    assert tuple(p.module for p in PLUGINS) == tuple(Module)


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


def test_each_plugin_declares_its_sub_state_and_its_record_key() -> None:
    """Issue 24: the module slot is written as the keys, in the order, of the ``State`` fields
    the six modules' sub-states were (records and positions unchanged)."""
    state = new_game(GameConfig(players=3, modules=frozenset(Module)), 1)
    for plugin in PLUGINS:
        assert type(state.modules[module_slot(plugin.module)]) is plugin.state_type
    layout = ["altar_used", "well", "gold", "glass", "restoring", "scored"]
    layout += ["specials", "requests", "portraits"]
    keys = list(state_to_json(state))
    assert [key for key in keys if key in layout] == layout  # a new module's key may follow
    assert "modules" not in keys and len(keys) == len(set(keys))


def test_the_plugins_notation_words_are_their_own() -> None:
    """No two plug-ins (nor a plug-in and the base game) claim the same verb or word."""
    verbs = [verb for p in PLUGINS if p.notation for verb in p.notation.parsers]
    words = [word for p in PLUGINS if p.notation for word in p.notation.simple.values()]
    assert len(verbs) == len(set(verbs)) and not set(verbs) & {"up", "plan", "buy", "restore"}
    assert len(words) == len(set(words)) and not set(words) & {"studio", "theatre", "end"}


def test_no_base_file_imports_a_module_file() -> None:
    module_files = {
        f"fresco_rules.fresco.modules.{path.stem}"
        for path in (FRESCO / "modules").glob("*.py")
        if path.stem != "__init__"
    }
    assert {
        "fresco_rules.fresco.modules.wishing_well",
        "fresco_rules.fresco.modules.wishing_well_state",
        "fresco_rules.fresco.modules.wishing_well_actions",
        "fresco_rules.fresco.modules.wishing_well_data",
    } <= module_files
    importers = {path.name for path in FRESCO.glob("*.py") if _imported(path) & module_files}
    assert importers == {"plugins.py"}


SRC = FRESCO.parent
GAME_FOLDERS = {name: SRC / package.rpartition(".")[2] for name, package in PACKAGES.items()}


def _module_of(path: Path) -> list[str]:
    """The package a file's relative imports start from (``fresco_rules.conform`` for
    ``conform/cli.py``)."""
    return ["fresco_rules", *path.relative_to(SRC).parent.parts]


def _is_registry_list(node: ast.AST, path: Path) -> bool:
    """The one place outside the games' folders that names them: games.py's ``PACKAGES``."""
    return (
        path == SRC / "games.py"
        and isinstance(node, ast.Assign)
        and [getattr(t, "id", None) for t in node.targets] == ["PACKAGES"]
    )


def _names_a_game(text: str) -> bool:
    """A game's name (any case), its package or a module of it."""
    packages = list(PACKAGES.values())
    return text.lower() in GAME_FOLDERS or any(
        text == p or text.startswith(f"{p}.") for p in packages
    )


def game_mentions(path: Path, *, as_if: Path | None = None) -> list[str]:
    """Where a file names a game: an import of a game package (or a module of one) and a
    string literal that is a game's name or a game's module path. ``as_if``: where the file is
    checked as standing (for the test of the check)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    path = as_if or path
    skipped = {
        id(n) for top in ast.walk(tree) if _is_registry_list(top, path) for n in ast.walk(top)
    }
    found: list[str] = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        imported: list[str] = []
        if isinstance(node, ast.Import):
            imported = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            package = _module_of(path)
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            imported = [module, *(f"{module}.{alias.name}" for alias in node.names)]
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and _names_a_game(node.value)
        ):
            found.append(f"{path.relative_to(SRC)}:{node.lineno}: {node.value!r}")
        found += [
            f"{path.relative_to(SRC)}:{getattr(node, 'lineno', 0)}: imports {name}"
            for name in imported
            if _names_a_game(name)
        ]
    return found


def test_no_file_outside_a_games_folder_names_a_game() -> None:
    """Issue 23: every tool takes its games from the registry (games.py's ``PACKAGES``) and
    nothing else; a game's own folder may name it."""
    outside = [
        path
        for path in sorted(SRC.rglob("*.py"))
        if not any(path.is_relative_to(folder) for folder in GAME_FOLDERS.values())
    ]
    assert SRC / "cli.py" in outside and SRC / "games.py" in outside
    found = [mention for path in outside for mention in game_mentions(path)]
    assert found == []


def test_the_check_sees_imports_and_names_of_games(tmp_path: Path) -> None:
    """The check above finds what it looks for (and not the registry's own list)."""
    probe = SRC / "conform" / "probe.py"
    text = (
        "from .. import carcassonne\n"
        "from ..fresco.vocab import Paint\n"
        "import fresco_rules.barbarossa.engine\n"
        'GAME = "Fresco"\n'
        'MODULE = "fresco_rules.carcassonne.render"\n'
        'PACKAGES = {"fresco": "fresco_rules.fresco"}\n'
        'NOT_A_GAME = "frescoes and fresco_rules"\n'
    )
    written = tmp_path / "probe.py"
    written.write_text(text, encoding="utf-8")
    found = game_mentions(written, as_if=probe)
    assert sorted(found) == [
        "conform/probe.py:1: imports fresco_rules.carcassonne",
        "conform/probe.py:2: imports fresco_rules.fresco.vocab",
        "conform/probe.py:2: imports fresco_rules.fresco.vocab.Paint",
        "conform/probe.py:3: imports fresco_rules.barbarossa.engine",
        "conform/probe.py:4: 'Fresco'",
        "conform/probe.py:5: 'fresco_rules.carcassonne.render'",
        "conform/probe.py:6: 'fresco'",
        "conform/probe.py:6: 'fresco_rules.fresco'",
    ]
    registry = tmp_path / "games.py"
    registry.write_text(text.splitlines()[5] + "\n", encoding="utf-8")
    assert game_mentions(registry, as_if=SRC / "games.py") == []


SCRIPTS = SRC.parents[1] / "scripts"
_IMPORTERS = frozenset({"import_module", "__import__", "find_spec"})
_LOOKUPS = frozenset({"game_package", "PACKAGES"})
USER_MODULES = frozenset({("conform/cli.py", "module_name"), ("kernel/extras.py", "name")})
"""Computed imports that load a module the user names (``conform --python MODULE:FACTORY``),
or one of the constant module lists a command hands to ``kernel.extras.import_for_command``;
never a game."""

DECLARED_PACKAGES = frozenset({"scripts/docs_tables.py"})
"""Files that import the package a game's declaration names (``declaration(game).package``):
the API reference documents the package's own public names, which no declaration lists."""


def computed_imports(path: Path, shown: str) -> list[str]:
    """Where a file imports a module by a name it computes (an f-string, a concatenation, a
    variable) or looks up a game's package (``game_package``, ``PACKAGES``): the ways around
    the registry's ``declaration(name)``. ``shown``: the file's name in the findings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    constants = {  # NAME = "fresco_rules.openspiel" at the top: a constant all the same
        target.id
        for top in tree.body
        if isinstance(top, ast.Assign) and isinstance(top.value, ast.Constant)
        for target in top.targets
        if isinstance(target, ast.Name)
    }
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            called = getattr(func, "id", None) or getattr(func, "attr", None)
            argument = node.args[0] if node.args else None
            if (
                called in _IMPORTERS
                and argument is not None
                and not isinstance(argument, ast.Constant)
                and getattr(argument, "id", None) not in constants
                and (shown, getattr(argument, "id", None)) not in USER_MODULES
                and not (
                    shown in DECLARED_PACKAGES
                    and ast.unparse(argument).startswith("declaration(")
                    and ast.unparse(argument).endswith(").package")
                )
            ):
                found.append(f"{shown}:{node.lineno}: {called}({ast.unparse(argument)})")
        named = getattr(node, "id", None) or getattr(node, "attr", None)
        if isinstance(node, ast.alias):
            named = node.name
        if named in _LOOKUPS:
            found.append(f"{shown}:{getattr(node, 'lineno', 0)}: {named}")
    return found


def test_no_tool_or_script_imports_a_game_by_a_computed_name() -> None:
    """Issue 23: outside the games' folders and the registry nothing finds a game's package by
    name (``import_module(f"fresco_rules.{game}")``, ``game_package(name)``): the declaration
    is the only way in, so a third-party game serves every tool."""
    outside = [
        (path, str(path.relative_to(SRC)))
        for path in sorted(SRC.rglob("*.py"))
        if path != SRC / "games.py"
        and not any(path.is_relative_to(folder) for folder in GAME_FOLDERS.values())
    ]
    scripts = [(path, f"scripts/{path.name}") for path in sorted(SCRIPTS.glob("*.py"))]
    assert len(scripts) > 5 and (SRC / "cli.py", "cli.py") in outside
    found = [hit for path, shown in outside + scripts for hit in computed_imports(path, shown)]
    assert found == []


def test_the_check_sees_computed_imports(tmp_path: Path) -> None:
    """The check above finds every way around the registry it looks for, and not a constant
    import or the user's own module."""
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from importlib import import_module\n"
        "import importlib\n"
        "from fresco_rules.games import PACKAGES, game_package\n"
        'import_module(f"fresco_rules.{game}.render")\n'
        'importlib.import_module("fresco_rules." + game)\n'
        "__import__(package)\n"
        "import_module(game_package(name))\n"
        'import_module("fresco_rules.study")\n'
        'STUDY = "fresco_rules.study"\n'
        "import_module(STUDY)\n"
        "import_module(module_name)\n",
        encoding="utf-8",
    )
    assert computed_imports(probe, "conform/cli.py") == [
        "conform/cli.py:3: PACKAGES",
        "conform/cli.py:3: game_package",
        "conform/cli.py:4: import_module(f'fresco_rules.{game}.render')",
        "conform/cli.py:5: import_module('fresco_rules.' + game)",
        "conform/cli.py:6: __import__(package)",
        "conform/cli.py:7: import_module(game_package(name))",
        "conform/cli.py:7: game_package",
    ]


PACKAGE = FRESCO.parent
GAME_FILES = frozenset(
    {
        "__init__.py",
        "actions.py",
        "adapter_spec.py",
        "board_view.py",
        "config.py",
        "data.py",
        "declaration.py",
        "engine.py",
        "flow.py",
        "game.py",
        "picture.py",
        "records.py",
        "render.py",
        "scoring.py",
        "seat_view.py",
        "state.py",
        "study_adapter.py",
        "text_notation.py",
        "turns.py",
        "vocab.py",
        "words.py",
    }
)
"""The files every game package has, each for the same job in every game."""


def _package_modules() -> dict[str, tuple[Path, ast.Module]]:
    """Every module of fresco_rules by dotted name, with its parsed source."""
    found: dict[str, tuple[Path, ast.Module]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = ["fresco_rules", *path.relative_to(PACKAGE).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = (path, ast.parse(path.read_text(encoding="utf-8")))
    return found


def _import_base(module: str, path: Path, node: ast.ImportFrom) -> str:
    """The absolute module an ``ImportFrom`` names (relative levels resolved)."""
    if not node.level:
        return node.module or ""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    package = package[: len(package) - node.level + 1]
    return ".".join([*package, *([node.module] if node.module else [])])


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _imports(module: str, path: Path, tree: ast.Module, known: Iterable[str]) -> set[str]:
    """The modules of the package that ``module`` imports anywhere: at the top, under ``if
    TYPE_CHECKING:`` and inside functions alike."""
    known = set(known)
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = _import_base(module, path, node)
            for alias in node.names:
                name = f"{base}.{alias.name}"
                found.add(name if name in known else base)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif (  # import_module("fresco_rules.x"): a lazy import all the same
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            found.add(str(node.args[0].value))
    return {name for name in found if name in known and name != module}


def test_every_game_package_has_the_same_files_for_the_same_jobs() -> None:
    for game, folder in GAME_FOLDERS.items():
        files = {path.name for path in folder.glob("*.py")}
        assert files >= GAME_FILES, f"{game} lacks {sorted(GAME_FILES - files)}"


def test_the_version_lives_in_a_leaf_module() -> None:
    modules = _package_modules()
    path, tree = modules["fresco_rules._version"]
    assert not _imports("fresco_rules._version", path, tree, modules)
    for module, (path, tree) in modules.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and module != "fresco_rules":
                names = {alias.name for alias in node.names}
                base = _import_base(module, path, node)
                assert not ("__version__" in names and base == "fresco_rules"), module


def test_no_module_uses_another_modules_private_names() -> None:
    modules = _package_modules()
    uses: list[str] = []
    for module, (path, tree) in modules.items():
        aliases: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = _import_base(module, path, node)
                for alias in node.names:
                    if f"{base}.{alias.name}" in modules:
                        aliases[alias.asname or alias.name] = f"{base}.{alias.name}"
                    elif base in modules and base != module and _is_private(alias.name):
                        uses.append(f"{module}:{node.lineno}: from {base} import {alias.name}")
            elif isinstance(node, ast.Import):
                aliases.update({a.asname: a.name for a in node.names if a.asname})
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and aliases.get(node.value.id, module) != module
                and _is_private(node.attr)
            ):
                uses.append(f"{module}:{node.lineno}: {node.value.id}.{node.attr}")
    assert not uses, "\n".join(uses)


def _circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected parts of ``graph`` with more than one module."""
    reach: dict[str, set[str]] = {}
    for start in graph:
        seen, todo = set(), [start]
        while todo:
            for target in graph[todo.pop()]:
                if target not in seen:
                    seen.add(target)
                    todo.append(target)
        reach[start] = seen
    circles: list[set[str]] = []
    for module in sorted(graph):
        circle = {other for other in reach[module] if module in reach[other]}
        if len(circle) > 1 and circle not in circles:
            circles.append(circle)
    return circles


def test_no_import_cycle_even_counting_type_only_and_function_level_imports() -> None:
    modules = _package_modules()
    graph = {
        module: _imports(module, path, tree, modules) for module, (path, tree) in modules.items()
    }
    assert _circles(graph) == []


SHARED_DATA_CHECKS = frozenset({"check_provenance", "provenance", "count", "bounded", "unique"})


def test_the_data_modules_share_one_helper_for_their_checks() -> None:
    own: list[str] = []
    for module, (_, tree) in _package_modules().items():
        for outer in ast.walk(tree):
            if isinstance(outer, ast.FunctionDef):
                own.extend(
                    f"{module}.{outer.name}.{inner.name}"
                    for inner in ast.walk(outer)
                    if isinstance(inner, ast.FunctionDef)
                    and inner is not outer
                    and inner.name in SHARED_DATA_CHECKS
                )
    assert not own, "use kernel.data_checks.DataProblems: " + ", ".join(own)
