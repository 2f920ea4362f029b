"""K.1, the shape of an action: each field holds a value of exactly its declared type.

The engines check an action's shape before its rules run. A validator may then assume its
fields have their declared types, so an exception from a validator of a well-shaped action is
a bug and surfaces instead of being reported as a refusal. The check is by exact type, as
``strict_key`` compares fields: ``True`` is not an ``int``, and a ``str`` subclass (whose
methods could be hostile) is not a ``str``; general runtime type checkers (typeguard, beartype)
accept both, which is why this small checker exists.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Callable
from enum import Enum
from typing import Any

import attrs

from .untrusted import describe

MAX_ITEMS = 64
"""The longest variable-length tuple field any action may hold (bounded before it is read)."""
MAX_TEXT = 200
"""The longest text field any action may hold."""

Checker = Callable[[object], bool]


def _exact(kind: type) -> Checker:
    if kind is str:
        return lambda value: type(value) is str and len(value) <= MAX_TEXT
    return lambda value: type(value) is kind


def _checker(hint: Any) -> tuple[Checker, str]:
    """A predicate for values of the type ``hint`` and a short name of that type."""
    if hint is None or hint is type(None):
        return (lambda value: value is None), "None"
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        parts = [_checker(arg) for arg in typing.get_args(hint)]
        return (
            lambda value: any(check(value) for check, _ in parts),
            " or ".join(name for _, name in parts),
        )
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            item, item_name = _checker(args[0])
            return (
                lambda value: type(value) is tuple
                and len(value) <= MAX_ITEMS
                and all(item(x) for x in value),
                f"a tuple of at most {MAX_ITEMS} {item_name}",
            )
        items = [_checker(arg) for arg in args]
        return (
            lambda value: type(value) is tuple
            and len(value) == len(items)
            and all(check(x) for (check, _), x in zip(items, value, strict=True)),
            f"a tuple ({', '.join(name for _, name in items)})",
        )
    if isinstance(hint, type) and (hint in (int, bool, str) or issubclass(hint, Enum)):
        return _exact(hint), hint.__name__
    raise TypeError(f"no shape check for field type {hint!r}")


_SHAPES: dict[type, tuple[tuple[str, Checker, str], ...]] = {}


def field_shapes(cls: type) -> tuple[tuple[str, Checker, str], ...]:
    """``(field name, predicate, type name)`` for each field of the action class ``cls``
    (a trusted class: the engines look it up by identity first)."""
    found = _SHAPES.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = tuple(
            (field.name, *_checker(hints[field.name])) for field in attrs.fields(cls)
        )
        _SHAPES[cls] = found
    return found


def shape_problem(action: object) -> str | None:
    """K.1: None when every field of ``action`` (an instance of a game's action class) holds a
    value of its declared type, otherwise which field does not, and what it must be."""
    kind = type(action)
    for name, check, expected in field_shapes(kind):
        value = getattr(action, name)
        if not check(value):
            return f"{kind.__name__}.{name} must be {expected}, not {describe(value)}"
    return None
