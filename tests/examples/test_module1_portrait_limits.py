"""Module 1, the Portraits: the one-portrait-per-round limit (R1.5, A1.1) holds for a reward
card (returned to the box) as for a permanent one. 4 players, Red (seat 0) at the studio."""

from __future__ import annotations

import pytest

from fresco_rules.fresco import SubmitPlan, TakePortrait, legal_actions
from fresco_rules.fresco.modules import portraits_state

from ..module_states import portraits_of
from .fixtures import AT_6, AT_7, AT_8, AT_9, assert_illegal, assert_legal, with_money
from .module123_fixtures import PORTRAITS, with_display
from .module_fixtures import mgame, start_round

RED = 0
EARLY = {0: AT_6, 1: AT_7, 2: AT_8, 3: AT_9}


@pytest.mark.rule("R1.5", "A1.1", "R1.13")
def test_R1_5_one_portrait_per_round_after_a_reward_card() -> None:
    state = with_money(with_display(mgame(PORTRAITS), ("PT08", "PT01")), RED, 5)
    state = start_round(state, EARLY, {RED: SubmitPlan(studio=2)})
    state = assert_legal(state, TakePortrait("PT08"))  # the Muse: a reward, not kept
    assert portraits_state.portraits_of(state) is not None and portraits_of(state).held[RED] == ()
    assert_illegal(state, TakePortrait("PT01"), "R1.5")
    assert not any(isinstance(a, TakePortrait) for a in legal_actions(state))
