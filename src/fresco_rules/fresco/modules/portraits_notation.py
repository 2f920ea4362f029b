"""Module 1's words in the text notation (``text_notation``): ``portrait P03 red blue``,
``sexton c3``."""

from __future__ import annotations

from ..actions import Action
from ..plugin_parts import Notation
from ..state import State
from ..words import parse_paints, parse_segment, segment_label
from .portraits_actions import TakePortrait, UseSexton


def _write(action: object) -> str | None:
    if isinstance(action, TakePortrait):
        return " ".join(("portrait", action.card, *(p.value for p in action.paints)))
    if isinstance(action, UseSexton):
        return f"sexton {segment_label(action.to)}"
    return None


def _parse_portrait(state: State, args: list[str]) -> Action | None:
    if not args:
        return None
    paints = parse_paints(args[1:])
    return None if paints is None else TakePortrait(args[0].upper(), paints)


def _parse_sexton(state: State, args: list[str]) -> Action | None:
    segment = parse_segment(args[0]) if len(args) == 1 else None
    return None if segment is None else UseSexton(segment)


NOTATION = Notation(write=_write, parsers={"portrait": _parse_portrait, "sexton": _parse_sexton})
