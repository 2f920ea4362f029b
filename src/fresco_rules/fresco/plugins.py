"""The expansion modules this engine plays, in module order: one line per module.

A module is a plug-in that declares everything of its own in ``fresco/modules/`` and ends its
main file with a ``PLUGIN`` (``extensions.Plugin``); adding one means adding it here. The engine,
the records and the text read the plug-ins from here and never name a module.
"""

from __future__ import annotations

from .extensions import Plugin, install
from .modules import glaziers, leaf_gold, portraits, requests, special_blends, wishing_well

PLUGINS: tuple[Plugin, ...] = install(
    portraits.PLUGIN,
    requests.PLUGIN,
    special_blends.PLUGIN,
    wishing_well.PLUGIN,
    leaf_gold.PLUGIN,
    glaziers.PLUGIN,
)
