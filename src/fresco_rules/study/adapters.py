"""The study adapter of each game: a game joins the study with a ``GameAdapter``
(``kernel.study_spec``) held as ``ADAPTER`` by the ``study_adapter`` module of its folder; the
games are those of ``fresco_rules.games``.

The adapter names the game's protocol, its config type and options, how a game's length in
rounds is read, the game-specific figures reported for every game and the greedy player's value
of an action.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from types import MappingProxyType

from ..games import game_names, game_package
from ..kernel.study_spec import GameAdapter, Step, StudyError

__all__ = ["ADAPTERS", "GameAdapter", "Step", "StudyError", "get_adapter"]

ADAPTERS: Mapping[str, str] = MappingProxyType(
    {name: f"{game_package(name)}.study_adapter" for name in game_names()}
)
"""Game name -> the module whose ``ADAPTER`` is that game's ``GameAdapter``."""


def get_adapter(name: str) -> GameAdapter:
    """The adapter of a game by name; a ``StudyError`` names the known games otherwise."""
    module_name = ADAPTERS.get(name) if isinstance(name, str) else None
    if module_name is None:
        raise StudyError(f"no study adapter for game {name!r}; known: {', '.join(ADAPTERS)}")
    adapter: GameAdapter = import_module(module_name).ADAPTER
    return adapter
