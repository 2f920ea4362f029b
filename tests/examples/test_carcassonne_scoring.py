"""Carcassonne scoring records in full (C10-C19, CA8, V1): each scored feature's rule, kind,
size, lowest position, scoring seats, points and whether it came from final scoring."""

from __future__ import annotations

import pytest

from fresco_rules.carcassonne import Kind, Pass, apply
from fresco_rules.carcassonne.scoring import completed_points
from fresco_rules.carcassonne.state import Feature, Scoring

from .carcassonne_fixtures import MONASTERY, Turn, last_turn, place_only, play
from .test_carcassonne_examples import ALL_KINDS, ROAD_AND_CITY


@pytest.mark.rule("C10", "C11", "C14", "CA8")
def test_C14_scoring_records_of_a_road_and_a_city_completed_by_one_tile() -> None:
    state = play([*ROAD_AND_CITY, ("FE3", 1, 0, 1, None)])
    assert state.scored == (
        Scoring("C10", Kind.ROAD, 3, -1, 0, (0,), 3, False),
        Scoring("C11", Kind.CITY, 2, 1, 0, (1,), 4, False),
    )


@pytest.mark.rule("C10", "C11", "C14", "CA8")
def test_CA8_a_road_scores_before_a_city_whatever_was_built_first() -> None:
    # the L tile closes the start city (a knight deployed on it) and ends the A tile's road
    turns: list[Turn] = [
        ("U", -1, 0, 0, None),
        ("A", -1, -1, 3, "road:E"),
        ("L", 0, -1, 2, "city:S"),
    ]
    state = play(turns)
    assert state.scored == (
        Scoring("C10", Kind.ROAD, 2, -1, -1, (1,), 2, False),
        Scoring("C11", Kind.CITY, 2, 0, -1, (0,), 4, False),
    )
    assert state.points == (4, 2) and state.supply == (7, 7)


@pytest.mark.rule("C12", "C14")
def test_C12_a_completed_monastery_scores_once() -> None:
    state = play([*MONASTERY, ("U", 2, 0, 0, None), ("U", 3, 0, 0, None)])
    assert state.scored == (Scoring("C12", Kind.MONASTERY, 1, 0, 1, (0,), 9, False),)
    assert state.points == (9, 0)


@pytest.mark.rule("C15", "C16", "C17", "C18", "C19", "CA8")
def test_C15_final_scoring_records_roads_cities_monasteries_then_fields() -> None:
    state = place_only(ALL_KINDS, ("FE10", 3, 0, 0, None))
    over = apply(last_turn(state), Pass())
    assert over.scored[len(state.scored) :] == (
        Scoring("C16", Kind.ROAD, 5, -1, 0, (0,), 5, True),
        Scoring("C17", Kind.CITY, 2, 0, -1, (0,), 2, True),
        Scoring("C18", Kind.MONASTERY, 1, -1, 0, (0,), 5, True),
        Scoring("C19", Kind.FIELD, 10, -1, -1, (0,), 0, True),
    )
    assert over.points == (state.points[0] + 12, 0)


@pytest.mark.rule("C11", "V1", "CA4")
@pytest.mark.parametrize(
    ("tiles", "pennants", "tiny_city", "points"),
    [(2, 1, 2, 3), (2, 0, 2, 2), (2, 1, 4, 6), (3, 1, 2, 8), (3, 2, 4, 10)],
)
def test_V1_city_points_per_tile_and_pennant(
    tiles: int, pennants: int, tiny_city: int, points: int
) -> None:
    city = Feature(Kind.CITY, tuple(range(tiles)), frozenset(range(tiles)), 0, pennants)
    assert completed_points(city, tiny_city) == points


@pytest.mark.rule("C10", "C14", "CA8", "CA5")
def test_CA8_two_roads_completed_by_one_junction_score_west_to_east() -> None:
    # a monastery road runs east from (0,1), another west from (2,1); the W junction at (1,1)
    # ends both: within a kind the lowest (x, y) of the feature's tiles goes first
    turns: list[Turn] = [
        ("U", 1, 0, 0, None),
        ("U", 2, 0, 0, None),
        ("A", 0, 1, 3, "road:E"),
        ("A", 2, 1, 1, "road:W"),
        ("W", 1, 1, 0, None),
    ]
    state = play(turns)
    assert state.scored == (
        Scoring("C10", Kind.ROAD, 2, 0, 1, (0,), 2, False),
        Scoring("C10", Kind.ROAD, 2, 1, 1, (1,), 2, False),
    )
