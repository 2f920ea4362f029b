"""The Portraits: the action kinds of module 1 (the engine learns them from ``PLUGIN`` in
``portraits.py``)."""

from __future__ import annotations

from typing import Any, ClassVar

from attrs import field, frozen

from ...kernel.actions import strict_key as _strict
from ..actions import ModuleAction
from ..vocab import Paint, Segment


def _canonical_primaries(paints: Any) -> Any:
    """The Merchant's primaries are a multiset: sort them into ``Paint`` order."""
    if isinstance(paints, list):
        paints = tuple(paints)
    if type(paints) is tuple and len(paints) < 2:
        return paints  # none or one: already in order (most portraits give no primaries)
    if isinstance(paints, tuple) and all(isinstance(p, Paint) for p in paints):
        order = list(Paint)
        return tuple(sorted(paints, key=order.index))
    return paints


@frozen
class TakePortrait(ModuleAction):
    """Studio (R1.4-R1.6, R1.24): one studio apprentice takes portrait ``card`` from the display
    instead of earning 3 Thalers. ``paints`` names the primaries a Merchant gives (R1.14)."""

    kind: ClassVar[str] = "take_portrait"
    card: str = field(eq=_strict)
    paints: tuple[Paint, ...] = field(default=(), converter=_canonical_primaries, eq=_strict)


@frozen
class UseSexton(ModuleAction):
    """Cathedral (R1.11, A1.3): the Sexton's once-a-round paid bishop move to ``to``."""

    kind: ClassVar[str] = "use_sexton"
    to: Segment = field(eq=_strict)
