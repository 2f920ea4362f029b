"""The kernel's description of untrusted values: bounded, exception-proof, and running no
method of the value it describes."""

from __future__ import annotations

from typing import Any

import pytest

from fresco_rules.barbarossa import AskLetter
from fresco_rules.kernel.untrusted import (
    MAX_DESCRIPTION,
    describe,
    is_int,
    is_int_in,
    is_str,
    is_tuple_of,
)


class Hostile:
    """Every dunder a message could touch raises."""

    def __repr__(self) -> str:
        raise KeyError("repr")

    def __str__(self) -> str:
        raise KeyError("str")

    def __eq__(self, other: object) -> bool:
        raise KeyError("eq")

    def __hash__(self) -> int:
        raise KeyError("hash")


class SneakyStr(str):
    def __repr__(self) -> str:
        raise KeyError("repr")

    def upper(self) -> str:
        raise KeyError("upper")


class SneakyInt(int):
    def __repr__(self) -> str:
        raise KeyError("repr")

    def __int__(self) -> int:
        raise KeyError("int")


class Meta(type):
    def __eq__(cls, other: object) -> bool:
        raise KeyError("eq")

    def __hash__(cls) -> int:
        raise KeyError("hash")


class Odd(metaclass=Meta):
    pass


def _self_list() -> list[Any]:
    items: list[Any] = []
    items.append(items)
    return items


def _deep(levels: int) -> list[Any]:
    root: list[Any] = []
    node = root
    for _ in range(levels):
        node.append([])
        node = node[0]
    return root


HOSTILE = [
    _self_list(),
    _deep(10_000),
    {"a": _self_list()},
    Hostile(),
    [Hostile(), None],
    SneakyStr("a"),
    SneakyInt(3),
    float("nan"),
    10**5000,
    Odd(),
    "x" * 100_000,
    list(range(100_000)),
    AskLetter(_self_list(), _deep(10_000)),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("value", HOSTILE, ids=lambda v: type(v).__name__)
def test_describe_is_bounded_and_never_raises(value: object) -> None:
    text = describe(value)
    assert isinstance(text, str) and 0 < len(text) <= MAX_DESCRIPTION


def test_describe_shows_plain_values_as_repr_does() -> None:
    assert describe([1, "a", None, True, 2.5]) == "[1, 'a', None, True, 2.5]"
    assert describe(float("nan")) == "nan"
    assert describe(SneakyStr("a")) == "SneakyStr('a')"  # its own __repr__ never runs
    assert describe(SneakyInt(3)) == "SneakyInt(3)"
    assert describe(Hostile()) == "<Hostile object>"
    assert describe(10**5000).startswith("<int of ")
    assert describe(AskLetter(1, 2)) == "AskLetter(obj=1, position=2)"
    assert describe(_self_list()) == "[[[[[...]]]]]"


def test_exact_type_checks_refuse_subclasses_and_bools() -> None:
    assert is_int(3) and not is_int(True) and not is_int(SneakyInt(3)) and not is_int(3.0)
    assert is_int_in(3, 0, 5) and not is_int_in(6, 0, 5) and not is_int_in(Hostile(), 0, 5)
    assert is_str("a") and not is_str(SneakyStr("a"))
    assert is_tuple_of((1, 2), int) and not is_tuple_of([1, 2], int)
    assert not is_tuple_of((1, SneakyInt(2)), int) and not is_tuple_of((1, 2, 3), int, max_len=2)
