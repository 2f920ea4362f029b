"""Barbarossa game records: the codec for configs, actions and states, and the record's JSON
Schema (the envelope is ``kernel.records``).

A record's ``setup`` names the component data by identity (name, version, digest); replaying a
record made with other component data needs that data (``make_codec(components=...)``). The
``chance`` list holds every die roll (``["die", "4"]``), curse-order roll (``["curse_roll",
"2"]``) and a random first player (``["first_player", "1"]``), so a game played elsewhere
replays with its own dice.
"""

from __future__ import annotations

import json
import typing
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any

import attrs
import cattrs

from .. import __version__
from ..kernel.chance import Outcome
from ..kernel.jsonschema_gen import record_schema
from ..kernel.records import (
    RECORD_FORMAT,
    RECORD_VERSION,
    InvalidRecord,
    RecordCodec,
    make_record,
)
from .actions import ACTION_TYPES, ACTIONS_BY_KIND, Action
from .config import GameConfig, InvalidConfig, derive_tables
from .data import ComponentData, default_components, strict_bool, strict_int, strict_str
from .engine import current_player, decision_rule
from .flow import new_game
from .state import State

SCHEMA_RESOURCE = "data/record.schema.json"


def _converter() -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=True)
    converter.register_structure_hook(int, strict_int)
    converter.register_structure_hook(str, strict_str)
    converter.register_structure_hook(bool, strict_bool)
    converter.register_unstructure_hook(
        tuple, lambda values: [converter.unstructure(v) for v in values]
    )
    return converter


_CONVERTER = _converter()


def _transform(exc: Exception) -> InvalidRecord:
    """An ``InvalidRecord`` naming the first bad path of a cattrs structuring error."""
    if isinstance(exc, cattrs.BaseValidationError):
        first = cattrs.transform_error(exc, path="$")[0]
        message, _, path = first.rpartition(" @ ")
        return InvalidRecord(message or first, path=path or "$")
    return InvalidRecord(str(exc))


def components_identity(data: ComponentData) -> dict[str, Any]:
    return {"name": data.name, "version": data.version, "digest": data.digest}


def config_to_json(config: GameConfig) -> dict[str, Any]:
    raw: dict[str, Any] = {}
    for field in attrs.fields(GameConfig):
        value = getattr(config, field.name)
        if field.name == "components":
            raw["components"] = components_identity(value)
        else:
            raw[field.name] = _CONVERTER.unstructure(value)
    return raw


def _config_from_json(raw: Any, known: Sequence[ComponentData]) -> GameConfig:
    if not isinstance(raw, Mapping):
        raise InvalidRecord("setup must be an object")
    body = dict(raw)
    identity = body.pop("components", None)
    if not isinstance(identity, Mapping) or "digest" not in identity:
        raise InvalidRecord("setup must name its component data", path="$.components")
    data = next((c for c in known if c.digest == identity["digest"]), None)
    if data is None:
        raise InvalidRecord(
            f"component data {identity.get('name')!r} (digest {identity.get('digest')}) is not "
            "loaded: pass the matching component file",
            path="$.components",
        )
    hints = typing.get_type_hints(GameConfig)
    values: dict[str, Any] = {"components": data}
    for field in attrs.fields(GameConfig):
        if field.name == "components" or field.name not in body:
            continue
        try:
            values[field.name] = _CONVERTER.structure(body.pop(field.name), hints[field.name])
        except (cattrs.BaseValidationError, ValueError, TypeError, KeyError) as exc:
            error = _transform(exc)
            message = str(error).removesuffix(f" @ {error.path}")
            raise InvalidRecord(
                message, path=f"$.{field.name}" + error.path.removeprefix("$")
            ) from None
    if body:
        raise InvalidRecord(f"unknown setup fields {sorted(body)}", path="$")
    config = GameConfig(**values)
    try:
        derive_tables(config)
    except InvalidConfig as exc:
        raise InvalidRecord(f"setup cannot start a game: {exc}", path="$") from None
    return config


def action_to_json(action: Action) -> dict[str, Any]:
    body: dict[str, Any] = _CONVERTER.unstructure(action)
    return {"kind": action.kind, **body}


def action_from_json(raw: Any) -> Action:
    if not isinstance(raw, Mapping):
        raise InvalidRecord("an action is an object with a 'kind'")
    kind = raw.get("kind")
    cls = ACTIONS_BY_KIND.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise InvalidRecord(f"unknown action kind {kind!r}", path="$.kind")
    body = {key: value for key, value in raw.items() if key != "kind"}
    try:
        return _CONVERTER.structure(body, cls)
    except (cattrs.BaseValidationError, ValueError, TypeError, KeyError) as exc:
        raise _transform(exc) from None


def state_to_json(state: State) -> dict[str, Any]:
    """Every field of a state except the derived tables, as plain JSON data."""
    raw: dict[str, Any] = {}
    for field in attrs.fields(State):
        if field.name == "tables":
            continue
        value = getattr(state, field.name)
        if field.name == "config":
            raw["config"] = config_to_json(value)
        else:
            raw[field.name] = _CONVERTER.unstructure(value)
    return raw


def _state_from_json(raw: Any, known: Sequence[ComponentData]) -> State:
    if not isinstance(raw, Mapping):
        raise InvalidRecord("a state is an object")
    config = _config_from_json(raw.get("config"), known)
    hints = typing.get_type_hints(State)
    values: dict[str, Any] = {"config": config, "tables": derive_tables(config)}
    for field in attrs.fields(State):
        if field.name in ("config", "tables"):
            continue
        if field.name not in raw:
            raise InvalidRecord("missing state field", path=f"$.{field.name}")
        try:
            values[field.name] = _CONVERTER.structure(raw[field.name], hints[field.name])
        except (cattrs.BaseValidationError, ValueError, TypeError, KeyError) as exc:
            raise InvalidRecord(str(exc), path=f"$.{field.name}") from None
    return State(**values)


def build_schema() -> dict[str, Any]:
    """The JSON Schema of a Barbarossa game record, generated from the config and action
    types."""
    identity = {
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "version": {"type": "integer"},
            "digest": {"type": "string", "pattern": "^[0-9a-f]{16}$"},
        },
        "required": ["name", "version", "digest"],
        "additionalProperties": False,
    }
    players = {"type": "integer", "minimum": 3, "maximum": 4}
    setup = record_schema(GameConfig, overrides={"components": identity, "players": players})
    setup["required"] = ["players", "components"]
    action: dict[str, Any] = {
        "type": "object",
        "required": ["kind"],
        "properties": {"kind": {"enum": sorted(ACTIONS_BY_KIND)}},
        "allOf": [
            {
                "if": {"properties": {"kind": {"const": cls.kind}}, "required": ["kind"]},
                "then": record_schema(cls, tag=("kind", cls.kind)),
            }
            for cls in ACTION_TYPES
        ],
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Barbarossa game record (fresco_rules)",
        "type": "object",
        "required": [
            "format",
            "format_version",
            "library_version",
            "game",
            "setup",
            "chance",
            "steps",
        ],
        "additionalProperties": False,
        "properties": {
            "format": {"const": RECORD_FORMAT},
            "format_version": {"const": RECORD_VERSION},
            "library_version": {"type": "string", "maxLength": 100},
            "game": {"const": "barbarossa"},
            "setup": setup,
            "seed": {
                "anyOf": [
                    {"type": "integer", "minimum": -(2**63), "maximum": 2**64},
                    {"type": "null"},
                ]
            },
            "chance": {
                "type": "array",
                "maxItems": 100_000,
                "items": {
                    "type": "array",
                    "prefixItems": [
                        {"type": "string", "maxLength": 100},
                        {"type": "string", "maxLength": 100},
                    ],
                    "items": False,
                    "minItems": 2,
                },
            },
            "steps": {
                "type": "array",
                "maxItems": 1_000_000,
                "items": {
                    "type": "object",
                    "required": ["seat", "action"],
                    "additionalProperties": False,
                    "properties": {
                        "seat": {
                            "anyOf": [
                                {"type": "integer", "minimum": 0, "maximum": 3},
                                {"type": "null"},
                            ]
                        },
                        "action": action,
                    },
                },
            },
            "result": {
                "type": "object",
                "required": ["scores"],
                "additionalProperties": False,
                "properties": {
                    "scores": {"type": "array", "maxItems": 4, "items": {"type": "integer"}}
                },
            },
        },
    }


@cache
def shipped_schema() -> dict[str, Any]:
    """The JSON Schema shipped in the package (``data/record.schema.json``)."""
    text = resources.files(__package__).joinpath(SCHEMA_RESOURCE).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def make_codec(components: Iterable[ComponentData] = ()) -> RecordCodec:
    """The Barbarossa record codec; ``components`` adds component sets a record may name."""
    known = (default_components(), *components)

    def start(config: GameConfig, seed: int, chance: Sequence[Outcome]) -> State:
        return new_game(config, seed, chance=chance, chance_only=True)

    return RecordCodec(
        schema=shipped_schema(),
        start=start,
        config_to_json=config_to_json,
        config_from_json=lambda raw: _config_from_json(raw, known),
        action_to_json=action_to_json,
        action_from_json=action_from_json,
        state_to_json=state_to_json,
        state_from_json=lambda raw: _state_from_json(raw, known),
        chance_log=lambda state: state.chance.log,
        seat_to_move=current_player,
        turn_rule=decision_rule,
        where=lambda state: state.where(),
        result_rule="B19",
        chance_rule="B5",
        chance_left=lambda state: len(state.chance.script),
    )


def record_game(
    config: GameConfig, seed: int, steps: Sequence[tuple[int | None, Action]], final: State
) -> dict[str, Any]:
    """The record of a Barbarossa game (see ``kernel.records`` for the format)."""
    from . import GAME

    return make_record(
        GAME,
        library_version=__version__,
        config=config,
        seed=seed,
        steps=steps,
        final=final,
        scores=GAME.scores(final) if GAME.is_over(final) else None,
    )
