"""What an interpretation study needs from one game, as one record per game.

A game joins the study with a ``GameAdapter`` in its own module and one line in ``ADAPTERS``
(the game name and the module holding ``ADAPTER``). The adapter names the game's protocol, its
config type and options, how a game's length in rounds is read, the game-specific figures
reported for every game and the greedy player's value of an action.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from importlib import import_module
from typing import Any

from attrs import frozen

from ..kernel.errors import RulesError
from ..kernel.protocol import GameRules

Step = tuple[int | None, Any]
"""One step of a played game: the acting seat and the action."""


class StudyError(RulesError):
    """A study that cannot run as asked: bad arms, an unknown player, a foreign ``--out``."""


@frozen
class GameAdapter:
    """One game as the study sees it.

    ``figures(final, steps)`` returns the game-specific figures of one finished game, keyed by
    ``figure_names`` (numbers; a study reports the mean of each with its CI).
    ``greedy_key(before, action, after, seat)`` is the greedy player's value of ``action``, which
    led from ``before`` to ``after``, for the acting ``seat``; the player takes an action with the
    largest key (tuples compare in order). A key must not use chance the action reveals (a die
    that is rolled by the action itself): such actions get a neutral value.
    """

    name: str
    game: GameRules[Any, Any]
    config_type: Callable[..., Any]
    option_types: Mapping[str, type[Enum]]
    player_counts: tuple[int, ...]
    winners: Callable[[Any], tuple[int, ...]]
    rounds: Callable[[Any], int]
    figure_names: tuple[str, ...]
    figures: Callable[[Any, Sequence[Step]], Mapping[str, float]]
    greedy_key: Callable[[Any, Any, Any, int], tuple[float, ...]]
    greedy_doc: str
    """One sentence saying what the greedy player maximises in this game."""
    load_components: Callable[[str], Any] | None = None
    parse_modules: Callable[[str], Any] | None = None


ADAPTERS: dict[str, str] = {
    "fresco": "fresco_rules.study.fresco_adapter",
    "barbarossa": "fresco_rules.study.barbarossa_adapter",
    "carcassonne": "fresco_rules.study.carcassonne_adapter",
}
"""Game name -> the module whose ``ADAPTER`` is that game's ``GameAdapter``."""


def get_adapter(name: str) -> GameAdapter:
    """The adapter of a game by name; a ``StudyError`` names the known games otherwise."""
    module_name = ADAPTERS.get(name) if isinstance(name, str) else None
    if module_name is None:
        raise StudyError(f"no study adapter for game {name!r}; known: {', '.join(ADAPTERS)}")
    adapter: GameAdapter = import_module(module_name).ADAPTER
    return adapter
