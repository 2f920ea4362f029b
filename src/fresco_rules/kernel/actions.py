"""Helpers for a game's action records."""

from __future__ import annotations

from enum import Enum
from functools import cache
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


@cache
def _member_order(kind: type[Enum]) -> dict[Enum, int]:
    return {member: i for i, member in enumerate(kind)}


def canonical_multiset(items: Any, kind: type[Enum]) -> Any:
    """A hand-in is a multiset: a tuple or list of ``kind`` members (exactly) becomes a tuple in
    the enum's order, so any order is equal; anything else is left for the validator to
    refuse (an action field's converter)."""
    if (type(items) is tuple or type(items) is list) and all(type(i) is kind for i in items):
        return tuple(sorted(items, key=_member_order(kind).__getitem__))
    return items
