"""A short text form for every Barbarossa action, and its parser.

Objects are named by their sculptor's seat and a letter, as the text view (``str(state)``)
prints them: ``1b`` is seat 1's second object.

==============================  ========================
action                          text
==============================  ========================
``RollDie()``                   ``roll``
``SpendJewels(3)``              ``jewels 3``
``AskLetter(3, 2)``             ``letter 1b 2`` (``letter 1b last`` for the last letter)
``NoSuchLetter()``              ``no such letter`` (A-B.15)
``DeclineLetter()``             ``no letter``
``GiveLetter("B")``             ``write B``
``AskQuestion(3)``              ``ask 1b``
``Answer(Reply.IT_DEPENDS)``    ``answer it depends``
``StopAsking()``                ``stop``
``Guess(3)``                    ``guess 1b``
``Judge(Verdict.RIGHT)``        ``judge right``
``CallCurses((1, 3))``          ``curse 1 3`` (``no curse`` for ``()``)
==============================  ========================
"""

from __future__ import annotations

from typing import overload

from ..kernel.errors import SHAPE_RULE, MalformedAction
from ..kernel.notation import OMITTED, ascii_int, quote, read_action, state_and_action
from . import actions
from .engine import current_player, explain, legal_actions
from .state import State
from .vocab import LAST_LETTER, Reply, Verdict
from .words import object_label, parse_object

REPLY_WORDS = {
    Reply.YES: "yes",
    Reply.IT_DEPENDS: "it depends",
    Reply.CANT_ANSWER: "can't answer",
    Reply.NO: "no",
}
_REPLIES = {word: reply for reply, word in REPLY_WORDS.items()}
_SIMPLE: dict[str, actions.Action] = {
    "roll": actions.RollDie(),
    "no letter": actions.DeclineLetter(),
    "stop": actions.StopAsking(),
    "no curse": actions.CallCurses(()),
    "no such letter": actions.NoSuchLetter(),
}


def _per_player(state: State | None) -> int:
    return 2 if state is None else state.tables.objects_per_player


@overload
def notation(state: State | None, action: actions.Action) -> str: ...


@overload
def notation(action: actions.Action, state: State | None = None, /) -> str: ...


def notation(state: object = None, action: object = OMITTED) -> str:
    """The short text form of ``action``; objects are labelled with ``state``'s number of
    objects per player (2 without a state, as in every player count of the rulebook). The state
    (or None) comes first, as in ``apply``; the old order ``notation(action, state)`` still
    works for this release, with a ``DeprecationWarning``."""
    board, chosen = state_and_action(State, state, action, game="Barbarossa")
    return _write(board, chosen)  # type: ignore[arg-type]  # _write refuses a non-action


def _write(state: State | None, action: actions.Action) -> str:
    n = _per_player(state)
    if isinstance(action, actions.RollDie):
        return "roll"
    if isinstance(action, actions.SpendJewels):
        return f"jewels {action.count}"
    if isinstance(action, actions.AskLetter):
        position = "last" if action.position == LAST_LETTER else str(action.position)
        return f"letter {object_label(action.obj, n)} {position}"
    if isinstance(action, actions.NoSuchLetter):
        return "no such letter"
    if isinstance(action, actions.DeclineLetter):
        return "no letter"
    if isinstance(action, actions.GiveLetter):
        return f"write {action.letter}"
    if isinstance(action, actions.AskQuestion):
        return f"ask {object_label(action.obj, n)}"
    if isinstance(action, actions.Answer):
        return f"answer {REPLY_WORDS[action.reply]}"
    if isinstance(action, actions.StopAsking):
        return "stop"
    if isinstance(action, actions.Guess):
        return f"guess {object_label(action.obj, n)}"
    if isinstance(action, actions.Judge):
        return f"judge {action.verdict.value}"
    if isinstance(action, actions.CallCurses):
        if not action.callers:
            return "no curse"
        return "curse " + " ".join(str(seat) for seat in action.callers)
    raise MalformedAction(SHAPE_RULE, f"not a Barbarossa action: {quote(action)}")


def _number(word: str) -> int | None:
    return ascii_int(word)


def _read(state: State, wanted: str, raw: str) -> actions.Action | None:
    """The action the normalised text names by the grammar alone (legal or not), or None;
    ``raw`` keeps the case of a written letter."""
    simple = _SIMPLE.get(wanted)
    if simple is not None:
        return simple
    verb, _, rest = wanted.partition(" ")
    args = rest.split()
    n = _per_player(state)
    if verb == "jewels" and len(args) == 1:
        count = _number(args[0])
        return None if count is None else actions.SpendJewels(count)
    if verb in ("ask", "guess") and len(args) == 1:
        obj = parse_object(args[0], n)
        if obj is None:
            return None
        return actions.AskQuestion(obj) if verb == "ask" else actions.Guess(obj)
    if verb == "letter" and len(args) == 2:
        obj = parse_object(args[0], n)
        position = LAST_LETTER if args[1] == "last" else _number(args[1])
        return None if obj is None or position is None else actions.AskLetter(obj, position)
    if verb == "write":
        letter = raw.partition(" ")[2]
        return actions.GiveLetter(letter) if len(letter) == 1 else None
    if verb == "answer":
        reply = _REPLIES.get(rest)
        return None if reply is None else actions.Answer(reply)
    if verb == "judge" and rest in ("right", "wrong"):
        return actions.Judge(Verdict(rest))
    if verb == "curse" and args:
        seats = [_number(word) for word in args]
        if any(seat is None for seat in seats):
            return None
        return actions.CallCurses(tuple(seat for seat in seats if seat is not None))
    return None


def legal_forms(state: State) -> tuple[str, ...]:
    """The notation of every legal action of ``state``, in ``legal_actions`` order."""
    return tuple(notation(state, action) for action in legal_actions(state))


def parse_action(state: State, text: str) -> actions.Action:
    """The legal action that ``text`` names in ``state`` (case, extra spaces and commas are
    ignored, except a written letter's case, which the letter check ignores anyway). Raises
    ``IllegalAction`` naming the rule when the text names an illegal action, ``NotationError``
    (no rule ID) when it names none at all, both with the closest legal forms in the message;
    ``MalformedAction`` when ``text`` is not a string."""
    if not isinstance(state, State):
        raise MalformedAction(
            SHAPE_RULE, f"expected a Barbarossa State, got {type(state).__name__}"
        )
    return read_action(
        state,
        text,
        legal=legal_actions(state),
        form=lambda action: notation(state, action),
        grammar=lambda wanted, raw: _read(state, wanted, raw),
        explain=explain,
        seat=current_player(state),
        where=state.where(),
    )
