"""Action text for the adapters until the games' own notation is available: the action's kind
tag and its fields, e.g. ``buy_tile booth=0 slot=2``, ``restore segment=1,3 bishop_to=2,2``,
``restore_altar paints=red,red,blue``. One line, no spaces inside a value, deterministic."""

from __future__ import annotations

from enum import Enum

import attrs


def _value(value: object) -> str:
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, tuple):
        if value and all(isinstance(v, tuple) for v in value):
            return "/".join(_value(v) for v in value)
        return ",".join(_value(v) for v in value) if value else "-"
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def notation(action: object) -> str:
    """The text of a game action (an attrs record with a ``kind`` tag)."""
    cls = type(action)
    kind = getattr(cls, "kind", cls.__name__)
    if not attrs.has(cls):
        return str(kind)
    parts = [str(kind)]
    for field in attrs.fields(cls):
        value = getattr(action, field.name)
        if value is None and field.default is None:
            continue
        parts.append(f"{field.name}={_value(value)}")
    return " ".join(parts)
