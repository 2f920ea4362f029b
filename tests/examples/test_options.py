"""Interpretation decisions (fresco-base.md section A): every ``GameConfig`` option under every
value, each test showing an observable difference the option makes, and the decisions without
alternatives where they can be observed."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from fresco_rules.fresco import (
    AltarLimit,
    AttendTheatre,
    BishopMoveLimit,
    Blend,
    BuyTile,
    ChooseGetUp,
    ChooseTrackSpace,
    EarnStudio,
    EndTurn,
    GameConfig,
    HostelSpace,
    InvalidConfig,
    Location,
    MarketRefill,
    MoodTrack,
    Paint,
    Phase,
    Restore,
    RestoreAltar,
    SecondCathedral,
    StartRotation,
    State,
    SubmitPlan,
    TrackCollision,
    Turn,
    apply,
    explain,
    flow,
    legal_actions,
    new_game,
    scores,
    token_ledger,
    track_options,
    winners,
)
from fresco_rules.fresco.vocab import SEGMENTS

R, Y, B = Paint.RED, Paint.YELLOW, Paint.BLUE
OR, GR, PU = Paint.ORANGE, Paint.GREEN, Paint.PURPLE
PLENTY = (9, 9, 9, 9, 9, 9)
"""Enough of every paint for any restoration in these tests."""


def game(seed: int = 0, **options: Any) -> State:
    """A new game with the given ``GameConfig`` fields."""
    return new_game(GameConfig(**options), seed)


def at(
    state: State,
    location: Location,
    *,
    actor: int = 0,
    left: int = 1,
    plan: SubmitPlan | None = None,
    hostel: tuple[int, ...] | None = None,
    **changes: Any,
) -> State:
    """Phase 2 with ``actor`` starting a turn of ``left`` actions at ``location``.

    Order B is the seat order unless ``hostel`` says otherwise; ``plan`` is the actor's plan
    (everybody else planned nothing), so later locations of the round follow from it.
    """
    state = attrs.evolve(state, **changes)
    actors = state.tables.actors
    chosen = tuple(range(actors)) if hostel is None else hostel
    plans = tuple((plan or SubmitPlan()) if a == actor else SubmitPlan() for a in range(actors))
    return attrs.evolve(
        state,
        phase=Phase.ACTION,
        hostel=chosen,
        order=flow.order_b(chosen),
        plans=plans,
        step=flow.location_sequence(state).index(location),
        queue=(),
        turn=Turn(location=location, actor=actor, left=left),
        pending_track=(),
    )


def final_round(state: State, tiles: tuple[str, ...] | None = None) -> State:
    """The same game at the start of round 2 with only ``tiles`` (default: the 6 dealt first)
    left on the cathedral, from segment (0, 0) on, so the end-game check (R0.60) makes it the
    final round (side 2)."""
    kept = state.cathedral[:6] if tiles is None else tiles
    cathedral = (*kept, *(None,) * (25 - len(kept)))
    state = flow.begin_round(attrs.evolve(state, cathedral=cathedral), 2)
    assert state.final and state.side == 2
    return state


def first_chooser_picks(state: State, slot: int) -> tuple[int, State]:
    """The first player of order A puts his hostel painter on ``slot``."""
    actor = state.order[state.step]
    return actor, apply(state, ChooseGetUp(slot))


def price_paid(state: State, slot: int) -> int:
    """Thalers a player on get-up space ``slot`` pays for one market tile."""
    others = [s for s in range(len(state.tables.hostel)) if s != slot]
    market = at(state, Location.MARKET, hostel=(slot, *others[:3]))
    after = apply(market, BuyTile(0, 0))
    return market.money[0] - after.money[0]


# --- A0.1 hostel table ------------------------------------------------------------------------

R0_19 = (("5:00", -3, 5), ("6:00", -2, 3), ("7:00", -1, 2), ("8:00", 0, 1), ("9:00", 1, 1))


@pytest.mark.rule("A0.1", "R0.18", "R0.19", "R0.20", "R0.23")
@pytest.mark.parametrize(
    ("slot", "row", "apprentices"), [(0, 1, 4), (1, 2, 5), (2, 3, 5), (3, 4, 5), (4, 5, 5)]
)
def test_A0_1_default_hostel_table_is_R0_19(slot: int, row: int, apprentices: int) -> None:
    state = game()
    assert tuple((h.time, h.mood_change, h.price) for h in state.tables.hostel) == R0_19
    actor, after = first_chooser_picks(state, slot)
    assert after.mood[actor] == row
    assert after.apprentices[actor] == apprentices
    assert price_paid(state, slot) == R0_19[slot][2]


CUSTOM_HOSTEL = (
    HostelSpace("5:00", -1, 4),
    HostelSpace("6:00", 0, 3),
    HostelSpace("7:00", 3, 0),
    HostelSpace("8:00", 2, 1),
)


@pytest.mark.rule("A0.1", "R0.17", "R0.18", "R0.19", "R0.20")
def test_A0_1_caller_hostel_table_changes_mood_and_price() -> None:
    default, custom = game(), game(hostel_table=CUSTOM_HOSTEL)
    assert custom.tables.hostel == CUSTOM_HOSTEL
    # the same seed gives the same set-up, so the same player chooses first
    assert default.order == custom.order
    assert len(legal_actions(default)) == 5
    assert legal_actions(custom) == tuple(ChooseGetUp(slot) for slot in range(4))
    # 7:00: mood -1 / 2 Thalers by default, +3 / free with the caller's table
    actor, after_default = first_chooser_picks(default, 2)
    _, after_custom = first_chooser_picks(custom, 2)
    assert after_default.mood[actor] == 3
    assert after_custom.mood[actor] == 7
    assert after_default.apprentices[actor] == 5
    assert after_custom.apprentices[actor] == 6
    assert price_paid(default, 2) == 2
    assert price_paid(custom, 2) == 0
    # a space the default table lacks does not exist with the caller's 4-space table
    problem = explain(custom, ChooseGetUp(4))
    assert problem is not None and problem.rule == "R0.17"


@pytest.mark.rule("A0.1", "R0.19")
@pytest.mark.parametrize(
    ("players", "table"),
    [
        (4, CUSTOM_HOSTEL[:3]),  # 3 get-up spaces for 4 painters
        (2, CUSTOM_HOSTEL[:2]),  # Leonardo needs a get-up space too (R0.74)
        (3, (*CUSTOM_HOSTEL[:2], HostelSpace("7:00", 0, -1))),  # negative price
        (3, (*CUSTOM_HOSTEL[:2], HostelSpace("5:00", 0, 1))),  # the same time twice
    ],
)
def test_A0_1_unusable_hostel_table_is_rejected(
    players: int, table: tuple[HostelSpace, ...]
) -> None:
    with pytest.raises(InvalidConfig, match="hostel_table"):
        game(players=players, hostel_table=table)


# --- A0.2 mood column -------------------------------------------------------------------------

SHORT_MOOD = MoodTrack(rows=5, start_row=2, minus_rows=(0,), plus_rows=(3, 4), theatre_step=1)


def get_up_from(state: State, row: int, slot: int) -> tuple[int, int]:
    """(mood row, apprentices) of the first chooser on ``row`` after taking ``slot``."""
    actor = state.order[state.step]
    mood = tuple(row if a == actor else m for a, m in enumerate(state.mood))
    after = apply(attrs.evolve(state, mood=mood), ChooseGetUp(slot))
    return after.mood[actor], after.apprentices[actor]


@pytest.mark.rule("A0.2", "R0.7", "R0.21", "R0.22", "R0.23", "R0.48")
def test_A0_2_default_mood_column_E0_12() -> None:
    state = game()
    assert state.mood == (4, 4, 4, 4)
    assert state.apprentices == (5, 5, 5, 5)
    assert get_up_from(state, 4, 0) == (1, 4)  # 5:00: row 1, the "-1" zone
    assert get_up_from(state, 1, 0) == (0, 4)  # two steps lost at the bottom
    assert get_up_from(state, 6, 4) == (7, 6)  # 9:00: row 7, the "+1" zone
    assert get_up_from(state, 3, 3) == (3, 5)
    theatre = at(state, Location.THEATRE, left=2, mood=(8, 4, 4, 4))
    theatre = apply(apply(theatre, AttendTheatre()), AttendTheatre())
    assert theatre.mood[0] == 8  # clamped at the top
    theatre = apply(at(state, Location.THEATRE, mood=(3, 4, 4, 4)), AttendTheatre())
    assert theatre.mood[0] == 5  # E0.10: 2 rows up


@pytest.mark.rule("A0.2", "R0.7", "R0.21", "R0.22", "R0.23", "R0.24", "R0.48")
def test_A0_2_caller_mood_column_changes_zones_counts_and_clamping() -> None:
    state = game(mood_track=SHORT_MOOD)
    assert state.tables.mood == SHORT_MOOD
    assert state.mood == (2, 2, 2, 2)
    assert state.tables.apprentices_by_row == (4, 5, 5, 6, 6)
    # 9:00 from the start row: row 3 is a "+1" row here (default: row 5, 5 apprentices)
    assert get_up_from(state, 2, 4) == (3, 6)
    assert get_up_from(game(), 4, 4) == (5, 5)
    # 6:00 from the start row: row 0, the "-1" zone (default: row 2, 5 apprentices)
    assert get_up_from(state, 2, 1) == (0, 4)
    assert get_up_from(game(), 4, 1) == (2, 5)
    # clamping at row 4, the top of this column (the default column goes up to row 8)
    assert get_up_from(state, 4, 4) == (4, 6)
    assert get_up_from(game(), 8, 4) == (8, 6)
    # the theatre step is 1 here; the apprentice count only changes at the next phase 1 (R0.24)
    theatre = at(state, Location.THEATRE, apprentices=(5, 5, 5, 5))
    after = apply(theatre, AttendTheatre())
    assert after.mood[0] == 3
    assert after.apprentices[0] == 5
    top = apply(at(state, Location.THEATRE, mood=(4, 2, 2, 2)), AttendTheatre())
    assert top.mood[0] == 4


@pytest.mark.rule("A0.2", "R0.21")
@pytest.mark.parametrize(
    "mood",
    [
        attrs.evolve(SHORT_MOOD, start_row=5),  # start row off the column
        attrs.evolve(SHORT_MOOD, plus_rows=(5,)),  # zone row off the column
        attrs.evolve(SHORT_MOOD, minus_rows=(0, 3)),  # a row in both zones
        attrs.evolve(SHORT_MOOD, theatre_step=-1),
        attrs.evolve(SHORT_MOOD, rows=0, start_row=0, minus_rows=(), plus_rows=()),
    ],
)
def test_A0_2_unusable_mood_column_is_rejected(mood: MoodTrack) -> None:
    with pytest.raises(InvalidConfig, match="mood_track"):
        game(mood_track=mood)


# --- A0.3 booth capacities --------------------------------------------------------------------


@pytest.mark.rule("A0.3", "R0.8", "R0.9", "R0.67")
@pytest.mark.parametrize(
    ("players", "capacities", "expected"),
    [
        (4, None, (3, 3, 3, 4)),
        (4, (4, 3, 3, 3), (4, 3, 3, 3)),
        (3, None, (3, 3, 3)),
        (2, None, (3, 3, 3)),
        (3, (5, 2, 2), (5, 2, 2)),
    ],
)
def test_A0_3_booth_capacities(
    players: int, capacities: tuple[int, ...] | None, expected: tuple[int, ...]
) -> None:
    state = game(players=players, booth_capacities=capacities)
    assert tuple(len(slots) for slots in state.booths) == expected
    assert all(tile is not None for slots in state.booths for tile in slots)
    market = token_ledger(state)["market_tiles"]
    shown = 13 if players == 4 else 9
    assert sum(n for name, n in market.items() if name.startswith("booth")) == shown
    assert market["bag"] == 14 - shown - market["removed"]


@pytest.mark.rule("A0.3", "R0.8", "R0.34")
def test_A0_3_four_slots_in_booth_I_only_with_4_3_3_3() -> None:
    wide = at(game(booth_capacities=(4, 3, 3, 3)), Location.MARKET, left=3)
    default = at(game(), Location.MARKET, left=3)
    assert BuyTile(0, 3) in legal_actions(wide)
    assert BuyTile(0, 3) not in legal_actions(default)
    assert BuyTile(3, 3) in legal_actions(default)
    assert BuyTile(3, 3) not in legal_actions(wide)
    assert explain(wide, BuyTile(0, 3)) is None
    problem = explain(default, BuyTile(0, 3))
    assert problem is not None and problem.rule == "R0.34"


@pytest.mark.rule("A0.3", "R0.8", "R0.9")
@pytest.mark.parametrize(
    ("players", "capacities"),
    [
        (4, (3, 3, 3, 3)),  # 12 on display, not 13
        (4, (4, 4, 3, 3)),  # 14 on display
        (4, (5, 4, 4)),  # three booths on the 4-player side
        (4, (7, 6, 0, 0)),  # an empty booth
        (3, (3, 3, 3, 4)),  # booth IV on the 3-player side
        (3, (4, 3, 3)),
    ],
)
def test_A0_3_bad_booth_capacities_rejected(players: int, capacities: tuple[int, ...]) -> None:
    with pytest.raises(InvalidConfig, match=r"A0\.3"):
        game(players=players, booth_capacities=capacities)


# --- A0.4 market refill -----------------------------------------------------------------------


def after_booth_I_used(mode: MarketRefill) -> State:
    """Seed 0 after a round in which only booth I was used (its tiles went back, R0.35)."""
    state = game(market_refill=mode)
    return attrs.evolve(state, **flow.return_booth(state, 0))


@pytest.mark.rule("A0.4", "R0.55", "R0.10", "R0.67")
def test_A0_4_top_up_refills_emptied_booths_only() -> None:
    before = after_booth_I_used(MarketRefill.TOP_UP)
    after = flow.refill_market(before)
    assert after.booths[1:] == before.booths[1:]
    assert all(tile is not None for tile in after.booths[0])
    assert set(after.booths[0]) <= set(before.bag)
    assert len(after.bag) == 1
    # nobody used the market: nothing changes and nothing is drawn
    untouched = game(market_refill=MarketRefill.TOP_UP)
    assert flow.refill_market(untouched) == untouched


@pytest.mark.rule("A0.4", "R0.55", "R0.10", "R0.67")
def test_A0_4_redraw_all_redraws_every_booth() -> None:
    before = after_booth_I_used(MarketRefill.REDRAW_ALL)
    after = flow.refill_market(before)
    everything = sorted(before.bag + tuple(t for s in before.booths for t in s if t is not None))
    assert sorted(after.bag + tuple(t for s in after.booths for t in s if t is not None)) == (
        everything
    )
    assert all(tile is not None for slots in after.booths for tile in slots)
    assert len(after.bag) == 1
    assert after.booths[1:] != before.booths[1:]  # the unused booths were redrawn too
    # even with no booth used, every tile on display goes back and is redrawn
    untouched = game(market_refill=MarketRefill.REDRAW_ALL)
    assert flow.refill_market(untouched).booths != untouched.booths
    # top-up from the same position keeps booths II-IV
    top_up = flow.refill_market(attrs.evolve(before, config=GameConfig()))
    assert top_up.booths[1:] == before.booths[1:]


# --- A0.5 bishop move limit -------------------------------------------------------------------


def cathedral_visit(limit: BishopMoveLimit) -> State:
    """Seat 0 at the cathedral with 3 apprentices, 12 Thalers, plenty of paints; bishop (2,2)."""
    state = game(bishop_move_limit=limit)
    paints = (PLENTY, *state.paints[1:])
    return at(state, Location.CATHEDRAL, left=3, paints=paints)


@pytest.mark.rule("A0.5", "R0.38", "R0.40")
def test_A0_5_per_restoration_allows_a_paid_move_before_each_restoration() -> None:
    state = cathedral_visit(BishopMoveLimit.PER_RESTORATION)
    first = apply(state, Restore((1, 1), bishop_to=(1, 2)))
    assert first.bishop == (1, 1)
    assert first.money[0] == 11
    second_move = Restore((0, 0), bishop_to=(0, 1))
    assert second_move in legal_actions(first)
    assert explain(first, second_move) is None
    second = apply(first, second_move)
    assert second.money[0] == 10
    assert second.bishop == (0, 0)


@pytest.mark.rule("A0.5", "R0.38")
def test_A0_5_per_visit_refuses_a_second_paid_move_in_the_same_visit() -> None:
    state = cathedral_visit(BishopMoveLimit.PER_VISIT)
    assert Restore((1, 1), bishop_to=(1, 2)) in legal_actions(state)
    first = apply(state, Restore((1, 1), bishop_to=(1, 2)))
    assert first.money[0] == 11
    second_move = Restore((0, 0), bishop_to=(0, 1))
    assert second_move not in legal_actions(first)
    problem = explain(first, second_move)
    assert problem is not None and problem.rule == "R0.38"
    with pytest.raises(type(problem)):
        apply(first, second_move)
    # the restoration itself, without a move, is still legal
    assert Restore((0, 0)) in legal_actions(first)
    assert explain(first, Restore((0, 0))) is None


@pytest.mark.rule("A0.5", "R0.38", "R0.29")
@pytest.mark.parametrize("limit", list(BishopMoveLimit))
def test_A0_5_second_cathedral_visit_allows_a_new_paid_move(limit: BishopMoveLimit) -> None:
    # final round: tiles on (0,0)-(0,4) and (1,0); the bishop on (2,2)
    state = final_round(game(bishop_move_limit=limit))
    visit = at(
        state,
        Location.CATHEDRAL,
        plan=SubmitPlan(cathedral=1, cathedral_2=1),
        paints=(PLENTY, *state.paints[1:]),
    )
    second_visit = apply(visit, Restore((1, 0), bishop_to=(1, 1)))
    assert second_visit.money[0] == 11
    assert second_visit.turn == Turn(Location.CATHEDRAL_2, 0, 1)
    assert explain(second_visit, Restore((0, 0), bishop_to=(0, 1))) is None
    assert apply(second_visit, Restore((0, 0), bishop_to=(0, 1))).money[0] == 10


# --- A0.6 altar limit -------------------------------------------------------------------------


def altar_visit(limit: AltarLimit, actor: int = 0, used: tuple[int, ...] = (0, 0, 0, 0)) -> State:
    state = game(altar_limit=limit)
    paints = tuple(PLENTY if a == actor else p for a, p in enumerate(state.paints))
    return at(state, Location.CATHEDRAL, actor=actor, left=2, paints=paints, altar_used=used)


@pytest.mark.rule("A0.6", "R0.45", "R0.43")
def test_A0_6_per_apprentice_allows_the_altar_for_every_apprentice() -> None:
    state = altar_visit(AltarLimit.PER_APPRENTICE)
    once = apply(state, RestoreAltar((R, Y, B)))
    assert scores(once)[0] == 2
    assert RestoreAltar((R, Y, B)) in legal_actions(once)
    twice = apply(once, RestoreAltar((OR, Y, B)))
    assert scores(twice)[0] == 5
    # other players too, in the same round
    other = altar_visit(AltarLimit.PER_APPRENTICE, actor=1, used=(2, 0, 0, 0))
    assert explain(other, RestoreAltar((R, Y, B))) is None


@pytest.mark.rule("A0.6", "R0.45", "R0.43")
def test_A0_6_once_per_player_per_round_refuses_a_second_altar() -> None:
    state = altar_visit(AltarLimit.ONCE_PER_PLAYER_PER_ROUND)
    once = apply(state, RestoreAltar((R, Y, B)))
    assert scores(once)[0] == 2
    assert not any(isinstance(a, RestoreAltar) for a in legal_actions(once))
    problem = explain(once, RestoreAltar((OR, Y, B)))
    assert problem is not None and problem.rule == "R0.45"
    # a segment is still fine for the second apprentice
    assert any(isinstance(a, Restore) for a in legal_actions(once))
    # another player may still use the altar this round
    other = altar_visit(AltarLimit.ONCE_PER_PLAYER_PER_ROUND, actor=1, used=(1, 0, 0, 0))
    assert explain(other, RestoreAltar((R, Y, B))) is None
    # and the limit is per round
    used = altar_visit(AltarLimit.ONCE_PER_PLAYER_PER_ROUND, used=(1, 0, 0, 0))
    assert explain(used, RestoreAltar((R, Y, B))) is not None
    next_round = flow.begin_round(used, 2)
    assert next_round.altar_used == (0, 0, 0, 0)
    again = at(next_round, Location.CATHEDRAL, left=1)
    assert explain(again, RestoreAltar((R, Y, B))) is None


# --- A0.7 second cathedral column -------------------------------------------------------------


@pytest.mark.rule("A0.7", "R0.27", "R0.29")
def test_A0_7_location_sequence() -> None:
    theatre_slot = game(second_cathedral=SecondCathedral.THEATRE_SLOT)
    with_first = game(second_cathedral=SecondCathedral.WITH_FIRST)
    side_1 = (Location.MARKET, Location.CATHEDRAL, Location.STUDIO, Location.WORKSHOP)
    assert flow.location_sequence(theatre_slot) == (*side_1, Location.THEATRE)
    assert flow.location_sequence(with_first) == (*side_1, Location.THEATRE)
    assert flow.location_sequence(final_round(theatre_slot)) == (*side_1, Location.CATHEDRAL_2)
    assert flow.location_sequence(final_round(with_first)) == side_1


def final_plan(mode: SecondCathedral) -> State:
    """The final round with every get-up chosen and the plans in: seat 0 plans cathedral 1,
    workshop 1, second cathedral 1 and holds R1 Y1 B1; tile F09 (blue + orange) is on (0,0);
    nobody else plans anything."""
    state = final_round(game(second_cathedral=mode), ("F09", "F01", "F02", "F03", "F04", "F05"))
    while state.phase is Phase.GET_UP:
        state = apply(state, legal_actions(state)[0])
    state = apply(state, SubmitPlan(cathedral=1, workshop=1, cathedral_2=1))
    for _ in range(3):
        state = apply(state, SubmitPlan())
    return state


@pytest.mark.rule("A0.7", "R0.27", "R0.29", "R0.30", "R0.47")
def test_A0_7_theatre_slot_second_visit_after_the_workshop_E0_19() -> None:
    state = final_plan(SecondCathedral.THEATRE_SLOT)
    assert state.turn == Turn(Location.CATHEDRAL, 0, 1)
    problem = explain(state, Restore((0, 0)))
    assert problem is not None and problem.rule == "R0.31"  # no orange yet
    state = apply(state, EndTurn())
    assert state.turn == Turn(Location.WORKSHOP, 0, 2)
    state = apply(apply(state, Blend(OR)), EndTurn())
    assert state.turn == Turn(Location.CATHEDRAL_2, 0, 1)
    assert explain(state, Restore((0, 0))) is None  # the orange pays at the second visit
    state = apply(state, Restore((0, 0)))
    assert state.phase is Phase.OVER
    assert "F09" in state.held[0]


@pytest.mark.rule("A0.7", "R0.27", "R0.29", "R0.30")
def test_A0_7_with_first_both_columns_act_at_the_first_visit() -> None:
    state = final_plan(SecondCathedral.WITH_FIRST)
    assert state.turn == Turn(Location.CATHEDRAL, 0, 2)
    problem = explain(state, Restore((0, 0)))
    assert problem is not None and problem.rule == "R0.31"
    state = apply(state, EndTurn())
    assert state.turn == Turn(Location.WORKSHOP, 0, 2)
    state = apply(apply(state, Blend(OR)), EndTurn())
    assert state.phase is Phase.OVER  # no cathedral visit after the workshop
    assert "F09" not in state.held[0]


@pytest.mark.rule("A0.7", "A0.5", "R0.27", "R0.38")
@pytest.mark.parametrize("mode", list(SecondCathedral))
def test_A0_7_with_first_is_one_visit_for_the_bishop_limit(mode: SecondCathedral) -> None:
    state = final_round(game(second_cathedral=mode, bishop_move_limit=BishopMoveLimit.PER_VISIT))
    visit = at(
        state,
        Location.CATHEDRAL,
        left=2 if mode is SecondCathedral.WITH_FIRST else 1,
        plan=SubmitPlan(cathedral=1, cathedral_2=1),
        paints=(PLENTY, *state.paints[1:]),
    )
    after = apply(visit, Restore((1, 0), bishop_to=(1, 1)))
    move = Restore((0, 0), bishop_to=(0, 1))
    if mode is SecondCathedral.WITH_FIRST:
        # the second column's apprentice acts in the same visit: no second paid move
        assert after.turn == Turn(Location.CATHEDRAL, 0, 1, bishop_moved=True)
        problem = explain(after, move)
        assert problem is not None and problem.rule == "R0.38"
    else:
        assert after.turn == Turn(Location.CATHEDRAL_2, 0, 1)
        assert explain(after, move) is None


# --- A0.8 start-space rotation ----------------------------------------------------------------

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def rotated(rotation: StartRotation, start: tuple[int, ...]) -> tuple[int, ...]:
    track = tuple(5 + a if s == 0 else 0 for a, s in enumerate(start))
    state = attrs.evolve(game(start_rotation=rotation), start=start, track=track)
    return flow.rotate_start_spaces(state).start


@pytest.mark.rule("A0.8", "R0.58", "R0.59", "R0.15")
def test_A0_8_front_to_rear_E0_16() -> None:
    mode = StartRotation.FRONT_TO_REAR
    # Red S1, Blue S2, Green S3, Yellow on the track -> Green S1, Red S2, Blue S3
    after = rotated(mode, (1, 2, 3, 0))
    assert after == (2, 3, 1, 0)
    state = attrs.evolve(game(), start=after, track=(0, 0, 0, 9))
    assert flow.order_a(state)[0] == GREEN
    # only Blue on S2 and Yellow on S4: Yellow to S2, Blue to S4
    assert rotated(mode, (0, 2, 0, 4)) == (0, 4, 0, 2)
    # one painter left: no change
    assert rotated(mode, (0, 0, 3, 0)) == (0, 0, 3, 0)
    # all four: S4 -> S1, the others one forward
    assert rotated(mode, (1, 2, 3, 4)) == (2, 3, 4, 1)


@pytest.mark.rule("A0.8", "R0.58", "R0.59")
def test_A0_8_rear_to_front() -> None:
    mode = StartRotation.REAR_TO_FRONT
    # Red S1 goes to S3, Blue and Green move one occupied space back
    after = rotated(mode, (1, 2, 3, 0))
    assert after == (3, 1, 2, 0)
    state = attrs.evolve(game(), start=after, track=(0, 0, 0, 9))
    assert flow.order_a(state)[0] == BLUE
    assert rotated(mode, (0, 2, 0, 4)) == (0, 4, 0, 2)  # two painters: a swap either way
    assert rotated(mode, (0, 0, 3, 0)) == (0, 0, 3, 0)
    assert rotated(mode, (1, 2, 3, 4)) == (4, 1, 2, 3)
    assert rotated(mode, (1, 0, 3, 4)) == (4, 0, 1, 3)


@pytest.mark.rule("A0.8", "R0.54", "R0.58")
@pytest.mark.parametrize("mode", list(StartRotation))
def test_A0_8_rotation_is_the_last_step_of_round_preparation(mode: StartRotation) -> None:
    state = game(start_rotation=mode)
    theatre = at(state, Location.THEATRE)
    before = state.start
    after = apply(theatre, EndTurn())
    assert after.round == 2 and after.phase is Phase.GET_UP
    assert sorted(after.start) == sorted(before) == [1, 2, 3, 4]
    assert after.start == rotated(mode, before)
    assert after.order == flow.order_a(after)


# --- A0.11 track collision during play ---------------------------------------------------------


def altar_gain(mode: TrackCollision, track: tuple[int, ...], gain: int = 4) -> State:
    """Red (seat 0) restores the altar for ``gain`` VP (2: R+Y+B, 4: R+O+G, R0.43) with the
    painters on ``track``."""
    state = game(track_collision=mode)
    start = tuple(0 if space else s for space, s in zip(track, state.start, strict=True))
    hand_in = {2: (R, Y, B), 4: (R, OR, GR)}[gain]
    state = at(
        state,
        Location.CATHEDRAL,
        track=track,
        start=start,
        paints=(PLENTY, *state.paints[1:]),
    )
    return apply(state, RestoreAltar(hand_in))


@pytest.mark.rule("A0.11", "R0.51", "R0.41")
def test_A0_11_choice_leaves_two_spaces_to_the_owner_E0_13() -> None:
    state = altar_gain(TrackCollision.CHOICE, (3, 7, 0, 0))
    assert state.pending_track == (6, 8)
    assert state.track[0] == 3
    assert legal_actions(state) == (ChooseTrackSpace(6), ChooseTrackSpace(8))
    for space in (5, 7, 9, 3):
        problem = explain(state, ChooseTrackSpace(space))
        assert problem is not None and problem.rule == "R0.51"
    assert apply(state, ChooseTrackSpace(6)).track[0] == 6
    assert apply(state, ChooseTrackSpace(8)).track[0] == 8
    variant = altar_gain(TrackCollision.CHOICE, (3, 7, 8, 0))
    assert variant.pending_track == (6, 9)


@pytest.mark.rule("A0.11", "R0.51", "R0.52")
def test_A0_11_forward_moves_on_at_once() -> None:
    state = altar_gain(TrackCollision.FORWARD, (3, 7, 0, 0))
    assert state.pending_track == ()
    assert state.track[0] == 8
    assert not any(isinstance(a, ChooseTrackSpace) for a in legal_actions(state))
    variant = altar_gain(TrackCollision.FORWARD, (3, 7, 8, 0))
    assert variant.track[0] == 9


@pytest.mark.rule("A0.11", "R0.51")
@pytest.mark.parametrize("mode", list(TrackCollision))
def test_A0_11_no_choice_without_a_collision_or_a_space_behind(mode: TrackCollision) -> None:
    assert altar_gain(mode, (3, 0, 0, 0)).track[0] == 7
    # from a start space, target 2 taken and space 1 taken: only the space in front
    blocked = altar_gain(mode, (0, 2, 1, 0), gain=2)
    assert blocked.pending_track == ()
    assert blocked.track[0] == 3 and blocked.start[0] == 0
    # space 1 free behind target 2: a choice only under "choice"
    open_behind = altar_gain(mode, (0, 2, 0, 0), gain=2)
    if mode is TrackCollision.CHOICE:
        assert open_behind.pending_track == (1, 3)
        assert open_behind.track[0] == 0
    else:
        assert open_behind.pending_track == ()
        assert open_behind.track[0] == 3
    # the space the mover leaves counts as free: Red on 6, Blue on 7, Red gains 2 -> 8 free
    assert altar_gain(mode, (6, 7, 0, 0), gain=2).track[0] == 8
    own = altar_gain(mode, (6, 8, 0, 0), gain=2)
    if mode is TrackCollision.CHOICE:
        assert own.pending_track == (7, 9)
    else:
        assert own.track[0] == 9


# --- decisions without alternatives -------------------------------------------------------------


def over_after_final_scoring(
    track: tuple[int, ...], money: tuple[int, ...], order: tuple[int, ...]
) -> State:
    state = game()
    start = tuple(0 if space else s for space, s in zip(track, state.start, strict=True))
    state = attrs.evolve(state, track=track, start=start, money=money, order=order, final=True)
    return flow.final_scoring(state)


@pytest.mark.rule("A0.9", "R0.63", "R0.64", "R0.52")
def test_A0_9_money_converts_at_floor_of_half_E0_14() -> None:
    # Blue (6:00), Red (7:00), Green (8:00), Yellow (9:00)
    over = over_after_final_scoring((20, 21, 23, 24), (7, 4, 1, 0), (BLUE, RED, GREEN, YELLOW))
    assert over.phase is Phase.OVER
    assert scores(over) == (26, 25, 23, 24)
    assert winners(over) == (RED,)
    # 7 Thalers are worth 3 VP, not 4: with free spaces, Red moves exactly 3
    alone = over_after_final_scoring((20, 0, 0, 0), (7, 1, 3, 0), (0, 1, 2, 3))
    assert scores(alone) == (23, 0, 1, 0)


@pytest.mark.rule("A0.12", "R0.56", "R0.62")
def test_A0_12_income_one_per_tile_and_none_for_leonardo() -> None:
    two = game(players=2)
    held = (("F01", "F02"), (), ("F03", "F04", "F05"))
    paid = flow.pay_income(attrs.evolve(two, held=held))
    assert paid.money == (two.money[0] + 2, two.money[1])
    assert paid.supply_money == two.supply_money - 2
    four = attrs.evolve(game(), held=(("F01",), ("F02", "F03", "F04", "F05"), (), ("F06",)))
    assert flow.pay_income(four).money == (13, 16, 12, 13)


@pytest.mark.rule("A0.12", "R0.54", "R0.56", "R0.62")
def test_A0_12_income_after_a_normal_round_but_not_after_the_final_round() -> None:
    held = (("F01", "F02", "F03", "F04"), (), (), ())
    normal = at(game(), Location.THEATRE, held=held)
    after = apply(normal, EndTurn())
    assert after.round == 2
    assert after.money[0] == normal.money[0] + 4
    final = at(final_round(game()), Location.CATHEDRAL_2, held=held)
    over = apply(final, EndTurn())
    assert over.phase is Phase.OVER
    assert over.money[0] == final.money[0]


@pytest.mark.rule("A0.13", "R0.61", "R0.62")
def test_A0_13_last_tile_in_a_normal_round_finishes_the_round_then_ends() -> None:
    state = game()
    cathedral = tuple(tile if i == 0 else None for i, tile in enumerate(state.cathedral))
    last = at(
        state,
        Location.CATHEDRAL,
        plan=SubmitPlan(cathedral=1, studio=1, workshop=1, theatre=1),
        cathedral=cathedral,
        paints=(PLENTY, *state.paints[1:]),
        held=(("F10",), (), (), ()),
    )
    assert not last.final and last.side == 1
    state = apply(last, Restore((0, 0)))
    assert state.final and state.side == 1 and state.tiles_left() == 0
    assert state.turn is not None and state.turn.location is Location.STUDIO
    state = apply(state, EarnStudio())
    assert state.turn is not None and state.turn.location is Location.WORKSHOP
    state = apply(state, EndTurn())
    assert state.turn is not None and state.turn.location is Location.THEATRE
    state = apply(state, AttendTheatre())
    assert state.phase is Phase.OVER
    assert state.round == 1
    assert state.money[0] == last.money[0] + 3  # the studio, but no income for 2 tiles


@pytest.mark.rule("A0.18", "R0.5", "R0.8", "R0.10", "R0.12", "R0.71")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_A0_18_same_seed_same_set_up_different_seeds_differ(players: int) -> None:
    config = GameConfig(players=players)
    assert new_game(config, 11) == new_game(config, 11)
    set_ups = {
        (s.start, s.booths, s.cathedral) for s in (new_game(config, seed) for seed in range(8))
    }
    assert len(set_ups) == 8
    assert len({new_game(config, seed).cathedral for seed in range(8)}) == 8
    assert len({new_game(config, seed).booths for seed in range(8)}) == 8


@pytest.mark.rule("A0.18", "R0.5", "R0.8", "R0.9", "R0.12", "R0.13", "R0.71")
@pytest.mark.parametrize(("players", "seed"), [(2, 0), (2, 5), (3, 1), (4, 0), (4, 7)])
def test_A0_18_set_up_shape(players: int, seed: int) -> None:
    state = new_game(GameConfig(players=players), seed)
    data = state.config.components
    assert state.tile_at((2, 2)) == state.tables.centre_tile == "F24"
    dealt = [t for i, t in enumerate(state.cathedral) if SEGMENTS[i] != (2, 2)]
    assert sorted(t for t in dealt if t is not None) == sorted(
        t.id for t in data.fresco_tiles if not t.centre
    )
    assert state.bishop == (2, 2)
    if players == 2:
        assert state.start[2] == 3  # Leonardo on S3
        assert sorted(state.start[:2]) == [1, 2]
        assert state.leonardo_at == (2, 2)
    else:
        assert sorted(state.start) == list(range(1, players + 1))
    displayed = [t for slots in state.booths for t in slots if t is not None]
    assert len(displayed) == sum(state.tables.booth_capacities)  # every slot filled
    assert sorted([*displayed, *state.bag, *state.removed]) == sorted(
        t.id for t in data.market_tiles
    )


@pytest.mark.rule("A0.19", "R0.65")
def test_A0_19_all_at_zero_tie() -> None:
    nobody = over_after_final_scoring((0, 0, 0, 0), (1, 0, 1, 0), (0, 1, 2, 3))
    assert scores(nobody) == (0, 0, 0, 0)
    assert winners(nobody) == (0, 1, 2, 3)
    one = over_after_final_scoring((0, 0, 0, 0), (0, 0, 2, 1), (0, 1, 2, 3))
    assert winners(one) == (2,)
    ahead = over_after_final_scoring((0, 3, 0, 0), (0, 0, 0, 0), (0, 1, 2, 3))
    assert winners(ahead) == (1,)
    # Leonardo cannot win: both players at 0 tie although he scored
    two = game(players=2)
    two = attrs.evolve(
        two, track=(0, 0, 30), start=(1, 2, 0), money=(1, 0), order=(0, 1, 2), final=True
    )
    over = flow.final_scoring(two)
    assert over.track[2] == 30
    assert winners(over) == (0, 1)


@pytest.mark.rule("A0.20", "R0.38", "R0.45")
def test_A0_20_altar_restoration_has_no_bishop_move() -> None:
    assert [f.name for f in attrs.fields(RestoreAltar)] == ["paints"]
    state = cathedral_visit(BishopMoveLimit.PER_VISIT)
    state = attrs.evolve(state, bishop=(3, 3))
    after = apply(state, RestoreAltar((OR, GR, PU)))
    assert after.bishop == (3, 3)
    assert after.money[0] == state.money[0]
    assert scores(after)[0] == 6
    assert after.turn is not None and not after.turn.bishop_moved
    # the visit's one paid move is still available for a segment
    assert explain(after, Restore((4, 4), bishop_to=(4, 4))) is None


@pytest.mark.rule("A0.21", "R0.50", "R0.52")
def test_A0_21_a_gain_of_zero_moves_nothing() -> None:
    assert track_options([1, 2, 3], 0, 0, forward_only=False) == (0,)
    assert track_options([5], 4, 0, forward_only=True) == (4,)
    # final scoring with 0 or 1 Thaler: the painter stays, on a start space too
    over = over_after_final_scoring((0, 7, 0, 0), (1, 1, 0, 12), (0, 1, 2, 3))
    assert over.track == (0, 7, 0, 6)
    assert over.start[0] == game().start[0] != 0
    assert over.start[1] == over.start[3] == 0


@pytest.mark.rule("A0.21", "R0.50")
def test_A0_21_the_track_has_no_upper_end() -> None:
    state = altar_gain(TrackCollision.CHOICE, (1000, 1004, 0, 0))
    assert state.pending_track == (1003, 1005)
    assert track_options([], 10**9, 6, forward_only=True) == (10**9 + 6,)
    over = over_after_final_scoring((500, 0, 0, 0), (200, 0, 0, 0), (0, 1, 2, 3))
    assert scores(over)[0] == 600
