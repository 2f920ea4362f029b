"""Game-agnostic parts of an action notation: reading a player's text against the legal
actions of a state, and refusing what names none with the closest legal forms (``difflib``)."""

from __future__ import annotations

import difflib
import enum
import warnings
from collections.abc import Callable, Sequence
from typing import TypeVar

from .errors import SHAPE_RULE, IllegalAction, MalformedAction, NotationError
from .untrusted import describe

A = TypeVar("A")
S = TypeVar("S")

MAX_TEXT = 200
"""Longer text names no action of any game; it is refused before any parsing."""
CLOSEST = 5
"""How many of the closest legal forms a refusal lists."""
MAX_DIGITS = 6
"""No number in any game's notation has more digits; a longer run of digits names no number."""


class Omitted(enum.Enum):
    """The default of an argument that may be left out (``None`` means something there)."""

    OMITTED = enum.auto()


OMITTED = Omitted.OMITTED


def state_and_action(
    state_type: type[S], first: object, second: object, *, game: str
) -> tuple[S | None, object]:
    """``(state, action)`` of a call ``notation(first, second)``: the state (or None) comes
    first, like ``apply(state, action)`` and ``parse_action(state, text)``. The old order
    ``notation(action)`` / ``notation(action, state)`` is recognised by the exact type of the
    game's ``State`` class, warned about with a ``DeprecationWarning`` and swapped; a first
    argument that is neither a state, None nor an action in the old order is refused."""
    if first is None or (type(first) is state_type and isinstance(first, state_type)):
        if second is OMITTED:
            raise MalformedAction(SHAPE_RULE, "notation(state, action) needs an action")
        return first, second
    if second is OMITTED or second is None or type(second) is state_type:
        warnings.warn(
            "notation(action, state) is deprecated; call notation(state, action) "
            "(the state or None first, as in apply and parse_action)",
            DeprecationWarning,
            stacklevel=3,
        )
        return (second if isinstance(second, state_type) else None), first
    raise MalformedAction(
        SHAPE_RULE,
        f"notation(state, action) takes a {game} State or None first, not {describe(first)}",
    )


def ascii_int(text: str, max_digits: int = MAX_DIGITS, *, signed: bool = False) -> int | None:
    """The whole number ``text`` writes in 1 to ``max_digits`` ASCII digits 0-9 (after one
    ``-`` when ``signed``), else None.

    The one rule for numbers in the notation of every game (and in option text): ``str.isdigit``
    also accepts ``²``, ``①`` (which ``int`` refuses with a ``ValueError``) and Arabic-Indic or
    full-width digits (which ``int`` reads); none of them is a number here."""
    negative = signed and text.startswith("-")
    digits = text[1:] if negative else text
    if not 0 < len(digits) <= max_digits or not digits.isascii() or not digits.isdigit():
        return None
    return -int(digits) if negative else int(digits)


def quote(value: object) -> str:
    """A bounded, exception-proof repr of a player's text for messages (``untrusted.describe``)."""
    return describe(value)


def normalise(text: str) -> str:
    """Case, runs of spaces and commas do not matter in the notation."""
    return " ".join(text.replace(",", " ").lower().split())


def read_action(
    state: S,
    text: object,
    *,
    legal: Sequence[A],
    form: Callable[[A], str],
    grammar: Callable[[str, str], A | None],
    explain: Callable[[S, A], IllegalAction | None],
    seat: int | None,
    where: str,
) -> A:
    """The legal action that ``text`` names. ``form`` writes an action, ``grammar(normalised,
    raw)`` reads any action of the game (legal or not) or returns None; an illegal one is
    refused with ``explain``'s rule (an ``IllegalAction``), text that names no action at all
    with a ``NotationError`` (no rule ID: no rule is broken), and so is text that two legal
    actions share (ambiguous). Every refusal lists the closest legal forms."""
    if not isinstance(text, str):
        raise MalformedAction(
            SHAPE_RULE, f"action text must be a string, not {type(text).__name__}", where=where
        )
    text = str.__str__(text)  # an exact str: a subclass's own methods never run
    wanted = normalise(text[: MAX_TEXT + 1])
    forms: dict[str, list[A]] = {}
    for legal_action in legal:
        forms.setdefault(normalise(form(legal_action)), []).append(legal_action)
    found = forms.get(wanted)
    if found is not None and len(found) > 1:
        raise NotationError(
            f"{quote(text)} is ambiguous: it names {len(found)} legal actions "
            f"({', '.join(quote(action) for action in found[:CLOSEST])})",
            seat=seat,
            where=where,
        )
    if found is not None:
        return found[0]
    closest = difflib.get_close_matches(wanted, list(forms), n=CLOSEST, cutoff=0.0)
    hint = f"; closest legal: {', '.join(form(forms[c][0]) for c in closest)}" if closest else ""
    action = grammar(wanted, " ".join(text.split())) if len(text) <= MAX_TEXT else None
    if action is not None:
        problem = explain(state, action)
        if problem is None:
            return action
        raise IllegalAction(
            problem.rule, f"{problem.reason}{hint}", seat=problem.seat, where=problem.where
        )
    raise NotationError(f"{quote(text)} names no action{hint}", seat=seat, where=where)
