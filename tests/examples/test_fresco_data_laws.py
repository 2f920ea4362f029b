"""Fresco's component-data laws, one bad field at a time, each refusal word for word
(component-data.md: 196 Thalers and 12 each to start, 17 of each primary and 1 each to start, 5
apprentices with 4 natural, the two board sides with their booths and hostels, 14 market tiles
of which 11 stay with 2-3 players, 25 fresco tiles valued 3-11 with one centre)."""

from __future__ import annotations

import copy
from functools import partial
from typing import Any

import pytest

from fresco_rules.fresco import data as fresco_data
from fresco_rules.fresco.data import (
    HostelSpace,
    MoodTrack,
    hostel_problems,
    mood_problems,
)

from ..data_law_helpers import Edit, data_refusal

_refusal = partial(data_refusal, fresco_data)


@pytest.mark.rule("R0.66", "R0.67", "A0.1", "A0.2", "A0.3")
@pytest.mark.parametrize(
    ("edit", "message"),
    [
        pytest.param(
            lambda raw: raw["money"].update(provenance="x"),
            "t: unknown provenance 'x' @ $.money.provenance",
            id="money provenance",
        ),
        pytest.param(
            lambda raw: raw["money"].update(start=50),
            "t: 4 players' start money 4 x 50 exceeds the box total 196 (R0.66) @ $.money.start",
            id="start money",
        ),
        pytest.param(
            lambda raw: raw["money"].update(start=49),
            "",
            id="start money max",
        ),
        pytest.param(
            lambda raw: raw["paints"]["totals"].update(pink=3),
            "t: unknown paint 'pink' @ $.paints.totals.pink",
            id="unknown paint",
        ),
        pytest.param(
            lambda raw: raw["paints"]["start"].update(pink=0),
            "t: unknown paint 'pink' @ $.paints.start.pink",
            id="unknown start paint",
        ),
        pytest.param(
            lambda raw: raw["paints"]["start"].update(red=5),
            "t: 4 players' start paints 4 x 5 exceed the box total 17 @ $.paints.start.red",
            id="start paints",
        ),
        pytest.param(
            lambda raw: raw["paints"]["start"].update(red=4),
            "",
            id="start paints max",
        ),
        pytest.param(
            lambda raw: raw["paints"]["totals"].pop("blue"),
            "t: 4 players' start paints 4 x 1 exceed the box total 0 @ $.paints.start.blue",
            id="start paint missing total",
        ),
        pytest.param(
            lambda raw: raw["paints"].update(provenance="x"),
            "t: unknown provenance 'x' @ $.paints.provenance",
            id="paints provenance",
        ),
        pytest.param(
            lambda raw: raw["apprentices"].update(natural=6),
            "t: more than the 5 apprentices per player @ $.apprentices.natural",
            id="natural",
        ),
        pytest.param(
            lambda raw: raw["apprentices"].update(natural=5),
            "",
            id="natural max",
        ),
        pytest.param(
            lambda raw: raw["apprentices"].update(provenance="x"),
            "t: unknown provenance 'x' @ $.apprentices.provenance",
            id="apprentices provenance",
        ),
        pytest.param(
            lambda raw: raw["mood"].update(start_row=9),
            "t: start row 9 is off the column @ $.mood.start_row",
            id="mood start",
        ),
        pytest.param(
            lambda raw: raw["mood"].update(plus_rows=[1, 8]),
            "t: a row is in both zones @ $.mood.plus_rows",
            id="mood zones",
        ),
        pytest.param(
            lambda raw: raw["sides"][0].update(provenance="x"),
            "t: unknown provenance 'x' @ $.sides[0].provenance",
            id="side provenance",
        ),
        pytest.param(
            lambda raw: raw["sides"][1].update(players=[2, 4]),
            (
                "t: 4 players listed twice @ $.sides[1].players; "
                "fewer than 4 @ $.sides[1].start_spaces; "
                "no board side for 3 players @ $.sides"
            ),
            id="players twice",
        ),
        pytest.param(
            lambda raw: raw["sides"][1].update(players=[2]),
            "t: no board side for 3 players @ $.sides",
            id="no side for 3",
        ),
        pytest.param(
            lambda raw: raw["sides"][1].update(start_spaces=2),
            "t: fewer than 3 @ $.sides[1].start_spaces",
            id="start spaces",
        ),
        pytest.param(
            lambda raw: raw["sides"][0].update(booth_capacities=[3, 3, 3, 6]),
            "t: 15 slots but only 14 market tiles in play @ $.sides[0].booth_capacities",
            id="booth slots",
        ),
        pytest.param(
            lambda raw: [t.update(small_game=False) for t in raw["market_tiles"]],
            "t: 9 slots but only 0 market tiles in play @ $.sides[1].booth_capacities",
            id="market removed",
        ),
        pytest.param(
            lambda raw: raw["market_tiles"][1].update(id="M01"),
            "t: duplicate id 'M01' @ $.market_tiles[1].id",
            id="duplicate market id",
        ),
        pytest.param(
            lambda raw: raw["market_tiles"][1].update(pieces=["red", "pink"]),
            "t: pink is no base paint @ $.market_tiles[1].pieces[1]",
            id="market pieces",
        ),
        pytest.param(
            lambda raw: raw["market_tiles"][1].update(provenance="x"),
            "t: unknown provenance 'x' @ $.market_tiles[1].provenance",
            id="market provenance",
        ),
        pytest.param(
            lambda raw: raw["fresco_tiles"].pop(),
            (
                "t: holds 25..25 items, not 24 @ $.fresco_tiles; "
                "the cathedral needs exactly 25 tiles @ $.fresco_tiles; "
                "no base fresco tile 'F25' @ $.modules_123.requests.backs[24].tile"
            ),
            id="fresco count",
        ),
        pytest.param(
            lambda raw: raw["fresco_tiles"][0].update(centre=True),
            "t: exactly one tile must be the centre tile @ $.fresco_tiles",
            id="two centres",
        ),
        pytest.param(
            lambda raw: raw["fresco_tiles"][1].update(id="M01"),
            (
                "t: duplicate id 'M01' @ $.fresco_tiles[1].id; "
                "no base fresco tile 'F02' @ $.modules_123.requests.backs[1].tile; "
                "no back for base tiles ['M01'] @ $.modules_123.requests.backs"
            ),
            id="fresco id",
        ),
        pytest.param(
            lambda raw: raw["fresco_tiles"][1].update(pieces=["brown"]),
            "t: brown is no base paint @ $.fresco_tiles[1].pieces[0]",
            id="fresco pieces",
        ),
        pytest.param(
            lambda raw: raw["fresco_tiles"][1].update(provenance="x"),
            "t: unknown provenance 'x' @ $.fresco_tiles[1].provenance",
            id="fresco provenance",
        ),
        pytest.param(
            lambda raw: raw["fresco_tiles"][1].update(value=12),
            (
                "t: must lie within 3..11, not 12 @ $.fresco_tiles[1].value; "
                "fresco values run from 3 to 11 @ $.fresco_tiles[1].value"
            ),
            id="fresco value",
        ),
        pytest.param(
            lambda raw: raw["sides"][0]["hostel"][1].update(time="5:00"),
            "t: duplicate time '5:00' @ $.sides[0].hostel[1].time",
            id="hostel time",
        ),
        pytest.param(
            lambda raw: raw["sides"][0].update(hostel=raw["sides"][0]["hostel"][:3]),
            "t: 3 get-up spaces for 4 painters (at most 12) @ $.sides[0].hostel",
            id="hostel too few",
        ),
        pytest.param(
            lambda raw: raw["sides"][0]["hostel"][1].update(provenance="x"),
            "t: unknown provenance 'x' @ $.sides[0].hostel[1].provenance",
            id="hostel provenance",
        ),
        pytest.param(
            lambda raw: raw["market_tiles"][1].update(pieces=[]),
            (
                "t: holds 1..10 items, not 0 @ $.market_tiles[1].pieces; "
                "a tile shows 1 piece or more @ $.market_tiles[1].pieces"
            ),
            id="market no pieces",
        ),
        pytest.param(
            lambda raw: raw["fresco_tiles"][1].update(pieces=[]),
            (
                "t: holds 1..10 items, not 0 @ $.fresco_tiles[1].pieces; "
                "a tile needs 1 piece or more @ $.fresco_tiles[1].pieces"
            ),
            id="fresco no pieces",
        ),
        pytest.param(
            lambda raw: [t.update(small_game=False) for t in raw["market_tiles"][:7]],
            "t: 9 slots but only 7 market tiles in play @ $.sides[1].booth_capacities",
            id="small slots",
        ),
        pytest.param(
            lambda raw: [t.update(small_game=False) for t in raw["market_tiles"][:5]],
            "",
            id="small slots max",
        ),
        pytest.param(
            lambda raw: raw["sides"][0].update(booth_capacities=[]),
            (
                "t: holds 1..8 items, not 0 @ $.sides[0].booth_capacities; "
                "no booth @ $.sides[0].booth_capacities; "
                "side four-player has no booth 2 @ $.modules.leaf_gold.arrows[0].booth; "
                "side four-player has no booth 3 @ $.modules.leaf_gold.arrows[1].booth"
            ),
            id="no booth",
        ),
    ],
)
def test_each_law_refuses_its_field(edit: Edit, message: str) -> None:
    assert _refusal(edit) == message


@pytest.mark.rule("A0.2")
def test_A0_2_mood_problems() -> None:
    def mood(**changes: Any) -> list[str]:
        track = MoodTrack(
            rows=9, start_row=4, minus_rows=(0, 1), plus_rows=(7, 8), theatre_step=2,
            provenance="rulebook",
        )  # fmt: skip
        for name, value in changes.items():
            object.__setattr__(track, name, value)
        return mood_problems(track, "m")

    assert mood() == []
    assert mood(rows=1.0) == ["rows are integers, zones tuples of at most 20 rows @ m"]
    assert mood(plus_rows=[7]) == ["rows are integers, zones tuples of at most 20 rows @ m"]
    assert mood(minus_rows=(0,) * 21) == ["rows are integers, zones tuples of at most 20 rows @ m"]
    assert mood(rows=0) == ["needs 1..20 rows, not 0 @ m.rows"]
    assert mood(rows=21) == ["needs 1..20 rows, not 21 @ m.rows"]
    assert mood(rows=20, plus_rows=(19,)) == []
    assert mood(theatre_step=9) == []
    assert mood(theatre_step=10) == ["must lie within 0..9 @ m.theatre_step"]
    assert mood(theatre_step=-1) == ["must lie within 0..9 @ m.theatre_step"]
    assert mood(start_row=8) == []
    assert mood(start_row=-1) == ["start row -1 is off the column @ m.start_row"]
    assert mood(minus_rows=(0, 9), plus_rows=(-1,)) == [
        "row 9 is off the column @ m.minus_rows[1]",
        "row -1 is off the column @ m.plus_rows[0]",
    ]
    assert mood(provenance=5) == ["unknown provenance 5 @ m.provenance"]
    assert mood(provenance="nope") == ["unknown provenance 'nope' @ m.provenance"]


@pytest.mark.rule("A0.1")
def test_A0_1_hostel_problems() -> None:
    space = HostelSpace(time="5:00", mood_change=-3, price=5, provenance="rulebook")

    def row(**changes: Any) -> HostelSpace:
        changed = copy.copy(space)
        for name, value in changes.items():
            object.__setattr__(changed, name, value)
        return changed

    five = tuple(row(time=f"{h}:00") for h in range(5, 10))
    assert hostel_problems(five, "h", 5) == []
    assert hostel_problems(five, "h", 6) == ["5 get-up spaces for 6 painters (at most 12) @ h"]
    twelve = tuple(row(time=f"t{h}") for h in range(12))
    assert hostel_problems(twelve, "h", 3) == []
    assert hostel_problems((*twelve, row(time="x")), "h", 3) == [
        "13 get-up spaces for 3 painters (at most 12) @ h"
    ]
    bad = (
        row(time=""),
        row(time="x" * 10, price=21),
        row(time="a", price=-1, mood_change=21),
        row(time="b", price=20, mood_change=-21),
        row(time="c", price=0, mood_change=20),
        row(time="a", provenance="x"),
        row(time=5),
        row(time="x" * 11),
    )
    assert hostel_problems(bad, "h", 3) == [
        "a time of 1-10 characters, not '' @ h[0].time",
        "must lie within 0..20, not 21 @ h[1].price",
        "must lie within 0..20, not -1 @ h[2].price",
        "must lie within -20..20, not 21 @ h[2].mood_change",
        "must lie within -20..20, not -21 @ h[3].mood_change",
        "duplicate time 'a' @ h[5].time",
        "unknown provenance 'x' @ h[5].provenance",
        "a time of 1-10 characters, not 5 @ h[6].time",
        "a time of 1-10 characters, not 'xxxxxxxxxxx' @ h[7].time",
    ]
