"""Laws of the pure scoring functions: the bishop bonus (R0.40), the altar (R0.43, R0.44), the
victory-point track (R0.50-R0.52), the money conversion (R0.63) and, for modules 5 and 6, the
gilding points (R5.7), the window penalty (R6.15) and one restoration's total (G.6), checked
exhaustively where the domain is small and with Hypothesis where it is not (the penalty laws
over any penalty table, not only the shipped one)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement, permutations, product
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fresco_rules import IllegalAction
from fresco_rules.fresco import (
    BASE_PAINTS,
    Glass,
    Paint,
    altar_points,
    bishop_bonus,
    gilding_points,
    money_points,
    restoration_points,
    track_options,
    window_penalty,
)

CELLS = [(r, c) for r in range(5) for c in range(5)]
R, Y, B = Paint.RED, Paint.YELLOW, Paint.BLUE
OR, GR, PU = Paint.ORANGE, Paint.GREEN, Paint.PURPLE
PRIMARIES = (R, Y, B)
SECONDARIES = (OR, GR, PU)


def chebyshev(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


# --- R0.40 bishop bonus -------------------------------------------------------------------------


@pytest.mark.rule("R0.40")
def test_R0_40_bishop_bonus_over_every_segment_and_bishop() -> None:
    seen: Counter[int] = Counter()
    for segment, bishop in product(CELLS, CELLS):
        bonus = bishop_bonus(segment, bishop)
        assert bonus == bishop_bonus(bishop, segment)  # symmetric
        assert (bonus == 3) == (segment == bishop)
        assert (bonus == 2) == (chebyshev(segment, bishop) == 1)
        assert bonus in (0, 2, 3)
        seen[bonus] += 1
    # 25 cells; 72 neighbouring pairs of a 5x5 king graph, each counted both ways
    assert seen == {3: 25, 2: 144, 0: 456}


@pytest.mark.rule("R0.40")
@pytest.mark.parametrize(
    ("segment", "neighbours"), [((2, 2), 8), ((0, 0), 3), ((0, 2), 5), ((4, 4), 3), ((3, 4), 5)]
)
def test_R0_40_a_segment_has_up_to_8_neighbours(segment: tuple[int, int], neighbours: int) -> None:
    bonuses = Counter(bishop_bonus(segment, bishop) for bishop in CELLS)
    assert bonuses == {3: 1, 2: neighbours, 0: 24 - neighbours}


def off_grid_cells() -> st.SearchStrategy[Any]:
    ints = st.integers(-(10**6), 10**6)
    return st.one_of(
        st.tuples(ints, ints).filter(lambda cell: not all(0 <= x < 5 for x in cell)),
        st.tuples(st.integers(0, 4), st.integers(0, 4)).map(list),  # a list, not a tuple
        st.tuples(st.integers(0, 4), st.integers(0, 4), st.integers(0, 4)),
        st.tuples(st.integers(0, 4)),
        st.tuples(st.booleans(), st.integers(0, 4)),
        st.tuples(st.floats(0, 4), st.integers(0, 4)),
        st.tuples(st.text(max_size=2), st.integers(0, 4)),
        st.none(),
        st.integers(0, 24),
    )


@pytest.mark.rule("R0.40")
@given(bad=off_grid_cells(), good=st.sampled_from(CELLS))
def test_R0_40_off_grid_cells_are_refused(bad: Any, good: tuple[int, int]) -> None:
    for segment, bishop in ((bad, good), (good, bad), (bad, bad)):
        with pytest.raises(IllegalAction) as refused:
            bishop_bonus(segment, bishop)
        assert refused.value.rule == "R0.40"


# --- R0.43 / R0.44 altar --------------------------------------------------------------------------

HAND_INS = list(combinations_with_replacement(BASE_PAINTS, 3))


def legal_by_spec(pieces: tuple[Paint, ...]) -> bool:
    """R0.43: each primary at most once, every other piece a secondary (R0.44: O+G+P too)."""
    return all(pieces.count(p) <= 1 for p in PRIMARIES)


@pytest.mark.rule("R0.43", "R0.44", "A0.14")
def test_R0_43_every_multiset_of_three_base_paints() -> None:
    assert len(HAND_INS) == 56
    scored: Counter[int] = Counter()
    for pieces in HAND_INS:
        replaced = sum(p in SECONDARIES for p in pieces)
        if legal_by_spec(pieces):
            points = altar_points(pieces)
            expected = 6 if sorted(pieces, key=BASE_PAINTS.index) == [OR, GR, PU] else 2 + replaced
            assert points == expected
            assert 2 <= points <= 6
            scored[points] += 1
        else:
            with pytest.raises(IllegalAction) as refused:
                altar_points(pieces)
            assert refused.value.rule == "R0.43"
    # 1 way with no secondary, 3*3 with one, 3*6 with two, 10 with three (O+G+P among them)
    assert scored == {2: 1, 3: 9, 4: 18, 5: 9, 6: 1}
    assert sum(scored.values()) == 38


@pytest.mark.rule("R0.44", "A0.14")
def test_R0_44_orange_green_purple_scores_6_in_any_order() -> None:
    for pieces in permutations((OR, GR, PU)):
        assert altar_points(pieces) == 6
    # E0.5-E0.7
    assert altar_points((GR, R, B)) == 3
    assert altar_points((OR, OR, GR)) == 5
    assert altar_points((R, Y, B)) == 2


@pytest.mark.rule("R0.43")
@pytest.mark.parametrize("primary", PRIMARIES)
@pytest.mark.parametrize("third", BASE_PAINTS)
def test_R0_43_a_primary_twice_is_refused(primary: Paint, third: Paint) -> None:
    for pieces in set(permutations((primary, primary, third))):
        with pytest.raises(IllegalAction) as refused:
            altar_points(pieces)
        assert refused.value.rule == "R0.43"
        assert primary.value in refused.value.reason


@pytest.mark.rule("R0.43")
@given(st.lists(st.sampled_from(BASE_PAINTS), max_size=8).filter(lambda p: len(p) != 3))
def test_R0_43_wrong_number_of_pieces_is_refused(pieces: list[Paint]) -> None:
    with pytest.raises(IllegalAction) as refused:
        altar_points(pieces)
    assert refused.value.rule == "R0.43"


@pytest.mark.rule("R0.43", "R3.9", "A3.2")
@given(st.permutations([Paint.PINK, R, Y]) | st.permutations([Paint.BROWN, R, OR]))
def test_R3_9_pink_and_brown_never_in_the_basic_version(pieces: list[Paint]) -> None:
    with pytest.raises(IllegalAction) as refused:
        altar_points(pieces)
    assert refused.value.rule == "R3.9"


def outcome(pieces: Any) -> int | str:
    """The points of a hand-in, or the rule that refuses it."""
    try:
        return altar_points(pieces)
    except IllegalAction as exc:
        return exc.rule


@pytest.mark.rule("R0.43", "R0.44")
def test_R0_43_order_independence_exhaustive() -> None:
    for pieces in HAND_INS:
        orders = set(permutations(pieces))
        outcomes = {outcome(order) for order in orders} | {outcome(list(o)) for o in orders}
        assert len(outcomes) == 1, (pieces, outcomes)


# --- R0.50-R0.52 victory-point track ------------------------------------------------------------


@st.composite
def track_moves(draw: st.DrawFn) -> tuple[frozenset[int], int, int]:
    """Spaces taken by the other painters, the mover's space (0 = start space) and a gain."""
    position = draw(st.integers(0, 30))
    occupied = draw(st.frozensets(st.integers(1, 40).filter(lambda s: s != position), max_size=15))
    gain = draw(st.integers(0, 15))
    return occupied, position, gain


def free(space: int, occupied: frozenset[int]) -> bool:
    return space >= 1 and space not in occupied


@pytest.mark.rule("R0.50", "R0.51", "R0.52", "A0.11")
@given(track_moves())
def test_R0_51_track_options_laws(move: tuple[frozenset[int], int, int]) -> None:
    occupied, position, gain = move
    choice = track_options(occupied, position, gain, forward_only=False)
    forward = track_options(occupied, position, gain, forward_only=True)
    if gain == 0:
        assert choice == forward == (position,)
        return
    target = position + gain
    # the result never lands on another painter and always lies on the track
    assert all(free(space, occupied) for space in (*choice, *forward))
    # the space in front: the smallest free space >= target (== target when it is free)
    front = min(s for s in range(target, target + len(occupied) + 2) if free(s, occupied))
    assert forward == (front,)
    if target not in occupied:
        assert choice == (target,)
        return
    assert choice[-1] == front
    # the space behind: the largest free space in [1, target), the mover's own included
    behind = [s for s in range(1, target) if free(s, occupied)]
    if behind:
        assert choice == (max(behind), front)
        assert all(s in occupied for s in range(max(behind) + 1, front))
    else:
        assert choice == (front,)
    assert set(forward) <= set(choice)


@pytest.mark.rule("R0.51")
@given(track_moves())
def test_R0_51_the_space_left_counts_as_free(move: tuple[frozenset[int], int, int]) -> None:
    occupied, position, gain = move
    for forward_only in (False, True):
        with_mover = occupied | {position} if position else occupied
        assert track_options(with_mover, position, gain, forward_only=forward_only) == (
            track_options(occupied, position, gain, forward_only=forward_only)
        )


@pytest.mark.rule("R0.52")
@given(track_moves())
def test_R0_52_forward_only_returns_a_single_space(move: tuple[frozenset[int], int, int]) -> None:
    occupied, position, gain = move
    (space,) = track_options(occupied, position, gain, forward_only=True)
    assert space >= position + gain
    assert space == position or space not in occupied


@pytest.mark.rule("R0.50", "A0.21")
@given(st.frozensets(st.integers(1, 10**9)), st.integers(0, 10**9), st.booleans())
def test_R0_50_a_gain_of_zero_returns_the_position(
    occupied: frozenset[int], position: int, forward_only: bool
) -> None:
    assert track_options(occupied, position, 0, forward_only=forward_only) == (position,)


@pytest.mark.rule("R0.50", "R0.51", "R0.52")
def test_R0_51_worked_examples() -> None:
    # E0.13
    assert track_options([7], 3, 4, forward_only=False) == (6, 8)
    assert track_options([7, 8], 3, 4, forward_only=False) == (6, 9)
    # E0.14 (final scoring, forward only)
    assert track_options([20, 23, 24], 21, 2, forward_only=True) == (25,)
    assert track_options([25, 23, 24], 20, 3, forward_only=True) == (26,)
    # from a start space with space 1 taken: nothing behind
    assert track_options([1], 0, 1, forward_only=False) == (2,)
    # the track has no upper end
    assert track_options([10**6], 10**6 - 1, 1, forward_only=False) == (10**6 - 1, 10**6 + 1)


# --- R0.63 money ------------------------------------------------------------------------------


@pytest.mark.rule("R0.63", "A0.9")
def test_R0_63_every_two_thalers_one_vp_exhaustive() -> None:
    for thalers in range(0, 400):
        points = money_points(thalers)
        assert 2 * points <= thalers < 2 * points + 2
        assert money_points(thalers + 1) - points in (0, 1)
    for k in range(200):
        assert money_points(2 * k) == money_points(2 * k + 1) == k


@pytest.mark.rule("R0.63", "A0.9")
@given(st.integers(0, 10**12))
def test_R0_63_floor_law(thalers: int) -> None:
    points = money_points(thalers)
    assert points == thalers // 2
    assert 2 * points <= thalers < 2 * points + 2


# --- modules 4-6: the window penalty (R6.15), one restoration's total (G.6) ----------------------

GLASS_COLOURS = tuple(Glass)
PENALTY = {Glass.YELLOW: 2, Glass.BLUE: 4, Glass.RED: 6, Glass.GREEN: 8}
panes_strategy = st.lists(st.sampled_from(GLASS_COLOURS), min_size=1, max_size=4)
penalty_tables = st.fixed_dictionaries({g: st.integers(0, 20) for g in GLASS_COLOURS})


@st.composite
def covering(draw: st.DrawFn) -> tuple[list[Glass], list[Glass]]:
    """A window's panes and a legal hand-in: a sub-multiset of them, in any order."""
    panes = draw(panes_strategy)
    chosen = draw(st.lists(st.booleans(), min_size=len(panes), max_size=len(panes)))
    glass = [pane for pane, keep in zip(panes, chosen, strict=True) if keep]
    return panes, draw(st.permutations(glass))


@pytest.mark.rule("R6.15", "R6.16", "A6.7")
@given(covering(), penalty_tables)
def test_R6_15_penalty_laws(
    window: tuple[list[Glass], list[Glass]], table: dict[Glass, int]
) -> None:
    panes, glass = window
    penalty = window_penalty(panes, glass, penalties=table)
    uncovered = Counter(panes) - Counter(glass)
    # the penalty of the uncovered panes is the sum of their colour values
    assert penalty == sum(table[pane] * n for pane, n in uncovered.items())
    # all panes covered: no penalty; nothing handed in: every pane's penalty
    assert window_penalty(panes, panes, penalties=table) == 0
    assert window_penalty(panes, (), penalties=table) == sum(table[p] for p in panes)
    # adding a matching glass token never raises the penalty
    for pane in uncovered:
        assert window_penalty(panes, [*glass, pane], penalties=table) <= penalty
    # the order of the hand-in does not matter
    assert window_penalty(panes, list(reversed(glass)), penalties=table) == penalty


@pytest.mark.rule("R6.15", "A6.7")
@given(panes_strategy, st.lists(st.sampled_from(GLASS_COLOURS), min_size=1, max_size=6))
def test_R6_15_a_token_matching_no_uncovered_pane_is_refused(
    panes: list[Glass], glass: list[Glass]
) -> None:
    surplus = Counter(glass) - Counter(panes)
    if not surplus:
        assert window_penalty(panes, glass) >= 0
        return
    with pytest.raises(IllegalAction) as refused:
        window_penalty(panes, glass)
    assert refused.value.rule == "R6.15"


@pytest.mark.rule("R6.15")
def test_R6_15_shipped_penalties_and_odd_input() -> None:
    assert window_penalty((Glass.RED, Glass.GREEN), ()) == 14  # E6.3
    assert window_penalty((Glass.GREEN, Glass.YELLOW, Glass.GREEN), ()) == 18  # E6.4
    assert window_penalty((Glass.YELLOW, Glass.GREEN, Glass.YELLOW), ()) == 12  # E6.6
    assert window_penalty((Glass.RED, Glass.GREEN), (Glass.RED,)) == 8  # E6.2
    for panes, glass in (((Glass.RED,), ("red",)), (("red",), ()), (5, ()), ((Glass.RED,), 7)):
        with pytest.raises(IllegalAction):
            window_penalty(panes, glass)  # type: ignore[arg-type]


terms = st.integers(-30, 60)


@pytest.mark.rule("G.6", "R6.17", "R6.18", "A6.8", "A5.5")
@given(terms, terms, terms, terms, terms, st.integers(0, 80))
def test_G_6_restoration_points_laws(
    fresco: int, window: int, bishop: int, gilding: int, extra: int, penalty: int
) -> None:
    points = restoration_points(
        fresco=fresco, window=window, bishop=bishop, gilding=gilding, extra=extra, penalty=penalty
    )
    raw = fresco + window + bishop + gilding + extra - penalty
    assert points == max(0, raw)
    assert points >= 0
    # a bigger penalty never gives more; a bigger term never gives less
    more = restoration_points(
        fresco=fresco,
        window=window,
        bishop=bishop,
        gilding=gilding,
        extra=extra,
        penalty=penalty + 1,
    )
    assert more <= points
    assert (
        restoration_points(
            fresco=fresco + 1,
            window=window,
            bishop=bishop,
            gilding=gilding,
            extra=extra,
            penalty=penalty,
        )
        >= points
    )


@pytest.mark.rule("G.6", "E6.1", "E6.4", "E6.12", "E5.1")
def test_G_6_rulebook_sums() -> None:
    assert restoration_points(fresco=7, window=7, bishop=3) == 17  # E6.1
    assert restoration_points(fresco=7, window=9, penalty=18) == 0  # E6.4: raw -2
    assert restoration_points(fresco=3, window=9, gilding=1, penalty=18) == 0  # E6.12: raw -5
    assert restoration_points(fresco=7, bishop=3, gilding=3) == 13  # E5.1
    assert restoration_points(fresco=3, extra=3) == 6  # E6.5: altar 3 + 3 tokens


@pytest.mark.rule("R5.7", "A5.3")
@given(st.sampled_from(CELLS), st.sampled_from(CELLS), st.booleans())
def test_R5_7_gilding_points_laws(
    segment: tuple[int, int], bishop: tuple[int, int], orthogonal: bool
) -> None:
    points = gilding_points(segment, bishop, orthogonal=orthogonal)
    assert points in (1, 2, 3)
    assert (points == 3) == (segment == bishop)
    assert gilding_points(bishop, segment, orthogonal=orthogonal) == points
    # orthogonal neighbours are a subset of the 8 neighbours
    if orthogonal and points == 2:
        assert gilding_points(segment, bishop) == 2
    # the gilding points are the bishop bonus's order: 3 on, 2 beside, else 1 (not 0)
    assert points == max(1, bishop_bonus(segment, bishop)) or orthogonal
