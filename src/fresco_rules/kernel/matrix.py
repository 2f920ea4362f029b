"""The rules matrix: for each catalogue ID, the functions that implement it and the tests that
check it.

Implementations come from the ``implements`` registry. Tests are found statically: every
``tests/**/test_*.py`` file is parsed with ``ast`` and each ``pytest.mark.rule(...)`` call in the
decorators of a test function, method or class (or in a module's ``pytestmark``) is read. A
worked example (by default an ID starting with ``E``) with no implementing function of its own
borrows those of the rule IDs that its tests also mark. Nothing here knows a game.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from attrs import frozen

from .catalogue import RULE_ID, RuleEntry

_ID_PARTS = re.compile(
    r"(?P<prefix>[A-Z]+(?:-[A-Z]+)?)\.?(?P<major>[0-9]+)(?:\.(?P<minor>[0-9]+))?"
)
"""An ID's letters and numbers: ``R0.40``, ``B12``, ``A-B.3`` (for the natural order)."""


@frozen
class MarkedTest:
    """A test node (``tests/x/test_y.py::TestZ::test_w``, or a class or module node) with the
    rule IDs it is marked with itself and those it inherits from its class or module marks."""

    nodeid: str
    rule_ids: tuple[str, ...]
    inherited: tuple[str, ...] = ()

    @property
    def all_ids(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self.inherited + self.rule_ids))


@frozen
class MatrixRow:
    """One catalogue ID: its summary, its own implementing functions, the functions borrowed
    through co-marked rule IDs (``(rule_id, function)`` pairs) and the tests that mark it."""

    id: str
    summary: str
    functions: tuple[str, ...]
    borrowed: tuple[tuple[str, str], ...]
    tests: tuple[str, ...]

    @property
    def implemented(self) -> bool:
        return bool(self.functions or self.borrowed)

    @property
    def tested(self) -> bool:
        return bool(self.tests)


@frozen
class Matrix:
    """The rows in catalogue order, plus IDs used in code or tests that the catalogue lacks."""

    rows: tuple[MatrixRow, ...]
    unknown_implemented: tuple[str, ...]
    unknown_tested: tuple[str, ...]

    @property
    def unimplemented(self) -> tuple[str, ...]:
        return tuple(row.id for row in self.rows if not row.implemented)

    @property
    def untested(self) -> tuple[str, ...]:
        return tuple(row.id for row in self.rows if not row.tested)


def id_key(rule_id: str) -> tuple[str, int, int]:
    """Natural order of rule IDs: ``R0.2`` before ``R0.10``, ``B2`` before ``B10``,
    ``A-B.2`` before ``A-B.10``."""
    parts = _ID_PARTS.fullmatch(rule_id)
    if parts is None:
        return (rule_id, -1, -1)
    minor = parts["minor"]
    return (parts["prefix"], int(parts["major"]), -1 if minor is None else int(minor))


def _is_rule_mark(func: ast.expr) -> bool:
    """``pytest.mark.rule`` or ``mark.rule`` (after ``from pytest import mark``)."""
    if not (isinstance(func, ast.Attribute) and func.attr == "rule"):
        return False
    owner = func.value
    if isinstance(owner, ast.Name):
        return owner.id == "mark"
    return (
        isinstance(owner, ast.Attribute)
        and owner.attr == "mark"
        and isinstance(owner.value, ast.Name)
        and owner.value.id == "pytest"
    )


def _rule_ids(nodes: Iterable[ast.AST], where: str) -> tuple[str, ...]:
    """The IDs of every rule mark inside ``nodes``; a non-literal argument is an error."""
    found: list[str] = []
    for node in nodes:
        for call in ast.walk(node):
            if not (isinstance(call, ast.Call) and _is_rule_mark(call.func)):
                continue
            for arg in call.args:
                if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                    raise ValueError(f"{where}: pytest.mark.rule arguments must be string literals")
                found.append(arg.value)
    return tuple(dict.fromkeys(found))


def _module_marks(tree: ast.Module, where: str) -> tuple[str, ...]:
    values: list[ast.AST] = []
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign):
            if any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in stmt.targets):
                values.append(stmt.value)
        elif (
            isinstance(stmt, ast.AnnAssign)
            and isinstance(stmt.target, ast.Name)
            and stmt.target.id == "pytestmark"
            and stmt.value is not None
        ):
            values.append(stmt.value)
    return _rule_ids(values, where)


def _scan_body(
    body: Sequence[ast.stmt], prefix: str, inherited: tuple[str, ...], out: list[MarkedTest]
) -> None:
    for stmt in body:
        is_test = isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef) and stmt.name.startswith(
            "test"
        )
        is_class = isinstance(stmt, ast.ClassDef) and stmt.name.startswith("Test")
        if not (is_test or is_class):
            continue
        assert isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        nodeid = f"{prefix}::{stmt.name}"
        own = _rule_ids(stmt.decorator_list, nodeid)
        if own:
            out.append(MarkedTest(nodeid, own, inherited))
        if isinstance(stmt, ast.ClassDef):
            _scan_body(stmt.body, nodeid, tuple(dict.fromkeys(inherited + own)), out)


def scan_tests(tests_dir: Path, root: Path | None = None) -> tuple[MarkedTest, ...]:
    """Every node under ``tests_dir`` with a rule mark of its own, sorted by node ID.

    Node IDs are relative to ``root`` (default: the parent of ``tests_dir``). A marked class
    (or a module with ``pytestmark``) is one node; its tests with marks of their own are listed
    too and inherit its marks.
    """
    base = tests_dir.parent if root is None else root
    found: list[MarkedTest] = []
    for path in sorted(tests_dir.rglob("test_*.py")):
        relative = path.relative_to(base).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        module = _module_marks(tree, relative)
        if module:
            found.append(MarkedTest(relative, module))
        _scan_body(tree.body, relative, module, found)
    return tuple(sorted(found, key=lambda t: t.nodeid))


def build_matrix(
    catalogue: Sequence[RuleEntry],
    registry: Mapping[str, Sequence[str]],
    tests: Sequence[MarkedTest],
    *,
    borrowing_prefixes: tuple[str, ...] = ("E",),
    id_pattern: re.Pattern[str] | None = None,
) -> Matrix:
    """Join the catalogue, the ``implements`` registry and the scanned tests.

    An ID starting with one of ``borrowing_prefixes`` (worked examples) that has no function
    of its own borrows the functions of the other IDs its tests mark. With ``id_pattern``,
    registry and test IDs of another shape (another game's rules, sharing the registry and the
    tests directory) are left out.
    """
    if id_pattern is not None:
        pattern = id_pattern
        registry = {rid: names for rid, names in registry.items() if pattern.fullmatch(rid)}
        tests = [
            MarkedTest(
                test.nodeid,
                tuple(r for r in test.rule_ids if pattern.fullmatch(r)),
                tuple(r for r in test.inherited if pattern.fullmatch(r)),
            )
            for test in tests
        ]
    known = {entry.id for entry in catalogue}
    tests_by_id: dict[str, list[str]] = {}
    for test in tests:
        for rid in test.rule_ids:
            tests_by_id.setdefault(rid, []).append(test.nodeid)
    rows: list[MatrixRow] = []
    for entry in catalogue:
        own = tuple(sorted(set(registry.get(entry.id, ()))))
        borrowed: set[tuple[str, str]] = set()
        if not own and entry.id.startswith(borrowing_prefixes):
            for test in tests:
                if entry.id not in test.all_ids:
                    continue
                for other in test.all_ids:
                    if other != entry.id and not other.startswith(borrowing_prefixes):
                        borrowed.update((other, name) for name in registry.get(other, ()))
        rows.append(
            MatrixRow(
                id=entry.id,
                summary=entry.summary,
                functions=own,
                borrowed=tuple(sorted(borrowed, key=lambda p: (id_key(p[0]), p[1]))),
                tests=tuple(sorted(set(tests_by_id.get(entry.id, ())))),
            )
        )
    return Matrix(
        rows=tuple(rows),
        unknown_implemented=tuple(sorted((r for r in registry if r not in known), key=id_key)),
        unknown_tested=tuple(sorted((r for r in tests_by_id if r not in known), key=id_key)),
    )


def rules_matrix(
    catalogue: Sequence[RuleEntry],
    registry: Mapping[str, Sequence[str]],
    tests_dir: Path,
    root: Path | None = None,
    *,
    id_pattern: re.Pattern[str] | None = None,
) -> Matrix:
    """``build_matrix`` over the tests found under ``tests_dir`` (see ``scan_tests``), keeping
    only IDs of the shape ``id_pattern`` when given."""
    return build_matrix(catalogue, registry, scan_tests(tests_dir, root), id_pattern=id_pattern)


def _cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _short(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def _strip(name: str, prefix: str) -> str:
    return name[len(prefix) :] if prefix and name.startswith(prefix) else name


def render_markdown(
    matrix: Matrix,
    *,
    title: str,
    generator: str,
    strip_prefix: str = "",
    summary_width: int = 70,
) -> str:
    """The matrix as a Markdown page: a header, counts, one table row per ID and the gaps.

    ``strip_prefix`` is removed from function names (stated in the header) to keep rows short.
    """
    rows = matrix.rows
    lines = [
        f"# {title}",
        "",
        f"Generated by `{generator}`; do not edit by hand.",
        "",
        f"- IDs: {len(rows)}",
        f"- with an implementing function: {sum(r.implemented for r in rows)}",
        f"- with a test: {sum(r.tested for r in rows)}",
    ]
    if strip_prefix:
        lines.append(f"- function names are relative to `{strip_prefix}`")
    lines += [
        "",
        "Worked examples with no function of their own list the functions of the rule IDs that",
        "their tests also mark, as `(via ID)`.",
        "",
        "| ID | rule | implemented by | tests |",
        "|---|---|---|---|",
    ]
    for row in rows:
        functions = [f"`{_strip(name, strip_prefix)}`" for name in row.functions]
        via: dict[str, list[str]] = {}
        for rid, name in row.borrowed:
            via.setdefault(name, []).append(rid)
        functions += [
            f"`{_strip(name, strip_prefix)}` (via {', '.join(rids)})"
            for name, rids in sorted(via.items())
        ]
        tests = [f"`{nodeid}`" for nodeid in row.tests]
        lines.append(
            "| "
            + " | ".join(
                [
                    row.id,
                    _cell(_short(row.summary, summary_width)),
                    _cell("<br>".join(functions)) or "—",
                    _cell("<br>".join(tests)) or "—",
                ]
            )
            + " |"
        )
    gaps = [
        ("IDs with no implementing function", matrix.unimplemented),
        ("IDs with no test", matrix.untested),
        ("IDs implemented but not in the catalogue", matrix.unknown_implemented),
        ("IDs marked by tests but not in the catalogue", matrix.unknown_tested),
    ]
    lines += ["", "## Gaps", ""]
    for label, ids in gaps:
        lines.append(f"- {label} ({len(ids)}): {', '.join(ids) if ids else 'none'}")
    return "\n".join(lines) + "\n"


__all__ = [
    "RULE_ID",
    "MarkedTest",
    "Matrix",
    "MatrixRow",
    "build_matrix",
    "id_key",
    "render_markdown",
    "rules_matrix",
    "scan_tests",
]
