#!/usr/bin/env python3
"""How the Fresco package reads: the counts issue 24 asks for, before and after a change.

    python scripts/fresco_anatomy.py [--src src] [--seeds 3]

1. Functions touching a memo or cache, per game package: a function (or method) whose own body
   or decorators name a memo or cache (``memo``, ``cache``, ``lru_cache``, ``memo_last``...) or
   a module-level mutable global (a ``global`` statement). Percent of the package's functions.
2. Base files importing a module file: Fresco files outside ``fresco/modules/`` that import a
   file of ``fresco/modules/`` (the plug-in list ``plugins.py`` is listed, and counted apart).
3. The walk of ``apply``: the Python functions of ``fresco_rules`` one call passes through, in
   call order, for the first segment ``Restore`` of a seeded random 2-player game with modules
   1-6 (functions, files, switches between files), and the median per ``apply`` over whole games.

Not a test: the figures describe the code, they do not judge it.
"""

from __future__ import annotations

import argparse
import ast
import itertools
import re
import statistics
import sys
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

CACHE_NAME = re.compile(r"memo|cache|_last_due|last_pending", re.IGNORECASE)
GAMES = ("fresco", "barbarossa", "carcassonne")


def _functions(tree: ast.AST) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node


def _own_nodes(function: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.AST]:
    """The nodes of a function's decorators and body, without nested functions' bodies."""
    yield from function.decorator_list
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        stack.extend(ast.iter_child_nodes(node))


def _touches_cache(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    for node in _own_nodes(function):
        if isinstance(node, ast.Global):
            return True
        name = (
            node.id
            if isinstance(node, ast.Name)
            else node.attr
            if isinstance(node, ast.Attribute)
            else None
        )
        if name is not None and CACHE_NAME.search(name):
            return True
    return False


def cache_counts(package: Path) -> tuple[int, int, list[str]]:
    """(functions touching a cache, all functions, their names) in a package folder."""
    touching: list[str] = []
    total = 0
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in _functions(tree):
            total += 1
            if _touches_cache(function):
                touching.append(f"{path.relative_to(package)}:{function.name}")
    return len(touching), total, touching


def module_importers(fresco: Path) -> dict[str, list[str]]:
    """Base Fresco files importing a file of ``fresco/modules/``, with what they import."""
    found: dict[str, list[str]] = {}
    for path in sorted(fresco.glob("*.py")):
        names = []
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.ImportFrom)
                and node.level == 1
                and node.module
                and (node.module == "modules" or node.module.startswith("modules."))
            ):
                names.append(node.module)
        if names:
            found[path.name] = sorted(set(names))
    return found


class Walk:
    """The ``fresco_rules`` functions called during one traced call, in order."""

    def __init__(self, root: str) -> None:
        self.root = root
        self.calls: list[tuple[str, str]] = []

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            filename = frame.f_code.co_filename
            if self.root in filename:
                name = filename.split(self.root, 1)[1]
                self.calls.append((name, frame.f_code.co_qualname))

    def figures(self) -> tuple[int, int, int, int]:
        """(calls, distinct functions, distinct files, switches between files)."""
        files = [file for file, _ in self.calls]
        switches = sum(a != b for a, b in itertools.pairwise(files))
        return len(self.calls), len(set(self.calls)), len(set(files)), switches


def traced(func: Any, *args: Any) -> tuple[Any, Walk]:
    walk = Walk("/fresco_rules/")
    sys.setprofile(walk)
    try:
        result = func(*args)
    finally:
        sys.setprofile(None)
    return result, walk


def walks(seeds: int) -> tuple[Walk | None, list[tuple[int, int, int, int]]]:
    # imported here, after main() put --src first on the path: the tree to walk is an argument
    import fresco_rules
    from fresco_rules import fresco
    from fresco_rules.kernel.play import random_playout

    print(f"(walking {Path(fresco_rules.__file__).parent})")

    config = fresco.GameConfig(players=2, modules=fresco.parse_modules("1,2,3,4,5,6"))
    first: Walk | None = None
    per_apply: list[tuple[int, int, int, int]] = []
    for seed in range(1, seeds + 1):
        playout = random_playout(fresco.GAME, config, seed)
        state = fresco.new_game(config, seed)
        for _, action in playout.steps:
            fresco.legal_actions(state)  # as a player asks before acting
            state, walk = traced(fresco.apply, state, action)
            per_apply.append(walk.figures())
            if first is None and type(action) is fresco.Restore:
                first = walk
    return first, per_apply


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--src", default="src", help="the source folder to read")
    parser.add_argument("--seeds", type=int, default=3, help="games for the per-apply median")
    parser.add_argument("--list", action="store_true", help="list the functions and the walk")
    args = parser.parse_args(argv)
    src = Path(args.src).resolve()
    sys.path.insert(0, str(src))
    print("## Functions touching a memo or cache")
    for game in GAMES:
        count, total, names = cache_counts(src / "fresco_rules" / game)
        print(f"{game}: {count} of {total} ({100 * count / total:.1f} %)")
        if args.list:
            print("".join(f"  {name}\n" for name in names), end="")
    print("\n## Base files importing a module file")
    importers = module_importers(src / "fresco_rules" / "fresco")
    others = {name: found for name, found in importers.items() if name != "plugins.py"}
    print(f"{len(others)} besides plugins.py: {', '.join(others) or '-'}")
    for name, found in importers.items():
        print(f"  {name}: {', '.join(found)}")
    print("\n## The walk of apply (2 players, modules 1-6)")
    first, per_apply = walks(args.seeds)
    if first is not None:
        calls, functions, files, switches = first.figures()
        print(
            f"first Restore (seed 1): {calls} calls, {functions} functions, "
            f"{files} files, {switches} switches between files"
        )
        if args.list:
            print("".join(f"  {file} {name}\n" for file, name in first.calls), end="")
    medians = [statistics.median(column) for column in zip(*per_apply, strict=True)]
    print(
        f"median per apply over {len(per_apply)} actions ({args.seeds} games): "
        f"{medians[0]:g} calls, {medians[1]:g} functions, {medians[2]:g} files, "
        f"{medians[3]:g} switches"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
