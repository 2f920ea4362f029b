"""Seeded playouts of whole games with every law checked at every state (OpenSpiel-style)."""

from __future__ import annotations

from typing import Any

import pytest

from fresco_rules.fresco import (
    GAME,
    BuyTile,
    ChooseGetUp,
    CloseBooth,
    GameConfig,
    Restore,
    State,
    SubmitPlan,
    TrackCollision,
    legal_actions,
)
from fresco_rules.fresco.vocab import SEGMENTS
from fresco_rules.kernel.machine import simulate_and_check

from .fresco_strategies import fresco_laws


def near_misses(state: State, step: int) -> list[Any]:
    """A few unlisted actions close to the listed ones, tried at every state."""
    candidates: list[Any] = [
        ChooseGetUp(step % 6),
        SubmitPlan(market=step % 4, theatre=1, cathedral_2=1),
        BuyTile(step % 4, step % 5),
        CloseBooth(step % 5),
        Restore(SEGMENTS[step % 25], SEGMENTS[(step * 7) % 25]),
        "not an action",
    ]
    listed = set(legal_actions(state))
    return [action for action in candidates if action not in listed]


@pytest.mark.rule("R0.14", "R0.60", "R0.62", "R0.66", "R0.67", "R0.31")
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_R0_14_playout_obeys_every_law(players: int, seed: int) -> None:
    final, history = simulate_and_check(
        GAME, GameConfig(players=players), seed, invariants=[fresco_laws], junk=near_misses
    )
    assert final.phase.value == "over"
    assert len(history) > 50


@pytest.mark.rule("R0.62", "A0.11")
@pytest.mark.parametrize("seed", range(3, 23))
def test_R0_62_every_seeded_game_ends(seed: int) -> None:
    players = 2 + seed % 3
    collision = TrackCollision.FORWARD if seed % 2 else TrackCollision.CHOICE
    final, _ = simulate_and_check(
        GAME, GameConfig(players=players, track_collision=collision), seed, max_steps=20_000
    )
    assert final.tiles_left() <= 6
