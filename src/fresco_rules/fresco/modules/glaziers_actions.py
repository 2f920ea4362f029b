"""The Glaziers: the action kinds of module 6 (the engine learns them from ``PLUGIN`` in
``glaziers.py``)."""

from __future__ import annotations

from typing import Any, ClassVar

from attrs import field, frozen

from ...kernel.actions import canonical_multiset
from ...kernel.actions import strict_key as _strict
from ...kernel.untrusted import describe
from ..actions import ModuleAction
from ..vocab import Glass, Location


@frozen
class PlaceGlassworks(ModuleAction):
    """Planning (R6.7, R6.8): cover column ``location`` with the Glassworks tile (None: do not
    use it), with one of the player's own apprentices on its bottom space when ``apprentice``."""

    kind: ClassVar[str] = "place_glassworks"
    location: Location | None = field(eq=_strict, repr=describe)
    apprentice: bool = field(default=False, eq=_strict, repr=describe)


@frozen
class BuyGlass(ModuleAction):
    """Glassworks (R6.9): buy one glass token of colour ``glass`` from the offer."""

    kind: ClassVar[str] = "buy_glass"
    glass: Glass = field(eq=_strict, repr=describe)


@frozen
class TakeWindow(ModuleAction):
    """Cathedral (R6.12): take the window in workbench ``slot`` for the restored segment."""

    kind: ClassVar[str] = "take_window"
    slot: int = field(eq=_strict, repr=describe)


def canonical_glass(glass: Any) -> Any:
    """Glass hand-ins are multisets: sort them into ``Glass`` order."""
    return canonical_multiset(glass, Glass)


@frozen
class HandInGlass(ModuleAction):
    """Cathedral (R6.15, R6.19): hand in ``glass`` for the window just taken, or for the
    altar window after an altar restoration (possibly nothing)."""

    kind: ClassVar[str] = "hand_in_glass"
    glass: tuple[Glass, ...] = field(converter=canonical_glass, eq=_strict, repr=describe)
