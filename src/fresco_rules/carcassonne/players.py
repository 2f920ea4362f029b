"""Carcassonne's heuristic player and its determinization for the search player (issue 28).

The heuristic looks at its own turn like the greedy player (a tile placement is worth its best
follower action) and values a turn by the points gained (completed features, C14), then the
gain of its standing on roads, cities and monasteries (what the final scoring, C15-C19, would
give now), farms counted in proportion to how far the game is (a farmer is never returned, so
it pays late), and a third of a point per follower kept in supply.

``sample_hidden``: the only thing hidden is the order of the face-down stack (C0.1), which is
chance, not state (draws come from the state's generator): the generator is reseeded.
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from .engine import apply, legal_actions
from .scoring import final_points, majority
from .state import Follower, Phase
from .vocab import Kind


def _standing_parts(state: Any, seat: int) -> tuple[float, float]:
    """(points plus the final scoring of roads, cities and monasteries now, farms now)."""
    points = float(state.points[seat])
    if state.phase is Phase.OVER:
        return points, 0.0
    owner = state.segment_feature
    held: dict[int, list[Follower]] = {}
    for follower in state.followers:
        held.setdefault(owner[follower.segment], []).append(follower)
    players, farmers = state.tables.players, state.config.farmers
    farms = 0.0
    for root, followers in held.items():
        feature = state.features[root]
        if feature.kind is Kind.FIELD:
            if farmers and seat in majority(followers, players):
                farms += final_points(state, feature)
        elif feature.open and seat in majority(followers, players):
            points += final_points(state, feature)
    return points, farms


def _turn_value(before: Any, after: Any, seat: int) -> float:
    total = max(1, len(before.tables.stack))
    progress = 1.0 - len(after.stack) / total
    old, old_farms = _standing_parts(before, seat)
    new, new_farms = _standing_parts(after, seat)
    gained = float(after.points[seat] - before.points[seat])
    farms = progress * (new_farms - old_farms)
    return float(gained + (new - old) + farms + after.supply[seat] / 3)


def heuristic_key(before: Any, action: Any, after: Any, seat: int) -> tuple[float, ...]:
    """The heuristic value of ``action`` for ``seat`` (see the module's docstring)."""
    if after.phase is Phase.FOLLOWER and before.phase is not Phase.FOLLOWER:
        return (max(_turn_value(before, apply(after, a), seat) for a in legal_actions(after)),)
    return (_turn_value(before, after, seat),)


def sample_hidden(state: Any, seat: int, rng: random.Random) -> Any:
    """``state`` with its chance generator reseeded from ``rng`` (C0.1: the stack's order)."""
    return attrs.evolve(state, chance=attrs.evolve(state.chance, rng=rng.getrandbits(64)))
