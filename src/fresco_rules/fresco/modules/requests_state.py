"""The state of module 2, the Bishop's Requests (fresco-modules-123.md section 3)."""

from __future__ import annotations

from typing import Any

from attrs import frozen

from ...kernel.evolve import evolve
from ..state import State, module_slot
from ..vocab import Module

Stack = tuple[str, tuple[str, ...]]
"""A request stack: the fulfilled request tile and the 3 fresco tiles under it (R2.3)."""


@frozen(slots=False)  # copied dict to dict by kernel.evolve
class RequestState:
    """Module 2's components. Per-player tuples hold the human seats; ``used`` holds every
    actor (Leonardo too, R2.15)."""

    piles: tuple[tuple[str, ...], ...]
    """The four piles in ``REQUEST_TYPES`` order (general, orange, green, purple), top first."""
    stacks: tuple[tuple[Stack, ...], ...]
    """Per player: his request stacks, in the order fulfilled (public, A2.3)."""
    removed: tuple[str, ...]
    """Request tiles Leonardo fulfilled, removed from the game (R2.15)."""
    removed_tiles: tuple[str, ...]
    """Fresco tiles Leonardo used for requests, removed from the game (R2.15)."""
    used: tuple[bool, ...]
    """Per actor: a request was fulfilled this round (R2.4)."""
    income_due: tuple[int, ...]
    """Per player: general-request primaries still to choose at this income step (A2.6)."""


REQUESTS_SLOT = module_slot(Module.REQUESTS)
"""This module's slot of ``State.modules``: the module's own rules read their sub-state there
(no call on the play path); other readers use the accessor below."""


def requests_of(state: State) -> RequestState | None:
    """The module 2 sub-state of ``state``, None when the module is not in play."""
    sub: RequestState | None = state.modules[REQUESTS_SLOT]
    return sub


def with_requests(state: State, requests: RequestState, **changes: Any) -> State:
    """``state`` with the module 2 sub-state ``requests`` (and the other ``changes``)."""
    slots = state.modules
    return evolve(
        state, modules=(*slots[:REQUESTS_SLOT], requests, *slots[REQUESTS_SLOT + 1 :]), **changes
    )
