"""The automatic steps of the round structure, one at a time (``fresco.flow``): who joins a
location's queue, when Leonardo's turn is skipped, the final conversion of Thalers past taken
spaces, the hostel and income steps of round preparation, the market refill's draws, and the
paint arithmetic the rules share (issue 15: each found by a surviving mutant)."""

from __future__ import annotations

import pytest
from attrs import evolve

from fresco_rules.fresco import GameConfig, Location, Phase, SubmitPlan, flow, new_game
from fresco_rules.fresco.state import State, Turn
from fresco_rules.kernel.chance import OutcomeNeeded
from fresco_rules.kernel.errors import IllegalAction

from .fixtures import get_up, play_out_round, start_round, with_money, with_only_tiles

LEONARDO = 2
"""In a 2-player game Leonardo is actor 2 (R0.70)."""


def _two_players() -> State:
    return new_game(GameConfig(players=2), 1)


# --- set-up (R0.3-R0.13, A0.18) ----------------------------------------------------------------


@pytest.mark.rule("A0.18")
def test_a_new_game_defaults_to_the_base_game_and_seed_0() -> None:
    assert new_game() == new_game(GameConfig(), 0)
    assert new_game(GameConfig(players=3)) == new_game(GameConfig(players=3), 0)
    assert new_game(GameConfig(players=3)) != new_game(GameConfig(players=3), 1)


@pytest.mark.rule("A0.18", "R0.5", "R0.8", "R0.12")
@pytest.mark.parametrize("kind", ["start_space", "market", "fresco"])
def test_every_set_up_draw_names_the_set_up_rule(kind: str) -> None:
    """Each of the three deals of set-up (start spaces, booths, frescos) takes recorded draws:
    one that does not fit is refused under A0.18, and a replay that may only use recorded
    draws stops at the first draw of a deal it lacks."""
    dealt = new_game(GameConfig(players=2), 5)
    log = tuple(dealt.chance.log)
    before = log[: next(i for i, (k, _) in enumerate(log) if k == kind)]
    with pytest.raises(IllegalAction) as refused:
        new_game(GameConfig(players=2), 5, chance=(*before, (kind, "no-such-thing")))
    assert type(refused.value) is IllegalAction and refused.value.rule == "A0.18"
    assert f"recorded draw {kind}:no-such-thing does not fit this {kind} draw" in (
        refused.value.reason
    )
    with pytest.raises(OutcomeNeeded) as needed:
        new_game(GameConfig(players=2), 5, chance=before, chance_only=True)
    assert needed.value.rule == "A0.18" and needed.value.kind == kind
    replay = new_game(GameConfig(players=2), 99, chance=log, chance_only=True)
    assert (replay.start, replay.booths, replay.cathedral) == (
        dealt.start,
        dealt.booths,
        dealt.cathedral,
    )
    assert tuple(replay.chance.log) == log


@pytest.mark.rule("R0.5", "R0.71", "R0.13")
def test_set_up_puts_every_painter_on_a_start_space() -> None:
    """R0.5: the players' painters take S1..Sn; R0.71: Leonardo's takes S3 and his fresco
    painter the centre with the bishop (R0.13); nobody is on the VP track yet."""
    for players in (2, 3, 4):
        state = new_game(GameConfig(players=players), 3)
        start = state.start
        if players == 2:
            assert start[LEONARDO] == 3 and sorted(start[:2]) == [1, 2]
            assert state.leonardo_at == state.bishop
        else:
            assert sorted(start) == list(range(1, players + 1))
            assert state.leonardo_at is None
        assert state.track == (0,) * len(start)
        assert state.pending_track == () and state.altar_used == (0,) * players
        assert state.final is False and state.side == 1 and state.round == 1


@pytest.mark.rule("R0.73")
@pytest.mark.parametrize("players", [3, 4])
def test_without_leonardo_nobody_controls_him(players: int) -> None:
    """R0.73 gives Leonardo's controller only in the 2-player game; with more players the
    controller stays unset (-1) round after round."""
    state = new_game(GameConfig(players=players), 2)
    assert state.controller == -1
    slots = dict.fromkeys(range(players), 0) | {seat: seat for seat in range(players)}
    later = play_out_round(start_round(state, slots))
    assert later.round == 2 and later.controller == -1


@pytest.mark.rule("R0.73")
def test_leonardos_controller_is_s1_and_alternates() -> None:
    state = _two_players()
    first = state.start.index(1)
    assert state.controller == first
    later = play_out_round(start_round(state, {0: 0, 1: 2, LEONARDO: 4}))
    assert later.round == 2 and later.controller == 1 - first


# --- add_paints: the paint arithmetic of every rule ----------------------------------------


def test_add_paints_counts_a_missing_pink_and_brown_as_none() -> None:
    """A 6-colour tuple (no module 3) adds to a 8-colour one as if its pink and brown were 0."""
    base = (1, 2, 3, 4, 5, 6)
    with_specials = (1, 1, 1, 1, 1, 1, 2, 3)
    assert flow.add_paints(base, with_specials) == (2, 3, 4, 5, 6, 7, 2, 3)
    assert flow.add_paints(with_specials, base) == (2, 3, 4, 5, 6, 7, 2, 3)
    assert flow.add_paints(with_specials, base, -1) == (0, -1, -2, -3, -4, -5, 2, 3)
    assert flow.add_paints(base, with_specials, -1) == (0, 1, 2, 3, 4, 5, -2, -3)


def test_add_paints_scales_by_any_sign() -> None:
    a, b = (5, 4, 3, 2, 1, 0), (1, 0, 2, 0, 3, 1)
    assert flow.add_paints(a, b) == (6, 4, 5, 2, 4, 1)
    assert flow.add_paints(a, b, -1) == (4, 4, 1, 2, -2, -1)
    assert flow.add_paints(a, b, 2) == (7, 4, 7, 2, 7, 2)
    assert flow.add_paints(a, b, -3) == (2, 4, -3, 2, -8, -3)
    assert flow.add_paints(a, b, 0) == a
    assert flow.add_paints(a, (*b, 0, 4), 2) == (7, 4, 7, 2, 7, 2, 0, 8)


# --- queues and turns (R0.30, R0.75, R0.76) -------------------------------------------------


@pytest.mark.rule("R0.30")
def test_only_actors_with_an_apprentice_at_a_location_queue_there() -> None:
    state = evolve(
        _two_players(),
        order=(0, 1, LEONARDO),
        plans=(SubmitPlan(market=1), SubmitPlan(studio=2), SubmitPlan(market=1, cathedral=1)),
    )
    assert flow.queue_for(state, Location.MARKET) == (0, LEONARDO)
    assert flow.queue_for(state, Location.STUDIO) == (1,)
    assert flow.queue_for(state, Location.CATHEDRAL) == (LEONARDO,)
    assert flow.queue_for(state, Location.THEATRE) == ()
    later = evolve(state, order=(LEONARDO, 1, 0))
    assert flow.queue_for(later, Location.MARKET) == (LEONARDO, 0)
    unplanned = evolve(state, plans=(SubmitPlan(market=1), None, SubmitPlan(market=1)))
    assert flow.queue_for(unplanned, Location.MARKET) == (0, LEONARDO)
    assert flow.queue_for(unplanned, Location.STUDIO) == ()


@pytest.mark.rule("R6.6")
def test_no_plan_column_puts_apprentices_at_the_glassworks() -> None:
    """The Glassworks (module 6) is visited by the module's own queue entries, not by plan
    columns: a plan has no apprentice there."""
    plan = SubmitPlan(market=1, cathedral=1, studio=1, workshop=1, theatre=1)
    assert flow.apprentices_at(_two_players(), plan, Location.GLASSWORKS) == 0


def _leonardo_at_cathedral(tiles: dict[tuple[int, int], str]) -> State:
    state = _two_players()
    state = with_only_tiles(state, tiles, holder=0)
    return evolve(state, plans=(None, None, SubmitPlan(market=1, cathedral=1)))


@pytest.mark.rule("R0.76")
def test_leonardo_restores_the_last_tile_and_skips_an_empty_cathedral() -> None:
    last = _two_players().tile_at((0, 0))
    assert last is not None
    one_left = _leonardo_at_cathedral({(0, 0): last})
    assert one_left.tiles_left() == 1
    assert flow.begin_turn(one_left, LEONARDO, Location.CATHEDRAL) == Turn(
        Location.CATHEDRAL, LEONARDO, 1
    )
    none_left = _leonardo_at_cathedral({})
    assert none_left.tiles_left() == 0
    assert flow.begin_turn(none_left, LEONARDO, Location.CATHEDRAL) is None
    # at the market an empty cathedral does not matter (R0.75 asks for an open booth only)
    assert flow.begin_turn(none_left, LEONARDO, Location.MARKET) == Turn(
        Location.MARKET, LEONARDO, 1
    )


# --- final scoring (R0.63, R0.64, R0.52) ----------------------------------------------------


def _final(track: tuple[int, ...], money: tuple[int, int]) -> State:
    state = _two_players()
    state = with_money(with_money(state, 0, money[0]), 1, money[1])
    start = tuple(0 if space > 0 else s for space, s in zip(track, state.start, strict=True))
    return evolve(state, track=track, start=start, order=(0, 1, LEONARDO))


@pytest.mark.rule("R0.63", "R0.64")
def test_a_player_converting_nothing_stays_where_he_is() -> None:
    """One Thaler is worth nothing (R0.63): a painter on the track, or still on a start space
    beside another, does not move."""
    over = flow.final_scoring(_final((5, 0, 9), (1, 1)))
    assert over.phase is Phase.OVER
    assert over.track == (5, 0, 9)
    start = _final((0, 0, 9), (1, 0))
    assert flow.final_scoring(start).track == (0, 0, 9)
    assert flow.final_scoring(start).start == start.start


@pytest.mark.rule("R0.64", "R0.52")
def test_final_conversion_jumps_a_painter_on_the_first_space() -> None:
    """R0.52: a painter leaving his start space for space 1 while another stands there moves
    on to the next free space; his start space is left."""
    state = _final((0, 1, 9), (2, 0))
    over = flow.final_scoring(state)
    assert over.track == (2, 1, 9)
    assert over.start[0] == 0
    assert over.turn is None and over.queue == ()


# --- round preparation's steps (R0.54-R0.58) and its draws (A0.18) ----------------------------


@pytest.mark.rule("R0.57")
def test_hostel_painters_go_back_to_sleep() -> None:
    state = get_up(_two_players(), {0: 0, 1: 2, LEONARDO: 4})
    assert all(slot >= 0 for slot in state.hostel)
    assert flow.return_hostel_painters(state).hostel == (-1, -1, -1)
    assert flow.return_hostel_painters(state).money == state.money


@pytest.mark.rule("R0.54", "R0.57")
def test_round_preparation_leaves_the_hostel_empty() -> None:
    state = play_out_round(start_round(_two_players(), {0: 0, 1: 2, LEONARDO: 4}))
    assert state.round == 2 and state.phase is Phase.GET_UP
    assert state.hostel == (-1, -1, -1)


@pytest.mark.rule("A0.18", "R0.55")
def test_a_recorded_draw_that_does_not_fit_the_market_refill_names_the_set_up_rule() -> None:
    state = start_round(_two_players(), {0: 0, 1: 2, LEONARDO: 4})
    state = evolve(state, chance=evolve(state.chance, script=(("market", "no-such-tile"),)))
    with pytest.raises(IllegalAction) as refused:
        play_out_round(state)
    assert refused.value.rule == "A0.18"
    assert "recorded draw market:no-such-tile does not fit this market draw" in str(
        refused.value.reason
    )
