"""A one-entry memo for the pure read-outs of an immutable state.

During one step the rules ask the same question of the same state several times (which decision
is due, who plans next, which cards can be played): validation, the automatic steps, the legal
actions and the seat to move each need it. ``memo_last`` keeps the result of the last call,
keyed by the identity of its positional arguments; immutable arguments make identity enough, and
holding them keeps their identities from being reused.

``ValueCache`` is the other kind: a bounded cache keyed by value, owned by a game's tables or a
module's rules object (see its contract). These are the only caches of the rules: a rule never
keeps one of its own.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import wraps
from operator import is_
from typing import Any, Generic, TypeVar

F = TypeVar("F", bound=Callable[..., Any])
A = TypeVar("A")
R = TypeVar("R")
K = TypeVar("K")
V = TypeVar("V")
Owner = TypeVar("Owner")
_NOTHING = object()


def memo_last(func: F) -> F:
    """``func`` (of one argument) with its last result remembered for the identical argument."""
    last: tuple[Any, Any] = (_NOTHING, None)

    @wraps(func)
    def cached(arg: Any) -> Any:
        nonlocal last
        key, value = last  # one tuple, replaced whole: never a key with another call's value
        if key is arg:
            return value
        value = func(arg)
        last = (arg, value)
        return value

    return cached  # type: ignore[return-value]


def memo_last_call(func: F) -> F:
    """``func`` with its last result remembered for the same (identical) positional arguments.
    A function of exactly three positional parameters (a method of two: ``self, state, turn``)
    gets a wrapper that compares them one by one, without packing them."""
    code = getattr(func, "__code__", None)
    if (
        code is not None
        and code.co_argcount == 3
        and not code.co_kwonlyargcount
        and not code.co_flags & (inspect.CO_VARARGS | inspect.CO_VARKEYWORDS)
        and not getattr(func, "__defaults__", None)
    ):
        return _memo_last_three(func)
    last: tuple[tuple[Any, ...], Any] = ((_NOTHING,), None)

    @wraps(func)
    def cached(*args: Any) -> Any:
        nonlocal last
        key, value = last
        if len(key) == len(args) and all(map(is_, key, args)):
            return value
        value = func(*args)
        last = (args, value)
        return value

    return cached  # type: ignore[return-value]


def _memo_last_three(func: F) -> F:
    last: tuple[Any, Any, Any, Any] = (_NOTHING, _NOTHING, _NOTHING, None)

    @wraps(func)
    def cached(a: Any, b: Any, c: Any) -> Any:
        nonlocal last
        x, y, z, value = last  # one tuple, replaced whole
        if b is y and c is z and a is x:
            return value
        value = func(a, b, c)
        last = (a, b, c, value)
        return value

    return cached  # type: ignore[return-value]


def memo_last_remembering(
    func: Callable[[A], R],
) -> tuple[Callable[[A], R], Callable[[A, R], None]]:
    """``memo_last(func)`` with a second function that stores an answer for an argument: a
    caller that has worked out ``func(arg)`` by other means (the same hooks, asked at each
    automatic step) hands it over, so that the next ``func(arg)`` is not worked out again.
    The stored answer must be ``func(arg)``; the two functions share the one entry."""
    last: tuple[Any, Any] = (_NOTHING, None)

    def cached(arg: A) -> R:
        nonlocal last
        key, value = last  # one tuple, replaced whole: never a key with another call's value
        if key is arg:
            return value  # type: ignore[no-any-return]
        found = func(arg)
        last = (arg, found)
        return found

    def remember(arg: A, value: R) -> None:
        nonlocal last
        last = (arg, value)

    return wraps(func)(cached), remember


class ValueCache(Generic[K, V]):
    """A bounded cache of one pure function of a hashable value, for a value that depends on
    the state (a paint holding, the tiles held) and recurs within and across the games of one
    config.

    Contract: the cache belongs to one owner (a game's ``Tables``, a module's rules object),
    is created with it at build time and held as one of its named fields; ``get`` is always
    called with that owner and the same ``compute``, a pure function of ``(owner, key)``; keys
    are immutable values (never a state or anything compared by identity). Holding at most
    ``size`` entries, it starts afresh when full: every answer is worked out again on demand,
    so what it holds never changes a result."""

    __slots__ = ("_found", "_size")

    def __init__(self, size: int = 1 << 13) -> None:
        self._found: dict[K, V] = {}
        self._size = size

    def get(self, owner: Owner, key: K, compute: Callable[[Owner, K], V]) -> V:
        """``compute(owner, key)``, worked out once per key while the cache holds it."""
        found = self._found.get(key, _NOTHING)
        if found is _NOTHING:
            if len(self._found) >= self._size:
                self._found.clear()
            found = self._found[key] = compute(owner, key)
        return found  # type: ignore[return-value]

    def __len__(self) -> int:
        return len(self._found)
