"""The study adapter of each game: a game joins the study with the ``GameAdapter``
(``kernel.study_spec``) its declaration holds as ``study``; the games are those of
``fresco_rules.games``.

The adapter names the game's protocol, its config type and options, how a game's length in
rounds is read, the game-specific figures reported for every game and the greedy player's value
of an action.
"""

from __future__ import annotations

from ..games import GameUnavailable, declaration, game_names
from ..kernel.study_spec import GameAdapter, Step, StudyError

__all__ = ["GameAdapter", "Step", "StudyError", "get_adapter"]


def get_adapter(name: str) -> GameAdapter:
    """The adapter of a game by name; a ``StudyError`` names the known games, or the game that
    fails to load, otherwise."""
    if type(name) is not str or name not in game_names():
        known = ", ".join(game_names())
        raise StudyError(f"no study adapter for game {name!r}; known: {known}")
    try:
        return declaration(name).study
    except GameUnavailable as exc:
        raise StudyError(str(exc)) from None
