"""Expansion modules 3 (Special blend colours), 4 (the Wishing Well), 5 (the Leaf Gold) and 6
(the Glaziers).

Each module is one ``extensions.ModuleRules`` subclass in its own file, with its frozen sub-state
in a ``*_state`` file; the base flow calls them at its named extension points.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...kernel.registry import implements

if TYPE_CHECKING:
    from ..config import GameConfig, Tables
    from ..extensions import ModuleRules


@implements("G.1", "G.2", "G.3", "G.5")
def build_modules(config: GameConfig, tables: Tables) -> tuple[ModuleRules, ...]:
    """The rules of the modules in ``config``, in module order, with their tables derived once
    from the config and the component data. Raises ``ValueError`` for a bad option.

    G.1: modules 4, 5 and 6 join the base game in any combination; each adds its own sub-state
    and hooks, and every base rule applies unless a hook changes it. G.2, G.3 and G.5: the
    paints depot, the bank and the extra boards beside the main board change no rule, so the
    paint and money supplies stay the base game's ledgers (R0.66)."""
    from ..vocab import Module
    from .glaziers import Glaziers
    from .leaf_gold import LeafGold
    from .requests import Requests
    from .special_blends import SpecialBlends
    from .wishing_well import WishingWell

    found: list[ModuleRules] = []
    if Module.REQUESTS in config.modules:
        found.append(Requests.build(config, tables))
    if Module.SPECIAL_BLENDS in config.modules:
        found.append(SpecialBlends.build(config, tables))
    if Module.WISHING_WELL in config.modules:
        found.append(WishingWell.build(config, tables))
    if Module.LEAF_GOLD in config.modules:
        found.append(LeafGold.build(config, tables))
    if Module.GLAZIERS in config.modules:
        found.append(Glaziers.build(config, tables))
    return tuple(found)
