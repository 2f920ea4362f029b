"""Pure scoring laws: bishop bonus, altar, the VP track, the final conversion and, for the
modules, one restoration's total (G.6) and the missing-glass penalty of a window (R6.15)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations_with_replacement

from ..kernel.errors import IllegalAction
from ..kernel.registry import implements
from ..kernel.untrusted import describe
from .vocab import (
    BASE_PAINTS,
    GRID,
    PRIMARIES,
    SECONDARIES,
    SEGMENTS,
    SPECIAL_PAINTS,
    Glass,
    Paint,
    Segment,
)


def _on_grid(segment: object) -> bool:
    return (
        type(segment) is tuple
        and len(segment) == 2
        and all(type(x) is int and 0 <= x < GRID for x in segment)
    )


def _neighbours(segment: Segment, diagonal: bool) -> tuple[Segment, ...]:
    r, c = segment
    found = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr, dc) == (0, 0) or (not diagonal and dr and dc):
                continue
            if 0 <= r + dr < GRID and 0 <= c + dc < GRID:
                found.append((r + dr, c + dc))
    return tuple(found)


NEIGHBOURS: dict[Segment, tuple[Segment, ...]] = {
    (r, c): _neighbours((r, c), True) for r in range(GRID) for c in range(GRID)
}
"""The up to 8 neighbours of each segment (conventions of fresco-base.md)."""
ORTHOGONAL: dict[Segment, tuple[Segment, ...]] = {
    (r, c): _neighbours((r, c), False) for r in range(GRID) for c in range(GRID)
}
"""The up to 4 orthogonal neighbours of each segment."""


@implements("R0.40")
def bishop_bonus(segment: Segment, bishop: Segment) -> int:
    """R0.40: "Bishop bonus for the restored segment: +3 if the bishop stands on it; +2 if the
    bishop stands on one of its neighbours (orthogonal or diagonal); otherwise 0."

    ``bishop`` is where the bishop stands after any move for this restoration. Raises
    ``IllegalAction`` for a cell off the 5x5 grid. (The restoration's scoring reads the same
    values from ``BISHOP_BONUS_TABLE``.)"""
    if not _on_grid(segment) or not _on_grid(bishop):
        raise IllegalAction(
            "R0.40",
            f"segments must be (row, col) on the 5x5 grid: {describe(segment)}, {describe(bishop)}",
        )
    if segment == bishop:
        return 3
    if abs(segment[0] - bishop[0]) <= 1 and abs(segment[1] - bishop[1]) <= 1:
        return 2
    return 0


BISHOP_BONUS_TABLE: Mapping[tuple[Segment, Segment], int] = {
    (segment, bishop): bishop_bonus(segment, bishop) for segment in SEGMENTS for bishop in SEGMENTS
}
"""The fast form of ``bishop_bonus`` (R0.40): its value for every (restored segment, bishop)
pair on the grid, one lookup for the restoration's scoring, which only meets cells its validator
checked. It must agree with ``bishop_bonus`` on every pair (tests/properties/test_fast_forms.py)."""


ALTAR_SPECIAL_BONUS: Mapping[Paint, int] = {Paint.PINK: 3, Paint.BROWN: 5}
"""R3.8: the extra VP of a pink or brown piece in the altar's blended version (module 3)."""


@implements("R0.43", "R0.44", "A0.14", "R3.8", "R3.9", "A3.2")
def altar_points(paints: Iterable[Paint], *, bonus: Mapping[Paint, int] | None = None) -> int:
    """R0.43/R0.44 (A0.14): VP for an altar hand-in of exactly three pieces.

    One orange, one green and one purple score 6 (the blended version). Otherwise each primary
    may appear at most once, every other piece is a secondary replacing a primary, and the
    hand-in scores 2 plus 1 per secondary. R3.8/R3.9 (module 3): in the blended version pink
    and brown pieces may replace any of orange, green and purple (each of those at most once;
    pink and brown may repeat), scoring 6 plus 3 per pink and 5 per brown; A3.2: they are never
    part of the basic version. ``bonus`` replaces the per-piece bonus (default
    ``ALTAR_SPECIAL_BONUS``). Anything else raises ``IllegalAction`` (R0.43, R3.9).

    This is the scoring law only: whether pink and brown exist in a game (module 3) is the
    validator's question.
    """
    try:
        pieces = tuple(paints)
    except TypeError:
        raise IllegalAction(
            "R0.43", f"the altar takes three paints, not {describe(paints)}"
        ) from None
    if len(pieces) != 3:
        raise IllegalAction("R0.43", f"the altar takes exactly three pieces, not {len(pieces)}")
    if not all(type(p) is Paint for p in pieces):
        raise IllegalAction("R0.43", f"the altar takes paint pieces only, not {describe(pieces)}")
    specials = [p for p in pieces if p in SPECIAL_PAINTS]
    if specials:
        return _blended_with_specials(pieces, len(specials), bonus or ALTAR_SPECIAL_BONUS)
    if set(pieces) == SECONDARIES:
        return 6
    primaries = [p for p in pieces if p in PRIMARIES]
    if len(set(primaries)) != len(primaries):
        twice = next(p for p in primaries if primaries.count(p) > 1)
        raise IllegalAction("R0.43", f"{twice.value} handed in twice: each primary at most once")
    return 2 + sum(p in SECONDARIES for p in pieces)


def _blended_with_specials(
    pieces: tuple[Paint, ...], specials: int, bonus: Mapping[Paint, int]
) -> int:
    """R3.8/R3.9 (A3.2): a blended hand-in in which pink or brown replace secondaries."""
    if any(p in PRIMARIES for p in pieces):
        raise IllegalAction(
            "R3.9", "pink and brown replace orange, green or purple in the blended version only"
        )
    secondaries = [p for p in pieces if p in SECONDARIES]
    if len(set(secondaries)) != len(secondaries):
        twice = next(p for p in secondaries if secondaries.count(p) > 1)
        raise IllegalAction(
            "R3.9", f"{twice.value} handed in twice: orange, green and purple at most once each"
        )
    return 6 + sum(bonus[p] for p in pieces if p in SPECIAL_PAINTS)


def _altar_hand_ins() -> tuple[tuple[tuple[Paint, Paint, Paint], int], ...]:
    found = []
    for combo in combinations_with_replacement(BASE_PAINTS, 3):
        try:
            found.append(((combo[0], combo[1], combo[2]), altar_points(combo)))
        except IllegalAction:
            continue
    return tuple(found)


ALTAR_HAND_INS = _altar_hand_ins()
"""Every legal altar hand-in of base paints (canonical paint order) with its points."""


@implements("R3.8", "R3.9")
def special_hand_ins(
    bonus: Mapping[Paint, int] | None = None,
) -> tuple[tuple[tuple[Paint, Paint, Paint], int], ...]:
    """R3.8/R3.9 (module 3): every legal altar hand-in with a pink or brown piece (canonical
    paint order) and its points under ``bonus`` (default ``ALTAR_SPECIAL_BONUS``)."""
    found = []
    for combo in combinations_with_replacement((*BASE_PAINTS, *SPECIAL_PAINTS), 3):
        if not any(p in SPECIAL_PAINTS for p in combo):
            continue
        try:
            found.append(((combo[0], combo[1], combo[2]), altar_points(combo, bonus=bonus)))
        except IllegalAction:
            continue
    return tuple(found)


ALTAR_SPECIAL_HAND_INS = special_hand_ins()
"""Module 3: every legal altar hand-in with at least one pink or brown piece (R3.9), with its
points under the default bonus."""


@implements("R0.50", "R0.51", "R0.52", "R0.53", "A0.11", "A0.21")
def track_options(
    occupied: Iterable[int], position: int, gain: int, *, forward_only: bool
) -> tuple[int, ...]:
    """The spaces a painter on ``position`` (0 = start space) may end on after gaining ``gain``.

    R0.50/A0.21: a gain of 0 moves nothing; the track has no end. R0.51: if the target is
    taken by another painter (``occupied``, Leonardo's included, R0.53), the nearest free space
    behind it (space 1 or higher; the mover's own space counts as free) or in front of it.
    R0.52/A0.11: ``forward_only`` keeps only the space in front.
    """
    if gain <= 0:
        return (position,)
    taken = set(occupied)
    taken.discard(position)
    target = position + gain
    if target not in taken:
        return (target,)
    front = target + 1
    while front in taken:
        front += 1
    if forward_only:
        return (front,)
    behind = target - 1
    while behind >= 1 and behind in taken:
        behind -= 1
    return (behind, front) if behind >= 1 else (front,)


@implements("R0.63", "A0.9")
def money_points(thalers: int) -> int:
    """R0.63 (A0.9): every 2 Thalers are worth 1 VP; an odd Thaler is worth nothing."""
    return max(thalers, 0) // 2


PANE_PENALTIES: Mapping[Glass, int] = {Glass.YELLOW: 2, Glass.BLUE: 4, Glass.RED: 6, Glass.GREEN: 8}
"""R6.15: the penalty per uncovered pane (component-data.md 7.1, certain)."""


@implements("R6.15", "R6.16", "A6.7")
def window_penalty(
    panes: Sequence[Glass],
    glass: Iterable[Glass],
    *,
    penalties: Mapping[Glass, int] | None = None,
) -> int:
    """R6.15/A6.7: the penalty for the panes of a window left uncovered by the glass handed in.

    Each token covers one uncovered pane of its own colour; a token that matches no uncovered
    pane (a wrong colour, or one too many) raises ``IllegalAction`` (R6.15). R6.16: handing in
    nothing is allowed and costs every pane's penalty. ``penalties`` replaces the per-colour
    penalties (default ``PANE_PENALTIES``: yellow 2, blue 4, red 6, green 8).
    """
    table = PANE_PENALTIES if penalties is None else penalties
    try:
        uncovered = list(panes)
        tokens = list(glass)
    except TypeError:
        raise IllegalAction("R6.15", "panes and glass must be sequences of Glass") from None
    if not all(type(pane) is Glass for pane in uncovered):
        raise IllegalAction("R6.15", f"window panes must be Glass colours, not {describe(panes)}")
    for token in tokens:
        if type(token) is not Glass:
            raise IllegalAction("R6.15", f"{describe(token)} is not a glass token")
        if token not in uncovered:
            raise IllegalAction(
                "R6.15", f"a {token.value} token matches no uncovered pane of the window"
            )
        uncovered.remove(token)
    return sum(table[pane] for pane in uncovered)


@implements("G.6", "R6.17", "R6.18", "A6.8", "A5.5")
def restoration_points(
    *,
    fresco: int,
    window: int = 0,
    bishop: int = 0,
    gilding: int = 0,
    extra: int = 0,
    penalty: int = 0,
) -> int:
    """G.6 (A6.8, A5.5): one restoration's score, max(0, fresco + window + bishop + gilding +
    extra - penalty). R6.17: tile value, window VP, bishop bonus (with Bishop's Praise),
    gilding points and card or altar-window bonuses, less the missing-glass penalties.
    R6.18: the zero floor applies to this one sum, so a restoration never costs VP. For the
    altar, ``fresco`` is the altar VP and ``extra`` the altar-window tokens."""
    total = fresco + window + bishop + gilding + extra - penalty
    return max(0, total)
