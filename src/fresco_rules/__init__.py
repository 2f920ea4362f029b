"""fresco_rules: board-game rules as pure functions over immutable state.

Games live in subpackages (``fresco_rules.fresco``, ``.barbarossa``, ``.carcassonne``); the
game-agnostic kernel is ``fresco_rules.kernel``. Here: ``replay`` and ``validate`` for a record
of any game; ``GameHistory`` (``new_history``, ``load_history``) to play a game step by step,
take steps back and write its record; ``load_position`` and ``position_to_json`` for a
position of any game; and the errors every game raises (all ``RulesError``).
"""

from ._version import __version__
from .games import load_history, new_history, replay, validate
from .kernel.errors import (
    IllegalAction,
    InvalidData,
    InvalidSeed,
    MalformedAction,
    NotationError,
    RulesError,
)
from .kernel.history import GameHistory
from .kernel.position import InvalidPosition
from .kernel.records import InvalidRecord, ReplayError, ValidationReport
from .positions import load_position, position_to_json

__all__ = [
    "GameHistory",
    "IllegalAction",
    "InvalidData",
    "InvalidPosition",
    "InvalidRecord",
    "InvalidSeed",
    "MalformedAction",
    "NotationError",
    "ReplayError",
    "RulesError",
    "ValidationReport",
    "__version__",
    "load_history",
    "load_position",
    "new_history",
    "position_to_json",
    "replay",
    "validate",
]
