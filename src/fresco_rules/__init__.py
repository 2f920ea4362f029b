"""fresco_rules: board-game rules as pure functions over immutable state.

Games live in subpackages (``fresco_rules.fresco``); the game-agnostic kernel is
``fresco_rules.kernel``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._version import __version__
from .games import replay as replay_any
from .games import validate as validate_any
from .kernel.errors import IllegalAction, InvalidData, MalformedAction, NotationError, RulesError
from .kernel.records import ValidationReport

if TYPE_CHECKING:
    from .games import GameState


def replay(record: Any) -> GameState:
    """Replay a game record of any known game and return the final state (a Fresco, a
    Barbarossa or a Carcassonne ``State``). ``record`` is a path (``"game.json"`` or a
    ``Path``), JSON text (a ``str`` starting with ``{``), bytes or a parsed mapping. Raises
    ``ReplayError`` at the first illegal step and ``InvalidRecord`` for a malformed record
    (both ``RulesError``)."""
    return replay_any(record)


def validate(record: Any) -> ValidationReport:
    """The ``ValidationReport`` of a game record (any form ``replay`` takes): valid with its
    scores, or the first failure; never raises."""
    return validate_any(record)


__all__ = [
    "IllegalAction",
    "InvalidData",
    "MalformedAction",
    "NotationError",
    "RulesError",
    "ValidationReport",
    "__version__",
    "replay",
    "validate",
]
