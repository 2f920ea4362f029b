"""Module 3's pure laws (fresco-modules-123.md R3.5, R3.8, R3.9): the altar with pink and brown,
and the two added recipes."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement, permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fresco_rules import IllegalAction
from fresco_rules.fresco import Paint, altar_points
from fresco_rules.fresco.scoring import ALTAR_HAND_INS, ALTAR_SPECIAL_HAND_INS
from fresco_rules.fresco.vocab import BASE_PAINTS, BLENDS, PRIMARIES, SECONDARIES, SPECIAL_BLENDS

R, Y, B = Paint.RED, Paint.YELLOW, Paint.BLUE
OR, GR, PU = Paint.ORANGE, Paint.GREEN, Paint.PURPLE
PK, BN = Paint.PINK, Paint.BROWN
ALL_PAINTS = (*BASE_PAINTS, PK, BN)


@pytest.mark.rule("E3.4", "R3.8")
def test_E3_4_altar_with_one_pink() -> None:
    assert altar_points((OR, GR, PK)) == 9 == 6 + 3


@pytest.mark.rule("E3.5", "R3.8")
def test_E3_5_altar_with_three_browns() -> None:
    assert altar_points((BN, BN, BN)) == 21 == 6 + 3 * 5


@pytest.mark.rule("E3.6", "R3.8", "R3.9", "A3.2")
def test_E3_6_other_hand_ins() -> None:
    assert altar_points((OR, PK, BN)) == 14
    assert altar_points((PK, PK, PK)) == 15
    assert altar_points((GR, PU, BN)) == 11
    assert altar_points((OR, GR, PU)) == 6
    for bad, rule in (((R, Y, PK), "R3.9"), ((OR, OR, BN), "R3.9"), ((PK, BN), "R0.43")):
        with pytest.raises(IllegalAction) as refused:
            altar_points(bad)
        assert refused.value.rule == rule


def _legal_by_spec(pieces: tuple[Paint, ...]) -> bool:
    """R3.9: with a special piece, every piece is O, G, P, Pk or Bn and O, G, P at most once."""
    return not any(p in PRIMARIES for p in pieces) and all(
        pieces.count(p) <= 1 for p in SECONDARIES
    )


@pytest.mark.rule("R3.8", "R3.9", "A3.2")
def test_R3_9_every_multiset_with_a_special_piece() -> None:
    scored: Counter[int] = Counter()
    for pieces in combinations_with_replacement(ALL_PAINTS, 3):
        if PK not in pieces and BN not in pieces:
            continue
        if _legal_by_spec(pieces):
            points = altar_points(pieces)
            assert points == 6 + 3 * pieces.count(PK) + 5 * pieces.count(BN)
            assert 9 <= points <= 21
            scored[points] += 1
        else:
            with pytest.raises(IllegalAction) as refused:
                altar_points(pieces)
            assert refused.value.rule == "R3.9"
    assert sum(scored.values()) == len(ALTAR_SPECIAL_HAND_INS) == 19
    assert {points for _, points in ALTAR_SPECIAL_HAND_INS} == set(scored)
    # the base list is unchanged: 38 hand-ins of base paints only
    assert len(ALTAR_HAND_INS) == 38
    assert all(PK not in hand_in and BN not in hand_in for hand_in, _ in ALTAR_HAND_INS)


def _legal_special(pieces: list[Paint]) -> bool:
    return (PK in pieces or BN in pieces) and _legal_by_spec(tuple(pieces))


@pytest.mark.rule("R3.8")
@given(
    st.lists(st.sampled_from((OR, GR, PU, PK, BN)), min_size=3, max_size=3).filter(_legal_special)
)
def test_R3_8_order_does_not_matter(pieces: list[Paint]) -> None:
    points = {altar_points(order) for order in permutations(pieces)}
    assert len(points) == 1


@pytest.mark.rule("R3.8")
def test_R3_8_bonus_is_data() -> None:
    assert altar_points((OR, GR, PK), bonus={PK: 4, BN: 7}) == 10
    assert altar_points((BN, BN, PK), bonus={PK: 4, BN: 7}) == 24


@pytest.mark.rule("R3.5", "R3.7")
def test_R3_5_recipes_cost_in_primaries() -> None:
    """Section 5.1: a primary is 1, a secondary 2, pink 3 (2 blends), brown 4 (3 blends)."""

    def cost(paint: Paint) -> int:
        if paint in PRIMARIES:
            return 1
        recipe = BLENDS.get(paint) or SPECIAL_BLENDS[paint]
        return sum(cost(part) for part in recipe)

    def blends(paint: Paint) -> int:
        if paint in PRIMARIES:
            return 0
        recipe = BLENDS.get(paint) or SPECIAL_BLENDS[paint]
        return 1 + sum(blends(part) for part in recipe)

    assert [cost(p) for p in (R, OR, PK, BN)] == [1, 2, 3, 4]
    assert [blends(p) for p in (PK, BN)] == [2, 3]
    # no recipe consumes a special colour (R3.7: they cannot be blended further)
    assert all(PK not in parts and BN not in parts for parts in SPECIAL_BLENDS.values())
