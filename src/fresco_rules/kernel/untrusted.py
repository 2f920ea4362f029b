"""Untrusted values: a bounded, exception-proof description for messages, and exact built-in
type checks to run before ``==``, ``hash`` or ``in`` touch a value.

An action, a record or a data file may hold anything: a self-containing list, 10,000 levels
of nesting, an object whose ``__repr__``, ``__eq__`` or ``__hash__`` raises, a ``str`` or
``int`` subclass with its own methods. ``describe`` never runs a method of such a value (it
reads exact built-in types and attrs/enum records of this library only), never recurses past
a few levels and never raises. The ``is_*`` helpers compare ``type(value)`` by identity, so a
subclass (whose ``__eq__``/``__hash__`` may be anything) is not taken for the built-in.
"""

from __future__ import annotations

import reprlib
from enum import Enum
from typing import Any, TypeGuard

import attrs

MAX_DESCRIPTION = 160
"""The longest description ``describe`` returns (characters)."""

_MAX_INT_BITS = 256
"""Integers with more bits are described by size only (``repr`` refuses > 4,300 digits)."""

_OWN_PACKAGE = __name__.split(".")[0]


def _type_name(value: object) -> str:
    try:
        name = type(value).__name__
    except Exception:  # a hostile metaclass
        return "object"
    return name if type(name) is str else "object"


def _is_own_record(value: object) -> bool:
    """An attrs instance or enum member defined in this library (its repr is ours)."""
    cls = type(value)
    module = cls.__dict__.get("__module__", "")
    if type(module) is not str or module.split(".")[0] != _OWN_PACKAGE:
        return False
    return isinstance(value, Enum) or attrs.has(cls)


_EXACT_KINDS: tuple[tuple[type, str], ...] = (
    (int, "int"),
    (str, "str"),
    (tuple, "tuple"),
    (list, "list"),
    (dict, "dict"),
    (bool, "bool"),
    (type(None), "NoneType"),
    (float, "float"),
    (set, "set"),
    (frozenset, "frozenset"),
    (bytes, "bytes"),
)
"""Exact built-in types by identity (``in`` or a dict lookup would run a metaclass's
``__eq__``/``__hash__``)."""

_BASES: tuple[tuple[type, Any], ...] = (
    (bool, int.__int__),
    (int, int.__int__),
    (float, float.__float__),
    (str, str.__str__),
    (bytes, bytes.__bytes__),
)
"""For a subclass of a scalar built-in: the base type's own conversion (never an override)."""


def _exact_kind(kind: type) -> str | None:
    for builtin, name in _EXACT_KINDS:
        if kind is builtin:
            return name
    return None


class _SafeRepr(reprlib.Repr):
    """``reprlib.Repr`` that dispatches on the exact type only and calls no foreign method."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 4
        self.maxtuple = self.maxlist = self.maxarray = 8
        self.maxdict = self.maxset = self.maxfrozenset = self.maxdeque = 8
        self.maxstring = 40
        self.maxlong = 40
        self.maxother = 60

    def repr1(self, x: Any, level: int) -> str:
        kind = type(x)
        name = _exact_kind(kind)
        if name is not None:
            return str(getattr(self, "repr_" + name)(x, level))
        for base, convert in _BASES:
            if issubclass(kind, base):  # a subclass: shown through the base type's value
                return f"{_type_name(x)}({self.repr1(convert(x), level)})"
        if _is_own_record(x):
            return self._own(x, level)
        return f"<{_type_name(x)} object>"

    def _own(self, x: Any, level: int) -> str:
        if isinstance(x, Enum):  # as Enum's own repr shows it
            return f"<{type(x).__name__}.{x._name_}: {self.repr1(x._value_, level)}>"
        if level <= 0:
            return f"{type(x).__name__}(...)"
        parts = [
            f"{field.name}={self.repr1(object.__getattribute__(x, field.name), level - 1)}"
            for field in attrs.fields(type(x))
            if field.repr is not False
        ]
        return f"{type(x).__name__}({', '.join(parts)})"

    def _unsorted(self, items: Any, level: int, left: str, right: str, most: int) -> str:
        # reprlib sorts sets and dict keys, which would run their __lt__.
        return str(self._repr_iterable(list(items), level, left, right, most))  # type: ignore[attr-defined]

    def repr_set(self, x: set[Any], level: int) -> str:
        return self._unsorted(x, level, "{", "}", self.maxset) if x else "set()"

    def repr_frozenset(self, x: frozenset[Any], level: int) -> str:
        if not x:
            return "frozenset()"
        return self._unsorted(x, level, "frozenset({", "})", self.maxfrozenset)

    def repr_dict(self, x: dict[Any, Any], level: int) -> str:
        if not x:
            return "{}"
        if level <= 0:
            return "{" + self.fillvalue + "}"
        pieces = []
        for count, (key, value) in enumerate(x.items()):
            if count >= self.maxdict:
                pieces.append(self.fillvalue)
                break
            pieces.append(f"{self.repr1(key, level - 1)}: {self.repr1(value, level - 1)}")
        return "{" + ", ".join(pieces) + "}"

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > _MAX_INT_BITS:
            return f"<int of {x.bit_length()} bits>"
        return str(super().repr_int(x, level))

    def repr_float(self, x: float, level: int) -> str:
        return repr(x)

    def repr_NoneType(self, x: None, level: int) -> str:
        return "None"

    def repr_bool(self, x: bool, level: int) -> str:
        return repr(x)

    def repr_bytes(self, x: bytes, level: int) -> str:
        text = repr(x[: self.maxstring])
        return text if len(x) <= self.maxstring else text[:-1] + "...'"


_REPR = _SafeRepr()


def describe(value: object) -> str:
    """A short, bounded description of any value for a message, never raising: exact
    built-ins as ``repr`` shows them (cut with ``...``), this library's records and enums by
    their fields, anything else as ``<TypeName object>``. A self-containing or deeply nested
    container is cut at a few levels; huge integers are described by size."""
    try:
        text = _REPR.repr(value)
    except Exception:  # e.g. a list subclass of a hostile kind reached through a record
        text = f"<{_type_name(value)} object>"
    if len(text) > MAX_DESCRIPTION:
        text = text[: MAX_DESCRIPTION - 3] + "..."
    return text


def is_int(value: object) -> TypeGuard[int]:
    """A plain ``int`` (not ``bool``, not a subclass)."""
    return type(value) is int


def is_int_in(value: object, low: int, high: int) -> TypeGuard[int]:
    """A plain ``int`` with ``low <= value <= high``."""
    return type(value) is int and low <= value <= high


def is_str(value: object) -> TypeGuard[str]:
    """A plain ``str`` (not a subclass)."""
    return type(value) is str


def is_exact(value: object, cls: type) -> bool:
    """``type(value) is cls``: for enum members (an enum with members has no subclasses)
    and this library's records."""
    return type(value) is cls


def is_tuple_of(
    value: object, item: type, *, max_len: int | None = None
) -> TypeGuard[tuple[Any, ...]]:
    """A plain ``tuple`` whose items are all exactly of type ``item`` (and at most
    ``max_len`` long)."""
    if type(value) is not tuple:
        return False
    if max_len is not None and len(value) > max_len:
        return False
    return all(type(element) is item for element in value)
