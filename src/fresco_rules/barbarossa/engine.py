"""The public game protocol for Barbarossa: legal actions, apply, explain and the read-outs."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache

from ..kernel.dispatch import ActionKinds
from ..kernel.errors import IllegalAction
from ..kernel.registry import implements
from . import turns
from .actions import (
    Action,
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
from .flow import advance
from .seat_view import PlayerView
from .state import Judgement, State, Step, object_name
from .turns import current_player as current_player
from .turns import decision_rule as decision_rule
from .turns import position_name
from .vocab import REPLY_LABELS, Reply, Verdict

_ANSWERS = tuple(Answer(reply) for reply in Reply)
_VERDICTS = tuple(Judge(verdict) for verdict in Verdict)
_STOP_ASKING, _DECLINE_LETTER = StopAsking(), DeclineLetter()

# Enum members bound to module names for the hot paths: in Python 3.11 ``Step.OVER`` goes
# through the enum metaclass's ``__getattr__`` hook, several times slower than a global.
_OVER, _MOVE, _LETTER, _SOLUTION = Step.OVER, Step.MOVE, Step.LETTER, Step.SOLUTION
_ANSWER, _VERDICT = Judgement.ANSWER, Judgement.VERDICT


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action of the seat to decide, in a fixed order, without duplicates; empty
    exactly when the game is over."""
    step = state.step
    if step is _OVER:
        return ()
    if state.window is not None:
        return tuple(turns.legal_calls(state))
    request = state.request
    if request is not None:
        if request.judgement is _ANSWER:
            return _ANSWERS
        if request.judgement is _VERDICT:
            return _VERDICTS
        return tuple(turns.legal_letters(state, request))
    if state.callers:
        return tuple(turns.legal_curse_effects(state, state.callers[0]))
    seat = state.active
    if step is _MOVE:
        return tuple(turns.legal_move(state))
    if step is _LETTER:
        return (*turns.letter_requests(state, seat), _DECLINE_LETTER)
    actions: list[Action] = list(_questions(turns.opponent_objects(state, seat)))
    if step is _SOLUTION:
        actions.extend(map(_guess, turns.guessable(state, seat)))
    if turns.may_stop(state):
        actions.append(_STOP_ASKING)
    return tuple(actions)


@lru_cache(maxsize=1 << 8)
def _questions(objects: tuple[int, ...]) -> tuple[AskQuestion, ...]:
    """A question about each of ``objects`` (the same few opponent sets recur: built once)."""
    return tuple(AskQuestion(obj) for obj in objects)


@cache
def _guess(obj: int) -> Guess:
    return Guess(obj)


def is_over(state: State) -> bool:
    return state.step is _OVER


KINDS: ActionKinds[State] = ActionKinds(
    game="Barbarossa",
    state_type=State,
    state_rule="B3",
    over_rule="B19",
    is_over=is_over,
    current_player=current_player,
    kinds={
        RollDie: (turns.check_roll, turns.do_roll),
        SpendJewels: (turns.check_spend, turns.do_spend),
        AskLetter: (turns.check_ask_letter, turns.do_ask_letter),
        DeclineLetter: (turns.check_decline, turns.do_decline),
        GiveLetter: (turns.check_give_letter, turns.do_give_letter),
        NoSuchLetter: (turns.check_no_such_letter, turns.do_give_letter),
        AskQuestion: (turns.check_ask_question, turns.do_ask_question),
        Answer: (turns.check_answer, turns.do_answer),
        StopAsking: (turns.check_stop, turns.do_stop),
        Guess: (turns.check_guess, turns.do_guess),
        Judge: (turns.check_judge, turns.do_judge),
        CallCurses: (turns.check_call, turns.do_call),
    },
    settle=advance,  # every effect is followed by the automatic steps (flow.advance)
)
"""The action kinds, each with its validator and effect (``kernel.dispatch``)."""
RULES = KINDS.kinds
"""The dispatch table: each action kind with its validator and effect."""

explain: Callable[[State, object], IllegalAction | None] = KINDS.explain
"""None when an action is legal in a state, otherwise the violation ``apply`` raises."""
apply: Callable[[State, object], State] = KINDS.apply
"""The state after an action; raises ``IllegalAction`` (rule ID and reason) when it is
illegal or malformed. The input state is never changed."""


def scores(state: State) -> tuple[int, ...]:
    """Per seat: the scoring disc's track index (the score track is the only score, B23)."""
    return state.discs


@implements("B19", "B23", "A-B.6", "A-B.7")
def winners(state: State) -> tuple[int, ...]:
    """B19: who won: the seat(s) that reached Finish (A-B.6), or after the last arrow the
    furthest disc(s) (A-B.7). B23: nothing else counts. Empty while the game goes on."""
    return state.winners


@implements("B3", "B17", "B22")
def token_ledger(state: State) -> dict[str, dict[str, int]]:
    """For each kind of component the count at each location; every kind's total is constant:
    B3 the 13 arrows (supply and each object), B17 the curse tokens (each seat and the
    discards) and B22 the jewels (each seat, and ``track`` for the unclaimed spaces up to the
    cap of 13 on every seat's jewel track)."""
    players = state.tables.players
    seats = [f"seat {seat}" for seat in range(players)]
    arrows = {"supply": state.tables.arrows_total - state.arrows_placed()}
    arrows.update({f"object {obj}": len(holders) for obj, holders in enumerate(state.arrows)})
    curses = dict(zip(seats, state.curses, strict=True))
    curses["discarded"] = state.discarded
    jewels = dict(zip(seats, state.jewels, strict=True))
    jewels["track"] = players * state.tables.jewel_max - sum(state.jewels)
    return {"arrows": arrows, "curses": curses, "jewels": jewels}


@implements("B2", "B24", "A-B.21")
def player_view(state: State, seat: int) -> PlayerView:
    """B24 (A-B.21): what one seat may see. Everything said aloud (``log``: questions' objects
    and answers, letter requests' objects and positions, guesses' objects and verdicts) is
    public; a letter (``""``: "no such letter") only for its asker and sculptor. B2: a seat
    knows its own words; every slip is shown once the game is over."""
    tables = state.tables
    over = state.step is Step.OVER
    return PlayerView(
        seat=seat,
        turn=state.turn,
        active=state.active,
        step=state.step.value,
        pawns=state.pawns,
        discs=state.discs,
        jewels=state.jewels,
        curses=state.curses,
        arrows=tuple(len(holders) for holders in state.arrows),
        arrow_holders=state.arrows,
        words=tuple(
            word if over or tables.owners[obj] == seat else None
            for obj, word in enumerate(tables.words)
        ),
        letters=tuple(
            (note.seat, note.obj, note.position, note.letter)
            for note in state.notes
            if note.is_letter and seat in (note.seat, tables.owners[note.obj])
        ),
        request=None
        if state.request is None
        else (
            state.request.judgement.value,
            state.request.asker,
            state.request.obj,
            state.request.position,
        ),
        window=None if state.window is None else state.window.value,
        callers=state.callers,
        log=public_log(state),
        winners=state.winners,
    )


@implements("B24", "A-B.21")
def public_log(state: State) -> tuple[str, ...]:
    """B24: what everyone hears, in game order: each question's object and the sculptor's
    answer, each letter request's object and position, each guess's object and verdict. The
    letter itself (or "no such letter") is not in it. A-B.21: this is the public part of the
    log of what each player has observed; ``player_view`` adds a seat's private letters."""
    lines = []
    for note in state.notes:
        what = object_name(state, note.obj)
        how = " with a curse" if note.curse else ""
        if note.reply is not None:
            lines.append(f"seat {note.seat} asked about {what}: {REPLY_LABELS[note.reply]}")
        elif note.is_letter:
            lines.append(
                f"seat {note.seat} asked seat {state.owner(note.obj)}{how} for "
                f"{position_name(note.position)} of {what}"
            )
        else:
            verdict = "right" if note.right else "wrong"
            lines.append(f"seat {note.seat}'s guess{how} on {what} was {verdict}")
    return tuple(lines)
