"""Helpers for a game's action records."""

from __future__ import annotations


def strict_key(value: object) -> object:
    """Field comparison key that tells ``0`` from ``0.0`` and ``True`` (plain ``==`` does not),
    so a malformed action never equals a legal one: ``attrs.field(eq=strict_key)``."""
    if isinstance(value, tuple):
        return (tuple, tuple(strict_key(item) for item in value))
    return (type(value), value)
