"""The expansion modules this engine plays, in module order: one line per module.

A module is a plug-in that declares everything of its own in ``fresco/modules/`` and ends its
main file with a ``PLUGIN`` (``extensions.Plugin``); adding one means adding it here. This is the
only file of the base game that imports a module's files: the engine, the records, the text and
the adapters take the plug-ins from here and never name a module.
"""

from __future__ import annotations

from .config import GameConfig, Tables
from .extensions import Plugin
from .extensions import derive_tables as derive_tables_with
from .modules import glaziers, leaf_gold, portraits, requests, special_blends, wishing_well

# the modules' public names, re-exported by the package (``fresco_rules.fresco``)
from .modules.glaziers_actions import BuyGlass as BuyGlass
from .modules.glaziers_actions import HandInGlass as HandInGlass
from .modules.glaziers_actions import PlaceGlassworks as PlaceGlassworks
from .modules.glaziers_actions import TakeWindow as TakeWindow
from .modules.leaf_gold import gilding_points as gilding_points
from .modules.leaf_gold_actions import Gild as Gild
from .modules.portraits_actions import TakePortrait as TakePortrait
from .modules.portraits_actions import UseSexton as UseSexton
from .modules.requests_actions import ChooseIncomePaint as ChooseIncomePaint
from .modules.requests_actions import FulfilRequest as FulfilRequest
from .modules.wishing_well_actions import BuyWishingCard as BuyWishingCard
from .modules.wishing_well_actions import PlacePennies as PlacePennies
from .modules.wishing_well_actions import SkipStreetMusician as SkipStreetMusician
from .modules.wishing_well_actions import UseAlchemy as UseAlchemy
from .modules.wishing_well_actions import UseBishopsPraise as UseBishopsPraise
from .modules.wishing_well_actions import UseBishopsVisit as UseBishopsVisit
from .modules.wishing_well_actions import UseFreePaints as UseFreePaints
from .modules.wishing_well_actions import UseLuckyFellow as UseLuckyFellow
from .modules.wishing_well_actions import UseReward as UseReward
from .modules.wishing_well_actions import UseStreetMusician as UseStreetMusician
from .modules.wishing_well_actions import UseTip as UseTip

PLUGINS: tuple[Plugin, ...] = (
    portraits.PLUGIN,
    requests.PLUGIN,
    special_blends.PLUGIN,
    wishing_well.PLUGIN,
    leaf_gold.PLUGIN,
    glaziers.PLUGIN,
)


def derive_tables(config: GameConfig) -> Tables:
    """Check a config and derive its tables with the modules of ``PLUGINS``
    (``extensions.derive_tables``); raises ``InvalidConfig`` for a bad config."""
    return derive_tables_with(config, PLUGINS)
