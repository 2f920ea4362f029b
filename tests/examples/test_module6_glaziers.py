"""Module 6, the Glaziers: worked examples E6.1-E6.13 with the rulebook's numbers, every option
A6.x under every value, and rules R6.1-R6.27.

Common fixture: 4 players P (seat 0, S1), Q, R and S, the default component data; segment (0,2)
borders a window (component-data.md 7.4).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from attrs import evolve

from fresco_rules.fresco import (
    AltarWindow,
    BuyGlass,
    EndTurn,
    GameConfig,
    Gild,
    Glass,
    GlassworksSlot,
    HandInGlass,
    InvalidConfig,
    Location,
    Paint,
    PlaceGlassworks,
    Restore,
    RestoreAltar,
    State,
    SubmitPlan,
    TakeWindow,
    WindowRefill,
    apply,
    legal_actions,
    leonardo_score,
    new_game,
    player_view,
    scores,
    token_ledger,
    window_penalty,
)
from fresco_rules.fresco.modules import glaziers_state, leaf_gold_state
from fresco_rules.fresco.vocab import SEGMENTS

from .fixtures import (
    AT_5,
    AT_6,
    AT_7,
    AT_8,
    AT_9,
    assert_illegal,
    assert_legal,
    at,
    with_money,
    with_paints,
    with_tiles,
)
from .module_fixtures import (
    GB,
    GG,
    GLAZIERS,
    GOLD,
    GR,
    GY,
    assert_module_ledgers,
    choose,
    end_turns_until,
    get_up,
    glass_of,
    gold_of,
    mgame,
    play_out_round,
    restoring_of,
    scored_of,
    script,
    start_round,
    with_disc,
    with_glass,
    with_gold,
    with_offer,
    with_workbench,
)

P, Q, R, S = 0, 1, 2, 3
EARLY = {P: AT_6, Q: AT_7, R: AT_8, S: AT_9}
MARKET, CATHEDRAL, STUDIO = Location.MARKET, Location.CATHEDRAL, Location.STUDIO
THEATRE, GLASSWORKS = Location.THEATRE, Location.GLASSWORKS
BENCH = ("W08", "W01", "W02", "W11", "W04", "W05")
"""A workbench with the 7-VP window red/green (W08) in slot 0 and yellow/green/yellow (W11) in
slot 3."""
WINDOW_CELLS = {(0, 1), (0, 2), (0, 3), (1, 0), (2, 0), (3, 0), (1, 4), (2, 4), (3, 4)}
WINDOW_CELLS |= {(4, 1), (4, 2), (4, 3)}


def window_restoration(
    window: str,
    bishop: tuple[int, int],
    *,
    glass: dict[str, int] | None = None,
    **options: Any,
) -> State:
    """The common input of E6.1-E6.4: (0,2) holds a value-7 tile (F10: red, yellow, green);
    ``window`` lies in workbench slot 0 (price 0); P restores (0,2) with the bishop at
    ``bishop`` and takes the window from slot 0. The glass decision (if any) follows."""
    state = with_tiles(mgame(GLAZIERS, **options), {(0, 2): "F10"})
    bench = (window, *(w for w in BENCH if w != window))[:6]
    state = with_workbench(state, bench)
    state = with_paints(state, P, red=1, yellow=1, green=1)
    state = with_glass(state, P, **(glass or {}))
    # a second apprentice keeps P's turn (and the round) going after the restoration
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=2)})
    state = evolve(state, bishop=bishop)
    at(state, CATHEDRAL, P)
    state = assert_legal(state, Restore((0, 2)))
    # R6.11: the window must be restored too: a choice among the face-up windows (R6.12)
    assert legal_actions(state) == tuple(TakeWindow(slot) for slot in range(6))
    return assert_legal(state, TakeWindow(0))


@pytest.mark.rule("E6.1", "R6.11", "R6.12", "R6.15", "R6.17", "G.6")
def test_E6_1_example_A_all_glass() -> None:
    state = window_restoration("W08", (0, 2), glass={"red": 1, "green": 1})
    assert (
        glaziers_state.glass_of(state) is not None and glass_of(state).workbench[0] is None
    )  # taken, not shifted yet
    assert legal_actions(state) == (
        HandInGlass(()),
        HandInGlass((GR,)),
        HandInGlass((GG,)),
        HandInGlass((GR, GG)),
    )
    state = assert_legal(state, HandInGlass((GR, GG)))
    assert state.scored is not None and scored_of(state).parts.penalty == 0
    assert scores(state)[P] == 17  # 7 + 7 + 3
    assert glaziers_state.glass_of(state) is not None and glass_of(state).held[P] == (0, 0, 0, 0)
    assert glass_of(state).reserve == (0, 0, 1, 1)  # R6.20
    assert_module_ledgers(state)


@pytest.mark.rule("E6.2", "R6.15", "R6.17")
def test_E6_2_example_B_green_missing() -> None:
    state = window_restoration("W08", (4, 4), glass={"red": 1})
    state = assert_legal(state, HandInGlass((GR,)))
    assert state.scored is not None and scored_of(state).parts.penalty == 8
    assert scores(state)[P] == 6  # 7 + 7 - 8


@pytest.mark.rule("E6.3", "E6.4", "R6.16", "R6.18", "R6.13", "A6.8", "G.6")
@pytest.mark.parametrize(
    ("window", "penalty", "raw"), [("W08", 14, 0), ("W16", 18, -2)], ids=["E6.3", "E6.4"]
)
def test_E6_3_E6_4_no_glass(window: str, penalty: int, raw: int) -> None:
    state = window_restoration(window, (4, 4))
    # P holds no glass: nothing to decide, the restoration is scored at once
    assert state.restoring is None
    scored = state.scored
    assert scored is not None
    parts = scored.parts
    assert (parts.fresco, parts.window, parts.bishop, parts.penalty) == (
        7,
        7 if window == "W08" else 9,
        0,
        penalty,
    )
    assert parts.fresco + parts.window + parts.bishop - parts.penalty == raw
    assert scored.points == 0 and scores(state)[P] == 0 and state.track[P] == 0
    assert glaziers_state.glass_of(state) is not None and glass_of(state).held[P] == (0, 0, 0, 0)
    assert state.held[P] == ("F10",)
    assert glass_of(state).openings[2] == window  # (0,2)
    assert window not in glass_of(state).workbench
    assert all(glass_of(state).workbench)  # shifted and refilled
    assert len(glass_of(state).pile) == 18 - 6 - 1
    assert_module_ledgers(state)


# --- E6.5 ----------------------------------------------------------------------------------------


def altar_with_glass(**glass: int) -> State:
    state = with_paints(mgame(GLAZIERS), P, yellow=1, red=1, orange=1)
    state = with_glass(state, P, **glass)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=2)})
    state = assert_legal(state, RestoreAltar((Paint.YELLOW, Paint.RED, Paint.ORANGE)))
    assert state.restoring is not None and restoring_of(state).segment is None
    return state


@pytest.mark.rule("E6.5", "R6.19", "R6.20", "R0.43")
def test_E6_5_altar_with_glass() -> None:
    state = altar_with_glass(yellow=1, blue=1, red=2, green=1)
    assert_illegal(state, HandInGlass((GR, GR)), "R6.19")  # two red tokens
    assert_illegal(state, HandInGlass((GY, GB, GR, GR, GG)), "R6.19")  # a fifth token
    state = assert_legal(state, HandInGlass((GY, GB, GR)))
    assert scores(state)[P] == 6  # 2 + 1 + 3
    assert state.scored is not None and scored_of(state).parts.extra == 3
    assert glaziers_state.glass_of(state) is not None and glass_of(state).reserve == (1, 1, 1, 0)
    assert glass_of(state).held[P] == (0, 0, 1, 1)
    assert_module_ledgers(state)


@pytest.mark.rule("R6.19")
def test_R6_19_all_four_altar_panes() -> None:
    state = assert_legal(
        altar_with_glass(yellow=1, blue=1, red=1, green=1), HandInGlass((GY, GB, GR, GG))
    )
    assert scores(state)[P] == 3 + 4


# --- E6.6 ----------------------------------------------------------------------------------------


@pytest.mark.rule("E6.6", "R6.12", "R6.13", "A6.1", "A6.3", "A6.6")
def test_E6_6_buying_a_window_and_the_shift() -> None:
    state = with_tiles(mgame(GLAZIERS), {(0, 2): "F10"})
    state = with_workbench(state, ("W01", "W02", "W04", "W11", "W05", "W06"))
    state = with_paints(state, P, red=1, yellow=1, green=1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=2)})
    state = script(state, ("window", "W17"))  # the top of the pile is red/green/red
    pile = len(glass_of(state).pile)
    state = assert_legal(state, Restore((0, 2)))
    money = state.money[P]
    state = assert_legal(state, TakeWindow(3))  # yellow/green/yellow
    assert state.money[P] == money - 2
    assert glaziers_state.glass_of(state) is not None
    assert glass_of(state).workbench == ("W01", "W02", "W04", "W05", "W06", "W17")
    assert len(glass_of(state).pile) == pile - 1
    # with no glass handed in the penalty is 2 + 8 + 2 = 12
    assert state.scored is not None and scored_of(state).parts.penalty == 12
    assert window_penalty((GY, GG, GY), ()) == 12
    assert_module_ledgers(state)


# --- E6.7 / E6.8 ---------------------------------------------------------------------------------


@pytest.mark.rule("E6.7", "R6.7", "R6.8", "R6.6", "A6.5")
def test_E6_7_glassworks_planning() -> None:
    state = get_up(mgame(GLAZIERS), EARLY)
    assert state.apprentices[P] == 5
    assert PlaceGlassworks(STUDIO) in legal_actions(state)
    assert_illegal(state, SubmitPlan(market=1), "R6.7")  # the tile is decided first
    covered = assert_legal(state, PlaceGlassworks(STUDIO))
    # no apprentice in the studio column; 5 real apprentices elsewhere
    assert_illegal(covered, SubmitPlan(studio=1), "R6.7")
    plan = SubmitPlan(market=2, cathedral=2, workshop=1)
    assert all(isinstance(a, SubmitPlan) and a.studio == 0 for a in legal_actions(covered))
    covered = assert_legal(covered, plan)
    covered = start_round(covered, {}, {})
    covered = end_turns_until(covered, GLASSWORKS, P)
    assert covered.turn is not None and covered.turn.left == 2  # 5 + 2 = 7 actions in all
    # a third purchase needs a real apprentice on the bottom space
    third = assert_legal(state, PlaceGlassworks(STUDIO, True))
    assert_illegal(third, plan, "R6.8")  # only 4 real apprentices are left
    third = assert_legal(third, SubmitPlan(market=2, cathedral=2))
    third = end_turns_until(start_round(third, {}, {}), GLASSWORKS, P)
    assert third.turn is not None and third.turn.left == 3


@pytest.mark.rule("E6.8", "R6.9")
def test_E6_8_glass_prices() -> None:
    state = with_offer(mgame(GLAZIERS), yellow=2, blue=2, red=2, green=2)
    state = get_up(state, EARLY)
    state = apply(state, PlaceGlassworks(MARKET, True))
    state = start_round(state, {}, {P: SubmitPlan()})
    at(state, GLASSWORKS, P)
    money = state.money[P]
    for glass in (GB, GR, GG):
        state = assert_legal(state, BuyGlass(glass))
    assert state.money[P] == money - 5  # 1 + 2 + 2
    assert glaziers_state.glass_of(state) is not None and glass_of(state).held[P] == (0, 1, 1, 1)
    assert state.turn is None or state.turn.actor != P  # three purchases: the tile is used up
    assert_module_ledgers(state)


# --- E6.9 ----------------------------------------------------------------------------------------


@pytest.mark.rule("E6.9", "R6.25", "A6.11", "R0.76", "R0.77")
def test_E6_9_leonardo_takes_the_price_0_window() -> None:
    state = mgame(GLAZIERS, players=2)
    leo = state.tables.leonardo
    state = with_tiles(state, {(0, 2): "F10"})
    state = with_workbench(state, BENCH)
    state = start_round(state, {0: AT_6, 1: AT_7, leo: AT_5})
    state = evolve(state, leonardo_at=(0, 1), bishop=(1, 2))
    state = end_turns_until(state, CATHEDRAL, leo)
    controller_money = state.money
    state = choose(state, Restore((0, 2)))
    assert leonardo_score(state) == 16  # 7 + 7 + 2, no penalty
    assert state.money == controller_money
    assert glaziers_state.glass_of(state) is not None
    assert glass_of(state).openings[2] == "W08"
    assert glass_of(state).workbench[:5] == BENCH[1:] and glass_of(state).workbench[5] is not None
    assert_module_ledgers(state)


# --- E6.10 / A6.9 --------------------------------------------------------------------------------


def glass_round_change(offer: int, bag: int, reserve: int) -> State:
    """4 players: ``offer`` tokens left in the offer, ``bag`` in the bag, ``reserve`` on the
    reserve board, the rest held by S; then the round ends."""
    state = mgame(GLAZIERS)
    g = glass_of(state)
    assert g is not None
    colours = [c for c in Glass for _ in range((8, 7, 6, 5)[list(Glass).index(c)])]

    def take(n: int) -> tuple[int, ...]:
        got = [colours.pop() for _ in range(n)]
        return tuple(got.count(c) for c in Glass)

    state = glaziers_state.with_glass(
        state,
        evolve(
            g,
            offer=take(offer),
            bag=take(bag),
            reserve=take(reserve),
            held=((0,) * 4, (0,) * 4, (0,) * 4, take(len(colours))),
        ),
    )
    assert_module_ledgers(state)
    return play_out_round(start_round(state, EARLY))


@pytest.mark.rule("E6.10", "R6.22", "R6.23", "A6.9", "G.4")
def test_E6_10_round_change() -> None:
    state = glass_round_change(offer=3, bag=5, reserve=10)
    assert state.round == 2 and glaziers_state.glass_of(state) is not None
    assert sum(glass_of(state).offer) == 8
    # 3 leftovers to the reserve (13); 5 drawn; the 13 poured into the bag; 3 more drawn
    assert sum(glass_of(state).bag) == 10
    assert sum(glass_of(state).reserve) == 0
    draws = [kind for kind, _ in state.chance.log].count("glass")
    assert draws == 8 + 8  # set-up and this preparation
    assert_module_ledgers(state)


@pytest.mark.rule("A6.9", "R6.23")
def test_A6_9_bag_and_reserve_both_short() -> None:
    state = glass_round_change(offer=1, bag=2, reserve=2)
    assert glaziers_state.glass_of(state) is not None
    assert sum(glass_of(state).offer) == 5  # what could be drawn
    assert (sum(glass_of(state).bag), sum(glass_of(state).reserve)) == (0, 0)


# --- E6.11 ---------------------------------------------------------------------------------------


@pytest.mark.rule("E6.11", "R6.10", "A6.5")
def test_E6_11_empty_offer() -> None:
    state = with_offer(mgame(GLAZIERS))
    state = get_up(state, EARLY)
    state = apply(state, PlaceGlassworks(MARKET))
    state = start_round(state, {}, {})
    at(state, GLASSWORKS, P)
    assert legal_actions(state) == (EndTurn(),)
    assert_illegal(state, BuyGlass(GY), "R6.10")
    state = assert_legal(state, EndTurn())
    assert glaziers_state.glass_of(state) is not None and glass_of(state).held[P] == (0, 0, 0, 0)


# --- E6.12 ---------------------------------------------------------------------------------------


@pytest.mark.rule("E6.12", "A5.5", "A6.8", "R6.18", "G.6")
def test_E6_12_floor_with_gilding() -> None:
    state = with_tiles(mgame(GOLD, GLAZIERS), {(0, 1): "F03"})  # blue + red, value 3
    state = with_gold(with_disc(state, Paint.RED), P, 1)
    state = with_workbench(state, ("W16", *BENCH[1:]))
    state = with_paints(state, P, red=1, blue=1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=1)})
    state = evolve(state, bishop=(4, 4))
    state = assert_legal(state, Restore((0, 1)))
    state = assert_legal(state, Gild(True))
    state = assert_legal(state, TakeWindow(0))
    scored = state.scored
    assert scored is not None
    p = scored.parts
    assert (p.fresco, p.bishop, p.gilding, p.window, p.penalty) == (3, 0, 1, 9, 18)
    assert p.fresco + p.bishop + p.gilding + p.window - p.penalty == -5
    assert scored.points == 0 and scores(state)[P] == 0
    assert leaf_gold_state.gold_of(state) is not None and gold_of(state).held[P] == 0


# --- E6.13 / A6.4 --------------------------------------------------------------------------------


def glass_then_cathedral(cover: Location, **options: Any) -> State:
    """P covers ``cover`` with his Glassworks tile, plans 1 cathedral apprentice and will
    restore (0,2) (7-VP window red/green in slot 0); the offer holds red and green."""
    state = with_tiles(mgame(GLAZIERS, **options), {(0, 2): "F10"})
    state = with_offer(with_workbench(state, BENCH), red=1, green=1)
    state = with_paints(state, P, red=1, yellow=1, green=1)
    state = get_up(state, EARLY)
    state = apply(state, PlaceGlassworks(cover))
    return start_round(state, {}, {P: SubmitPlan(cathedral=1)})


@pytest.mark.rule("E6.13", "A6.4", "R6.7")
def test_E6_13_glassworks_in_the_covered_location_slot() -> None:
    # a: P covers the market: glass bought in the market's place, handed in at the cathedral
    state = glass_then_cathedral(MARKET)
    at(state, GLASSWORKS, P)
    state = assert_legal(assert_legal(state, BuyGlass(GR)), BuyGlass(GG))
    at(state, CATHEDRAL, P)
    state = assert_legal(state, Restore((0, 2)))
    state = assert_legal(state, TakeWindow(0))
    state = assert_legal(state, HandInGlass((GR, GG)))
    assert state.scored is not None and scored_of(state).parts.penalty == 0
    # b: P covers the theatre: the glass comes after the cathedral
    late = glass_then_cathedral(THEATRE)
    at(late, CATHEDRAL, P)
    late = assert_legal(late, Restore((0, 2)))
    late = assert_legal(late, TakeWindow(0))
    assert late.scored is not None and scored_of(late).parts.penalty == 14
    late = end_turns_until(late, GLASSWORKS, P)
    late = assert_legal(late, BuyGlass(GR))
    assert glaziers_state.glass_of(late) is not None and glass_of(late).held[P] == (0, 0, 1, 0)


@pytest.mark.rule("A6.4", "R6.6")
def test_A6_4_after_all() -> None:
    state = glass_then_cathedral(MARKET, glassworks_slot=GlassworksSlot.AFTER_ALL)
    at(state, CATHEDRAL, P)  # no visit in the market's place
    state = assert_legal(state, Restore((0, 2)))
    state = assert_legal(state, TakeWindow(0))
    assert state.scored is not None and scored_of(state).parts.penalty == 14
    # the Glassworks is a sixth location, after the theatre
    state = end_turns_until(state, GLASSWORKS, P)
    assert state.step == 5
    from fresco_rules.fresco.flow import location_sequence

    assert location_sequence(state)[-1] is GLASSWORKS


# --- A6.1 / A6.6 / A6.13 -------------------------------------------------------------------------


@pytest.mark.rule("A6.1", "R6.2", "A6.6")
def test_A6_1_workbench_prices() -> None:
    state = with_tiles(mgame(GLAZIERS, workbench_prices=(0, 0, 1, 1, 2, 3)), {(0, 2): "F10"})
    state = with_paints(with_money(state, P, 0), P, red=1, yellow=1, green=1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=1)})
    state = assert_legal(state, Restore((0, 2)))
    # with 0 Thalers two windows are free under (0, 0, 1, 1, 2, 3)
    assert legal_actions(state) == (TakeWindow(0), TakeWindow(1))
    assert_illegal(state, TakeWindow(2), "A6.6")
    bad = [(1, 1, 1, 2, 2, 3), (0, 1, 2), (0, -1, 1, 1, 2, 3)]
    for prices in bad:
        with pytest.raises(InvalidConfig, match=r"A6.1"):
            new_game(GameConfig(modules={GLAZIERS}, workbench_prices=prices))


@pytest.mark.rule("A6.6", "A6.13", "R6.12")
def test_A6_6_with_no_money_the_price_0_window_is_taken() -> None:
    state = with_tiles(mgame(GLAZIERS), {(0, 2): "F10"})
    state = with_workbench(state, BENCH)
    state = with_paints(with_money(state, P, 1), P, red=1, yellow=1, green=1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=2)})
    # A6.13: the paid bishop move is paid first, so only the free window is left: taken at once
    state = assert_legal(state, Restore((0, 2), (1, 2)))
    assert state.money[P] == 0
    assert glaziers_state.glass_of(state) is not None and glass_of(state).openings[2] == "W08"
    assert state.restoring is None and state.scored is not None


# --- A6.2 / R6.11 --------------------------------------------------------------------------------


@pytest.mark.rule("A6.2", "R6.11")
def test_A6_2_window_segments() -> None:
    from fresco_rules.fresco.modules.glaziers import Glaziers

    (rules,) = mgame(GLAZIERS).tables.modules
    assert isinstance(rules, Glaziers)
    assert rules.bordering == WINDOW_CELLS and len(WINDOW_CELLS) == 12
    # no window for a segment that borders none
    state = with_tiles(mgame(GLAZIERS), {(1, 1): "F10"})
    state = with_paints(state, P, red=1, yellow=1, green=1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=1)})
    state = assert_legal(state, Restore((1, 1)))
    assert state.scored is not None and scored_of(state).restoration.window is None
    # a caller's set: the corners and the 8 cells around the centre
    cells: tuple[tuple[int, int], ...] = ((0, 0), (0, 4), (4, 0), (4, 4), (1, 1), (1, 2))
    cells += ((1, 3), (2, 1), (2, 3), (3, 1), (3, 2), (3, 3))
    mine = with_tiles(mgame(GLAZIERS, window_segments=cells), {(1, 1): "F10"})
    mine = with_paints(mine, P, red=1, yellow=1, green=1)
    mine = start_round(mine, EARLY, {P: SubmitPlan(cathedral=1)})
    mine = assert_legal(mine, Restore((1, 1)))
    assert all(isinstance(a, TakeWindow) for a in legal_actions(mine))
    for bad in (cells[:11], (*cells[:11], (2, 2)), (*cells[:11], (0, 0)), (*cells[:11], (5, 0))):
        with pytest.raises(InvalidConfig, match=r"A6.2"):
            new_game(GameConfig(modules={GLAZIERS}, window_segments=bad))


# --- A6.3 ----------------------------------------------------------------------------------------


@pytest.mark.rule("A6.3", "R6.13", "R6.21")
def test_A6_3_end_of_round_refill() -> None:
    state = with_tiles(mgame(GLAZIERS, window_refill=WindowRefill.END_OF_ROUND), {(0, 2): "F10"})
    state = with_workbench(state, BENCH)
    state = with_paints(state, P, red=1, yellow=1, green=1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=2)})
    state = assert_legal(state, Restore((0, 2)))
    state = assert_legal(state, TakeWindow(3))
    assert glaziers_state.glass_of(state) is not None
    # shifted at once, but the dearest slot stays empty
    assert glass_of(state).workbench == ("W08", "W01", "W02", "W04", "W05", None)
    assert sum(token_ledger(state)["window_tiles"].values()) == 18
    state = play_out_round(state)
    assert glaziers_state.glass_of(state) is not None and all(glass_of(state).workbench)


@pytest.mark.rule("A6.3", "R6.12")
def test_A6_3_an_empty_workbench_turns_up_a_window_into_slot_0() -> None:
    state = with_tiles(mgame(GLAZIERS, window_refill=WindowRefill.END_OF_ROUND), {(0, 2): "F10"})
    state = with_workbench(state, (None,) * 6)
    state = with_paints(state, P, red=1, yellow=1, green=1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=2)})
    state = script(state, ("window", "W17"))
    state = assert_legal(state, Restore((0, 2)))  # one window only: taken at once
    assert glaziers_state.glass_of(state) is not None and glass_of(state).openings[2] == "W17"
    assert glass_of(state).workbench == (None,) * 6


# --- A6.7 ----------------------------------------------------------------------------------------


@pytest.mark.rule("A6.7", "R6.15")
def test_A6_7_one_token_per_pane() -> None:
    state = window_restoration("W11", (4, 4), glass={"yellow": 3, "green": 1, "red": 1})
    assert_illegal(state, HandInGlass((GY, GY, GY)), "R6.15")  # a surplus yellow
    assert_illegal(state, HandInGlass((GR,)), "R6.15")  # no red pane
    state = assert_legal(state, HandInGlass((GY, GY)))  # two yellow panes, two yellow tokens
    assert state.scored is not None and scored_of(state).parts.penalty == 8  # green missing


# --- A6.10 ---------------------------------------------------------------------------------------


@pytest.mark.rule("A6.10", "R6.19")
def test_A6_10_altar_window_every_restoration_or_once_per_round() -> None:
    for option, second in (
        (AltarWindow.EVERY_ALTAR_RESTORATION, True),
        (AltarWindow.ALTAR_WINDOW_ONCE_PER_ROUND, False),
    ):
        state = with_paints(mgame(GLAZIERS, altar_window=option), P, red=2, yellow=2, blue=2)
        state = with_glass(state, P, yellow=2)
        state = start_round(state, EARLY, {P: SubmitPlan(cathedral=2)})
        state = assert_legal(state, RestoreAltar((Paint.RED, Paint.YELLOW, Paint.BLUE)))
        state = assert_legal(state, HandInGlass((GY,)))
        assert scores(state)[P] == 3
        state = assert_legal(state, RestoreAltar((Paint.RED, Paint.YELLOW, Paint.BLUE)))
        assert (state.restoring is not None) is second
        if second:
            state = assert_legal(state, HandInGlass((GY,)))
        assert scores(state)[P] == (6 if second else 5)


# --- A6.12 ---------------------------------------------------------------------------------------


@pytest.mark.rule("A6.12", "R6.7", "R0.27")
def test_A6_12_side_2_either_cathedral_column() -> None:
    from .fixtures import keep_first_tiles

    state = keep_first_tiles(mgame(GLAZIERS), 6, S)
    state = play_out_round(start_round(state, EARLY))
    assert state.final and state.side == 2
    state = get_up(state, EARLY)
    covers = {a.location for a in legal_actions(state) if isinstance(a, PlaceGlassworks)}
    assert covers == {None, MARKET, CATHEDRAL, STUDIO, Location.WORKSHOP, Location.CATHEDRAL_2}
    assert_illegal(state, PlaceGlassworks(THEATRE), "R6.7")
    state = assert_legal(state, PlaceGlassworks(Location.CATHEDRAL_2))
    state = assert_legal(state, SubmitPlan(cathedral=2))
    state = end_turns_until(start_round(state, {}, {}), GLASSWORKS, P)
    assert state.step == 4  # in the second cathedral column's place (theatre_slot, A0.7)


# --- A6.14, set-up, the offer, ledgers -----------------------------------------------------------


@pytest.mark.rule("A6.14", "R6.1", "R6.2", "R6.3", "R6.4", "R6.5", "R6.24", "R6.27")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_R6_2_setup(players: int) -> None:
    state = mgame(GLAZIERS, players=players)
    g = glass_of(state)
    assert g is not None
    windows = [outcome for kind, outcome in state.chance.log if kind == "window"]
    assert tuple(windows) == g.workbench  # A6.14: slots 0-5 in the order turned up
    assert len(g.pile) == 12
    assert sum(g.offer) == 2 * players  # R6.24: none for Leonardo
    assert sum(g.bag) == 26 - 2 * players
    assert g.held == ((0, 0, 0, 0),) * players and g.covers == (None,) * players
    ledger = token_ledger(state)
    assert sum(ledger["glass_tokens"].values()) == 26
    assert sum(ledger["window_tiles"].values()) == 18
    box: Counter[Glass] = Counter()
    for counts in (g.bag, g.offer):
        box.update(dict(zip(Glass, counts, strict=True)))
    assert dict(box) == {Glass.YELLOW: 8, Glass.BLUE: 7, Glass.RED: 6, Glass.GREEN: 5}


@pytest.mark.rule("R6.24", "R6.25")
def test_R6_24_leonardo_has_no_glassworks_and_no_glass() -> None:
    state = get_up(mgame(GLAZIERS, players=2), {0: AT_6, 1: AT_7, 2: AT_5})
    leo = state.tables.leonardo
    assert glaziers_state.glass_of(state) is not None and len(glass_of(state).covers) == 2
    state = start_round(state, {}, {})
    assert state.plans[leo] is not None
    assert all(entry >= 0 for entry in state.queue)


@pytest.mark.rule("R6.14", "R6.15")
def test_R6_14_window_tiles_of_the_component_data() -> None:
    from fresco_rules.fresco import default_components

    windows = default_components().modules.glaziers.windows
    assert len(windows) == 18
    for window in windows:
        assert 2 <= len(window.panes) <= 3
        # the provisional formula: VP = half the total penalty (fits W08 = 7 and W16 = 9)
        assert window.vp * 2 == window_penalty(window.panes, ())
    named = {w.id: (w.panes, w.vp) for w in windows}
    assert named["W08"] == ((GR, GG), 7)
    assert named["W16"] == ((GG, GY, GG), 9)
    assert named["W11"][0] == (GY, GG, GY) and named["W17"][0] == (GR, GG, GR)


@pytest.mark.rule("R6.26", "A6.13", "R5.6", "R6.12", "R6.15")
def test_R6_26_order_of_a_window_restoration() -> None:
    state = with_tiles(mgame(GOLD, GLAZIERS), {(0, 2): "F10"})
    state = with_gold(with_disc(state, Paint.YELLOW), P, 1)
    state = with_glass(with_workbench(state, BENCH), P, red=1)
    state = with_paints(state, P, red=1, yellow=1, green=1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=1)})
    money = state.money[P]
    state = assert_legal(state, Restore((0, 2), (1, 2)))  # 1. the paid bishop move
    assert state.money[P] == money - 1 and state.bishop == (1, 2)
    assert legal_actions(state) == (Gild(True), Gild(False))  # 2. paints, leaf gold
    assert_illegal(state, TakeWindow(0), "R6.12")
    assert_illegal(state, EndTurn(), "R5.6")
    state = assert_legal(state, Gild(True))
    assert all(isinstance(a, TakeWindow) for a in legal_actions(state))  # 3. window...
    state = assert_legal(state, TakeWindow(0))
    assert legal_actions(state) == (HandInGlass(()), HandInGlass((GR,)))  # ...then glass
    state = assert_legal(state, HandInGlass((GR,)))
    scored = state.scored  # 4. score: 7 + 7 + 2 + 2 - 8
    assert scored is not None and scored.points == 10
    assert state.bishop == (0, 2) and state.held[P] == ("F10",)  # 5.
    assert (
        glaziers_state.glass_of(state) is not None and glass_of(state).workbench[:5] == BENCH[1:]
    )  # 6.


@pytest.mark.rule("R6.9", "R0.31")
def test_R6_9_glass_costs_money() -> None:
    state = with_money(with_offer(mgame(GLAZIERS), red=1, blue=1), P, 1)
    state = get_up(state, EARLY)
    state = apply(state, PlaceGlassworks(MARKET))
    state = start_round(state, {}, {})
    at(state, GLASSWORKS, P)
    assert legal_actions(state) == (BuyGlass(GB), EndTurn())
    assert_illegal(state, BuyGlass(GR), "R0.31")
    assert_illegal(state, BuyGlass(GY), "R6.9")


@pytest.mark.rule("R6.21", "R6.7")
def test_R6_21_glassworks_tiles_come_back_each_round() -> None:
    state = get_up(mgame(GLAZIERS), EARLY)
    state = apply(state, PlaceGlassworks(STUDIO))
    state = play_out_round(start_round(state, {}, {}))
    assert state.round == 2 and glaziers_state.glass_of(state) is not None
    assert glass_of(state).covers == (None, None, None, None)
    state = get_up(state, EARLY)
    assert PlaceGlassworks(MARKET) in legal_actions(state)
    assert player_view(state, Q)["glassworks"] == (None, None, None, None)


@pytest.mark.rule("R6.27", "R6.13")
def test_R6_27_the_pile_empties_with_the_last_opening() -> None:
    state = mgame(GLAZIERS)
    g = glass_of(state)
    assert g is not None
    openings: list[str | None] = [None] * 25
    pile = list(g.pile)
    for r, c in sorted(WINDOW_CELLS)[:11]:
        openings[r * 5 + c] = pile.pop()
    state = glaziers_state.with_glass(state, evolve(g, openings=tuple(openings), pile=tuple(pile)))
    assert len(pile) == 1
    assert_module_ledgers(state)
    last = sorted(WINDOW_CELLS)[11]
    state = with_tiles(state, {last: "F10"})
    state = with_paints(state, P, red=1, yellow=1, green=1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=1)})
    state = assert_legal(state, Restore(last))
    state = assert_legal(state, TakeWindow(0))
    assert glaziers_state.glass_of(state) is not None
    assert glass_of(state).pile == () and all(glass_of(state).workbench)
    assert all(glass_of(state).openings[r * 5 + c] for r, c in WINDOW_CELLS)
    assert sum(1 for seg in SEGMENTS if glass_of(state).openings[seg[0] * 5 + seg[1]]) == 12
    assert_module_ledgers(state)


@pytest.mark.rule("R6.8", "E6.8")
def test_R6_8_at_most_three_purchases() -> None:
    state = with_offer(mgame(GLAZIERS), yellow=4)
    state = get_up(state, EARLY)
    state = apply(state, PlaceGlassworks(MARKET))
    state = start_round(state, {}, {Q: SubmitPlan(market=1)})
    at(state, GLASSWORKS, P)
    state = assert_legal(assert_legal(state, BuyGlass(GY)), BuyGlass(GY))
    # two printed apprentices: two purchases, then the next turn
    at(state, MARKET, Q)
    assert glaziers_state.glass_of(state) is not None and glass_of(state).held[P] == (2, 0, 0, 0)
