"""The decisions of a game: for each action kind its legal instances, its validator and its
effect. ``engine`` dispatches to these; the validators are the only legality check, used by
``apply`` and ``explain`` alike."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..kernel.errors import IllegalAction, MalformedAction
from ..kernel.evolve import evolve
from ..kernel.registry import implements
from ..kernel.untrusted import describe, is_int, is_int_in, is_str, is_tuple_of
from .actions import (
    Answer,
    AskLetter,
    AskQuestion,
    CallCurses,
    DeclineLetter,
    GiveLetter,
    Guess,
    Judge,
    NoSuchLetter,
    RollDie,
    SpendJewels,
    StopAsking,
)
from .config import LetterCheck, QuestionPhase
from .flow import (
    call_curses,
    curse_done,
    eligible_callers,
    end_effect,
    may_call_curse,
    move_pawn,
    open_window,
    roll_die,
)
from .scoring import score_right_guess
from .state import (
    Event,
    Judgement,
    Note,
    Request,
    State,
    Step,
    object_name,
)
from .state import replace_at as _replace
from .vocab import LAST_LETTER, NO_SUCH_LETTER, Reply, Verdict
from .words import object_range

_is_int = is_int

_STEP_RULE = {
    Step.MOVE: "B5",
    Step.LETTER: "B9",
    Step.QUESTION: "B10",
    Step.SOLUTION: "B11",
    Step.OVER: "B19",
}
_JUDGEMENT_RULE = {Judgement.ANSWER: "B10", Judgement.LETTER: "B9", Judgement.VERDICT: "B13"}


def decision_rule(state: State) -> str:
    """The rule of the decision now due (named when something that is no action arrives)."""
    if state.step is Step.OVER:
        return "B19"
    if state.window is not None:
        return "A-B.12"
    if state.request is not None:
        return _JUDGEMENT_RULE[state.request.judgement]
    if state.callers:
        return "B17"
    return _STEP_RULE.get(state.step, "B4")


def current_player(state: State) -> int | None:
    """The seat to decide now: the sculptor giving an answer, letter or verdict; the curse
    caller choosing his curse's effect; otherwise the active player. At a curse window the
    whole table answers with one ``CallCurses`` naming its callers, recorded under the active
    player's seat. None once the game is over."""
    if state.step is Step.OVER:
        return None
    if state.window is not None:
        return state.active
    if state.request is not None:
        return state.owner(state.request.obj)
    if state.callers:
        return state.callers[0]
    return state.active


def position_name(position: int) -> str:
    """``letter 3`` or ``the last letter`` (A-B.15)."""
    return "the last letter" if position == LAST_LETTER else f"letter {position}"


def _fail(state: State, rule: str, reason: str, *, malformed: bool = False) -> IllegalAction:
    cls = MalformedAction if malformed else IllegalAction
    return cls(rule, reason, seat=current_player(state), where=state.where())


def pending(state: State) -> str:
    """What the game waits for, in words (for refusals)."""
    if state.step is Step.OVER:
        return "the game is over"
    if state.window is not None:
        return f"the curse window after the {state.window.value} is open"
    request = state.request
    if request is not None:
        what = {
            Judgement.ANSWER: "answer the question",
            Judgement.LETTER: f"give {position_name(request.position)}",
            Judgement.VERDICT: "judge the guess",
        }[request.judgement]
        return f"seat {state.owner(request.obj)} must {what} on {object_name(state, request.obj)}"
    if state.callers:
        return f"seat {state.callers[0]} must use his curse"
    texts: dict[Step, str] = {
        Step.MOVE: f"seat {state.active} must move his pawn",
        Step.LETTER: f"seat {state.active} may ask the Letter Dwarf for a letter",
        Step.QUESTION: f"seat {state.active} is in his question phase",
        Step.SOLUTION: f"seat {state.active} is in his solution phase",
    }
    return texts.get(state.step, str(state.step.value))


def main_step(state: State) -> Step | None:
    """The turn's own decision now due (None while a window, judgement or curse is pending)."""
    if (
        state.step is Step.OVER
        or state.window is not None
        or state.request is not None
        or state.callers
    ):
        return None
    return state.step


def curse_caller(state: State) -> int | None:
    """The curse caller who chooses his curse's effect now, if any."""
    if state.window is None and state.request is None and state.callers:
        return state.callers[0]
    return None


@implements("A-B.14")
def opponent_objects(state: State, seat: int) -> tuple[int, ...]:
    """A-B.14: questions and letter requests concern opponents' objects only."""
    return tuple(obj for obj, owner in enumerate(state.tables.owners) if owner != seat)


@implements("B14", "A-B.14", "A-B.22")
def guessable(state: State, seat: int) -> tuple[int, ...]:
    """The objects ``seat`` may guess: B14 not one holding 2 arrows; A-B.14 not his own, nor
    one holding his arrow already. A-B.22: possibly none."""
    limit = state.tables.arrows_per_object
    return tuple(
        obj
        for obj, holders in enumerate(state.arrows)
        if state.owner(obj) != seat and len(holders) < limit and seat not in holders
    )


def _check_object(state: State, obj: object, rule: str) -> IllegalAction | None:
    if not is_int_in(obj, 0, len(state.tables.owners) - 1):
        return _fail(
            state,
            rule,
            f"object {describe(obj)} does not exist; objects are "
            f"0-{len(state.tables.owners) - 1} "
            f"({object_range(len(state.tables.owners), state.tables.objects_per_player)})",
            malformed=True,
        )
    return None


# --- moving the pawn (B5, B22, A-B.9) --------------------------------------------------------


def legal_move(state: State) -> list[RollDie | SpendJewels]:
    actions: list[RollDie | SpendJewels] = [RollDie()]
    actions.extend(SpendJewels(k) for k in range(1, jewel_move_limit(state) + 1))
    return actions


@implements("B22", "A-B.9")
def jewel_move_limit(state: State) -> int:
    """A-B.9: the most jewels the active player may spend now: 6 (or 5, or unlimited) and B22
    never more than he holds."""
    held = state.jewels[state.active]
    limit = state.tables.jewel_limit
    return held if limit is None else min(held, limit)


@implements("B5")
def check_roll(state: State, action: RollDie) -> IllegalAction | None:
    """B5: the active player moves at the start of his turn, by the die or by jewels."""
    if main_step(state) is not Step.MOVE:
        return _fail(state, "B5", f"the pawn moves at the start of a turn only; {pending(state)}")
    return None


def do_roll(state: State, action: RollDie) -> State:
    value, state = roll_die(state)
    return open_window(evolve(state, die=value, step=Step.ROLLED), Event.ROLL)


@implements("B5", "B22", "A-B.9", "E-B.5")
def check_spend(state: State, action: SpendJewels) -> IllegalAction | None:
    """B5: instead of rolling, spend k jewels to move exactly k tiles; A-B.9 1 <= k <= 6 (or
    5, or unlimited); B22 never more than held (E-B.5: 0, 7 and more than held are refused)."""
    if main_step(state) is not Step.MOVE:
        return _fail(state, "B5", f"the pawn moves at the start of a turn only; {pending(state)}")
    count = action.count
    if not _is_int(count):
        return _fail(
            state, "B5", f"the jewel count must be an integer: {describe(count)}", malformed=True
        )
    if count < 1:
        return _fail(state, "A-B.9", f"spending {count} jewels moves nothing (at least 1)")
    limit = state.tables.jewel_limit
    if limit is not None and count > limit:
        return _fail(state, "A-B.9", f"at most {limit} jewels may be spent on one move")
    held = state.jewels[state.active]
    if count > held:
        return _fail(state, "B22", f"{count} jewels spent but only {held} held")
    return None


def do_spend(state: State, action: SpendJewels) -> State:
    seat = state.active
    state = evolve(state, jewels=_replace(state.jewels, seat, state.jewels[seat] - action.count))
    return move_pawn(state, action.count)


# --- letters (B9, B17, A-B.15) ---------------------------------------------------------------


def letter_positions(state: State) -> tuple[int, ...]:
    """A-B.15: the positions a letter request may name, the same for every object: 1..N for
    the data's fixed N, then ``LAST_LETTER``."""
    return (*range(1, state.tables.max_letters + 1), LAST_LETTER)


def legal_letter_requests(state: State, seat: int) -> list[AskLetter]:
    return list(letter_requests(state, seat))


def letter_requests(state: State, seat: int) -> tuple[AskLetter, ...]:
    """Every letter request ``seat`` may make (B9, A-B.14, A-B.15): they depend on the tables
    alone, so each seat's are built once per table (``_letter_requests``)."""
    return _letter_requests(opponent_objects(state, seat), letter_positions(state))


@lru_cache(maxsize=1 << 8)
def _letter_requests(
    objects: tuple[int, ...], positions: tuple[int, ...]
) -> tuple[AskLetter, ...]:
    return tuple(AskLetter(obj, position) for obj in objects for position in positions)


@implements("B9", "B17", "A-B.14", "A-B.15")
def check_ask_letter(state: State, action: AskLetter) -> IllegalAction | None:
    """B9: on the Letter Dwarf, or B17 as a curse's effect, ask one opponent (A-B.14) for the
    letter at one position of one of his objects; A-B.15 a position 1..N (N fixed by the data
    for every object, so nothing depends on the secret word's length) or the last."""
    caller = curse_caller(state)
    if caller is None and main_step(state) is not Step.LETTER:
        return _fail(
            state,
            "B9",
            f"letters are asked on the Letter Dwarf or with a curse only; {pending(state)}",
        )
    seat = state.active if caller is None else caller
    problem = _check_object(state, action.obj, "B9")
    if problem:
        return problem
    if state.owner(action.obj) == seat:
        return _fail(state, "A-B.14", "letters are asked of opponents' objects only")
    position = action.position
    most = state.tables.max_letters
    if not _is_int(position):
        return _fail(
            state, "A-B.15", f"position {describe(position)} is no integer", malformed=True
        )
    if not (1 <= position <= most or position == LAST_LETTER):
        return _fail(
            state,
            "A-B.15",
            f"position {position} is not one of 1-{most} or {LAST_LETTER} (the last letter)",
        )
    return None


def do_ask_letter(state: State, action: AskLetter) -> State:
    caller = curse_caller(state)
    asker = state.active if caller is None else caller
    request = Request(Judgement.LETTER, asker, action.obj, action.position, caller is not None)
    return evolve(state, request=request)


@implements("B9")
def check_decline(state: State, action: DeclineLetter) -> IllegalAction | None:
    """B9: the Letter Dwarf's letter is optional ("may ask")."""
    if main_step(state) is not Step.LETTER:
        return _fail(state, "B9", f"no Letter Dwarf letter is on offer; {pending(state)}")
    return None


def do_decline(state: State, action: DeclineLetter) -> State:
    return end_effect(state)


def stored_letter(state: State, request: Request) -> str:
    """A-B.15: the stored word's letter at the requested position, or ``NO_SUCH_LETTER``."""
    word = state.tables.letters[request.obj]
    if request.position == LAST_LETTER:
        return word[-1]
    return word[request.position - 1] if request.position <= len(word) else NO_SUCH_LETTER


def legal_letters(state: State, request: Request) -> list[GiveLetter | NoSuchLetter]:
    """The sculptor's possible answers: under ``letter_check = on`` the stored one only; under
    ``off`` any letter of his alphabet (A-Z and his own words' letters) or "no such letter"."""
    if state.config.letter_check is LetterCheck.ON:
        letter = stored_letter(state, request)
        return [NoSuchLetter() if letter == NO_SUCH_LETTER else GiveLetter(letter)]
    sculptor = state.owner(request.obj)
    answers: list[GiveLetter | NoSuchLetter] = [
        GiveLetter(letter) for letter in state.tables.alphabets[sculptor]
    ]
    if request.position != LAST_LETTER:
        answers.append(NoSuchLetter())
    return answers


def _letter_request(state: State) -> tuple[Request | None, IllegalAction | None]:
    request = state.request
    if request is None or request.judgement is not Judgement.LETTER:
        return None, _fail(state, "B9", f"no letter was asked for; {pending(state)}")
    return request, None


@implements("B9", "A-B.15", "A-B.16")
def check_give_letter(state: State, action: GiveLetter) -> IllegalAction | None:
    """B9: the sculptor writes the requested letter for the asker. A-B.16: it is his input;
    A-B.15 under ``letter_check = on`` it must be the stored word's letter at that position
    (spaces removed, case ignored), under ``off`` any letter of his alphabet is taken as
    given."""
    request, problem = _letter_request(state)
    if request is None:
        return problem
    letter = action.letter
    if not is_str(letter) or len(letter) != 1:
        return _fail(
            state, "B9", f"a letter is one plain character, not {describe(letter)}", malformed=True
        )
    sculptor = state.owner(request.obj)
    if letter not in state.tables.alphabets[sculptor]:
        return _fail(
            state, "A-B.15", f"{describe(letter)} is no letter (A-Z or one of his own words')"
        )
    if state.config.letter_check is LetterCheck.ON:
        expected = stored_letter(state, request)
        if letter != expected:
            return _fail(
                state,
                "A-B.15",
                f"{position_name(request.position)} of {object_name(state, request.obj)} is "
                f"not {describe(letter)} (letter_check = on)",
            )
    return None


@implements("A-B.15")
def check_no_such_letter(state: State, action: NoSuchLetter) -> IllegalAction | None:
    """A-B.15: a position beyond the word is answered "no such letter"; under ``letter_check
    = on`` only when the stored word is that short. Every word has a last letter."""
    request, problem = _letter_request(state)
    if request is None:
        return problem
    if request.position == LAST_LETTER:
        return _fail(state, "A-B.15", "every word has a last letter")
    if (
        state.config.letter_check is LetterCheck.ON
        and stored_letter(state, request) != NO_SUCH_LETTER
    ):
        return _fail(
            state,
            "A-B.15",
            f"{object_name(state, request.obj)} has {position_name(request.position)} "
            "(letter_check = on)",
        )
    return None


def do_give_letter(state: State, action: GiveLetter | NoSuchLetter) -> State:
    request = state.request
    assert request is not None
    letter = action.letter if isinstance(action, GiveLetter) else NO_SUCH_LETTER
    note = Note(request.asker, request.obj, request.curse, request.position, letter)
    state = evolve(state, notes=(*state.notes, note), request=None)
    if request.curse:
        return curse_done(state)
    return end_effect(state)


# --- the "?" tile: questions (B10, B11, A-B.10) ----------------------------------------------


@implements("B10", "B11", "A-B.14")
def check_ask_question(state: State, action: AskQuestion) -> IllegalAction | None:
    """B10: in the question phase the player points at any opponent's object (A-B.14) and asks
    a general question, switching objects as he likes; B11 he may go on asking in the
    solution phase."""
    if main_step(state) not in (Step.QUESTION, Step.SOLUTION):
        return _fail(
            state,
            "B10",
            f'questions are asked on the "?" tile in turn only; {pending(state)}',
        )
    problem = _check_object(state, action.obj, "B10")
    if problem:
        return problem
    if state.owner(action.obj) == state.active:
        return _fail(state, "A-B.14", "questions concern opponents' objects only")
    return None


def do_ask_question(state: State, action: AskQuestion) -> State:
    request = Request(Judgement.ANSWER, state.active, action.obj)
    return evolve(state, request=request, asked=True)


@implements("B10", "A-B.16")
def check_answer(state: State, action: Answer) -> IllegalAction | None:
    """B10: the sculptor answers YES, IT DEPENDS, CAN'T ANSWER or NO; A-B.16 his answer is an
    input the engine cannot judge, so any of the four is accepted."""
    request = state.request
    if request is None or request.judgement is not Judgement.ANSWER:
        return _fail(state, "B10", f"no question waits for an answer; {pending(state)}")
    if type(action.reply) is not Reply:
        return _fail(state, "B10", f"{describe(action.reply)} is not an answer", malformed=True)
    return None


@implements("B10", "B11")
def do_answer(state: State, action: Answer) -> State:
    """B10: the first NO ends the question phase and the solution phase follows. B11: a NO in
    the solution phase ends it, and with it the turn. B24: the answer is public."""
    request = state.request
    assert request is not None
    note = Note(request.asker, request.obj, False, reply=action.reply)
    state = evolve(state, request=None, notes=(*state.notes, note))
    if action.reply is Reply.NO:
        following = Step.SOLUTION if state.step is Step.QUESTION else Step.TURN_OVER
        state = evolve(state, step=following)
    return open_window(state, Event.ANSWER)


@implements("A-B.10", "B11")
def may_stop(state: State) -> bool:
    """A-B.10: whether the player may stop asking now. ``stop_to_guess``: in the question
    phase only (B11: the solution phase ends only with a guess or a NO); ``may_stop``: in
    either phase; ``until_no``: never."""
    mode = state.config.question_phase
    if mode is QuestionPhase.MAY_STOP:
        return True
    return mode is QuestionPhase.STOP_TO_GUESS and state.step is Step.QUESTION


@implements("A-B.10", "B11")
def check_stop(state: State, action: StopAsking) -> IllegalAction | None:
    """A-B.10: under ``question_phase = stop_to_guess`` (the default) the player may stop
    asking in his question phase, and goes on to the solution phase, which B11 ends only with
    a guess or a NO; under ``may_stop`` he may leave either phase and his turn ends; under
    ``until_no`` only a NO (or a guess) ends them."""
    if main_step(state) not in (Step.QUESTION, Step.SOLUTION):
        return _fail(state, "A-B.10", f"no question phase to leave; {pending(state)}")
    mode = state.config.question_phase
    if mode is QuestionPhase.UNTIL_NO:
        return _fail(state, "A-B.10", "the phase ends only at a NO or a guess (until_no)")
    if not may_stop(state):
        return _fail(
            state,
            "A-B.10",
            "the solution phase ends only with a guess or a NO (stop_to_guess)",
        )
    return None


def do_stop(state: State, action: StopAsking) -> State:
    """A-B.10: ``stop_to_guess`` after a question leads into the solution phase; before the
    first question (the "?" tile declined) and under ``may_stop`` the turn ends."""
    if state.config.question_phase is QuestionPhase.STOP_TO_GUESS and state.asked:
        return evolve(state, step=Step.SOLUTION)
    return end_effect(state)


# --- guesses (B11-B15, B20, B21) -------------------------------------------------------------


@implements("B11", "B12", "B14", "B17", "A-B.14", "A-B.20", "A-B.22")
def check_guess(state: State, action: Guess) -> IllegalAction | None:
    """B12: a guess is made only in the solution phase (B11) or as a curse's effect (B17).
    B14: not an object with 2 arrows; A-B.14 not one's own object, nor one holding one's
    arrow. A-B.20/A-B.22: with no such object no guess is possible."""
    caller = curse_caller(state)
    if caller is None and main_step(state) is not Step.SOLUTION:
        return _fail(
            state,
            "B12",
            f"a guess is possible only in the solution phase or with a curse; {pending(state)}",
        )
    seat = state.active if caller is None else caller
    problem = _check_object(state, action.obj, "B13")
    if problem:
        return problem
    obj = action.obj
    if state.owner(obj) == seat:
        return _fail(state, "A-B.14", "nobody guesses his own object")
    holders = state.arrows[obj]
    if len(holders) >= state.tables.arrows_per_object:
        return _fail(
            state,
            "B14",
            f"{object_name(state, obj)} holds {len(holders)} arrows and cannot be guessed",
        )
    if seat in holders:
        return _fail(state, "A-B.14", f"seat {seat} already has an arrow in that object")
    return None


def do_guess(state: State, action: Guess) -> State:
    caller = curse_caller(state)
    guesser = state.active if caller is None else caller
    request = Request(Judgement.VERDICT, guesser, action.obj, 0, caller is not None)
    return evolve(state, request=request)


@implements("B13", "A-B.16")
def check_judge(state: State, action: Judge) -> IllegalAction | None:
    """B13: the sculptor announces whether the guess is right; A-B.16 his verdict is an input
    and always decides."""
    request = state.request
    if request is None or request.judgement is not Judgement.VERDICT:
        return _fail(state, "B13", f"no guess waits for a verdict; {pending(state)}")
    if type(action.verdict) is not Verdict:
        return _fail(state, "B13", f"{describe(action.verdict)} is not a verdict", malformed=True)
    return None


@implements("B11", "B13", "B20", "B21", "A-B.13")
def do_judge(state: State, action: Judge) -> State:
    """B13: everyone learns the verdict; B20 a wrong guess has no effect; a right one scores
    (B14-B16, A-B.13 the same for a curse's guess). B11/B21: a guess in the solution phase
    ends it and the turn, even when right."""
    request = state.request
    assert request is not None
    right = action.verdict is Verdict.RIGHT
    note = Note(request.asker, request.obj, request.curse, right=right)
    state = evolve(state, notes=(*state.notes, note), request=None)
    if right:
        state = score_right_guess(state, request.asker, request.obj)
        if state.step is Step.OVER:
            return state
    if request.curse:
        return curse_done(state)
    return open_window(evolve(state, step=Step.TURN_OVER), Event.VERDICT)


# --- curse windows (B17, B18, A-B.11, A-B.12) ------------------------------------------------


def legal_calls(state: State) -> list[CallCurses]:
    """Every set of eligible callers, the empty one first, then by size and seats."""
    seats = eligible_callers(state)
    return [
        CallCurses(group) for size in range(len(seats) + 1) for group in combinations(seats, size)
    ]


@implements("B17", "A-B.11", "A-B.12")
def check_call(state: State, action: CallCurses) -> IllegalAction | None:
    """A-B.12: curses are called at a window, all callers at once. B17: each caller holds a
    token, and nobody calls during an opponent's solution phase; A-B.11 nor, under
    ``curse_in_own_solution = forbidden``, during his own."""
    if state.window is None:
        return _fail(state, "A-B.12", f"curses are called at a curse window; {pending(state)}")
    callers = action.callers
    players = state.tables.players
    if not is_tuple_of(callers, int, max_len=players) or not all(
        0 <= seat < players for seat in callers
    ):
        return _fail(
            state,
            "A-B.12",
            f"callers must be distinct seats 0-{players - 1}: {describe(callers)}",
            malformed=True,
        )
    if len(set(callers)) != len(callers) or list(callers) != sorted(callers):
        return _fail(
            state,
            "A-B.12",
            f"callers are distinct seats in increasing order: {describe(callers)}",
            malformed=True,
        )
    for seat in callers:
        if state.curses[seat] < 1:
            return _fail(state, "B17", f"seat {seat} has no curse token left")
        if not may_call_curse(state, seat):
            if seat != state.active:
                return _fail(
                    state, "B17", f"seat {seat} may not curse during an opponent's solution phase"
                )
            return _fail(
                state, "A-B.11", "no curse in one's own solution phase (curse_in_own_solution)"
            )
    return None


def do_call(state: State, action: CallCurses) -> State:
    if not action.callers:
        return evolve(state, window=None)
    return call_curses(state, action.callers)


def legal_curse_effects(state: State, caller: int) -> list[AskLetter | Guess]:
    effects: list[AskLetter | Guess] = list(legal_letter_requests(state, caller))
    effects.extend(Guess(obj) for obj in guessable(state, caller))
    return effects
