"""Two scripted Barbarossa games played to their end through the public protocol.

Every expected number was worked out by hand from barbarossa.md; the die rolls and curse rolls
are given as recorded chance outcomes, so nothing here is taken from the engine. After every
action the test checks every disc (and that the ledgers balance); at curse windows nobody
calls unless the script says so.

Game 1 (4 players A, B, C, D; objects: A hedgehog 0, anchor 1; B teapot 2, snail 3; C bicycle 4,
mushroom 5; D crown 6, key 7): a question phase, a NO, a right first guess (+5, sculptor -2),
a Dragon, a Jewel tile at 13, the Letter Dwarf, a curse used for a second guess (+3), a third
guess refused (2 arrows), a curse used for a letter, three curses in a row and a win at the
Finish space through a Dragon.

Game 2 (3 players; A hedgehog 0, anchor 1, teapot 2; B snail 3, bicycle 4, mushroom 5; C crown
6, key 7, penguin 8): nine curses called three at a time, then turns on "?", ending with the
13th arrow: the furthest disc wins.
"""

from __future__ import annotations

import pytest

from fresco_rules.barbarossa import (
    Action,
    Answer,
    AskLetter,
    AskQuestion,
    CallCurses,
    DeclineLetter,
    Event,
    GameConfig,
    GiveLetter,
    Guess,
    Judge,
    Reply,
    RollDie,
    SpendJewels,
    State,
    Step,
    Verdict,
    apply,
    current_player,
    is_over,
    legal_actions,
    new_game,
    scores,
    token_ledger,
    winners,
)

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
    assert_ledgers_balanced,
    close_window,
    quiet,
    refused,
)

YES, DEPENDS, NO = Answer(Reply.YES), Answer(Reply.IT_DEPENDS), Answer(Reply.NO)
RIGHT, WRONG = Judge(Verdict.RIGHT), Judge(Verdict.WRONG)


def act(state: State, action: Action, discs: tuple[int, ...], *, by: int) -> State:
    """``by`` takes ``action``; then the discs must be ``discs``. Curse windows that open
    afterwards stay open (the script closes or uses them)."""
    assert current_player(state) == by, state.where()
    after = apply(state, action)
    assert after.discs == discs, f"{action!r}: discs {after.discs}, expected {discs}"
    assert_ledgers_balanced(after)
    return after


def nobody(state: State) -> State:
    """Nobody calls a curse at the open window(s)."""
    assert state.window is not None, state.where()
    return quiet(state)


@pytest.mark.rule(
    "B4", "B5", "B7", "B8", "B9", "B10", "B11", "B13", "B14", "B15", "B16", "B17", "B19",
    "B21", "A-B.5", "A-B.12", "A-B.13", "A-B.19",
)  # fmt: skip
def test_game_1_four_players_to_a_finish() -> None:
    dice = [6, 2, 1, 3, 1, 6, 3, 5]
    state = quiet(new_game(GameConfig(objects=WORDS_4), 11, chance=[("die", str(d)) for d in dice]))
    d = (5, 5, 5, 5)

    # Turn 1, A: rolls 6 (tile 1 again: "?"); question phase YES, IT DEPENDS, NO.
    state = nobody(act(state, RollDie(), d, by=A))
    assert state.step is Step.QUESTION and state.pawns[A] == QUESTION_TILE
    state = nobody(act(act(state, AskQuestion(2), d, by=A), YES, d, by=B))
    state = nobody(act(act(state, AskQuestion(4), d, by=A), DEPENDS, d, by=C))
    state = nobody(act(act(state, AskQuestion(6), d, by=A), NO, d, by=D))
    assert state.step is Step.SOLUTION
    # Solution phase: a right first guess on B's teapot: A +5, B -2 (1 arrow on the Gem).
    state = act(state, Guess(2), d, by=A)
    d = (10, 3, 5, 5)
    state = nobody(act(state, RIGHT, d, by=B))

    # Turn 2, B: rolls 2: tile 3, the Dragon: A, C and D +1.
    state = nobody(act(state, RollDie(), d, by=B))  # the windows after the roll and move
    assert state.pawns[B] == 2 and state.window is None
    d = (11, 3, 6, 6)
    assert state.discs == d and state.active == C

    # Turn 3, C: rolls 1: tile 2, a Jewel: 12 -> 13.
    state = nobody(act(state, RollDie(), d, by=C))
    assert state.pawns[C] == JEWEL_TILE and state.jewels[C] == 13

    # Turn 4, D: rolls 3: tile 4, the Letter Dwarf: the 1st letter of A's hedgehog.
    state = nobody(act(state, RollDie(), d, by=D))
    assert state.step is Step.LETTER
    state = act(state, AskLetter(0, 1), d, by=D)
    state = nobody(act(state, GiveLetter("h"), d, by=A))
    assert state.notes[-1].letter == "H"

    # Turn 5, A: spends 6 jewels: tile 1 again ("?"). After B's YES, C calls a curse and
    # guesses the teapot: its second arrow: C +3, B -2 (2 arrows on the Gem).
    state = nobody(act(state, SpendJewels(6), d, by=A))
    assert state.jewels[A] == 6 and state.step is Step.QUESTION
    state = act(act(state, AskQuestion(3), d, by=A), YES, d, by=B)
    assert state.window is Event.ANSWER
    state = act(state, CallCurses((C,)), d, by=A)  # the table's call, under A's turn
    state = act(state, Guess(2), d, by=C)
    d = (11, 1, 9, 6)
    state = nobody(act(state, RIGHT, d, by=B))
    assert state.curses == (3, 3, 2, 3) and state.arrows[2] == (A, C)
    # A's question phase resumes: NO, then a third guess on the teapot is refused.
    assert (current_player(state), state.step) == (A, Step.QUESTION)
    state = nobody(act(act(state, AskQuestion(5), d, by=A), NO, d, by=C))
    refused(state, Guess(2), "B14")
    state = nobody(act(act(state, Guess(5), d, by=A), WRONG, d, by=C))

    # Turn 6, B: rolls 1: tile 4. After the move D calls a curse for a letter (snail, 5th).
    state = close_window(act(state, RollDie(), d, by=B))  # the window after the roll
    assert state.window is Event.MOVE and state.pawns[B] == DWARF_TILE
    state = act(state, CallCurses((D,)), d, by=B)
    state = act(state, AskLetter(3, 5), d, by=D)
    state = nobody(act(state, GiveLetter("L"), d, by=B))
    # Then B's own Letter Dwarf: he declines.
    assert (current_player(state), state.step) == (B, Step.LETTER)
    state = nobody(act(state, DeclineLetter(), d, by=B))

    # Turn 7, C: rolls 6: the Jewel tile again, with 13 jewels: still 13.
    state = nobody(act(state, RollDie(), d, by=C))
    assert state.pawns[C] == JEWEL_TILE and state.jewels[C] == 13

    # Turn 8, D: rolls 3: tile 4 -> tile 1 ("?"); guesses A's hedgehog: D +5, A -1 (3).
    state = nobody(act(state, RollDie(), d, by=D))
    state = nobody(act(act(state, AskQuestion(0), d, by=D), NO, d, by=A))
    state = act(state, Guess(0), d, by=D)
    d = (10, 1, 9, 11)
    state = act(state, RIGHT, d, by=A)

    # Turn 9, A: spends his last 6 jewels; guesses D's crown: A +5, D 0 (4 arrows).
    state = nobody(state)
    state = nobody(act(state, SpendJewels(6), d, by=A))
    assert state.jewels[A] == 0
    state = nobody(act(act(state, AskQuestion(6), d, by=A), NO, d, by=D))
    state = act(state, Guess(6), d, by=A)
    d = (15, 1, 9, 11)
    state = act(state, RIGHT, d, by=D)
    # The turn is over; A calls three curses, one after the other's effect.
    assert state.window is Event.VERDICT
    for obj, sculptor, after in (
        (7, D, (20, 1, 9, 12)),  # key: A +5, D +1 (5 arrows)
        (3, B, (25, 2, 9, 12)),  # snail: A +5, B +1 (6)
        (4, C, (30, 2, 11, 12)),  # bicycle: A +5, C +2 (7)
    ):
        state = act(state, CallCurses((A,)), d, by=A)
        state = act(state, Guess(obj), d, by=A)
        d = after
        state = act(state, RIGHT, d, by=sculptor)
        assert state.window is Event.CURSE
    state = nobody(state)
    assert state.curses == (0, 3, 2, 2) and token_ledger(state)["curses"]["discarded"] == 5
    assert state.arrows_placed() == 7

    # Turn 10, B: rolls 5: tile 4 -> tile 3, the Dragon: A reaches Finish (31) and wins.
    state = close_window(act(state, RollDie(), d, by=B))
    assert state.window is Event.MOVE and state.pawns[B] == 2
    state = act(state, CallCurses(()), (31, 2, 12, 13), by=B)
    assert is_over(state) and winners(state) == (A,) and scores(state) == (31, 2, 12, 13)
    assert legal_actions(state) == () and current_player(state) is None
    assert state.chance.log == tuple(("die", str(value)) for value in dice)


@pytest.mark.rule(
    "B1", "B14", "B15", "B16", "B17", "B18", "B19", "B20", "B23", "A-B.7", "A-B.8", "A-B.12",
    "A-B.14",
)  # fmt: skip
def test_game_2_three_players_to_the_last_arrow() -> None:
    rolls = [5, 3, 1, 6, 4, 2, 2, 4, 6]
    chance = [("curse_roll", str(value)) for value in rolls]
    state = quiet(new_game(GameConfig(players=3, objects=WORDS_3), 5, chance=chance))
    d = (5, 5, 5)

    # Turn 1, A: spends 6 jewels (tile 1 again). After the move all three call a curse.
    state = act(state, SpendJewels(6), d, by=A)
    rounds = (
        # callers' rolls A 5, B 3, C 1: A, B, C act in this order
        [
            (A, 3, B, (10, 3, 5)),  # A: snail, first arrow: +5; B -2 (1 arrow on the Gem)
            (B, 6, C, (10, 8, 3)),  # B: crown: +5; C -2 (2)
            (C, 0, A, (9, 8, 8)),  # C: hedgehog: +5; A -1 (3)
        ],
        # rolls 6, 4, 2: A, B, C again
        [
            (A, 6, C, (12, 8, 8)),  # A: crown, second arrow: +3; C 0 (4)
            (B, 0, A, (13, 11, 8)),  # B: hedgehog, second: +3; A +1 (5)
            (C, 3, B, (13, 12, 11)),  # C: snail, second: +3; B +1 (6)
        ],
        # rolls 2, 4, 6: C, B, A
        [
            (C, 1, A, (15, 12, 16)),  # C: anchor, first: +5; A +2 (7)
            (B, 1, A, (17, 15, 16)),  # B: anchor, second: +3; A +2 (8)
            (A, 4, B, (22, 16, 16)),  # A: bicycle, first: +5; B +1 (9)
        ],
    )
    for number, curses in enumerate(rounds):
        assert state.window in (Event.MOVE, Event.CURSE)
        state = act(state, CallCurses((A, B, C)), d, by=A)
        assert state.callers == tuple(caller for caller, _, _, _ in curses)
        assert state.curses == (2 - number,) * 3
        for caller, obj, sculptor, after in curses:
            state = act(state, Guess(obj), d, by=caller)
            d = after
            state = act(state, RIGHT, d, by=sculptor)
    assert state.chance.log == tuple(chance)
    # Nobody holds a curse token: no window opens; A's "?" takes effect.
    assert state.window is None and state.step is Step.QUESTION and state.discarded == 9
    state = act(act(state, AskQuestion(7), d, by=A), NO, d, by=C)
    state = act(state, Guess(7), d, by=A)
    d = (27, 16, 16)  # key: A +5; C 0 (10)
    state = act(state, RIGHT, d, by=C)

    # Turn 2, B: teapot: B +5, A -1 (11).  Turn 3, C: bicycle, second: C +3, B -2 (12).
    for seat, ask, sculptor, obj, after in (
        (B, 2, A, 2, (26, 21, 16)),
        (C, 4, B, 4, (26, 19, 19)),
    ):
        state = act(state, SpendJewels(6), d, by=seat)
        state = act(act(state, AskQuestion(ask), d, by=seat), NO, d, by=sculptor)
        state = act(state, Guess(obj), d, by=seat)
        d = after
        state = act(state, RIGHT, d, by=sculptor)

    # Turn 4, A: a wrong guess on the mushroom changes nothing.
    state = act(state, SpendJewels(6), d, by=A)
    state = act(act(state, AskQuestion(5), d, by=A), NO, d, by=B)
    refused(state, Guess(7), "A-B.14")  # A's arrow is in the key already
    refused(state, Guess(4), "B14")  # the bicycle holds 2 arrows
    state = act(act(state, Guess(5), d, by=A), WRONG, d, by=B)
    assert state.arrows_placed() == 12 and state.jewels == (0, 6, 6)

    # Turn 5, B: the penguin: the 13th arrow: B +5, C -2 (13). Nobody is on Finish: the game
    # ends and the furthest disc, A's 26, wins.
    state = act(state, SpendJewels(6), d, by=B)
    state = act(act(state, AskQuestion(8), d, by=B), NO, d, by=C)
    state = act(state, Guess(8), d, by=B)
    state = act(state, RIGHT, (26, 24, 17), by=C)
    assert is_over(state) and winners(state) == (A,)
    assert token_ledger(state)["arrows"]["supply"] == 0
    assert [len(holders) for holders in state.arrows] == [2, 2, 1, 2, 2, 0, 2, 1, 1]
