"""The Bishop's Requests: the action kinds of module 2 (the engine learns them from ``PLUGIN`` in
``requests.py``)."""

from __future__ import annotations

from typing import Any, ClassVar

from attrs import field, frozen

from ...kernel.actions import strict_key as _strict
from ..actions import ModuleAction
from ..vocab import Paint


def _canonical_tiles(tiles: Any) -> Any:
    """A request takes a set of tiles: sort their IDs so any order is equal."""
    if isinstance(tiles, list):
        tiles = tuple(tiles)
    if isinstance(tiles, tuple) and all(isinstance(t, str) for t in tiles):
        return tuple(sorted(tiles))
    return tiles


@frozen
class FulfilRequest(ModuleAction):
    """Workshop (R2.4-R2.8, R2.15): one workshop apprentice fulfils the top request of ``pile``
    (``general``, ``orange``, ``green`` or ``purple``) with three loose fresco ``tiles``."""

    kind: ClassVar[str] = "fulfil_request"
    pile: str = field(eq=_strict)
    tiles: tuple[str, ...] = field(converter=_canonical_tiles, eq=_strict)


@frozen
class ChooseIncomePaint(ModuleAction):
    """Income (R2.11, A2.6): the primary one general request pays this round."""

    kind: ClassVar[str] = "choose_income_paint"
    paint: Paint = field(eq=_strict)
