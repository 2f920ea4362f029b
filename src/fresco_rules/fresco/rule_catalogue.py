"""Fresco's rule catalogue in sections: the base game's file, ``data/rules.toml`` (the base
rules R0, E0, A0 and the general rules of the modules G, M, EM, AM), and one file per module,
which its plug-in declares (``Plugin.catalogue``, made by ``module_section``): module 4's
``modules/wishing_well_rules.toml`` holds R4, E4 and A4. ``scripts/extract_rules.py`` writes
every section from the spec; the catalogue the tools read is their union, in the order the
spec reads (``spec_order``). The plug-ins are passed in: this file names no module."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ..kernel.catalogue import CatalogueSection, RuleEntry, load_sections
from .vocab import RULE_ID, RULE_SPECS, Module

if TYPE_CHECKING:
    from .extensions import Plugin

BASE_SECTION = CatalogueSection("data/rules.toml")
"""The base game's section: every ID no module's section holds."""

GENERAL_SPECS = {
    "0": "fresco-base.md",
    "G": "fresco-modules-456.md",
    "M": "fresco-modules-123.md",
}
"""The spec file of each group of the base section's IDs: the base game's (R0, E0, A0), the
general rules of modules 4-6 (G) and those of modules 1-3 (M, EM, AM)."""


def module_section(module: Module, spec: str) -> CatalogueSection:
    """A module's section: the IDs numbered with its module number (``R4.1``, ``E4.2``,
    ``A4.3``) from the spec file ``spec``, in ``modules/<module name>_rules.toml``."""
    return CatalogueSection(
        f"modules/{module.name.lower()}_rules.toml",
        ids=re.compile(rf"[REA]{module.value}\.[0-9]+"),
        spec=spec,
    )


def sections(plugins: Iterable[Plugin]) -> tuple[CatalogueSection, ...]:
    """The base game's section, then each plug-in's, in module order."""
    return (BASE_SECTION, *(p.catalogue for p in plugins if p.catalogue is not None))


def _part_and_group(rule_id: str) -> tuple[int, str]:
    """An ID's part of its spec (0 rules, 1 worked examples, 2 interpretation decisions) and
    its group (a module number, ``0`` for the base game, ``G`` or ``M`` for the general rules
    of the modules): ``E4.2`` is (1, "4"), ``AM.1`` (2, "M"), ``G.3`` (0, "G")."""
    prefix = rule_id.split(".", 1)[0]
    if len(prefix) == 1:
        return 0, prefix
    return {"E": 1, "A": 2}.get(prefix[0], 0), prefix[1:]


def spec_order(plugins: Iterable[Plugin]) -> Callable[[RuleEntry], tuple[int, int, int]]:
    """The order the spec reads, as a sort key of the union: the spec files in ``RULE_SPECS``
    order; in each, its rules, then its worked examples (E), then its decisions (A); in each
    part the general rules first, then each module's in module order (``E4`` before ``E5``)."""
    specs = dict(GENERAL_SPECS)
    for plugin in plugins:
        if plugin.catalogue is not None:
            specs[str(plugin.module.value)] = plugin.catalogue.spec
    rank = {group: RULE_SPECS.index(spec) for group, spec in specs.items()}

    def key(entry: RuleEntry) -> tuple[int, int, int]:
        part, group = _part_and_group(entry.id)
        return rank.get(group, len(RULE_SPECS)), part, int(group) if group.isdigit() else 0

    return key


def catalogue(plugins: Iterable[Plugin]) -> tuple[RuleEntry, ...]:
    """The whole catalogue: the base game's section and every plug-in's, in spec order."""
    plugins = tuple(plugins)
    return load_sections(
        __package__ or "fresco_rules.fresco",
        sections(plugins),
        id_pattern=RULE_ID,
        order=spec_order(plugins),
    )
