"""The worked examples E0.1-E0.20 of fresco-base.md section E, one test each, with the
rulebook's own numbers.

Common fixture (unless stated): 4 players Red (S1), Blue (S2), Green (S3), Yellow (S4), the
default component data, every mood painter on row 4, every painter on a start space.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from attrs import evolve

from fresco_rules.fresco import (
    AttendTheatre,
    Blend,
    BuyTile,
    ChooseGetUp,
    ChooseTrackSpace,
    CloseBooth,
    EarnStudio,
    EndTurn,
    GameConfig,
    Location,
    Paint,
    Phase,
    Restore,
    RestoreAltar,
    State,
    SubmitPlan,
    Turn,
    altar_points,
    apply,
    bishop_bonus,
    explain,
    legal_actions,
    leonardo_score,
    money_points,
    scores,
    token_ledger,
    track_options,
    winners,
)
from fresco_rules.fresco.scoring import NEIGHBOURS

from .fixtures import (
    AT_5,
    AT_6,
    AT_7,
    AT_8,
    AT_9,
    BLUE,
    BOOTH_II,
    BOOTH_IV,
    GREEN,
    RED,
    YELLOW,
    assert_illegal,
    assert_ledgers_balanced,
    assert_legal,
    at,
    end_turn,
    game,
    get_up,
    keep_first_tiles,
    paints,
    play_out_round,
    start_round,
    submit_plans,
    tiles_on_cathedral,
    with_booth,
    with_money,
    with_only_tiles,
    with_paints,
    with_tiles,
    with_track,
)

# Paint pieces (the seat names RED, GREEN, ... are taken by the players).
PR, PY, PB = Paint.RED, Paint.YELLOW, Paint.BLUE
PO, PG, PP = Paint.ORANGE, Paint.GREEN, Paint.PURPLE

# Get-up spaces that keep the other players out of Red's way: Red takes 7:00 in most examples.
OTHERS = {BLUE: AT_8, GREEN: AT_9, YELLOW: AT_6}


def empty_round(state: State, slots: dict[int, int] | None = None) -> State:
    """Play a whole round in which nobody plans anything; the next round's phase 1 follows."""
    number = state.round
    state = start_round(state, slots or {RED: AT_7, **OTHERS})
    state = play_out_round(state)
    assert state.round == number + 1 or state.phase is Phase.OVER
    return state


# --- E0.1 -----------------------------------------------------------------------------------


@pytest.mark.rule("E0.1", "R0.15", "R0.17", "R0.18", "R0.19", "R0.20", "R0.23", "R0.24")
def test_E0_1_get_up_time_sets_mood_price_and_apprentices() -> None:
    state = game()
    # Round 1, Red on S1 chooses first in order A; all get-up spaces free; mood row 4.
    assert state.round == 1 and state.phase is Phase.GET_UP
    assert state.start[:4] == (1, 2, 3, 4)
    assert state.order == (RED, BLUE, GREEN, YELLOW)
    assert state.hostel == (-1, -1, -1, -1)
    assert state.mood[RED] == 4

    state = assert_legal(state, ChooseGetUp(AT_7))

    assert state.mood[RED] == 3
    assert state.tables.hostel[state.hostel[RED]].time == "7:00"
    assert state.tables.hostel[state.hostel[RED]].price == 2
    assert state.apprentices[RED] == 5
    # Every later player is refused 7:00: the space is occupied.
    for seat, other_slot in ((BLUE, AT_8), (GREEN, AT_9), (YELLOW, AT_6)):
        assert state.order[state.step] == seat
        problem = assert_illegal(state, ChooseGetUp(AT_7), "R0.17")
        assert "7:00" in problem.reason
        assert ChooseGetUp(AT_7) not in legal_actions(state)
        state = apply(state, ChooseGetUp(other_slot))
    # The price shows at the market: one tile costs Red 2 of his 12 Thalers.
    state = submit_plans(state, {RED: SubmitPlan(market=1)})
    at(state, Location.MARKET, RED)
    state = apply(state, BuyTile(0, 0))
    assert state.money[RED] == 10


# --- E0.2 -----------------------------------------------------------------------------------


@pytest.mark.rule("E0.2", "R0.25", "R0.26")
def test_E0_2_planning_with_five_apprentices() -> None:
    state = get_up(game(), {RED: AT_8, BLUE: AT_7, GREEN: AT_9, YELLOW: AT_6})
    assert state.phase is Phase.PLAN and state.side == 1
    assert state.apprentices[RED] == 5

    # Four apprentices in one column: only 3 spaces.
    assert_illegal(state, SubmitPlan(cathedral=4), "R0.25")
    # Six apprentices placed while 5 are available.
    assert_illegal(state, SubmitPlan(market=2, cathedral=2, workshop=1, theatre=1), "R0.25")

    plan = SubmitPlan(market=1, cathedral=2, studio=0, workshop=1, theatre=1)
    state = assert_legal(state, plan)
    assert state.plans[RED] == plan


# --- E0.3 -----------------------------------------------------------------------------------


@pytest.mark.rule("E0.3", "R0.18", "R0.32", "R0.33", "R0.34", "R0.35", "R0.66", "R0.67")
def test_E0_3_market_purchase_at_booth_iv() -> None:
    state = game()
    state = with_booth(state, BOOTH_IV, ("M04", "M05", "M07", "M11"))
    labels = state.tables.market_labels
    assert [labels[t] for t in ("M04", "M05", "M07", "M11")] == [
        "3 yellow",
        "blue + yellow",
        "red + blue",
        "1 orange",
    ]
    assert len(state.bag) == 1
    assert_ledgers_balanced(state)
    # Red 7:00 (price 2) with 1 market apprentice; Blue later in order B also goes to market.
    state = start_round(
        state,
        {RED: AT_7, BLUE: AT_8, GREEN: AT_9, YELLOW: AT_6},
        {RED: SubmitPlan(market=1), BLUE: SubmitPlan(market=1)},
    )
    at(state, Location.MARKET, RED)
    assert state.money[RED] == 12
    assert paints(state, RED) == {"red": 1, "yellow": 1, "blue": 1}
    supply_before = state.supply_money

    state = assert_legal(state, BuyTile(BOOTH_IV, 0))

    assert state.money[RED] == 10
    assert paints(state, RED) == {"red": 1, "yellow": 4, "blue": 1}
    assert state.supply_money - supply_before == 2
    assert state.booths[BOOTH_IV] == (None, None, None, None)
    assert len(state.bag) == 5
    assert_ledgers_balanced(state)
    # Booth IV can no longer be chosen this round.
    at(state, Location.MARKET, BLUE)
    assert_illegal(state, BuyTile(BOOTH_IV, 0), "R0.32")
    assert_illegal(state, CloseBooth(BOOTH_IV), "R0.32")
    assert not any(getattr(action, "booth", None) == BOOTH_IV for action in legal_actions(state))


# --- E0.4 -----------------------------------------------------------------------------------


@pytest.mark.rule("E0.4", "R0.37", "R0.39", "R0.40", "R0.41", "R0.42", "R0.49", "R0.50")
def test_E0_4_fresco_restoration_with_bishop_diagonal() -> None:
    state = with_tiles(game(), {(1, 1): "F01"})
    assert state.tables.fresco_value["F01"] == 3
    assert state.tables.fresco_pieces["F01"] == (1, 1, 0, 0, 0, 0)  # 1 red + 1 yellow
    assert state.bishop == (2, 2)
    state = start_round(state, {RED: AT_7, **OTHERS}, {RED: SubmitPlan(cathedral=2)})
    at(state, Location.CATHEDRAL, RED)
    assert (state.track[RED], state.start[RED]) == (0, 1)
    assert state.money[RED] == 12
    assert paints(state, RED) == {"red": 1, "yellow": 1, "blue": 1}
    assert 5 not in state.track

    state = assert_legal(state, Restore((1, 1)))

    assert scores(state)[RED] == 5  # 3 + 2
    assert (state.track[RED], state.start[RED]) == (5, 0)
    assert paints(state, RED) == {"blue": 1}
    assert state.held[RED] == ("F01",)
    assert state.tile_at((1, 1)) is None
    assert state.bishop == (1, 1)
    assert state.turn == Turn(Location.CATHEDRAL, RED, left=1)
    assert state.money[RED] == 12
    assert_ledgers_balanced(state)


# --- E0.5 - E0.7: the altar -----------------------------------------------------------------


def at_altar(**held: int) -> State:
    """Red is active at the cathedral with 1 apprentice and exactly the paints ``held``."""
    state = with_paints(game(), RED, **held)
    state = start_round(state, {RED: AT_7, **OTHERS}, {RED: SubmitPlan(cathedral=1)})
    at(state, Location.CATHEDRAL, RED)
    return state


@pytest.mark.rule("E0.5", "R0.43", "R0.45", "A0.14")
def test_E0_5_altar_one_substitute() -> None:
    state = at_altar(green=1, red=1, blue=1)
    bishop, money = state.bishop, state.money[RED]
    assert altar_points((PG, PR, PB)) == 3

    state = assert_legal(state, RestoreAltar((PG, PR, PB)))

    assert scores(state)[RED] == 3  # 2 + 1
    assert paints(state, RED) == {}
    # No tile, no bishop move, no money change.
    assert state.held[RED] == ()
    assert state.bishop == bishop
    assert state.money[RED] == money
    assert_ledgers_balanced(state)


@pytest.mark.rule("E0.6", "R0.43", "A0.14")
def test_E0_6_altar_three_substitutes() -> None:
    state = at_altar(orange=2, green=1)
    assert altar_points((PO, PO, PG)) == 5

    state = assert_legal(state, RestoreAltar((PO, PO, PG)))

    assert scores(state)[RED] == 5  # 2 + 1 + 1 + 1
    assert paints(state, RED) == {}


@pytest.mark.rule("E0.7", "R0.43", "R0.44", "A0.14")
def test_E0_7_altar_blended_version_and_illegal_hand_ins() -> None:
    state = at_altar(orange=1, green=1, purple=1)
    assert altar_points((PO, PG, PP)) == 6
    after = assert_legal(state, RestoreAltar((PO, PG, PP)))
    assert scores(after)[RED] == 6  # not 5

    # Red twice: illegal even though Red holds two reds.
    state = at_altar(red=2, yellow=1, blue=1)
    assert_illegal(state, RestoreAltar((PR, PR, PB)), "R0.43")
    # Two pieces: illegal.
    two_pieces: Any = (PR, PY)
    assert_illegal(state, RestoreAltar(two_pieces), "R0.43")
    # Red, yellow, blue: the basic hand-in, 2 VP.
    after = assert_legal(state, RestoreAltar((PR, PY, PB)))
    assert scores(after)[RED] == 2
    assert paints(after, RED) == {"red": 1}


# --- E0.8 -----------------------------------------------------------------------------------


@pytest.mark.rule("E0.8", "R0.47", "R0.66")
def test_E0_8_workshop_two_blends_per_apprentice() -> None:
    # R3 Y2 B1 would pay for a third blend (R+Y), so only the apprentice limit can stop it.
    state = with_paints(game(), RED, red=3, yellow=2, blue=1)
    state = start_round(state, {RED: AT_7, **OTHERS}, {RED: SubmitPlan(workshop=1, theatre=1)})
    at(state, Location.WORKSHOP, RED)
    assert state.turn is not None and state.turn.left == 2

    state = assert_legal(state, Blend(PO))
    assert state.turn is not None and state.turn.left == 1
    state = assert_legal(state, Blend(PP))

    assert paints(state, RED) == {"red": 1, "yellow": 1, "orange": 1, "purple": 1}
    assert_ledgers_balanced(state)
    ledger = token_ledger(state)
    assert ledger["paint.orange"]["supply"] == 9 - 1
    assert ledger["paint.purple"]["supply"] == 9 - 1
    # The apprentice's two blends are used: Red has moved on to the theatre, and a third
    # blend is refused although he holds red and yellow.
    at(state, Location.THEATRE, RED)
    assert_illegal(state, Blend(PO), "R0.47")


@pytest.mark.rule("E0.8", "R0.47", "R0.66")
def test_E0_8_workshop_exact_rulebook_paints() -> None:
    state = with_paints(game(), RED, red=2, yellow=1, blue=1)
    state = start_round(state, {RED: AT_7, **OTHERS}, {RED: SubmitPlan(workshop=1)})
    at(state, Location.WORKSHOP, RED)
    state = apply(apply(state, Blend(PO)), Blend(PP))
    assert paints(state, RED) == {"orange": 1, "purple": 1}
    assert_ledgers_balanced(state)


# --- E0.9 -----------------------------------------------------------------------------------


@pytest.mark.rule("E0.9", "R0.30", "R0.46")
def test_E0_9_studio_skips_a_player_without_apprentices() -> None:
    state = start_round(
        game(),
        {RED: AT_7, **OTHERS},
        {RED: SubmitPlan(studio=0, theatre=1), BLUE: SubmitPlan(studio=1)},
    )
    # Red has no studio apprentice: the studio serves Blue only.
    at(state, Location.STUDIO, BLUE)
    assert RED not in state.queue
    state = apply(state, EarnStudio())
    assert state.money[BLUE] == 15
    at(state, Location.THEATRE, RED)
    assert state.money[RED] == 12

    # Derived: with 2 studio apprentices he gains 6 Thalers.
    state = start_round(game(), {RED: AT_7, **OTHERS}, {RED: SubmitPlan(studio=2)})
    at(state, Location.STUDIO, RED)
    supply = state.supply_money
    state = apply(apply(state, EarnStudio()), EarnStudio())
    assert state.money[RED] == 18
    assert supply - state.supply_money == 6


# --- E0.10 ----------------------------------------------------------------------------------


@pytest.mark.rule("E0.10", "R0.24", "R0.48", "R0.20", "R0.23")
def test_E0_10_theatre_moves_mood_up_two_rows() -> None:
    state = start_round(game(), {RED: AT_7, **OTHERS}, {RED: SubmitPlan(theatre=1)})
    at(state, Location.THEATRE, RED)
    assert state.mood[RED] == 3
    assert state.apprentices[RED] == 5

    state = apply(state, AttendTheatre())

    assert state.mood[RED] == 5
    assert state.apprentices[RED] == 5
    # The round is over; next round Red gets up at 9:00 or at 5:00.
    assert state.round == 2 and state.phase is Phase.GET_UP
    late = get_up(state, {RED: AT_9, BLUE: AT_8, GREEN: AT_7, YELLOW: AT_6})
    assert (late.mood[RED], late.apprentices[RED]) == (6, 5)
    early = get_up(state, {RED: AT_5, BLUE: AT_8, GREEN: AT_7, YELLOW: AT_6})
    assert (early.mood[RED], early.apprentices[RED]) == (2, 5)


# --- E0.11 ----------------------------------------------------------------------------------


def restoring_f10(bishop: tuple[int, int] = (2, 2)) -> State:
    """F10 (R Y G, value 7) on (1,2); Red holds R1 Y1 G1 and 5 Thalers and is active at the
    cathedral (with 2 apprentices, so his turn, and the round, go on after one restoration);
    the bishop on ``bishop``."""
    state = with_tiles(game(), {(1, 2): "F10"})
    assert state.tables.fresco_value["F10"] == 7
    assert state.tables.fresco_pieces["F10"] == (1, 1, 0, 0, 1, 0)
    state = with_paints(state, RED, red=1, yellow=1, green=1)
    state = with_money(state, RED, 5)
    state = evolve(state, bishop=bishop)
    state = start_round(state, {RED: AT_7, **OTHERS}, {RED: SubmitPlan(cathedral=2)})
    at(state, Location.CATHEDRAL, RED)
    return state


@pytest.mark.rule("E0.11", "R0.38", "R0.40", "R0.41", "R0.42", "R0.45", "A0.5", "A0.20")
def test_E0_11_bishop_bonus_variants() -> None:
    # Case a: no move; (2,2) is an orthogonal neighbour of (1,2).
    state = restoring_f10()
    a = assert_legal(state, Restore((1, 2)))
    assert scores(a)[RED] == 9  # 7 + 2
    assert a.money[RED] == 5
    assert a.bishop == (1, 2)

    # Case b: pay 1 Thaler to move the bishop onto (1,2).
    b = assert_legal(state, Restore((1, 2), bishop_to=(1, 2)))
    assert scores(b)[RED] == 10  # 7 + 3
    assert b.money[RED] == 4
    assert b.bishop == (1, 2)
    assert_ledgers_balanced(b)

    # Case c: the bishop on (4,4), far away.
    c = assert_legal(restoring_f10(bishop=(4, 4)), Restore((1, 2)))
    assert scores(c)[RED] == 7
    assert c.bishop == (1, 2)
    assert bishop_bonus((1, 2), (4, 4)) == 0

    # Illegal: a paid move of 2 steps.
    assert_illegal(state, Restore((1, 2), bishop_to=(0, 2)), "R0.38")
    assert_illegal(state, Restore((1, 2), bishop_to=(4, 4)), "R0.38")
    # Illegal: two paid moves before one restoration. An action carries at most one paid
    # move, so two moves amount to a destination 2 steps away, refused above; no legal action
    # moves the bishop further than one step.
    for action in legal_actions(state):
        if isinstance(action, Restore) and action.bishop_to is not None:
            assert action.bishop_to in NEIGHBOURS[state.bishop]
    # Illegal: a paid move before an altar restoration. The altar action has no bishop move
    # at all, and restoring the altar leaves the bishop and the Thalers where they were.
    assert [f.name for f in attrs.fields(RestoreAltar)] == ["paints"]
    altar = apply(state, RestoreAltar((PR, PY, PG)))
    assert (altar.bishop, altar.money[RED]) == ((2, 2), 5)


# --- E0.12 ----------------------------------------------------------------------------------


@pytest.mark.rule("E0.12", "R0.20", "R0.21", "R0.22", "R0.23", "R0.24", "R0.48")
def test_E0_12_mood_zones_and_clamping() -> None:
    # Row 4, 5:00: row 1, so 4 apprentices (one set in front of the screen).
    state = get_up(game(), {RED: AT_5, BLUE: AT_8, GREEN: AT_9, YELLOW: AT_7})
    assert (state.mood[RED], state.apprentices[RED]) == (1, 4)
    assert token_ledger(state)["apprentices"]["seat 0 set aside"] == 1
    assert_illegal(state, SubmitPlan(market=1, cathedral=2, studio=2), "R0.25")

    # Row 1, 5:00 again next round: row 0 (two steps lost), 4 apprentices.
    state = play_out_round(submit_plans(state, {}))
    assert state.round == 2 and state.mood[RED] == 1
    state = get_up(state, {RED: AT_5, BLUE: AT_8, GREEN: AT_9, YELLOW: AT_7})
    assert (state.mood[RED], state.apprentices[RED]) == (0, 4)

    # Row 6 (8:00 and one theatre visit from row 4), then 9:00: row 7, 6 apprentices.
    state = start_round(
        game(), {RED: AT_8, BLUE: AT_7, GREEN: AT_9, YELLOW: AT_6}, {RED: SubmitPlan(theatre=1)}
    )
    state = apply(state, AttendTheatre())
    assert state.round == 2 and state.mood[RED] == 6
    state = get_up(state, {RED: AT_9, BLUE: AT_8, GREEN: AT_7, YELLOW: AT_6})
    assert (state.mood[RED], state.apprentices[RED]) == (7, 6)
    ledger = token_ledger(state)["apprentices"]
    assert (ledger["seat 0"], ledger["mood column 0"]) == (6, 0)  # the natural apprentice

    # Row 8 with 2 theatre apprentices stays on row 8.
    state = start_round(
        game(), {RED: AT_9, BLUE: AT_7, GREEN: AT_8, YELLOW: AT_6}, {RED: SubmitPlan(theatre=2)}
    )
    state = apply(apply(state, AttendTheatre()), AttendTheatre())
    assert state.mood[RED] == 8  # 5 + 2 + 2, clamped
    state = start_round(
        state, {RED: AT_8, BLUE: AT_7, GREEN: AT_9, YELLOW: AT_6}, {RED: SubmitPlan(theatre=2)}
    )
    assert state.mood[RED] == 8
    state = apply(state, AttendTheatre())
    assert state.mood[RED] == 8
    state = apply(state, AttendTheatre())
    assert state.mood[RED] == 8


# --- E0.13 ----------------------------------------------------------------------------------


def gaining_four(track: dict[int, int]) -> State:
    """Red gains 4 at the altar (blue + orange + green: 2 + 1 + 1) with painters on ``track``."""
    state = with_track(game(), track)
    state = with_paints(state, RED, blue=1, orange=1, green=1)
    state = start_round(state, {RED: AT_7, **OTHERS}, {RED: SubmitPlan(cathedral=1)})
    at(state, Location.CATHEDRAL, RED)
    assert altar_points((PB, PO, PG)) == 4
    return apply(state, RestoreAltar((PB, PO, PG)))


@pytest.mark.rule("E0.13", "R0.50", "R0.51", "A0.11")
def test_E0_13_track_collision_during_play() -> None:
    # Red on 3, Blue on 7; Red gains 4: target 7 taken, the owner chooses 6 or 8.
    state = gaining_four({RED: 3, BLUE: 7})
    assert track_options([7], 3, 4, forward_only=False) == (6, 8)
    assert state.pending_track == (6, 8)
    assert state.track[RED] == 3
    assert set(legal_actions(state)) == {ChooseTrackSpace(6), ChooseTrackSpace(8)}
    for space in (6, 8):
        after = assert_legal(state, ChooseTrackSpace(space))
        assert after.track[RED] == space and after.track[BLUE] == 7
    for space in (3, 4, 5, 7, 9):
        assert_illegal(state, ChooseTrackSpace(space), "R0.51")

    # Variant: Blue on 7 and Green on 8, space 9 free: the options are 6 and 9.
    state = gaining_four({RED: 3, BLUE: 7, GREEN: 8})
    assert state.pending_track == (6, 9)
    assert set(legal_actions(state)) == {ChooseTrackSpace(6), ChooseTrackSpace(9)}
    assert apply(state, ChooseTrackSpace(9)).track[RED] == 9
    assert_illegal(state, ChooseTrackSpace(8), "R0.51")
    assert_illegal(state, ChooseTrackSpace(10), "R0.51")


# --- E0.14 ----------------------------------------------------------------------------------


def final_round(state: State, holder: int = YELLOW) -> State:
    """Leave 6 tiles on the cathedral (the others held by ``holder``) and play an empty round:
    the next round is the final one (R0.60)."""
    state = empty_round(keep_first_tiles(state, 6, holder))
    assert state.final and state.side == 2
    return state


@pytest.mark.rule("E0.14", "R0.52", "R0.63", "R0.64", "R0.65", "A0.9", "A0.19")
def test_E0_14_final_scoring() -> None:
    state = with_track(game(), {RED: 20, BLUE: 21, GREEN: 23, YELLOW: 24})
    state = final_round(state)
    assert state.order == (RED, BLUE, GREEN, YELLOW)  # order A: last on the track first
    for seat, thalers in ((RED, 7), (BLUE, 4), (GREEN, 1), (YELLOW, 0)):
        state = with_money(state, seat, thalers)
    state = get_up(state, {BLUE: AT_6, RED: AT_7, GREEN: AT_8, YELLOW: AT_9})
    assert state.phase is Phase.PLAN
    state = submit_plans(state, {})

    assert state.phase is Phase.OVER
    assert state.order == (BLUE, RED, GREEN, YELLOW)  # final-round order B
    assert money_points(4) == 2 and money_points(7) == 3
    assert money_points(1) == 0 and money_points(0) == 0
    # Blue first: +2, target 23 taken, 24 taken: 25. Red: +3, 23, 24, 25 taken: 26.
    assert state.track[:4] == (26, 25, 23, 24)
    assert scores(state) == (26, 25, 23, 24)
    assert winners(state) == (RED,)


# --- E0.15 ----------------------------------------------------------------------------------


@pytest.mark.rule("E0.15", "R0.60", "R0.27", "R0.62")
def test_E0_15_end_trigger_at_round_start() -> None:
    # 7 tiles at the start of a round: a normal round.
    state = empty_round(keep_first_tiles(game(), 7, YELLOW))
    assert state.round == 2 and state.tiles_left() == 7
    assert not state.final and state.side == 1
    # Red restores one of them in round 2: round 3 starts with 6 and is the final round.
    segment, tile = next(iter(tiles_on_cathedral(state).items()))
    need = state.tables.fresco_pieces[tile]
    counts = dict(zip(("red", "yellow", "blue", "orange", "green", "purple"), need, strict=True))
    state = with_paints(state, RED, **counts)
    state = start_round(
        state, {RED: AT_7, BLUE: AT_8, GREEN: AT_9, YELLOW: AT_6}, {RED: SubmitPlan(cathedral=1)}
    )
    state = apply(state, Restore(segment))
    assert state.round == 3 and state.tiles_left() == 6
    assert state.final and state.side == 2
    # Side 2: a theatre apprentice is refused, a second cathedral column is allowed.
    state = get_up(state, {RED: AT_7, BLUE: AT_8, GREEN: AT_9, YELLOW: AT_6})
    assert_illegal(state, SubmitPlan(theatre=1), "R0.27")
    # No income after the final round although Red and Yellow hold tiles.
    money = state.money
    state = play_out_round(submit_plans(state, {}))
    assert state.phase is Phase.OVER
    assert state.money == money


@pytest.mark.rule("E0.15", "R0.61", "R0.62", "A0.13")
def test_E0_15_last_tile_in_a_side_1_round() -> None:
    # Round 1 (a side-1 round) with 7 cheap tiles left: Red and Blue restore 3 each, Green 1.
    placed = {
        (0, 0): "F01",  # R Y, 3
        (0, 1): "F02",  # Y B, 3
        (0, 2): "F03",  # B R, 3
        (4, 0): "F04",  # R Y B, 5
        (4, 1): "F05",  # R R Y, 5
        (4, 2): "F06",  # B B Y, 5
        (4, 4): "F07",  # R G, 5
    }
    state = with_only_tiles(game(), placed, YELLOW)
    state = with_paints(state, RED, red=2, yellow=2, blue=2)  # F01, F02, F03
    state = with_paints(state, BLUE, red=3, yellow=3, blue=3)  # F04, F05, F06
    state = with_paints(state, GREEN, red=2, yellow=1, blue=1, green=1)  # F07, then blends
    state = start_round(
        state,
        {RED: AT_6, BLUE: AT_7, GREEN: AT_8, YELLOW: AT_9},
        {
            RED: SubmitPlan(cathedral=3),
            BLUE: SubmitPlan(cathedral=3),
            GREEN: SubmitPlan(cathedral=1, studio=1, workshop=1, theatre=1),
        },
    )
    assert not state.final and state.side == 1
    # Each restoration moves the bishop onto its segment (R0.42), so the bonuses (R0.40) are:
    # Red 3 + 0 (bishop on (2,2)), 3 + 2, 3 + 2 = 13; Blue 5 + 0, 5 + 2, 5 + 2 = 19;
    # Green 5 + 0 (the bishop on (4,2) is 2 columns away) = 5.
    at(state, Location.CATHEDRAL, RED)
    for segment, space in (((0, 0), 3), ((0, 1), 8), ((0, 2), 13)):
        state = apply(state, Restore(segment))
        assert state.track[RED] == space
    at(state, Location.CATHEDRAL, BLUE)
    for segment, space in (((4, 0), 5), ((4, 1), 12), ((4, 2), 19)):
        state = apply(state, Restore(segment))
        assert state.track[BLUE] == space
    at(state, Location.CATHEDRAL, GREEN)
    state = apply(state, Restore((4, 4)))
    assert state.track[GREEN] == 5
    # The last tile is restored: this round becomes the final round, still on side 1.
    assert state.tiles_left() == 0
    assert state.final and state.side == 1 and state.round == 1
    # Studio, workshop and theatre are still resolved.
    at(state, Location.STUDIO, GREEN)
    state = apply(state, EarnStudio())
    at(state, Location.WORKSHOP, GREEN)
    state = apply(state, Blend(PO))
    state = end_turn(state)
    at(state, Location.THEATRE, GREEN)
    mood = state.mood[GREEN]
    money = state.money
    state = apply(state, AttendTheatre())
    # Then the game ends: no income (Red, Blue and Green hold tiles), final scoring.
    assert state.phase is Phase.OVER and state.round == 1
    assert state.mood[GREEN] == mood + 2
    assert state.money == money
    assert len(state.held[RED]) == 3 and len(state.held[BLUE]) == 3
    assert state.money == (12, 12, 15, 12)
    # Final scoring in order B (Red 6:00, Blue 7:00, Green 8:00, Yellow 9:00), 2 Thalers per
    # VP: Red 13 + 6 = 19 is Blue's space, so 20; Blue 19 + 6 = 25; Green 5 + 7 = 12;
    # Yellow 0 + 6 = 6.
    assert scores(state) == (20, 25, 12, 6)
    assert winners(state) == (BLUE,)
    assert_ledgers_balanced(state)


# --- E0.16 ----------------------------------------------------------------------------------


def yellow_and_others_score(scorers: tuple[int, ...]) -> State:
    """Round 1 in which each seat of ``scorers`` leaves its start space with an altar
    restoration (R, Y, B: 2 VP, one after another on spaces 2, 3, 4 ...)."""
    slots = {RED: AT_5, BLUE: AT_6, GREEN: AT_7, YELLOW: AT_8}
    state = start_round(game(), slots, {s: SubmitPlan(cathedral=1) for s in scorers})
    for seat in scorers:
        at(state, Location.CATHEDRAL, seat)
        state = apply(state, RestoreAltar((PR, PY, PB)))
        if state.pending_track:
            state = apply(state, ChooseTrackSpace(state.pending_track[-1]))
    assert state.round == 2 and state.phase is Phase.GET_UP
    return state


@pytest.mark.rule("E0.16", "R0.54", "R0.58", "R0.59", "R0.15", "A0.8")
def test_E0_16_start_space_rotation() -> None:
    # Red S1, Blue S2, Green S3 still on start spaces, Yellow on the track.
    state = yellow_and_others_score((YELLOW,))
    assert state.track[YELLOW] == 2
    assert state.start[:4] == (2, 3, 1, 0)  # Green S1, Red S2, Blue S3
    assert state.order == (GREEN, RED, BLUE, YELLOW)  # Green chooses first among them

    # Only Blue on S2 and Yellow on S4 left: Yellow moves to S2 and Blue to S4.
    state = yellow_and_others_score((RED, GREEN))
    assert state.start[BLUE] == 4 and state.start[YELLOW] == 2
    assert state.start[RED] == 0 and state.start[GREEN] == 0

    # Only one painter left on a start space: no change.
    state = yellow_and_others_score((RED, BLUE, GREEN))
    assert state.start[:4] == (0, 0, 0, 4)


# --- E0.17 ----------------------------------------------------------------------------------


@pytest.mark.rule("E0.17", "R0.32", "R0.33", "R0.36")
def test_E0_17_closing_a_booth() -> None:
    state = start_round(
        game(),
        {BLUE: AT_6, RED: AT_7, GREEN: AT_8, YELLOW: AT_9},
        {BLUE: SubmitPlan(market=2), RED: SubmitPlan(market=1)},
    )
    at(state, Location.MARKET, BLUE)
    booth = state.booths[BOOTH_II]
    assert len(booth) == 3 and all(booth)
    bag, money, held = state.bag, state.money, state.paints[BLUE]

    state = assert_legal(state, CloseBooth(BOOTH_II))

    assert state.booths[BOOTH_II] == (None, None, None)
    assert state.bag == tuple(sorted((*bag, *(t for t in booth if t is not None))))
    assert state.money == money and state.paints[BLUE] == held
    assert_ledgers_balanced(state)
    # Blue's second apprentice cannot use another booth (one booth per round): Red is next.
    at(state, Location.MARKET, RED)
    assert_illegal(state, BuyTile(BOOTH_II, 0), "R0.32")
    assert_illegal(state, CloseBooth(BOOTH_II), "R0.32")
    assert all(getattr(a, "booth", None) != BOOTH_II for a in legal_actions(state))


# --- E0.18 ----------------------------------------------------------------------------------


@pytest.mark.rule("E0.18", "R0.54", "R0.56", "R0.62", "A0.12")
def test_E0_18_income() -> None:
    # Red holds 4 face-down tiles at the end of a normal round: +4 Thalers.
    state = keep_first_tiles(game(), 21, RED)
    assert len(state.held[RED]) == 4
    supply = state.supply_money
    state = empty_round(state)
    assert state.round == 2
    assert state.money == (16, 12, 12, 12)
    assert supply - state.supply_money == 4
    assert_ledgers_balanced(state)

    # After the final round: nothing.
    state = final_round(state, holder=BLUE)
    assert len(state.held[RED]) == 4 and len(state.held[BLUE]) == 15
    money = state.money
    state = empty_round(state)
    assert state.phase is Phase.OVER
    assert state.money == money


# --- E0.19 ----------------------------------------------------------------------------------


@pytest.mark.rule("E0.19", "R0.27", "R0.29", "R0.60", "A0.7")
def test_E0_19_final_round_side_2() -> None:
    # Round 1: Red reaches mood row 7 (9:00 then the theatre); 6 tiles are left, including
    # F09 (B O, value 5) on (0,0), so round 2 is the final round.
    state = keep_first_tiles(with_tiles(game(), {(0, 0): "F09"}), 6, YELLOW)
    assert state.tile_at((0, 0)) == "F09" and state.tables.fresco_value["F09"] == 5
    state = start_round(
        state, {RED: AT_9, BLUE: AT_8, GREEN: AT_7, YELLOW: AT_6}, {RED: SubmitPlan(theatre=1)}
    )
    state = apply(state, AttendTheatre())
    assert state.round == 2 and state.final and state.side == 2
    state = get_up(state, {RED: AT_8, BLUE: AT_9, GREEN: AT_7, YELLOW: AT_6})
    assert (state.mood[RED], state.apprentices[RED]) == (7, 6)
    assert paints(state, RED) == {"red": 1, "yellow": 1, "blue": 1}

    assert explain(state, SubmitPlan(cathedral=3, cathedral_2=3)) is None
    for theatre in (1, 2, 3):
        assert_illegal(state, SubmitPlan(cathedral=1, theatre=theatre), "R0.27")
    plan = SubmitPlan(market=1, cathedral=2, workshop=1, cathedral_2=2)
    state = submit_plans(assert_legal(state, plan), {})

    # Default resolution: market, cathedral, studio, workshop, second cathedral.
    at(state, Location.MARKET, RED)
    state = end_turn(state)
    at(state, Location.CATHEDRAL, RED)
    assert_illegal(state, Restore((0, 0)), "R0.31")  # no orange yet
    state = end_turn(state)
    at(state, Location.WORKSHOP, RED)
    state = apply(state, Blend(PO))
    state = end_turn(state)
    at(state, Location.CATHEDRAL_2, RED)
    assert paints(state, RED) == {"blue": 1, "orange": 1}
    bonus = bishop_bonus((0, 0), state.bishop)
    state = assert_legal(state, Restore((0, 0)))
    assert scores(state)[RED] == 5 + bonus
    assert state.held[RED] == ("F09",)


# --- E0.20 ----------------------------------------------------------------------------------


TWO = GameConfig(players=2)
LEO = 2
"""Leonardo's actor index in a 2-player game."""


def leonardo_at_cathedral(state: State) -> State:
    """Round 1 of a 2-player game up to Leonardo's cathedral turn (the players plan nothing;
    Leonardo's controller closes booth I at the market)."""
    state = get_up(state, {0: AT_7, 1: AT_8, LEO: AT_9})
    assert state.plans[LEO] == SubmitPlan(market=1, cathedral=1)
    state = submit_plans(state, {})
    at(state, Location.MARKET, LEO)
    state = apply(state, CloseBooth(0))
    at(state, Location.CATHEDRAL, LEO)
    return state


@pytest.mark.rule("E0.20", "R0.76", "R0.77", "R0.56", "R0.73", "A0.15", "A0.16", "A0.17")
def test_E0_20_leonardo_at_the_cathedral() -> None:
    # Case a: painter and bishop on (2,2); neighbours (1,2)=5, (3,2)=7, (2,1)=3, (2,3)=9.
    state = game(players=2, start=(1, 2))
    assert state.start == (1, 2, 3) and state.controller == 0
    state = with_tiles(state, {(1, 2): "F04", (3, 2): "F10", (2, 1): "F01", (2, 3): "F18"})
    values = state.tables.fresco_value
    assert [values[t] for t in ("F04", "F10", "F01", "F18")] == [5, 7, 3, 9]
    assert state.leonardo_at == (2, 2) and state.bishop == (2, 2)
    state = leonardo_at_cathedral(state)
    assert set(legal_actions(state)) == {Restore(s) for s in ((1, 2), (3, 2), (2, 1), (2, 3))}
    assert_illegal(state, Restore((1, 1)), "R0.76")
    assert_illegal(state, Restore((2, 3), bishop_to=(2, 3)), "R0.77")
    assert_illegal(state, EndTurn(), "R0.76")
    supply = state.supply_money

    state = assert_legal(state, Restore((2, 3)))

    assert leonardo_score(state) == 11  # 9 + 2
    assert state.leonardo_at == (2, 3) and state.bishop == (2, 3)
    assert state.held[LEO] == ("F18",)
    # The round ends; income pays nothing for Leonardo's tile.
    assert state.round == 2
    assert state.money == (12, 12) and state.supply_money == supply
    assert token_ledger(state)["fresco_tiles"]["leonardo"] == 1

    # Case b: painter on (0,0), (0,1) and (1,0) empty; the lowest tiles are the 3s on (3,3)
    # and (4,4). F03, the third tile of value 3, is held by Leonardo already.
    state = game(players=2, start=(1, 2))
    placed = tiles_on_cathedral(with_tiles(state, {(3, 3): "F01", (4, 4): "F02"}))
    keep = {s: t for s, t in placed.items() if s not in ((0, 1), (1, 0)) and t != "F03"}
    state = with_only_tiles(state, keep, LEO)
    state = evolve(state, leonardo_at=(0, 0))
    assert min(values[t] for t in state.cathedral if t is not None) == 3
    state = leonardo_at_cathedral(state)
    assert set(legal_actions(state)) == {Restore((3, 3)), Restore((4, 4))}
    assert state.bishop == (2, 2)
    near = apply(state, Restore((3, 3)))
    assert near.track[LEO] == 3 + 2  # the bishop on (2,2) is a diagonal neighbour
    far = apply(state, Restore((4, 4)))
    assert far.track[LEO] == 3 + 0
    assert far.leonardo_at == (4, 4) and far.bishop == (4, 4)

    # Case c: the final round. Leonardo's cathedral apprentice is removed; he still gets up
    # and closes a booth.
    state = keep_first_tiles(game(players=2, start=(1, 2)), 6, 0)
    state = start_round(state, {0: AT_7, 1: AT_8, LEO: AT_9})
    state = play_out_round(state)
    assert state.round == 2 and state.final
    state = get_up(state, {0: AT_7, 1: AT_8, LEO: AT_9})
    assert state.plans[LEO] == SubmitPlan(market=1, cathedral=0)
    state = submit_plans(state, {})
    at(state, Location.MARKET, LEO)
    cathedral, bishop, track = state.cathedral, state.bishop, state.track
    state = apply(state, CloseBooth(1))
    assert state.phase is Phase.OVER
    assert state.cathedral == cathedral and state.bishop == bishop
    assert state.track[LEO] == track[LEO]
