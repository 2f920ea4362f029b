"""The kernel's description of untrusted values: bounded, exception-proof, and running no
method of the value it describes."""

from __future__ import annotations

from typing import Any

import pytest

from fresco_rules.barbarossa import AskLetter
from fresco_rules.kernel.fuzz import Hostile, HostileInt, HostileStr, hostile_values
from fresco_rules.kernel.untrusted import (
    MAX_DESCRIPTION,
    describe,
    is_int,
    is_int_in,
    is_str,
    is_tuple_of,
)


class Meta(type):
    """A metaclass whose classes raise on comparison and hashing."""

    def __eq__(cls, other: object) -> bool:
        raise KeyError("eq")

    def __hash__(cls) -> int:
        raise KeyError("hash")


class Odd(metaclass=Meta):
    pass


def _loop() -> list[Any]:
    items: list[Any] = []
    items.append(items)
    return items


HOSTILE = [
    *hostile_values(),
    {"a": _loop()},
    Odd(),
    list(range(100_000)),
    AskLetter(_loop(), hostile_values()[1]),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("value", HOSTILE, ids=lambda v: type(v).__name__)
def test_describe_is_bounded_and_never_raises(value: object) -> None:
    text = describe(value)
    assert isinstance(text, str) and 0 < len(text) <= MAX_DESCRIPTION


def test_describe_shows_plain_values_as_repr_does() -> None:
    assert describe([1, "a", None, True, 2.5]) == "[1, 'a', None, True, 2.5]"
    assert describe(float("nan")) == "nan"
    assert describe(HostileStr("a")) == "HostileStr('a')"  # its own __repr__ never runs
    assert describe(HostileInt(3)) == "HostileInt(3)"
    assert describe(Hostile()) == "<Hostile object>"
    assert describe(10**5000).startswith("<int of ")
    assert describe(AskLetter(1, 2)) == "AskLetter(obj=1, position=2)"
    assert describe(_loop()) == "[[[[[...]]]]]"


def test_exact_type_checks_refuse_subclasses_and_bools() -> None:
    assert is_int(3) and not is_int(True) and not is_int(HostileInt(3)) and not is_int(3.0)
    assert is_int_in(3, 0, 5) and not is_int_in(6, 0, 5) and not is_int_in(Hostile(), 0, 5)
    assert is_str("a") and not is_str(HostileStr("a"))
    assert is_tuple_of((1, 2), int) and not is_tuple_of([1, 2], int)
    assert not is_tuple_of((1, HostileInt(2)), int) and not is_tuple_of((1, 2, 3), int, max_len=2)
