"""JSON Schema fragments generated from type hints (attrs records, enums, tuples, unions), so a
game's record schema follows its action classes instead of being kept in step by hand."""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from enum import Enum
from typing import Any

import attrs

MAX_INT = 2**53
"""Integers in records stay within what every JSON reader represents exactly."""


Bounds = Mapping[str, tuple[int, int]]
"""``kernel.bounds`` patterns: ``"mood_track.rows": (1, 20)``, ``"len(hostel_table)": (1, 12)``
(the length of a list or a string), list items as ``[]``."""

MAX_STRING = 1_000
MAX_ITEMS = 1_000


def schema_for(hint: Any, pattern: str = "", bounds: Bounds | None = None) -> dict[str, Any]:
    """The JSON Schema of values of type ``hint`` as a record stores them; ``bounds`` gives
    the range of the numbers and sizes below ``pattern``."""
    bounds = bounds or {}
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    size = bounds.get(f"len({pattern})")
    if hint is type(None):
        return {"type": "null"}
    if hint is bool:
        return {"type": "boolean"}
    if hint is int:
        low, high = bounds.get(pattern, (-MAX_INT, MAX_INT))
        return {"type": "integer", "minimum": low, "maximum": high}
    if hint is str:
        low, high = size or (0, MAX_STRING)
        return (
            {"type": "string", "minLength": low, "maxLength": high}
            if low
            else {
                "type": "string",
                "maxLength": high,
            }
        )
    if isinstance(hint, type) and issubclass(hint, Enum):
        return {"enum": [member.value for member in hint]}
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [schema_for(arg, pattern, bounds) for arg in args]}
    item = f"{pattern}[]"
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _array(schema_for(args[0], item, bounds), size)
        return {
            "type": "array",
            "prefixItems": [schema_for(arg, item, bounds) for arg in args],
            "items": False,
            "minItems": len(args),
        }
    if origin in (frozenset, set, list):
        return _array(schema_for(args[0], item, bounds), size)
    if isinstance(hint, type) and attrs.has(hint):
        return record_schema(hint, prefix=pattern, bounds=bounds)
    raise TypeError(f"no JSON Schema for {hint!r}")


def _array(items: dict[str, Any], size: tuple[int, int] | None) -> dict[str, Any]:
    low, high = size or (0, MAX_ITEMS)
    schema: dict[str, Any] = {"type": "array", "items": items, "maxItems": high}
    if low:
        schema["minItems"] = low
    return schema


def record_schema(
    cls: type,
    *,
    tag: tuple[str, str] | None = None,
    overrides: dict[str, dict[str, Any]] | None = None,
    prefix: str = "",
    bounds: Bounds | None = None,
) -> dict[str, Any]:
    """The schema of an attrs record; ``tag`` adds a constant ``(field, value)`` such as
    ``("kind", "restore")``; ``overrides`` gives the schema of some fields directly; ``bounds``
    (patterns below ``prefix``) the ranges of its numbers and sizes."""
    hints = typing.get_type_hints(cls)
    properties: dict[str, Any] = {}
    required = []
    for field in attrs.fields(cls):
        if overrides and field.name in overrides:
            properties[field.name] = overrides[field.name]
        else:
            pattern = f"{prefix}.{field.name}" if prefix else field.name
            properties[field.name] = schema_for(hints[field.name], pattern, bounds)
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
