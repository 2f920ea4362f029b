"""Every kind of Barbarossa refusal, in full: its kind (``IllegalAction`` or
``MalformedAction``), the rule it names, its reason sentence (with what the game waits for),
the seat that is to decide and the position it describes. Each is stated word for word: a
refusal naming the wrong rule, the wrong seat or saying the wrong thing fails."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from fresco_rules.barbarossa import (
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
    NoSuchLetter,
    Reply,
    RollDie,
    SpendJewels,
    State,
    Step,
    StopAsking,
    Verdict,
    apply,
    engine,
    explain,
    legal_actions,
    new_game,
    player_view,
)
from fresco_rules.barbarossa.state import Note
from fresco_rules.barbarossa.vocab import LAST_LETTER
from fresco_rules.kernel.errors import IllegalAction, MalformedAction

from .barbarossa_fixtures import WORDS_4, A, B, D, game, play, with_arrows, with_jewels

NO = Answer(Reply.NO)
C_OBJECT = 4


def _config(**options: object) -> GameConfig:
    return GameConfig(players=4, objects=WORDS_4, **options)  # type: ignore[arg-type]


def moving() -> State:
    return game()


def moving_poor() -> State:
    return with_jewels(game(), {A: 2})


def window() -> State:
    return new_game(_config(), 0)


def window_no_token() -> State:
    return attrs.evolve(window(), curses=(3, 3, 3, 0), discarded=3)


def dwarf() -> State:
    return play(game(dice=[3]), RollDie())


def letter_asked() -> State:
    return play(dwarf(), AskLetter(2, 1))


def question() -> State:
    return play(game(dice=[6]), RollDie())


def until_no() -> State:
    return play(game(dice=[6], question_phase="until_no"), RollDie())


def answer_due() -> State:
    return play(question(), AskQuestion(C_OBJECT))


def solution() -> State:
    return play(answer_due(), NO)


def solution_window() -> State:
    return apply(answer_due(), NO)


def solution_full() -> State:
    return with_arrows(solution(), {C_OBJECT: (B, D)})


def solution_own_arrow() -> State:
    return with_arrows(solution(), {C_OBJECT: (A,)})


def verdict_due() -> State:
    return play(solution(), Guess(C_OBJECT))


def cursing() -> State:
    return apply(window(), CallCurses((D,)))


Case = tuple[Callable[[], State], object, type[IllegalAction], str, str, int | None]

CASES: dict[str, Case] = {
    "roll at a window": (
        window, RollDie(), IllegalAction, "B5",
        "the pawn moves at the start of a turn only; the curse window after the start of the "
        "game is open",
        0,
    ),
    "roll on the dwarf": (
        dwarf, RollDie(), IllegalAction, "B5",
        "the pawn moves at the start of a turn only; seat 0 may ask the Letter Dwarf for a "
        "letter",
        0,
    ),
    "roll with a letter owed": (
        letter_asked, RollDie(), IllegalAction, "B5",
        "the pawn moves at the start of a turn only; seat 1 must give letter 1 on object 1a "
        "(seat 1's 1st)",
        1,
    ),
    "roll in the question phase": (
        question, RollDie(), IllegalAction, "B5",
        "the pawn moves at the start of a turn only; seat 0 is in his question phase",
        0,
    ),
    "roll with an answer owed": (
        answer_due, RollDie(), IllegalAction, "B5",
        "the pawn moves at the start of a turn only; seat 2 must answer the question on "
        "object 2a (seat 2's 1st)",
        2,
    ),
    "roll in the solution phase": (
        solution, RollDie(), IllegalAction, "B5",
        "the pawn moves at the start of a turn only; seat 0 is in his solution phase",
        0,
    ),
    "roll with a verdict owed": (
        verdict_due, RollDie(), IllegalAction, "B5",
        "the pawn moves at the start of a turn only; seat 2 must judge the guess on object "
        "2a (seat 2's 1st)",
        2,
    ),
    "roll with a curse to use": (
        cursing, RollDie(), IllegalAction, "B5",
        "the pawn moves at the start of a turn only; seat 3 must use his curse",
        3,
    ),
    "spend at a window": (
        window, SpendJewels(1), IllegalAction, "B5",
        "the pawn moves at the start of a turn only; the curse window after the start of the "
        "game is open",
        0,
    ),
    "spend 0": (
        moving, SpendJewels(0), IllegalAction, "A-B.9",
        "spending 0 jewels moves nothing (at least 1)",
        0,
    ),
    "spend -1": (
        moving, SpendJewels(-1), IllegalAction, "A-B.9",
        "spending -1 jewels moves nothing (at least 1)",
        0,
    ),
    "spend 7": (
        moving, SpendJewels(7), IllegalAction, "A-B.9",
        "at most 6 jewels may be spent on one move",
        0,
    ),
    "spend more than held": (
        moving_poor, SpendJewels(3), IllegalAction, "B22",
        "3 jewels spent but only 2 held",
        0,
    ),
    "spend a text": (
        moving, SpendJewels("3"), MalformedAction, "B5",  # type: ignore[arg-type]
        "the jewel count must be an integer: '3'",
        0,
    ),
    "ask a letter while moving": (
        moving, AskLetter(2, 1), IllegalAction, "B9",
        "letters are asked on the Letter Dwarf or with a curse only; seat 0 must move his "
        "pawn",
        0,
    ),
    "ask a letter of object 8": (
        dwarf, AskLetter(8, 1), MalformedAction, "B9",
        "object 8 does not exist; objects are 0-7 (0a-3b)",
        0,
    ),
    "ask a letter of object -1": (
        dwarf, AskLetter(-1, 1), MalformedAction, "B9",
        "object -1 does not exist; objects are 0-7 (0a-3b)",
        0,
    ),
    "ask a letter of a text object": (
        dwarf, AskLetter("2", 1), MalformedAction, "B9",  # type: ignore[arg-type]
        "object '2' does not exist; objects are 0-7 (0a-3b)",
        0,
    ),
    "ask a letter of one's own object": (
        dwarf, AskLetter(1, 1), IllegalAction, "A-B.14",
        "letters are asked of opponents' objects only",
        0,
    ),
    "ask a curse letter of one's own object": (
        cursing, AskLetter(6, 1), IllegalAction, "A-B.14",
        "letters are asked of opponents' objects only",
        3,
    ),
    "ask a text position": (
        dwarf, AskLetter(2, "1"), MalformedAction, "A-B.15",  # type: ignore[arg-type]
        "position '1' is no integer",
        0,
    ),
    "ask position 0": (
        dwarf, AskLetter(2, 0), IllegalAction, "A-B.15",
        "position 0 is not one of 1-16 or -1 (the last letter)",
        0,
    ),
    "ask position beyond": (
        dwarf, AskLetter(2, 17), IllegalAction, "A-B.15",
        "position 17 is not one of 1-16 or -1 (the last letter)",
        0,
    ),
    "ask position -2": (
        dwarf, AskLetter(2, -2), IllegalAction, "A-B.15",
        "position -2 is not one of 1-16 or -1 (the last letter)",
        0,
    ),
    "decline while moving": (
        moving, DeclineLetter(), IllegalAction, "B9",
        "no Letter Dwarf letter is on offer; seat 0 must move his pawn",
        0,
    ),
    "decline a curse letter": (
        cursing, DeclineLetter(), IllegalAction, "B9",
        "no Letter Dwarf letter is on offer; seat 3 must use his curse",
        3,
    ),
    "give a letter unasked": (
        dwarf, GiveLetter("T"), IllegalAction, "B9",
        "no letter was asked for; seat 0 may ask the Letter Dwarf for a letter",
        0,
    ),
    "give a letter for a question": (
        answer_due, GiveLetter("T"), IllegalAction, "B9",
        "no letter was asked for; seat 2 must answer the question on object 2a (seat 2's 1st)",
        2,
    ),
    "give two letters": (
        letter_asked, GiveLetter("TE"), MalformedAction, "B9",
        "a letter is one plain character, not 'TE'",
        1,
    ),
    "give a digit": (
        letter_asked, GiveLetter("1"), IllegalAction, "A-B.15",
        "'1' is no letter (A-Z or one of his own words')",
        1,
    ),
    "give the wrong letter": (
        letter_asked, GiveLetter("X"), IllegalAction, "A-B.15",
        "letter 1 of object 1a (seat 1's 1st) is not 'X' (letter_check = on)",
        1,
    ),
    "no such letter unasked": (
        dwarf, NoSuchLetter(), IllegalAction, "B9",
        "no letter was asked for; seat 0 may ask the Letter Dwarf for a letter",
        0,
    ),
    "no such letter where there is one": (
        letter_asked, NoSuchLetter(), IllegalAction, "A-B.15",
        "object 1a (seat 1's 1st) has letter 1 (letter_check = on)",
        1,
    ),
    "ask a question while moving": (
        moving, AskQuestion(4), IllegalAction, "B10",
        'questions are asked on the "?" tile in turn only; seat 0 must move his pawn',
        0,
    ),
    "ask a question on the dwarf": (
        dwarf, AskQuestion(4), IllegalAction, "B10",
        'questions are asked on the "?" tile in turn only; seat 0 may ask the Letter Dwarf '
        "for a letter",
        0,
    ),
    "ask about object 8": (
        question, AskQuestion(8), MalformedAction, "B10",
        "object 8 does not exist; objects are 0-7 (0a-3b)",
        0,
    ),
    "ask about one's own object": (
        question, AskQuestion(0), IllegalAction, "A-B.14",
        "questions concern opponents' objects only",
        0,
    ),
    "ask about one's own object in the solution phase": (
        solution, AskQuestion(1), IllegalAction, "A-B.14",
        "questions concern opponents' objects only",
        0,
    ),
    "answer unasked": (
        question, Answer(Reply.YES), IllegalAction, "B10",
        "no question waits for an answer; seat 0 is in his question phase",
        0,
    ),
    "answer with a text": (
        answer_due, Answer("yes"), MalformedAction, "B10",  # type: ignore[arg-type]
        "'yes' is not an answer",
        2,
    ),
    "stop while moving": (
        moving, StopAsking(), IllegalAction, "A-B.10",
        "no question phase to leave; seat 0 must move his pawn",
        0,
    ),
    "stop in the solution phase": (
        solution, StopAsking(), IllegalAction, "A-B.10",
        "the solution phase ends only with a guess or a NO (stop_to_guess)",
        0,
    ),
    "stop under until_no": (
        until_no, StopAsking(), IllegalAction, "A-B.10",
        "the phase ends only at a NO or a guess (until_no)",
        0,
    ),
    "guess while moving": (
        moving, Guess(4), IllegalAction, "B12",
        "a guess is possible only in the solution phase or with a curse; seat 0 must move "
        "his pawn",
        0,
    ),
    "guess in the question phase": (
        question, Guess(4), IllegalAction, "B12",
        "a guess is possible only in the solution phase or with a curse; seat 0 is in his "
        "question phase",
        0,
    ),
    "guess object 8": (
        solution, Guess(8), MalformedAction, "B13",
        "object 8 does not exist; objects are 0-7 (0a-3b)",
        0,
    ),
    "guess a text object": (
        solution, Guess("4"), MalformedAction, "B13",  # type: ignore[arg-type]
        "object '4' does not exist; objects are 0-7 (0a-3b)",
        0,
    ),
    "guess one's own object": (
        solution, Guess(0), IllegalAction, "A-B.14",
        "nobody guesses his own object",
        0,
    ),
    "guess a full object": (
        solution_full, Guess(4), IllegalAction, "B14",
        "object 2a (seat 2's 1st) holds 2 arrows and cannot be guessed",
        0,
    ),
    "guess an object holding one's arrow": (
        solution_own_arrow, Guess(4), IllegalAction, "A-B.14",
        "seat 0 already has an arrow in that object",
        0,
    ),
    "curse guess of one's own object": (
        cursing, Guess(7), IllegalAction, "A-B.14",
        "nobody guesses his own object",
        3,
    ),
    "judge unasked": (
        solution, Judge(Verdict.RIGHT), IllegalAction, "B13",
        "no guess waits for a verdict; seat 0 is in his solution phase",
        0,
    ),
    "judge with a text": (
        verdict_due, Judge("right"), MalformedAction, "B13",  # type: ignore[arg-type]
        "'right' is not a verdict",
        2,
    ),
    "call while moving": (
        moving, CallCurses((B,)), IllegalAction, "A-B.12",
        "curses are called at a curse window; seat 0 must move his pawn",
        0,
    ),
    "call seat 4": (
        window, CallCurses((4,)), MalformedAction, "A-B.12",
        "callers must be distinct seats 0-3: (4,)",
        0,
    ),
    "call seat -1": (
        window, CallCurses((-1,)), MalformedAction, "A-B.12",
        "callers must be distinct seats 0-3: (-1,)",
        0,
    ),
    "call five seats": (
        window, CallCurses((0, 1, 2, 3, 3)), MalformedAction, "A-B.12",
        "callers must be distinct seats 0-3: (0, 1, 2, 3, 3)",
        0,
    ),
    "call twice": (
        window, CallCurses((1, 1)), MalformedAction, "A-B.12",
        "callers are distinct seats in increasing order: (1, 1)",
        0,
    ),
    "call without a token": (
        window_no_token, CallCurses((D,)), IllegalAction, "B17",
        "seat 3 has no curse token left",
        0,
    ),
    "call in an opponent's solution phase": (
        solution_window, CallCurses((D,)), IllegalAction, "B17",
        "seat 3 may not curse during an opponent's solution phase",
        0,
    ),
}


@pytest.mark.rule(
    "B5", "B9", "B10", "B12", "B13", "B14", "B17", "B22", "A-B.9", "A-B.10", "A-B.12",
    "A-B.14", "A-B.15",
)  # fmt: skip
@pytest.mark.parametrize("case", sorted(CASES))
def test_every_refusal_names_its_rule_reason_seat_and_position(case: str) -> None:
    build, action, kind, rule, reason, seat = CASES[case]
    state = build()
    problem = explain(state, action)
    assert type(problem) is kind, problem
    assert isinstance(problem, IllegalAction)
    assert (problem.rule, problem.reason, problem.seat, problem.where) == (
        rule,
        reason,
        seat,
        state.where(),
    )
    assert str(problem) == f"{rule}: seat {seat}: {reason} [{state.where()}]"
    with pytest.raises(kind) as raised:
        apply(state, action)
    assert raised.value == problem


@pytest.mark.rule("A-B.11", "B17")
def test_A_B_11_no_curse_in_ones_own_solution_phase_when_forbidden() -> None:
    forbidden = play(game(dice=[6], curse_in_own_solution="forbidden"), RollDie())
    after_no = apply(play(forbidden, AskQuestion(C_OBJECT)), NO)
    assert after_no.window is None  # nobody may call: no window opens
    problem = explain(after_no, CallCurses((A,)))
    assert problem is not None and problem.rule == "A-B.12"
    # a state with a window open there (from a record or another engine) still refuses it
    opened = attrs.evolve(after_no, window=Event.ANSWER)
    refusal = explain(opened, CallCurses((A,)))
    assert type(refusal) is IllegalAction
    assert (refusal.rule, refusal.reason, refusal.seat) == (
        "A-B.11",
        "no curse in one's own solution phase (curse_in_own_solution)",
        A,
    )
    assert explain(opened, CallCurses(())) is None
    allowed = solution_window()
    assert allowed.window is Event.ANSWER
    assert explain(allowed, CallCurses((A,))) is None
    assert legal_actions(allowed) == (CallCurses(()), CallCurses((A,)))


@pytest.mark.rule("A-B.12")
@pytest.mark.parametrize(
    "callers",
    [(True,), ("1",), (1.0,), 1, None, tuple(range(5))],
)
def test_A_B_12_callers_that_are_no_seats_are_malformed(callers: object) -> None:
    problem = explain(window(), CallCurses(callers))  # type: ignore[arg-type]
    assert type(problem) is MalformedAction and problem.rule == "A-B.12"
    assert problem.reason.startswith("callers must be distinct seats 0-3: ")


@pytest.mark.rule("B5", "B22", "A-B.9")
def test_A_B_9_jewel_move_boundaries() -> None:
    assert explain(moving(), SpendJewels(1)) is None
    assert explain(moving(), SpendJewels(6)) is None
    assert explain(moving_poor(), SpendJewels(2)) is None
    unlimited = with_jewels(game(max_jewel_move="unlimited"), {A: 13})
    assert explain(unlimited, SpendJewels(13)) is None
    assert explain(unlimited, SpendJewels(14)).rule == "B22"  # type: ignore[union-attr]
    five = game(max_jewel_move="5")
    assert explain(five, SpendJewels(5)) is None
    assert explain(five, SpendJewels(6)).reason == (  # type: ignore[union-attr]
        "at most 5 jewels may be spent on one move"
    )


@pytest.mark.rule("A-B.15")
def test_A_B_15_letter_positions_from_1_to_the_data_limit_or_the_last() -> None:
    state = dwarf()
    most = state.tables.max_letters
    for position in (1, most, LAST_LETTER):
        assert explain(state, AskLetter(2, position)) is None
        assert AskLetter(2, position) in legal_actions(state)
    for position in (0, most + 1, -2):
        assert AskLetter(2, position) not in legal_actions(state)
    last = play(state, AskLetter(2, LAST_LETTER))
    problem = explain(last, NoSuchLetter())
    assert type(problem) is IllegalAction
    assert (problem.rule, problem.reason, problem.seat) == (
        "A-B.15",
        "every word has a last letter",
        B,
    )
    assert legal_actions(last) == (GiveLetter("T"),)  # "teapot"
    beyond = play(state, AskLetter(2, 7))
    assert legal_actions(beyond) == (NoSuchLetter(),) and explain(beyond, NoSuchLetter()) is None
    off = play(game(dice=[3], letter_check="off"), RollDie(), AskLetter(2, LAST_LETTER))
    assert NoSuchLetter() not in legal_actions(off) and GiveLetter("X") in legal_actions(off)
    assert explain(off, NoSuchLetter()).rule == "A-B.15"  # type: ignore[union-attr]
    assert explain(off, GiveLetter("X")) is None  # any letter is taken as given


@pytest.mark.rule("B5", "B9", "B10", "B11", "B13", "B17", "B19", "A-B.12")
def test_decision_rule_names_the_decision_now_due() -> None:
    over = attrs.evolve(solution(), step=Step.OVER)
    assert engine.decision_rule(over) == "B19"
    assert engine.decision_rule(window()) == "A-B.12"
    assert engine.decision_rule(answer_due()) == "B10"
    assert engine.decision_rule(letter_asked()) == "B9"
    assert engine.decision_rule(verdict_due()) == "B13"
    assert engine.decision_rule(cursing()) == "B17"
    assert engine.decision_rule(moving()) == "B5"
    assert engine.decision_rule(dwarf()) == "B9"
    assert engine.decision_rule(question()) == "B10"
    assert engine.decision_rule(solution()) == "B11"
    assert engine.decision_rule(attrs.evolve(moving(), step=Step.TURN_OVER)) == "B4"


@pytest.mark.rule("B10", "B13", "B24")
def test_the_notes_and_requests_of_answers_guesses_and_verdicts() -> None:
    answered = solution()
    assert answered.notes == (Note(A, C_OBJECT, False, reply=Reply.NO),)
    guessed = verdict_due()
    assert player_view(guessed, B).request == ("verdict", A, C_OBJECT, 0)
    judged = play(guessed, Judge(Verdict.WRONG))
    assert judged.notes[-1] == Note(A, C_OBJECT, False, right=False)
    assert judged.notes[-1].curse is False
    cursed = play(cursing(), Guess(C_OBJECT), Judge(Verdict.RIGHT))
    assert cursed.notes[-1] == Note(D, C_OBJECT, True, right=True)
