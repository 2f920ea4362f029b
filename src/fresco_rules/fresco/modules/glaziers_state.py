"""The state of module 6, the Glaziers (fresco-modules-456.md section 4)."""

from __future__ import annotations

from typing import Any

from attrs import frozen

from ...kernel.evolve import evolve
from ..state import State, module_changes, module_slot
from ..vocab import GlassCounts, Location, Module


@frozen(slots=False)  # copied dict to dict by kernel.evolve
class Cover:
    """A player's Glassworks tile this round (R6.7, R6.8): the column it covers (None: not
    used) and whether one of his own apprentices stands on its bottom space."""

    location: Location | None
    apprentice: bool = False


@frozen(slots=False)  # copied dict to dict by kernel.evolve
class GlassState:
    """Glass tokens and windows. Glass is counted per colour (``GLASS`` order); per-player
    tuples hold the human seats only (R6.24)."""

    bag: GlassCounts
    """Glass in the cloth bag (drawn by chance, R6.4)."""
    offer: GlassCounts
    """The glass offer on the Glaziery board (R6.4, R6.23)."""
    held: tuple[GlassCounts, ...]
    """Per player: glass behind the large screen (R6.9)."""
    reserve: GlassCounts
    """Played glass on the reserve board (G.4, R6.20)."""
    pile: tuple[str, ...]
    """Face-down window tiles (sorted; the top one is drawn by chance when turned up, R6.2)."""
    workbench: tuple[str | None, ...]
    """Face-up windows by slot, slot 0 the price-0 end (R6.2); None for an empty slot (A6.3)."""
    openings: tuple[str | None, ...]
    """The window placed in each segment's opening, 25 segments in row-major order (R6.12)."""
    covers: tuple[Cover | None, ...]
    """Per player: this round's Glassworks tile, None until decided while planning (R6.7)."""
    altar_used: tuple[bool, ...]
    """Per player: glass handed in at the altar window this round (A6.10)."""


GLASS_SLOT = module_slot(Module.GLAZIERS)
"""This module's slot of ``State.modules``: the module's own rules read their sub-state there
(no call on the play path); other readers use the accessor below."""


def glass_of(state: State) -> GlassState | None:
    """The module 6 sub-state of ``state``, None when the module is not in play."""
    sub: GlassState | None = state.modules[GLASS_SLOT]
    return sub


def with_glass(state: State, glass: GlassState, **changes: Any) -> State:
    """``state`` with the module 6 sub-state ``glass`` (and the other ``changes``)."""
    slots = state.modules
    return evolve(state, modules=(*slots[:GLASS_SLOT], glass, *slots[GLASS_SLOT + 1 :]), **changes)


def glass_changes(state: State, glass: GlassState) -> dict[str, Any]:
    """The change that puts the module 6 sub-state ``glass`` in ``state``, as ``evolve``
    keywords (for a caller making other changes in the same new state)."""
    return module_changes(state, GLASS_SLOT, glass)
