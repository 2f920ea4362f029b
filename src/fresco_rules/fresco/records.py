"""Fresco game records: the game's ``CodecSpec`` for the generic codec of ``kernel.codec``.

A record's ``setup`` names the component data by identity (name, version, digest); replaying a
record made with other component data needs that data (``make_codec(components=...)``).

A state's module slot (``State.modules``) is written as one key per module in play or not, named
by its plug-in (``Plugin.state_name``, e.g. ``"well"``) at its declared place: the same keys, in
the same order, as when each module's sub-state was a field of ``State``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from ..kernel import codec as generic
from ..kernel.chance import Outcome
from ..kernel.evolve import evolve
from ..kernel.protocol import RecordCodec
from ..kernel.records import InvalidRecord
from .base_data import ComponentData, default_components
from .config import SETUP_BOUNDS, GameConfig
from .engine import ACTION_TYPES, current_player, new_game
from .plugins import PLUGINS, derive_tables
from .state import NO_MODULES, Phase, State, module_slot

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

_CONVERTER = generic.strict_converter()
_MODULE_STATES: tuple[tuple[str, int, Any], ...] = tuple(
    (plugin.state_name, module_slot(plugin.module), plugin.state_type | None)
    for plugin in PLUGINS
    if plugin.state_type is not None
)
"""Each module's sub-state: its key, its slot and its type (None when not in play)."""


def _state_keys() -> tuple[str, ...]:
    """The keys of a written state in order: ``State``'s fields with the module slot replaced by
    each module's key, placed after the key its plug-in names (``Plugin.state_after``)."""
    keys = [field.name for field in attrs.fields(State) if field.name not in ("tables", "modules")]
    waiting = [(p.state_name, p.state_after) for p in PLUGINS if p.state_type is not None]
    while waiting:
        placed = [(name, after) for name, after in waiting if after in keys]
        if not placed:
            keys += [name for name, _ in waiting]
            break
        for name, after in placed:
            keys.insert(keys.index(after) + 1, name)
        waiting = [entry for entry in waiting if entry not in placed]
    return tuple(keys)


_STATE_KEYS = _state_keys()


def _state_writer(
    plain: Callable[[State], dict[str, Any]],
) -> Callable[[State], dict[str, Any]]:
    """``state_to_json`` with the module slot written as one key per module."""

    def state_to_json(state: State) -> dict[str, Any]:
        raw = plain(evolve(state, modules=NO_MODULES))
        slots = state.modules
        for name, slot, kind in _MODULE_STATES:
            raw[name] = _CONVERTER.unstructure(slots[slot], kind)
        return {key: raw[key] for key in _STATE_KEYS}

    return state_to_json


def _state_reader(read: Callable[[Any], State]) -> Callable[[Any], State]:
    """``state_from_json`` reading each module's key into the module slot."""

    def state_from_json(raw: Any) -> State:
        if not isinstance(raw, Mapping):
            raise InvalidRecord("a state is an object")
        body = dict(raw)
        slots: list[Any] = list(NO_MODULES)
        for name, slot, kind in _MODULE_STATES:
            if name not in body:
                raise InvalidRecord("missing state field", path=f"$.{name}")
            try:
                slots[slot] = _CONVERTER.structure(body.pop(name), kind)
            except generic.STRUCTURE_ERRORS as exc:
                raise generic.structure_error(exc, f"$.{name}") from None
        body["modules"] = NO_MODULES
        return evolve(read(body), modules=tuple(slots))

    return state_from_json


_CODEC = generic.Codec(SPEC, ())
config_to_json = _CODEC.config_to_json
action_to_json = _CODEC.action_to_json
action_from_json = _CODEC.action_from_json
state_to_json = _state_writer(_CODEC.state_to_json)


def build_schema() -> dict[str, Any]:
    """The JSON Schema of a Fresco game record, generated from the config and action types."""
    return generic.build_schema(SPEC)


def shipped_schema() -> dict[str, Any]:
    """The JSON Schema shipped in the package (``data/record.schema.json``)."""
    return generic.shipped_schema(SPEC)


def make_codec(components: Iterable[ComponentData] = ()) -> RecordCodec:
    """The Fresco record codec; ``components`` adds component sets a record may name."""
    codec = generic.build_codec(SPEC, components)
    return attrs.evolve(
        codec,
        state_to_json=_state_writer(codec.state_to_json),
        state_from_json=_state_reader(codec.state_from_json),
    )
