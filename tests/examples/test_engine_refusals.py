"""The engine's own refusals, before any rule's validator runs (issue 15: fresco.engine
survivors): something that is not a Fresco state (R0.14), something that is not a Fresco
action (K.1), and a misshapen field that is not plain data (K.1), each with the seat to
decide and the position."""

from __future__ import annotations

import pytest

from fresco_rules import barbarossa
from fresco_rules.fresco import (
    ChooseGetUp,
    EndTurn,
    GameConfig,
    apply,
    current_player,
    explain,
    new_game,
)
from fresco_rules.kernel.errors import MalformedAction
from fresco_rules.kernel.fuzz import HostileInt, forge
from fresco_rules.kernel.untrusted import describe


@pytest.mark.rule("R0.14")
@pytest.mark.parametrize(
    "not_a_state", ["state", None, 7, barbarossa.new_game(barbarossa.GameConfig(players=3), 0)]
)
def test_something_that_is_not_a_fresco_state_is_malformed(not_a_state: object) -> None:
    problem = explain(not_a_state, ChooseGetUp(0))  # type: ignore[arg-type]
    assert type(problem) is MalformedAction and problem.rule == "R0.14"
    assert problem.reason == f"expected a Fresco State, got {describe(not_a_state)}"
    with pytest.raises(MalformedAction) as refused:
        apply(not_a_state, EndTurn())  # type: ignore[arg-type]
    assert refused.value.rule == "R0.14" and refused.value.reason == problem.reason


@pytest.mark.rule("K.1")
@pytest.mark.parametrize("not_an_action", ["up 5:00", 3, None, ("choose_get_up", 0)])
def test_something_that_is_not_a_fresco_action_is_named_with_the_position(
    not_an_action: object,
) -> None:
    state = new_game(GameConfig(players=3), 4)
    problem = explain(state, not_an_action)
    assert type(problem) is MalformedAction and problem.rule == "K.1"
    assert problem.reason == f"{describe(not_an_action)} is not a Fresco action"
    assert problem.seat == current_player(state) and problem.where == state.where()


@pytest.mark.rule("K.1", "R0.17")
def test_a_field_that_is_not_plain_data_is_refused_with_the_position() -> None:
    """An ``int`` subclass in the get-up slot never reaches R0.17's validator: K.1 refuses it,
    naming the field, the seat to decide and the position."""
    state = new_game(GameConfig(players=2), 4)
    odd = forge(ChooseGetUp, {"slot": HostileInt(1)})
    problem = explain(state, odd)
    assert type(problem) is MalformedAction and problem.rule == "K.1"
    assert problem.reason == "ChooseGetUp.slot must be int, not HostileInt(1)"
    assert problem.seat == current_player(state) and problem.where == state.where()
    with pytest.raises(MalformedAction) as refused:
        apply(state, odd)
    assert (refused.value.rule, refused.value.reason) == ("K.1", problem.reason)
