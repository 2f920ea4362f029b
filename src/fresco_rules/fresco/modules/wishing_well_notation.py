"""Module 4's words in the text notation (``text_notation``): ``musician``, ``keep musician``,
``pennies 2``, ``wish``, ``lucky fellow``, ``free paints M04``, ``visit c3``, ``praise``,
``tip``, ``alchemy red red blue -> green``, ``reward``."""

from __future__ import annotations

from ..actions import Action
from ..plugin_parts import Notation, number_parser
from ..state import State
from ..words import parse_paints, parse_segment, segment_label
from .wishing_well_actions import (
    BuyWishingCard,
    PlacePennies,
    SkipStreetMusician,
    UseAlchemy,
    UseBishopsPraise,
    UseBishopsVisit,
    UseFreePaints,
    UseLuckyFellow,
    UseReward,
    UseStreetMusician,
    UseTip,
)


def _write(action: object) -> str | None:
    if isinstance(action, PlacePennies):
        return f"pennies {action.count}"
    if isinstance(action, UseFreePaints):
        return f"free paints {action.tile}"
    if isinstance(action, UseBishopsVisit):
        return f"visit {segment_label(action.to)}"
    if isinstance(action, UseAlchemy):
        return f"alchemy {' '.join(p.value for p in action.paints)} -> {action.result.value}"
    return None


def _parse_free(state: State, args: list[str]) -> Action | None:
    if len(args) != 2 or args[0] != "paints":
        return None
    tiles = {tile.lower(): tile for tile in state.tables.market_labels}
    tile = tiles.get(args[1])
    return None if tile is None else UseFreePaints(tile)


def _parse_visit(state: State, args: list[str]) -> Action | None:
    segment = parse_segment(args[0]) if len(args) == 1 else None
    return None if segment is None else UseBishopsVisit(segment)


def _parse_alchemy(state: State, args: list[str]) -> Action | None:
    if len(args) != 5 or args[3] != "->":
        return None
    paints, result = parse_paints(args[:3]), parse_paints(args[4:])
    if paints is None or result is None:
        return None
    return UseAlchemy((paints[0], paints[1], paints[2]), result[0])


NOTATION = Notation(
    simple={
        UseStreetMusician: "musician",
        SkipStreetMusician: "keep musician",
        BuyWishingCard: "wish",
        UseLuckyFellow: "lucky fellow",
        UseBishopsPraise: "praise",
        UseTip: "tip",
        UseReward: "reward",
    },
    write=_write,
    parsers={
        "pennies": number_parser(PlacePennies),
        "free": _parse_free,
        "visit": _parse_visit,
        "alchemy": _parse_alchemy,
    },
)
