"""Pig for the adapters (OpenSpiel, PettingZoo, ``conform``): parameters ``players`` (2-4),
``target`` (the number 50 or 100, AP.1) and ``max_length``; the action space ``roll``,
``hold``; chance outcomes (the bonus cards and the die faces); and a tensor built from the
seat's view only (P8: another seat's bonus card is in it only once the game is over).

Tensor layout: ``observer``, ``to_move`` (one-hot seats), ``banks`` (per seat),
``turn_total``, ``last_roll``, ``own_bonus``, ``bonuses`` (per seat, 0 while hidden),
``over``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fresco_rules.kernel.adapter_spec import (
    AdapterError,
    GameSpec,
    Params,
    one_hot,
    parse_int,
)
from fresco_rules.kernel.chance import Outcome
from fresco_rules.kernel.errors import RulesError
from fresco_rules.kernel.protocol import GameRules

from . import engine
from .config import MIN_PLAYERS, GameConfig, Target, derive_tables
from .data import MAX_PLAYERS
from .game import GAME
from .text_notation import notation, parse_action
from .vocab import GAME_NAME


class PigSpec(GameSpec):
    name = GAME_NAME
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    default_players = 2
    default_params: Mapping[str, Any] = {"players": 2, "target": 50, "max_length": 1000}
    default_max_length = 1000
    max_draws_per_step = 8
    action_kinds = engine.RULES

    def config(self, params: Params) -> Any:
        players = parse_int(params, "players", MIN_PLAYERS, MAX_PLAYERS)
        try:
            config = GameConfig(players=players, target=Target(str(params["target"])))
            derive_tables(config)
        except (RulesError, ValueError) as exc:
            raise AdapterError(f"target takes one of: 50, 100 ({exc})") from None
        return config

    def new_game(self, config: Any, script: Sequence[Outcome]) -> Any:
        return engine.new_game(config, 0, tuple(script), chance_only=True)

    def apply(self, state: Any, action: object) -> Any:
        return engine.apply(state, action)

    def legal_actions(self, state: Any) -> Sequence[object]:
        return engine.legal_actions(state)

    def current_player(self, state: Any) -> int | None:
        return engine.current_player(state)

    def is_over(self, state: Any) -> bool:
        return engine.is_over(state)

    def scores(self, state: Any) -> tuple[int, ...]:
        return engine.scores(state)

    def view(self, state: Any, seat: int) -> Mapping[str, object]:
        return engine.player_view(state, seat)

    def notation(self, state: Any, action: object) -> str:
        return notation(state, action)

    def parse(self, state: Any, text: str) -> object:
        return parse_action(state, text)

    def rules(self) -> GameRules[Any, Any]:
        return GAME

    def summary(self, state: Any) -> str:
        return f"{state.where()}; banks {state.banks}"

    def actions(self, config: Any) -> Sequence[object]:
        return (engine.ROLL, engine.HOLD)

    def chance_outcomes(self, config: Any) -> Sequence[Outcome]:
        tables = derive_tables(config)
        found: list[Outcome] = [("bonus", card) for card in sorted(set(tables.bonus), key=int)]
        found += [("die", face) for face in tables.faces]
        return found

    def tensor_layout(self, config: Any) -> tuple[tuple[str, int], ...]:
        p = derive_tables(config).players
        return (
            ("observer", p),
            ("to_move", p),
            ("banks", p),
            ("turn_total", 1),
            ("last_roll", 1),
            ("own_bonus", 1),
            ("bonuses", p),
            ("over", 1),
        )

    def tensor(self, state: Any, seat: int) -> list[float]:
        view = engine.player_view(state, seat)
        p = len(view.banks)
        out = one_hot(p, seat)
        out += one_hot(p, None if view.over else view.active)
        out += [float(bank) for bank in view.banks]
        out += [float(view.turn_total), float(view.last_roll), float(view.own_bonus)]
        out += [0.0 if card is None else float(card) for card in view.bonuses]
        out.append(1.0 if view.over else 0.0)
        return out

    def canonical_params(self, params: Params) -> dict[str, Any]:
        return {**params, "target": int(str(params.get("target", 50)))}


SPEC = PigSpec()
"""Pig as the adapters see it."""
