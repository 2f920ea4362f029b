"""Helpers for the laws of a position (``position.py`` and each module's ``position_laws``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..kernel.position import Laws


def present(tiles: Iterable[str | None]) -> list[str]:
    """The tiles that are there (not None)."""
    return [tile for tile in tiles if tile is not None]


def same_tiles(
    laws: Laws, path: str, rule: str, what: str, have: Iterable[str], want: Iterable[str]
) -> None:
    """The tiles ``have`` are the box's ``want``, each as often."""
    extra = Counter(have)
    extra.subtract(Counter(want))
    more = sorted(tile for tile, n in extra.items() if n > 0)
    fewer = sorted(tile for tile, n in extra.items() if n < 0)
    parts = [
        f"{words} {', '.join(tiles[:5])}{', ...' if len(tiles) > 5 else ''}"
        for words, tiles in (("more often than in the box:", more), ("missing:", fewer))
        if tiles
    ]
    laws.check(not parts, path, rule, f"{what}s not those of the box ({'; '.join(parts)})")
