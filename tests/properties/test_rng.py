"""The kernel's generator: reproducible, and neighbouring seeds play unrelated streams."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from fresco_rules.kernel.chance import Log, draw, draw_counted, draw_several, start_chance
from fresco_rules.kernel.rng import below_run, next_below, next_u64, seed_state


def _stream(seed: int, length: int) -> list[int]:
    state, values = seed_state(seed), []
    for _ in range(length):
        value, state = next_u64(state)
        values.append(value)
    return values


@given(st.integers(min_value=-(2**70), max_value=2**70))
def test_neighbouring_seeds_share_no_shifted_stream(seed: int) -> None:
    """Seed ``k + 1`` must not start a few steps into the stream of seed ``k`` (nor the other
    way round): consecutive seeds would otherwise deal the same tiles shifted by a draw."""
    here, there = _stream(seed, 64), _stream(seed + 1, 64)
    assert not set(here[:8]) & set(there) and not set(there[:8]) & set(here)


@given(st.integers(), st.integers(min_value=1, max_value=10**6))
def test_the_same_seed_gives_the_same_draws_in_range(seed: int, bound: int) -> None:
    state = seed_state(seed)
    draws = []
    for _ in range(5):
        value, state = next_below(state, bound)
        draws.append(value)
    again_state, again = seed_state(seed), []
    for _ in range(5):
        value, again_state = next_below(again_state, bound)
        again.append(value)
    assert draws == again and all(0 <= d < bound for d in draws)


@given(
    st.integers(min_value=0, max_value=2**64 - 1),
    st.integers(min_value=1, max_value=5000),
    st.data(),
)
def test_below_run_equals_next_below_with_shrinking_bounds(
    state: int, bound: int, data: st.DataObject
) -> None:
    """``below_run`` (a run of draws from a pool losing one item each draw) gives the values and
    final state of ``next_below`` called with the bounds ``bound``, ``bound - 1``, ..."""
    count = data.draw(st.integers(min_value=0, max_value=min(bound, 40)))
    values, after = below_run(state, bound, count)
    one, one_state = [], state
    for below in range(bound, bound - count, -1):
        value, one_state = next_below(one_state, below)
        one.append(value)
    assert values == one and after == one_state


_OUTCOMES = st.lists(st.tuples(st.sampled_from("ab"), st.sampled_from("xyz")), max_size=12)


def _log_in_runs(outcomes: list[tuple[str, str]], cuts: list[int], flat: int) -> Log:
    """The log of ``outcomes``: the first ``flat`` as a flat log, the rest added in runs cut at
    ``cuts`` (single draws where two cuts are one apart)."""
    log = Log(outcomes[:flat])
    edges = sorted({flat, len(outcomes), *(c for c in cuts if flat < c < len(outcomes))})
    for start, end in pairwise(edges):
        run = tuple(outcomes[start:end])
        log = log.then(run[0]) if len(run) == 1 else log.then_all(run)
    return log


@given(_OUTCOMES, _OUTCOMES, st.lists(st.integers(0, 12)), st.lists(st.integers(0, 12)), st.data())
def test_a_log_reads_compares_and_hashes_as_its_outcomes_however_its_runs_are_cut(
    first: list[tuple[str, str]],
    second: list[tuple[str, str]],
    cuts: list[int],
    other_cuts: list[int],
    data: st.DataObject,
) -> None:
    """A log made of single draws, runs and a flat start is its tuple of outcomes: two logs are
    equal (and hash alike) exactly when their outcomes are, whatever cells hold them."""
    a = _log_in_runs(first, cuts, data.draw(st.integers(0, len(first))))
    b = _log_in_runs(second, other_cuts, data.draw(st.integers(0, len(second))))
    c = _log_in_runs(first, other_cuts, data.draw(st.integers(0, len(first))))
    assert tuple(a) == tuple(first) and len(a) == len(first) and a == tuple(first)
    assert (a == b) == (first == second) and (b == a) == (first == second)
    assert a == c and hash(a) == hash(c) == hash(tuple(first))
    if first:
        assert a[-1] == first[-1] and list(a[1:]) == first[1:]
    shared = a.then(("a", "x"))
    assert shared == c.then(("a", "x")) and shared != c.then(("b", "x")) and shared != a


@given(
    st.integers(min_value=0, max_value=2**64 - 1),
    st.integers(min_value=1, max_value=30),
    st.integers(min_value=0, max_value=3),
    st.data(),
)
def test_draw_several_makes_the_same_draws_as_one_at_a_time(
    seed: int, size: int, earlier: int, data: st.DataObject
) -> None:
    """``draw_several`` (deals and shuffles) equals that many ``draw`` calls: the same items,
    pool left, log and generator state, after earlier draws or with recorded outcomes."""
    count = data.draw(st.integers(min_value=0, max_value=size))
    pool = [f"t{i}" for i in range(size)]
    recorded = data.draw(st.permutations(pool))[: data.draw(st.integers(0, count))]
    if recorded:
        chance = start_chance(seed, [("deal", item) for item in recorded])
    else:
        chance = start_chance(seed)
        for _ in range(earlier):  # a log that does not start empty
            _, chance = draw(chance, "before", ["x", "y"], rule="T")
    one_pool, many_pool = list(pool), list(pool)
    one, one_chance = [], chance
    for _ in range(count):
        index, one_chance = draw(one_chance, "deal", one_pool, rule="T")
        one.append(one_pool.pop(index))
    many, many_chance = draw_several(chance, "deal", many_pool, count, rule="T")
    assert many == one and many_pool == one_pool and many[: len(recorded)] == recorded
    assert many_chance == one_chance and tuple(many_chance.log) == tuple(one_chance.log)


@given(
    st.integers(min_value=0, max_value=2**64 - 1),
    st.lists(st.integers(min_value=0, max_value=5), min_size=1, max_size=6),
    st.data(),
)
def test_draw_counted_makes_the_same_draws_as_one_at_a_time(
    seed: int, counts: list[int], data: st.DataObject
) -> None:
    """``draw_counted`` (a bag of tokens given by counts) equals that many ``draw`` calls over
    the pool listing the copies in ``names`` order: the same items, counts left, log and
    generator state, with or without recorded outcomes."""
    names = [f"g{i}" for i in range(len(counts))]
    count = data.draw(st.integers(min_value=0, max_value=sum(counts)))
    pool = [name for name, copies in zip(names, counts, strict=True) for _ in range(copies)]
    recorded = data.draw(st.permutations(pool))[: data.draw(st.integers(0, count))]
    chance = start_chance(seed, [("glass", item) for item in recorded])
    one_counts, many_counts = list(counts), list(counts)
    one, one_chance = [], chance
    for _ in range(count):
        bag = [name for name, copies in zip(names, one_counts, strict=True) for _ in range(copies)]
        index, one_chance = draw(one_chance, "glass", bag, rule="T")
        one.append(names.index(bag[index]))
        one_counts[one[-1]] -= 1
    many, many_chance = draw_counted(chance, "glass", names, many_counts, count, rule="T")
    assert many == one and many_counts == one_counts
    assert [names[i] for i in many[: len(recorded)]] == recorded
    assert many_chance == one_chance and tuple(many_chance.log) == tuple(one_chance.log)
