"""fresco_rules: board-game rules as pure functions over immutable state.

Games live in subpackages (``fresco_rules.fresco``, ``.barbarossa``, ``.carcassonne``); the
game-agnostic kernel is ``fresco_rules.kernel``. Here: ``replay`` and ``validate`` for a record
of any game, and the errors every game raises (all ``RulesError``).
"""

from ._version import __version__
from .games import replay, validate
from .kernel.errors import (
    IllegalAction,
    InvalidData,
    InvalidSeed,
    MalformedAction,
    NotationError,
    RulesError,
)
from .kernel.records import InvalidRecord, ReplayError, ValidationReport

__all__ = [
    "IllegalAction",
    "InvalidData",
    "InvalidRecord",
    "InvalidSeed",
    "MalformedAction",
    "NotationError",
    "ReplayError",
    "RulesError",
    "ValidationReport",
    "__version__",
    "replay",
    "validate",
]
