"""The kernel's generator: reproducible, and neighbouring seeds play unrelated streams."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from fresco_rules.kernel.rng import next_below, next_u64, seed_state


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
