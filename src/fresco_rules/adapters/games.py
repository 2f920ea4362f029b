"""The games the adapters know, by name: every game of ``fresco_rules.games`` with the
``GameSpec`` its declaration holds as ``adapter``."""

from __future__ import annotations

from ..games import GameUnavailable, declaration, game_names
from .core import AdapterError, GameSpec, Params, Table, table_for

__all__ = ["AdapterError", "available", "modules_help", "spec", "table"]


def spec(name: str) -> GameSpec:
    """The adapter description of a game; an ``AdapterError`` names the known games, or the
    game that fails to load."""
    try:
        return declaration(name).adapter
    except GameUnavailable as exc:
        raise AdapterError(str(exc)) from None


def available() -> dict[str, GameSpec]:
    """The adapter description of every game that loads, by name (a broken third-party game is
    left out here, and refused by name when a tool asks for it)."""
    found = {}
    for name in game_names():
        try:
            found[name] = spec(name)
        except AdapterError:
            continue
    return found


def table(name: str, params: Params | None = None) -> Table:
    """A game configuration by game name and parameters."""
    return table_for(spec(name), params)


def modules_help() -> str:
    """The expansion modules of each game that has some, for a tool's help."""
    return "; ".join(
        f"{name.title()} expansion modules: {found.modules_help}"
        for name, found in available().items()
        if found.modules_help
    )
