"""The kernel seam the adapters use for chance nodes: a draw with no recorded outcome, where
only recorded outcomes may be used, raises ``OutcomeNeeded`` (kind and pool) - still the
``IllegalAction`` a replay reports."""

from __future__ import annotations

import pickle

import pytest

from fresco_rules import IllegalAction
from fresco_rules.fresco import GameConfig, new_game
from fresco_rules.kernel.chance import OutcomeNeeded, draw, start_chance


def test_a_missing_outcome_names_the_draw() -> None:
    with pytest.raises(OutcomeNeeded) as caught:
        new_game(GameConfig(players=3), 0, chance=[("start_space", "2")], chance_only=True)
    need = caught.value
    assert isinstance(need, IllegalAction) and need.rule == "A0.18"
    assert need.kind == "start_space" and need.pool == ("0", "1")
    assert "no outcome for this start_space draw" in str(need)


def test_the_pool_keeps_duplicates_and_order() -> None:
    chance = start_chance(1, scripted_only=True)
    with pytest.raises(OutcomeNeeded) as caught:
        draw(chance, "glass", ["red", "blue", "red"], rule="R6.3")
    assert caught.value.pool == ("red", "blue", "red")
    index, after = draw(
        start_chance(1, [("glass", "red")], scripted_only=True), "glass", ["blue", "red"], rule="x"
    )
    assert index == 1 and after.log == (("glass", "red"),) and after.script == ()


def test_it_pickles_with_its_draw() -> None:
    need = OutcomeNeeded("B5", "die", ("1", "2", "3", "4", "5", "6"))
    again = pickle.loads(pickle.dumps(need))
    assert (again.rule, again.kind, again.pool) == ("B5", "die", need.pool)
    assert str(again) == str(need)
