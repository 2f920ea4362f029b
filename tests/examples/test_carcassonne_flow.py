"""Carcassonne set-up, tile draws and the end of the game (C0.1-C0.3, C5, C15, CA1, CA2): the
seed and the recorded draws, the refusals a bad seed or a record that does not fit gets, and
the state a finished game is left in."""

from __future__ import annotations

import attrs
import pytest

from fresco_rules.carcassonne import (
    GameConfig,
    Pass,
    Phase,
    apply,
    legal_actions,
    new_game,
    player_view,
    token_ledger,
)
from fresco_rules.kernel.chance import OutcomeNeeded
from fresco_rules.kernel.errors import IllegalAction

from .carcassonne_fixtures import last_turn, place, play


@pytest.mark.rule("C0.1")
def test_C0_1_the_default_game_is_the_default_config_with_seed_0() -> None:
    assert new_game() == new_game(GameConfig(), 0)
    assert new_game(GameConfig()) == new_game(GameConfig(), seed=0)
    assert new_game(GameConfig(), 0) != new_game(GameConfig(), 1)


@pytest.mark.rule("C0.1")
def test_C0_1_a_recorded_tile_draw_that_does_not_fit_is_refused_under_C0_1() -> None:
    with pytest.raises(IllegalAction) as refused:
        new_game(GameConfig(), 0, chance=[("tile", "ZZ")])
    assert refused.value.rule == "C0.1" and "tile" in str(refused.value)
    with pytest.raises(IllegalAction) as wrong_kind:
        new_game(GameConfig(), 0, chance=[("first_player", "1")])
    assert wrong_kind.value.rule == "C0.1"


@pytest.mark.rule("C0.1")
def test_C0_1_replaying_a_record_only_never_invents_a_tile_draw() -> None:
    replayed = new_game(GameConfig(), 0, chance=[("tile", "U")], chance_only=True)
    assert replayed.tile == "U" and replayed.chance.log == (("tile", "U"),)
    with pytest.raises(OutcomeNeeded) as refused:
        apply(place(replayed, 1, 0, 0), Pass())
    assert refused.value.rule == "C0.1" and refused.value.kind == "tile"
    with pytest.raises(OutcomeNeeded):
        new_game(GameConfig(), 0, chance=(), chance_only=True)
    # without chance_only the next draw comes from the seed
    assert apply(place(new_game(GameConfig(), 0, chance=[("tile", "U")]), 1, 0, 0), Pass()).tile


@pytest.mark.rule("CA1")
def test_CA1_a_recorded_first_player_that_does_not_fit_is_refused_under_CA1() -> None:
    config = GameConfig(players=3, first_player_choice="random")
    with pytest.raises(IllegalAction) as refused:
        new_game(config, 0, chance=[("first_player", "3")])
    assert refused.value.rule == "CA1" and "first_player" in str(refused.value)
    with pytest.raises(OutcomeNeeded) as needed:
        new_game(config, 0, chance_only=True)
    assert needed.value.rule == "CA1" and needed.value.pool == ("0", "1", "2")


@pytest.mark.rule("C0.1", "C0.3")
def test_C0_1_the_start_tile_is_placed_and_the_first_tile_drawn() -> None:
    state = new_game(GameConfig(players=2, first_player=1), 0, chance=[("tile", "U")])
    assert state.phase is Phase.PLACE and state.active == 1 and state.tile == "U"
    # the four spaces around the start tile are open, nothing else
    assert len(state.open_keys) == 4 and len(state.board_keys) == 1
    view = player_view(state, 0)
    assert view.tile == "U" and view.active == 1 and view.phase == "place"
    assert view.placed == (("D", 0, 0, 0),)


@pytest.mark.rule("C0.3")
def test_C0_3_after_placing_no_tile_is_in_hand() -> None:
    placed = place(new_game(GameConfig(), 0, chance=[("tile", "U")]), 1, 0, 0)
    assert placed.phase is Phase.FOLLOWER and placed.tile == ""
    assert player_view(placed, 1).tile == ""
    assert token_ledger(placed)["tiles"]["drawn"] == 0


@pytest.mark.rule("C15", "C16")
def test_C15_the_finished_game_keeps_its_board_followers_and_draw_log() -> None:
    state = place(play([("W", 0, 1, 0, "road:E")], more=("U",)), 1, 0, 0)
    over = apply(last_turn(state), Pass())
    assert over.phase is Phase.OVER and legal_actions(over) == ()
    assert over.tile == "" and over.stack == () and over.discarded == ()
    assert over.turn == state.turn and over.active == 0  # the seat that would draw next
    # final scoring leaves the followers where they stand (C16 scores the thief's road)
    assert over.followers == state.followers and over.supply == (6, 7)
    assert over.chance.log == (("tile", "W"), ("tile", "U"))
    assert over.points == (1, 0)
    view = player_view(over, 1)
    assert view.phase == "over" and view.tile == "" and view.stack == 0
    assert view.followers == ((0, 0, 1, "road:E"),)


@pytest.mark.rule("C15", "C5", "CA2")
def test_C15_C5_a_last_tile_that_fits_nowhere_is_discarded_and_the_game_ends() -> None:
    # after the E tile closes the start city no open space takes a C tile (all city)
    state = play([("E", 0, -1, 2, None)], more=("U",))
    placed = place(state, 1, 0, 0)
    over = apply(attrs.evolve(placed, stack=("C",)), Pass())
    assert over.phase is Phase.OVER
    assert over.discarded == ("C",) and over.stack == ()
    assert over.chance.log[-1] == ("tile", "C")
    assert over.chance.rng != placed.chance.rng  # the draw advanced the generator
    assert over.turn == placed.turn and over.active == 0 and over.tile == ""
    ledger = token_ledger(over)["tiles"]
    assert ledger == {"stack": 0, "drawn": 0, "board": 3, "discarded": 1}
