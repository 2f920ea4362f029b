"""Barbarossa game records: the game's ``CodecSpec`` for the generic codec of ``kernel.codec``.

A record's ``setup`` names the component data by identity (name, version, digest); replaying a
record made with other component data needs that data (``make_codec(components=...)``). The
``chance`` list holds every die roll (``["die", "4"]``), curse-order roll (``["curse_roll",
"2"]``) and a random first player (``["first_player", "1"]``), so a game played elsewhere
replays with its own dice.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..kernel import codec as generic
from ..kernel.chance import Outcome
from ..kernel.protocol import RecordCodec
from .actions import ACTION_TYPES
from .config import SETUP_BOUNDS, GameConfig, derive_tables
from .data import ComponentData, default_components
from .engine import current_player, decision_rule
from .flow import new_game
from .state import State

SCHEMA_RESOURCE = generic.SCHEMA_RESOURCE


def _start(config: GameConfig, seed: int, chance: Sequence[Outcome]) -> State:
    return new_game(config, seed, chance=chance, chance_only=True)


SPEC = generic.CodecSpec(
    game="barbarossa",
    config_cls=GameConfig,
    state_cls=State,
    action_types=ACTION_TYPES,
    default_components=default_components,
    derive=derive_tables,
    start=_start,
    seat_to_move=current_player,
    turn_rule=decision_rule,
    result_rule="B19",
    chance_rule="B5",
    players=(3, 4),
    package=__package__,
    setup_bounds=SETUP_BOUNDS,
)
"""How Barbarossa's configs, states and actions are written in records."""

_CODEC = generic.Codec(SPEC, ())
config_to_json = _CODEC.config_to_json
action_to_json = _CODEC.action_to_json
action_from_json = _CODEC.action_from_json
state_to_json = _CODEC.state_to_json


def build_schema() -> dict[str, Any]:
    """The JSON Schema of a Barbarossa game record, generated from the config and action
    types."""
    return generic.build_schema(SPEC)


def shipped_schema() -> dict[str, Any]:
    """The JSON Schema shipped in the package (``data/record.schema.json``)."""
    return generic.shipped_schema(SPEC)


def make_codec(components: Iterable[ComponentData] = ()) -> RecordCodec:
    """The Barbarossa record codec; ``components`` adds component sets a record may name."""
    return generic.build_codec(SPEC, components)
