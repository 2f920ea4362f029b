"""Module 2's words in the text notation (``text_notation``): ``request A M01 M04``,
``income red``."""

from __future__ import annotations

from ..actions import Action
from ..plugin_parts import Notation
from ..state import State
from ..words import parse_paints
from .requests_actions import ChooseIncomePaint, FulfilRequest


def _write(action: object) -> str | None:
    if isinstance(action, FulfilRequest):
        return " ".join(("request", action.pile, *action.tiles))
    if isinstance(action, ChooseIncomePaint):
        return f"income {action.paint.value}"
    return None


def _parse_request(state: State, args: list[str]) -> Action | None:
    if len(args) < 2:
        return None
    return FulfilRequest(args[0].upper(), tuple(tile.upper() for tile in args[1:]))


def _parse_income(state: State, args: list[str]) -> Action | None:
    paints = parse_paints(args)
    return ChooseIncomePaint(paints[0]) if paints is not None and len(paints) == 1 else None


NOTATION = Notation(write=_write, parsers={"request": _parse_request, "income": _parse_income})
