"""Pig as a kernel ``GameRules`` value."""

from __future__ import annotations

from fresco_rules.kernel.protocol import GameRules

from .actions import Action
from .config import GameConfig
from .engine import (
    apply,
    current_player,
    explain,
    is_over,
    legal_actions,
    new_game,
    scores,
    token_ledger,
)
from .records import make_codec
from .render import describe
from .state import State
from .vocab import GAME_NAME

GAME: GameRules[State, Action] = GameRules(
    name=GAME_NAME,
    default_config=GameConfig,
    new_game=new_game,
    legal_actions=legal_actions,
    apply=apply,
    explain=explain,
    is_over=is_over,
    scores=scores,
    current_player=current_player,
    token_ledger=token_ledger,
    describe=describe,
    codec=make_codec(),
)
"""Pig's rules and record codec."""
