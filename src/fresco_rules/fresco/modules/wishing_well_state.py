"""The state of module 4, the Wishing Well (fresco-modules-456.md section 2)."""

from __future__ import annotations

from typing import Any

from attrs import frozen

from ...kernel.evolve import evolve
from ..state import State, module_slot
from ..vocab import Module


@frozen(slots=False)  # copied dict to dict by kernel.evolve
class WellState:
    """Lucky pennies and Wishing Cards. Per-player tuples hold the human seats only (R4.15).

    Cards are named by their face: the kind (``"tip"``), or ``"free_paints:M11"`` for a Free
    Paints card with its pictured tile. The deck is a face-down pile: its cards are kept sorted
    and the card on top is drawn by chance when it is taken (R4.1, R4.4).
    """

    supply: int
    """Pennies in the general supply (R4.1)."""
    well: int
    """Pennies in the well this round (R4.4, R4.13)."""
    pennies: tuple[int, ...]
    """Per player: pennies behind the large screen (R4.2)."""
    symbol: tuple[int, ...]
    """Per player: pennies on the market symbol of the action sheet (R4.3)."""
    placed: tuple[bool, ...]
    """Per player: the pennies for this round's market symbol have been decided (R4.3)."""
    deck: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    """Per player: the cards held behind the large screen (sorted)."""
    used: tuple[str, ...]
    """The discard pile of used cards, never reshuffled (A4.4, sorted)."""
    played: tuple[tuple[str, ...], ...]
    """Per player: where each card used this round was played (R4.8), e.g. ``"studio"``."""
    musician: int = -1
    """The actor deciding on a Street Musician right after his get-up (R4.11), or -1."""
    bound: str = ""
    """A cathedral card waiting for the next segment restoration (A4.5, A4.6), or ``""``."""


WELL_SLOT = module_slot(Module.WISHING_WELL)
"""This module's slot of ``State.modules``: the module's own rules read their sub-state there
(no call on the play path); other readers use the accessor below."""


def well_of(state: State) -> WellState | None:
    """The module 4 sub-state of ``state``, None when the module is not in play."""
    sub: WellState | None = state.modules[WELL_SLOT]
    return sub


def with_well(state: State, well: WellState, **changes: Any) -> State:
    """``state`` with the module 4 sub-state ``well`` (and the other ``changes``)."""
    slots = state.modules
    return evolve(state, modules=(*slots[:WELL_SLOT], well, *slots[WELL_SLOT + 1 :]), **changes)
