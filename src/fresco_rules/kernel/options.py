"""Converters for game options that accept what people type: an enum option from its member,
its value or its name (``"redraw_all"``, ``"REDRAW-ALL"``), a tuple of whole numbers from a
sequence or ``"3,3,3,4"``. A bad value fails when the config is built, with the valid values."""

from __future__ import annotations

from enum import Enum
from typing import Any, TypeVar

from .errors import RulesError
from .notation import ascii_int, quote

E = TypeVar("E", bound=Enum)


def _key(text: str) -> str:
    return text.strip().lower().replace("-", "_").replace(" ", "_")


def to_enum(kind: type[E], name: str, rule: str, error: type[RulesError], value: Any) -> E:
    """``value`` as a member of ``kind`` (the option ``name``, decision ``rule``); anything
    that names no member raises ``error`` listing the values."""
    if isinstance(value, kind):
        return value
    if isinstance(value, str | int) and not isinstance(value, bool):
        key = _key(str(value))
        for member in kind:
            if key in (_key(str(member.value)), member.name.lower()):
                return member
    valid = ", ".join(str(member.value) for member in kind)
    raise error(f"{rule}: {name} takes one of: {valid}; not {quote(value)}")


def to_int_tuple(
    name: str, rule: str, error: type[RulesError], value: Any
) -> tuple[int, ...] | None:
    """An optional tuple of whole numbers: None, a sequence of ints or text such as
    ``"3,3,3,4"``."""
    if value is None:
        return None
    if isinstance(value, str) and len(value) <= 200:
        numbers = [ascii_int(part.strip(), 18, signed=True) for part in value.split(",")]
        found = tuple(n for n in numbers if n is not None)
        if len(found) == len(numbers):
            return found
    elif (
        isinstance(value, list | tuple)
        and len(value) <= 100
        and all(isinstance(n, int) and not isinstance(n, bool) for n in value)
    ):
        return tuple(value)
    raise error(f"{rule}: {name} takes whole numbers such as 3,3,3,4; not {quote(value)}")
