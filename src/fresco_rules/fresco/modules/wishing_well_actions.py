"""The Wishing Well: the action kinds of module 4 (the engine learns them from ``PLUGIN`` in
``wishing_well.py``)."""

from __future__ import annotations

from typing import ClassVar

from attrs import field, frozen

from ...kernel.actions import strict_key as _strict
from ...kernel.untrusted import describe
from ..actions import ModuleAction, canonical_paints
from ..vocab import Paint, Segment


@frozen
class UseStreetMusician(ModuleAction):
    """Phase 1 (R4.11): right after his get-up mood change, play a Street Musician: mood +1."""

    kind: ClassVar[str] = "use_street_musician"


@frozen
class SkipStreetMusician(ModuleAction):
    """Phase 1 (R4.11): keep the Street Musician for a later round."""

    kind: ClassVar[str] = "skip_street_musician"


@frozen
class PlacePennies(ModuleAction):
    """Planning (R4.3): put ``count`` (0-2) lucky pennies on the market symbol of the plan."""

    kind: ClassVar[str] = "place_pennies"
    count: int = field(eq=_strict, repr=describe)


@frozen
class BuyWishingCard(ModuleAction):
    """Market (R4.4, A4.1): at the start of the market turn, throw pennies into the well and
    draw the top Wishing Card."""

    kind: ClassVar[str] = "buy_wishing_card"


@frozen
class UseLuckyFellow(ModuleAction):
    """Market (R4.12): a Lucky Fellow card gives 2 pennies."""

    kind: ClassVar[str] = "use_lucky_fellow"


@frozen
class UseFreePaints(ModuleAction):
    """Market (R4.12): after buying, take the Free Paints card's pictured ``tile`` for free."""

    kind: ClassVar[str] = "use_free_paints"
    tile: str = field(eq=_strict, repr=describe)


@frozen
class UseBishopsVisit(ModuleAction):
    """Cathedral (R4.12, A4.6): move the bishop free of charge to segment ``to``."""

    kind: ClassVar[str] = "use_bishops_visit"
    to: Segment = field(eq=_strict, repr=describe)


@frozen
class UseBishopsPraise(ModuleAction):
    """Cathedral (R4.12, A4.5): the next segment restoration's bishop bonus rises by 1."""

    kind: ClassVar[str] = "use_bishops_praise"


@frozen
class UseTip(ModuleAction):
    """Studio (R4.12): a Tip gives 1 Thaler and 1 penny."""

    kind: ClassVar[str] = "use_tip"


@frozen
class UseAlchemy(ModuleAction):
    """Workshop (R4.12, A4.7): hand in three primaries ``paints`` for one ``result``."""

    kind: ClassVar[str] = "use_alchemy"
    paints: tuple[Paint, Paint, Paint] = field(
        converter=canonical_paints, eq=_strict, repr=describe
    )
    result: Paint = field(eq=_strict, repr=describe)


@frozen
class UseReward(ModuleAction):
    """Theatre (R4.12): a Reward gives 3 Thalers."""

    kind: ClassVar[str] = "use_reward"
