"""carcassonne/geometry.py: a tile type in one rotation, worked out in full (C2-C6), and the
fitting table (C3, C4)."""

from __future__ import annotations

import pytest

from fresco_rules.carcassonne.config import GameConfig, derive_tables
from fresco_rules.carcassonne.geometry import Geometry, Oriented, Segment
from fresco_rules.carcassonne.vocab import Kind

ROAD, CITY, MONASTERY, FIELD = Kind.ROAD, Kind.CITY, Kind.MONASTERY, Kind.FIELD
ALL_HALVES = (0, 1, 2, 3, 4, 5, 6, 7)


def _geometry() -> Geometry:
    """The base game's geometry, derived in the test (so a mutation run sees it built here)."""
    return derive_tables(GameConfig()).geometry


@pytest.mark.rule("C2", "C6", "C12")
def test_the_monastery_with_a_road_turned_once() -> None:
    """Tile A (a monastery, its road leaving south) turned a quarter clockwise: the road leaves
    west; one field covers every half-edge; no edge but the road's belongs to a feature."""
    assert _geometry().oriented["A"][1] == Oriented(
        tile="A",
        rotation=1,
        edges=(3, 3, 3, 2),
        segments=(
            Segment(ROAD, "road:W", (3,), (), 0, 1, ()),
            Segment(MONASTERY, "monastery", (), (), 0, 8, ()),
            Segment(FIELD, "field:NL,NR,EL,ER,SL,SR,WL,WR", (), ALL_HALVES, 0, 0, ()),
        ),
        edge_segment=(-1, -1, -1, 0),
        half_segment=(2,) * 8,
        monastery=1,
        names={"road:W": 0, "monastery": 1, "field:NL,NR,EL,ER,SL,SR,WL,WR": 2},
        festival=False,
    )


@pytest.mark.rule("C2", "C6", "C19")
def test_the_city_edge_with_a_straight_road_turned_once() -> None:
    """Tile D (a city edge north, a road west-east) turned a quarter clockwise: the city is
    east, the road runs north-south; the field beside the city touches it (C19); no
    monastery."""
    assert _geometry().oriented["D"][1] == Oriented(
        tile="D",
        rotation=1,
        edges=(2, 1, 2, 3),
        segments=(
            Segment(ROAD, "road:N,S", (0, 2), (), 0, 2, ()),
            Segment(CITY, "city:E", (1,), (), 0, 1, ()),
            Segment(FIELD, "field:NR,SL", (), (1, 4), 0, 0, (1,)),
            Segment(FIELD, "field:NL,SR,WL,WR", (), (0, 5, 6, 7), 0, 0, ()),
        ),
        edge_segment=(0, 1, 0, -1),
        half_segment=(3, 2, -1, -1, 2, 3, 3, 3),
        monastery=-1,
        names={"road:N,S": 0, "city:E": 1, "field:NR,SL": 2, "field:NL,SR,WL,WR": 3},
        festival=False,
    )


@pytest.mark.rule("C3", "C4")
def test_one_fitting_entry_per_neighbour_pattern() -> None:
    """4 sides of 2 bits: 256 patterns. With no neighbour every rotation fits (C4); tile D with
    a city to its north fits turned 0 (city north) only."""
    geometry = _geometry()
    fits, masks = geometry.fits["D"], geometry.masks["D"]
    assert len(fits) == 256 and len(masks) == 256
    assert fits[0] == (0, 1, 2, 3) and masks[0] == 0b1111
    city_north = 1  # N is the lowest 2 bits; 1 is a city edge
    assert fits[city_north] == (0,) and masks[city_north] == 0b0001
