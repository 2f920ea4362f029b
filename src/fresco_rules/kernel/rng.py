"""A pure, portable pseudo-random generator whose whole state is one integer.

The state travels inside a game state, so chance is reproducible from the seed and never touches
the global ``random`` module. SplitMix64 is used because it is tiny, well studied and gives the same
stream on every platform and Python version.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """The generator state for a user seed (any int; negative and huge seeds are folded in).

    The seed goes through SplitMix64's output mix, so neighbouring seeds start far apart:
    without it seed ``k + 1`` would start exactly one step into the stream of seed ``k``, and
    games ``k`` and ``k + 1`` would draw the same outcomes shifted by one."""
    value, _ = next_u64((seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK)
    return value


def next_u64(state: int) -> tuple[int, int]:
    """One SplitMix64 step: returns ``(value, new_state)``."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def _limit(bound: int) -> int:
    """The largest multiple of ``bound`` not above 2**64: values at or past it are redrawn."""
    if bound <= 0:
        raise ValueError(f"bound must be positive, got {bound}")
    return (1 << 64) - ((1 << 64) % bound)


_SMALL_BOUNDS = 1 << 12
_SMALL_LIMITS: tuple[int, ...] = (0, *(_limit(bound) for bound in range(1, _SMALL_BOUNDS)))
"""``_limit`` of every bound below ``_SMALL_BOUNDS``, built once at import (a playout asks for
a few dozen small bounds, over and over); an immutable table, so no state is kept between calls."""


def next_below(state: int, bound: int) -> tuple[int, int]:
    """A uniform integer in ``range(bound)`` (rejection sampling, so no modulo bias)."""
    limit = _SMALL_LIMITS[bound] if 0 < bound < _SMALL_BOUNDS else _limit(bound)
    while True:
        # next_u64, inlined: this runs once per draw and per random choice
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        value = z ^ (z >> 31)
        if value < limit:
            return value % bound, state


def below_run(state: int, bound: int, count: int) -> tuple[list[int], int]:
    """``count`` calls of ``next_below`` with the bounds ``bound``, ``bound - 1``, ... (draws
    from a pool that shrinks by one item each time), in one loop: the same values and the same
    final state as the calls one after another."""
    values: list[int] = []
    limits = _SMALL_LIMITS
    for below in range(bound, bound - count, -1):
        limit = limits[below] if 0 < below < _SMALL_BOUNDS else _limit(below)
        while True:
            # next_below's step, inlined
            state = (state + 0x9E3779B97F4A7C15) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            value = z ^ (z >> 31)
            if value < limit:
                values.append(value % below)
                break
    return values, state
