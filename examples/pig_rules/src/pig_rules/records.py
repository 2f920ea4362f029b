"""Pig's game records: its ``CodecSpec`` for the generic codec of ``kernel.codec``.

A record's ``chance`` list holds the deal (``["bonus", "4"]`` per seat) and every roll
(``["die", "5"]``), so a game played elsewhere replays with its own draws."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from fresco_rules.kernel import codec as generic
from fresco_rules.kernel.chance import Outcome
from fresco_rules.kernel.protocol import RecordCodec

from .actions import ACTION_TYPES
from .config import GameConfig, derive_tables
from .data import MAX_PLAYERS, ComponentData, default_components
from .engine import current_player, decision_rule, new_game
from .state import State
from .vocab import CHANCE_RULE, GAME_NAME, RESULT_RULE


def _start(config: GameConfig, seed: int, chance: Sequence[Outcome]) -> State:
    return new_game(config, seed, chance, chance_only=True)


SPEC = generic.CodecSpec(
    game=GAME_NAME,
    config_cls=GameConfig,
    state_cls=State,
    action_types=ACTION_TYPES,
    default_components=default_components,
    derive=derive_tables,
    start=_start,
    seat_to_move=current_player,
    turn_rule=decision_rule,
    result_rule=RESULT_RULE,
    chance_rule=CHANCE_RULE,
    players=(2, MAX_PLAYERS),
    package=__package__ or "pig_rules",
)
"""How Pig's configs, states and actions are written in records."""


def build_schema() -> dict[str, Any]:
    """The JSON Schema of a Pig record, generated (``data/record.schema.json`` is this)."""
    return generic.build_schema(SPEC)


def make_codec(components: Iterable[ComponentData] = ()) -> RecordCodec:
    """The record codec; ``components`` adds component sets a record may name."""
    return generic.build_codec(SPEC, components)
