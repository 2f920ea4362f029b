"""The words a Fresco player uses for places on the board: segment labels (``c3``), booth
numerals (``I``-``IV``) and 1-based slot numbers. The text view, the SVG view, the action
notation and the messages all use these, so they speak one language."""

from __future__ import annotations

from collections.abc import Iterable

from ..kernel.notation import ascii_int
from .vocab import BOOTH_NAMES, GRID, Glass, Location, Paint, Segment

COLUMN_LETTERS = "abcde"
"""Cathedral columns left to right; rows are numbered 1-5 top to bottom."""


def segment_label(segment: Segment) -> str:
    """``(row, col)`` as the board label: ``(0, 0)`` is ``a1``, the centre ``(2, 2)`` is ``c3``."""
    row, col = segment
    if 0 <= row < GRID and 0 <= col < GRID:
        return f"{COLUMN_LETTERS[col]}{row + 1}"
    return f"({row}, {col})"


def parse_segment(text: str) -> Segment | None:
    """The segment of a board label such as ``c3`` (case ignored), or None."""
    word = text.strip().lower()
    number = ascii_int(word[1:], 1) if len(word) == 2 else None
    if number is None or word[0] not in COLUMN_LETTERS:
        return None
    row = number - 1
    return (row, COLUMN_LETTERS.index(word[0])) if 0 <= row < GRID else None


def booth_label(booth: int) -> str:
    """Booth ``0`` as ``I``; out-of-range numbers as digits."""
    return BOOTH_NAMES[booth] if 0 <= booth < len(BOOTH_NAMES) else str(booth)


def parse_booth(text: str) -> int | None:
    """The booth index of ``I``-``IV`` (case ignored), or None."""
    word = text.strip().upper()
    return BOOTH_NAMES.index(word) if word in BOOTH_NAMES else None


def segment_labels(segments: Iterable[Segment]) -> str:
    """Several segments as board labels: ``b2, c3``."""
    return ", ".join(segment_label(segment) for segment in segments)


def location_label(location: Location) -> str:
    """An action-sheet column as players say it: ``market``, ``second cathedral``."""
    return "second cathedral" if location is Location.CATHEDRAL_2 else location.value


def slot_range(booth: int, slots: int) -> str:
    """A booth's slots as the notation names them: ``II:1-II:3``."""
    name = booth_label(booth)
    return f"{name}:1-{name}:{slots}" if slots > 1 else f"{name}:1"


def location_word(location: Location) -> str:
    """A location as the action notation writes it (``cathedral-2``)."""
    return location.value.replace("_", "-")


def parse_paints(words: list[str]) -> tuple[Paint, ...] | None:
    """The paints named by ``words`` (colour names), or None when one is no paint."""
    values = {p.value: p for p in Paint}
    found = tuple(values[w] for w in words if w in values)
    return found if len(found) == len(words) else None


def parse_glass(words: list[str]) -> tuple[Glass, ...] | None:
    """The glass colours named by ``words``, or None when one is no glass colour."""
    values = {g.value: g for g in Glass}
    found = tuple(values[w] for w in words if w in values)
    return found if len(found) == len(words) else None
