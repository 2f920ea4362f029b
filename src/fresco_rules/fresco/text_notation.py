"""A short text form for every Fresco action, and its parser.

The notation uses the words of the board as the text view (``str(state)``) prints them: get-up
times (``up 7:00``), booth numerals and 1-based slots (``buy IV:2``), segment labels with
columns a-e and rows 1-5 (``restore c3``, ``restore b2 bishop b3``), paint and glass colour
names. ``notation(state, action)`` is distinct for distinct actions; ``parse_action(state, text)``
returns the legal action that ``text`` names, refuses an action the rules forbid with an
``IllegalAction`` that names the rule, and text that names no action with a ``NotationError``;
both list the closest legal forms.

==========================  =============================================
action                      text
==========================  =============================================
``ChooseGetUp(2)``          ``up 7:00``
``SubmitPlan(2, 1)``        ``plan market 2 cathedral 1`` (``plan none``)
``BuyTile(3, 1)``           ``buy IV:2``
``CloseBooth(0)``           ``close I``
``Restore((1, 1), (1, 2))`` ``restore b2 bishop c2``
``RestoreAltar(...)``       ``altar red yellow blue``
``EarnStudio()``            ``studio``
``Blend(Paint.GREEN)``      ``blend green``
``AttendTheatre()``         ``theatre``
``ChooseTrackSpace(23)``    ``track 23``
``EndTurn()``               ``end``
module 4                    ``musician``, ``keep musician``, ``pennies 2``, ``wish``,
                            ``lucky fellow``, ``free paints M04``, ``visit c3``,
                            ``praise``, ``tip``, ``alchemy red red blue -> green``,
                            ``reward``
module 5                    ``gild``, ``no gild``
module 6                    ``glassworks market``, ``glassworks market apprentice``,
                            ``glassworks none``, ``glass red``, ``window 2``,
                            ``hand in red green``, ``hand in nothing``
modules 1 and 3             ``portrait P03 red blue``, ``sexton c3``, ``request A M01 M04``,
                            ``income red``
==========================  =============================================
"""

from __future__ import annotations

from collections.abc import Callable
from typing import overload

from ..kernel.errors import SHAPE_RULE, MalformedAction
from ..kernel.notation import OMITTED, ascii_int, quote, read_action, state_and_action
from . import actions
from .base_data import default_components
from .engine import current_player, explain, legal_actions
from .plugin_parts import number_parser
from .plugins import PLUGINS
from .state import State
from .words import booth_label, parse_booth, parse_paints, parse_segment, segment_label

PLAN_WORDS = ("market", "cathedral", "studio", "workshop", "theatre", "cathedral-2")
"""The plan's columns in ``SubmitPlan`` field order, as the notation names them."""

_NOTATIONS = tuple(plugin.notation for plugin in PLUGINS if plugin.notation is not None)
"""The modules' words (each plug-in's ``notation``), in module order."""

_SIMPLE: dict[type, str] = {
    actions.EarnStudio: "studio",
    actions.AttendTheatre: "theatre",
    actions.EndTurn: "end",
    **{kind: text for words in _NOTATIONS for kind, text in words.simple.items()},
}
_SIMPLE_BY_TEXT: dict[str, type] = {text: cls for cls, text in _SIMPLE.items()}
_MODULE_WRITERS = tuple(words.write for words in _NOTATIONS)


_DEFAULT_TIMES = tuple(space.time for space in default_components().sides[0].hostel)


def _times(state: State | None) -> tuple[str, ...]:
    if state is None:
        return _DEFAULT_TIMES
    return tuple(space.time for space in state.tables.hostel)


def _time(state: State | None, slot: int) -> str:
    times = _times(state)
    return times[slot] if 0 <= slot < len(times) else str(slot)


@overload
def notation(state: State | None, action: actions.Action) -> str: ...


@overload
def notation(action: actions.Action, state: State | None = None, /) -> str: ...


def notation(state: object = None, action: object = OMITTED) -> str:
    """The short text form of ``action``. Get-up spaces are written as their times
    (``up 7:00``): those of ``state``'s hostel (an A0.1 table may change them), or of the
    default board without a state. The state
    (or None) comes first, as in ``apply``; the old order ``notation(action, state)`` still
    works for this release, with a ``DeprecationWarning``."""
    board, chosen = state_and_action(State, state, action, game="Fresco")
    return _write(board, chosen)  # type: ignore[arg-type]  # _write refuses a non-action


def _write(state: State | None, action: actions.Action) -> str:
    simple = _SIMPLE.get(type(action))
    if simple is not None:
        return simple
    if isinstance(action, actions.ChooseGetUp):
        return f"up {_time(state, action.slot)}"
    if isinstance(action, actions.SubmitPlan):
        used = [f"{w} {n}" for w, n in zip(PLAN_WORDS, action.counts, strict=True) if n]
        return "plan " + (" ".join(used) if used else "none")
    if isinstance(action, actions.BuyTile):
        return f"buy {booth_label(action.booth)}:{action.slot + 1}"
    if isinstance(action, actions.CloseBooth):
        return f"close {booth_label(action.booth)}"
    if isinstance(action, actions.Restore):
        text = f"restore {segment_label(action.segment)}"
        if action.bishop_to is not None:
            text += f" bishop {segment_label(action.bishop_to)}"
        return text
    if isinstance(action, actions.RestoreAltar):
        return "altar " + " ".join(p.value for p in action.paints)
    if isinstance(action, actions.Blend):
        return f"blend {action.result.value}"
    if isinstance(action, actions.ChooseTrackSpace):
        return f"track {action.space}"
    for write in _MODULE_WRITERS:
        written = write(action)
        if written is not None:
            return written
    raise MalformedAction(SHAPE_RULE, f"not a Fresco action: {quote(action)}")


def _number(word: str) -> int | None:
    return ascii_int(word)


def _parse_up(state: State, args: list[str]) -> actions.Action | None:
    if len(args) != 1:
        return None
    times = _times(state)
    return actions.ChooseGetUp(times.index(args[0])) if args[0] in times else None


def _parse_plan(state: State, args: list[str]) -> actions.Action | None:
    if args == ["none"]:
        return actions.SubmitPlan()
    if len(args) % 2:
        return None
    counts = dict.fromkeys(PLAN_WORDS, 0)
    for word, count in zip(args[::2], args[1::2], strict=True):
        number = _number(count)
        if word not in counts or number is None:
            return None
        counts[word] += number
    market, cathedral, studio, workshop, theatre, cathedral_2 = counts.values()
    return actions.SubmitPlan(market, cathedral, studio, workshop, theatre, cathedral_2)


def _parse_buy(state: State, args: list[str]) -> actions.Action | None:
    if len(args) != 1 or args[0].count(":") != 1:
        return None
    booth_text, slot_text = args[0].split(":")
    booth, slot = parse_booth(booth_text), _number(slot_text)
    return None if booth is None or slot is None else actions.BuyTile(booth, slot - 1)


def _parse_close(state: State, args: list[str]) -> actions.Action | None:
    booth = parse_booth(args[0]) if len(args) == 1 else None
    return None if booth is None else actions.CloseBooth(booth)


def _parse_restore(state: State, args: list[str]) -> actions.Action | None:
    if len(args) == 1:
        segment = parse_segment(args[0])
        return None if segment is None else actions.Restore(segment)
    if len(args) == 3 and args[1] == "bishop":
        segment, to = parse_segment(args[0]), parse_segment(args[2])
        return None if segment is None or to is None else actions.Restore(segment, to)
    return None


def _parse_altar(state: State, args: list[str]) -> actions.Action | None:
    paints = parse_paints(args)
    if paints is None or len(paints) != 3:
        return None
    return actions.RestoreAltar((paints[0], paints[1], paints[2]))


def _parse_blend(state: State, args: list[str]) -> actions.Action | None:
    paints = parse_paints(args)
    return actions.Blend(paints[0]) if paints is not None and len(paints) == 1 else None


_Parser = Callable[[State, list[str]], actions.Action | None]
_PARSERS: dict[str, _Parser] = {
    "up": _parse_up,
    "plan": _parse_plan,
    "buy": _parse_buy,
    "close": _parse_close,
    "restore": _parse_restore,
    "altar": _parse_altar,
    "blend": _parse_blend,
    "track": number_parser(actions.ChooseTrackSpace),
    **{verb: parse for words in _NOTATIONS for verb, parse in words.parsers.items()},
}


def _read(state: State, text: str) -> actions.Action | None:
    """The action ``text`` names by the grammar alone (legal or not), or None."""
    simple = _SIMPLE_BY_TEXT.get(text)
    if simple is not None:
        action: actions.Action = simple()
        return action
    verb, *args = text.split(" ") if text else [""]
    parser = _PARSERS.get(verb)
    return None if parser is None else parser(state, args)


def legal_forms(state: State) -> tuple[str, ...]:
    """The notation of every legal action of ``state``, in ``legal_actions`` order."""
    return tuple(notation(state, action) for action in legal_actions(state))


def parse_action(state: State, text: str) -> actions.Action:
    """The legal action that ``text`` names in ``state`` (case, extra spaces and commas are
    ignored). Raises ``IllegalAction`` naming the rule when the text names an illegal action,
    ``NotationError`` (no rule ID) when it names none at all, both with the closest legal forms
    in the message; ``MalformedAction`` when ``text`` is not a string."""
    if not isinstance(state, State):
        raise MalformedAction(SHAPE_RULE, f"expected a Fresco State, got {type(state).__name__}")
    return read_action(
        state,
        text,
        legal=legal_actions(state),
        form=lambda action: notation(state, action),
        grammar=lambda wanted, _raw: _read(state, wanted),
        explain=explain,
        seat=current_player(state),
        where=state.where(),
    )
