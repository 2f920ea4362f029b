"""Mutation testing of the rule modules with mutmut 3 (issue 15).

    .venv/bin/python scripts/mutation.py                      # every target, one worker
    .venv/bin/python scripts/mutation.py fresco.scoring -j 2  # named targets only
    .venv/bin/python scripts/mutation.py --list               # the targets and their tests
    .venv/bin/python scripts/mutation.py --report             # rebuild the report only
    .venv/bin/python scripts/mutation.py fresco.scoring --survivors   # re-run last survivors
    .venv/bin/python scripts/mutation.py fresco.scoring --mutants '*.x_altar_points__mutmut_*'

Each target is one rule module run against the tests that exercise it (mutmut then runs, per
mutant, only the selected tests that call the mutated function). Results go to
``mutation/results/<target>.json``; ``mutation/report.md`` and ``mutation/report.json`` sum
them up per module: generated / killed / survived / timed out / equivalent, and the survivors.

``--survivors`` re-runs only the mutants that survived (or timed out, or had no tests) in the
target's last results, and ``--mutants`` only the named ones (``fnmatch`` patterns); their new
statuses replace the old ones in the results, the rest stand. Both refuse when the module's
source changed since the full run (mutant numbers would no longer match): adding tests can only
kill more mutants, so re-running the survivors after writing tests gives the same counts as a
full run.

Two things mutmut 3 does not do out of the box, handled here without touching the library:

* It skips every decorated function but ``@staticmethod``/``@classmethod`` ones. Nearly every
  rule function carries ``@implements(...)``, which only records its rule IDs under the
  function's qualified name and returns the function unchanged, and many read-outs are cached
  (``@cache``, ``@lru_cache``, ``kernel.memo``'s ``@memo_last``/``@memo_last_call``).
  Functions whose decorators are all of these (``MUTATED_DECORATORS``) are mutated:
  ``implements`` stays on mutmut's trampoline (which keeps the function's name, qualified name
  and docstring, so the registry records the same names) and is dropped from the copies mutmut
  makes of the function (so no ``x_...__mutmut_3`` ever lands in the rules registry); a cache
  wraps each copy instead of the trampoline, so each mutant computes its own results;
  ``classmethod`` stays on both, as mutmut sets it up. ``property``, ``overload`` and
  ``abstractmethod`` still leave a function unmutated.
* Its workers fork from a process that has imported the package, so a mutant in a function
  that runs at import time (the ``NEIGHBOURS``/``ORTHOGONAL``/``ALTAR_HAND_INS`` tables, the
  prebuilt action tuples) never takes effect. Such functions are found by importing the
  mutated package in a fresh interpreter with mutmut's call recording on; every surviving (or
  test-less) mutant in one of them is re-run in a fresh interpreter, where the tables are built
  by the mutant.

Survivors that no test can tell apart from the original are listed, each with a reason, in
``mutation/equivalent.toml``; ``tests/test_mutation_equivalents.py`` checks that every entry
still names a mutant of the current code.
"""

from __future__ import annotations

import argparse
import difflib
import fnmatch
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
import tomllib
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "mutation" / "results"
EQUIVALENT_FILE = ROOT / "mutation" / "equivalent.toml"


def _examples(prefix: str = "", exclude: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The example test files of one game (``prefix``: their name after ``test_``)."""
    found = sorted((ROOT / "tests/examples").glob(f"test_{prefix}*.py"))
    return tuple(str(p.relative_to(ROOT)) for p in found if not any(x in p.name for x in exclude))


_FRESCO_TESTS = (
    *_examples(exclude=("barbarossa", "carcassonne")),
    "tests/test_golden.py",
    "tests/test_playthroughs.py",
    "tests/test_views.py",
    "tests/properties/test_laws.py",
    "tests/properties/test_hidden_information.py",
    "tests/properties/test_special_blend_laws.py",
    "tests/properties/test_fast_forms.py",
    "tests/properties/test_built_tables.py",
    "tests/test_positions.py",
)
"""Fresco's example tests, the golden games, the cheap laws, the agreement properties of the
fast forms and of the tables built once, and the loaded positions whose laws each module
declares (about 18 s in all); the playout and state-machine properties stay out, as a
surviving mutant would run them in full."""
_BARBAROSSA_TESTS = (
    *_examples("barbarossa"),
    "tests/test_golden.py",
    "tests/test_playthroughs.py",
    "tests/test_views.py",
)
_CARCASSONNE_TESTS = (
    *_examples("carcassonne"),
    "tests/test_golden.py",
    "tests/test_playthroughs.py",
)
_DISPATCH_TESTS = (
    "tests/test_dispatch.py",
    "tests/examples/test_engine_refusals.py",
    "tests/examples/test_turn_refusals.py",
    "tests/examples/test_barbarossa_refusals.py",
    "tests/examples/test_carcassonne_refusals.py",
    "tests/properties/test_shapes.py",
    "tests/test_golden.py",
)
"""The refusals of every game (K.1 included) and the golden games, for the kernel's dispatch."""
_DATA_TESTS = ("tests/test_data_checks.py", "tests/test_hostile_data_files.py")
"""The data-file checks every game shares, for the modules that load and derive the data."""


@dataclass(frozen=True)
class Target:
    """One rule module and the tests run against its mutants."""

    source: str
    tests: tuple[str, ...]

    @property
    def module(self) -> str:
        return self.source.removeprefix("src/").removesuffix(".py").replace("/", ".")


def _module_target(name: str) -> Target:
    return Target(f"src/fresco_rules/fresco/modules/{name}.py", _FRESCO_TESTS)


TARGETS: dict[str, Target] = {
    "fresco.scoring": Target("src/fresco_rules/fresco/scoring.py", _FRESCO_TESTS),
    "fresco.turns": Target("src/fresco_rules/fresco/turns.py", _FRESCO_TESTS),
    "fresco.flow": Target("src/fresco_rules/fresco/flow.py", _FRESCO_TESTS),
    "fresco.engine": Target("src/fresco_rules/fresco/engine.py", _FRESCO_TESTS),
    "fresco.extensions": Target("src/fresco_rules/fresco/extensions.py", _FRESCO_TESTS),
    "fresco.config": Target("src/fresco_rules/fresco/config.py", (*_FRESCO_TESTS, *_DATA_TESTS)),
    "fresco.data": Target("src/fresco_rules/fresco/base_data.py", (*_FRESCO_TESTS, *_DATA_TESTS)),
    "fresco.module1.portraits": _module_target("portraits"),
    "fresco.module2.requests": _module_target("requests"),
    "fresco.module3.special_blends": _module_target("special_blends"),
    "fresco.module4.wishing_well": _module_target("wishing_well"),
    "fresco.module5.leaf_gold": _module_target("leaf_gold"),
    "fresco.module6.glaziers": _module_target("glaziers"),
    "barbarossa.scoring": Target("src/fresco_rules/barbarossa/scoring.py", _BARBAROSSA_TESTS),
    "barbarossa.turns": Target("src/fresco_rules/barbarossa/turns.py", _BARBAROSSA_TESTS),
    "barbarossa.flow": Target("src/fresco_rules/barbarossa/flow.py", _BARBAROSSA_TESTS),
    "barbarossa.engine": Target("src/fresco_rules/barbarossa/engine.py", _BARBAROSSA_TESTS),
    "barbarossa.config": Target(
        "src/fresco_rules/barbarossa/config.py", (*_BARBAROSSA_TESTS, *_DATA_TESTS)
    ),
    "barbarossa.data": Target(
        "src/fresco_rules/barbarossa/data.py", (*_BARBAROSSA_TESTS, *_DATA_TESTS)
    ),
    "carcassonne.scoring": Target("src/fresco_rules/carcassonne/scoring.py", _CARCASSONNE_TESTS),
    "carcassonne.placement": Target(
        "src/fresco_rules/carcassonne/placement.py", _CARCASSONNE_TESTS
    ),
    "carcassonne.flow": Target("src/fresco_rules/carcassonne/flow.py", _CARCASSONNE_TESTS),
    "carcassonne.turns": Target("src/fresco_rules/carcassonne/turns.py", _CARCASSONNE_TESTS),
    "carcassonne.engine": Target("src/fresco_rules/carcassonne/engine.py", _CARCASSONNE_TESTS),
    "carcassonne.geometry": Target("src/fresco_rules/carcassonne/geometry.py", _CARCASSONNE_TESTS),
    "carcassonne.config": Target(
        "src/fresco_rules/carcassonne/config.py", (*_CARCASSONNE_TESTS, *_DATA_TESTS)
    ),
    "carcassonne.data": Target(
        "src/fresco_rules/carcassonne/data.py", (*_CARCASSONNE_TESTS, *_DATA_TESTS)
    ),
    "kernel.dispatch": Target("src/fresco_rules/kernel/dispatch.py", _DISPATCH_TESTS),
}
"""Every rule module (every file of a game that carries a rule ID with ``@implements``;
``tests/test_mutation_equivalents.py`` checks that none is missing), smallest and most central
first within each game, and the kernel's dispatch (K.1), which every game's ``apply`` and
``explain`` run."""


# --- mutmut handling of decorated functions ---------------------------------------------------

TRAMPOLINE_DECORATORS = frozenset({"implements", "classmethod", "staticmethod"})
"""Decorators that stay on mutmut's trampoline only (``implements`` records the function's
rule IDs under its qualified name, which the trampoline keeps) or on both the trampoline and the
copies (``classmethod``, ``staticmethod``: mutmut binds the copies through the class)."""
BINDING_DECORATORS = frozenset({"classmethod", "staticmethod"})
COPY_DECORATORS = frozenset({"cache", "lru_cache", "memo_last", "memo_last_call"})
"""Decorators that wrap each copy mutmut makes of a function, not the trampoline: each mutant
then has its own cache, empty in the worker that runs it, so a result the clean test run cached
for the original never hides a mutant."""
MUTATED_DECORATORS = TRAMPOLINE_DECORATORS | COPY_DECORATORS
"""A function decorated only with these is mutated; any other decorator (``property``,
``overload``, ``abstractmethod``) leaves it alone, as mutmut does."""


def _decorator_name(decorator: Any) -> str | None:
    """``cache`` for ``@cache``, ``lru_cache`` for ``@lru_cache(maxsize=64)``."""
    import libcst as cst

    node = decorator.decorator
    if isinstance(node, cst.Call):
        node = node.func
    return node.value if isinstance(node, cst.Name) else None


def _is_implements(decorator: Any) -> bool:
    return _decorator_name(decorator) == "implements"


def patch_mutmut() -> None:
    """Let mutmut mutate decorated functions whose decorators are all ``MUTATED_DECORATORS``."""
    import libcst as cst
    from mutmut.mutation import file_mutation as fm

    if getattr(fm, "_fresco_patched", False):
        return
    skip = fm.MutationVisitor._skip_node_and_children
    arrange = fm.function_trampoline_arrangement

    def skip_node_and_children(self: Any, node: Any) -> bool:
        if (
            isinstance(node, cst.FunctionDef)
            and node.decorators
            and all(_decorator_name(d) in MUTATED_DECORATORS for d in node.decorators)
        ):
            # judged as if undecorated (the decorators' arguments are never mutated: mutmut
            # skips every Decorator node)
            return bool(skip(self, node.with_changes(decorators=())))
        return bool(skip(self, node))

    def trampoline_arrangement(function: Any, mutants: Any, class_name: Any) -> Any:
        binding = [d for d in function.decorators if _decorator_name(d) in BINDING_DECORATORS]
        # mutmut sees only the class/static binding, so it sets up a classmethod's trampoline
        plain = function.with_changes(decorators=binding)
        declared, methods, assigned, names = arrange(plain, mutants, class_name)
        trampoline = methods[0]
        kept = [d for d in function.decorators if _decorator_name(d) in TRAMPOLINE_DECORATORS]
        trampoline = trampoline.with_changes(decorators=[*kept, trampoline.decorators[-1]])
        copy_decorators = [d for d in function.decorators if not _is_implements(d)]
        copies = [m.with_changes(decorators=copy_decorators) for m in methods[1:]]
        return declared, [trampoline, *copies], assigned, names

    fm.MutationVisitor._skip_node_and_children = skip_node_and_children  # type: ignore[method-assign]
    fm.function_trampoline_arrangement = trampoline_arrangement
    fm._fresco_patched = True  # type: ignore[attr-defined]


# --- listing mutants (shared with the equivalent-file test) -------------------------------------


@dataclass(frozen=True)
class MutantInfo:
    """One mutant: its mutmut name, the function it lives in, and the lines it changes."""

    name: str
    function: str
    removed: tuple[str, ...]
    added: tuple[str, ...]


def _changed_lines(before: str, after: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    removed: list[str] = []
    added: list[str] = []
    for line in difflib.unified_diff(before.split("\n"), after.split("\n"), lineterm="", n=0):
        if line.startswith(("---", "+++", "@@")):
            continue
        if line.startswith("-"):
            removed.append(line[1:].strip())
        elif line.startswith("+"):
            added.append(line[1:].strip())
    return tuple(removed), tuple(added)


def list_mutants(source: str, functions: Collection[str] | None = None) -> list[MutantInfo]:
    """Every mutant mutmut generates for ``source`` (a path under src/), in mutmut's naming;
    with ``functions`` (qualified names), only the mutants of those functions (the others are
    still counted, so the names are the same, but not rendered: rendering is the slow part)."""
    import libcst as cst
    from mutmut.mutation.file_mutation import create_mutations, deep_replace
    from mutmut.mutation.trampoline_templates import mangle_function_name

    patch_mutmut()
    path = ROOT / source
    module_name = Target(source, ()).module
    code = path.read_text()
    module, mutations, _, _ = create_mutations(str(path), code)
    parents: dict[int, str] = {}
    for statement in module.body:
        if isinstance(statement, cst.ClassDef):
            for item in statement.body.body:
                if isinstance(item, cst.FunctionDef):
                    parents[id(item)] = statement.name.value
    counters: dict[str, int] = {}
    originals: dict[int, str] = {}  # the code of each function, rendered once
    found = []
    for mutation in mutations:
        function = mutation.contained_by_top_level_function
        if not isinstance(function, cst.FunctionDef):
            continue  # mutmut applies mutations inside functions and methods only
        cls = parents.get(id(function))
        mangled = mangle_function_name(name=function.name.value, class_name=cls) + "__mutmut"
        counters[mangled] = counters.get(mangled, 0) + 1
        qualname = function.name.value if cls is None else f"{cls}.{function.name.value}"
        if functions is not None and qualname not in functions:
            continue
        mutated = deep_replace(function, mutation.original_node, mutation.mutated_node)
        if id(function) not in originals:
            originals[id(function)] = cst.Module([function]).code
        after = cst.Module([mutated]).code  # type: ignore[list-item]
        removed, added = _changed_lines(originals[id(function)], after)
        found.append(
            MutantInfo(
                name=f"{module_name}.{mangled}_{counters[mangled]}",
                function=qualname,
                removed=removed,
                added=added,
            )
        )
    return found


@dataclass(frozen=True)
class Equivalent:
    """One entry of ``mutation/equivalent.toml``."""

    module: str
    function: str
    original: str
    mutant: str
    reason: str

    def matches(self, info: MutantInfo) -> bool:
        return (
            info.function == self.function
            and " ".join(info.removed) == self.original
            and " ".join(info.added) == self.mutant
        )


def load_equivalents(path: Path = EQUIVALENT_FILE) -> list[Equivalent]:
    data = tomllib.loads(path.read_text())
    return [Equivalent(**entry) for entry in data.get("equivalent", [])]


# --- running a target -------------------------------------------------------------------------


def _mutmut_child(name: str, workers: int, only: Sequence[str] = ()) -> None:
    """Run mutmut on one target (in a process of its own: mutmut keeps global state); ``only``:
    the names (or ``fnmatch`` patterns) of the mutants to run, none for all."""
    from mutmut import __main__ as mm
    from mutmut.configuration import config

    patch_mutmut()
    target = TARGETS[name]
    cfg = config()
    cfg.only_mutate = [target.source]
    cfg.pytest_add_cli_args_test_selection = list(target.tests)
    mm._run(list(only), max_children=workers)


def _statuses(target: Target) -> dict[str, str]:
    from mutmut.stats import status_by_exit_code

    meta = ROOT / "mutants" / (target.source + ".meta")
    data = json.loads(meta.read_text())
    return {k: status_by_exit_code[v] for k, v in data["exit_code_by_key"].items()}


def _import_time_functions() -> set[str]:
    """The mangled names of mutated functions that run while the game packages import."""
    script = (
        "import json, sys\n"
        "from mutmut.state import state\n"
        "from fresco_rules.games import declaration, game_names\n"
        "for name in game_names(): declaration(name)\n"
        "json.dump(sorted(state()._stats), sys.stdout)\n"
    )
    env = {**os.environ, "MUTANT_UNDER_TEST": "stats", "PYTHONPATH": str(ROOT / "mutants/src")}
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT / "mutants",
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return set(json.loads(done.stdout))


def _fresh_run(mutant: str, tests: Sequence[str]) -> str:
    """Run ``tests`` against ``mutant`` in a fresh interpreter: 'killed' or 'survived'."""
    env = {
        **os.environ,
        "MUTANT_UNDER_TEST": mutant,
        "PYTHONPATH": str(ROOT / "mutants/src"),
    }
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-n", "0", *tests],
        cwd=ROOT / "mutants",
        env=env,
        capture_output=True,
        text=True,
    )
    return "survived" if done.returncode == 0 else "killed"


def _source_digest(target: Target) -> str:
    return hashlib.sha256((ROOT / target.source).read_bytes()).hexdigest()


def last_results(name: str) -> dict[str, Any] | None:
    """The target's results of its last run, or None."""
    path = RESULTS / f"{name}.json"
    return json.loads(path.read_text()) if path.exists() else None


def survivors_of(name: str) -> list[str]:
    """The mutants of the target's last results that were not killed."""
    previous = last_results(name)
    if previous is None:
        raise SystemExit(f"{name}: no results yet; run the whole target first")
    return [m for m, row in previous["mutants"].items() if row["status"] != "killed"]


def run_target(name: str, workers: int, only: Sequence[str] = ()) -> dict[str, Any]:
    """Run one target (only the mutants ``only`` names, when given) and save its results."""
    target = TARGETS[name]
    previous = last_results(name) if only else None
    if only and (previous is None or previous.get("source_sha256") != _source_digest(target)):
        raise SystemExit(f"{name}: the source changed since the last full run; run it all")
    started = time.monotonic()
    shutil.rmtree(ROOT / "mutants", ignore_errors=True)
    env = {**os.environ, "FRESCO_MUTATION": "1"}
    log = ROOT / "mutation" / "results" / f"{name}.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("w") as out:  # mutmut's progress spinner: kept out of the terminal
        subprocess.run(
            [sys.executable, __file__, "--mutmut-child", name, "-j", str(workers), *only],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            check=True,
        )
    statuses = _statuses(target)
    if only:
        statuses = {
            m: s for m, s in statuses.items() if any(fnmatch.fnmatchcase(m, p) for p in only)
        }
    infos = {info.name: info for info in list_mutants(target.source)}
    at_import = _import_time_functions()
    fresh: list[str] = []
    for mutant, status in sorted(statuses.items()):
        if status in ("survived", "no tests") and mutant.rpartition("__mutmut_")[0] in at_import:
            statuses[mutant] = _fresh_run(mutant, target.tests)
            fresh.append(mutant)
    seconds = round(time.monotonic() - started)
    rows = {
        mutant: {
            "status": status,
            "function": infos[mutant].function if mutant in infos else "",
            "removed": list(infos[mutant].removed) if mutant in infos else [],
            "added": list(infos[mutant].added) if mutant in infos else [],
        }
        for mutant, status in sorted(statuses.items())
    }
    if previous is not None:
        result = {
            **previous,
            "tests": list(target.tests),
            "fresh_interpreter": sorted({*previous["fresh_interpreter"], *fresh}),
            "mutants": {**previous["mutants"], **rows},
            "reruns": [*previous.get("reruns", []), {"mutants": len(rows), "seconds": seconds}],
        }
    else:
        result = {
            "target": name,
            "module": target.module,
            "source": target.source,
            "source_sha256": _source_digest(target),
            "tests": list(target.tests),
            "seconds": seconds,
            "fresh_interpreter": fresh,
            "mutants": rows,
        }
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{name}.json").write_text(json.dumps(result, indent=1) + "\n")
    return result


# --- the report -------------------------------------------------------------------------------


def _summaries() -> Iterator[dict[str, Any]]:
    equivalents = load_equivalents()
    for name in TARGETS:
        path = RESULTS / f"{name}.json"
        if not path.exists():
            continue
        result = json.loads(path.read_text())
        counts = {"killed": 0, "survived": 0, "timeout": 0, "equivalent": 0, "other": 0}
        survivors = []
        for mutant, row in result["mutants"].items():
            status = row["status"]
            info = MutantInfo(mutant, row["function"], tuple(row["removed"]), tuple(row["added"]))
            if status == "survived" and any(
                e.module == result["module"] and e.matches(info) for e in equivalents
            ):
                status = "equivalent"
            if status == "survived":
                survivors.append({"mutant": mutant, **row})
            counts[status if status in counts else "other"] += 1
        generated = len(result["mutants"])
        yield {
            "target": name,
            "module": result["module"],
            "generated": generated,
            **counts,
            "killed_percent": round(100 * counts["killed"] / generated, 1) if generated else 0,
            "equivalent_percent": (
                round(100 * counts["equivalent"] / generated, 1) if generated else 0
            ),
            "seconds": result["seconds"],
            "survivors": survivors,
        }


def write_report() -> None:
    rows = list(_summaries())
    (ROOT / "mutation" / "report.json").write_text(json.dumps(rows, indent=1) + "\n")
    lines = [
        "# Mutation report",
        "",
        "Written by `scripts/mutation.py` (mutmut 3, no sampling). Kill % counts equivalent "
        "mutants (listed in `mutation/equivalent.toml`) as not killed; 'other' is mutmut's "
        "'no tests', 'suspicious' and 'segfault'.",
        "",
        "| module | generated | killed | survived | timeout | equivalent | other | killed % "
        "| run time |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['module']} | {r['generated']} | {r['killed']} | {r['survived']} | "
            f"{r['timeout']} | {r['equivalent']} | {r['other']} | {r['killed_percent']} % | "
            f"{r['seconds']} s |"
        )
    not_run = [name for name in TARGETS if name not in {r["target"] for r in rows}]
    if not_run:
        lines += ["", "Not run: " + ", ".join(f"`{n}`" for n in not_run) + "."]
    for r in rows:
        if not r["survivors"]:
            continue
        lines += ["", f"## Survivors in {r['module']}", ""]
        for s in r["survivors"]:
            change = f"`{' '.join(s['removed'])}` -> `{' '.join(s['added'])}`"
            lines.append(f"- `{s['mutant']}` ({s['function']}): {change}")
    (ROOT / "mutation" / "report.md").write_text("\n".join(lines) + "\n")


def compare(before_path: Path) -> str:
    """A markdown table of kill % before (an earlier ``report.json``) and now, per module."""
    before = {row["target"]: row for row in json.loads(before_path.read_text())}
    lines = [
        "| module | mutants | killed before | killed now | survived | timeout | equivalent "
        "| run time |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in _summaries():
        old = before.get(row["target"])
        was = f"{old['killed_percent']} %" if old else "not run"
        reruns = json.loads((RESULTS / f"{row['target']}.json").read_text()).get("reruns", [])
        extra = " + " + " + ".join(f"{r['seconds']} s" for r in reruns) if reruns else ""
        lines.append(
            f"| {row['module'].removeprefix('fresco_rules.')} | {row['generated']} | {was} | "
            f"{row['killed_percent']} % | {row['survived']} | {row['timeout']} | "
            f"{row['equivalent']} | {row['seconds']} s{extra} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("targets", nargs="*", help="targets to run (default: all)")
    parser.add_argument("-j", "--workers", type=int, default=1, help="mutmut workers (1)")
    parser.add_argument("--list", action="store_true", help="list the targets and stop")
    parser.add_argument("--report", action="store_true", help="only rebuild the report")
    parser.add_argument(
        "--survivors", action="store_true", help="re-run only the last results' survivors"
    )
    parser.add_argument(
        "--mutants", nargs="+", default=(), help="re-run only these mutants (fnmatch patterns)"
    )
    parser.add_argument(
        "--compare", type=Path, help="print kill %% before (an earlier report.json) and now"
    )
    parser.add_argument("--mutmut-child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.mutmut_child:
        os.chdir(ROOT)
        _mutmut_child(args.mutmut_child, args.workers, args.targets)
        return 0
    if args.compare:
        print(compare(args.compare))
        return 0
    if args.list:
        for name, target in TARGETS.items():
            print(f"{name}: {target.source} <- {' '.join(target.tests)}")
        return 0
    unknown = [t for t in args.targets if t not in TARGETS]
    if unknown:
        parser.error(f"unknown targets {unknown}; see --list")
    if (args.survivors or args.mutants) and len(args.targets) != 1:
        parser.error("--survivors and --mutants take exactly one target")
    if not args.report:
        for name in args.targets or TARGETS:
            only: list[str] = []
            if args.survivors:
                only = survivors_of(name)
            elif args.mutants:
                names = [m.name for m in list_mutants(TARGETS[name].source)]
                only = [m for m in names if any(fnmatch.fnmatchcase(m, p) for p in args.mutants)]
            if (args.survivors or args.mutants) and not only:
                print(f"{name}: nothing to re-run")
                continue
            started = time.monotonic()
            result = run_target(name, args.workers, only)
            ran = len(only) if only else len(result["mutants"])
            print(f"{name}: {ran} mutants in {round(time.monotonic() - started)} s")
    write_report()
    print((ROOT / "mutation" / "report.md").read_text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
