"""Module 4 in words and in each seat's view (issue 15).

The log sentence of each Wishing Well action and what the log says changed (the well, cards
drawn, pennies taken back). A4.10: cards held, penny counts and pennies on the market symbols
are hidden from the other players; the pennies on the symbols are revealed with the plans
(R0.28). R4.16: the ledger counts pennies (supply, well, symbols, players = 20) and cards (deck,
hands, used = 20).
"""

from __future__ import annotations

import pytest
from attrs import evolve

from fresco_rules.fresco import (
    Action,
    BuyWishingCard,
    Paint,
    Phase,
    PlacePennies,
    SkipStreetMusician,
    SubmitPlan,
    UseAlchemy,
    UseBishopsPraise,
    UseBishopsVisit,
    UseFreePaints,
    UseLuckyFellow,
    UseReward,
    UseStreetMusician,
    UseTip,
    apply,
    player_view,
    token_ledger,
)
from fresco_rules.fresco.modules import wishing_well_state
from fresco_rules.fresco.render import describe, events
from fresco_rules.fresco.turns import planner

from .fixtures import AT_6, AT_7, AT_8, AT_9
from .module_fixtures import WELL, get_up, mgame, plan, well_of, with_hand, with_pennies

P, Q, R, S = 0, 1, 2, 3
EARLY = {P: AT_6, Q: AT_7, R: AT_8, S: AT_9}


@pytest.mark.rule("R4.3", "R4.4", "R4.11", "R4.12")
@pytest.mark.parametrize(
    ("action", "sentence"),
    [
        (UseStreetMusician(), "plays a Street Musician (mood +1)"),
        (SkipStreetMusician(), "keeps the Street Musician"),
        (PlacePennies(1), "puts 1 lucky penny on the market symbol"),
        (PlacePennies(2), "puts 2 lucky pennies on the market symbol"),
        (BuyWishingCard(), "throws a lucky penny into the well and draws a Wishing Card"),
        (UseLuckyFellow(), "plays a Lucky Fellow (+2 pennies)"),
        (UseFreePaints("M11"), "plays Free Paints and takes 1 orange (M11) free"),
        (UseBishopsVisit((0, 1)), "plays Bishop's Visit: the bishop moves to b1"),
        (UseBishopsPraise(), "plays Bishop's Praise (bishop bonus +1 on the next restoration)"),
        (UseTip(), "plays a Tip (+1 Thaler, +1 penny)"),
        (
            UseAlchemy((Paint.RED, Paint.RED, Paint.BLUE), Paint.PURPLE),
            "plays Alchemy: red, red, blue -> purple",
        ),
        (UseReward(), "plays a Reward (+3 Thalers)"),
    ],
)
def test_each_action_has_its_sentence(action: Action, sentence: str) -> None:
    text = describe(mgame(WELL), action)
    assert text.endswith(" " + sentence), text


@pytest.mark.rule("A4.1")
def test_all_for_one_throws_every_penny_on_the_symbol() -> None:
    state = mgame(WELL, wishing_purchase="all_for_one")
    state = plan(get_up(state, EARLY), {P: SubmitPlan(market=1)}, pennies={P: 2})
    assert state.turn is not None and state.turn.actor == P
    assert describe(state, BuyWishingCard()).endswith(
        " throws 2 lucky pennies into the well and draws a Wishing Card"
    )


@pytest.mark.rule("R4.6", "R4.13")
def test_the_log_says_what_the_well_did() -> None:
    before = mgame(WELL)
    w = well_of(before)
    one = wishing_well_state.with_well(before, evolve(w, well=1, supply=w.supply - 1))
    assert events(before, one) == ["  the well holds 1 lucky penny"]
    two = wishing_well_state.with_well(before, evolve(w, well=2, supply=w.supply - 2))
    assert events(before, two) == ["  the well holds 2 lucky pennies"]
    drawn = with_hand(before, Q, "tip")
    assert events(before, drawn) == ["  seat 1 draws a Wishing Card"]
    assert events(drawn, before) == []
    # pennies left on the symbol go back behind the screen (A4.2)
    on_symbol = wishing_well_state.with_well(
        before, evolve(w, symbol=(0, 2, 0, 0), pennies=(3, 1, 3, 3))
    )
    assert events(on_symbol, before) == ["  seat 1 takes back 2 pennies"]
    one_back = wishing_well_state.with_well(
        before, evolve(w, symbol=(0, 0, 1, 0), pennies=(3, 3, 2, 3))
    )
    assert events(one_back, before) == ["  seat 2 takes back 1 penny"]
    assert events(before, before) == []


@pytest.mark.rule("A4.10", "R0.28")
@pytest.mark.parametrize("seat", range(4))
def test_A4_10_each_seat_sees_only_its_own_cards_and_pennies(seat: int) -> None:
    state = with_hand(with_hand(mgame(WELL), P, "tip"), R, "reward", "alchemy")
    state = with_pennies(with_pennies(state, Q, 1), S, 5)
    w = well_of(state)
    view = player_view(state, seat)
    assert view["cards"] == tuple(h if s == seat else None for s, h in enumerate(w.hands))
    assert view["pennies"] == tuple(n if s == seat else None for s, n in enumerate(w.pennies))
    assert view["well"] == w.well and view["penny_supply"] == w.supply
    assert view["deck"] == len(w.deck) == 17 and view["used_cards"] == w.used == ()


@pytest.mark.rule("A4.10", "R0.28")
def test_A4_10_pennies_on_the_symbols_are_revealed_with_the_plans() -> None:
    state = get_up(mgame(WELL), EARLY)
    plans = {P: SubmitPlan(market=1), Q: SubmitPlan(market=1)}
    revealed = plan(state, plans, pennies={P: 2, Q: 1})
    assert well_of(revealed).symbol == (2, 1, 0, 0)
    for seat in range(4):
        assert player_view(revealed, seat)["symbol"] == (2, 1, 0, 0)
    # while planning: P has put 2 pennies on his symbol, nobody else sees them
    assert planner(state) == P
    planning = apply(apply(state, SubmitPlan(market=1)), PlacePennies(2))
    assert planning.phase is Phase.PLAN and well_of(planning).symbol[P] == 2
    assert player_view(planning, P)["symbol"] == (2, None, None, None)
    for seat in (Q, R, S):
        assert player_view(planning, seat)["symbol"] == tuple(
            0 if s == seat else None for s in range(4)
        )


@pytest.mark.rule("R4.16")
def test_R4_16_the_ledger_counts_pennies_and_cards() -> None:
    state = with_hand(with_pennies(mgame(WELL, players=3), 1, 0), 2, "tip")
    w = well_of(state)
    ledger = token_ledger(state)
    assert ledger["lucky_pennies"] == {
        "supply": w.supply,
        "well": 0,
        "seat 0": 3,
        "seat 0 symbol": 0,
        "seat 1": 0,
        "seat 1 symbol": 0,
        "seat 2": 3,
        "seat 2 symbol": 0,
    }
    assert sum(ledger["lucky_pennies"].values()) == 20
    assert ledger["wishing_cards"] == {"deck": 19, "used": 0, "seat 0": 0, "seat 1": 0, "seat 2": 1}


@pytest.mark.rule("R4.12")
def test_free_paints_of_an_unknown_tile_is_described_by_its_id() -> None:
    assert describe(mgame(WELL), UseFreePaints("M99")).endswith(
        " plays Free Paints and takes M99 (M99) free"
    )


@pytest.mark.rule("A4.2")
def test_no_taking_back_is_logged_when_no_penny_comes_back() -> None:
    before = mgame(WELL)
    w = well_of(before)
    on_symbol = wishing_well_state.with_well(
        before, evolve(w, symbol=(0, 2, 0, 0), supply=w.supply - 2)
    )
    assert events(on_symbol, before) == []  # the symbol empties, nobody's pennies grow
