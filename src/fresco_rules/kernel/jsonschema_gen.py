"""JSON Schema fragments generated from type hints (attrs records, enums, tuples, unions), so a
game's record schema follows its action classes instead of being kept in step by hand."""

from __future__ import annotations

import types
import typing
from enum import Enum
from typing import Any

import attrs

MAX_INT = 2**53
"""Integers in records stay within what every JSON reader represents exactly."""


def schema_for(hint: Any) -> dict[str, Any]:
    """The JSON Schema of values of type ``hint`` as a record stores them."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is type(None):
        return {"type": "null"}
    if hint is bool:
        return {"type": "boolean"}
    if hint is int:
        return {"type": "integer", "minimum": -MAX_INT, "maximum": MAX_INT}
    if hint is str:
        return {"type": "string", "maxLength": 10_000}
    if isinstance(hint, type) and issubclass(hint, Enum):
        return {"enum": [member.value for member in hint]}
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [schema_for(arg) for arg in args]}
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": schema_for(args[0]), "maxItems": 100_000}
        return {
            "type": "array",
            "prefixItems": [schema_for(arg) for arg in args],
            "items": False,
            "minItems": len(args),
        }
    if origin in (frozenset, set, list):
        return {"type": "array", "items": schema_for(args[0]), "maxItems": 100_000}
    if isinstance(hint, type) and attrs.has(hint):
        return record_schema(hint)
    raise TypeError(f"no JSON Schema for {hint!r}")


def record_schema(
    cls: type,
    *,
    tag: tuple[str, str] | None = None,
    overrides: dict[str, dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The schema of an attrs record; ``tag`` adds a constant ``(field, value)`` such as
    ``("kind", "restore")``; ``overrides`` gives the schema of some fields directly."""
    hints = typing.get_type_hints(cls)
    properties: dict[str, Any] = {}
    required = []
    for field in attrs.fields(cls):
        if overrides and field.name in overrides:
            properties[field.name] = overrides[field.name]
        else:
            properties[field.name] = schema_for(hints[field.name])
        if field.default is attrs.NOTHING:
            required.append(field.name)
    if tag is not None:
        properties[tag[0]] = {"const": tag[1]}
        required.insert(0, tag[0])
    return {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }
