"""The Fresco game state: one frozen record of tuples, shared by every rule function.

Per-actor tuples hold the human seats ``0..players-1`` and, with 2 players, Leonardo at index
``players`` (R0.69). Per-player tuples hold the human seats only. Each expansion module keeps its
own frozen sub-state in one slot of ``State.modules`` (indexed by module number, None when the
module is not in play), read and written only through the accessors in the module's own files
(e.g. ``wishing_well_state.well_of``): the base state names no module.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, TypeVar

import attrs
from attrs import frozen

from ..kernel.chance import Chance
from ..kernel.evolve import evolve
from ..kernel.view import Viewable
from .actions import SubmitPlan
from .config import GameConfig, Tables
from .vocab import BOOTH_NAMES, GRID, Glass, Location, Module, PaintCounts, Segment
from .words import location_label


class Phase(Enum):
    __hash__ = object.__hash__  # members are singletons compared by identity: C-level hash

    GET_UP = "get_up"
    PLAN = "plan"
    ACTION = "action"
    OVER = "over"


@frozen(slots=False)  # copied dict to dict by kernel.evolve
class Turn:
    """One actor's turn at one location (R0.30)."""

    location: Location
    actor: int
    left: int
    """Actions left: apprentices, or blends at the workshop (2 per apprentice, R0.47)."""
    booth: int = -1
    """Market: the booth this actor buys from (R0.33), -1 before the first purchase."""
    bishop_moved: bool = False
    """A paid bishop move was made this visit (A0.5 ``per_visit``)."""


@frozen(slots=False)  # copied dict to dict by kernel.evolve
class ScoreParts:
    """The terms of one restoration's score (G.6): ``fresco`` is the tile value (or the altar
    VP), ``bishop`` the bishop bonus with Bishop's Praise, ``extra`` the altar-window tokens."""

    fresco: int = 0
    window: int = 0
    bishop: int = 0
    gilding: int = 0
    extra: int = 0
    penalty: int = 0


@frozen(slots=False)  # copied dict to dict by kernel.evolve
class Restoration:
    """One restoration in progress (R6.26): a segment (or the altar when ``segment`` is None)
    whose paints are handed in, waiting for the module decisions before it is scored."""

    actor: int
    segment: Segment | None
    tile: str | None
    base: int
    """The tile value, or the altar VP."""
    bishop: Segment
    """The bishop's position for this restoration's bonus and gilding (after any moves)."""
    step: int = -1
    """Index of the module stage due (or last done) in the restoration's stage list."""
    praise: bool = False
    gild: bool = False
    window: str | None = None
    glass: tuple[Glass, ...] = ()
    """Glass handed in for the window or the altar window."""


@frozen(slots=False)  # copied dict to dict by kernel.evolve
class Scored:
    """The last restoration scored: what it was, its parts and its points (G.6)."""

    restoration: Restoration
    parts: ScoreParts
    points: int


NO_MODULES: tuple[None, ...] = (None,) * len(Module)
"""The module slots of a game without modules."""


def module_slot(module: Module) -> int:
    """The index of ``module``'s sub-state in ``State.modules``."""
    return module.value - 1


@frozen(slots=False, repr=False)
class State(Viewable):
    """A game state. Not slotted: ``kernel.evolve`` copies it dict to dict, the cheapest way to
    make the next state."""

    config: GameConfig
    tables: Tables = attrs.field(eq=False, repr=False)
    chance: Chance
    """The generator, the log of every draw so far and recorded draws still to replay."""
    round: int
    final: bool
    """This round is the final round (R0.60, R0.61)."""
    side: int
    """Action-sheet side in use: 1, or 2 in a final round announced at its start (R0.60)."""
    phase: Phase
    track: tuple[int, ...]
    """Per actor: VP track space, 0 while on a start space (R0.49)."""
    start: tuple[int, ...]
    """Per actor: k while on start space S<k>, 0 once on the track."""
    hostel: tuple[int, ...]
    """Per actor: chosen get-up space index, -1 while sleeping (R0.17, R0.57)."""
    held: tuple[tuple[str, ...], ...]
    """Per actor: fresco tiles held face down (R0.42)."""
    money: tuple[int, ...]
    paints: tuple[PaintCounts, ...]
    mood: tuple[int, ...]
    apprentices: tuple[int, ...]
    """Per player: apprentices available this round (R0.24)."""
    plans: tuple[SubmitPlan | None, ...]
    """Per actor: the submitted plan of this round, None before planning."""
    supply_money: int
    supply_paints: PaintCounts
    cathedral: tuple[str | None, ...]
    """25 segments in row-major order: the tile still there, or None once restored."""
    bishop: Segment
    leonardo_at: Segment | None
    bag: tuple[str, ...]
    """Market tiles in the bag, sorted (a bag has no order; draws use ``chance``)."""
    booths: tuple[tuple[str | None, ...], ...]
    removed: tuple[str, ...]
    controller: int
    """The seat making Leonardo's choices this round (R0.73), -1 without Leonardo."""
    order: tuple[int, ...]
    """Phase 1: order A of this round. Phase 2: order B (R0.15, R0.16)."""
    step: int
    """Phase 1: index into ``order``. Phase 2: index into the round's location sequence."""
    queue: tuple[int, ...]
    """Phase 2: actors still to act at the current location after the active one."""
    turn: Turn | None
    pending_track: tuple[int, ...]
    """Track spaces the active actor must choose between (R0.51); empty when none."""
    altar_used: tuple[int, ...]
    """Per player: altar restorations this round (A0.6)."""
    modules: tuple[Any, ...] = NO_MODULES
    """The expansion modules' sub-states, one slot per module in module order (``module_slot``),
    None for a module not in play. Each module reads and writes its own slot through the
    accessors in its ``modules/*_state.py`` file."""
    restoring: Restoration | None = None
    """A restoration waiting for a module decision (R6.26), None otherwise."""
    scored: Scored | None = None
    """The last restoration scored (G.6)."""

    def is_leonardo(self, actor: int) -> bool:
        return actor == self.tables.leonardo

    def tiles_left(self) -> int:
        return len(self.cathedral) - self.cathedral.count(None)

    def tile_at(self, segment: Segment) -> str | None:
        return self.cathedral[segment[0] * GRID + segment[1]]

    def where(self) -> str:
        """A short description of the position, for error messages and logs."""
        text = f"round {self.round}{' (final)' if self.final else ''}, {self.phase.value}"
        if self.turn is not None:
            where, actor = location_label(self.turn.location), actor_name(self, self.turn.actor)
            text += f" at {where}, {actor} to act"
        return text


replace = evolve
"""``attrs.evolve`` for the hot paths of the flow: ``replace(state, **changes)`` is a new state
with ``changes``."""


def module_changes(state: State, slot: int, sub: object) -> dict[str, Any]:
    """The change of ``state`` that puts ``sub`` in module slot ``slot``, as ``evolve`` keywords
    (for a caller making other changes in the same new state)."""
    slots = state.modules
    return {"modules": (*slots[:slot], sub, *slots[slot + 1 :])}


Sub = TypeVar("Sub")


def in_play(sub: Sub | None, module: Module) -> Sub:
    """A module's sub-state read through its accessor (``well_of(state)`` ...) where the caller
    only runs while the module is in play (its picture, tests): the sub-state itself."""
    if sub is None:
        raise AssertionError(f"module {module.value} is not in play")
    return sub


def actor_name(state: State, actor: int) -> str:
    return "Leonardo" if state.is_leonardo(actor) else f"seat {actor}"


def booth_name(booth: int) -> str:
    return BOOTH_NAMES[booth] if 0 <= booth < len(BOOTH_NAMES) else str(booth)
