"""The one-entry memos of ``kernel.memo``: the last result is reused for identical arguments
only, and a new argument is worked out afresh."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from fresco_rules.kernel.memo import ValueCache, memo_last, memo_last_call, memo_last_remembering


def _counting() -> tuple[list[tuple[Any, ...]], Any, Any, Any]:
    calls: list[tuple[Any, ...]] = []

    def one(a: Any) -> Any:
        calls.append((a,))
        return ("one", a)

    def three(a: Any, b: Any, c: Any) -> Any:
        calls.append((a, b, c))
        return ("three", a, b, c)

    def two(a: Any, b: Any = None) -> Any:  # defaults: the generic wrapper
        calls.append((a, b))
        return ("two", a, b)

    return calls, memo_last(one), memo_last_call(three), memo_last_call(two)


@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(0, 2)), max_size=12))
def test_memos_reuse_the_last_result_for_identical_arguments_only(
    picks: list[tuple[int, int, int]],
) -> None:
    """Arguments are picked from three distinct but equal objects: only the identical ones may
    reuse the last result, and every result is the function's own."""
    pool = [[0], [0], [0]]  # equal, not identical
    calls, one, three, two = _counting()
    last: tuple[Any, ...] | None = None
    for i, j, k in picks:
        a, b, c = pool[i], pool[j], pool[k]
        before = len(calls)
        assert three(a, b, c) == ("three", a, b, c)
        reused = last is not None and all(x is y for x, y in zip(last, (a, b, c), strict=True))
        assert len(calls) == before + (0 if reused else 1)
        assert calls[-1][0] is a and calls[-1][1] is b and calls[-1][2] is c
        last = (a, b, c)
    calls.clear()
    assert two(pool[0]) == two(pool[0]) == ("two", pool[0], None) and len(calls) == 1
    assert two(pool[0], pool[1]) == ("two", pool[0], pool[1]) and len(calls) == 2
    assert one(pool[1]) == one(pool[1]) and one(pool[2]) == ("one", pool[2]) and len(calls) == 4


@given(st.lists(st.tuples(st.integers(0, 2), st.booleans()), max_size=12))
def test_a_remembered_answer_is_the_next_answer_for_that_argument_only(
    picks: list[tuple[int, bool]],
) -> None:
    """``memo_last_remembering``: an answer handed over for an argument is what the next call
    with that (identical) argument returns, without working it out; any other argument is
    worked out afresh."""
    pool = [[0], [0], [0]]  # equal, not identical
    calls: list[Any] = []

    def func(a: Any) -> Any:
        calls.append(a)
        return ("worked out", a)

    cached, remember = memo_last_remembering(func)
    for i, hand_over in picks:
        arg = pool[i]
        before = len(calls)
        if hand_over:
            remember(arg, ("handed over", arg))
            assert cached(arg) == ("handed over", arg) and len(calls) == before
        else:
            answer = cached(arg)
            assert answer[1] is arg
            assert cached(arg) is answer and len(calls) <= before + 1
    other = [0]
    assert cached(other) == ("worked out", other) and calls[-1] is other


@given(st.lists(st.integers(0, 20), max_size=60), st.integers(1, 8))
def test_a_value_cache_answers_as_its_function_and_stays_within_its_size(
    keys: list[int], size: int
) -> None:
    """``ValueCache``: every answer is ``compute(owner, key)``, a key it holds is not worked out
    again, and it never holds more than ``size`` entries."""
    owner = {"offset": 100}
    calls: list[int] = []

    def compute(owner: dict[str, int], key: int) -> int:
        calls.append(key)
        return owner["offset"] + key

    cache: ValueCache[int, int] = ValueCache(size)
    for key in keys:
        before = len(calls)
        held = len(cache)
        assert cache.get(owner, key, compute) == 100 + key
        assert len(cache) <= size
        if len(calls) == before:  # answered from the cache: it held the key already
            assert len(cache) == held
    assert len(calls) <= len(keys)
    if len(set(keys)) <= size:  # never full: each key worked out once
        assert sorted(calls) == sorted(set(keys))
