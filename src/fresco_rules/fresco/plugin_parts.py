"""What a module declares beside its rules, for the tools above the engine: its words in the
text notation (``text_notation``) and its part of the adapters' action space, chance outcomes
and tensors (``adapter_spec``). Each module fills these records in its own folder and hands
them to its ``Plugin``; the tools read them from the plug-in list and never name a module."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs
from attrs import frozen

from ..kernel.notation import ascii_int

if TYPE_CHECKING:
    from ..kernel.chance import Outcome
    from .actions import Action
    from .config import Tables
    from .state import State

Parser = Callable[["State", list[str]], "Action | None"]
"""A verb's parser: the action its words name (legal or not), or None."""


def _no_text(action: object) -> str | None:
    return None


@frozen
class Notation:
    """A module's words in the text notation."""

    simple: Mapping[type[Any], str] = attrs.field(factory=dict)
    """The text of each action kind without fields (``"tip"``)."""
    write: Callable[[Any], str | None] = _no_text
    """The text of one of the module's other actions, None for any other action."""
    parsers: Mapping[str, Parser] = attrs.field(factory=dict)
    """A parser for each verb the module's texts start with (``"visit"``)."""


def number_parser(make: Callable[[int], Action], offset: int = 0) -> Parser:
    """The parser of ``<verb> <n>``: ``make(n - offset)``."""

    def parse(state: State, args: list[str]) -> Action | None:
        number = ascii_int(args[0]) if len(args) == 1 else None
        return None if number is None else make(number - offset)

    return parse


def _no_outcomes(tables: Tables, rules: Any) -> list[Outcome]:
    return []


@frozen
class AdapterPart:
    """A module's part of the adapters' game description (``adapter_spec.FrescoSpec``); each
    part follows the base game's, in module order, for the modules in play. Each function is
    handed the game's tables and the module's rules object (its ``ModuleRules``)."""

    actions: Callable[[Tables, Any], list[object]]
    """Its actions in the fixed action space."""
    layout: Callable[[Tables, Any], list[tuple[str, int]]]
    """Its parts of the tensor: names and sizes."""
    tensor: Callable[[State, int, Mapping[str, object], Any], list[float]]
    """Its tensor values for a seat, from the state and the seat's ``player_view``."""
    chance: Callable[[Tables, Any], list[Outcome]] = _no_outcomes
    """Its chance outcomes (kind, outcome)."""


def seq(value: object) -> Sequence[Any]:
    """A list or tuple of a ``player_view``."""
    assert isinstance(value, tuple | list)
    return value


def num(value: object) -> int:
    """A number of a ``player_view``."""
    assert isinstance(value, int)
    return value
