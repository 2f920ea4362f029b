"""Carcassonne's action text in the adapters until the library has its own notation (then
``CarcassonneSpec.notation``/``parse`` call ``carcassonne.notation``/``parse_action`` instead):
the action's kind tag and its fields, ``place_tile x=1 y=-2 rotation=3``, ``deploy
feature=road:E,W``, ``return_figure x=0 y=1 feature=monastery``, ``pass``. Same signatures as
the library's (``notation(action)``, ``parse_action(state, text)``, ``legal_forms(state)``)."""

from __future__ import annotations

import attrs

from ..carcassonne.actions import ACTIONS_BY_KIND, Action
from ..carcassonne.engine import current_player, decision_rule, explain, legal_actions
from ..carcassonne.state import State
from ..kernel.errors import SHAPE_RULE, MalformedAction
from ..kernel.notation import quote, read_action


def notation(action: Action) -> str:
    """The text of a Carcassonne action: its kind tag, then ``field=value`` for each field."""
    cls = type(action)
    if cls not in ACTIONS_BY_KIND.values():
        raise MalformedAction(SHAPE_RULE, f"not a Carcassonne action: {quote(action)}")
    parts = [cls.kind]
    parts += [f"{f.name}={getattr(action, f.name)}" for f in attrs.fields(cls)]
    return " ".join(parts)


def _read(raw: str) -> Action | None:
    """The action ``raw`` (spaces collapsed, case kept: feature names are upper case) names
    by the grammar alone, legal or not; None when it names none."""
    kind, *words = raw.split(" ")
    cls = ACTIONS_BY_KIND.get(kind.lower())
    if cls is None:
        return None
    fields = attrs.fields(cls)
    values: dict[str, object] = {}
    for word, wanted in zip(words, fields, strict=False):
        name, equals, value = word.partition("=")
        if not equals or name.lower() != wanted.name:
            return None
        if wanted.type in (int, "int"):
            digits = value.removeprefix("-")
            if not digits.isdigit() or len(digits) > 6:
                return None
            values[name.lower()] = int(value)
        else:
            values[name.lower()] = value
    if len(words) != len(fields):
        return None
    return cls(**values)  # type: ignore[arg-type]


def legal_forms(state: State) -> tuple[str, ...]:
    """The notation of every legal action of ``state``, in ``legal_actions`` order."""
    return tuple(notation(action) for action in legal_actions(state))


def parse_action(state: State, text: str) -> Action:
    """The legal action ``text`` names in ``state``; an illegal one is refused with the rule
    ``explain`` gives, text naming no action with the rule of the decision in progress (the
    kernel's ``read_action``: closest legal forms in the message)."""
    if not isinstance(state, State):
        raise MalformedAction(
            SHAPE_RULE, f"expected a Carcassonne State, got {type(state).__name__}"
        )
    return read_action(
        state,
        text,
        legal=legal_actions(state),
        form=notation,
        grammar=lambda _wanted, raw: _read(raw),
        explain=explain,
        rule=decision_rule(state),
        seat=current_player(state),
        where=state.where(),
    )
