"""Carcassonne's heuristic player and its determinization for the search player (issue 28).

The heuristic looks at its own turn like the greedy player (a tile placement is worth its best
follower action) and values a turn by the points gained (completed features, C14), then the
gain of its standing on roads, cities and monasteries (what the final scoring, C15-C19, would
give now), farms counted in proportion to how far the game is (a farmer is never returned, so
it pays late), and a third of a point per follower kept in supply.

``heuristic_values`` values all of a state's actions at once, picking what the key picks at a
fraction of the cost (about 2.3 times as many moves per second): the seat's standing before
the turn is computed once; a placement is valued by passing after it plus a bound on what a
follower action could add, and only the placements whose bound reaches the best value found
are valued exactly (the others keep their bound); the engine's effects run directly (the
actions come from ``legal_actions``, so they need no second validation); a standing looks only
at the features where the seat has a follower (it cannot hold a majority elsewhere).

``sample_hidden``: the only thing hidden is the order of the face-down stack (C0.1), which is
chance, not state (draws come from the state's generator): the generator is reseeded.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

import attrs

from .actions import Deploy, ReturnFigure
from .engine import RULES, apply, last_tile, legal_actions
from .scoring import completed_points, final_points, majority
from .state import Follower, Phase
from .vocab import Kind


def _standing_parts(state: Any, seat: int) -> tuple[float, float]:
    """(points plus the final scoring of roads, cities and monasteries now, farms now)."""
    points = float(state.points[seat])
    if state.phase is Phase.OVER:
        return points, 0.0
    owner = state.segment_feature
    mine = {owner[follower.segment] for follower in state.followers if follower.seat == seat}
    if not mine:
        return points, 0.0
    held: dict[int, list[Follower]] = {root: [] for root in mine}
    for follower in state.followers:
        root = owner[follower.segment]
        if root in held:
            held[root].append(follower)
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


def _turn_value(
    before: Any, after: Any, seat: int, old_parts: tuple[float, float] | None = None
) -> float:
    total = max(1, len(before.tables.stack))
    progress = 1.0 - len(after.stack) / total
    old, old_farms = _standing_parts(before, seat) if old_parts is None else old_parts
    new, new_farms = _standing_parts(after, seat)
    gained = float(after.points[seat] - before.points[seat])
    farms = progress * (new_farms - old_farms)
    return float(gained + (new - old) + farms + after.supply[seat] / 3)


def heuristic_key(before: Any, action: Any, after: Any, seat: int) -> tuple[float, ...]:
    """The heuristic value of ``action`` for ``seat`` (see the module's docstring)."""
    if after.phase is Phase.FOLLOWER and before.phase is not Phase.FOLLOWER:
        return (max(_turn_value(before, apply(after, a), seat) for a in legal_actions(after)),)
    return (_turn_value(before, after, seat),)


def _effect(state: Any, action: Any) -> Any:
    """The state after a legal ``action`` (from ``legal_actions``): the engine's effect,
    without ``apply``'s validation."""
    return RULES[type(action)][1](state, action)


BOUND_MARGIN = 1e-9
"""Added to an upper bound so that rounding never puts it below the value it bounds."""


def _deploy_bound(progress: float, after: Any, follow_ups: Sequence[Any]) -> float:
    """How much more than passing a follower action after this placement can be worth. A
    follower on a free feature (the seat's alone): on a feature the tile completes, its points
    twice (scored now, C14, and in the standing; the follower comes back); on an open one, its
    final value (C16-C19; a field's in proportion to the game's progress) less the third of a
    point of the follower spent. A figure taken back (F2): the third of a point it returns."""
    last = after.placed[-1]
    names = last_tile(after).names
    tiny_city = after.config.tiny_city
    bound = 0.0
    for action in follow_ups:
        if isinstance(action, Deploy):
            segment = last.first_segment + names[action.feature]
            feature = after.features[after.segment_feature[segment]]
            if feature.kind is not Kind.FIELD and feature.open == 0:
                worth = 2.0 * completed_points(feature, tiny_city)
            elif feature.kind is Kind.FIELD:
                worth = progress * final_points(after, feature) - 1 / 3
            else:
                worth = final_points(after, feature) - 1 / 3
            bound = max(bound, worth)
        elif isinstance(action, ReturnFigure):
            bound = max(bound, 1 / 3)
    return bound + BOUND_MARGIN


def heuristic_values(state: Any, actions: Sequence[Any], seat: int) -> list[tuple[float, ...]]:
    """The heuristic key of every legal action of ``state`` (see the module's docstring).

    A placement is first valued by passing after it, plus a bound on what a follower action
    can add (``_deploy_bound``); the placements are then valued exactly in the order of their
    bounds, and one whose bound is below the best exact value so far keeps its bound (it
    cannot be best). So the best actions, and their values, are those of ``heuristic_key``."""
    old = _standing_parts(state, seat)
    if state.phase is Phase.FOLLOWER:
        return [(_turn_value(state, _effect(state, a), seat, old),) for a in actions]
    values: list[tuple[float, ...] | None] = [None] * len(actions)
    pending = []
    for index, action in enumerate(actions):
        after = _effect(state, action)
        if after.phase is not Phase.FOLLOWER:
            values[index] = (_turn_value(state, after, seat, old),)
            continue
        follow_ups = legal_actions(after)  # Pass is the last
        end = _effect(after, follow_ups[-1])
        passed = _turn_value(state, end, seat, old)
        if end.phase is Phase.OVER:  # the final scoring counts every feature twice: no bound
            bound = math.inf
        else:
            progress = 1.0 - len(end.stack) / max(1, len(state.tables.stack))
            bound = passed + _deploy_bound(progress, after, follow_ups)
        pending.append((bound, index, after, follow_ups, passed))
    pending.sort(key=lambda item: -item[0])
    best = max((value[0] for value in values if value is not None), default=-math.inf)
    for bound, index, after, follow_ups, passed in pending:
        if bound < best:
            values[index] = (bound,)
            continue
        exact = max(
            [passed, *(_turn_value(state, _effect(after, a), seat, old) for a in follow_ups[:-1])]
        )
        values[index] = (exact,)
        best = max(best, exact)
    return [value for value in values if value is not None]


def sample_hidden(state: Any, seat: int, rng: random.Random) -> Any:
    """``state`` with its chance generator reseeded from ``rng`` (C0.1: the stack's order)."""
    return attrs.evolve(state, chance=attrs.evolve(state.chance, rng=rng.getrandbits(64)))
