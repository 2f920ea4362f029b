"""Barbarossa rules B1-B24 (barbarossa.md), one or more tests each with the rulebook's numbers.

The worked examples E-B.x are in ``test_barbarossa_examples.py``, the options A-B.x in
``test_barbarossa_options.py``.
"""

from __future__ import annotations

import pytest

from fresco_rules.barbarossa import (
    Answer,
    AskLetter,
    AskQuestion,
    CallCurses,
    DeclineLetter,
    Event,
    EventKind,
    GameConfig,
    GiveLetter,
    Guess,
    InvalidConfig,
    Judge,
    Reply,
    RollDie,
    SpendJewels,
    State,
    Step,
    Verdict,
    apply,
    current_player,
    default_components,
    is_over,
    legal_actions,
    new_game,
    player_view,
    public_log,
    scores,
    token_ledger,
    winners,
)
from fresco_rules.kernel.errors import SHAPE_RULE

from .barbarossa_fixtures import (
    DWARF_TILE,
    JEWEL_TILE,
    QUESTION_TILE,
    WORDS_3,
    WORDS_4,
    A,
    B,
    C,
    D,
    game,
    play,
    quiet,
    refused,
    with_arrows,
    with_discs,
    with_jewels,
    with_pawn,
)

YES, NO = Answer(Reply.YES), Answer(Reply.NO)
RIGHT, WRONG = Judge(Verdict.RIGHT), Judge(Verdict.WRONG)
B_OBJECT, C_OBJECT, D_OBJECT = 2, 4, 6


def solution_phase(state: State) -> State:
    """The active player rolls (a scripted 6 from tile 1) onto "?", and hears NO."""
    state = play(state, RollDie(), AskQuestion(C_OBJECT), NO)
    assert state.step is Step.SOLUTION, state.where()
    return state


# --- set-up (B1-B4) -------------------------------------------------------------------------


@pytest.mark.rule("B1")
def test_B1_players_and_objects() -> None:
    four = new_game(GameConfig(players=4, objects=WORDS_4))
    three = new_game(GameConfig(players=3, objects=WORDS_3))
    assert four.tables.owners == (0, 0, 1, 1, 2, 2, 3, 3)  # 2 objects each with 4 players
    assert three.tables.owners == (0, 0, 0, 1, 1, 1, 2, 2, 2)  # 3 objects each with 3
    for players in (2, 5, True):
        with pytest.raises(InvalidConfig, match="B1"):
            new_game(GameConfig(players=players))
    with pytest.raises(InvalidConfig, match="B1: with 4 players seat 1 sculpts 2 objects"):
        new_game(GameConfig(objects=(("a", "b"), ("c",), ("d", "e"), ("f", "g"))))
    with pytest.raises(InvalidConfig, match="B1"):
        new_game(GameConfig(players=3, objects=WORDS_4))


@pytest.mark.rule("B2")
def test_B2_secret_words_are_stored_and_shown_at_the_end() -> None:
    state = game()
    assert state.tables.words == tuple(word for own in WORDS_4 for word in own)
    view = player_view(state, B)
    assert view["words"] == (None, None, "teapot", "snail", None, None, None, None)
    with pytest.raises(InvalidConfig, match="B2"):
        new_game(GameConfig(objects=(("a", " "), ("c", "d"), ("e", "f"), ("g", "h"))))
    over = play(with_discs(game(dice=[2]), {B: 30}), RollDie())  # a Dragon: B reaches Finish
    assert is_over(over)
    assert player_view(over, B)["words"] == state.tables.words  # the slips may be checked
    # Stand-in words when the config names none.
    assert (
        new_game(GameConfig(players=3)).tables.words
        == (default_components().stand_in_objects.words[:9])
    )


@pytest.mark.rule("B3")
def test_B3_setup_of_the_pieces() -> None:
    state = game()
    assert state.tables.ring == (
        EventKind.QUESTION,
        EventKind.JEWEL,
        EventKind.DRAGON,
        EventKind.LETTER_DWARF,
        EventKind.JEWEL,
        EventKind.DRAGON,
    )
    assert state.pawns == (QUESTION_TILE,) * 4  # every pawn on the "?" tile
    assert state.discs == (5,) * 4  # Start is track index 5
    assert state.jewels == (12,) * 4
    assert state.curses == (3,) * 4
    ledger = token_ledger(state)
    assert ledger["arrows"]["supply"] == 13
    assert sum(n for place, n in ledger["arrows"].items() if place != "supply") == 0
    assert ledger["curses"] == {"seat 0": 3, "seat 1": 3, "seat 2": 3, "seat 3": 3, "discarded": 0}


@pytest.mark.rule("B4")
def test_B4_first_player_and_play_to_the_left() -> None:
    state = game(dice=[5, 5, 5, 5], first_player=C)
    assert current_player(state) == C
    order = []
    for _ in range(4):
        order.append(state.active)
        state = play(state, RollDie())  # tile 6 (Dragon): the turn ends
    assert order == [C, D, A, B]
    assert state.active == C and state.turn == 5
    with pytest.raises(InvalidConfig, match="B4"):
        game(first_player=4)


# --- movement and event tiles (B5-B10) ------------------------------------------------------


@pytest.mark.rule("B5")
def test_B5_movement_by_die_or_jewels_wraps_around_the_ring() -> None:
    state = with_pawn(game(dice=[3]), A, 4)  # tile 5
    state = play(state, RollDie())
    assert state.chance.log == (("die", "3"),)
    assert state.pawns[A] == JEWEL_TILE and state.jewels[A] == 13  # tile 5 + 3 -> tile 2
    state = with_pawn(game(), A, 4)
    state = play(state, SpendJewels(4))
    assert state.pawns[A] == 2 and state.jewels[A] == 8  # tile 5 + 4 -> tile 3, 12 - 4 = 8
    assert legal_actions(game())[:2] == (RollDie(), SpendJewels(1))
    refused(play(game(dice=[3]), RollDie()), RollDie(), "B5")  # once per turn


@pytest.mark.rule("B6")
def test_B6_only_the_landing_tile_takes_effect() -> None:
    state = play(game(dice=[3]), RollDie())  # over Jewel and Dragon onto the Letter Dwarf
    assert state.pawns[A] == DWARF_TILE and state.step is Step.LETTER
    assert state.jewels[A] == 12 and state.discs == (5, 5, 5, 5)
    state = play(state, DeclineLetter(), SpendJewels(3))  # B joins A on tile 4
    assert state.pawns[:2] == (DWARF_TILE, DWARF_TILE)


@pytest.mark.rule("B7")
def test_B7_dragon_moves_every_other_disc() -> None:
    state = with_discs(game(dice=[2]), {A: 12, B: 0, C: 7})
    state = play(state, RollDie())
    assert state.discs == (12, 1, 8, 6)


@pytest.mark.rule("B8")
def test_B8_jewel_tile() -> None:
    state = play(with_jewels(game(dice=[4]), {A: 3}), RollDie())  # tile 5: the second Jewel
    assert state.jewels[A] == 4


@pytest.mark.rule("B9", "B24")
def test_B9_letter_dwarf() -> None:
    state = play(game(dice=[3]), RollDie())
    assert state.step is Step.LETTER
    assert AskLetter(0, 1) not in legal_actions(state)  # A's own object
    refused(state, AskLetter(0, 1), "A-B.14")
    state = apply(state, AskLetter(D_OBJECT, 5))  # "crown": the 5th letter
    assert current_player(state) == D  # the sculptor writes it
    refused(state, GiveLetter("O"), "A-B.15")
    state = play(state, GiveLetter("n"))
    assert (state.active, state.step) == (B, Step.MOVE)  # the tile's effect is over
    assert player_view(state, A)["letters"] == ((A, D_OBJECT, 5, "N"),)
    assert player_view(state, D)["letters"] == ((A, D_OBJECT, 5, "N"),)
    assert player_view(state, B)["letters"] == ()  # only the asker (and sculptor) see it
    declined = play(game(dice=[3]), RollDie(), DeclineLetter())  # the letter is optional
    assert declined.active == B and not declined.notes


@pytest.mark.rule("B10", "B12")
def test_B10_question_phase() -> None:
    state = play(game(dice=[6]), RollDie())
    assert state.step is Step.QUESTION
    assert Guess(B_OBJECT) not in legal_actions(state)
    refused(state, Guess(B_OBJECT), "B12")  # no guess before the first NO
    refused(state, AskQuestion(1), "A-B.14")  # not about his own object
    state = play(state, AskQuestion(B_OBJECT), YES, AskQuestion(D_OBJECT))  # switch objects
    assert current_player(state) == D
    assert legal_actions(state) == tuple(Answer(reply) for reply in Reply)
    refused(state, AskQuestion(C_OBJECT), "B10")  # the answer comes first
    refused(state, Answer("maybe"), "B10", malformed=True)  # type: ignore[arg-type]


@pytest.mark.rule("B11")
def test_B11_solution_phase() -> None:
    state = solution_phase(game(dice=[6]))
    state = play(state, AskQuestion(B_OBJECT), YES, AskQuestion(D_OBJECT), YES)
    assert state.step is Step.SOLUTION  # he may go on asking
    state = play(state, Guess(D_OBJECT), RIGHT)
    assert (state.active, state.step) == (B, Step.MOVE)  # the guess ended the turn


@pytest.mark.rule("B12")
def test_B12_no_guess_outside_the_solution_phase_or_a_curse() -> None:
    state = game(dice=[1])
    refused(state, Guess(B_OBJECT), "B12")  # at the start of a turn
    state = play(state, RollDie())
    assert state.active == B
    refused(state, Guess(B_OBJECT), "B12")


@pytest.mark.rule("B13", "B24")
def test_B13_the_sculptor_judges_the_guess() -> None:
    state = play(solution_phase(game(dice=[6])), Guess(D_OBJECT))
    assert current_player(state) == D
    assert legal_actions(state) == (RIGHT, WRONG)
    refused(state, YES, "B10")
    state = play(state, WRONG)
    assert public_log(state)[-1] == "seat 0's guess on object 3a (seat 3's 1st) was wrong"
    refused(state, RIGHT, "B13")  # no guess waits for a verdict


@pytest.mark.rule("B14")
def test_B14_at_most_two_arrows_per_object() -> None:
    state = with_arrows(solution_phase(game(dice=[6])), {D_OBJECT: (B, C)})
    refused(state, Guess(D_OBJECT), "B14")
    assert D_OBJECT not in [a.obj for a in legal_actions(state) if isinstance(a, Guess)]
    state = play(state, Guess(7), RIGHT)
    assert state.arrows[7] == (A,)


@pytest.mark.rule("B15", "B16")
def test_B15_B16_guesser_and_sculptor_moves() -> None:
    state = with_arrows(game(dice=[6]), {0: (B, C), 1: (B, C), 3: (A, C), 5: (A,)})
    state = play(solution_phase(with_arrows(state, {7: (B,)})), Guess(7), RIGHT)
    # 9 arrows on the Gem: A +3 (the object's second arrow), D +1 (9 arrows)
    assert state.discs == (8, 5, 5, 6)


# --- jewels and curses (B17, B18, B22) --------------------------------------------------------


@pytest.mark.rule("B17")
def test_B17_curse_token_and_letter() -> None:
    state = apply(game(dice=[1]), RollDie())  # a window after the roll
    state = apply(state, CallCurses((D,)))
    assert state.curses[D] == 2 and state.discarded == 1
    assert current_player(state) == D
    assert DeclineLetter() not in legal_actions(state)  # a letter or a guess, nothing else
    state = apply(state, AskLetter(0, 8))  # "hedgehog": its 8th letter
    state = play(state, GiveLetter("G"))
    # Play resumes where it stopped: A's pawn moves the rolled 1 onto the Jewel.
    assert state.pawns[A] == JEWEL_TILE and state.jewels[A] == 13 and state.active == B
    spent = game(dice=[1])
    spent = apply(spent, RollDie())
    spent = apply(spent, CallCurses((D,)))
    for _ in range(2):  # D uses his other two tokens
        spent = apply(quiet(play(spent, AskLetter(0, 1), GiveLetter("H"))), RollDie())
        spent = apply(spent, CallCurses((D,)))
    spent = play(spent, AskLetter(0, 1), GiveLetter("H"))
    assert spent.curses[D] == 0 and spent.discarded == 3
    spent = apply(spent, RollDie())
    assert spent.window is not None
    refused(spent, CallCurses((D,)), "B17")
    assert CallCurses((D,)) not in legal_actions(spent)


@pytest.mark.rule("B18", "A-B.12")
def test_B18_order_of_simultaneous_callers() -> None:
    rolls = [("curse_roll", "6"), ("curse_roll", "2"), ("curse_roll", "4")]
    state = quiet(new_game(GameConfig(objects=WORDS_4), 0, chance=rolls))
    state = apply(apply(state, SpendJewels(1)), CallCurses((B, C, D)))
    assert state.callers == (B, D, C)  # 6, then 4, then 2
    assert state.chance.log == tuple(rolls)


@pytest.mark.rule("B22")
def test_B22_jewels_between_0_and_13() -> None:
    state = with_jewels(game(dice=[1]), {A: 13})
    assert play(state, RollDie()).jewels[A] == 13
    empty = with_jewels(game(), {A: 0})
    assert legal_actions(empty) == (RollDie(),)
    refused(empty, SpendJewels(1), "B22")
    assert token_ledger(empty)["jewels"] == {
        "seat 0": 0, "seat 1": 12, "seat 2": 12, "seat 3": 12, "track": 16,
    }  # fmt: skip


# --- the end (B19-B21, B23) -----------------------------------------------------------------


@pytest.mark.rule("B19", "B23")
def test_B19_B23_finish_ends_the_game_at_once() -> None:
    state = with_discs(solution_phase(game(dice=[6])), {A: 26})
    state = play(state, Guess(D_OBJECT), RIGHT)  # 26 + 5 = 31: Finish
    assert is_over(state) and winners(state) == (A,)
    assert scores(state) == (31, 5, 5, 5)  # D did not move: the game ended first (A-B.5)
    assert legal_actions(state) == ()
    refused(state, RollDie(), "B19")
    refused(state, "roll", SHAPE_RULE, malformed=True)  # not an action at all: the kernel's rule


@pytest.mark.rule("B20")
def test_B20_a_wrong_guess_has_no_effect() -> None:
    before = solution_phase(game(dice=[6]))
    after = play(before, Guess(D_OBJECT), WRONG)
    assert after.discs == before.discs and after.arrows == before.arrows
    assert after.curses == before.curses and after.jewels == before.jewels


@pytest.mark.rule("B21")
def test_B21_a_right_guess_earns_no_second_guess() -> None:
    state = play(solution_phase(game(dice=[6])), Guess(D_OBJECT), RIGHT)
    assert state.active == B and state.step is Step.MOVE
    assert not any(isinstance(action, Guess) for action in legal_actions(state))


# --- information (B24) ------------------------------------------------------------------------


@pytest.mark.rule("B24", "A-B.21")
def test_B24_letters_and_guesses_are_private() -> None:
    state = play(game(dice=[3, 6]), RollDie(), AskLetter(C_OBJECT, 2), GiveLetter("I"))
    state = play(state, RollDie(), AskQuestion(D_OBJECT), NO, Guess(C_OBJECT), RIGHT)
    assert public_log(state) == (
        "seat 0 asked seat 2 for letter 2 of object 2a (seat 2's 1st)",
        "seat 1 asked about object 3a (seat 3's 1st): NO",
        "seat 1's guess on object 2a (seat 2's 1st) was right",
    )
    assert "I" not in " ".join(public_log(state)).replace("seat", "")  # the letter is private
    assert player_view(state, C)["letters"] == ((A, C_OBJECT, 2, "I"),)
    assert player_view(state, B)["letters"] == ()
    assert player_view(state, D)["log"] == public_log(state)
    assert "bicycle" not in str(player_view(state, B))


@pytest.mark.rule("B5")
def test_malformed_actions_are_refused_with_a_rule() -> None:
    state = game()
    for junk in (None, 3, "roll"):  # not an action at all: the kernel's rule
        refused(state, junk, SHAPE_RULE, malformed=True)
    for odd in (SpendJewels(True), SpendJewels(2.0)):  # type: ignore[arg-type]
        refused(state, odd, "B5", malformed=True)
    refused(state, AskLetter("x", 1), "B9")  # type: ignore[arg-type]  # not now: the step's rule
    letter = play(game(dice=[3]), RollDie())
    refused(letter, AskLetter("x", 1), "B9", malformed=True)  # type: ignore[arg-type]
    refused(letter, AskLetter(2, 1.0), "A-B.15", malformed=True)  # type: ignore[arg-type]


@pytest.mark.rule("B17", "A-B.12")
def test_B17_a_curse_before_the_very_first_move() -> None:
    start = new_game(GameConfig(objects=WORDS_4), 0, chance=[("die", "2")])
    assert start.window is Event.START and start.step is Step.MOVE
    assert legal_actions(start)[0] == CallCurses(())
    assert len(legal_actions(start)) == 16  # any subset of the 4 seats may call
    refused(start, RollDie(), "B5")  # the table answers the window first
    cursed = play(start, CallCurses((C,)), Guess(0), RIGHT)
    assert cursed.discs == (3, 5, 10, 5) and cursed.curses == (3, 3, 2, 3)
    assert (current_player(cursed), cursed.step, cursed.turn) == (A, Step.MOVE, 1)
