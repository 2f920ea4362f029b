"""Carcassonne: the points of a completed feature, pennants included (issue 15).

C11: a completed city scores 2 per tile and 2 per pennant (CA4); V1 with ``tiny_city = 2``: a
completed 2-tile city scores 2 (the first edition), and the library halves its pennant's 2 points
too (1 per tile and 1 per pennant, as ``completed_points`` states). C10: a road 1 per distinct tile
(CA3); C12: a monastery 9.
"""

from __future__ import annotations

import pytest

from fresco_rules.carcassonne.scoring import completed_points
from fresco_rules.carcassonne.state import Feature
from fresco_rules.carcassonne.vocab import Kind


def _feature(kind: Kind, tiles: int, pennants: int = 0) -> Feature:
    return Feature(kind, (0,), frozenset(range(tiles)), 0, pennants)


@pytest.mark.rule("C11", "CA4", "V1")
@pytest.mark.parametrize(
    ("tiles", "pennants", "tiny_city", "points"),
    [(2, 1, 2, 3), (2, 0, 2, 2), (2, 1, 4, 6), (3, 2, 2, 10), (5, 1, 4, 12), (3, 0, 4, 6)],
)
def test_C11_a_city_scores_its_tiles_and_pennants(
    tiles: int, pennants: int, tiny_city: int, points: int
) -> None:
    assert completed_points(_feature(Kind.CITY, tiles, pennants), tiny_city) == points


@pytest.mark.rule("C10", "C12", "CA3")
def test_C10_C12_roads_and_monasteries() -> None:
    assert completed_points(_feature(Kind.ROAD, 4), 4) == 4
    assert completed_points(_feature(Kind.MONASTERY, 9), 4) == 9
