"""Set-up, orders, hidden information and the two-player Leonardo rules (R0.1-R0.11,
R0.16, R0.28, R0.53, R0.57, R0.68-R0.79, A0.10)."""

from __future__ import annotations

import pytest
from attrs import evolve

from fresco_rules.fresco import (
    AttendTheatre,
    ChooseGetUp,
    CloseBooth,
    EarnStudio,
    EndTurn,
    GameConfig,
    InvalidConfig,
    Location,
    Phase,
    SubmitPlan,
    apply,
    current_player,
    legal_actions,
    leonardo_score,
    new_game,
    player_view,
    scores,
    token_ledger,
    winners,
)
from fresco_rules.fresco.flow import final_scoring, prepare_round

from .fixtures import (
    AT_5,
    AT_6,
    AT_7,
    AT_8,
    AT_9,
    assert_illegal,
    game,
    get_up,
    play_out_round,
    start_round,
    submit_plans,
    with_money,
    with_track,
)

LEO = 2  # Leonardo's actor index in a 2-player game


@pytest.mark.rule("R0.1", "R0.69")
@pytest.mark.parametrize("players", [0, 1, 5, 6, True, 2.0, "4"])
def test_R0_1_player_count_outside_2_to_4_is_refused(players: object) -> None:
    with pytest.raises(InvalidConfig, match=r"R0\.1:"):
        new_game(GameConfig(players=players))  # type: ignore[arg-type]


@pytest.mark.rule("R0.1", "R0.69", "R0.70")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_R0_1_two_to_four_players_and_leonardo_only_with_two(players: int) -> None:
    state = new_game(GameConfig(players=players), seed=5)
    assert len(scores(state)) == players
    assert (state.tables.leonardo >= 0) == (players == 2)
    assert state.tables.actors == players + (players == 2)
    assert (leonardo_score(state) is not None) == (players == 2)


@pytest.mark.rule("R0.3", "R0.4", "R0.6", "R0.7", "R0.70")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_R0_3_each_player_starts_with_his_pieces(players: int) -> None:
    state = new_game(GameConfig(players=players), seed=11)
    assert state.money == (12,) * players
    assert state.paints == ((1, 1, 1, 0, 0, 0),) * players
    assert state.hostel == (-1,) * state.tables.actors  # R0.6: asleep above the hostel
    assert state.mood == (4,) * players  # R0.7: start row
    assert state.apprentices == (5,) * players  # R0.3: 5 apprentices each
    assert state.side == 1  # action sheet side 1 up
    ledger = token_ledger(state)["apprentices"]
    assert all(ledger[f"seat {s}"] == 5 for s in range(players))
    # R0.70: Leonardo has no money, paints or mood of his own (per-player tuples skip him).
    assert len(state.money) == len(state.paints) == len(state.mood) == players


@pytest.mark.rule("R0.11", "R0.66", "A0.10")
def test_R0_11_supplies_are_unlimited_ledgers_that_may_go_negative() -> None:
    state = game()
    # 4 players took 12 Thalers and R Y B each from the box counts (196; 17 per primary).
    assert state.supply_money == 196 - 4 * 12
    assert state.supply_paints == (13, 13, 13, 9, 9, 9)
    # A0.10: with the supply noted below zero, the studio still pays ("noted on paper").
    state = evolve(state, supply_money=1, money=(12, 12, 12, 196 - 1 - 3 * 12))
    state = start_round(state, {0: AT_5, 1: AT_6, 2: AT_7, 3: AT_8}, {0: SubmitPlan(studio=2)})
    while state.turn is not None and state.turn.location is not Location.STUDIO:
        state = apply(state, EndTurn())
    state = apply(state, EarnStudio())
    state = apply(state, EarnStudio())
    assert state.supply_money == 1 - 6
    assert state.money[0] == 18
    assert sum(token_ledger(state)["money"].values()) == 196


@pytest.mark.rule("R0.16", "R0.30")
def test_R0_16_actions_follow_get_up_times_earliest_first() -> None:
    state = game()  # Red S1, Blue S2, Green S3, Yellow S4: order A is 0, 1, 2, 3
    slots = {0: AT_9, 1: AT_5, 2: AT_8, 3: AT_6}
    state = start_round(state, slots, {s: SubmitPlan(studio=1) for s in range(4)})
    assert state.order == (1, 3, 2, 0)  # 5:00, 6:00, 8:00, 9:00
    seen = []
    while state.turn is not None and state.turn.location is Location.STUDIO:
        seen.append(state.turn.actor)
        state = apply(state, EarnStudio())
    assert seen == [1, 3, 2, 0]


@pytest.mark.rule("R0.28", "R0.25")
def test_R0_28_plans_are_fixed_once_all_are_in() -> None:
    state = get_up(game(), {0: AT_5, 1: AT_6, 2: AT_7, 3: AT_8})
    state = apply(state, SubmitPlan(theatre=1))
    assert state.phase is Phase.PLAN and current_player(state) == 1
    state = submit_plans(state, {1: SubmitPlan(theatre=1)})
    assert state.phase is Phase.ACTION
    assert state.plans[0] == SubmitPlan(theatre=1)
    assert_illegal(state, SubmitPlan(market=1), "R0.28")


@pytest.mark.rule("R0.53", "R0.51", "R0.52")
def test_R0_53_leonardos_painter_blocks_track_spaces() -> None:
    from fresco_rules.fresco.turns import move_painter

    state = start_round(game(players=2, start=(1, 2)), {0: AT_6, 1: AT_7, LEO: AT_5})
    state = with_track(state, {LEO: 5})
    # During play (R0.51): seat 0 gaining 5 from its start space finds space 5 taken.
    assert move_painter(state, 0, 5).pending_track == (4, 6)
    # In final scoring (R0.52): 10 Thalers = 5 VP, forward past Leonardo to space 6.
    ended = final_scoring(with_money(with_money(state, 0, 10), 1, 0))
    assert ended.track[0] == 6 and ended.track[LEO] == 5


@pytest.mark.rule("R0.57", "R0.54")
def test_R0_57_hostel_painters_return_in_round_preparation() -> None:
    state = start_round(game(), {0: AT_5, 1: AT_6, 2: AT_7, 3: AT_8}, {0: SubmitPlan(studio=1)})
    assert state.hostel == (0, 1, 2, 3)
    state = play_out_round(state)
    assert state.round == 2 and state.phase is Phase.GET_UP
    assert state.hostel == (-1, -1, -1, -1)
    assert legal_actions(state) == tuple(ChooseGetUp(slot) for slot in range(5))


@pytest.mark.rule("R0.68")
def test_R0_68_a_player_view_hides_screens_and_unrevealed_plans() -> None:
    state = get_up(game(), {0: AT_5, 1: AT_6, 2: AT_7, 3: AT_8})
    state = apply(state, SubmitPlan(theatre=2))
    view = player_view(state, 1)
    assert view["money"] == (None, 12, None, None)
    assert view["paints"] == (None, (1, 1, 1, 0, 0, 0), None, None)
    assert view["plans"] == (None, None, None, None)  # seat 0's plan is still hidden
    assert player_view(state, 0)["plans"] == (SubmitPlan(theatre=2), None, None, None)
    state = submit_plans(state, {})
    revealed = player_view(state, 1)["plans"]
    assert isinstance(revealed, tuple)
    assert revealed[0] == SubmitPlan(theatre=2)  # revealed (R0.28)


@pytest.mark.rule("R0.69", "R0.71", "R0.2", "R0.9")
def test_R0_69_two_players_use_the_three_player_side_and_leonardo_on_S3() -> None:
    for seed in range(6):
        state = new_game(GameConfig(players=2), seed)
        assert len(state.booths) == 3 and all(len(b) == 3 for b in state.booths)
        assert sorted(state.start[:2]) == [1, 2]
        assert state.start[LEO] == 3
        assert state.leonardo_at == (2, 2) == state.bishop
        assert len(state.removed) == 3 and len(state.bag) == 2


@pytest.mark.rule("R0.72", "R0.78")
def test_R0_72_leonardos_apprentices_stand_on_market_and_cathedral() -> None:
    state = get_up(game(players=2, start=(1, 2)), {0: AT_5, 1: AT_6, LEO: AT_7})
    assert state.plans[LEO] == SubmitPlan(market=1, cathedral=1)
    fresh = game(players=2, start=(1, 2))
    taken = tuple(tile for tile in fresh.cathedral[:19] if tile is not None)
    final = evolve(fresh, cathedral=(None,) * 19 + fresh.cathedral[19:], held=((), (), taken))
    final = prepare_round(evolve(final, round=1))  # round 2 starts with 6 tiles: final
    assert final.final and final.side == 2
    final = get_up(final, {0: AT_5, 1: AT_6, LEO: AT_7})
    assert final.plans[LEO] == SubmitPlan(market=1)  # R0.78: cathedral apprentice removed


@pytest.mark.rule("R0.73", "R0.74")
def test_R0_74_leonardo_takes_a_hostel_space_chosen_by_his_controller() -> None:
    state = game(players=2, start=(1, 2))  # seat 0 on S1 controls round 1 (R0.73)
    assert state.controller == 0
    state = apply(state, ChooseGetUp(AT_7))  # seat 0 (S1)
    state = apply(state, ChooseGetUp(AT_8))  # seat 1 (S2)
    assert state.order[state.step] == LEO and current_player(state) == 0
    assert_illegal(state, ChooseGetUp(AT_7), "R0.17")
    state = apply(state, ChooseGetUp(AT_5))
    assert state.hostel[LEO] == AT_5
    assert state.mood == (3, 4)  # no mood painter for Leonardo; the players' moods as chosen
    assert state.phase is Phase.PLAN
    state = play_out_round(submit_plans(state, {}))
    assert state.round == 2 and state.controller == 1


@pytest.mark.rule("R0.75", "A0.17")
def test_R0_75_leonardo_must_close_an_open_booth_and_never_buys() -> None:
    state = start_round(game(players=2, start=(1, 2)), {0: AT_6, 1: AT_7, LEO: AT_5})
    assert state.turn is not None and state.turn.actor == LEO
    assert state.turn.location is Location.MARKET
    assert legal_actions(state) == (CloseBooth(0), CloseBooth(1), CloseBooth(2))
    assert_illegal(state, EndTurn(), "R0.75")
    from fresco_rules.fresco import BuyTile

    assert_illegal(state, BuyTile(0, 0), "R0.75")
    after = apply(state, CloseBooth(1))
    assert after.booths[1] == (None, None, None)
    assert len(after.bag) == len(state.bag) + 3


@pytest.mark.rule("R0.75")
def test_R0_75_leonardo_does_nothing_at_the_market_without_an_open_booth() -> None:
    state = game(players=2, start=(1, 2))
    state = evolve(
        state,
        bag=tuple(sorted(state.bag + tuple(t for b in state.booths for t in b if t))),
        booths=((None,) * 3,) * 3,
    )
    state = start_round(state, {0: AT_6, 1: AT_7, LEO: AT_5})
    assert state.turn is not None
    assert (state.turn.location, state.turn.actor) == (Location.CATHEDRAL, LEO)


@pytest.mark.rule("R0.79", "R0.65", "R0.63")
def test_R0_79_leonardo_converts_nothing_and_cannot_win() -> None:
    state = start_round(game(players=2, start=(1, 2)), {0: AT_6, 1: AT_7, LEO: AT_5})
    state = with_track(state, {0: 3, 1: 5, LEO: 40})
    state = with_money(with_money(state, 0, 9), 1, 2)
    ended = final_scoring(state)
    assert ended.phase is Phase.OVER
    assert ended.track[LEO] == 40
    assert scores(ended) == (7, 6)  # 3 + 4 and 5 + 1
    assert winners(ended) == (0,)
    assert leonardo_score(ended) == 40


@pytest.mark.rule("R0.48", "R0.24")
def test_R0_48_theatre_mood_waits_for_next_phase_1() -> None:
    state = start_round(game(), {0: AT_8, 1: AT_5, 2: AT_6, 3: AT_7}, {0: SubmitPlan(theatre=1)})
    while state.turn is not None and state.turn.location is not Location.THEATRE:
        state = apply(state, EndTurn())
    state = apply(state, AttendTheatre())
    assert state.mood[0] == 6 and state.apprentices[0] == 5
    assert AT_9 in {a.slot for a in legal_actions(state) if isinstance(a, ChooseGetUp)}
