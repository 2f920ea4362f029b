"""Fresco game records: the game's ``CodecSpec`` for the generic codec of ``kernel.codec``.

A record's ``setup`` names the component data by identity (name, version, digest); replaying a
record made with other component data needs that data (``make_codec(components=...)``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..kernel import codec as generic
from ..kernel.chance import Outcome
from ..kernel.protocol import RecordCodec
from .config import SETUP_BOUNDS, GameConfig
from .data import ComponentData, default_components
from .engine import ACTION_TYPES, current_player
from .extensions import derive_tables
from .flow import new_game
from .state import Phase, State

SCHEMA_RESOURCE = generic.SCHEMA_RESOURCE
_PHASE_TURN_RULE = {
    Phase.GET_UP: "R0.15",
    Phase.PLAN: "R0.25",
    Phase.ACTION: "R0.16",
    Phase.OVER: "R0.62",
}


def _start(config: GameConfig, seed: int, chance: Sequence[Outcome]) -> State:
    return new_game(config, seed, chance=chance, chance_only=True)


SPEC = generic.CodecSpec(
    game="fresco",
    config_cls=GameConfig,
    state_cls=State,
    action_types=ACTION_TYPES,
    default_components=default_components,
    derive=derive_tables,
    start=_start,
    seat_to_move=current_player,
    turn_rule=lambda state: _PHASE_TURN_RULE[state.phase],
    result_rule="R0.65",
    chance_rule="A0.18",
    players=(2, 4),
    package=__package__,
    action_fields=frozenset({"plans"}),
    setup_bounds=SETUP_BOUNDS,
)
"""How Fresco's configs, states and actions are written in records."""

_CODEC = generic.Codec(SPEC, ())
config_to_json = _CODEC.config_to_json
action_to_json = _CODEC.action_to_json
action_from_json = _CODEC.action_from_json
state_to_json = _CODEC.state_to_json


def build_schema() -> dict[str, Any]:
    """The JSON Schema of a Fresco game record, generated from the config and action types."""
    return generic.build_schema(SPEC)


def shipped_schema() -> dict[str, Any]:
    """The JSON Schema shipped in the package (``data/record.schema.json``)."""
    return generic.shipped_schema(SPEC)


def make_codec(components: Iterable[ComponentData] = ()) -> RecordCodec:
    """The Fresco record codec; ``components`` adds component sets a record may name."""
    return generic.build_codec(SPEC, components)
