"""Carcassonne vocabulary: rule IDs, board directions, half-edges, feature kinds and the canonical
feature strings (``"road:E,W"``, ``"city:N,W"``, ``"field:EL,SR,WL,WR"``, ``"field:inner"``,
``"monastery"``).

Directions are indices 0-3 in the order N E S W; half-edges are indices 0-7 in the clockwise order
NL NR EL ER SL SR WL WR (component-data.md 9.1). A clockwise quarter turn adds 1 to a direction
and 2 to a half-edge (mod 4, mod 8).
"""

from __future__ import annotations

import re
from enum import Enum

RULE_ID = re.compile(r"C[0-9]+(?:\.[0-9]+)?|V[0-9]+|CA[0-9]+|F[0-9]+|FA[0-9]+|E[CF]\.[0-9]+")
"""The shape of a Carcassonne spec ID: ``C0.1``, ``C12``, ``V1``, ``CA3``, ``F2``, ``FA1``,
``EC.2``, ``EF.1``."""
RULE_SPECS = ("carcassonne-festival.md",)
"""The spec files (in the shared rules folder) the rule catalogue is extracted from."""

DIRECTIONS = ("N", "E", "S", "W")
HALVES = ("NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR")
EDGE_KINDS = ("C", "R", "F")
"""Edge types: city, road, field."""

INNER = "inner"
FESTIVAL_PLACE = "festival"
"""The name a caller might use for the festival place, which is no feature (F3)."""


class Kind(Enum):
    """The kinds of feature a follower can stand on (C6)."""

    ROAD = "road"
    CITY = "city"
    MONASTERY = "monastery"
    FIELD = "field"


KIND_ORDER = (Kind.ROAD, Kind.CITY, Kind.MONASTERY, Kind.FIELD)
"""The order of features on a tile in listings, and of scoring (CA8: roads, cities, monasteries)."""

FOLLOWER_NAMES = {
    Kind.ROAD: "thief",
    Kind.CITY: "knight",
    Kind.MONASTERY: "monk",
    Kind.FIELD: "farmer",
}


def rotate_direction(direction: int, rotation: int) -> int:
    """The board direction of reference direction ``direction`` after ``rotation`` clockwise
    quarter turns."""
    return (direction + rotation) % 4


def rotate_half(half: int, rotation: int) -> int:
    return (half + 2 * rotation) % 8


def facing_half(half: int) -> int:
    """The neighbour's half-edge that touches ``half`` across the shared edge: NL-SR, NR-SL,
    EL-WR, ER-WL (the neighbour's edge runs the other way round)."""
    edge, side = divmod(half, 2)
    return 2 * ((edge + 2) % 4) + 1 - side


def corner_half(half: int) -> int:
    """The half-edge across the tile corner next to ``half``: NL-WR, NR-EL, ER-SL, SR-WL."""
    return (half - 1) % 8 if half % 2 == 0 else (half + 1) % 8


def feature_name(kind: Kind, edges: tuple[int, ...] = (), halves: tuple[int, ...] = ()) -> str:
    """The canonical string of a feature in board directions: edges in N E S W order, half-edges
    in clockwise order, ``field:inner`` for a field touching no edge, ``monastery``."""
    if kind is Kind.MONASTERY:
        return "monastery"
    if kind is Kind.FIELD:
        body = ",".join(HALVES[h] for h in sorted(halves)) if halves else INNER
        return f"field:{body}"
    return f"{kind.value}:" + ",".join(DIRECTIONS[d] for d in sorted(edges))
