"""Fresco as a kernel ``GameRules`` value (random play, state machines, records), and the record
of a game played with it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._version import __version__
from ..kernel import codec as generic
from ..kernel.protocol import GameRules
from .actions import Action
from .config import GameConfig
from .engine import (
    apply,
    current_player,
    explain,
    is_over,
    legal_actions,
    scores,
    token_ledger,
)
from .flow import new_game
from .records import make_codec
from .render import describe
from .state import State

GAME: GameRules[State, Action] = GameRules(
    name="fresco",
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
"""Fresco as a kernel ``GameRules`` value (random play, state machines, records)."""


def record_game(
    config: GameConfig, seed: int, steps: Sequence[tuple[int | None, Action]], final: State
) -> dict[str, Any]:
    """The record of a Fresco game (see ``kernel.records`` for the format)."""
    return generic.record_game(GAME, __version__, config, seed, steps, final)
