"""The rules matrix is current, every spec ID is implemented and tested, and the catalogue
matches the spec."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from importlib.resources import files
from pathlib import Path
from types import ModuleType

import pytest

import fresco_rules.fresco  # noqa: F401  (fills the implements registry)
from fresco_rules.barbarossa import RULE_ID as BARBAROSSA_ID
from fresco_rules.games import declaration, game_names
from fresco_rules.kernel.catalogue import RULE_ID, RuleEntry, load_catalogue
from fresco_rules.kernel.matrix import Matrix, rules_matrix
from fresco_rules.kernel.registry import implementations

ROOT = Path(__file__).parents[1]
SPECS = (
    ROOT.parent / "shared/rules/fresco-base.md",
    ROOT.parent / "shared/rules/fresco-modules-456.md",
    ROOT.parent / "shared/rules/fresco-modules-123.md",
)
MATRIX_DOC = ROOT / "docs" / "rules-matrix.md"
FRESCO_ID = re.compile(r"(?:[AEGR][0-9]*|[AE]?M)\.[0-9]+")
"""Fresco's IDs (R, E, A and G; M, EM and AM for modules 1-3): Carcassonne's C0.1-C0.3 have the
kernel's default shape too."""
SPEC_ID = re.compile(r"^(?:- |\| )\*\*((?:[A-Z][0-9]*|[AE]M)\.[0-9]+)\b", re.MULTILINE)
"""A rule bullet, or a table row headed by an ID (the score tables of the module spec)."""


def _catalogue() -> tuple[RuleEntry, ...]:
    return declaration("fresco").catalogue()  # the base game's section and every module's


def _matrix() -> Matrix:
    return rules_matrix(_catalogue(), implementations(), ROOT / "tests", ROOT, id_pattern=FRESCO_ID)


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rules_matrix", ROOT / "scripts/rules_matrix.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_matrix_is_current() -> None:
    fresh = _generator().generate(ROOT / "tests", ROOT)
    committed = MATRIX_DOC.read_text(encoding="utf-8") if MATRIX_DOC.exists() else ""
    assert committed == fresh, "docs/rules-matrix.md is stale: run `python scripts/rules_matrix.py`"


def test_every_rule_is_implemented_and_tested() -> None:
    matrix = _matrix()
    problems = []
    if matrix.unimplemented:
        problems.append(f"no implementing function: {', '.join(matrix.unimplemented)}")
    if matrix.untested:
        problems.append(f"no test marked with @pytest.mark.rule: {', '.join(matrix.untested)}")
    assert not problems, "; ".join(problems)


def test_code_and_tests_name_only_catalogue_ids() -> None:
    matrix = _matrix()
    assert not matrix.unknown_implemented, (
        f"@implements IDs not in the spec: {matrix.unknown_implemented}"
    )
    assert not matrix.unknown_tested, (
        f"pytest.mark.rule IDs not in the spec: {matrix.unknown_tested}"
    )


def test_catalogue_matches_spec() -> None:
    catalogue = _catalogue()
    ids = [entry.id for entry in catalogue]
    assert ids, "the rule catalogue is empty"
    assert len(ids) == len(set(ids)), "the rule catalogue repeats an ID"
    for entry in catalogue:
        assert RULE_ID.fullmatch(entry.id), entry
        assert entry.section.strip(), f"{entry.id} has no section"
        assert entry.summary.strip(), f"{entry.id} has no text"
        assert "**" not in entry.text + entry.title, f"{entry.id} still holds markdown bold"
    if all(spec.exists() for spec in SPECS):
        spec_ids = {i for spec in SPECS for i in SPEC_ID.findall(spec.read_text(encoding="utf-8"))}
        missing = sorted(spec_ids - set(ids))
        extra = sorted(set(ids) - spec_ids)
        assert not missing and not extra, (
            f"catalogue out of date with {', '.join(spec.name for spec in SPECS)} "
            f"(run `python scripts/extract_rules.py`): missing {missing}, extra {extra}"
        )
    else:
        kinds = {entry.id[0] for entry in catalogue}
        assert "R" in kinds, f"no R rules in the catalogue, only {sorted(kinds)}"


# --- Barbarossa: its own catalogue, matrix page and rule IDs (B1, A-B.1, E-B.1) ---------------

BARBAROSSA_SPEC = ROOT.parent / "shared/rules/barbarossa.md"
BARBAROSSA_DOC = ROOT / "docs" / "rules-matrix-barbarossa.md"
BARBAROSSA_SPEC_ID = re.compile(r"^- \*\*(B[0-9]+|[AE]-B\.[0-9]+)\b", re.MULTILINE)


def _barbarossa_catalogue() -> tuple[RuleEntry, ...]:
    return load_catalogue("fresco_rules.barbarossa", "data/rules.toml", id_pattern=BARBAROSSA_ID)


def _barbarossa_matrix() -> Matrix:
    return rules_matrix(
        _barbarossa_catalogue(), implementations(), ROOT / "tests", ROOT, id_pattern=BARBAROSSA_ID
    )


def test_committed_barbarossa_matrix_is_current() -> None:
    fresh = _generator().generate(ROOT / "tests", ROOT, "barbarossa")
    committed = BARBAROSSA_DOC.read_text(encoding="utf-8") if BARBAROSSA_DOC.exists() else ""
    assert committed == fresh, (
        "docs/rules-matrix-barbarossa.md is stale: run `python scripts/rules_matrix.py`"
    )


def test_every_barbarossa_rule_is_implemented_and_tested() -> None:
    matrix = _barbarossa_matrix()
    assert not matrix.unimplemented, f"no implementing function: {matrix.unimplemented}"
    assert not matrix.untested, f"no test marked with @pytest.mark.rule: {matrix.untested}"
    assert not matrix.unknown_implemented, (
        f"@implements IDs not in the spec: {matrix.unknown_implemented}"
    )
    assert not matrix.unknown_tested, (
        f"pytest.mark.rule IDs not in the spec: {matrix.unknown_tested}"
    )


def test_barbarossa_catalogue_matches_spec() -> None:
    catalogue = _barbarossa_catalogue()
    ids = [entry.id for entry in catalogue]
    assert len(ids) == len(set(ids)), "the rule catalogue repeats an ID"
    for entry in catalogue:
        assert entry.section.strip() and entry.summary.strip(), entry.id
        assert "**" not in entry.text + entry.title, f"{entry.id} still holds markdown bold"
    rules = {rid for rid in ids if rid.startswith("B")}
    assert rules == {f"B{n}" for n in range(1, 25)}, "B1-B24"
    assert sum(rid.startswith("A-B.") for rid in ids) == 22
    assert sum(rid.startswith("E-B.") for rid in ids) == 13
    if BARBAROSSA_SPEC.exists():
        spec_ids = set(BARBAROSSA_SPEC_ID.findall(BARBAROSSA_SPEC.read_text(encoding="utf-8")))
        assert spec_ids == set(ids), (
            "catalogue out of date with barbarossa.md "
            "(run `python scripts/extract_rules.py --game barbarossa`)"
        )


# --- Carcassonne: its own catalogue, matrix page and rule IDs (C1, CA1, F1, FA1, EC.1) --------

CARCASSONNE_SPEC = ROOT.parent / "shared/rules/carcassonne-festival.md"
CARCASSONNE_DOC = ROOT / "docs" / "rules-matrix-carcassonne.md"


def _carcassonne_matrix() -> Matrix:
    from fresco_rules.carcassonne import RULE_ID as CARCASSONNE_ID

    catalogue = load_catalogue(
        "fresco_rules.carcassonne", "data/rules.toml", id_pattern=CARCASSONNE_ID
    )
    return rules_matrix(
        catalogue, implementations(), ROOT / "tests", ROOT, id_pattern=CARCASSONNE_ID
    )


def test_committed_carcassonne_matrix_is_current() -> None:
    fresh = _generator().generate(ROOT / "tests", ROOT, "carcassonne")
    committed = CARCASSONNE_DOC.read_text(encoding="utf-8") if CARCASSONNE_DOC.exists() else ""
    assert committed == fresh, (
        "docs/rules-matrix-carcassonne.md is stale: run `python scripts/rules_matrix.py`"
    )


def test_every_carcassonne_rule_is_implemented_and_tested() -> None:
    matrix = _carcassonne_matrix()
    assert not matrix.unimplemented, f"no implementing function: {matrix.unimplemented}"
    assert not matrix.untested, f"no test marked with @pytest.mark.rule: {matrix.untested}"
    assert not matrix.unknown_implemented, (
        f"@implements IDs not in the spec: {matrix.unknown_implemented}"
    )
    assert not matrix.unknown_tested, (
        f"pytest.mark.rule IDs not in the spec: {matrix.unknown_tested}"
    )


def test_carcassonne_catalogue_matches_spec() -> None:
    from fresco_rules.carcassonne import RULE_ID as CARCASSONNE_ID

    catalogue = load_catalogue(
        "fresco_rules.carcassonne", "data/rules.toml", id_pattern=CARCASSONNE_ID
    )
    ids = [entry.id for entry in catalogue]
    assert len(ids) == len(set(ids)) == 56, (
        "C0.1-C0.3, C1-C20, V1-V3, CA1-CA8, F1-F8, FA1-FA6, EC, EF"
    )
    for entry in catalogue:
        assert entry.section.strip() and entry.summary.strip(), entry.id
        assert "**" not in entry.text + entry.title, f"{entry.id} still holds markdown bold"
    if CARCASSONNE_SPEC.exists():
        bullet = re.compile(rf"^- \*\*({CARCASSONNE_ID.pattern})\b", re.MULTILINE)
        spec_ids = set(bullet.findall(CARCASSONNE_SPEC.read_text(encoding="utf-8")))
        assert spec_ids == set(ids), (
            "catalogue out of date with carcassonne-festival.md "
            "(run `python scripts/extract_rules.py --game carcassonne`)"
        )


# --- every game: the shipped catalogue is the spec's text, not only its IDs -------------------


@pytest.mark.parametrize("game", game_names())
def test_shipped_catalogue_text_is_the_specs(game: str, tmp_path: Path) -> None:
    """The catalogue `fresco-rules rules` shows is extracted from the spec; a spec edit that
    changes a rule's words (as the 2026-12 widening of B24 did) must be extracted again. Every
    section the game declares (Fresco: the base game's and each module's) is compared."""
    declared = declaration(game)
    specs = [ROOT.parent / "shared/rules" / name for name in declared.rule_specs]
    assert all(spec.exists() for spec in specs), f"the spec of {game} is beside the checkout"
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts/extract_rules.py"),
            "--game",
            game,
            "--output",
            str(tmp_path),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    for section in declared.catalogue_sections:
        fresh = tmp_path / section.resource
        shipped = Path(str(files(declared.package) / section.resource))
        assert fresh.read_text(encoding="utf-8") == shipped.read_text(encoding="utf-8"), (
            f"{game}'s catalogue ({section.resource}) is out of date with its spec "
            f"(run `python scripts/extract_rules.py --game {game}`)"
        )
    written = sorted(path.relative_to(tmp_path).as_posix() for path in tmp_path.rglob("*.toml"))
    assert written == sorted(section.resource for section in declared.catalogue_sections)
