"""The state of module 1, the Portraits (fresco-modules-123.md section 2)."""

from __future__ import annotations

from typing import Any

from attrs import frozen

from ...kernel.evolve import evolve
from ..state import State, module_slot
from ..vocab import Module


@frozen(slots=False)  # copied dict to dict by kernel.evolve
class PortraitState:
    """Module 1's components. Per-player tuples hold the human seats; ``taken`` every actor."""

    deck: tuple[str, ...]
    """The face-down portrait deck, top card first (its order is hidden, A1.10)."""
    display: tuple[str | None, ...]
    """The studio's face-up spaces (R1.3); None for an empty space."""
    held: tuple[tuple[str, ...], ...]
    """Per player: his permanent cards, face up (R1.7)."""
    removed: tuple[str, ...]
    """Cards removed from the game (one-time cards, Leonardo's, the display's leftovers)."""
    taken: tuple[int, ...]
    """Per actor: portraits taken this round (R1.5, A1.1)."""
    sexton_used: tuple[int, ...]
    """Per player: Sexton moves made this round (R1.11)."""
    sexton_armed: bool = False
    """A Sexton move was just made and its segment restoration is due (A1.3)."""


PORTRAITS_SLOT = module_slot(Module.PORTRAITS)
"""This module's slot of ``State.modules``: the module's own rules read their sub-state there
(no call on the play path); other readers use the accessor below."""


def portraits_of(state: State) -> PortraitState | None:
    """The module 1 sub-state of ``state``, None when the module is not in play."""
    sub: PortraitState | None = state.modules[PORTRAITS_SLOT]
    return sub


def with_portraits(state: State, portraits: PortraitState, **changes: Any) -> State:
    """``state`` with the module 1 sub-state ``portraits`` (and the other ``changes``)."""
    slots = state.modules
    return evolve(
        state, modules=(*slots[:PORTRAITS_SLOT], portraits, *slots[PORTRAITS_SLOT + 1 :]), **changes
    )
