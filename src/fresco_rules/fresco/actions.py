"""Fresco actions: small frozen records, one per kind of decision.

An action does not name its seat: the seat is whoever ``current_player`` says is to move (the
controller when Leonardo acts, R0.73). Each kind has a stable ``kind`` tag for records.
"""

from __future__ import annotations

from typing import Any, ClassVar

from attrs import field, frozen

from ..kernel.actions import strict_key as _strict
from .vocab import Glass, Location, Paint, Segment


@frozen
class ChooseGetUp:
    """Phase 1 (R0.17): put the hostel painter on get-up space ``slot`` (0 = 5:00)."""

    kind: ClassVar[str] = "choose_get_up"
    slot: int = field(eq=_strict)


@frozen
class SubmitPlan:
    """Phase 2 planning (R0.25-R0.27): apprentices per action-sheet column.

    ``theatre`` is only usable on side 1 and ``cathedral_2`` only on side 2 (final round).
    """

    kind: ClassVar[str] = "submit_plan"
    market: int = field(default=0, eq=_strict)
    cathedral: int = field(default=0, eq=_strict)
    studio: int = field(default=0, eq=_strict)
    workshop: int = field(default=0, eq=_strict)
    theatre: int = field(default=0, eq=_strict)
    cathedral_2: int = field(default=0, eq=_strict)

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
    booth: int = field(eq=_strict)
    slot: int = field(eq=_strict)


@frozen
class CloseBooth:
    """Market (R0.36, R0.75): return every tile of ``booth`` to the bag and buy nothing."""

    kind: ClassVar[str] = "close_booth"
    booth: int = field(eq=_strict)


@frozen
class Restore:
    """Cathedral (R0.38-R0.42, R0.76): restore ``segment``, first paying 1 Thaler to move the
    bishop one step to ``bishop_to`` when given."""

    kind: ClassVar[str] = "restore"
    segment: Segment = field(eq=_strict)
    bishop_to: Segment | None = field(default=None, eq=_strict)


def _canonical_paints(paints: Any) -> Any:
    """Hand-ins are multisets: sort base paints into ``Paint`` order so any order is equal."""
    if isinstance(paints, (tuple, list)) and all(isinstance(p, Paint) for p in paints):
        order = list(Paint)
        return tuple(sorted(paints, key=order.index))
    return paints


@frozen
class RestoreAltar:
    """Cathedral (R0.43-R0.45): hand in three paints at the altar."""

    kind: ClassVar[str] = "restore_altar"
    paints: tuple[Paint, Paint, Paint] = field(converter=_canonical_paints, eq=_strict)


@frozen
class EarnStudio:
    """Studio (R0.46): one apprentice earns 3 Thalers."""

    kind: ClassVar[str] = "earn_studio"


@frozen
class Blend:
    """Workshop (R0.47): blend two primaries into ``result`` (ORANGE, GREEN or PURPLE)."""

    kind: ClassVar[str] = "blend"
    result: Paint = field(eq=_strict)


@frozen
class AttendTheatre:
    """Theatre (R0.48): one apprentice moves the mood painter up."""

    kind: ClassVar[str] = "attend_theatre"


@frozen
class ChooseTrackSpace:
    """Victory-point track (R0.51): pick the free space behind or in front of a taken target."""

    kind: ClassVar[str] = "choose_track_space"
    space: int = field(eq=_strict)


@frozen
class EndTurn:
    """Forfeit the rest of this location's actions (R0.31) and end the turn there."""

    kind: ClassVar[str] = "end_turn"


# --- module 4: the Wishing Well -------------------------------------------------------------


@frozen
class UseStreetMusician:
    """Phase 1 (R4.11): right after his get-up mood change, play a Street Musician: mood +1."""

    kind: ClassVar[str] = "use_street_musician"


@frozen
class SkipStreetMusician:
    """Phase 1 (R4.11): keep the Street Musician for a later round."""

    kind: ClassVar[str] = "skip_street_musician"


@frozen
class PlacePennies:
    """Planning (R4.3): put ``count`` (0-2) lucky pennies on the market symbol of the plan."""

    kind: ClassVar[str] = "place_pennies"
    count: int = field(eq=_strict)


@frozen
class BuyWishingCard:
    """Market (R4.4, A4.1): at the start of the market turn, throw pennies into the well and
    draw the top Wishing Card."""

    kind: ClassVar[str] = "buy_wishing_card"


@frozen
class UseLuckyFellow:
    """Market (R4.12): a Lucky Fellow card gives 2 pennies."""

    kind: ClassVar[str] = "use_lucky_fellow"


@frozen
class UseFreePaints:
    """Market (R4.12): after buying, take the Free Paints card's pictured ``tile`` for free."""

    kind: ClassVar[str] = "use_free_paints"
    tile: str = field(eq=_strict)


@frozen
class UseBishopsVisit:
    """Cathedral (R4.12, A4.6): move the bishop free of charge to segment ``to``."""

    kind: ClassVar[str] = "use_bishops_visit"
    to: Segment = field(eq=_strict)


@frozen
class UseBishopsPraise:
    """Cathedral (R4.12, A4.5): the next segment restoration's bishop bonus rises by 1."""

    kind: ClassVar[str] = "use_bishops_praise"


@frozen
class UseTip:
    """Studio (R4.12): a Tip gives 1 Thaler and 1 penny."""

    kind: ClassVar[str] = "use_tip"


@frozen
class UseAlchemy:
    """Workshop (R4.12, A4.7): hand in three primaries ``paints`` for one ``result``."""

    kind: ClassVar[str] = "use_alchemy"
    paints: tuple[Paint, Paint, Paint] = field(converter=_canonical_paints, eq=_strict)
    result: Paint = field(eq=_strict)


@frozen
class UseReward:
    """Theatre (R4.12): a Reward gives 3 Thalers."""

    kind: ClassVar[str] = "use_reward"


# --- module 5: the Leaf Gold --------------------------------------------------------------------


@frozen
class Gild:
    """Cathedral (R5.6): add one leaf gold to this restoration (``add``) or not."""

    kind: ClassVar[str] = "gild"
    add: bool = field(eq=_strict)


# --- module 6: the Glaziers ---------------------------------------------------------------------


@frozen
class PlaceGlassworks:
    """Planning (R6.7, R6.8): cover column ``location`` with the Glassworks tile (None: do not
    use it), with one of the player's own apprentices on its bottom space when ``apprentice``."""

    kind: ClassVar[str] = "place_glassworks"
    location: Location | None = field(eq=_strict)
    apprentice: bool = field(default=False, eq=_strict)


@frozen
class BuyGlass:
    """Glassworks (R6.9): buy one glass token of colour ``glass`` from the offer."""

    kind: ClassVar[str] = "buy_glass"
    glass: Glass = field(eq=_strict)


@frozen
class TakeWindow:
    """Cathedral (R6.12): take the window in workbench ``slot`` for the restored segment."""

    kind: ClassVar[str] = "take_window"
    slot: int = field(eq=_strict)


def _canonical_glass(glass: Any) -> Any:
    """Glass hand-ins are multisets: sort them into ``Glass`` order."""
    if isinstance(glass, (tuple, list)) and all(isinstance(g, Glass) for g in glass):
        order = list(Glass)
        return tuple(sorted(glass, key=order.index))
    return glass


@frozen
class HandInGlass:
    """Cathedral (R6.15, R6.19): hand in ``glass`` for the window just taken, or for the
    altar window after an altar restoration (possibly nothing)."""

    kind: ClassVar[str] = "hand_in_glass"
    glass: tuple[Glass, ...] = field(converter=_canonical_glass, eq=_strict)


# --- module 1: the Portraits ----------------------------------------------------------------


def _canonical_primaries(paints: Any) -> Any:
    if isinstance(paints, list):
        paints = tuple(paints)
    return _canonical_paints(paints)


@frozen
class TakePortrait:
    """Studio (R1.4-R1.6, R1.24): one studio apprentice takes portrait ``card`` from the display
    instead of earning 3 Thalers. ``paints`` names the primaries a Merchant gives (R1.14)."""

    kind: ClassVar[str] = "take_portrait"
    card: str = field(eq=_strict)
    paints: tuple[Paint, ...] = field(default=(), converter=_canonical_primaries, eq=_strict)


@frozen
class UseSexton:
    """Cathedral (R1.11, A1.3): the Sexton's once-a-round paid bishop move to ``to``."""

    kind: ClassVar[str] = "use_sexton"
    to: Segment = field(eq=_strict)


# --- module 2: the Bishop's Requests ---------------------------------------------------------


def _canonical_tiles(tiles: Any) -> Any:
    """A request takes a set of tiles: sort their IDs so any order is equal."""
    if isinstance(tiles, list):
        tiles = tuple(tiles)
    if isinstance(tiles, tuple) and all(isinstance(t, str) for t in tiles):
        return tuple(sorted(tiles))
    return tiles


@frozen
class FulfilRequest:
    """Workshop (R2.4-R2.8, R2.15): one workshop apprentice fulfils the top request of ``pile``
    (``general``, ``orange``, ``green`` or ``purple``) with three loose fresco ``tiles``."""

    kind: ClassVar[str] = "fulfil_request"
    pile: str = field(eq=_strict)
    tiles: tuple[str, ...] = field(converter=_canonical_tiles, eq=_strict)


@frozen
class ChooseIncomePaint:
    """Income (R2.11, A2.6): the primary one general request pays this round."""

    kind: ClassVar[str] = "choose_income_paint"
    paint: Paint = field(eq=_strict)


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
    | UseStreetMusician
    | SkipStreetMusician
    | PlacePennies
    | BuyWishingCard
    | UseLuckyFellow
    | UseFreePaints
    | UseBishopsVisit
    | UseBishopsPraise
    | UseTip
    | UseAlchemy
    | UseReward
    | Gild
    | PlaceGlassworks
    | BuyGlass
    | TakeWindow
    | HandInGlass
    | TakePortrait
    | UseSexton
    | FulfilRequest
    | ChooseIncomePaint
)

ACTION_TYPES: tuple[type[Action], ...] = (
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
    UseStreetMusician,
    SkipStreetMusician,
    PlacePennies,
    BuyWishingCard,
    UseLuckyFellow,
    UseFreePaints,
    UseBishopsVisit,
    UseBishopsPraise,
    UseTip,
    UseAlchemy,
    UseReward,
    Gild,
    PlaceGlassworks,
    BuyGlass,
    TakeWindow,
    HandInGlass,
    TakePortrait,
    UseSexton,
    FulfilRequest,
    ChooseIncomePaint,
)
ACTIONS_BY_KIND: dict[str, type[Action]] = {cls.kind: cls for cls in ACTION_TYPES}
