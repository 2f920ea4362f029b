"""Scoring: completed features in phase 3 (C10-C14, CA8, V1) and final scoring (C16-C19).

The majority rule: the seats with the most followers in a feature score its points, ties score
in full, everyone else nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..kernel.registry import implements
from .geometry import AROUND, key_of
from .state import Feature, Follower, Scoring, State
from .vocab import KIND_ORDER, Kind


@implements("C10", "C11", "C12", "C19")
def majority(followers: Iterable[Follower], players: int) -> tuple[int, ...]:
    """The majority rule of C10, C11, C12 and C19: the seats with the most followers among
    ``followers`` (every tied seat scores in full), empty when there are none."""
    counts = [0] * players
    for follower in followers:
        counts[follower.seat] += 1
    most = max(counts)
    return tuple(seat for seat, count in enumerate(counts) if most and count == most)


@implements("C10", "C11", "C12", "V1", "CA3", "CA4")
def completed_points(feature: Feature, tiny_city: int) -> int:
    """C10: a road scores 1 per distinct tile (CA3); C11: a city 2 per tile and 2 per pennant
    (CA4), and V1 with ``tiny_city = 2`` a 2-tile city 1 per tile and per pennant; C12: a
    monastery 9."""
    kind = feature.kind
    if kind is Kind.ROAD:
        return len(feature.tiles)
    if kind is Kind.CITY:
        size = len(feature.tiles)
        if size == 2 and tiny_city == 2:
            return size + feature.pennants
        return 2 * (size + feature.pennants)
    return 9


@implements("C16", "C17", "C18", "C19", "CA7")
def final_points(state: State, feature: Feature) -> int:
    """C16: an incomplete road 1 per tile; C17: an incomplete city 1 per tile and per pennant;
    C18: an incomplete monastery 1 plus 1 per surrounding tile; C19: a field 3 per distinct
    completed city it touches (CA7: a city touching it twice counts once; incomplete cities
    give nothing)."""
    kind = feature.kind
    if kind is Kind.ROAD:
        return len(feature.tiles)
    if kind is Kind.CITY:
        return len(feature.tiles) + feature.pennants
    if kind is Kind.MONASTERY:
        return 1 + 8 - feature.open
    cities = {state.segment_feature[segment] for segment in feature.cities}
    done = 0
    for root in cities:
        city = state.features[root]
        if city is not None and city.open == 0:
            done += 1
    return 3 * done


def lowest_position(state: State, feature: Feature) -> tuple[int, int]:
    """The lowest ``(x, y)`` of the feature's tiles (CA8's order within a kind)."""
    placed = state.placed
    return min((placed[i].x, placed[i].y) for i in feature.tiles)


@implements("C14", "CA8")
def completed_now(state: State) -> list[int]:
    """C14: every feature the last placed tile completed, in the CA8 order: roads, then cities,
    then monasteries; within a kind by the lowest (x, y) of its tiles."""
    last = state.placed[-1]
    tile = state.tables.geometry.oriented[last.tile][last.rotation]
    owner, features = state.segment_feature, state.features
    found: set[int] = set()
    for j, segment in enumerate(tile.segments):
        if segment.kind is Kind.ROAD or segment.kind is Kind.CITY:
            root = owner[last.first_segment + j]
            feature = features[root]
            if feature is not None and feature.open == 0:
                found.add(root)
    key = key_of(last.x, last.y)
    for mkey, monk_segment in state.monasteries:
        if mkey == key or mkey - key in AROUND:
            root = owner[monk_segment]
            feature = features[root]
            if feature is not None and feature.open == 0:
                found.add(root)
    return sorted(found, key=lambda root: _order(state, root))


def _order(state: State, root: int) -> tuple[int, tuple[int, int]]:
    feature = state.features[root]
    assert feature is not None
    return KIND_ORDER.index(feature.kind), lowest_position(state, feature)


def _rule(kind: Kind, final: bool) -> str:
    if final:
        return {Kind.ROAD: "C16", Kind.CITY: "C17", Kind.MONASTERY: "C18", Kind.FIELD: "C19"}[kind]
    return {Kind.ROAD: "C10", Kind.CITY: "C11", Kind.MONASTERY: "C12"}[kind]


@implements("C13", "C14", "F5", "F6", "FA1")
def score_completed(
    state: State, followers: tuple[Follower, ...], supply: tuple[int, ...]
) -> tuple[tuple[Follower, ...], tuple[int, ...], tuple[int, ...], tuple[Scoring, ...]]:
    """Phase 3: score every feature the placement completed (C14, in CA8 order) with the
    ``followers`` on it after phase 2: a follower returned this turn (F6, FA1) is gone and
    scores nothing (F5). C13: all followers on a scored road, city or monastery go back to
    their supplies, losers included. Returns the new followers, supply, points and log."""
    completed = completed_now(state)
    if not completed:
        return followers, supply, state.points, state.scored
    points = list(state.points)
    back = list(supply)
    scored = list(state.scored)
    owner = state.segment_feature
    players = state.tables.players
    for root in completed:
        feature = state.features[root]
        assert feature is not None
        on = [f for f in followers if owner[f.segment] == root]
        seats = majority(on, players)
        value = completed_points(feature, state.config.tiny_city)
        for seat in seats:
            points[seat] += value
        for follower in on:
            back[follower.seat] += 1
        if on:
            followers = tuple(f for f in followers if owner[f.segment] != root)
        x, y = lowest_position(state, feature)
        scored.append(
            Scoring(
                _rule(feature.kind, False),
                feature.kind,
                len(feature.tiles),
                x,
                y,
                seats,
                value,
                False,
            )
        )
    return followers, tuple(back), tuple(points), tuple(scored)


@implements("C15", "C16", "C17", "C18", "C19", "V3", "F5", "F8")
def final_scoring(state: State) -> tuple[tuple[int, ...], tuple[Scoring, ...]]:
    """C15: after the last turn, every feature that still holds followers scores for its
    majority: incomplete roads (C16), cities (C17) and monasteries (C18), and fields (C19; not
    with ``farmers`` off, V3). Returned figures are gone (F5); Festival tiles add nothing (F8).
    Order: roads, cities, monasteries, fields, each by lowest (x, y)."""
    owner = state.segment_feature
    held: dict[int, list[Follower]] = {}
    for follower in state.followers:
        held.setdefault(owner[follower.segment], []).append(follower)
    points = list(state.points)
    scored = list(state.scored)
    players = state.tables.players
    order = sorted(held, key=lambda root: _order(state, root))
    for root in order:
        feature = state.features[root]
        assert feature is not None
        if feature.kind is Kind.FIELD:
            if not state.config.farmers:
                continue
        elif feature.open == 0:
            continue
        seats = majority(held[root], players)
        value = final_points(state, feature)
        for seat in seats:
            points[seat] += value
        x, y = lowest_position(state, feature)
        scored.append(
            Scoring(
                _rule(feature.kind, True),
                feature.kind,
                len(feature.tiles),
                x,
                y,
                seats,
                value,
                True,
            )
        )
    return tuple(points), tuple(scored)
