"""Fresco vocabulary: paints, locations, the cathedral grid (rules R0.3, R0.26, R0.47), the
expansion modules and their glass colours (fresco-modules-456.md)."""

from __future__ import annotations

import re
from enum import Enum

from ..kernel.untrusted import describe

RULE_ID = re.compile(r"(?:[AEGR][0-9]*|[AE]?M)\.[0-9]+")
"""The shape of a Fresco spec ID: rules ``R0.40``, decisions ``A0.3``, examples ``E5.1``, ``G.1``
and modules 1-3's ``M.2``, ``EM.1``, ``AM.1`` (Carcassonne's ``C0.1`` has the kernel's default
shape too, so the rules matrix needs this narrower one)."""
RULE_SPECS = ("fresco-base.md", "fresco-modules-456.md", "fresco-modules-123.md")
"""The spec files (in the shared rules folder) the rule catalogue is extracted from."""

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
        """Position of this paint in a player's paint tuple (pink and brown: module 3 only)."""
        return PAINT_INDEX[self]


BASE_PAINTS: tuple[Paint, ...] = (
    Paint.RED,
    Paint.YELLOW,
    Paint.BLUE,
    Paint.ORANGE,
    Paint.GREEN,
    Paint.PURPLE,
)
PAINT_INDEX: dict[Paint, int] = {paint: i for i, paint in enumerate(Paint)}
"""Position of each paint in a count tuple: the six base paints, then pink and brown (module 3;
count tuples are 8 long only in games with module 3)."""
PRIMARIES: frozenset[Paint] = frozenset({Paint.RED, Paint.YELLOW, Paint.BLUE})
SECONDARIES: frozenset[Paint] = frozenset({Paint.ORANGE, Paint.GREEN, Paint.PURPLE})
BLENDS: dict[Paint, tuple[Paint, Paint]] = {
    Paint.ORANGE: (Paint.RED, Paint.YELLOW),
    Paint.PURPLE: (Paint.RED, Paint.BLUE),
    Paint.GREEN: (Paint.YELLOW, Paint.BLUE),
}
"""R0.47: the three blending recipes, secondary -> the two primaries it consumes."""
SPECIAL_PAINTS: tuple[Paint, ...] = (Paint.PINK, Paint.BROWN)
"""Module 3's special colours (R3.1), kept apart from the six base paints."""
SPECIAL_BLENDS: dict[Paint, tuple[Paint, Paint]] = {
    Paint.PINK: (Paint.PURPLE, Paint.RED),
    Paint.BROWN: (Paint.ORANGE, Paint.GREEN),
}
"""R3.5: module 3's two added recipes, special colour -> the two pieces it consumes."""

PaintCounts = tuple[int, ...]
"""Counts of the six base paints, in ``BASE_PAINTS`` order, followed with module 3 by pink and
brown (``PAINT_INDEX``)."""

NO_PAINTS: PaintCounts = (0,) * len(BASE_PAINTS)
PAINT_LABELS: dict[Paint, str] = {
    **{paint: paint.name[0] for paint in BASE_PAINTS},
    Paint.PINK: "Pk",
    Paint.BROWN: "Bn",
}


def paint_counts(paints: tuple[Paint, ...]) -> PaintCounts:
    """The count tuple of a sequence of paints: 6 long, or 8 when it holds pink or brown."""
    counts = [0] * (len(PAINT_INDEX) if any(p in SPECIAL_PAINTS for p in paints) else 6)
    for paint in paints:
        counts[PAINT_INDEX[paint]] += 1
    return tuple(counts)


def paints_text(counts: PaintCounts) -> str:
    """Compact text such as ``R1 Y4 B1`` or ``Pk1 Bn2`` (zero counts left out, ``-`` when
    empty)."""
    parts = [f"{PAINT_LABELS[paint]}{n}" for paint, n in zip(Paint, counts, strict=False) if n]
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
    """The expansion modules by their rulebook number: the in-box modules 1-3
    (fresco-modules-123.md, M.1) and modules 4-6 (fresco-modules-456.md, G.1)."""

    __hash__ = object.__hash__  # members are singletons compared by identity: C-level hash

    PORTRAITS = 1
    REQUESTS = 2
    SPECIAL_BLENDS = 3
    WISHING_WELL = 4
    LEAF_GOLD = 5
    GLAZIERS = 6

    @classmethod
    def from_number(cls, number: int | str) -> Module:
        """The module with rulebook number ``number`` (1-6; ``"4"`` is accepted too)."""
        text = str(number).strip()
        for module in cls:
            if text == str(module.value):
                return module
        known = ", ".join(str(m.value) for m in cls)
        raise ValueError(f"G.1: there is no expansion module {describe(number)} (known: {known})")


def parse_modules(text: str) -> frozenset[Module]:
    """G.1, M.1: the module set of a comma-separated list such as ``"1,2,3,4,5,6"`` (empty
    text: none);
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
