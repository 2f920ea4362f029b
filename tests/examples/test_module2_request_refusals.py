"""Module 2, the Bishop's Requests: every kind of refusal with its rule ID, its kind and the key
words of its reason (R2.4, R2.6, R2.7, R2.8, R2.11, A2.4, A2.6), and the income decision's reason.
Common fixture: 4 players, Red (seat 0) at the workshop with loose tiles; default component data.
"""

from __future__ import annotations

import pytest

from fresco_rules.fresco import (
    ChooseIncomePaint,
    FulfilRequest,
    Location,
    Paint,
    State,
    SubmitPlan,
    UseAlchemy,
    legal_actions,
)
from fresco_rules.fresco.extensions import pending

from .fixtures import AT_6, AT_7, AT_8, AT_9, assert_illegal, assert_legal, at
from .module123_fixtures import REQUESTS, with_loose, with_paints8, with_pile
from .module_fixtures import WELL, mgame, play_out_round, start_round, with_hand

RED = 0
EARLY = {0: AT_6, 1: AT_7, 2: AT_8, 3: AT_9}


def _at_workshop(loose: tuple[str, ...], workshop: int = 1) -> State:
    state = start_round(
        with_loose(mgame(REQUESTS), RED, loose), EARLY, {RED: SubmitPlan(workshop=workshop)}
    )
    at(state, Location.WORKSHOP, RED)
    return state


def _income_due() -> State:
    state = _at_workshop(("F01", "F04", "F10"))
    return play_out_round(assert_legal(state, FulfilRequest("general", ("F01", "F04", "F10"))))


@pytest.mark.rule("R2.11", "A2.6")
def test_R2_11_income_paint_only_when_due() -> None:
    state = _at_workshop(("F01", "F04", "F10"))
    problem = assert_illegal(state, ChooseIncomePaint(Paint.RED), "R2.11")
    assert problem.reason == "no general-request income is due"
    due = _income_due()
    decision = pending(due)
    assert decision is not None and decision.rule == "R2.11"
    assert decision.reason == "choose the primary your general request pays this round first"
    orange = assert_illegal(due, ChooseIncomePaint(Paint.ORANGE), "A2.6")
    assert orange.reason == "a general request pays red, yellow or blue, not orange"
    text = assert_illegal(due, ChooseIncomePaint("red"), "A2.6", malformed=True)  # type: ignore[arg-type]
    assert text.reason == "a general request pays red, yellow or blue, not 'red'"


@pytest.mark.rule("R2.4")
def test_R2_4_one_request_per_round() -> None:
    state = _at_workshop(("F01", "F02", "F03", "F04", "F05", "F06"), workshop=2)
    state = assert_legal(state, FulfilRequest("general", ("F01", "F02", "F03")))
    assert state.turn is not None and state.turn.actor == RED
    again = FulfilRequest("general", ("F04", "F05", "F06"))
    assert assert_illegal(state, again, "R2.4").reason == "one request per round"
    assert not any(isinstance(a, FulfilRequest) for a in legal_actions(state))


@pytest.mark.rule("R2.6", "R2.7")
def test_R2_6_and_R2_7_reasons() -> None:
    state = _at_workshop(("F07", "F09", "F12", "F16"))
    green = assert_illegal(state, FulfilRequest("green", ("F07", "F16", "F09")), "R2.6")
    assert green.reason == "F09 shows no green splash on its back"
    twice = assert_illegal(state, FulfilRequest("orange", ("F09", "F09", "F12")), "R2.7")
    assert twice.reason == "each tile serves once: three different tiles"
    plain = _at_workshop(("F01", "F02", "F03"))
    several = assert_illegal(plain, FulfilRequest("green", ("F01", "F02", "F03")), "R2.6")
    assert several.reason == "F01, F02, F03 shows no green splash on its back"


@pytest.mark.rule("R2.8")
def test_R2_8_reason() -> None:
    state = with_loose(with_pile(mgame(REQUESTS), "purple", ()), RED, ("F08", "F11", "F21"))
    state = start_round(state, EARLY, {RED: SubmitPlan(workshop=1)})
    problem = assert_illegal(state, FulfilRequest("purple", ("F08", "F11", "F21")), "R2.8")
    assert problem.reason == "the purple pile is empty"


@pytest.mark.rule("A2.4", "R2.16")
def test_A2_4_reason() -> None:
    state = with_loose(with_hand(mgame(REQUESTS, WELL), RED, "alchemy"), RED, ("F01", "F02", "F03"))
    state = with_paints8(state, RED, red=3)
    state = start_round(state, EARLY, {RED: SubmitPlan(workshop=1)})
    state = assert_legal(state, UseAlchemy((Paint.RED,) * 3, Paint.PURPLE))
    problem = assert_illegal(state, FulfilRequest("general", ("F01", "F02", "F03")), "A2.4")
    assert problem.reason == "the apprentice that used Alchemy cannot fulfil a request"
