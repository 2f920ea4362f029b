"""The words a Carcassonne player uses for places on the board: positions as the text board
labels them (``2,-1``: x east, y SOUTH, the start tile at ``0,0``), turns in clockwise degrees
(``0``, ``90``, ``180``, ``270``) and the features of a tile in compass words.

Features: ``city N-W`` and ``road E-W`` list the edges the feature reaches (N E S W),
``monastery``, and ``farm ...`` the field's sides: a whole edge as ``N``, half an edge as a
16-point compass point (``NNW`` the western half of the north edge, ``ENE`` the northern half of
the east edge, and so on clockwise: NNW NNE ENE ESE SSE SSW WSW WNW), ``farm inner`` for a field
touching no edge. The text view, the SVG picture, the notation, the log and the messages all use
these words.
"""

from __future__ import annotations

from ..kernel.notation import ascii_int
from .vocab import DIRECTIONS, HALVES, INNER, Kind, feature_name

COMPASS_HALVES = ("NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW")
"""Per half-edge NL NR EL ER SL SR WL WR (component-data.md 9.1): its compass point."""
DEGREES = (0, 90, 180, 270)
"""Per rotation 0-3 (clockwise quarter turns): the turn in degrees."""
FEATURE_WORDS = {
    Kind.ROAD: "road",
    Kind.CITY: "city",
    Kind.MONASTERY: "monastery",
    Kind.FIELD: "farm",
}
_KINDS = {word: kind for kind, word in FEATURE_WORDS.items()}
_MAX_PARTS = 8


def position(x: int, y: int) -> str:
    """``(2, -1)`` as ``2,-1``, the way the text board labels its columns and rows."""
    return f"{x},{y}"


def turn_words(rotation: int) -> str:
    """Rotation ``1`` as ``90`` (degrees clockwise); out-of-range values as ``r<n>``."""
    return str(DEGREES[rotation]) if 0 <= rotation < len(DEGREES) else f"r{rotation}"


def parse_turn(word: str) -> int | None:
    """The rotation of ``90`` or ``90°`` (degrees clockwise), or None."""
    degrees = ascii_int(word.removesuffix("°"), 3)
    return DEGREES.index(degrees) if degrees in DEGREES else None


def _field_parts(halves: list[int]) -> list[str]:
    parts: list[str] = []
    for edge, name in enumerate(DIRECTIONS):
        both = 2 * edge in halves and 2 * edge + 1 in halves
        if both:
            parts.append(name)
        else:
            parts.extend(COMPASS_HALVES[h] for h in (2 * edge, 2 * edge + 1) if h in halves)
    return parts


def feature_words(feature: str) -> str:
    """The canonical feature string of the API (``"field:NL,NR,EL"``) in player words
    (``farm N-ENE``). A string that is no canonical feature comes back unchanged."""
    if feature == Kind.MONASTERY.value:
        return FEATURE_WORDS[Kind.MONASTERY]
    kind_text, _, body = feature.partition(":")
    try:
        kind = Kind(kind_text)
    except ValueError:
        return feature
    names = body.split(",")
    if kind is Kind.FIELD:
        if body == INNER:
            return "farm inner"
        if not all(name in HALVES for name in names):
            return feature
        return "farm " + "-".join(_field_parts([HALVES.index(n) for n in names]))
    if kind is Kind.MONASTERY or not all(name in DIRECTIONS for name in names):
        return feature
    return f"{FEATURE_WORDS[kind]} " + "-".join(names)


def parse_feature(words: list[str]) -> str | None:
    """The canonical feature string of normalised player words (``["farm", "n-ene"]``), or
    None. Parts may come in any order, joined by ``-`` or spaces."""
    if not words or len(words) > _MAX_PARTS:
        return None
    kind = _KINDS.get(words[0])
    if kind is None:
        return None
    parts = [part.upper() for word in words[1:] for part in word.split("-") if part]
    if kind is Kind.MONASTERY:
        return feature_name(kind) if not parts else None
    if not parts or len(parts) > _MAX_PARTS:
        return None
    if kind is Kind.FIELD:
        if parts == [INNER.upper()]:
            return feature_name(kind)
        halves: set[int] = set()
        for part in parts:
            if part in DIRECTIONS:
                edge = DIRECTIONS.index(part)
                halves.update((2 * edge, 2 * edge + 1))
            elif part in COMPASS_HALVES:
                halves.add(COMPASS_HALVES.index(part))
            else:
                return None
        return feature_name(kind, (), tuple(sorted(halves)))
    if not all(part in DIRECTIONS for part in parts):
        return None
    edges = tuple(sorted({DIRECTIONS.index(part) for part in parts}))
    return feature_name(kind, edges)
