"""Fresco vocabulary: paints, locations and the cathedral grid (rules R0.3, R0.26, R0.47)."""

from __future__ import annotations

from enum import Enum

Segment = tuple[int, int]
"""A fresco segment as ``(row, col)``, 0-based; the centre is ``(2, 2)``."""

GRID = 5
CENTRE: Segment = (2, 2)
SEGMENTS: tuple[Segment, ...] = tuple((r, c) for r in range(GRID) for c in range(GRID))


class Paint(Enum):
    """Paint colours. PINK and BROWN are reserved for module 3 and unused by the base game."""

    RED = "red"
    YELLOW = "yellow"
    BLUE = "blue"
    ORANGE = "orange"
    GREEN = "green"
    PURPLE = "purple"
    PINK = "pink"
    BROWN = "brown"

    @property
    def index(self) -> int:
        """Position of this paint in a player's paint tuple (base paints only)."""
        return PAINT_INDEX[self]


BASE_PAINTS: tuple[Paint, ...] = (
    Paint.RED,
    Paint.YELLOW,
    Paint.BLUE,
    Paint.ORANGE,
    Paint.GREEN,
    Paint.PURPLE,
)
PAINT_INDEX: dict[Paint, int] = {paint: i for i, paint in enumerate(BASE_PAINTS)}
PRIMARIES: frozenset[Paint] = frozenset({Paint.RED, Paint.YELLOW, Paint.BLUE})
SECONDARIES: frozenset[Paint] = frozenset({Paint.ORANGE, Paint.GREEN, Paint.PURPLE})
BLENDS: dict[Paint, tuple[Paint, Paint]] = {
    Paint.ORANGE: (Paint.RED, Paint.YELLOW),
    Paint.PURPLE: (Paint.RED, Paint.BLUE),
    Paint.GREEN: (Paint.YELLOW, Paint.BLUE),
}
"""R0.47: the three blending recipes, secondary -> the two primaries it consumes."""

PaintCounts = tuple[int, ...]
"""Counts of the six base paints, in ``BASE_PAINTS`` order."""

NO_PAINTS: PaintCounts = (0,) * len(BASE_PAINTS)


def paint_counts(paints: tuple[Paint, ...]) -> PaintCounts:
    """The count tuple of a sequence of base paints."""
    counts = [0] * len(BASE_PAINTS)
    for paint in paints:
        counts[PAINT_INDEX[paint]] += 1
    return tuple(counts)


def paints_text(counts: PaintCounts) -> str:
    """Compact text such as ``R1 Y4 B1`` (zero counts left out, ``-`` when empty)."""
    parts = [f"{paint.name[0]}{n}" for paint, n in zip(BASE_PAINTS, counts, strict=True) if n]
    return " ".join(parts) if parts else "-"


class Location(Enum):
    """Action-sheet columns (R0.26, R0.27): the theatre column becomes a second cathedral
    column on side 2 in the final round."""

    MARKET = "market"
    CATHEDRAL = "cathedral"
    STUDIO = "studio"
    WORKSHOP = "workshop"
    THEATRE = "theatre"
    CATHEDRAL_2 = "cathedral_2"


PLAN_COLUMNS: tuple[Location, ...] = tuple(Location)
"""The order of the fields of a plan: the five side-1 columns, then the second cathedral."""

BOOTH_NAMES = ("I", "II", "III", "IV")
