"""Component data of expansion modules 4-6 (component-data.md sections 5-7) and its checks.

The shipped values are in ``data/modules.toml``; every row carries its provenance and the
PROVISIONAL ones (Free Paints pictures, golden-tile slots, window tiles, workbench prices, the
window-bordering segments) are reported by ``ComponentData.provisional()`` like the base rows.
``data.components_from_mapping`` structures this section as ``$.modules`` and runs
``module_problems`` on it, so a bad field is named by its path
(``$.modules.glaziers.windows[3].panes[1]``).
"""

from __future__ import annotations

from attrs import frozen

from .modules.glaziers_data import (
    AltarWindowData,
    GlassKind,
    GlassworksTile,
    GlaziersData,
    WindowSegments,
    WindowTile,
    Workbench,
    glaziers_problems,
    segment_problems,
    workbench_problems,
)
from .modules.leaf_gold_data import Discs, GoldArrow, LeafGoldData, disc_colours, leaf_gold_problems
from .modules.wishing_well_data import (
    CARD_LOCATIONS,
    CardKind,
    PicturedTile,
    WishingWellData,
    wishing_well_problems,
)


@frozen
class ModuleData:
    """The component data of modules 4, 5 and 6."""

    wishing_well: WishingWellData
    leaf_gold: LeafGoldData
    glaziers: GlaziersData


def module_problems(
    data: ModuleData,
    path: str,
    *,
    market_ids: set[str],
    sides: dict[str, tuple[int, ...]],
    provenances: tuple[str, ...],
) -> list[str]:
    """Semantic checks of the module section; each problem names its path. ``market_ids`` are
    the market tile IDs and ``sides`` maps board-side names to their booth capacities. Each
    module's data and checks live in its own ``modules/<module>_data.py``."""
    return [
        *wishing_well_problems(
            data.wishing_well,
            f"{path}.wishing_well",
            market_ids=market_ids,
            provenances=provenances,
        ),
        *leaf_gold_problems(
            data.leaf_gold, f"{path}.leaf_gold", sides=sides, provenances=provenances
        ),
        *glaziers_problems(
            data.glaziers, f"{path}.glaziers", market_ids=market_ids, provenances=provenances
        ),
    ]


__all__ = [
    "CARD_LOCATIONS",
    "AltarWindowData",
    "CardKind",
    "Discs",
    "GlassKind",
    "GlassworksTile",
    "GlaziersData",
    "GoldArrow",
    "LeafGoldData",
    "ModuleData",
    "PicturedTile",
    "WindowSegments",
    "WindowTile",
    "WishingWellData",
    "Workbench",
    "disc_colours",
    "module_problems",
    "segment_problems",
    "workbench_problems",
]
