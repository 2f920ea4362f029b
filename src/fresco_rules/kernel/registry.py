"""Which function implements which spec rule: filled by the ``implements`` decorator.

The registry feeds ``docs/rules-matrix.md`` and the coverage test that fails when a spec rule has
no implementing function. The decorator returns the function unchanged, so it costs nothing at run
time.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

F = TypeVar("F", bound=Callable[..., object])

_IMPLEMENTATIONS: dict[str, list[str]] = {}


def implements(*rule_ids: str) -> Callable[[F], F]:
    """Record that the decorated function implements the given rule IDs (e.g. ``"R0.40"``)."""
    if not rule_ids:
        raise ValueError("implements() needs at least one rule ID")

    def mark(func: F) -> F:
        name = f"{func.__module__}.{func.__qualname__}"
        doc = func.__doc__ or ""
        missing = [rid for rid in rule_ids if not re.search(rf"\b{re.escape(rid)}(?!\d)", doc)]
        if missing:
            raise ValueError(f"{name}: docstring must name its rule IDs {missing}")
        for rid in rule_ids:
            _IMPLEMENTATIONS.setdefault(rid, []).append(name)
        return func

    return mark


def implementations() -> dict[str, tuple[str, ...]]:
    """Rule ID -> the qualified names of the functions that implement it (sorted)."""
    return {rid: tuple(sorted(set(names))) for rid, names in sorted(_IMPLEMENTATIONS.items())}
