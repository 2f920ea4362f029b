"""Barbarossa's rules read their numbers from the component data, and the game ends cleanly
(issue 15).

B16: the sculptor's move after a right guess comes from the component data's sculptor table
(shipped: E-B.1), for totals 1..13 only. B19: a disc on Finish ends the game at once: no curse
window, letter request or caller is left waiting.
"""

from __future__ import annotations

import copy

import pytest
from attrs import evolve

from fresco_rules.barbarossa import (
    Answer,
    AskQuestion,
    Reply,
    RollDie,
    Step,
    apply,
    current_player,
    legal_actions,
    sculptor_delta,
)
from fresco_rules.barbarossa.data import (
    components_from_mapping,
    components_to_mapping,
    default_components,
)
from fresco_rules.barbarossa.scoring import check_finish

from .barbarossa_fixtures import B, game, play


@pytest.mark.rule("B16")
def test_B16_the_sculptor_move_comes_from_the_data_table() -> None:
    raw = copy.deepcopy(components_to_mapping(default_components()))
    moves = [3, 2, 1, 0, -1, -2, -3, 0, 1, 2, 3, 0, -1]  # not the shipped table
    for row, move in zip(raw["sculptor_table"], moves, strict=True):
        row["move"] = move
    data = components_from_mapping(raw)
    assert [sculptor_delta(total, data) for total in range(1, 14)] == moves
    assert sculptor_delta(7) == 2  # the shipped table is unchanged (E-B.1)


@pytest.mark.rule("B16")
@pytest.mark.parametrize("total", [0, 14, -1])
def test_B16_a_total_outside_the_table_is_refused(total: int) -> None:
    with pytest.raises(ValueError, match=r"^B16: the Gem holds 1-13 arrows after a right guess$"):
        sculptor_delta(total)


@pytest.mark.rule("B16")
@pytest.mark.parametrize("total", [True, 7.0, "7", None])
def test_B16_a_total_that_is_not_an_integer_is_refused(total: object) -> None:
    with pytest.raises(ValueError, match=r"^B16: the arrow total must be an integer, not "):
        sculptor_delta(total)  # type: ignore[arg-type]


@pytest.mark.rule("B19")
def test_B19_a_disc_on_finish_ends_the_game_with_nothing_left_waiting() -> None:
    asked = play(game(dice=[6]), RollDie(), AskQuestion(2))
    assert asked.request is not None  # the question waits for its answer
    window = apply(asked, Answer(Reply.YES)).window  # then a curse window opens
    assert window is not None
    finish = asked.tables.track.finish
    waiting = evolve(asked, window=window, callers=(B,), discs=(finish, *asked.discs[1:]))
    over = check_finish(waiting, (0,))
    assert (over.step, over.winners) == (Step.OVER, (0,))
    assert (over.window, over.request, over.callers) == (None, None, ())
    assert current_player(over) is None and legal_actions(over) == ()
