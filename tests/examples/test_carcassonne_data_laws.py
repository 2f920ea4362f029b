"""Carcassonne's tile-set laws, one bad field at a time, each refusal word for word: the 72
base tiles (C0.1) with the start tile D, the 10 Festival tiles FE1-FE10 (F1, F3, FA5), and the
geometry of each tile (edges, features, field halves and the cities a field's corners touch)."""

from __future__ import annotations

from functools import partial

import pytest

from fresco_rules.carcassonne import data as carcassonne_data
from fresco_rules.carcassonne.data import (
    components_from_mapping,
    components_to_mapping,
    default_components,
)
from fresco_rules.kernel.errors import InvalidData

from ..data_law_helpers import Edit, data_refusal

_refusal = partial(data_refusal, carcassonne_data)


@pytest.mark.rule("C0.1", "F1", "F3", "FA5")
@pytest.mark.parametrize(
    ("edit", "message"),
    [
        pytest.param(
            lambda raw: raw.update(version=0),
            "t: version must be 1 or more @ $.version",
            id="version",
        ),
        pytest.param(
            lambda raw: raw["base"][0].update(count=3),
            "t: the base game has 72 tiles, not 73 @ $.base",
            id="base total",
        ),
        pytest.param(
            lambda raw: raw.update(festival_count=9),
            "t: festival_count says 9 tiles, the list holds 10 @ $.festival",
            id="festival count",
        ),
        pytest.param(
            lambda raw: raw["base"][1].update(count=329),
            (
                "t: the base game has 72 tiles, not 397 @ $.base; "
                "at most 400 tiles in all @ $.festival"
            ),
            id="too many",
        ),
        pytest.param(
            lambda raw: raw["base"][1].update(id="A"),
            "t: tile ids repeat @ $",
            id="ids repeat",
        ),
        pytest.param(
            lambda raw: raw["base"][1].update(id="b"),
            "t: a base tile is A-Z @ $.base[1].id",
            id="base id",
        ),
        pytest.param(
            lambda raw: raw["base"][1].update(id="BB"),
            "t: a base tile is A-Z @ $.base[1].id",
            id="base id long",
        ),
        pytest.param(
            lambda raw: raw["base"][1].update(festival_place=True),
            "t: only Festival tiles @ $.base[1].festival_place",
            id="base festival place",
        ),
        pytest.param(
            lambda raw: raw["festival"][1].update(id="FE9"),
            "t: tile ids repeat @ $; Festival tiles are FE1.. in order: FE2 @ $.festival[1].id",
            id="festival order",
        ),
        pytest.param(
            lambda raw: raw["festival"][0].update(festival_place=False),
            "t: a Festival tile (F3) @ $.festival[0].festival_place",
            id="festival place",
        ),
        pytest.param(
            lambda raw: raw.update(start="FE1"),
            "t: the start tile 'FE1' is no base tile @ $.start",
            id="start",
        ),
        pytest.param(
            lambda raw: raw["base"][1].update(edges="FFFX"),
            "t: four letters of C, R, F (N E S W), not 'FFFX' @ $.base[1].edges",
            id="edges",
        ),
        pytest.param(
            lambda raw: raw["base"][1].update(edges="FFF"),
            "t: four letters of C, R, F (N E S W), not 'FFF' @ $.base[1].edges",
            id="edges short",
        ),
        pytest.param(
            lambda raw: raw["base"][1].update(count=0),
            "t: the base game has 72 tiles, not 68 @ $.base; a count 1-400 @ $.base[1].count",
            id="count",
        ),
        pytest.param(
            lambda raw: raw["base"][1].update(provenance="x"),
            "t: unknown provenance 'x' @ $.base[1].provenance",
            id="provenance",
        ),
        pytest.param(
            lambda raw: raw["base"][3]["fields"][1].update(name="c1"),
            "t: feature names repeat @ $.base[3]",
            id="names repeat",
        ),
        pytest.param(
            lambda raw: raw["base"][3]["cities"][0].update(edges=[]),
            (
                "t: a feature needs at least one edge @ $.base[3].cities[0].edges; "
                "N edge in no feature @ $.base[3].edges; "
                "the field's corners touch cities [''], not ['c1'] @ $.base[3].fields[0].cities"
            ),
            id="no edge",
        ),
        pytest.param(
            lambda raw: raw["base"][20]["roads"][0].update(edges=["E", "W", "N"]),
            (
                "t: a road has one edge (ends here) or two @ $.base[20].roads[0].edges; "
                "edge N is no roads @ $.base[20].roads[0].edges"
            ),
            id="road three",
        ),
        pytest.param(
            lambda raw: raw["base"][2]["cities"][0].update(pennants=5),
            "t: 0-4 pennants @ $.base[2].cities[0].pennants",
            id="pennants",
        ),
        pytest.param(
            lambda raw: raw["base"][2]["cities"][0].update(pennants=-1),
            "t: 0-4 pennants @ $.base[2].cities[0].pennants",
            id="pennants neg",
        ),
        pytest.param(
            lambda raw: raw["base"][3]["cities"][0].update(edges=["Q"]),
            (
                "t: unknown edge 'Q' @ $.base[3].cities[0].edges; "
                "N edge in no feature @ $.base[3].edges; "
                "the field's corners touch cities [''], not ['c1'] @ $.base[3].fields[0].cities"
            ),
            id="unknown edge",
        ),
        pytest.param(
            lambda raw: raw["base"][5]["cities"][0].update(edges=["E", "W", "E"]),
            "t: edge E belongs to two features @ $.base[5].cities[0].edges",
            id="edge twice",
        ),
        pytest.param(
            lambda raw: raw["base"][3]["cities"][0].update(edges=["S"]),
            (
                "t: edge S is no cities @ $.base[3].cities[0].edges; "
                "N edge in no feature @ $.base[3].edges; "
                "the field's corners touch cities [''], not ['c1'] @ $.base[3].fields[0].cities"
            ),
            id="edge kind",
        ),
        pytest.param(
            lambda raw: raw["base"][11]["roads"].pop(),
            "t: W edge in no feature @ $.base[11].edges",
            id="road missing",
        ),
        pytest.param(
            lambda raw: raw["base"][1]["fields"][0]["halves"].__setitem__(0, "QQ"),
            (
                "t: unknown half-edge 'QQ' @ $.base[1].fields[0].halves; "
                "N edge halves in no field @ $.base[1].fields"
            ),
            id="half unknown",
        ),
        pytest.param(
            lambda raw: raw["base"][20]["fields"][1]["halves"].append("NL"),
            (
                "t: NL belongs to two fields @ $.base[20].fields[1].halves; "
                "the field edge N is split into two fields @ $.base[20].fields"
            ),
            id="half twice",
        ),
        pytest.param(
            lambda raw: raw["base"][4]["fields"][0]["halves"].append("NL"),
            "t: NL lies on a city edge @ $.base[4].fields[0].halves",
            id="half on city",
        ),
        pytest.param(
            lambda raw: raw["base"][4]["fields"][0].update(cities=["c9"]),
            "t: no such city ['c9'] @ $.base[4].fields[0].cities",
            id="no such city",
        ),
        pytest.param(
            lambda raw: raw["base"][4]["fields"][0].update(cities=[]),
            "t: the field's corners touch cities ['c1'], not [] @ $.base[4].fields[0].cities",
            id="corner cities",
        ),
        pytest.param(
            lambda raw: raw["base"][1]["fields"].extend(
                [{"name": "f8", "halves": []}, {"name": "f9", "halves": []}]
            ),
            "t: at most one inner field @ $.base[1].fields",
            id="two inner",
        ),
        pytest.param(
            lambda raw: raw["base"][1]["fields"][0].update(
                halves=["NL", "NR", "EL", "ER", "SL", "SR"]
            ),
            "t: W edge halves in no field @ $.base[1].fields",
            id="halves in no field",
        ),
        pytest.param(
            lambda raw: (
                raw["base"][1]["fields"].__setitem__(
                    0, {"name": "f1", "halves": ["NL", "EL", "ER", "SL", "SR", "WL", "WR"]}
                )
                or raw["base"][1]["fields"].append({"name": "f2", "halves": ["NR"]})
            ),
            "t: the field edge N is split into two fields @ $.base[1].fields",
            id="field split",
        ),
        pytest.param(
            lambda raw: (
                raw["base"][20]["fields"].__setitem__(
                    0, {"name": "f1", "halves": ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"]}
                )
                or raw["base"][20]["fields"].pop()
            ),
            (
                "t: the road through E must split its field @ $.base[20].fields; "
                "the road through W must split its field @ $.base[20].fields"
            ),
            id="road no split",
        ),
        pytest.param(
            lambda raw: raw["base"][1]["fields"].extend(
                [{"name": f"g{i}", "halves": []} for i in range(12)]
            ),
            (
                "t: at most 12 features on a tile @ $.base[1]; "
                "at most one inner field @ $.base[1].fields"
            ),
            id="segments",
        ),
        pytest.param(
            lambda raw: raw["base"][1].update(count=322),
            "t: the base game has 72 tiles, not 390 @ $.base",
            id="400 tiles in all",
        ),
        pytest.param(
            lambda raw: raw["base"][1].update(count=323),
            (
                "t: the base game has 72 tiles, not 391 @ $.base; "
                "at most 400 tiles in all @ $.festival"
            ),
            id="401 tiles in all",
        ),
        pytest.param(
            lambda raw: raw["base"][2]["cities"][0].update(pennants=4),
            "",
            id="4 pennants",
        ),
        pytest.param(
            lambda raw: raw["base"][1]["fields"].extend(
                [{"name": f"g{i}", "halves": []} for i in range(10)]
            ),
            "t: at most one inner field @ $.base[1].fields",
            id="12 features",
        ),
        pytest.param(
            lambda raw: raw["base"][1]["fields"].append({"name": "f8", "halves": []}),
            "",
            id="one inner field",
        ),
    ],
)
def test_each_law_refuses_its_field(edit: Edit, message: str) -> None:
    assert _refusal(edit) == message


@pytest.mark.rule("C0.1", "FA5")
def test_a_file_with_too_many_rows_or_no_table_is_refused_at_once() -> None:
    raw = components_to_mapping(default_components())
    with pytest.raises(InvalidData) as refused:
        components_from_mapping({**raw, "festival": [raw["festival"][0]] * 401}, source="t")
    assert str(refused.value) == "t: more than 400 rows @ $.festival"
    with pytest.raises(InvalidData) as refused:
        components_from_mapping({**raw, "base": (raw["base"][0],) * 401}, source="t")
    assert str(refused.value) == "t: more than 400 rows @ $.base"
    with pytest.raises(InvalidData) as refused:
        components_from_mapping([], source="t")  # type: ignore[arg-type]
    assert str(refused.value) == "t: the top level must be a table, not list"
    data = default_components()
    assert components_from_mapping(raw) == data
    assert data.provisional() == ()
    assert data.tile("FE10").id == "FE10"
    assert data.tile("D").count == 4
    with pytest.raises(KeyError):
        data.tile("Z")
