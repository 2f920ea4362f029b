"""Drawing again what a seat cannot see (R0.68), for the search player's determinization
(``players.sample_hidden``): the helpers the base game and each module's ``sample_hidden``
share."""

from __future__ import annotations

import random
from typing import Any


def spread(total: int, parts: int, rng: random.Random) -> list[int]:
    """``total`` units over ``parts`` parts, each unit to a part drawn uniformly."""
    counts = [0] * parts
    for _ in range(total):
        counts[rng.randrange(parts)] += 1
    return counts


def other_seats(seats: int, seat: int) -> list[int]:
    """The seats other than ``seat``, in order."""
    return [s for s in range(seats) if s != seat]


def redrawn(values: tuple[Any, ...], drawn: dict[int, Any]) -> tuple[Any, ...]:
    """``values`` with the entries of ``drawn`` (by index) replaced."""
    return tuple(drawn.get(s, value) for s, value in enumerate(values))
