"""What one Fresco seat may see (R0.68), as a typed value."""

from __future__ import annotations

from collections.abc import Mapping

import attrs
from attrs import frozen

from ..kernel.view import MappingView
from .actions import SubmitPlan
from .vocab import PaintCounts, Segment


@frozen
class PlayerView(MappingView):
    """One seat's view: hidden values are None (other players' money, paints and, while
    planning, plans). ``extra`` holds the modules' parts (cards, pennies, glass, ...); the view
    is also a mapping of every name to its value (``view["money"]``)."""

    seat: int
    round: int
    phase: str
    track: tuple[int, ...]
    mood: tuple[int, ...]
    hostel: tuple[int, ...]
    held_tiles: tuple[int, ...]
    money: tuple[int | None, ...]
    paints: tuple[PaintCounts | None, ...]
    plans: tuple[SubmitPlan | None, ...]
    cathedral: tuple[str | None, ...]
    bishop: Segment
    booths: tuple[tuple[str | None, ...], ...]
    extra: Mapping[str, object] = attrs.field(factory=dict)
