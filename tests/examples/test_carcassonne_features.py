"""The feature tables a placement keeps (C1, C3, C7, C10-C12, CA3-CA5), checked on the example
boards: every live feature lists exactly the segments that belong to it, merged features leave
no trace, and only fields touch cities."""

from __future__ import annotations

import pytest

from fresco_rules.carcassonne import Kind, State

from .carcassonne_fixtures import (
    CITY_RING,
    FARMERS,
    JOINED_CITIES,
    MONASTERY,
    ROAD_LOOP,
    SHARED_ROAD,
    Turn,
    play,
)
from .test_carcassonne_examples import ALL_KINDS, ROAD_AND_CITY

BOARDS: dict[str, list[Turn]] = {
    "shared road": SHARED_ROAD,
    "joined cities": JOINED_CITIES,
    "city ring": CITY_RING,
    "road loop": ROAD_LOOP,
    "monastery": MONASTERY,
    "monastery, one neighbour short": MONASTERY[:-1],
    "farmers": FARMERS,
    "all kinds": ALL_KINDS,
    "road and city": [*ROAD_AND_CITY, ("FE3", 1, 0, 1, None)],
}


def _check_tables(state: State) -> None:
    owner = state.segment_feature
    assert len(owner) == len(state.features)
    roots = set(owner)
    for index, feature in enumerate(state.features):
        if index not in roots:
            assert feature is None, (index, feature)  # merged away
            continue
        assert feature is not None
        members = tuple(s for s, root in enumerate(owner) if root == index)
        assert tuple(sorted(feature.segments)) == members, (index, feature)
        assert type(feature.cities) is frozenset
        if feature.kind is not Kind.FIELD:
            assert feature.cities == frozenset()
        else:
            touched = [state.features[owner[c]] for c in feature.cities]
            assert all(city is not None and city.kind is Kind.CITY for city in touched)
        assert feature.tiles <= set(range(len(state.placed)))
        if feature.kind is Kind.MONASTERY:
            assert len(feature.segments) == 1 and len(feature.tiles) == 1
            assert 0 <= feature.open <= 8


@pytest.mark.rule("C1", "C3", "C7", "C10", "C11", "C12", "CA3", "CA4", "CA5")
@pytest.mark.parametrize("board", sorted(BOARDS))
def test_every_feature_lists_exactly_its_segments(board: str) -> None:
    turns = BOARDS[board]
    for count in range(1, len(turns) + 1):
        _check_tables(play(turns[:count]))


@pytest.mark.rule("C12")
def test_C12_a_monastery_counts_its_empty_surrounding_spaces() -> None:
    # placed south of the start tile (one neighbour), then its 7 other neighbours one by one
    for count in range(1, len(MONASTERY) + 1):
        state = play(MONASTERY[:count])
        monastery = [f for f in state.features if f is not None and f.kind is Kind.MONASTERY]
        assert len(monastery) == 1 and monastery[0].open == 8 - count
