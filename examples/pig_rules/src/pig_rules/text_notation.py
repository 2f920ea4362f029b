"""Pig's text notation: ``roll`` and ``hold`` (case and spaces do not matter)."""

from __future__ import annotations

from fresco_rules.kernel.errors import SHAPE_RULE, MalformedAction
from fresco_rules.kernel.notation import read_action
from fresco_rules.kernel.untrusted import describe

from .actions import Action, Hold, Roll
from .engine import HOLD, ROLL, current_player, explain, legal_actions
from .state import State
from .vocab import HOLD_WORD, ROLL_WORD

_WORDS: dict[str, Action] = {ROLL_WORD: ROLL, HOLD_WORD: HOLD}


def notation(state: State | None, action: object) -> str:
    """The text of ``action`` (the state does not change it)."""
    if type(action) is Roll:
        return ROLL_WORD
    if type(action) is Hold:
        return HOLD_WORD
    raise MalformedAction(SHAPE_RULE, f"{describe(action)} is not a Pig action")


def legal_forms(state: State) -> tuple[str, ...]:
    """The text of every legal action."""
    return tuple(notation(state, action) for action in legal_actions(state))


def _grammar(wanted: str, raw: str) -> Action | None:
    return _WORDS.get(wanted)


def parse_action(state: State, text: str) -> Action:
    """The legal action ``text`` names: ``NotationError`` when it names none, the rule's
    ``IllegalAction`` when it names an illegal one (``hold`` before a roll: P5)."""
    return read_action(
        state,
        text,
        legal=legal_actions(state),
        form=lambda action: notation(state, action),
        grammar=_grammar,
        explain=explain,
        seat=current_player(state),
        where=state.where(),
    )
