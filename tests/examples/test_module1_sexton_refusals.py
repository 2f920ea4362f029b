"""Module 1, the Sexton (R1.11, A1.3, R0.31): every kind of refusal with its rule ID and the key
words of its reason, the boundaries of the apprentice and Thaler checks, and the one-step move
that may follow a Sexton move under ``extra_move`` (A1.3).
Common fixture: 4 players, Red (seat 0) at the cathedral holding the Sexton (PT07), bishop on e5.
"""

from __future__ import annotations

import pytest
from attrs import evolve

from fresco_rules.fresco import (
    BishopMoveLimit,
    Restore,
    Sexton,
    State,
    SubmitPlan,
    UseSexton,
    legal_actions,
)
from fresco_rules.fresco.extensions import pending
from fresco_rules.fresco.modules import portraits_state

from ..module_states import portraits_of
from .fixtures import AT_6, AT_7, AT_8, AT_9, assert_illegal, assert_legal, with_money, with_tiles
from .module123_fixtures import PORTRAITS, with_paints8, with_portraits_held
from .module_fixtures import mgame, start_round

RED = 0
EARLY = {0: AT_6, 1: AT_7, 2: AT_8, 3: AT_9}


def _sexton_turn(sexton: Sexton = Sexton.REPLACES_STEP, money: int = 3) -> State:
    state = with_tiles(mgame(PORTRAITS, sexton=sexton), {(0, 0): "F05", (0, 1): "F02"})
    state = with_portraits_held(state, RED, "PT07")
    state = with_paints8(with_money(state, RED, money), RED, red=2, yellow=2, blue=1)
    state = start_round(state, EARLY, {RED: SubmitPlan(cathedral=2)})
    return evolve(state, bishop=(4, 4))


def _reason(state: State, action: UseSexton, rule: str) -> str:
    return assert_illegal(state, action, rule).reason


@pytest.mark.rule("R1.11")
def test_R1_11_the_bishop_already_stands_there() -> None:
    reason = _reason(_sexton_turn(), UseSexton((4, 4)), "R1.11")
    assert reason.startswith("the bishop already stands on ")
    assert UseSexton((4, 4)) not in legal_actions(_sexton_turn())


@pytest.mark.rule("R1.11")
def test_R1_11_the_sexton_needs_a_cathedral_apprentice() -> None:
    state = _sexton_turn()
    turn = state.turn
    assert turn is not None and turn.left == 2
    spent = evolve(state, turn=evolve(turn, left=0))
    assert _reason(spent, UseSexton((0, 0)), "R1.11") == (
        "the Sexton is used by a cathedral apprentice"
    )
    assert not any(isinstance(a, UseSexton) for a in legal_actions(spent))
    one = evolve(state, turn=evolve(turn, left=1))
    assert UseSexton((0, 0)) in legal_actions(one)


@pytest.mark.rule("R0.31", "R1.11")
def test_R0_31_the_sexton_costs_one_thaler() -> None:
    broke = _sexton_turn(money=0)
    assert _reason(broke, UseSexton((0, 0)), "R0.31") == "the Sexton's move costs 1 Thaler"
    one = assert_legal(_sexton_turn(money=1), UseSexton((0, 0)))
    assert one.money[RED] == 0 and one.bishop == (0, 0)


@pytest.mark.rule("A1.3")
def test_A1_3_a_sexton_move_was_just_made() -> None:
    state = _sexton_turn()
    p = portraits_of(state)
    assert p is not None
    armed = portraits_state.with_portraits(state, evolve(p, sexton_armed=True))
    # the due restoration (A1.3) answers before the Sexton's own check
    assert _reason(armed, UseSexton((0, 0)), "A1.3") == (
        "restore a segment now: the Sexton's move is made before a segment restoration"
    )


@pytest.mark.rule("A1.3")
def test_A1_3_the_sexton_precedes_a_restoration() -> None:
    broke = with_paints8(_sexton_turn(), RED)
    assert _reason(broke, UseSexton((0, 0)), "A1.3") == (
        "the Sexton's move is made before a segment restoration"
    )


@pytest.mark.rule("A1.3", "R1.11")
def test_A1_3_extra_move_needs_a_thaler_left() -> None:
    # 2 Thalers: 1 for the Sexton, 1 left for the paid one-step move before the restoration
    two = assert_legal(_sexton_turn(Sexton.EXTRA_MOVE, money=2), UseSexton((1, 1)))
    found = pending(two)
    assert found is not None and found.rule == "A1.3"
    assert Restore((0, 0), (0, 0)) in found.actions and Restore((0, 0)) in found.actions
    # 1 Thaler: none left after the Sexton, so only the restoration without a move
    one = assert_legal(_sexton_turn(Sexton.EXTRA_MOVE, money=1), UseSexton((1, 1)))
    found = pending(one)
    assert found is not None
    assert Restore((0, 0), (0, 0)) not in found.actions and Restore((0, 0)) in found.actions


@pytest.mark.rule("R1.11", "A1.4")
def test_A1_4_used_once_per_round_is_counted_once() -> None:
    state = assert_legal(_sexton_turn(), UseSexton((0, 0)))
    p = portraits_of(state)
    assert p is not None and p.sexton_used[RED] == 1


@pytest.mark.rule("A0.5", "A1.3", "R1.11")
def test_A0_5_the_sexton_move_is_the_visit_s_bishop_move() -> None:
    # per_visit: the Sexton's move is the visit's one bishop move, so the later restoration
    # is offered without the one-step move; per_restoration keeps it (E1.6)
    for limit, offered in (
        (BishopMoveLimit.PER_VISIT, False),
        (BishopMoveLimit.PER_RESTORATION, True),
    ):
        state = with_tiles(
            mgame(PORTRAITS, bishop_move_limit=limit), {(0, 0): "F05", (0, 1): "F02"}
        )
        state = with_portraits_held(state, RED, "PT07")
        state = with_paints8(with_money(state, RED, 3), RED, red=2, yellow=2, blue=1)
        state = evolve(start_round(state, EARLY, {RED: SubmitPlan(cathedral=2)}), bishop=(4, 4))
        state = assert_legal(assert_legal(state, UseSexton((0, 0))), Restore((0, 0)))
        assert (Restore((0, 1), (0, 1)) in legal_actions(state)) is offered
        assert Restore((0, 1)) in legal_actions(state)
