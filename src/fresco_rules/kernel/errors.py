"""Error types shared by every game: one base class, one for rule violations, one for text
that is not the action notation."""

from __future__ import annotations

SHAPE_RULE = "K.1"
"""The kernel's own rule, shared by every game: an action is a record of the game's action
types with fields of the declared types (a ``MalformedAction`` when it is not)."""


class RulesError(ValueError):
    """Base of every error this library raises on bad input (actions, records, data)."""


def _located(reason: str, seat: int | None, where: str) -> str:
    """``reason`` after the seat and before the position, each where known (the message of
    an ``IllegalAction`` after its rule, and of a ``NotationError``)."""
    who = f"seat {seat}: " if seat is not None else ""
    at = f" [{where}]" if where else ""
    return f"{who}{reason}{at}"


class IllegalAction(RulesError):
    """An action that the rules forbid in the given state.

    ``rule`` is the spec's rule ID (e.g. ``"R0.23"``), ``reason`` a stable readable sentence,
    ``seat`` the seat that tried it (``None`` when unknown) and ``where`` a short description
    of the position (round, phase, location) so the message stands on its own.
    """

    rule: str
    """The spec's rule ID that forbids the action (``"R0.17"``, ``"B5"``, ``"C3"``; ``"K.1"``
    for a malformed action)."""
    reason: str
    """A stable readable sentence saying why, with the closest legal forms where there are."""
    seat: int | None
    """The seat that tried the action, or None when unknown."""
    where: str
    """A short description of the position (round, phase, location), or ``""``."""

    def __init__(self, rule: str, reason: str, *, seat: int | None = None, where: str = "") -> None:
        self.rule = rule
        self.reason = reason
        self.seat = seat
        self.where = where
        super().__init__(f"{rule}: {_located(reason, seat, where)}")

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_illegal, (type(self), self.rule, self.reason, self.seat, self.where))

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and isinstance(other, IllegalAction)
            and (self.rule, self.reason, self.seat, self.where)
            == (other.rule, other.reason, other.seat, other.where)
        )

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.rule, self.reason, self.seat, self.where))


def _rebuild_illegal(
    cls: type[IllegalAction], rule: str, reason: str, seat: int | None, where: str
) -> IllegalAction:
    return cls(rule, reason, seat=seat, where=where)


class MalformedAction(IllegalAction):
    """Something that is not an action of this game at all (wrong type, wrong field shapes)."""


class NotationError(RulesError):
    """Text that names no action of the game at all (a typo, an empty string, an unknown word),
    or names more than one legal action: a notation error, not a rule violation, so it carries
    no rule ID. Text that names an action the rules forbid is an ``IllegalAction`` instead.

    Deliberately not an ``IllegalAction``: ``except IllegalAction`` means "the rules refused
    this", and a caller (the command line, the conformance harness) must tell the two apart.
    ``reason`` is a readable sentence with the closest legal forms, ``seat`` and ``where`` as in
    ``IllegalAction``.
    """

    reason: str
    """A readable sentence: what the text is not, with the closest legal forms."""
    seat: int | None
    """The seat whose move the text was meant to be, or None when unknown."""
    where: str
    """A short description of the position (round, phase, location), or ``""``."""

    def __init__(self, reason: str, *, seat: int | None = None, where: str = "") -> None:
        self.reason = reason
        self.seat = seat
        self.where = where
        super().__init__(_located(reason, seat, where))

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_notation, (type(self), self.reason, self.seat, self.where))

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and isinstance(other, NotationError)
            and (self.reason, self.seat, self.where) == (other.reason, other.seat, other.where)
        )

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.reason, self.seat, self.where))


def _rebuild_notation(
    cls: type[NotationError], reason: str, seat: int | None, where: str
) -> NotationError:
    return cls(reason, seat=seat, where=where)


class InvalidData(RulesError):
    """A component-data file or table that fails validation; the message names the field."""


class InvalidSeed(RulesError):
    """A seed that is not a whole number from 0 to 2**64 - 1 (``MAX_SEED``)."""
