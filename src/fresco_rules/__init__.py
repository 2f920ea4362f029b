"""fresco_rules: board-game rules as pure functions over immutable state.

Games live in subpackages (``fresco_rules.fresco``); the game-agnostic kernel is
``fresco_rules.kernel``.
"""

from typing import Any

from .games import replay as replay_any
from .games import validate as validate_any
from .kernel.errors import IllegalAction, InvalidData, MalformedAction, RulesError

__version__ = "0.1.0"


def replay(record: Any) -> Any:
    """Replay a game record (JSON text, bytes, a path or a mapping) of any known game and
    return the final state; raises ``ReplayError`` at the first illegal step and
    ``InvalidRecord`` for a malformed record (both ``RulesError``)."""
    return replay_any(record)


def validate(record: Any) -> Any:
    """The ``ValidationReport`` of a game record: valid with its scores, or the first failure."""
    return validate_any(record)


__all__ = [
    "IllegalAction",
    "InvalidData",
    "MalformedAction",
    "RulesError",
    "__version__",
    "replay",
    "validate",
]
