"""Placing a tile: the legality of a position (C1-C4) and the incremental feature tracking.

Each placed tile adds its features as new segments; every edge it shares with a neighbour merges
the road or city on both sides (closing two open ends) and the fields on both halves. A merge
relabels the smaller feature's segments (union by size), so a whole game costs a few thousand
small steps, never a flood fill.
"""

from __future__ import annotations

from bisect import bisect_left

from ..kernel.registry import implements
from .geometry import AROUND, STEPS, Oriented
from .state import Feature, Phase, Placed, State
from .vocab import Kind


def lookup(state: State, key: int) -> int:
    """The placement index at ``key``, -1 for an empty position."""
    keys = state.board_keys
    i = bisect_left(keys, key)
    if i < len(keys) and keys[i] == key:
        return state.board_index[i]
    return -1


def open_pattern(state: State, key: int) -> int:
    """The neighbour pattern of an empty position next to the board, -1 if it touches none."""
    keys = state.open_keys
    i = bisect_left(keys, key)
    if i < len(keys) and keys[i] == key:
        return state.open_patterns[i]
    return -1


@implements("C5", "CA2")
def fits_somewhere(state: State, tile: str) -> bool:
    """C5 (CA2): does ``tile`` have at least one legal position and rotation on the board?"""
    fits = state.tables.geometry.fits[tile]
    return any(fits[pattern] for pattern in state.open_patterns)


class _Merger:
    """The feature tables of one placement, copied once and changed in place."""

    __slots__ = ("features", "segment_feature")

    def __init__(self, state: State) -> None:
        self.segment_feature = list(state.segment_feature)
        self.features = list(state.features)

    def join(self, a: int, b: int, closing: int) -> None:
        """Merge the features of segments ``a`` and ``b``; ``closing`` open ends are joined."""
        features, owner = self.features, self.segment_feature
        ra, rb = owner[a], owner[b]
        fa = features[ra]
        assert fa is not None
        if ra == rb:  # a road loop or a city closing on itself (C10, C11)
            if closing:
                features[ra] = Feature(
                    fa.kind, fa.segments, fa.tiles, fa.open - closing, fa.pennants, fa.cities
                )
            return
        fb = features[rb]
        assert fb is not None
        if len(fa.segments) < len(fb.segments):
            ra, rb, fa, fb = rb, ra, fb, fa
        for segment in fb.segments:
            owner[segment] = ra
        features[ra] = Feature(
            fa.kind,
            fa.segments + fb.segments,
            fa.tiles | fb.tiles,
            fa.open + fb.open - closing,
            fa.pennants + fb.pennants,
            fa.cities | fb.cities if fb.cities else fa.cities,
        )
        features[rb] = None


@implements("C1", "C3", "C7", "C10", "C11", "C12", "CA3", "CA4", "CA5")
def place(state: State, key: int, x: int, y: int, rotation: int) -> State:
    """The state after the drawn tile is placed at ``key`` (already checked legal): its features
    join those of its neighbours across every shared edge (C1, C3), so C7 can ask whether the
    whole connected feature holds a follower. Roads and cities keep their open ends (C10, C11:
    complete at 0; a road with one edge ends on its tile, CA5), distinct tiles (CA3) and pennants
    (CA4); a monastery counts its empty surrounding spaces (C12)."""
    geometry = state.tables.geometry
    oriented = geometry.oriented
    tile: Oriented = oriented[state.tile][rotation]
    index = len(state.placed)
    base = len(state.segment_feature)
    merger = _Merger(state)
    owner, features = merger.segment_feature, merger.features
    tiles = frozenset((index,))
    for j, segment in enumerate(tile.segments):
        owner.append(base + j)
        cities = frozenset(base + c for c in segment.cities) if segment.cities else frozenset()
        features.append(
            Feature(segment.kind, (base + j,), tiles, segment.open, segment.pennants, cities)
        )
    placed = state.placed
    neighbours = [lookup(state, key + step) for step in STEPS]
    for d, neighbour in enumerate(neighbours):
        if neighbour < 0:
            continue
        other = placed[neighbour]
        facing = oriented[other.tile][other.rotation]
        code = tile.edges[d]
        if code != 3:  # a road or city runs across
            merger.join(
                base + tile.edge_segment[d],
                other.first_segment + facing.edge_segment[(d + 2) % 4],
                2,
            )
        if code != 1:  # field halves on both sides of a road, or a whole field edge
            half = 2 * d
            # NL-SR, NR-SL, EL-WR, ER-WL: the facing edge runs the other way round
            far = 2 * ((d + 2) % 4)
            first = other.first_segment
            merger.join(base + tile.half_segment[half], first + facing.half_segment[far + 1], 0)
            merger.join(base + tile.half_segment[half + 1], first + facing.half_segment[far], 0)
    monasteries = state.monasteries
    if tile.monastery >= 0 or monasteries:
        for mkey, monk_segment in monasteries:
            if mkey - key in AROUND:
                root = owner[monk_segment]
                found = features[root]
                assert found is not None
                features[root] = Feature(
                    Kind.MONASTERY, found.segments, found.tiles, found.open - 1
                )
        if tile.monastery >= 0:
            own = base + tile.monastery
            present = sum(1 for step in AROUND if lookup(state, key + step) >= 0)
            features[own] = Feature(Kind.MONASTERY, (own,), tiles, 8 - present)
            monasteries = (*monasteries, (key, own))
    board_keys = list(state.board_keys)
    board_index = list(state.board_index)
    at = bisect_left(board_keys, key)
    board_keys.insert(at, key)
    board_index.insert(at, index)
    open_keys = list(state.open_keys)
    open_patterns = list(state.open_patterns)
    at = bisect_left(open_keys, key)
    del open_keys[at]
    del open_patterns[at]
    for d, neighbour in enumerate(neighbours):
        if neighbour >= 0:
            continue
        near = key + STEPS[d]
        side = tile.edges[d] << (2 * ((d + 2) % 4))
        at = bisect_left(open_keys, near)
        if at < len(open_keys) and open_keys[at] == near:
            open_patterns[at] |= side
        else:
            open_keys.insert(at, near)
            open_patterns.insert(at, side)
    return State(
        config=state.config,
        tables=state.tables,
        chance=state.chance,
        phase=Phase.FOLLOWER,
        active=state.active,
        turn=state.turn,
        tile="",
        stack=state.stack,
        discarded=state.discarded,
        placed=(*placed, Placed(state.tile, x, y, rotation, base)),
        board_keys=tuple(board_keys),
        board_index=tuple(board_index),
        open_keys=tuple(open_keys),
        open_patterns=tuple(open_patterns),
        segment_feature=tuple(owner),
        features=tuple(features),
        monasteries=monasteries,
        followers=state.followers,
        supply=state.supply,
        points=state.points,
        scored=state.scored,
    )
