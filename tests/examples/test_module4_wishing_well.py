"""Module 4, the Wishing Well: worked examples E4.1-E4.12 with the rulebook's numbers, every
option A4.x under every value, and rules R4.1-R4.16.

Common fixture: 4 players P (seat 0, S1), Q (seat 1), R (seat 2) and S (seat 3), the default
component data, every player with 3 lucky pennies (R4.2).
"""

from __future__ import annotations

from typing import Any

import pytest
from attrs import evolve

from fresco_rules.fresco import (
    AlchemyInputs,
    BishopVisit,
    Blend,
    BuyTile,
    BuyWishingCard,
    ChooseGetUp,
    CloseBooth,
    EarnStudio,
    EndTurn,
    GameConfig,
    Gild,
    Location,
    Paint,
    Phase,
    PlacePennies,
    Praise,
    Restore,
    RestoreAltar,
    SkipStreetMusician,
    State,
    SubmitPlan,
    UseAlchemy,
    UseBishopsPraise,
    UseBishopsVisit,
    UseFreePaints,
    UseLuckyFellow,
    UseReward,
    UseStreetMusician,
    UseTip,
    WishingPurchase,
    apply,
    legal_actions,
    money_points,
    player_view,
    scores,
    token_ledger,
)
from fresco_rules.fresco.modules import leaf_gold_state, wishing_well_state
from fresco_rules.fresco.modules.wishing_well_data import WELL_DATA
from fresco_rules.fresco.turns import planner

from .fixtures import (
    AT_5,
    AT_6,
    AT_7,
    AT_8,
    AT_9,
    BOOTH_I,
    BOOTH_II,
    assert_illegal,
    assert_legal,
    at,
    keep_first_tiles,
    paints,
    with_booth,
    with_money,
    with_paints,
    with_tiles,
)
from .module_fixtures import (
    GOLD,
    WELL,
    assert_module_ledgers,
    choose,
    end_turns_until,
    get_up,
    gold_of,
    mgame,
    play_out_round,
    scored_of,
    script,
    start_round,
    well_of,
    with_disc,
    with_gold,
    with_hand,
    with_pennies,
)

P, Q, R, S = 0, 1, 2, 3
PR, PY, PB = Paint.RED, Paint.YELLOW, Paint.BLUE
PO, PG, PP = Paint.ORANGE, Paint.GREEN, Paint.PURPLE
EARLY = {P: AT_6, Q: AT_7, R: AT_8, S: AT_9}
"""Get-up times giving order B = P, Q, R, S."""
MARKET, CATHEDRAL = Location.MARKET, Location.CATHEDRAL
STUDIO, WORKSHOP, THEATRE = Location.STUDIO, Location.WORKSHOP, Location.THEATRE


def card_kinds(state_hand: tuple[str, ...]) -> list[str]:
    return [face.partition(":")[0] for face in state_hand]


# --- E4.1 ----------------------------------------------------------------------------------------


@pytest.mark.rule("E4.1", "R4.2", "R4.3")
def test_E4_1_pennies_on_the_market_symbol() -> None:
    state = get_up(mgame(WELL), EARLY)
    assert wishing_well_state.well_of(state) is not None
    assert well_of(state).pennies == (3, 3, 3, 3)
    assert state.apprentices[P] == 5
    state = assert_legal(state, SubmitPlan(market=3))
    # P is asked for his pennies right after his plan: 0, 1 or 2.
    assert planner(state) == P
    assert legal_actions(state) == (PlacePennies(0), PlacePennies(1), PlacePennies(2))
    assert_illegal(state, PlacePennies(3), "R4.3")
    state = assert_legal(state, PlacePennies(2))
    assert (well_of(state).pennies[P], well_of(state).symbol[P]) == (1, 2)
    # Q plans no market apprentice: he is asked too (who moves is public, A4.10), but a penny
    # for him is refused and 0 is his only answer.
    state = assert_legal(state, SubmitPlan(cathedral=1, studio=1))
    assert planner(state) == Q
    assert legal_actions(state) == (PlacePennies(0),)
    assert_illegal(state, PlacePennies(1), "R4.3")
    state = assert_legal(state, PlacePennies(0))
    assert planner(state) == R
    assert (well_of(state).pennies[Q], well_of(state).symbol[Q]) == (3, 0)
    assert_illegal(state, PlacePennies(1), "R4.3")
    assert not any(isinstance(a, PlacePennies) for a in legal_actions(state))
    assert_module_ledgers(state)


# --- E4.2 ----------------------------------------------------------------------------------------


def market_with_pennies(pennies: dict[int, int], **options: Any) -> State:
    """Round 1 with a market apprentice and ``pennies[seat]`` on the symbol for those seats,
    order B = P, Q, R, S; the first market turn follows."""
    state = mgame(WELL, **options)
    plans = {seat: SubmitPlan(market=1) for seat in pennies}
    return start_round(state, EARLY, plans, pennies=pennies)


@pytest.mark.rule("R4.6")
def test_R4_6_no_card_once_the_well_is_full() -> None:
    """The refusal the regenerated refusal catalogues no longer meet by chance (issue 22)."""
    state = market_with_pennies({P: 2})
    at(state, MARKET, P)
    capacity = WELL_DATA.of(state.config.components).well_capacity
    state = wishing_well_state.with_well(state, evolve(well_of(state), well=capacity))
    problem = assert_illegal(state, BuyWishingCard(), "R4.6")
    assert (problem.seat, problem.where) == (P, state.where())
    assert problem.reason == "the well is full: no more cards this round"


@pytest.mark.rule("R4.12")
def test_R4_12_a_pictured_tile_is_named_by_its_id() -> None:
    state = market_with_pennies({P: 2})
    problem = assert_illegal(state, UseFreePaints(7), "R4.12", malformed=True)  # type: ignore[arg-type]
    assert (problem.seat, problem.where) == (P, state.where())
    assert problem.reason == "a pictured tile is a market tile id: 7"


@pytest.mark.rule("E4.2", "R4.4", "R4.6", "A4.1", "A4.2", "R4.9")
def test_E4_2_buying_a_card() -> None:
    state = market_with_pennies({P: 2})
    at(state, MARKET, P)
    assert wishing_well_state.well_of(state) is not None and well_of(state).well == 0
    state = script(state, ("wishing_card", "tip"))  # the top card of the deck is a Tip
    state = assert_legal(state, BuyWishingCard())
    assert well_of(state).well == 1
    assert well_of(state).hands[P] == ("tip",)
    assert well_of(state).symbol[P] == 1
    assert len(well_of(state).deck) == 19
    # the card is hidden from the other players
    assert player_view(state, Q)["cards"] == (None, (), None, None)
    assert player_view(state, P)["cards"] == (("tip",), None, None, None)
    # default A4.1: P may throw the second penny too: the well holds 2, P draws the next card
    both = assert_legal(state, BuyWishingCard())
    assert wishing_well_state.well_of(both) is not None
    assert (well_of(both).well, len(well_of(both).hands[P]), well_of(both).symbol[P]) == (2, 2, 0)
    # at the end of P's market turn the penny still on his symbol goes back behind his screen
    after = apply(state, BuyTile(BOOTH_I, 0))
    assert wishing_well_state.well_of(after) is not None
    assert after.turn is None or after.turn.actor != P
    assert (well_of(after).symbol[P], well_of(after).pennies[P]) == (0, 2)
    assert_module_ledgers(after)


# --- E4.3 ----------------------------------------------------------------------------------------


@pytest.mark.rule("E4.3", "R4.12", "R4.9")
def test_E4_3_tip() -> None:
    state = with_pennies(with_hand(mgame(WELL), P, "tip"), P, 0)
    state = with_money(state, P, 5)
    state = start_round(state, EARLY, {P: SubmitPlan(studio=1)})
    at(state, STUDIO, P)
    assert UseTip() in legal_actions(state)
    state = assert_legal(state, UseTip())
    state = assert_legal(state, EarnStudio())
    assert state.money[P] == 9  # 5 + 3 + 1
    assert wishing_well_state.well_of(state) is not None
    assert well_of(state).pennies[P] == 1  # taken from the supply
    assert well_of(state).used == ("tip",)
    assert well_of(state).hands[P] == ()
    assert_module_ledgers(state)


# --- E4.4 / E4.5 ---------------------------------------------------------------------------------


@pytest.mark.rule("E4.4", "E4.5", "R4.6", "R4.13", "A4.2")
def test_E4_4_full_well_and_E4_5_next_round() -> None:
    state = market_with_pennies({P: 1, Q: 1, R: 1})
    state = script(state, ("wishing_card", "reward"), ("wishing_card", "alchemy"))
    at(state, MARKET, P)
    state = apply(apply(state, BuyWishingCard()), EndTurn())
    at(state, MARKET, Q)
    assert wishing_well_state.well_of(state) is not None and well_of(state).symbol[R] == 1
    state = assert_legal(state, BuyWishingCard())  # Q throws the second penny
    # R's penny goes back behind R's screen at once; R cannot buy a card
    assert well_of(state).well == 2
    assert (well_of(state).symbol[R], well_of(state).pennies[R]) == (0, 3)
    state = apply(state, EndTurn())
    at(state, MARKET, R)
    assert_illegal(state, BuyWishingCard(), "R4.6")
    assert BuyWishingCard() not in legal_actions(state)
    supply = well_of(state).supply
    # E4.5: after round preparation the well is empty and its 2 pennies are in the supply
    state = play_out_round(state)
    assert state.round == 2 and wishing_well_state.well_of(state) is not None
    assert well_of(state).well == 0
    assert well_of(state).supply == supply + 2
    assert_module_ledgers(state)


# --- E4.6 ----------------------------------------------------------------------------------------


@pytest.mark.rule("E4.6", "R4.14")
def test_E4_6_pennies_become_thalers_before_final_scoring() -> None:
    state = with_pennies(mgame(WELL), P, 4)
    state = keep_first_tiles(state, 6, S)
    state = play_out_round(start_round(state, EARLY))  # round 2 is the final round
    assert state.final and wishing_well_state.well_of(state) is not None
    assert well_of(state).pennies[P] == 4
    money = state.money
    supply = well_of(state).supply
    state = play_out_round(start_round(state, {P: AT_5, Q: AT_7, R: AT_8, S: AT_9}))
    assert state.phase is Phase.OVER
    assert state.money[P] == money[P] + 4
    assert state.money[Q] == money[Q] + 3
    assert wishing_well_state.well_of(state) is not None
    assert well_of(state).pennies == (0, 0, 0, 0)
    assert well_of(state).supply == supply + 4 + 3 * 3
    # P converts first in order B (5:00): 16 Thalers -> 8 VP
    assert money[P] + 4 == 16
    assert scores(state)[P] == money_points(16) == 8
    assert_module_ledgers(state)


# --- E4.7 ----------------------------------------------------------------------------------------


@pytest.mark.rule("E4.7", "R4.8")
def test_E4_7_one_card_per_apprentice() -> None:
    state = with_hand(mgame(WELL), P, "tip", "tip")
    state = start_round(state, EARLY, {P: SubmitPlan(studio=1)})
    at(state, STUDIO, P)
    state = assert_legal(state, UseTip())
    assert UseTip() not in legal_actions(state)
    assert_illegal(state, UseTip(), "R4.8")
    state = assert_legal(state, EarnStudio())
    assert wishing_well_state.well_of(state) is not None and well_of(state).hands[P] == ("tip",)
    # with 2 studio apprentices both Tips can be used
    two = with_hand(mgame(WELL), P, "tip", "tip")
    two = start_round(two, EARLY, {P: SubmitPlan(studio=2)})
    two = assert_legal(assert_legal(two, UseTip()), UseTip())
    assert wishing_well_state.well_of(two) is not None and well_of(two).hands[P] == ()


# --- E4.8 ----------------------------------------------------------------------------------------


@pytest.mark.rule("E4.8", "R4.11", "A4.9", "R0.24")
def test_E4_8_street_musician() -> None:
    state = with_hand(mgame(WELL), P, "street_musician", "street_musician")
    assert state.order[0] == P and state.mood[P] == 4
    state = apply(state, ChooseGetUp(AT_5))  # 5:00: mood -3
    assert state.mood[P] == 1 and state.apprentices[P] == 4
    # right after his own get-up, P decides on the Street Musician; nobody else acts meanwhile
    assert legal_actions(state) == (UseStreetMusician(), SkipStreetMusician())
    assert_illegal(state, ChooseGetUp(AT_6), "R4.11")
    state = assert_legal(state, UseStreetMusician())
    assert state.mood[P] == 2
    assert state.apprentices[P] == 5  # read after the musician: the "-1" zone is left
    # a second Street Musician in the same round is illegal
    assert_illegal(state, UseStreetMusician(), "R4.11")
    state = get_up(state, {Q: AT_6, R: AT_7, S: AT_8})
    assert state.phase is Phase.PLAN
    assert_illegal(state, UseStreetMusician(), "R4.11")
    assert wishing_well_state.well_of(state) is not None and well_of(state).hands[P] == (
        "street_musician",
    )


@pytest.mark.rule("R4.11")
def test_R4_11_keeping_the_street_musician() -> None:
    state = with_hand(mgame(WELL), P, "street_musician")
    state = assert_legal(apply(state, ChooseGetUp(AT_9)), SkipStreetMusician())
    assert state.mood[P] == 5
    assert wishing_well_state.well_of(state) is not None and well_of(state).hands[P] == (
        "street_musician",
    )
    # players without the card are never asked
    state = get_up(state, {Q: AT_5, R: AT_6, S: AT_7})
    assert state.phase is Phase.PLAN


# --- E4.9 / A4.5 ---------------------------------------------------------------------------------


def praised(bishop: tuple[int, int], **options: Any) -> int:
    """P plays Bishop's Praise and restores a value-5 tile at (1,1) with the bishop at
    ``bishop``; the VP gained."""
    state = with_tiles(mgame(WELL, **options), {(1, 1): "F04"})
    assert state.tables.fresco_value["F04"] == 5
    state = with_paints(with_hand(state, P, "bishops_praise"), P, red=1, yellow=1, blue=1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=1)})
    state = evolve(state, bishop=bishop)
    at(state, CATHEDRAL, P)
    state = assert_legal(state, UseBishopsPraise())
    state = assert_legal(state, Restore((1, 1)))
    assert state.scored is not None and scored_of(state).restoration.praise
    return scores(state)[P]


@pytest.mark.rule("E4.9", "A4.5", "R4.12", "G.6")
def test_E4_9_bishops_praise_far_from_the_bishop() -> None:
    assert praised((3, 3)) == 6  # default: 5 + (0 + 1)
    assert praised((3, 3), praise=Praise.PRAISE_IF_POSITIVE) == 5
    assert praised((1, 1)) == 9  # 5 + 3 + 1


@pytest.mark.rule("A4.5")
def test_A4_5_praise_if_positive_adds_to_a_bonus_of_2() -> None:
    assert praised((2, 2), praise=Praise.PRAISE_IF_POSITIVE) == 5 + 2 + 1
    assert praised((2, 2), praise=Praise.ALWAYS) == 5 + 2 + 1
    assert praised((1, 1), praise=Praise.PRAISE_IF_POSITIVE) == 5 + 3 + 1


# --- E4.10 / A4.7 --------------------------------------------------------------------------------


@pytest.mark.rule("E4.10", "A4.7", "R4.12", "R4.9")
def test_E4_10_alchemy() -> None:
    state = with_paints(with_hand(mgame(WELL), P, "alchemy"), P, red=4, yellow=2, blue=1)
    state = start_round(state, EARLY, {P: SubmitPlan(workshop=1)})
    at(state, WORKSHOP, P)
    state = assert_legal(state, Blend(PO))
    state = assert_legal(state, Blend(PG))
    # both blends used, but the turn stays open for the card
    assert state.turn is not None and state.turn.left == 0
    at(state, WORKSHOP, P)
    state = assert_legal(state, UseAlchemy((PR, PR, PR), PP))
    assert paints(state, P) == {"orange": 1, "green": 1, "purple": 1}
    assert state.turn is None or state.turn.actor != P
    # one_of_each: red, red, red is illegal
    strict = with_hand(mgame(WELL, alchemy_inputs=AlchemyInputs.ONE_OF_EACH), P, "alchemy")
    strict = with_paints(strict, P, red=4, yellow=2, blue=1)
    strict = start_round(strict, EARLY, {P: SubmitPlan(workshop=1)})
    assert_illegal(strict, UseAlchemy((PR, PR, PR), PP), "A4.7")
    alchemy = [a for a in legal_actions(strict) if isinstance(a, UseAlchemy)]
    assert {a.paints for a in alchemy} == {(PR, PY, PB)}
    strict = assert_legal(strict, UseAlchemy((PB, PY, PR), PG))
    assert paints(strict, P) == {"red": 3, "yellow": 1, "green": 1}


# --- E4.11 ---------------------------------------------------------------------------------------


def free_paints_market(
    *cards: str, booth_ii: tuple[str, str, str], booth_i: tuple[str, str, str] | None = None
) -> State:
    state = with_booth(mgame(WELL), BOOTH_II, booth_ii)
    if booth_i is not None:
        state = with_booth(state, BOOTH_I, booth_i)
    state = with_paints(with_hand(state, P, *cards), P)
    market = 2 if booth_i is not None else 1
    state = start_round(state, {P: AT_7, Q: AT_8, R: AT_9, S: AT_6}, {P: SubmitPlan(market=market)})
    at(state, MARKET, P)
    return state


@pytest.mark.rule("E4.11", "R4.12", "A4.8")
def test_E4_11_free_paints() -> None:
    state = free_paints_market("free_paints:M11", booth_ii=("M06", "M10", "M11"))
    labels = state.tables.market_labels
    assert [labels[t] for t in ("M06", "M10", "M11")] == [
        "red + yellow",
        "2 blue + yellow",
        "1 orange",
    ]
    assert UseFreePaints("M11") not in legal_actions(state)  # nothing bought yet
    state = assert_legal(state, BuyTile(BOOTH_II, 1))
    state = assert_legal(state, UseFreePaints("M11"))
    assert state.money[P] == 12 - 2
    assert paints(state, P) == {"blue": 2, "yellow": 1, "orange": 1}
    assert wishing_well_state.well_of(state) is not None and well_of(state).used == (
        "free_paints:M11",
    )
    assert_module_ledgers(state)


@pytest.mark.rule("E4.11", "R4.12")
def test_E4_11_free_paints_not_when_closing_or_in_another_booth() -> None:
    # closing the booth (a Lucky Fellow keeps the turn open): illegal
    state = free_paints_market("free_paints:M11", "lucky_fellow", booth_ii=("M06", "M10", "M11"))
    state = assert_legal(state, CloseBooth(BOOTH_II))
    at(state, MARKET, P)
    problem = assert_illegal(state, UseFreePaints("M11"), "R4.12")
    assert "closing" in problem.reason
    # the pictured tile lies in another booth: illegal
    other = free_paints_market(
        "free_paints:M11", booth_ii=("M06", "M10", "M07"), booth_i=("M11", "M04", "M08")
    )
    other = assert_legal(other, BuyTile(BOOTH_II, 1))  # a second apprentice keeps the turn
    at(other, MARKET, P)
    problem = assert_illegal(other, UseFreePaints("M11"), "R4.12")
    assert "booth II" in problem.reason
    assert UseFreePaints("M11") not in legal_actions(other)


# --- E4.12 / A4.1 --------------------------------------------------------------------------------


@pytest.mark.rule("E4.12", "A4.1", "R4.6")
def test_E4_12_all_for_one() -> None:
    state = market_with_pennies({P: 2, Q: 1}, wishing_purchase=WishingPurchase.ALL_FOR_ONE)
    at(state, MARKET, P)
    assert wishing_well_state.well_of(state) is not None and well_of(state).well == 0
    state = assert_legal(state, BuyWishingCard())
    assert well_of(state).well == 2
    assert len(well_of(state).hands[P]) == 1  # exactly one card for both pennies
    assert well_of(state).symbol == (0, 0, 0, 0)
    assert well_of(state).pennies[Q] == 3  # Q's penny came back
    state = end_turns_until(state, MARKET, Q)
    assert_illegal(state, BuyWishingCard(), "R4.6")


@pytest.mark.rule("A4.1")
def test_A4_1_all_for_one_needs_room_for_every_penny() -> None:
    state = market_with_pennies({P: 1, Q: 2}, wishing_purchase=WishingPurchase.ALL_FOR_ONE)
    state = apply(apply(state, BuyWishingCard()), EndTurn())
    at(state, MARKET, Q)
    assert wishing_well_state.well_of(state) is not None and well_of(state).well == 1
    assert_illegal(state, BuyWishingCard(), "A4.1")
    # one_per_penny: Q may throw one of his two
    default = market_with_pennies({P: 1, Q: 2})
    default = apply(apply(default, BuyWishingCard()), EndTurn())
    default = assert_legal(default, BuyWishingCard())
    assert wishing_well_state.well_of(default) is not None
    assert (well_of(default).well, len(well_of(default).hands[Q]), well_of(default).pennies[Q]) == (
        2,
        1,
        2,
    )


@pytest.mark.rule("A4.2", "R4.6")
def test_A4_2_pennies_not_thrown_go_back_at_the_end_of_the_market_turn() -> None:
    state = market_with_pennies({P: 2})
    assert wishing_well_state.well_of(state) is not None and well_of(state).pennies[P] == 1
    state = apply(state, EndTurn())
    assert wishing_well_state.well_of(state) is not None
    assert (well_of(state).symbol[P], well_of(state).pennies[P]) == (0, 3)


@pytest.mark.rule("A4.3", "R4.4", "R4.5")
def test_A4_3_a_card_needs_a_market_apprentice_but_uses_none() -> None:
    state = market_with_pennies({P: 1})
    assert state.turn is not None and state.turn.left == 1
    state = assert_legal(state, BuyWishingCard())
    assert state.turn is not None and state.turn.left == 1
    # R4.5: then the market action (or forfeit it); no card after the market action
    assert BuyTile(BOOTH_I, 0) in legal_actions(state)
    assert EndTurn() in legal_actions(state)


@pytest.mark.rule("R4.4", "R4.5")
def test_R4_4_cards_only_at_the_start_of_the_market_turn() -> None:
    state = market_with_pennies({P: 2})
    state = with_hand(state, P, "lucky_fellow")  # keeps the turn open after buying
    state = assert_legal(state, BuyTile(BOOTH_I, 0))
    at(state, MARKET, P)
    assert_illegal(state, BuyWishingCard(), "R4.4")


@pytest.mark.rule("A4.4", "R4.16")
def test_A4_4_exhaustion() -> None:
    state = market_with_pennies({P: 1})
    assert wishing_well_state.well_of(state) is not None
    state = wishing_well_state.with_well(
        state, evolve(well_of(state), deck=(), used=well_of(state).deck)
    )
    assert_illegal(state, BuyWishingCard(), "A4.4")
    # the penny supply is finite: a Lucky Fellow gives what remains
    lucky = with_hand(market_with_pennies({P: 1}), P, "lucky_fellow")
    assert wishing_well_state.well_of(lucky) is not None
    spare = well_of(lucky).supply - 1
    lucky = wishing_well_state.with_well(
        lucky,
        evolve(well_of(lucky), supply=1, pennies=(well_of(lucky).pennies[0] + spare, 3, 3, 3)),
    )
    before = well_of(lucky).pennies[P]
    lucky = assert_legal(lucky, UseLuckyFellow())
    assert wishing_well_state.well_of(lucky) is not None
    assert (well_of(lucky).pennies[P], well_of(lucky).supply) == (before + 1, 0)
    assert_module_ledgers(lucky)


# --- A4.6 ----------------------------------------------------------------------------------------


def cathedral_with(*cards: str, apprentices: int = 1, **options: Any) -> State:
    state = with_tiles(mgame(WELL, **options), {(1, 1): "F04", (3, 3): "F01"})
    state = with_paints(with_hand(state, P, *cards), P, red=2, yellow=2, blue=1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=apprentices)})
    at(state, CATHEDRAL, P)
    return state


@pytest.mark.rule("A4.6", "R4.12")
def test_A4_6_visit_just_before_a_restoration() -> None:
    state = cathedral_with("bishops_visit", bishop_visit=BishopVisit.BEFORE_RESTORATION)
    assert state.bishop == (2, 2)
    money = state.money[P]
    state = assert_legal(state, UseBishopsVisit((1, 1)))
    assert state.bishop == (1, 1) and state.money[P] == money  # free of charge
    # the next action must be a segment restoration
    assert all(isinstance(a, Restore) for a in legal_actions(state))
    assert_illegal(state, EndTurn(), "A4.6")
    assert_illegal(state, RestoreAltar((PR, PY, PB)), "A4.6")
    # combined with the paid one-step move: visit to (1,1), then pay to move to (0,0)... or not
    paid = assert_legal(state, Restore((1, 1), (1, 2)))
    assert scores(paid)[P] == 5 + 2
    state = assert_legal(state, Restore((1, 1)))
    assert scores(state)[P] == 5 + 3  # the visited position counts for this restoration


@pytest.mark.rule("A4.6")
def test_A4_6_visit_any_time() -> None:
    assert GameConfig().bishop_visit is BishopVisit.VISIT_ANY_TIME  # the default (2026-12)
    state = cathedral_with("bishops_visit")
    state = assert_legal(state, Restore((3, 3)))  # the only apprentice restores first
    # the turn stays open for the card, which may now move the bishop away
    at(state, CATHEDRAL, P)
    assert state.bishop == (3, 3)
    state = assert_legal(state, UseBishopsVisit((0, 0)))
    assert state.bishop == (0, 0)
    # no restoration is owed; under before_restoration the turn ends with the restoration
    before = cathedral_with("bishops_visit", bishop_visit=BishopVisit.BEFORE_RESTORATION)
    before = assert_legal(before, Restore((3, 3)))
    assert before.turn is None or before.turn.actor != P
    anytime = cathedral_with("bishops_visit", apprentices=2)
    anytime = assert_legal(anytime, UseBishopsVisit((4, 4)))
    assert EndTurn() in legal_actions(anytime)
    assert RestoreAltar((PR, PY, PB)) in legal_actions(anytime)  # a visit before the altar
    altar = assert_legal(anytime, RestoreAltar((PR, PY, PB)))
    assert altar.bishop == (4, 4)


@pytest.mark.rule("R4.8", "A4.5", "A4.6")
def test_R4_8_one_card_per_restoration() -> None:
    state = cathedral_with(
        "bishops_visit",
        "bishops_praise",
        apprentices=2,
        bishop_visit=BishopVisit.BEFORE_RESTORATION,
    )
    state = assert_legal(state, UseBishopsVisit((1, 1)))
    assert_illegal(state, UseBishopsPraise(), "A4.6")  # the visit waits for a restoration
    state = assert_legal(state, Restore((1, 1)))
    state = assert_legal(state, UseBishopsPraise())  # the second apprentice's card
    state = assert_legal(state, Restore((3, 3)))
    assert scores(state)[P] == (5 + 3) + (3 + 0 + 1)


# --- A4.8 ----------------------------------------------------------------------------------------


def free_tile_in_golden_slot(**options: Any) -> int:
    """4 players, modules 4 + 5: the Free Paints tile M11 lies in booth III slot 2, the slot a
    golden-tile arrow points at (1 leaf gold); P buys another tile of booth III and plays the
    card; the leaf gold P gets."""
    state = mgame(WELL, GOLD, **options)
    state = with_booth(state, 2, ("M06", "M10", "M11"))
    state = with_hand(state, P, "free_paints:M11")
    state = start_round(state, EARLY, {P: SubmitPlan(market=1)})
    state = assert_legal(state, BuyTile(2, 0))
    state = assert_legal(state, UseFreePaints("M11"))
    assert leaf_gold_state.gold_of(state) is not None
    return gold_of(state).held[P]


@pytest.mark.rule("A4.8", "R5.5")
def test_A4_8_a_free_tile_gives_no_leaf_gold_by_default() -> None:
    from fresco_rules.fresco import FreeTileGold

    assert free_tile_in_golden_slot() == 0
    assert free_tile_in_golden_slot(free_tile_gold=FreeTileGold.FREE_TILE_GETS_GOLD) == 1


# --- A4.9 / A4.10 --------------------------------------------------------------------------------


@pytest.mark.rule("A4.9", "R4.11", "R0.22")
def test_A4_9_street_musician_on_the_top_row() -> None:
    state = with_hand(mgame(WELL), P, "street_musician")
    state = evolve(state, mood=(7, 4, 4, 4))
    state = apply(state, ChooseGetUp(AT_9))  # +1: row 8
    assert state.mood[P] == 8
    state = assert_legal(state, UseStreetMusician())  # allowed, no effect
    assert state.mood[P] == 8 and state.apprentices[P] == 6
    assert wishing_well_state.well_of(state) is not None and well_of(state).used == (
        "street_musician",
    )


@pytest.mark.rule("A4.10", "R0.68")
def test_A4_10_cards_and_pennies_are_hidden() -> None:
    state = with_hand(mgame(WELL), Q, "tip")
    state = get_up(state, EARLY)
    state = apply(state, SubmitPlan(market=1))
    state = apply(state, PlacePennies(2))
    view = player_view(state, Q)
    assert view["pennies"] == (None, 3, None, None)
    assert view["cards"] == (None, ("tip",), None, None)
    assert view["symbol"] == (None, 0, None, None)  # P's pennies hidden while planning
    assert player_view(state, P)["symbol"] == (2, None, None, None)
    state = start_round(state, {}, {})  # the others plan nothing: plans are revealed
    assert player_view(state, Q)["symbol"] == (2, 0, 0, 0)


# --- the other rules -----------------------------------------------------------------------------


@pytest.mark.rule("R4.1", "R4.2", "R4.15", "R4.16")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_R4_1_setup(players: int) -> None:
    state = mgame(WELL, players=players)
    w = well_of(state)
    assert w is not None
    assert w.pennies == (3,) * players  # R4.15: Leonardo gets none
    assert w.supply == 20 - 3 * players
    assert (w.well, len(w.deck), w.used) == (0, 20, ())
    kinds = card_kinds(w.deck)
    assert {kind: kinds.count(kind) for kind in set(kinds)} == {
        "lucky_fellow": 3,
        "free_paints": 3,
        "bishops_visit": 2,
        "bishops_praise": 2,
        "tip": 3,
        "alchemy": 2,
        "reward": 2,
        "street_musician": 3,
    }
    assert sorted(f for f in w.deck if f.startswith("free_paints")) == [
        "free_paints:M06",
        "free_paints:M11",
        "free_paints:M12",
    ]
    ledger = token_ledger(state)
    assert sum(ledger["lucky_pennies"].values()) == 20
    assert sum(ledger["wishing_cards"].values()) == 20


@pytest.mark.rule("R4.15", "R0.75")
def test_R4_15_leonardo_never_buys_or_uses_cards() -> None:
    state = mgame(WELL, players=2)
    leo = state.tables.leonardo
    state = start_round(state, {0: AT_6, 1: AT_7, leo: AT_5})
    at(state, MARKET, leo)
    assert all(isinstance(a, CloseBooth) for a in legal_actions(state))
    assert_illegal(state, BuyWishingCard(), "R4.15")


@pytest.mark.rule("R4.7", "R4.12")
def test_R4_7_a_card_needs_an_apprentice_at_its_location() -> None:
    state = with_hand(mgame(WELL), P, "reward")
    state = start_round(state, EARLY, {P: SubmitPlan(studio=1)})
    at(state, STUDIO, P)
    assert_illegal(state, UseReward(), "R4.7")
    assert UseReward() not in legal_actions(state)
    # with a theatre apprentice: +3 Thalers on top of the mood move
    state = with_hand(mgame(WELL), P, "reward")
    state = start_round(state, EARLY, {P: SubmitPlan(theatre=1)})
    at(state, THEATRE, P)
    money = state.money[P]
    state = assert_legal(state, UseReward())
    assert state.money[P] == money + 3


@pytest.mark.rule("R4.9", "R4.12")
def test_R4_9_a_card_bought_at_the_market_works_at_once_and_cards_keep() -> None:
    state = market_with_pennies({P: 1})
    state = script(state, ("wishing_card", "lucky_fellow"))
    state = assert_legal(state, BuyWishingCard())
    assert wishing_well_state.well_of(state) is not None and well_of(state).hands[P] == (
        "lucky_fellow",
    )
    pennies = well_of(state).pennies[P]
    state = assert_legal(state, UseLuckyFellow())
    assert (
        wishing_well_state.well_of(state) is not None and well_of(state).pennies[P] == pennies + 2
    )
    # a card not used stays in the hand for later rounds
    kept = market_with_pennies({P: 1})
    kept = script(kept, ("wishing_card", "tip"))
    kept = play_out_round(assert_legal(kept, BuyWishingCard()))
    assert (
        kept.round == 2
        and wishing_well_state.well_of(kept) is not None
        and well_of(kept).hands[P] == ("tip",)
    )


@pytest.mark.rule("R4.10", "R4.12", "R5.7", "G.6")
def test_R4_10_card_bonuses_add_to_other_modules() -> None:
    state = with_tiles(mgame(WELL, GOLD), {(1, 2): "F10"})  # R Y G, value 7
    state = with_paints(state, P, red=1, yellow=1, green=1)
    state = with_gold(with_disc(with_hand(state, P, "bishops_praise"), Paint.YELLOW), P, 1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=1)})
    state = evolve(state, bishop=(1, 2))
    state = assert_legal(state, UseBishopsPraise())
    state = assert_legal(state, Restore((1, 2)))
    state = choose(state, Gild(True))
    assert scores(state)[P] == 7 + 3 + 1 + 3  # tile, bishop, praise, gilding


@pytest.mark.rule("R4.12")
def test_R4_12_lucky_fellow_and_visit() -> None:
    state = with_hand(market_with_pennies({P: 1}), P, "lucky_fellow")
    assert wishing_well_state.well_of(state) is not None
    pennies, supply = well_of(state).pennies[P], well_of(state).supply
    state = assert_legal(state, UseLuckyFellow())
    assert wishing_well_state.well_of(state) is not None
    assert (well_of(state).pennies[P], well_of(state).supply) == (pennies + 2, supply - 2)
    assert_module_ledgers(state)
