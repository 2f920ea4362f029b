"""Converters for game options that accept what people type: an enum option from its member,
its value or its name (``"redraw_all"``, ``"REDRAW-ALL"``), a tuple of whole numbers from a
sequence or ``"3,3,3,4"``. A bad value fails when the config is built, with the valid values.
``enum_option`` declares such an option as a config field, once: its decision ID and default."""

from __future__ import annotations

from enum import Enum
from typing import Any, TypeVar

import attrs

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


_OPTION = "fresco_rules.option"
"""The metadata key of an ``enum_option`` field: its type, decision ID and the
config's error."""
_NUMBERS = "fresco_rules.numbers"
"""The same for an ``int_tuple_option`` field."""


def _field_to_enum(value: Any, field: attrs.Attribute[Any]) -> Any:
    kind, rule, error = field.metadata[_OPTION]
    return to_enum(kind, field.name, rule, error, value)


def enum_option(rule: str, default: Enum, error: type[RulesError]) -> Any:
    """An attrs field for an enumerated interpretation option (decision ``rule``): its type is
    the default's, and it reads any spelling ``to_enum`` accepts, refusing others with
    ``error`` naming the field and ``rule``."""
    return attrs.field(
        default=default,
        converter=attrs.Converter(_field_to_enum, takes_field=True),
        metadata={_OPTION: (type(default), rule, error)},
    )


def _field_to_int_tuple(value: Any, field: attrs.Attribute[Any]) -> Any:
    rule, error = field.metadata[_NUMBERS]
    return to_int_tuple(field.name, rule, error, value)


def int_tuple_option(rule: str, error: type[RulesError]) -> Any:
    """An attrs field for an optional tuple of whole numbers (decision ``rule``): None unless
    given, read by ``to_int_tuple``, refusing other values with ``error``."""
    return attrs.field(
        default=None,
        converter=attrs.Converter(_field_to_int_tuple, takes_field=True),
        metadata={_NUMBERS: (rule, error)},
    )


def enum_options(config: type) -> dict[str, type[Enum]]:
    """Every ``enum_option`` field of the attrs class ``config`` and its type, in field order."""
    return {
        field.name: field.metadata[_OPTION][0]
        for field in attrs.fields(config)
        if _OPTION in field.metadata
    }
