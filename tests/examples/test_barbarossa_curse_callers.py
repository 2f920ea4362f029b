"""Barbarossa: the callers of a curse window at their boundaries (issue 15).

A-B.12: at a curse window every player who calls names himself in one ``CallCurses`` whose
callers are distinct seats 0..players-1 in increasing order; anything else is not a call at all
(a malformed action under A-B.12). B17: a caller holds a curse token.
"""

from __future__ import annotations

import pytest
from attrs import evolve

from fresco_rules.barbarossa import (
    Answer,
    AskQuestion,
    CallCurses,
    Reply,
    RollDie,
    State,
    apply,
    legal_actions,
)
from fresco_rules.kernel.fuzz import forge

from .barbarossa_fixtures import B, C, D, game, play, refused

B_OBJECT = 2
"""B's first object."""


def curse_window() -> State:
    """A asks about B's object and hears YES: a curse window opens for B, C and D."""
    state = play(game(dice=[6]), RollDie(), AskQuestion(B_OBJECT))
    state = apply(state, Answer(Reply.YES))  # not play: it would pass the window
    assert state.window is not None
    return state


@pytest.mark.rule("A-B.12")
@pytest.mark.parametrize("callers", [(-1,), (4,), (7,), (B, 4), (-1, B), (99,)])
def test_A_B_12_a_caller_that_is_no_seat_is_malformed(callers: tuple[int, ...]) -> None:
    state = curse_window()
    problem = refused(state, CallCurses(callers), "A-B.12", malformed=True)
    assert problem.reason.startswith("callers must be distinct seats 0-3: ")
    assert CallCurses(callers) not in legal_actions(state)


@pytest.mark.rule("A-B.12")
@pytest.mark.parametrize("callers", [(B, B), (C, B), (D, B, C)])
def test_A_B_12_callers_are_distinct_and_in_order(callers: tuple[int, ...]) -> None:
    # forged: the constructor sorts its callers, a hand-built record need not
    action = forge(CallCurses, {"callers": callers})
    problem = refused(curse_window(), action, "A-B.12", malformed=True)
    assert problem.reason.startswith("callers are distinct seats in increasing order: ")


@pytest.mark.rule("B17")
def test_B17_a_caller_without_a_curse_token_is_refused() -> None:
    state = curse_window()
    state = evolve(state, curses=(3, 0, 3, 3), discarded=state.discarded + 3)
    problem = refused(state, CallCurses((B,)), "B17")
    assert problem.reason == f"seat {B} has no curse token left"
    assert CallCurses((C, D)) in legal_actions(state)
    calls = [a for a in legal_actions(state) if isinstance(a, CallCurses)]
    assert calls == list(legal_actions(state)) and all(B not in c.callers for c in calls)
