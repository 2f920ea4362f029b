"""Component data of the in-box modules 1-3 (fresco-modules-123.md section 5) and its checks.

The shipped values are in ``data/modules123.toml``; every row carries its provenance, and the
values the supplement prints only as pictures (card rewards and backs, request values, tile
splashes, the new tiles' paints) are PROVISIONAL rows, reported by
``ComponentData.provisional()`` like the base rows. ``data.components_from_mapping``
structures this section as ``$.modules_123`` and runs ``module123_problems`` on it, so a bad
field is named by its path (``$.modules_123.portraits.cards[3].kind``). Each module's data and
checks live in its own ``modules/<module>_data.py``.
"""

from __future__ import annotations

from attrs import frozen

from .modules.portraits_data import (
    PERMANENT_KINDS,
    PORTRAIT_KINDS,
    PortraitCard,
    PortraitsData,
    portraits_problems,
)
from .modules.requests_data import (
    REQUEST_TYPES,
    SPLASH_COLOURS,
    RequestsData,
    RequestTile,
    TileBack,
    requests_problems,
)
from .modules.special_blends_data import SpecialBlendsData, SpecialTile, special_blends_problems
from .vocab import Paint


@frozen
class Module123Data:
    """The component data of modules 1, 2 and 3."""

    portraits: PortraitsData
    requests: RequestsData
    special_blends: SpecialBlendsData


def module123_problems(
    data: Module123Data,
    path: str,
    *,
    base_tiles: dict[str, tuple[Paint, ...]],
    taken_ids: set[str],
    provenances: tuple[str, ...],
) -> list[str]:
    """Semantic checks of the modules 1-3 section; each problem names its path. ``base_tiles``
    maps the base fresco tile IDs to their pieces; ``taken_ids`` are the IDs used elsewhere."""
    ids = set(taken_ids)
    return [
        *portraits_problems(data.portraits, f"{path}.portraits", ids=ids, provenances=provenances),
        *requests_problems(
            data.requests,
            f"{path}.requests",
            base_tiles=base_tiles,
            ids=ids,
            provenances=provenances,
        ),
        *special_blends_problems(
            data.special_blends,
            f"{path}.special_blends",
            base_tiles=base_tiles,
            ids=ids,
            provenances=provenances,
        ),
    ]


__all__ = [
    "PERMANENT_KINDS",
    "PORTRAIT_KINDS",
    "REQUEST_TYPES",
    "SPLASH_COLOURS",
    "Module123Data",
    "PortraitCard",
    "PortraitsData",
    "RequestTile",
    "RequestsData",
    "SpecialBlendsData",
    "SpecialTile",
    "TileBack",
    "module123_problems",
]
