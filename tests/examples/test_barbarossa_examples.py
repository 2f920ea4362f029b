"""Barbarossa's derived examples E-B.1-E-B.13 (barbarossa.md section E), one test each, with
the spec's numbers.

Common fixture: 4 players A, B, C, D clockwise; the provisional ring (tile 1 "?", 2 Jewel,
3 Dragon, 4 Letter Dwarf, 5 Jewel, 6 Dragon); discs on index 5, 12 jewels, 3 curse tokens each,
no arrows placed.
"""

from __future__ import annotations

import pytest

from fresco_rules.barbarossa import (
    Answer,
    AskQuestion,
    CallCurses,
    CurseInOwnSolution,
    FinishTiebreak,
    GameConfig,
    Guess,
    GuessResolution,
    Judge,
    Reply,
    RollDie,
    SpendJewels,
    State,
    Step,
    StopAsking,
    Verdict,
    apply,
    current_player,
    legal_actions,
    new_game,
    order_callers,
    sculptor_delta,
    winners,
)
from fresco_rules.barbarossa.state import Event

from .barbarossa_fixtures import (
    DRAGON_TILE,
    DWARF_TILE,
    JEWEL_TILE,
    QUESTION_TILE,
    WORDS_4,
    A,
    B,
    C,
    D,
    game,
    play,
    quiet,
    refused,
    with_active,
    with_arrows,
    with_discs,
    with_jewels,
    with_pawn,
)

YES, DEPENDS, NO = Answer(Reply.YES), Answer(Reply.IT_DEPENDS), Answer(Reply.NO)
RIGHT, WRONG = Judge(Verdict.RIGHT), Judge(Verdict.WRONG)
B_OBJECT, C_OBJECT, D_OBJECT = 2, 4, 6
"""B's first object, C's first object and D's first object (A's are 0 and 1)."""


def solution_phase(state: State) -> State:
    """The active player lands on "?" with a roll of 6 from tile 1 (the die must be scripted),
    asks about C's object and hears NO: his solution phase begins."""
    state = play(state, RollDie(), AskQuestion(C_OBJECT), NO)
    assert state.step is Step.SOLUTION, state.where()
    return state


@pytest.mark.rule("E-B.1", "B16")
def test_E_B_1_sculptor_table() -> None:
    assert [sculptor_delta(n) for n in range(1, 14)] == [
        -2, -2, -1, 0, +1, +1, +2, +2, +1, 0, -1, -2, -2,
    ]  # fmt: skip
    for outside in (0, 14, -1):
        with pytest.raises(ValueError, match="B16"):
            sculptor_delta(outside)


@pytest.mark.rule("E-B.2", "B14", "B15", "B16", "B21")
def test_E_B_2_first_arrow_of_the_game() -> None:
    state = solution_phase(game(dice=[6]))
    state = play(state, Guess(B_OBJECT), RIGHT)
    assert state.discs == (10, 3, 5, 5)  # A 5 -> 10 (+5); B 5 -> 3 (-2 for 1 arrow)
    assert state.arrows_placed() == 1 and state.arrows[B_OBJECT] == (A,)
    assert (state.active, state.step) == (B, Step.MOVE)  # A's turn ended


@pytest.mark.rule("E-B.3", "B14", "B15", "B16")
def test_E_B_3_second_arrow() -> None:
    state = with_arrows(
        game(dice=[6, 6]),
        {C_OBJECT: (A,), 0: (B, C), B_OBJECT: (A, C), 3: (C,)},
    )
    assert state.arrows_placed() == 6
    state = solution_phase(with_active(state, D))
    state = play(state, Guess(C_OBJECT), RIGHT)
    assert state.discs == (5, 5, 7, 8)  # D +3 (second arrow); total 7: C +2
    assert state.arrows[C_OBJECT] == (A, D)
    # X holds 2 arrows: nobody may guess it any more (here: A in his solution phase).
    state = solution_phase(with_active(with_pawn(state, A, QUESTION_TILE), A))
    refused(state, Guess(C_OBJECT), "B14")
    assert Guess(C_OBJECT) not in legal_actions(state)


@pytest.mark.rule("E-B.4", "B8", "B22")
def test_E_B_4_jewel_tile() -> None:
    state = play(game(dice=[1, 5, 5, 5, 6]), RollDie())  # A: tile 1 -> tile 2 (Jewel)
    assert state.pawns[A] == JEWEL_TILE and state.jewels[A] == 13
    state = play(state, RollDie(), RollDie(), RollDie())  # B, C, D land on tile 6 (Dragon)
    state = play(state, RollDie())  # A rolls 6: tile 2 again
    assert state.pawns[A] == JEWEL_TILE and state.jewels[A] == 13  # still 13


@pytest.mark.rule("E-B.5", "B5", "B22", "A-B.9")
def test_E_B_5_spending_jewels() -> None:
    start = game()
    state = play(start, SpendJewels(3))
    assert state.pawns[A] == DWARF_TILE and state.jewels[A] == 9
    assert state.step is Step.LETTER  # the Letter Dwarf takes effect
    state = play(start, SpendJewels(6))
    assert state.pawns[A] == QUESTION_TILE and state.jewels[A] == 6
    assert state.step is Step.QUESTION  # tile 1 again, and the "?" takes effect
    refused(start, SpendJewels(0), "A-B.9")
    refused(start, SpendJewels(7), "A-B.9")
    refused(with_jewels(start, {A: 2}), SpendJewels(3), "B22")


@pytest.mark.rule("E-B.6", "B7")
def test_E_B_6_dragon() -> None:
    state = play(game(dice=[2]), RollDie())
    assert state.pawns[A] == DRAGON_TILE
    assert state.discs == (5, 6, 6, 6)  # B, C, D +1; A does not move


@pytest.mark.rule("E-B.7", "B19", "A-B.4", "A-B.5", "A-B.6")
@pytest.mark.parametrize("resolution", list(GuessResolution))
def test_E_B_7_finish(resolution: GuessResolution) -> None:
    state = game(dice=[6], guess_resolution=resolution)
    state = with_arrows(state, {0: (C,), 1: (D,), 3: (A,), 7: (B,)})
    state = with_discs(state, {A: 28, B: 30})
    state = solution_phase(state)
    state = apply(state, Guess(B_OBJECT))
    state = apply(state, RIGHT)  # the Gem then holds 5: the sculptor's move is +1
    assert state.step is Step.OVER
    if resolution is GuessResolution.GUESSER_FIRST:
        assert state.discs == (31, 30, 5, 5)  # A's target 33 stops on 31; B does not move
        assert winners(state) == (A,)
    else:
        assert state.discs == (31, 31, 5, 5)  # B +1 is applied before the check
        assert winners(state) == (A, B)  # co-winners (A-B.6)
    assert legal_actions(state) == () and current_player(state) is None


@pytest.mark.rule("E-B.7", "A-B.6")
def test_E_B_7_overshoot_breaks_the_tie() -> None:
    state = game(
        dice=[6],
        guess_resolution=GuessResolution.BOTH_THEN_CHECK,
        finish_tiebreak=FinishTiebreak.OVERSHOOT,
    )
    state = with_arrows(state, {0: (C,), 1: (D,), 3: (A,), 7: (B,)})
    state = with_discs(state, {A: 28, B: 30})
    state = play(solution_phase(state), Guess(B_OBJECT), RIGHT)
    assert state.discs == (31, 31, 5, 5)
    assert state.overshoot[:2] == (2, 0)  # A's target 33 is 2 past Finish, B's exactly on it
    assert winners(state) == (A,)


@pytest.mark.rule("E-B.8", "B19", "A-B.7", "A-B.8")
def test_E_B_8_the_last_arrow() -> None:
    twelve = {
        0: (B, C), 1: (B, C), B_OBJECT: (A, C), 3: (A, C), C_OBJECT: (A, B), 5: (A,), 7: (A,),
    }  # fmt: skip
    state = with_arrows(game(dice=[6]), twelve)
    assert state.arrows_placed() == 12
    state = with_discs(state, {A: 20, B: 22, C: 18, D: 10})
    state = play(solution_phase(state), Guess(D_OBJECT), RIGHT)
    # The 13th arrow: A +5 -> 25, D -2 -> 8 (13 arrows); nobody on Finish: the game ends.
    assert state.step is Step.OVER
    assert state.discs == (25, 22, 18, 8)
    assert winners(state) == (A,)
    # Equal furthest discs share the win.
    state = with_discs(with_arrows(game(dice=[6]), twelve), {A: 19, B: 24, C: 24, D: 10})
    state = play(solution_phase(state), Guess(D_OBJECT), RIGHT)
    assert state.discs == (24, 24, 24, 8)
    assert winners(state) == (A, B, C)


@pytest.mark.rule("E-B.9", "A-B.3", "B16")
def test_E_B_9_bottom_clamp() -> None:
    state = with_discs(game(dice=[6]), {B: 1})
    state = play(solution_phase(state), Guess(B_OBJECT), RIGHT)  # 1 arrow: B -2
    assert state.discs[B] == 0


@pytest.mark.rule("E-B.10", "B10", "B11", "B20", "B21")
def test_E_B_10_question_flow() -> None:
    state = play(game(dice=[6]), RollDie())
    assert state.step is Step.QUESTION
    state = play(state, AskQuestion(B_OBJECT), YES, AskQuestion(C_OBJECT), DEPENDS)
    assert state.step is Step.QUESTION
    state = play(state, AskQuestion(D_OBJECT), NO)
    assert state.step is Step.SOLUTION  # the first NO begins the solution phase
    state = play(state, AskQuestion(B_OBJECT), YES)
    assert state.step is Step.SOLUTION
    state = play(state, Guess(B_OBJECT), WRONG)
    assert (state.active, state.step) == (B, Step.MOVE)  # A's turn ended
    assert state.arrows_placed() == 0 and state.discs == (5, 5, 5, 5)


@pytest.mark.rule("E-B.11", "B11")
def test_E_B_11_no_in_the_solution_phase() -> None:
    state = solution_phase(game(dice=[6]))
    state = play(state, AskQuestion(D_OBJECT), NO)
    assert (state.active, state.step) == (B, Step.MOVE)
    assert state.arrows_placed() == 0  # no guess was made
    assert all(note.reply is not None for note in state.notes)  # only the answers (B24)


@pytest.mark.rule("E-B.12", "B17", "A-B.11", "A-B.12", "A-B.13")
def test_E_B_12_curse_windows() -> None:
    # B calls during A's question phase (after an answer): legal.
    state = play(game(dice=[6]), RollDie(), AskQuestion(B_OBJECT))
    state = apply(state, YES)
    assert state.window is Event.ANSWER and state.step is Step.QUESTION
    state = apply(state, CallCurses((B,)))
    assert state.curses == (3, 2, 3, 3) and state.discarded == 1
    assert current_player(state) == B
    state = play(state, Guess(C_OBJECT))
    assert current_player(state) == C  # C judges the guess on his object
    state = play(state, RIGHT)
    assert state.discs == (5, 10, 3, 5)  # B +5; C -2 (1 arrow on the Gem)
    assert (current_player(state), state.step) == (A, Step.QUESTION)  # A's phase resumes

    # B calls during A's solution phase: illegal; A himself may (default) ...
    state = play(state, AskQuestion(D_OBJECT))
    state = apply(state, NO)
    assert state.window is Event.ANSWER and state.step is Step.SOLUTION
    refused(state, CallCurses((B,)), "B17")
    assert legal_actions(state) == (CallCurses(()), CallCurses((A,)))
    after = play(state, CallCurses((A,)), Guess(D_OBJECT), WRONG)
    assert (after.curses[A], after.step, current_player(after)) == (2, Step.SOLUTION, A)

    # ... but not under curse_in_own_solution = forbidden: no one may call, so no window opens.
    strict = play(
        game(dice=[6], curse_in_own_solution=CurseInOwnSolution.FORBIDDEN),
        RollDie(),
        AskQuestion(D_OBJECT),
    )
    strict = apply(strict, NO)
    assert strict.step is Step.SOLUTION and strict.window is None
    refused(strict, CallCurses((A,)), "A-B.12")


@pytest.mark.rule("E-B.13", "B18", "A-B.12")
def test_E_B_13_simultaneous_curses() -> None:
    assert order_callers((B, C), iter([4, 4, 2, 5])) == (C, B)
    # The same through the engine: the rolls are recorded chance outcomes.
    rolls = [("curse_roll", "4"), ("curse_roll", "4"), ("curse_roll", "2"), ("curse_roll", "5")]
    state = quiet(new_game(GameConfig(objects=WORDS_4), 0, chance=rolls))
    state = apply(state, SpendJewels(1))  # a move: a curse window opens
    state = apply(state, CallCurses((C, B)))
    assert state.callers == (C, B) and current_player(state) == C
    assert state.curses == (3, 2, 2, 3) and state.discarded == 2
    state = play(state, Guess(0), WRONG)
    assert current_player(state) == B
    state = play(state, Guess(0), WRONG)
    # Play resumes where it stopped: A's Jewel tile (tile 2) takes effect, then B's turn.
    assert not state.callers and state.jewels[A] == 12
    assert (state.active, state.step) == (B, Step.MOVE)


@pytest.mark.rule("B11", "A-B.10")
def test_stop_asking_ends_the_turn() -> None:
    state = play(game(dice=[6]), RollDie(), StopAsking())
    assert (state.active, state.step) == (B, Step.MOVE)
