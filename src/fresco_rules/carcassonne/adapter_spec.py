"""Carcassonne (with The Festival) for the adapters: parameters, the fixed action space, chance
outcomes, tensors.

Parameters: ``players`` (2-5), ``max_length``, and the options ``festival`` and ``farmers``
(``on``/``off``), ``tiny_city`` (an integer, 4 or 2), ``festival_return`` (``figure`` or
``follower``) and ``first_player_choice`` (``setup`` or ``random``).

Action space: ``place_tile`` at every ``(x, y)`` with ``|x|, |y| <= R`` (R = the tiles in the
stack, so no placement can fall outside) and rotation 0-3; ``deploy`` on every feature name a
tile of the set can show; Festival returns as the k-th of the player's returnable figures
(``Slot("return", k)``, in the order ``legal_actions`` lists them); ``pass``.

Tensor layout (``CarcassonneSpec.tensor_layout``): ``observer``, ``to_move`` (one-hot seats),
``phase`` (place, follower, over), ``tile`` (one-hot drawn tile type), ``points``, ``supply``
(per seat), ``stack`` (tiles left), ``board`` (every tile slot in placement order x (present,
x, y, rotation one-hot 4, tile type one-hot)), ``followers`` (every follower slot x (present,
owner one-hot, x, y, kind one-hot road/city/monastery/field)). Carcassonne hides nothing but
the order of the stack, so every seat's view is the public state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import carcassonne as cc
from ..kernel.adapter_spec import (
    AdapterError,
    GameSpec,
    Params,
    Slot,
    enum_params,
    one_hot,
    parse_int,
)
from ..kernel.chance import Outcome
from ..kernel.errors import RulesError
from ..kernel.protocol import GameRules
from . import engine as cc_engine
from .config import OPTION_TYPES, derive_tables
from .state import Phase, State
from .vocab import Kind

_PHASES = (Phase.PLACE, Phase.FOLLOWER, Phase.OVER)
_KINDS = tuple(Kind)


def _defaults() -> dict[str, Any]:
    return {
        "players": 2,
        "max_length": 2000,
        "festival": "on",
        "farmers": "on",
        "tiny_city": 4,
        "festival_return": "figure",
        "first_player_choice": "setup",
    }


def _tile_types(tables: Any) -> tuple[str, ...]:
    return tuple(sorted({tables.start, *tables.stack}))


class CarcassonneSpec(GameSpec):
    name = "carcassonne"
    min_players = 2
    max_players = 5
    default_params: Mapping[str, Any] = _defaults()
    default_max_length = 2000
    max_draws_per_step = 96
    action_kinds = cc_engine.RULES

    def config(self, params: Params) -> Any:
        players = parse_int(params, "players", 2, 5)
        chosen = enum_params(params, OPTION_TYPES, lambda _, value: str(value))
        try:
            config = cc.GameConfig(players=players, **chosen)
            derive_tables(config)
        except (RulesError, TypeError, ValueError) as exc:
            raise AdapterError(str(exc)) from None
        return config

    def new_game(self, config: Any, script: Sequence[Outcome]) -> State:
        return cc.new_game(config, 0, tuple(script), chance_only=True)

    def view(self, state: Any, seat: int) -> Mapping[str, object]:
        """Everything is public but the order of the stack (its contents are known)."""
        return cc.player_view(state, seat)

    def notation(self, state: Any, action: object) -> str:
        text: str = cc.notation(state, action)  # type: ignore[call-overload]
        return text

    def parse(self, state: Any, text: str) -> object:
        return cc.parse_action(state, text)

    def rules(self) -> GameRules[Any, Any]:
        return cc.GAME

    def summary(self, state: Any) -> str:
        return f"{state.where()}; points {state.points}"

    # --- the action space ------------------------------------------------------------------
    def actions(self, config: Any) -> Sequence[object]:
        tables = derive_tables(config)
        reach = len(tables.stack)
        found: list[object] = [
            cc.PlaceTile(x, y, r)
            for y in range(-reach, reach + 1)
            for x in range(-reach, reach + 1)
            for r in range(4)
        ]
        names = sorted(
            {
                segment.name
                for tile in _tile_types(tables)
                for oriented in tables.geometry.oriented[tile]
                for segment in oriented.segments
            }
        )
        found.extend(cc.Deploy(name) for name in names)
        found.extend(Slot("return", k) for k in range(tables.followers))
        found.append(cc.Pass())
        return found

    def _returns(self, state: Any) -> list[object]:
        return [a for a in cc.legal_actions(state) if isinstance(a, cc.ReturnFigure)]

    def slot_of(self, state: Any, action: object) -> Slot | None:
        if isinstance(action, cc.ReturnFigure):
            returns = self._returns(state)
            if action in returns:
                return Slot("return", returns.index(action))
        return None

    def resolve_slot(self, state: Any, slot: Slot) -> object | None:
        returns = self._returns(state)
        if slot.kind == "return" and slot.index < len(returns):
            return returns[slot.index]
        return None

    def chance_outcomes(self, config: Any) -> Sequence[Outcome]:
        tables = derive_tables(config)
        found: list[Outcome] = [("first_player", str(s)) for s in range(tables.players)]
        found += [("tile", tile) for tile in sorted(set(tables.stack))]
        return found

    # --- tensors ---------------------------------------------------------------------------
    def tensor_layout(self, config: Any) -> tuple[tuple[str, int], ...]:
        tables = derive_tables(config)
        p = tables.players
        types = len(_tile_types(tables))
        slots = 1 + len(tables.stack)
        return (
            ("observer", p),
            ("to_move", p),
            ("phase", len(_PHASES)),
            ("tile", types),
            ("points", p),
            ("supply", p),
            ("stack", 1),
            ("board", slots * (3 + 4 + types)),
            ("followers", p * tables.followers * (3 + p + len(_KINDS))),
        )

    def tensor(self, state: Any, seat: int) -> list[float]:
        tables = state.tables
        p = tables.players
        types = _tile_types(tables)
        out = one_hot(p, seat)
        out += one_hot(p, cc.current_player(state))
        out += one_hot(len(_PHASES), _PHASES.index(state.phase))
        out += one_hot(len(types), types.index(state.tile) if state.tile in types else None)
        out += [float(v) for v in state.points] + [float(v) for v in state.supply]
        out.append(float(len(state.stack)))
        slots = 1 + len(tables.stack)
        for placed in state.placed[:slots]:
            out += [1.0, float(placed.x), float(placed.y), *one_hot(4, placed.rotation)]
            out += one_hot(len(types), types.index(placed.tile))
        out += [0.0] * ((slots - min(slots, len(state.placed))) * (7 + len(types)))
        follower_slots = p * tables.followers
        for follower in state.followers[:follower_slots]:
            kind = follower.feature.partition(":")[0]
            index = next((i for i, k in enumerate(_KINDS) if k.value == kind), None)
            out += [1.0, *one_hot(p, follower.seat), float(follower.x), float(follower.y)]
            out += one_hot(len(_KINDS), index)
        width = 3 + p + len(_KINDS)
        out += [0.0] * ((follower_slots - min(follower_slots, len(state.followers))) * width)
        return out


SPEC = CarcassonneSpec()
