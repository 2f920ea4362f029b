"""Module 6's words in the text notation (``text_notation``): ``glassworks market``,
``glassworks market apprentice``, ``glassworks none``, ``glass red``, ``window 2``,
``hand in red green``, ``hand in nothing``."""

from __future__ import annotations

from ..actions import Action
from ..plugin_parts import Notation, number_parser
from ..state import State
from ..vocab import Location
from ..words import location_word, parse_glass
from .glaziers_actions import BuyGlass, HandInGlass, PlaceGlassworks, TakeWindow


def _write(action: object) -> str | None:
    if isinstance(action, PlaceGlassworks):
        if action.location is None:
            return "glassworks none"
        extra = " apprentice" if action.apprentice else ""
        return f"glassworks {location_word(action.location)}{extra}"
    if isinstance(action, BuyGlass):
        return f"glass {action.glass.value}"
    if isinstance(action, TakeWindow):
        return f"window {action.slot + 1}"
    if isinstance(action, HandInGlass):
        return "hand in " + (" ".join(g.value for g in action.glass) or "nothing")
    return None


def _parse_glassworks(state: State, args: list[str]) -> Action | None:
    if args == ["none"]:
        return PlaceGlassworks(None)
    locations = {location_word(loc): loc for loc in Location}
    if len(args) in (1, 2) and args[0] in locations:
        if len(args) == 2 and args[1] != "apprentice":
            return None
        return PlaceGlassworks(locations[args[0]], len(args) == 2)
    return None


def _parse_glass(state: State, args: list[str]) -> Action | None:
    glass = parse_glass(args)
    return BuyGlass(glass[0]) if glass is not None and len(glass) == 1 else None


def _parse_hand(state: State, args: list[str]) -> Action | None:
    if not args or args[0] != "in":
        return None
    if args[1:] == ["nothing"]:
        return HandInGlass(())
    glass = parse_glass(args[1:])
    return None if glass is None or not glass else HandInGlass(glass)


NOTATION = Notation(
    write=_write,
    parsers={
        "glassworks": _parse_glassworks,
        "glass": _parse_glass,
        "window": number_parser(TakeWindow, offset=1),
        "hand": _parse_hand,
    },
)
