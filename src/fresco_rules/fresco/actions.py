"""Fresco actions: small frozen records, one per kind of decision.

An action does not name its seat: the seat is whoever ``current_player`` says is to move (the
controller when Leonardo acts, R0.73). Each kind has a stable ``kind`` tag for records.
"""

from __future__ import annotations

from typing import Any, ClassVar

from attrs import field, frozen

from ..kernel.actions import canonical_multiset
from ..kernel.actions import strict_key as _strict
from ..kernel.untrusted import describe
from .vocab import Paint, Segment


@frozen
class ChooseGetUp:
    """Phase 1 (R0.17): put the hostel painter on get-up space ``slot`` (0 = 5:00)."""

    kind: ClassVar[str] = "choose_get_up"
    slot: int = field(eq=_strict, repr=describe)


@frozen
class SubmitPlan:
    """Phase 2 planning (R0.25-R0.27): apprentices per action-sheet column.

    ``theatre`` is only usable on side 1 and ``cathedral_2`` only on side 2 (final round).
    """

    kind: ClassVar[str] = "submit_plan"
    market: int = field(default=0, eq=_strict, repr=describe)
    cathedral: int = field(default=0, eq=_strict, repr=describe)
    studio: int = field(default=0, eq=_strict, repr=describe)
    workshop: int = field(default=0, eq=_strict, repr=describe)
    theatre: int = field(default=0, eq=_strict, repr=describe)
    cathedral_2: int = field(default=0, eq=_strict, repr=describe)

    @property
    def counts(self) -> tuple[int, int, int, int, int, int]:
        return (
            self.market,
            self.cathedral,
            self.studio,
            self.workshop,
            self.theatre,
            self.cathedral_2,
        )


@frozen
class BuyTile:
    """Market (R0.33-R0.34): buy the tile in ``slot`` of ``booth`` (0 = booth I)."""

    kind: ClassVar[str] = "buy_tile"
    booth: int = field(eq=_strict, repr=describe)
    slot: int = field(eq=_strict, repr=describe)


@frozen
class CloseBooth:
    """Market (R0.36, R0.75): return every tile of ``booth`` to the bag and buy nothing."""

    kind: ClassVar[str] = "close_booth"
    booth: int = field(eq=_strict, repr=describe)


@frozen
class Restore:
    """Cathedral (R0.38-R0.42, R0.76): restore ``segment``, first paying 1 Thaler to move the
    bishop one step to ``bishop_to`` when given."""

    kind: ClassVar[str] = "restore"
    segment: Segment = field(eq=_strict, repr=describe)
    bishop_to: Segment | None = field(default=None, eq=_strict, repr=describe)


def canonical_paints(paints: Any) -> Any:
    """Hand-ins are multisets: sort base paints into ``Paint`` order so any order is equal."""
    return canonical_multiset(paints, Paint)


@frozen
class RestoreAltar:
    """Cathedral (R0.43-R0.45): hand in three paints at the altar."""

    kind: ClassVar[str] = "restore_altar"
    paints: tuple[Paint, Paint, Paint] = field(
        converter=canonical_paints, eq=_strict, repr=describe
    )


@frozen
class EarnStudio:
    """Studio (R0.46): one apprentice earns 3 Thalers."""

    kind: ClassVar[str] = "earn_studio"


@frozen
class Blend:
    """Workshop (R0.47): blend two primaries into ``result`` (ORANGE, GREEN or PURPLE)."""

    kind: ClassVar[str] = "blend"
    result: Paint = field(eq=_strict, repr=describe)


@frozen
class AttendTheatre:
    """Theatre (R0.48): one apprentice moves the mood painter up."""

    kind: ClassVar[str] = "attend_theatre"


@frozen
class ChooseTrackSpace:
    """Victory-point track (R0.51): pick the free space behind or in front of a taken target."""

    kind: ClassVar[str] = "choose_track_space"
    space: int = field(eq=_strict, repr=describe)


@frozen
class EndTurn:
    """Forfeit the rest of this location's actions (R0.31) and end the turn there."""

    kind: ClassVar[str] = "end_turn"


class ModuleAction:
    """Base of the action kinds an expansion module declares in its own files
    (``fresco/modules/*_actions.py``); the engine learns them from the module's ``Plugin``."""

    __slots__ = ()
    kind: ClassVar[str]


Action = (
    ChooseGetUp
    | SubmitPlan
    | BuyTile
    | CloseBooth
    | Restore
    | RestoreAltar
    | EarnStudio
    | Blend
    | AttendTheatre
    | ChooseTrackSpace
    | EndTurn
    | ModuleAction
)

BASE_ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseGetUp,
    SubmitPlan,
    BuyTile,
    CloseBooth,
    Restore,
    RestoreAltar,
    EarnStudio,
    Blend,
    AttendTheatre,
    ChooseTrackSpace,
    EndTurn,
)
"""The base game's action kinds, in record order (the modules' follow, see ``engine``)."""
