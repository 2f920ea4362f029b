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
