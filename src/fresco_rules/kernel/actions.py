"""Helpers for a game's action records."""

from __future__ import annotations

from typing import Any

import attrs

from .untrusted import describe


def strict_key(value: object) -> object:
    """Field comparison key that tells ``0`` from ``0.0`` and ``True`` (plain ``==`` does not),
    so a malformed action never equals a legal one: ``attrs.field(eq=strict_key)``."""
    if type(value) is tuple:
        return (tuple, tuple(strict_key(item) for item in value))
    return (type(value), value)


def action_field(**kwargs: Any) -> Any:
    """An action field compared by ``strict_key`` and shown by the bounded ``describe`` (an
    action may hold anything a caller built, e.g. a self-containing list)."""
    return attrs.field(eq=strict_key, repr=describe, **kwargs)
