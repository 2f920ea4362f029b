"""The state of module 5, the Leaf Gold (fresco-modules-456.md section 3)."""

from __future__ import annotations

from typing import Any

from attrs import frozen

from ...kernel.evolve import evolve
from ..state import State, module_changes, module_slot
from ..vocab import Module, Paint


@frozen(slots=False)  # copied dict to dict by kernel.evolve
class GoldState:
    """Leaf gold and the wooden discs. Per-player tuples hold the human seats only (R5.13)."""

    supply: int
    """Leaf gold on the leaf-gold board (R5.1)."""
    held: tuple[int, ...]
    """Per player: leaf gold behind the large screen."""
    disc: Paint
    """The disc on the basket tile: this round's gilding colour (R5.4)."""
    bag: tuple[Paint, ...]
    """The discs in the linen bag (sorted; drawn by chance, R5.3)."""


GOLD_SLOT = module_slot(Module.LEAF_GOLD)
"""This module's slot of ``State.modules``: the module's own rules read their sub-state there
(no call on the play path); other readers use the accessor below."""


def gold_of(state: State) -> GoldState | None:
    """The module 5 sub-state of ``state``, None when the module is not in play."""
    sub: GoldState | None = state.modules[GOLD_SLOT]
    return sub


def with_gold(state: State, gold: GoldState, **changes: Any) -> State:
    """``state`` with the module 5 sub-state ``gold`` (and the other ``changes``)."""
    slots = state.modules
    return evolve(state, modules=(*slots[:GOLD_SLOT], gold, *slots[GOLD_SLOT + 1 :]), **changes)


def gold_changes(state: State, gold: GoldState) -> dict[str, Any]:
    """The change that puts the module 5 sub-state ``gold`` in ``state``, as ``evolve``
    keywords (for a caller making other changes in the same new state)."""
    return module_changes(state, GOLD_SLOT, gold)
