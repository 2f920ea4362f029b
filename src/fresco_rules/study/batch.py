"""A batch of a study's games, as a worker of any backend plays it (``run`` for the local
backend, ``ray_backend`` for Ray): the games to play and what a worker needs to play them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from attrs import frozen

from .adapters import get_adapter
from .players import make_player
from .spec import GameResult, run_game

Task = tuple[int, int, int]
"""(arm, game index, seed)."""


@frozen
class Payload:
    """What a worker needs to play any game of the study."""

    game: str
    player: str
    configs: tuple[Any, ...]


_WORKER: dict[str, Any] = {}


def play_batch(payload: Payload, tasks: Sequence[Task]) -> list[GameResult]:
    """Play the given games; the adapter and player are made once per worker process."""
    key = (payload.game, payload.player)
    if _WORKER.get("key") != key:
        adapter = get_adapter(payload.game)
        _WORKER.update(key=key, adapter=adapter, choose=make_player(payload.player, adapter))
    adapter, choose = _WORKER["adapter"], _WORKER["choose"]
    return [
        run_game(adapter, payload.configs[arm], arm, game, seed, choose)
        for arm, game, seed in tasks
    ]


OnBatch = Callable[[list[GameResult]], None]
