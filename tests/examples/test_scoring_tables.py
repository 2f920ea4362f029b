"""The scoring laws' tables and edges, stated from the rulebook (issue 15: each test here kills
mutants that survived every other test): the neighbour tables, the altar hand-ins, the grid
edges of the bishop bonus, the track's own-space rule, and the rule and key words of every
refusal of the scoring laws."""

from __future__ import annotations

from collections import Counter

import pytest

from fresco_rules.fresco.scoring import (
    ALTAR_HAND_INS,
    ALTAR_SPECIAL_HAND_INS,
    NEIGHBOURS,
    ORTHOGONAL,
    altar_points,
    bishop_bonus,
    special_hand_ins,
    track_options,
    window_penalty,
)
from fresco_rules.fresco.vocab import BASE_PAINTS, GRID, SEGMENTS, Glass, Paint
from fresco_rules.kernel.errors import IllegalAction

RED, YELLOW, BLUE = Paint.RED, Paint.YELLOW, Paint.BLUE
ORANGE, GREEN, PURPLE, PINK, BROWN = (
    Paint.ORANGE,
    Paint.GREEN,
    Paint.PURPLE,
    Paint.PINK,
    Paint.BROWN,
)


def _refusal(call: object, *args: object, **kwargs: object) -> IllegalAction:
    assert callable(call)
    with pytest.raises(IllegalAction) as raised:
        call(*args, **kwargs)
    assert type(raised.value) is IllegalAction  # a law's refusal, not a MalformedAction
    return raised.value


@pytest.mark.rule("R0.40")
def test_R0_40_neighbour_tables_of_the_5x5_grid() -> None:
    assert set(NEIGHBOURS) == set(SEGMENTS) == set(ORTHOGONAL)
    assert NEIGHBOURS[(0, 0)] == ((0, 1), (1, 0), (1, 1))
    assert NEIGHBOURS[(2, 2)] == (
        (1, 1), (1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2), (3, 3),
    )  # fmt: skip
    assert NEIGHBOURS[(4, 2)] == ((3, 1), (3, 2), (3, 3), (4, 1), (4, 3))
    assert NEIGHBOURS[(4, 4)] == ((3, 3), (3, 4), (4, 3))
    assert ORTHOGONAL[(2, 2)] == ((1, 2), (2, 1), (2, 3), (3, 2))
    assert ORTHOGONAL[(0, 4)] == ((0, 3), (1, 4))
    assert ORTHOGONAL[(4, 0)] == ((3, 0), (4, 1))
    # 4 corners, 12 edge cells, 9 inner cells
    assert sum(map(len, NEIGHBOURS.values())) == 4 * 3 + 12 * 5 + 9 * 8
    assert sum(map(len, ORTHOGONAL.values())) == 4 * 2 + 12 * 3 + 9 * 4


@pytest.mark.rule("R0.43", "R0.44", "A0.14")
def test_R0_43_every_base_altar_hand_in_with_its_points() -> None:
    table = dict(ALTAR_HAND_INS)
    # each primary at most once, secondaries any number of times: 10 + 18 + 9 + 1 multisets
    assert len(ALTAR_HAND_INS) == len(table) == 38
    assert table[(ORANGE, GREEN, PURPLE)] == 6  # the blended version
    assert table[(RED, YELLOW, BLUE)] == 2
    assert table[(RED, YELLOW, ORANGE)] == 3
    assert table[(RED, ORANGE, ORANGE)] == 4
    assert table[(ORANGE, ORANGE, ORANGE)] == 5
    assert table[(GREEN, GREEN, PURPLE)] == 5
    assert (RED, RED, BLUE) not in table
    for paints, points in ALTAR_HAND_INS:
        assert list(paints) == sorted(paints, key=BASE_PAINTS.index)  # canonical order
        assert points == altar_points(paints)
    assert Counter(points for _, points in ALTAR_HAND_INS) == {2: 1, 3: 9, 4: 18, 5: 9, 6: 1}


@pytest.mark.rule("R3.8", "R3.9", "A3.2")
def test_R3_8_every_special_hand_in_with_its_points() -> None:
    table = dict(ALTAR_SPECIAL_HAND_INS)
    assert len(table) == 19  # pink/brown replace distinct orange, green, purple: 6 + 9 + 4
    assert table[(ORANGE, GREEN, PINK)] == 9
    assert table[(ORANGE, GREEN, BROWN)] == 11
    assert table[(PINK, PINK, BROWN)] == 6 + 3 + 3 + 5
    assert table[(BROWN, BROWN, BROWN)] == 21
    assert all(any(p in (PINK, BROWN) for p in paints) for paints in table)
    custom = dict(special_hand_ins({PINK: 10, BROWN: 1}))
    assert custom[(ORANGE, GREEN, PINK)] == 16 and custom[(PINK, PINK, BROWN)] == 27
    assert dict(special_hand_ins()) == table


@pytest.mark.rule("R3.8")
def test_R3_8_a_custom_bonus_replaces_the_default() -> None:
    assert altar_points((ORANGE, GREEN, PINK), bonus={PINK: 10, BROWN: 1}) == 16
    assert altar_points((ORANGE, GREEN, PINK)) == 9
    assert altar_points((ORANGE, BROWN, BROWN), bonus=None) == 16


@pytest.mark.rule("R0.43", "R3.9")
def test_R0_43_every_altar_refusal_names_its_rule_and_reason() -> None:
    problem = _refusal(altar_points, 3)
    assert problem.rule == "R0.43" and "three paints, not 3" in problem.reason
    problem = _refusal(altar_points, (RED, BLUE))
    assert problem.rule == "R0.43" and "exactly three pieces, not 2" in problem.reason
    problem = _refusal(altar_points, (RED, "x", BLUE))
    assert problem.rule == "R0.43" and "paint pieces only" in problem.reason
    assert "'x'" in problem.reason
    problem = _refusal(altar_points, (RED, RED, ORANGE))
    assert problem.rule == "R0.43" and "red handed in twice" in problem.reason
    problem = _refusal(altar_points, (RED, GREEN, PINK))
    assert problem.rule == "R3.9" and "blended version only" in problem.reason
    problem = _refusal(altar_points, (GREEN, GREEN, BROWN))
    assert problem.rule == "R3.9" and "green handed in twice" in problem.reason
    assert "at most once" in problem.reason


@pytest.mark.rule("R0.40")
def test_R0_40_bishop_bonus_at_the_grid_edges() -> None:
    assert bishop_bonus((4, 4), (4, 4)) == 3 and bishop_bonus((0, 4), (1, 3)) == 2
    assert bishop_bonus((0, 0), (0, 2)) == 0
    for off in ((GRID, 0), (0, GRID), (-1, 2), (2, -1)):
        problem = _refusal(bishop_bonus, off, (2, 2))
        assert problem.rule == "R0.40" and "5x5 grid" in problem.reason
        assert str(off) in problem.reason
        problem = _refusal(bishop_bonus, (2, 2), off)
        assert problem.rule == "R0.40" and str(off) in problem.reason and "(2, 2)" in problem.reason


@pytest.mark.rule("R0.51")
def test_R0_51_the_movers_own_space_counts_as_free() -> None:
    assert track_options([3, 4], 3, 1, forward_only=False) == (3, 5)
    assert track_options([3, 4], 3, 1, forward_only=True) == (5,)
    assert track_options([2, 3, 4], 1, 2, forward_only=False) == (1, 5)


@pytest.mark.rule("R6.15")
def test_R6_15_every_window_penalty_refusal_names_its_rule_and_reason() -> None:
    panes = (Glass.YELLOW, Glass.BLUE)
    problem = _refusal(window_penalty, panes, 3)
    assert problem.rule == "R6.15" and problem.reason == (
        "panes and glass must be sequences of Glass"
    )
    problem = _refusal(window_penalty, ("blue",), ())
    assert problem.rule == "R6.15" and "window panes must be Glass colours" in problem.reason
    assert "'blue'" in problem.reason
    problem = _refusal(window_penalty, panes, ("red",))
    assert problem.rule == "R6.15" and "'red' is not a glass token" in problem.reason
    problem = _refusal(window_penalty, panes, (Glass.RED,))
    assert problem.rule == "R6.15" and "a red token matches no uncovered pane" in problem.reason
    custom = {Glass.YELLOW: 1, Glass.BLUE: 10, Glass.RED: 0, Glass.GREEN: 0}
    assert window_penalty(panes, (), penalties=custom) == 11
    assert window_penalty(panes, (Glass.BLUE,), penalties=custom) == 1

