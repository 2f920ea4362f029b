"""Carcassonne game records: the game's ``CodecSpec`` for the generic codec of ``kernel.codec``.

A record's ``setup`` names the tile set by identity (name, version, digest); replaying a record
made with another tile set (FA5) needs that set (``make_codec(components=...)``). The ``chance``
list holds every tile draw (``["tile", "V"]``, ``["tile", "FE3"]``) and a random first player
(``["first_player", "1"]``), so a game played elsewhere replays with its own draws.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from ..kernel import codec as generic
from ..kernel.chance import Outcome
from ..kernel.protocol import RecordCodec
from .actions import ACTION_TYPES
from .config import GameConfig, derive_tables
from .data import ComponentData, default_components
from .engine import current_player, decision_rule
from .flow import new_game
from .state import State

SCHEMA_RESOURCE = generic.SCHEMA_RESOURCE


def _start(config: GameConfig, seed: int, chance: Sequence[Outcome]) -> State:
    return new_game(config, seed, chance, chance_only=True)


SPEC = generic.CodecSpec(
    game="carcassonne",
    config_cls=GameConfig,
    state_cls=State,
    action_types=ACTION_TYPES,
    default_components=default_components,
    derive=derive_tables,
    start=_start,
    seat_to_move=current_player,
    turn_rule=decision_rule,
    result_rule="C20",
    chance_rule="C0.1",
    players=(2, 5),
    package=__package__,
)
"""How Carcassonne's configs, states and actions are written in records."""

_CODEC = generic.Codec(SPEC, ())
config_to_json = _CODEC.config_to_json
action_to_json = _CODEC.action_to_json
action_from_json = _CODEC.action_from_json


def _plain(value: Any) -> Any:
    """Frozensets (feature tiles and cities) as sorted lists, so a state is JSON data."""
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


def state_to_json(state: State) -> dict[str, Any]:
    """Every field of a state except the derived tables, as plain JSON data."""
    plain: dict[str, Any] = _plain(_CODEC.state_to_json(state))
    return plain


def build_schema() -> dict[str, Any]:
    """The JSON Schema of a Carcassonne game record, generated from the config and action
    types."""
    return generic.build_schema(SPEC)


def shipped_schema() -> dict[str, Any]:
    """The JSON Schema shipped in the package (``data/record.schema.json``)."""
    return generic.shipped_schema(SPEC)


def make_codec(components: Iterable[ComponentData] = ()) -> RecordCodec:
    """The Carcassonne record codec; ``components`` adds tile sets a record may name (FA5)."""
    codec = generic.build_codec(SPEC, components)
    return attrs.evolve(codec, state_to_json=lambda state: _plain(codec.state_to_json(state)))
