"""A one-entry memo for the pure read-outs of an immutable state.

During one step the rules ask the same question of the same state several times (which decision
is due, who plans next, which cards can be played): validation, the automatic steps, the legal
actions and the seat to move each need it. ``memo_last`` keeps the result of the last call,
keyed by the identity of its positional arguments; immutable arguments make identity enough, and
holding them keeps their identities from being reused.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import wraps
from operator import is_
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])
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
