"""Barbarossa actions: small frozen records, one per kind of decision.

An action does not name its seat: the seat is whoever ``current_player`` says is to decide (the
active player, the sculptor giving a judgement, or the curse caller whose turn it is). The one
exception is ``CallCurses``, the whole table's answer at a curse window, which names its callers.
Human judgements (answers, letters, verdicts) are actions of the sculptor, so a record states
them. Each kind has a stable ``kind`` tag for records.
"""

from __future__ import annotations

from typing import Any, ClassVar

from attrs import frozen

from ..kernel.actions import action_field as field
from .vocab import Reply, Verdict, normalise_letter


@frozen
class RollDie:
    """B5: roll the die and move the pawn that many tiles clockwise."""

    kind: ClassVar[str] = "roll_die"


@frozen
class SpendJewels:
    """B5 (A-B.9): instead of rolling, spend ``count`` jewels to move exactly that many tiles."""

    kind: ClassVar[str] = "spend_jewels"
    count: int = field()


@frozen
class AskLetter:
    """B9: ask the sculptor of opponent object ``obj`` for the letter at ``position``: 1 = the
    first, up to the data's ``max_letters`` for every object alike, or ``LAST_LETTER`` (-1) for
    the last (A-B.15). On the Letter Dwarf, or as a curse's effect (B17)."""

    kind: ClassVar[str] = "ask_letter"
    obj: int = field()
    position: int = field()


@frozen
class DeclineLetter:
    """B9: the Letter Dwarf's letter is optional; ask for none."""

    kind: ClassVar[str] = "decline_letter"


def _canonical_letter(value: Any) -> Any:
    """A one-character plain string in the form letters are compared in (upper case); anything
    else (a ``str`` subclass too) is left for the validator to refuse."""
    if type(value) is str and len(value) == 1:
        return normalise_letter(value)
    return value


@frozen
class GiveLetter:
    """B9 (A-B.15): the sculptor's letter, written on a folded slip for the asker."""

    kind: ClassVar[str] = "give_letter"
    letter: str = field(converter=_canonical_letter)


@frozen
class NoSuchLetter:
    """A-B.15: the sculptor's answer to a request for a position beyond his word: "no such
    letter". It tells the asker only that."""

    kind: ClassVar[str] = "no_such_letter"


@frozen
class AskQuestion:
    """B10, B11: ask a general question about opponent object ``obj``. The question itself is
    the players' business (A-B.16); the engine records whom it was put to."""

    kind: ClassVar[str] = "ask_question"
    obj: int = field()


@frozen
class Answer:
    """B10: the sculptor's answer: YES, IT DEPENDS, CAN'T ANSWER or NO."""

    kind: ClassVar[str] = "answer"
    reply: Reply = field()


@frozen
class StopAsking:
    """A-B.10: stop asking before a NO. Under ``stop_to_guess`` (the default) the question
    phase gives way to the solution phase (before the first question: the "?" tile is
    declined and the turn ends); under ``may_stop`` the turn ends."""

    kind: ClassVar[str] = "stop_asking"


@frozen
class Guess:
    """B11-B13: guess object ``obj`` (the written guess goes to its sculptor, not to the
    engine). In the solution phase, or as a curse's effect (B17)."""

    kind: ClassVar[str] = "guess"
    obj: int = field()


@frozen
class Judge:
    """B13: the sculptor announces whether the guess is right, without revealing it."""

    kind: ClassVar[str] = "judge"
    verdict: Verdict = field()


def _canonical_seats(value: Any) -> Any:
    """Callers are a set of seats: any order of the same plain ints is the same call (the
    validator refuses anything else)."""
    if (type(value) is list or type(value) is tuple) and all(type(seat) is int for seat in value):
        return tuple(sorted(value))
    return value


@frozen
class CallCurses:
    """B17, B18 (A-B.12): the players who call "Curse!" at this window, collected at once;
    ``()`` when nobody does. Each caller discards a token; they then act in die-roll order."""

    kind: ClassVar[str] = "call_curses"
    callers: tuple[int, ...] = field(default=(), converter=_canonical_seats)


Action = (
    RollDie
    | SpendJewels
    | AskLetter
    | DeclineLetter
    | GiveLetter
    | NoSuchLetter
    | AskQuestion
    | Answer
    | StopAsking
    | Guess
    | Judge
    | CallCurses
)

ACTION_TYPES: tuple[type[Action], ...] = (
    RollDie,
    SpendJewels,
    AskLetter,
    DeclineLetter,
    GiveLetter,
    AskQuestion,
    Answer,
    StopAsking,
    Guess,
    Judge,
    CallCurses,
    NoSuchLetter,
)
ACTIONS_BY_KIND: dict[str, type[Action]] = {cls.kind: cls for cls in ACTION_TYPES}
