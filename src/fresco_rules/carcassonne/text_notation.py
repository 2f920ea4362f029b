"""A short text form for every Carcassonne action, and its parser.

Positions, turns and features are written in the words of ``words``, as the text view
(``str(state)``) and the SVG picture label them: ``2,-1`` is x 2 (east), y -1 (north of the
start tile); turns are clockwise degrees; features are compass words of the tile as it lies.

=====================================  ===================================
action                                 text
=====================================  ===================================
``PlaceTile(2, -1, 1)``                ``place 2,-1 90``
``Deploy("city:N,W")``                 ``deploy city N-W``
``Deploy("road:E,W")``                 ``deploy road E-W``
``Deploy("monastery")``                ``deploy monastery``
``Deploy("field:NL,NR,EL")``           ``deploy farm N-ENE``
``ReturnFigure(0, 1, "field:SL")``     ``return farm SSE at 0,1`` (F2 RETURN)
``Pass()``                             ``pass``
=====================================  ===================================

The parser ignores case, runs of spaces and commas (``place 2 -1 90`` works too), accepts
``90°`` for ``90``, feature parts in any order and a deployment without the word ``deploy``
(``city N-W``).
"""

from __future__ import annotations

from typing import overload

from ..kernel.errors import SHAPE_RULE, IllegalAction, MalformedAction, NotationError
from ..kernel.notation import (
    MAX_TEXT,
    OMITTED,
    ascii_int,
    normalise,
    quote,
    read_action,
    state_and_action,
)
from .actions import Action, Deploy, Pass, PlaceTile, ReturnFigure
from .engine import current_player, explain, legal_actions
from .state import Phase, State
from .words import feature_words, parse_feature, parse_turn, position, turn_words

_MAX_NUMBER = 6
"""Digits of a coordinate: more names no position on any board (bounded before ``int``)."""


def _exact_int(value: object) -> bool:
    return type(value) is int


def _exact_str(value: object) -> bool:
    return type(value) is str


@overload
def notation(state: State | None, action: Action) -> str: ...


@overload
def notation(action: Action, state: State | None = None, /) -> str: ...


def notation(state: object = None, action: object = OMITTED) -> str:
    """The short text form of ``action`` (``state`` is accepted for the same signature as the
    other games' ``notation`` and not needed: the forms name no hidden or drawn piece). The state
    (or None) comes first, as in ``apply``; the old order ``notation(action, state)`` still
    works for this release, with a ``DeprecationWarning``."""
    board, chosen = state_and_action(State, state, action, game="Carcassonne")
    return _write(board, chosen)  # type: ignore[arg-type]  # _write refuses a non-action


def _write(state: State | None, action: Action) -> str:
    if isinstance(action, PlaceTile) and all(
        _exact_int(v) for v in (action.x, action.y, action.rotation)
    ):
        return f"place {position(action.x, action.y)} {turn_words(action.rotation)}"
    if isinstance(action, Deploy) and _exact_str(action.feature):
        return f"deploy {feature_words(action.feature)}"
    if (
        isinstance(action, ReturnFigure)
        and _exact_int(action.x)
        and _exact_int(action.y)
        and _exact_str(action.feature)
    ):
        return f"return {feature_words(action.feature)} at {position(action.x, action.y)}"
    if isinstance(action, Pass):
        return "pass"
    raise MalformedAction(SHAPE_RULE, f"not a Carcassonne action: {quote(action)}")


def _coordinate(word: str) -> int | None:
    return ascii_int(word, _MAX_NUMBER, signed=True)


def _read(wanted: str) -> Action | None:
    """The action the normalised text names by the grammar alone (legal or not), or None."""
    if wanted == "pass":
        return Pass()
    verb, *args = wanted.split(" ")
    if verb == "place" and len(args) == 3:
        x, y, rotation = _coordinate(args[0]), _coordinate(args[1]), parse_turn(args[2])
        if x is None or y is None or rotation is None:
            return None
        return PlaceTile(x, y, rotation)
    # "at 2,-1" arrives as "at 2 -1": commas are spaces once normalised
    if verb == "return" and len(args) >= 4 and args[-3] == "at":
        x, y = _coordinate(args[-2]), _coordinate(args[-1])
        feature = parse_feature(args[:-3])
        if x is None or y is None or feature is None:
            return None
        return ReturnFigure(x, y, feature)
    words = args if verb == "deploy" else [verb, *args]
    feature = parse_feature(words)
    return None if feature is None else Deploy(feature)


def legal_forms(state: State) -> tuple[str, ...]:
    """The notation of every legal action of ``state``, in ``legal_actions`` order."""
    return tuple(notation(state, action) for action in legal_actions(state))


def parse_action(state: State, text: str) -> Action:
    """The legal action that ``text`` names in ``state``. Raises ``IllegalAction`` naming the
    rule when the text names an illegal action (the rule that forbids it: C1, C3, C6, C7, F2,
    F4, ...; C2 for a turn other than 0, 90, 180 or 270 degrees), ``NotationError`` (no rule
    ID) when it names none at all (``plce 0,1 0``), both with the closest legal forms in the
    message; ``MalformedAction`` (rule K.1) when ``text`` is not a string or
    ``state`` is not a Carcassonne state."""
    if not isinstance(state, State):
        raise MalformedAction(
            SHAPE_RULE, f"expected a Carcassonne State, got {type(state).__name__}"
        )
    try:
        return read_action(
            state,
            text,
            legal=legal_actions(state),
            form=lambda action: notation(state, action),
            grammar=lambda wanted, _raw: _read(wanted),
            explain=explain,
            seat=current_player(state),
            where=state.where(),
        )
    except NotationError as refused:
        # an exact str: a subclass's own methods never run (read_action takes the same care)
        turn = _bad_turn(str.__str__(text)) if state.phase is Phase.PLACE else None
        if turn is None:
            raise
        _, _, closest = refused.reason.partition("; closest legal: ")
        hint = f"; closest legal: {closest}" if closest else ""
        raise IllegalAction(
            "C2",
            f"a tile turns 0, 90, 180 or 270 degrees clockwise, not {quote(turn)}{hint}",
            seat=refused.seat,
            where=refused.where,
        ) from None


def _bad_turn(text: str) -> str | None:
    """The turn of ``place X,Y TURN`` when the position is well written and the turn is not a
    number of degrees the notation knows (``45``, or quarter turns ``1``), else None."""
    if len(text) > MAX_TEXT:
        return None
    words = normalise(text).split(" ")
    if len(words) != 4 or words[0] != "place":
        return None
    if _coordinate(words[1]) is None or _coordinate(words[2]) is None:
        return None
    return None if parse_turn(words[3]) is not None else words[3]
