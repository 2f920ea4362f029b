"""fresco_rules: board-game rules as pure functions over immutable state.

Games live in subpackages (``fresco_rules.fresco``); the game-agnostic kernel is
``fresco_rules.kernel``.
"""

from .kernel.errors import IllegalAction, InvalidData, MalformedAction, RulesError

__version__ = "0.1.0"

__all__ = ["IllegalAction", "InvalidData", "MalformedAction", "RulesError", "__version__"]
