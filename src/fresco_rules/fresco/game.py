"""Fresco as a kernel ``GameRules`` value (random play, state machines, records), and
``record_game(config, seed, steps, final)``, the record of a game played with it."""

from __future__ import annotations

from .._version import __version__
from ..kernel.codec import recorder
from ..kernel.protocol import GameRules, game_rules
from . import engine
from .actions import Action
from .config import GameConfig
from .engine import new_game
from .records import make_codec
from .render import describe
from .state import State

GAME: GameRules[State, Action] = game_rules(
    "fresco", GameConfig, engine, new_game, describe, make_codec()
)
"""Fresco as a kernel ``GameRules`` value (random play, state machines, records)."""

record_game = recorder(GAME, __version__)
