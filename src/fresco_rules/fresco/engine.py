"""The public game protocol for Fresco: legal actions, apply, explain and the read-outs."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import repeat
from operator import is_
from typing import Any

from ..kernel.chance import Outcome, checked_seed
from ..kernel.dispatch import ActionKinds
from ..kernel.errors import IllegalAction
from ..kernel.memo import memo_last
from ..kernel.registry import implements
from . import extensions as ext
from . import turns
from .actions import (
    BASE_ACTION_TYPES,
    Action,
    AttendTheatre,
    Blend,
    BuyTile,
    ChooseGetUp,
    ChooseTrackSpace,
    CloseBooth,
    EarnStudio,
    EndTurn,
    Restore,
    RestoreAltar,
    SubmitPlan,
)
from .config import GameConfig
from .extensions import Check, Effect
from .flow import advance, plan_due
from .flow import new_game as set_up
from .plugins import PLUGINS, derive_tables
from .seat_view import PlayerView
from .state import Phase, State, Turn
from .turns import current_player as current_player
from .vocab import BASE_PAINTS, BOOTH_NAMES, Location

BASE_RULES: dict[type[Any], tuple[Check, Effect]] = {
    ChooseGetUp: (turns.check_get_up, turns.do_get_up),
    SubmitPlan: (turns.check_plan, turns.do_plan),
    BuyTile: (turns.check_buy, turns.do_buy),
    CloseBooth: (turns.check_close, turns.do_close),
    Restore: (turns.check_restore, turns.do_restore),
    RestoreAltar: (turns.check_altar, turns.do_altar),
    EarnStudio: (turns.check_studio, turns.do_studio),
    Blend: (turns.check_blend, turns.do_blend),
    AttendTheatre: (turns.check_theatre, turns.do_theatre),
    ChooseTrackSpace: (turns.check_track_space, turns.do_track_space),
    EndTurn: (turns.check_end_turn, turns.do_end_turn),
}
"""The base game's action kinds with their validator and effect."""

ACTION_TYPES: tuple[type[Action], ...] = (
    *BASE_ACTION_TYPES,
    *(kind for plugin in PLUGINS for kind in plugin.actions),
)
"""Every action kind, base game first, then each module's in module order (record order)."""
ACTIONS_BY_KIND: dict[str, type[Action]] = {cls.kind: cls for cls in ACTION_TYPES}
_STAGE_KINDS = frozenset(kind for plugin in PLUGINS for kind in plugin.stage_kinds)

# Enum members bound to module names for the hot paths: in Python 3.11 ``Phase.OVER`` goes
# through the enum metaclass's ``__getattr__`` hook, several times slower than a global.
_GET_UP, _PLANNING, _OVER = Phase.GET_UP, Phase.PLAN, Phase.OVER
_MARKET, _CATHEDRAL, _CATHEDRAL_2 = Location.MARKET, Location.CATHEDRAL, Location.CATHEDRAL_2
_AT_STUDIO, _WORKSHOP, _AT_THEATRE = Location.STUDIO, Location.WORKSHOP, Location.THEATRE

_END_TURN = EndTurn()
_ONLY_END_TURN = (_END_TURN,)
_STUDIO = (EarnStudio(), _END_TURN)
_THEATRE = (AttendTheatre(), _END_TURN)


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action of the player to move, in a fixed order, without duplicates; empty
    exactly when the game is over."""
    phase = state.phase
    if phase is _OVER:
        return ()
    modules = state.tables.modules
    if modules:
        due = ext.pending(state)
        if due is not None:
            return due.actions
    if phase is _GET_UP:
        return turns.legal_get_up(state)
    if phase is _PLANNING:
        if modules:
            step = plan_due(state)  # a module's planning decision
            if step is not None and step[1] is not None:
                return step[1].actions
        return turns.legal_plans(state)
    if state.pending_track:
        return tuple(ChooseTrackSpace(space) for space in state.pending_track)
    turn = state.turn
    assert turn is not None
    if modules:
        if turn.actor == state.tables.leonardo:
            own: ext.Pending | None = ext.first(state.tables.hooks.leonardo_turn, state, turn)
            if own is not None:
                return own.actions
        base = _turn_actions(state, turn) if turn.left > 0 else _ONLY_END_TURN
        return ext.legal_in_turn(state, turn, base)
    return _turn_actions(state, turn)


def _turn_actions(state: State, turn: Turn) -> tuple[Action, ...]:
    """The actions of a turn at a location (R0.31-R0.48)."""
    location = turn.location
    if location is _MARKET:
        return tuple(turns.legal_market(state, turn))
    if location is _CATHEDRAL or location is _CATHEDRAL_2:
        return tuple(turns.legal_cathedral(state, turn))
    if location is _AT_STUDIO:
        return _STUDIO
    if location is _WORKSHOP:
        paints = state.paints[turn.actor]
        needs = state.tables.blend_needs  # module 3: pink and brown too (R3.4)
        blends = tuple(action for action, a, b in needs if paints[a] and paints[b])
        return (*blends, _END_TURN)
    if location is _AT_THEATRE:
        return _THEATRE
    return (*ext.legal_module_location(state, turn), _END_TURN)


def _due_refusal(state: State, action: object) -> IllegalAction | None:
    """The dispatch's gate (``ActionKinds.gate``): with modules in play, a module decision that
    is due now refuses an action of any kind it does not take (under its own rule)."""
    if state.tables.modules:
        # ``extensions.pending`` is remembered for the last state (``flow.advance`` hands it
        # over); while planning, a module's planning step (``flow.plan_due``, remembered too)
        due = ext.pending(state)
        if due is None and state.phase is _PLANNING:
            step = plan_due(state)
            due = None if step is None else step[1]
        if due is not None and not _takes(due, action):
            return IllegalAction(
                due.rule, due.reason, seat=current_player(state), where=state.where()
            )
    return None


def _takes(due: ext.Pending, action: object) -> bool:
    """True when ``action`` is of a kind the due decision takes, or a restoration-stage kind
    (whose own validator names the precise rule)."""
    kind = getattr(type(action), "kind", None)
    if kind in _STAGE_KINDS:
        return True
    if due.exact:
        return any(type(action) is type(a) and action == a for a in due.actions)
    return any(map(is_, map(type, due.actions), repeat(type(action))))  # by identity, in C


def is_over(state: State) -> bool:
    return state.phase is _OVER


KINDS: ActionKinds[State] = ActionKinds(
    game="Fresco",
    state_type=State,
    state_rule="R0.14",
    over_rule="R0.62",
    is_over=is_over,
    current_player=current_player,
    kinds={
        **BASE_RULES,
        **{kind: rules for plugin in PLUGINS for kind, rules in plugin.actions.items()},
    },
    gate=_due_refusal,
    settle=advance,  # every effect is followed by the automatic steps (flow.advance)
)
"""The action kinds (``kernel.dispatch``): the base game's rules plus every installed module's
(a module's validators refuse its actions with G.1 when it is not in play)."""
RULES = KINDS.kinds
"""The dispatch table: each action kind with its validator and effect."""

explain: Callable[[State, object], IllegalAction | None] = KINDS.explain
"""None when an action is legal in a state, otherwise the violation ``apply`` raises."""
apply: Callable[[State, object], State] = KINDS.apply
"""The state after an action; raises ``IllegalAction`` (rule ID and reason) when it is
illegal or malformed. The input state is never changed."""

_tables_for = memo_last(derive_tables)
"""``derive_tables`` (with the plug-ins) remembered for the last config object: a frozen
config's tables depend on it alone, so the games of one config share them."""


def new_game(
    config: GameConfig | None = None,
    seed: int = 0,
    *,
    chance: Sequence[Outcome] = (),
    chance_only: bool = False,
) -> State:
    """Set up a game from the config (default: the base game) and a seed (``flow.new_game``,
    R0.3-R0.13), with the tables derived from the config and the plug-ins of
    ``fresco/plugins.py``."""
    if config is None:
        config = GameConfig()
    seed = checked_seed(seed)
    tables = _tables_for(config)
    return set_up(config, seed, tables=tables, chance=chance, chance_only=chance_only)


def scores(state: State) -> tuple[int, ...]:
    """Victory points per seat: the painter's track space, 0 on a start space (R0.49)."""
    return state.track[: state.tables.players]


@implements("R0.49")
def leonardo_score(state: State) -> int | None:
    """R0.49: Leonardo's victory points (his track space), or None without him."""
    leo = state.tables.leonardo
    return state.track[leo] if leo >= 0 else None


@implements("R0.65", "A0.19")
def winners(state: State) -> tuple[int, ...]:
    """R0.65 (A0.19): the seat furthest along the track; players on start spaces (score 0) tie,
    so when nobody scored every player shares the win. Leonardo cannot win."""
    points = scores(state)
    best = max(points)
    return tuple(seat for seat, p in enumerate(points) if p == best)


@implements("R0.66", "R0.67", "A0.10")
def token_ledger(state: State) -> dict[str, dict[str, int]]:
    """R0.66/R0.67 (A0.10): for each kind of component the count at each location. Supplies
    of money and paints are unlimited and may go below zero ("noted on paper"); every kind's
    total is constant over a game."""
    players = state.tables.players
    seats = [f"seat {s}" for s in range(players)]
    ledger: dict[str, dict[str, int]] = {
        "money": {"supply": state.supply_money, **dict(zip(seats, state.money, strict=True))}
    }
    for paint in BASE_PAINTS:
        i = paint.index
        ledger[f"paint.{paint.value}"] = {
            "supply": state.supply_paints[i],
            **{seat: state.paints[s][i] for s, seat in enumerate(seats)},
        }
    frescos = {
        "cathedral": state.tiles_left(),
        **{seat: len(state.held[s]) for s, seat in enumerate(seats)},
    }
    if state.tables.leonardo >= 0:
        frescos["leonardo"] = len(state.held[state.tables.leonardo])
    ledger["fresco_tiles"] = frescos
    market = {"bag": len(state.bag), "removed": len(state.removed)}
    for b, slots in enumerate(state.booths):
        market[f"booth {BOOTH_NAMES[b]}"] = sum(tile is not None for tile in slots)
    ledger["market_tiles"] = market
    ledger["apprentices"] = _apprentice_ledger(state, seats)
    if state.tables.modules:
        for kind, places in ext.ledger(state, seats).items():
            ledger.setdefault(kind, {}).update(places)
    return ledger


def _apprentice_ledger(state: State, seats: list[str]) -> dict[str, int]:
    """Own and natural apprentices by mood zone (R0.23); the rest stay in the box."""
    data = state.config.components.apprentices
    mood = state.tables.mood
    box = 4 * data.per_player + data.natural
    counts: dict[str, int] = {}
    for s, seat in enumerate(seats):
        row = state.mood[s]
        set_aside = 1 if row in mood.minus_rows else 0
        natural = 1 if row in mood.plus_rows else 0
        counts[seat] = data.per_player - set_aside + natural
        counts[f"{seat} set aside"] = set_aside
        counts[f"mood column {s}"] = 1 - natural
        box -= data.per_player + 1
    if state.tables.leonardo >= 0:
        counts["leonardo"] = 2
        box -= 2
    counts["box"] = box
    return counts


@implements("R0.68")
def player_view(state: State, seat: int) -> PlayerView:
    """R0.68: what one seat may see. Other players' paints and money (behind their large screens)
    are hidden, and so are their plans until every plan is in."""
    players = state.tables.players
    revealed = state.phase is not Phase.PLAN
    return PlayerView(
        seat=seat,
        round=state.round,
        phase=state.phase.value,
        track=state.track,
        mood=state.mood,
        hostel=state.hostel,
        held_tiles=tuple(len(h) for h in state.held),
        money=tuple(state.money[s] if s == seat else None for s in range(players)),
        paints=tuple(state.paints[s] if s == seat else None for s in range(players)),
        plans=tuple(p if revealed or s == seat else None for s, p in enumerate(state.plans)),
        cathedral=state.cathedral,
        bishop=state.bishop,
        booths=state.booths,
        extra=ext.view(state, seat) if state.tables.modules else {},
    )
