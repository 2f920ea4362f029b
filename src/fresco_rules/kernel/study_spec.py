"""What an interpretation study needs from one game, as one record per game: the
``GameAdapter`` a game's ``study_adapter`` module holds as ``ADAPTER``.

It lives in the kernel so that a game's folder describes the game to the study without
importing the study (whose extras, scipy and matplotlib, a game must not need).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any

from attrs import frozen

from .errors import RulesError
from .protocol import GameRules

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
    heuristic_key: Callable[[Any, Any, Any, int], tuple[float, ...]] | None = None
    """The heuristic player's value of an action, as ``greedy_key`` (None: the greedy key)."""
    heuristic_doc: str = ""
    """A few words saying how the heuristic player plays this game."""
    heuristic_values: Callable[[Any, Sequence[Any], int], list[tuple[float, ...]]] | None = None
    """``heuristic_values(state, actions, seat)``: the heuristic key of every legal action of
    ``state`` at once, equal to ``heuristic_key(state, a, apply(state, a), seat)`` for each,
    for a game that computes them cheaper than applying each action (None: apply each)."""
    judgement: Callable[[Any], bool] | None = None
    """``judgement(state)``: the decision now is a judgement the rules take from a person as
    an input (Barbarossa's sculptor: answers, letters, verdicts), to be given honestly, not
    played to win: the search player gives it as the heuristic does, in its simulations too.
    None: every decision is a move."""
    sample_hidden: Callable[[Any, int, random.Random], Any] | None = None
    """``sample_hidden(state, seat, rng)``: a state the seat cannot tell from ``state``, with
    what it cannot see (other seats' secrets, future chance) drawn from ``rng``: the result
    depends only on the seat's ``player_view`` and ``rng``. None: the search player is not
    available for the game."""
