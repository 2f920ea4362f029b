"""Fresco for the adapters: parameters, the fixed action space, chance outcomes, tensors.

Parameters (OpenSpiel style, all with defaults): ``players`` (2-4), ``modules`` (``""``, or
module numbers separated by ``;`` or ``,``, e.g. ``"4;6"``; a single module is written ``5;``
in a game string, which OpenSpiel would otherwise read as an integer), ``max_length`` (nodes
before a game is cut off, see ``fresco_rules.adapters.core.Table.truncated``) and every
interpretation option of ``GameConfig`` by name with its value string
(``market_refill=redraw_all``).

Action space (``FrescoSpec.actions``): every get-up slot, plan, purchase, booth closing,
restoration (with every bishop move), altar hand-in (with module 3 also those with pink and
brown, R3.8), studio, blend (pink and brown with module 3, R3.5), theatre, the track-space
choice as slots, end; then each module's part: module 1 every portrait taken (a Merchant's also
with each pair of primaries it names) and the Sexton to every segment; module 2 each pile's
request with every set of 3 fresco tiles whose backs fit it and the 3 income primaries; module
3 nothing of its own; modules 4-6 their cards, gold and glass actions.

Chance outcomes: ``start_space``, ``market``, ``fresco`` (the deal); module 1 ``portrait``
(the shuffle of the deck, one draw per card), module 3 ``fresco_removed`` (the 7 tiles removed
at set-up), module 4 ``wishing_card``, module 5 ``disc``, module 6 ``glass`` and ``window``.

Tensor layout (``FrescoSpec.tensor_layout`` gives the names and sizes in order), all from
``player_view(state, seat)`` and the public turn: ``observer`` (one-hot seat), ``to_move``
(one-hot actor, Leonardo last with 2 players; all 0 at the end), ``phase`` (one-hot get-up,
plan, action, over), ``round``, ``final``, ``side``, per actor ``track``, ``mood`` and
``hostel`` (get-up index + 1, 0 asleep) and ``held_tiles``, the observer's own ``money`` and
``paints`` (6 base paints; 8 with module 3: then pink, brown), per actor ``plans`` (visible flag
+ 6 column counts, zero while hidden), ``cathedral`` (25 segments row-major x (tile present,
value, 6 or 8 paint counts)), ``bishop`` (one-hot 25), ``booths`` (every booth slot x (tile
present, 6 paint counts)), ``turn`` (one-hot location x 7, one-hot actor, actions left),
``track_choice`` (pending spaces); then per module in play, in module order: module 1
``portraits`` (deck size; per display space a one-hot over the 18 cards; per player the count
of each card held; a flag per removed card; per actor portraits taken this round; per player
Sexton moves made; a Sexton move awaiting its restoration), module 2 ``requests`` (per request
tile, piles in general/orange/green/purple order: in its pile, one-hot owner of the stack it
tops, removed; per actor a flag per fresco tile held loose; per actor a request fulfilled this
round; per player general-request primaries still to choose), module 3 ``fresco_removed``
(how many tiles set-up removed; which is hidden, A3.1), module 4 ``well`` (well, supply, deck,
own pennies, own symbol pennies, own cards), module 5 ``gold`` (supply, own leaf gold, one-hot
gilding colour x 6), module 6 ``glass`` (offer x 4, bag, own tokens x 4, workbench slots
filled x 6, pile).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from itertools import combinations_with_replacement, product
from typing import Any

from .. import fresco as fa
from ..kernel.adapter_spec import (
    AdapterError,
    GameSpec,
    Params,
    Slot,
    enum_params,
    one_hot,
    parse_int,
    rules_of,
)
from ..kernel.chance import Outcome
from ..kernel.errors import RulesError
from ..kernel.protocol import GameRules
from . import GAME, engine, flow, rule_catalogue, scoring
from .config import OPTION_TYPES, GameConfig
from .engine import new_game
from .extensions import ModuleRules
from .plugin_parts import AdapterPart, seq
from .plugins import PLUGINS, derive_tables
from .state import Phase, State
from .vocab import (
    BASE_PAINTS,
    PLAN_COLUMNS,
    SEGMENTS,
    Location,
    Module,
    Paint,
)

MAX_PER_COLUMN = 3
TRACK_CHOICES = 4
"""R0.51: the track-space choice offers the free spaces behind and in front (at most 2); the
spare slots are never offered."""

_DESCRIBED = frozenset(plugin.module for plugin in PLUGINS if plugin.adapter is not None)
"""The modules whose plug-in declares their part of the adapters (``Plugin.adapter``)."""
_PHASES = (Phase.GET_UP, Phase.PLAN, Phase.ACTION, Phase.OVER)
_LOCATIONS = tuple(Location)


def _defaults() -> dict[str, Any]:
    config = GameConfig()
    params: dict[str, Any] = {"players": config.players, "modules": "", "max_length": 6000}
    for name in OPTION_TYPES:
        params[name] = getattr(config, name).value
    return params


def parse_module_list(text: str) -> frozenset[Module]:
    parts = [part.strip() for part in str(text).replace(";", ",").split(",")]
    try:
        return frozenset(Module.from_number(part) for part in parts if part)
    except ValueError as exc:
        raise AdapterError(str(exc)) from None


_RULE_MODULE = re.compile(r"(?:[A-Z](?P<module>[0-9])|(?P<general>G|M|EM|AM))\.[0-9]+$")
"""A Fresco rule ID: the module it belongs to (0 the base game), or a general rule of the
modules 4-6 (``G``) or 1-3 (``M``, ``EM``, ``AM``)."""


def _module_in_play(match: re.Match[str] | None, modules: set[int]) -> bool:
    if match is None:  # not a rule ID (a note of the report): kept
        return True
    if match["module"] is not None:
        return int(match["module"]) == 0 or int(match["module"]) in modules
    wanted = {4, 5, 6} if match["general"] == "G" else {1, 2, 3}
    return bool(wanted & modules)


def _leonardo_rules() -> set[str]:
    """The rules about Leonardo, the two-player game's neutral painter (by the catalogue's
    words: its section on two players or a title naming him)."""
    return {
        entry.id
        for entry in rule_catalogue.catalogue(PLUGINS)
        if "Leonardo" in entry.section or "Leonardo" in entry.title
    }


def _restoration_rules(before: Any, after: Any) -> list[str]:
    """The rules of the restoration a step scored (an altar, or a segment with the bishop's
    bonus), none when it scored none."""
    if after.scored is None or after.scored is before.scored:
        return []
    if after.scored.restoration.segment is None:
        found = rules_of(scoring.altar_points)
    else:
        found = rules_of(scoring.bishop_bonus)
    return [*found, *rules_of(scoring.restoration_points, scoring.track_options)]


class FrescoSpec(GameSpec):
    name = "fresco"
    min_players = 2
    max_players = 4
    modules_help = ", ".join(f"{plugin.module.value} {plugin.title}" for plugin in PLUGINS)
    default_params: Mapping[str, Any] = _defaults()
    default_max_length = 6000
    max_draws_per_step = 96
    action_kinds = engine.RULES

    def canonical_params(self, params: Params) -> dict[str, Any]:
        found = dict(params)
        modules = sorted(m.value for m in parse_module_list(str(params["modules"])))
        text = ";".join(str(m) for m in modules)
        found["modules"] = f"{text};" if len(modules) == 1 else text
        return found

    def config(self, params: Params) -> GameConfig:
        players = parse_int(params, "players", 2, 4)
        chosen = enum_params(params, OPTION_TYPES)
        modules = parse_module_list(params["modules"])
        missing = sorted(m.value for m in modules if m not in _DESCRIBED)
        if missing:
            raise AdapterError(f"the adapters do not describe module(s) {missing} yet")
        config = GameConfig(players=players, modules=modules, **chosen)
        try:
            derive_tables(config)
        except RulesError as exc:
            raise AdapterError(str(exc)) from None
        return config

    def new_game(self, config: Any, script: Sequence[Outcome]) -> State:
        return new_game(config, 0, chance=script, chance_only=True)

    def view(self, state: Any, seat: int) -> Mapping[str, object]:
        return engine.player_view(state, seat)

    def public_context(self, state: Any) -> str:
        parts = []
        if state.turn is not None:
            turn = state.turn
            parts.append(f"turn={turn.location.value},{turn.actor},{turn.left},{turn.booth}")
        if state.pending_track:
            parts.append(f"track_choice={state.pending_track}")
        if state.restoring is not None:
            r = state.restoring
            parts.append(f"restoring={r.segment},{r.tile},{r.step},{r.gild},{r.window},{r.glass}")
        return "; ".join(parts)

    def notation(self, state: Any, action: object) -> str:
        """The library's Fresco notation (``fresco.notation``: ``up 7:00``, ``buy IV:2``)."""
        text: str = fa.notation(state, action)  # type: ignore[call-overload]
        return text

    def parse(self, state: Any, text: str) -> object:
        return fa.parse_action(state, text)

    def rules(self) -> GameRules[Any, Any]:
        return GAME

    def summary(self, state: Any) -> str:
        return f"{state.where()}; track {state.track}; money {state.money}"

    def score_rules(self, before: Any, action: object, after: Any) -> tuple[str, ...]:
        """The rules of the points a step scored (a restoration, the final scoring); the whole
        ``step_rules`` when it scored none."""
        found = _restoration_rules(before, after)
        if after.phase is Phase.OVER:
            found += rules_of(flow.final_scoring, scoring.money_points)
        if not found:
            return self.step_rules(before, action, after)
        return tuple(dict.fromkeys(found))

    def rules_in_play(self, state: Any, rules: tuple[str, ...]) -> tuple[str, ...]:
        """Base-game rules (``R0.40``, ``A0.5``), those of the modules in play (``R5.3`` with
        module 5, ``G.6`` with any of 4-6, ``M.2`` with any of 1-3), and Leonardo's only in a
        two-player game."""
        config = state.config
        modules = {module.value for module in config.modules}
        leonardo = set() if config.players == 2 else _leonardo_rules()
        return tuple(
            rule
            for rule in rules
            if rule not in leonardo and _module_in_play(_RULE_MODULE.match(rule), modules)
        )

    def step_rules(self, before: Any, action: object, after: Any) -> tuple[str, ...]:
        """The scoring, round-preparation and final-scoring rules a step set off, then the
        action's own."""
        found = _restoration_rules(before, after)
        if after.round != before.round:
            found += rules_of(
                flow.prepare_round,
                flow.refill_market,
                flow.pay_income,
                flow.return_hostel_painters,
                flow.rotate_start_spaces,
            )
        if after.phase is Phase.OVER:
            found += rules_of(flow.final_scoring, scoring.money_points)
        found += self.action_rules(action)
        return tuple(dict.fromkeys(found))

    # --- the action space ------------------------------------------------------------------
    def actions(self, config: Any) -> Sequence[object]:
        tables = derive_tables(config)
        found: list[object] = [fa.ChooseGetUp(slot) for slot in range(len(tables.hostel))]
        for counts in product(range(MAX_PER_COLUMN + 1), repeat=len(PLAN_COLUMNS)):
            if counts[4] and counts[5]:
                continue  # theatre (side 1) and second cathedral (side 2) never together
            found.append(fa.SubmitPlan(*counts))
        for booth, capacity in enumerate(tables.booth_capacities):
            found.extend(fa.BuyTile(booth, slot) for slot in range(capacity))
        found.extend(fa.CloseBooth(booth) for booth in range(len(tables.booth_capacities)))
        for segment in SEGMENTS:
            found.append(fa.Restore(segment))
            found.extend(fa.Restore(segment, to) for to in SEGMENTS)
        triples = [*combinations_with_replacement(BASE_PAINTS, 3)]
        triples += [paints for paints, _ in tables.altar_hand_ins]  # R3.8: pink and brown
        found.extend(dict.fromkeys(fa.RestoreAltar(paints) for paints in triples))
        found.append(fa.EarnStudio())
        found.extend(fa.Blend(result) for result in Paint if result in tables.blends)
        found.append(fa.AttendTheatre())
        found.extend(Slot("track", k) for k in range(TRACK_CHOICES))
        found.append(fa.EndTurn())
        for part, rules in _adapter_parts(tables):
            found += part.actions(tables, rules)
        return found

    def slot_of(self, state: Any, action: object) -> Slot | None:
        if isinstance(action, fa.ChooseTrackSpace) and action.space in state.pending_track:
            k = sorted(state.pending_track).index(action.space)
            return Slot("track", k) if k < TRACK_CHOICES else None
        return None

    def resolve_slot(self, state: Any, slot: Slot) -> object | None:
        spaces = sorted(state.pending_track)
        if slot.kind == "track" and slot.index < len(spaces):
            return fa.ChooseTrackSpace(spaces[slot.index])
        return None

    # --- chance ----------------------------------------------------------------------------
    def chance_outcomes(self, config: Any) -> Sequence[Outcome]:
        tables = derive_tables(config)
        found: list[Outcome] = [("start_space", str(seat)) for seat in range(tables.players)]
        market = sorted({*tables.market_in_play, *tables.market_removed})
        found += [("market", tile) for tile in market]
        found += [("fresco", tile) for tile in sorted(set(tables.dealt_tiles))]
        for part, rules in _adapter_parts(tables):
            found += part.chance(tables, rules)
        return found

    # --- tensors ---------------------------------------------------------------------------
    def tensor_layout(self, config: Any) -> tuple[tuple[str, int], ...]:
        tables = derive_tables(config)
        players, actors = tables.players, tables.actors
        slots = sum(tables.booth_capacities)
        width = _paint_width(tables)
        layout = [
            ("observer", players),
            ("to_move", actors),
            ("phase", len(_PHASES)),
            ("round", 1),
            ("final", 1),
            ("side", 1),
            ("track", actors),
            ("mood", players),
            ("hostel", actors),
            ("held_tiles", actors),
            ("money", 1),
            ("paints", width),
            ("plans", actors * (1 + len(PLAN_COLUMNS))),
            ("cathedral", len(SEGMENTS) * (2 + width)),
            ("bishop", len(SEGMENTS)),
            ("booths", slots * (1 + len(BASE_PAINTS))),
            ("turn", len(_LOCATIONS) + actors + 1),
            ("track_choice", TRACK_CHOICES),
        ]
        for part, rules in _adapter_parts(tables):
            layout += part.layout(tables, rules)
        return tuple(layout)

    def tensor(self, state: Any, seat: int) -> list[float]:
        tables = state.tables
        players, actors = tables.players, tables.actors
        view = engine.player_view(state, seat)
        out: list[float] = one_hot(players, seat)
        out += one_hot(actors, _actor_to_move(state))
        out += one_hot(len(_PHASES), _PHASES.index(state.phase))
        out += [float(state.round), float(state.final), float(state.side)]
        out += [float(v) for v in seq(view["track"])]
        out += [float(v) for v in seq(view["mood"])]
        out += [float(v) + 1.0 for v in seq(view["hostel"])]
        out += [float(v) for v in seq(view["held_tiles"])]
        out.append(float(seq(view["money"])[seat]))
        width = _paint_width(tables)
        out += _counts(seq(seq(view["paints"])[seat]), width)
        for plan in seq(view["plans"]):
            if isinstance(plan, fa.SubmitPlan):
                out += [1.0, *(float(n) for n in plan.counts)]
            else:
                out += [0.0] * (1 + len(PLAN_COLUMNS))
        for tile in seq(view["cathedral"]):
            if isinstance(tile, str):
                pieces = tables.fresco_pieces.get(tile, ())
                value = tables.fresco_value.get(tile, 0)
                out += [1.0, float(value), *_counts(pieces, width)]
            else:
                out += [0.0] * (2 + width)
        out += one_hot(len(SEGMENTS), SEGMENTS.index(state.bishop))
        for booth in seq(view["booths"]):
            for tile in seq(booth):
                if isinstance(tile, str):
                    out += [1.0, *(float(n) for n in tables.market_pieces[tile])]
                else:
                    out += [0.0] * (1 + len(BASE_PAINTS))
        turn = state.turn
        out += one_hot(len(_LOCATIONS), None if turn is None else _LOCATIONS.index(turn.location))
        out += one_hot(actors, None if turn is None else turn.actor)
        out.append(0.0 if turn is None else float(turn.left))
        choices = sorted(state.pending_track)[:TRACK_CHOICES]
        out += [float(s) for s in choices] + [0.0] * (TRACK_CHOICES - len(choices))
        for part, rules in _adapter_parts(tables):
            out += part.tensor(state, seat, view, rules)
        return out


def _paint_width(tables: Any) -> int:
    """8 paint counts with module 3 (pink and brown, R3.1), else the 6 base paints."""
    return len(Paint) if tables.special_paints else len(BASE_PAINTS)


def _counts(values: Sequence[int], width: int) -> list[float]:
    found = [float(v) for v in values[:width]]
    return found + [0.0] * (width - len(found))


_PARTS = {plugin.module: plugin.adapter for plugin in PLUGINS if plugin.adapter is not None}


def _adapter_parts(tables: Any) -> list[tuple[AdapterPart, ModuleRules]]:
    """The adapter part of each module in play, in module order, with its rules object (the
    config of a module without one is refused first, by ``_DESCRIBED``)."""
    return [(_PARTS[rules.module], rules) for rules in tables.modules]


def _actor_to_move(state: State) -> int | None:
    """The actor whose decision it is (Leonardo's index while his controller decides)."""
    seat = engine.current_player(state)
    if seat is None:
        return None
    turn = state.turn
    if turn is not None and state.is_leonardo(turn.actor) and seat == state.controller:
        return turn.actor
    return seat


SPEC = FrescoSpec()
