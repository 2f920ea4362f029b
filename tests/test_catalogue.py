"""The kernel's rule catalogue (spec extraction, TOML round trip, loader) and matrix builder."""

from __future__ import annotations

import re
import textwrap
import tomllib
from pathlib import Path

import pytest

from fresco_rules.kernel.catalogue import (
    RuleEntry,
    catalogue_from_mapping,
    catalogue_toml,
    load_catalogue,
    parse_spec,
)
from fresco_rules.kernel.errors import InvalidData
from fresco_rules.kernel.matrix import (
    MarkedTest,
    build_matrix,
    id_key,
    render_markdown,
    scan_tests,
)

SPEC = textwrap.dedent(
    """\
    # Title

    - **Order A** is not a rule.

    ## 1. Setup

    - **R0.1** 2-4 players. *Source: rulebook.*
    - **R0.2** Market:
      - Put `all` tiles in the "bag".
        - nested \\ item
      1. first

      | a | b |
      |---|---|
      | 1 | 2 |

      *Source: seed.*

    ---

    ## E. Examples

    - **E0.1 Get-up (rulebook example).**
      - Given: **Red** on S1.
    """
)


def test_parse_spec_reads_ids_sections_titles_and_plain_text() -> None:
    entries = parse_spec(SPEC)
    assert [e.id for e in entries] == ["R0.1", "R0.2", "E0.1"]
    assert entries[0] == RuleEntry("R0.1", "1. Setup", "", "2-4 players. Source: rulebook.")
    assert entries[1].text.split("\n") == [
        "Market:",
        '- Put all tiles in the "bag".',
        "  - nested \\ item",
        "1. first",
        "a | b",
        "1 | 2",
        "Source: seed.",
    ]
    assert entries[2] == RuleEntry(
        "E0.1", "E. Examples", "Get-up (rulebook example)", "- Given: Red on S1."
    )
    assert entries[2].summary == "Get-up (rulebook example)"
    assert entries[1].summary.startswith("Market: - Put all tiles")


def test_parse_spec_rejects_a_repeated_id() -> None:
    with pytest.raises(InvalidData, match=r"R0\.1 appears twice"):
        parse_spec("- **R0.1** a\n- **R0.1** b\n")


def test_toml_round_trip() -> None:
    entries = (*parse_spec(SPEC), RuleEntry("A0.1", "A", "t", 'tab\tdel\x7f """ \\'))
    text = catalogue_toml(entries, header="generated")
    assert text.startswith("# generated\n")
    assert catalogue_from_mapping(tomllib.loads(text), source="x") == entries


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({}, "non-empty"),
        ({"rule": [{"id": "R0.1", "section": "s", "title": ""}]}, "'text'"),
        ({"rule": [{"id": "X", "section": "s", "title": "", "text": "t"}]}, "bad rule ID"),
        ({"rule": [{"id": "R0.1", "section": "s", "title": "", "text": "t", "x": 1}]}, "unknown"),
        ({"rule": [{"id": "R0.1", "section": "s", "title": "", "text": " "}]}, "no text"),
        ({"rule": [{"id": "R0.1", "section": "s", "title": "", "text": "t"}] * 2}, "twice"),
    ],
)
def test_catalogue_validation_names_the_problem(raw: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidData, match=message):
        catalogue_from_mapping(raw, source="x")


def test_fresco_catalogue_ships_with_the_package() -> None:
    catalogue = load_catalogue("fresco_rules.fresco", "data/rules.toml")
    ids = [entry.id for entry in catalogue]
    assert ids[0] == "R0.1"
    assert {"R0.40", "E0.11", "A0.21"} <= set(ids)
    with pytest.raises(InvalidData, match=r"fresco_rules\.fresco:data/missing\.toml"):
        load_catalogue("fresco_rules.fresco", "data/missing.toml")


def test_scan_tests_reads_marks_on_functions_classes_and_modules(tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    (tests / "sub").mkdir(parents=True)
    (tests / "sub" / "test_a.py").write_text(
        textwrap.dedent(
            """\
            import pytest
            from pytest import mark

            @pytest.mark.rule("R0.1", "E0.1")
            @pytest.mark.parametrize("x", [1, pytest.param(2, marks=pytest.mark.rule("R0.2"))])
            def test_one(x): ...

            def test_unmarked(): ...

            @mark.rule("R0.3")
            def helper_not_a_test(): ...

            @pytest.mark.rule("A0.1")
            class TestGroup:
                def test_inherits(self): ...

                @pytest.mark.rule("E0.2")
                def test_own(self): ...
            """
        ),
        encoding="utf-8",
    )
    (tests / "test_b.py").write_text(
        'import pytest\npytestmark = [pytest.mark.rule("R0.9"), pytest.mark.slow]\n'
        '@pytest.mark.rule("E0.9")\nasync def test_x(): ...\n',
        encoding="utf-8",
    )
    (tests / "helpers.py").write_text('@pytest.mark.rule("R0.7")\ndef test_no(): ...\n')
    assert scan_tests(tests) == (
        MarkedTest("tests/sub/test_a.py::TestGroup", ("A0.1",)),
        MarkedTest("tests/sub/test_a.py::TestGroup::test_own", ("E0.2",), ("A0.1",)),
        MarkedTest("tests/sub/test_a.py::test_one", ("R0.1", "E0.1", "R0.2")),
        MarkedTest("tests/test_b.py", ("R0.9",)),
        MarkedTest("tests/test_b.py::test_x", ("E0.9",), ("R0.9",)),
    )


def test_scan_tests_rejects_computed_rule_ids(tmp_path: Path) -> None:
    (tmp_path / "test_c.py").write_text("@pytest.mark.rule(*IDS)\ndef test_c(): ...\n")
    with pytest.raises(ValueError, match="string literals"):
        scan_tests(tmp_path)


def test_build_matrix_borrows_functions_for_examples_only() -> None:
    catalogue = [
        RuleEntry(rid, "s", "", f"text of {rid}") for rid in ("R0.1", "R0.2", "R0.10", "E0.1")
    ]
    catalogue.append(RuleEntry("E0.2", "s", "An example", ""))
    registry = {"R0.1": ["m.f", "m.g"], "R0.10": ["m.f"], "R9.9": ["m.h"], "R1.0": ["m.h"]}
    tests = [
        MarkedTest("t.py::a", ("R0.10", "E0.1")),
        MarkedTest("t.py::d", ("R0.1",), ("E0.1",)),
        MarkedTest("t.py::b", ("R0.2", "E0.2")),
        MarkedTest("t.py::c", ("X1.1",)),
    ]
    matrix = build_matrix(catalogue, registry, tests)
    rows = {row.id: row for row in matrix.rows}
    assert rows["E0.1"].borrowed == (("R0.1", "m.f"), ("R0.1", "m.g"), ("R0.10", "m.f"))
    assert rows["E0.1"].implemented and rows["E0.1"].tests == ("t.py::a",)
    assert rows["R0.1"].tests == ("t.py::d",)
    assert matrix.unimplemented == ("R0.2", "E0.2")
    assert matrix.untested == ()
    assert matrix.unknown_implemented == ("R1.0", "R9.9")
    assert matrix.unknown_tested == ("X1.1",)
    page = render_markdown(matrix, title="M", generator="gen", strip_prefix="m.")
    assert "| E0.1 | text of E0.1 | `f` (via R0.1, R0.10)<br>`g` (via R0.1) | `t.py::a` |" in page
    assert "| E0.2 | An example | — | `t.py::b` |" in page
    assert "- IDs with no implementing function (2): R0.2, E0.2" in page


OTHER_ID = re.compile(r"B[0-9]+|[AE]-B\.[0-9]+")
"""A second game's ID shape (Barbarossa's), for the ``id_pattern`` parameters."""


def test_parse_spec_takes_the_games_id_shape() -> None:
    spec = (
        "## Setup\n\n- **B1** 3-4 players.\n- **B12** A guess.\n\n"
        "## A\n\n- **A-B.3 Clamp.** Stop.\n"
    )
    assert parse_spec(spec) == ()  # the default shape is R0.1
    entries = parse_spec(spec, id_pattern=OTHER_ID)
    assert [(e.id, e.section, e.title) for e in entries] == [
        ("B1", "Setup", ""),
        ("B12", "Setup", ""),
        ("A-B.3", "A", "Clamp"),
    ]
    raw = tomllib.loads(catalogue_toml(entries))
    assert catalogue_from_mapping(raw, source="x", id_pattern=OTHER_ID) == entries
    with pytest.raises(InvalidData, match="bad rule ID 'B1'"):
        catalogue_from_mapping(raw, source="x")


def test_id_key_orders_every_id_shape_naturally() -> None:
    ids = ["R0.10", "B10", "A-B.10", "R0.2", "B2", "A-B.2", "E0.1", "X"]
    assert sorted(ids, key=id_key) == ["A-B.2", "A-B.10", "B2", "B10", "E0.1", "R0.2", "R0.10", "X"]


def test_build_matrix_keeps_only_the_games_ids() -> None:
    catalogue = [RuleEntry("B1", "s", "", "players"), RuleEntry("A-B.1", "s", "Ring", "")]
    registry = {"B1": ["b.f"], "R0.1": ["f.g"], "B9": ["b.h"]}
    tests = [MarkedTest("t.py::a", ("B1", "R0.1")), MarkedTest("t.py::b", ("A-B.1", "R0.2"))]
    everything = build_matrix(catalogue, registry, tests)
    assert everything.unknown_implemented == ("B9", "R0.1")
    assert everything.unknown_tested == ("R0.1", "R0.2")
    scoped = build_matrix(catalogue, registry, tests, id_pattern=OTHER_ID)
    assert scoped.unknown_implemented == ("B9",) and scoped.unknown_tested == ()
    assert [row.tests for row in scoped.rows] == [("t.py::a",), ("t.py::b",)]
    assert scoped.unimplemented == ("A-B.1",)
