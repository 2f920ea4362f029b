"""Module 5's words in the text notation (``text_notation``): ``gild``, ``no gild``."""

from __future__ import annotations

from ..actions import Action
from ..plugin_parts import Notation
from ..state import State
from .leaf_gold_actions import Gild


def _write(action: object) -> str | None:
    if isinstance(action, Gild):
        return "gild" if action.add else "no gild"
    return None


def _parse_gild(state: State, args: list[str]) -> Action | None:
    return None if args else Gild(True)


def _parse_no(state: State, args: list[str]) -> Action | None:
    return Gild(False) if args == ["gild"] else None


NOTATION = Notation(write=_write, parsers={"gild": _parse_gild, "no": _parse_no})
