"""A seeded 4-player game runs to its end through the public protocol."""

from __future__ import annotations

import pytest

from fresco_rules.fresco import GAME, GameConfig, is_over, legal_actions, scores
from fresco_rules.kernel.play import random_playout


@pytest.mark.rule("R0.14", "R0.62")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_R0_14_seeded_game_ends_with_scores(players: int) -> None:
    playout = random_playout(GAME, GameConfig(players=players), seed=7)
    assert is_over(playout.final)
    assert legal_actions(playout.final) == ()
    assert len(scores(playout.final)) == players
    assert max(scores(playout.final)) > 0
