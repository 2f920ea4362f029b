"""Fresco vocabulary: paints, locations, the cathedral grid (rules R0.3, R0.26, R0.47), the
expansion modules and their glass colours (fresco-modules-456.md)."""

from __future__ import annotations

from enum import Enum

Segment = tuple[int, int]
"""A fresco segment as ``(row, col)``, 0-based; the centre is ``(2, 2)``."""

GRID = 5
CENTRE: Segment = (2, 2)
SEGMENTS: tuple[Segment, ...] = tuple((r, c) for r in range(GRID) for c in range(GRID))


class Paint(Enum):
    """Paint colours. PINK and BROWN are reserved for module 3 and unused by the base game."""

    __hash__ = object.__hash__  # members are singletons compared by identity: C-level hash

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

    __hash__ = object.__hash__  # members are singletons compared by identity: C-level hash

    MARKET = "market"
    CATHEDRAL = "cathedral"
    STUDIO = "studio"
    WORKSHOP = "workshop"
    THEATRE = "theatre"
    CATHEDRAL_2 = "cathedral_2"
    GLASSWORKS = "glassworks"
    """Module 6 (R6.6): visited instead of the column covered by the Glassworks tile."""


PLAN_COLUMNS: tuple[Location, ...] = (
    Location.MARKET,
    Location.CATHEDRAL,
    Location.STUDIO,
    Location.WORKSHOP,
    Location.THEATRE,
    Location.CATHEDRAL_2,
)
"""The order of the fields of a plan: the five side-1 columns, then the second cathedral."""

BOOTH_NAMES = ("I", "II", "III", "IV")


class Module(Enum):
    """The expansion modules of fresco-modules-456.md, by their rulebook number (G.1)."""

    __hash__ = object.__hash__  # members are singletons compared by identity: C-level hash

    WISHING_WELL = 4
    LEAF_GOLD = 5
    GLAZIERS = 6

    @classmethod
    def from_number(cls, number: int | str) -> Module:
        """The module with rulebook number ``number`` (4, 5 or 6; ``"4"`` is accepted too)."""
        text = str(number).strip()
        for module in cls:
            if text == str(module.value):
                return module
        known = ", ".join(str(m.value) for m in cls)
        raise ValueError(f"G.1: there is no expansion module {number!r} (known: {known})")


def parse_modules(text: str) -> frozenset[Module]:
    """G.1: the module set of a comma-separated list such as ``"4,5,6"`` (empty text: none);
    ``ValueError`` for a number that is not a module."""
    parts = [part for part in (piece.strip() for piece in text.split(",")) if part]
    return frozenset(Module.from_number(part) for part in parts)


class Glass(Enum):
    """Module 6 glass colours (component-data.md section 7.1)."""

    __hash__ = object.__hash__  # members are singletons compared by identity: C-level hash

    YELLOW = "yellow"
    BLUE = "blue"
    RED = "red"
    GREEN = "green"


GLASS: tuple[Glass, ...] = tuple(Glass)
GLASS_INDEX: dict[Glass, int] = {glass: i for i, glass in enumerate(GLASS)}
GlassCounts = tuple[int, ...]
"""Counts of the four glass colours, in ``GLASS`` order."""
NO_GLASS: GlassCounts = (0,) * len(GLASS)
