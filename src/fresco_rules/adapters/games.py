"""The games the adapters know, by name: each built-in game of ``fresco_rules.games`` with the
``GameSpec`` its folder's ``adapter_spec`` module holds as ``SPEC``."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from types import MappingProxyType

from ..games import game_names, game_package
from .core import AdapterError, GameSpec, Params, Table, table_for

__all__ = ["SPECS", "AdapterError", "modules_help", "spec", "table"]


def _load_spec(name: str) -> GameSpec:
    found: GameSpec = import_module(f"{game_package(name)}.adapter_spec").SPEC
    return found


SPECS: Mapping[str, GameSpec] = MappingProxyType({name: _load_spec(name) for name in game_names()})


def spec(name: str) -> GameSpec:
    found = SPECS.get(name)
    if found is None:
        raise AdapterError(f"unknown game {name!r}; known: {', '.join(SPECS)}")
    return found


def table(name: str, params: Params | None = None) -> Table:
    """A game configuration by game name and parameters."""
    return table_for(spec(name), params)


def modules_help() -> str:
    """The expansion modules of each game that has some, for a tool's help."""
    return "; ".join(
        f"{name.title()} expansion modules: {found.modules_help}"
        for name, found in SPECS.items()
        if found.modules_help
    )
