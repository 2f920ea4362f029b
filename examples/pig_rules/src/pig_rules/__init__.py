"""Pig with a hidden bonus card: the example game of ``fresco_rules``, written only against
its public game contract (``fresco_rules.kernel``) and found by the tools through the entry
point ``fresco_rules.games``.

The rules: ``new_game``, ``legal_actions``, ``apply``, ``explain``, ``scores``, ``winners``,
``player_view``; the actions ``Roll`` and ``Hold`` (text ``roll``, ``hold``)."""

from fresco_rules.kernel.view import Views as _Views
from fresco_rules.kernel.view import register_views as _register_views

from ._version import __version__
from .actions import ACTION_TYPES, Action, Hold, Roll
from .config import GameConfig, InvalidConfig, Target
from .data import ComponentData, default_components, load_components
from .engine import (
    apply,
    current_player,
    explain,
    is_over,
    legal_actions,
    new_game,
    player_view,
    scores,
    token_ledger,
    winners,
)
from .picture import svg
from .render import board
from .state import PlayerView, State
from .text_notation import legal_forms, notation, parse_action

__all__ = [
    "ACTION_TYPES",
    "Action",
    "ComponentData",
    "GameConfig",
    "Hold",
    "InvalidConfig",
    "PlayerView",
    "Roll",
    "State",
    "Target",
    "__version__",
    "apply",
    "board",
    "current_player",
    "default_components",
    "explain",
    "is_over",
    "legal_actions",
    "legal_forms",
    "load_components",
    "new_game",
    "notation",
    "parse_action",
    "player_view",
    "scores",
    "svg",
    "token_ledger",
    "winners",
]

_register_views(State, _Views("pig", board, svg))
