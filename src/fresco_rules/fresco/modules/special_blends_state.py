"""The state of module 3, Special blend colours (fresco-modules-123.md section 4).

Pink and brown pieces live in the ordinary paint tuples, which are 8 long in a game with module 3
(``vocab.PAINT_INDEX``); this sub-state keeps only what the base state has no place for.
"""

from __future__ import annotations

from typing import Any

from attrs import frozen

from ...kernel.evolve import evolve
from ..state import State, module_slot
from ..vocab import Module


@frozen(slots=False)  # copied dict to dict by kernel.evolve
class SpecialState:
    """Module 3's own components."""

    removed: tuple[str, ...]
    """The fresco tiles removed from the game at set-up (R3.3, sorted; hidden, A3.1)."""


SPECIALS_SLOT = module_slot(Module.SPECIAL_BLENDS)
"""This module's slot of ``State.modules``: the module's own rules read their sub-state there
(no call on the play path); other readers use the accessor below."""


def specials_of(state: State) -> SpecialState | None:
    """The module 3 sub-state of ``state``, None when the module is not in play."""
    sub: SpecialState | None = state.modules[SPECIALS_SLOT]
    return sub


def with_specials(state: State, specials: SpecialState, **changes: Any) -> State:
    """``state`` with the module 3 sub-state ``specials`` (and the other ``changes``)."""
    slots = state.modules
    return evolve(
        state, modules=(*slots[:SPECIALS_SLOT], specials, *slots[SPECIALS_SLOT + 1 :]), **changes
    )
