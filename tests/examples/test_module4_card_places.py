"""Module 4: every Wishing Card at every wrong place and time, without the card, and where it is
legal (issue 15).

R4.7: each card names the location where it is played and needs an apprentice of the player
there; R4.12 lists the cards with their locations (Lucky Fellow and Free Paints at the market,
Bishop's Visit and Bishop's Praise at the cathedral, Tip at the studio, Alchemy at the workshop,
Reward at the theatre); R4.15: Leonardo never uses a card. A card played where it is legal is
listed among the legal actions; a refused one is not, and the refusal names its rule, says why,
and is an ``IllegalAction`` (a well-formed action), never a ``MalformedAction``.
"""

from __future__ import annotations

import pytest
from attrs import evolve

from fresco_rules.fresco import (
    Action,
    BuyTile,
    BuyWishingCard,
    Location,
    Paint,
    Restore,
    State,
    SubmitPlan,
    UseAlchemy,
    UseBishopsPraise,
    UseBishopsVisit,
    UseFreePaints,
    UseLuckyFellow,
    UseReward,
    UseTip,
    apply,
    legal_actions,
)
from fresco_rules.kernel.errors import IllegalAction
from fresco_rules.kernel.fuzz import forge

from .fixtures import (
    AT_5,
    AT_6,
    AT_7,
    AT_8,
    AT_9,
    assert_illegal,
    assert_legal,
    at,
    with_paints,
    with_tiles,
)
from .module_fixtures import WELL, get_up, mgame, plan, script, start_round, well_of, with_hand
from .test_module4_wishing_well import free_paints_market

P = 0
EARLY = {0: AT_6, 1: AT_7, 2: AT_8, 3: AT_9}
"""Get-up times giving order B = P, Q, R, S: P's turn at his only location comes first."""
LOCATIONS = ("market", "cathedral", "studio", "workshop", "theatre")

CARDS: dict[str, tuple[str, Action, str, str]] = {
    "lucky_fellow": ("lucky_fellow", UseLuckyFellow(), "market", "Lucky Fellow"),
    "free_paints": ("free_paints:M11", UseFreePaints("M11"), "market", "Free Paints"),
    "bishops_visit": ("bishops_visit", UseBishopsVisit((0, 0)), "cathedral", "Bishop's Visit"),
    "bishops_praise": ("bishops_praise", UseBishopsPraise(), "cathedral", "Bishop's Praise"),
    "tip": ("tip", UseTip(), "studio", "Tip"),
    "alchemy": (
        "alchemy",
        UseAlchemy((Paint.RED, Paint.YELLOW, Paint.BLUE), Paint.ORANGE),
        "workshop",
        "Alchemy",
    ),
    "reward": ("reward", UseReward(), "theatre", "Reward"),
}
"""Each card: its face in a hand, an action playing it, its location (R4.12) and its name."""

WRONG_PLACES = [
    (card, place) for card, (_, _, home, _) in CARDS.items() for place in LOCATIONS if place != home
]


def _turn_at(place: str, *faces: str) -> State:
    """P, holding ``faces`` and 2 of each primary, at the start of his turn at ``place``."""
    state = with_hand(mgame(WELL), P, *faces) if faces else mgame(WELL)
    state = with_paints(state, P, red=2, yellow=2, blue=2)
    return start_round(state, EARLY, {P: SubmitPlan(**{place: 1})})


@pytest.mark.rule("R4.7", "R4.12")
@pytest.mark.parametrize(("card", "place"), WRONG_PLACES)
def test_R4_7_a_card_at_a_wrong_location_is_refused(card: str, place: str) -> None:
    face, action, home, name = CARDS[card]
    state = _turn_at(place, face)
    assert state.turn is not None and state.turn.location.value == place
    problem = assert_illegal(state, action, "R4.7")
    assert problem.reason == f"the {name} is played during a turn at the {home}"
    assert problem.seat == P
    assert action not in legal_actions(state)


@pytest.mark.rule("R4.7")
@pytest.mark.parametrize("card", sorted(CARDS))
def test_R4_7_no_card_is_played_in_phase_1_or_while_planning(card: str) -> None:
    face, action, home, name = CARDS[card]
    state = with_hand(mgame(WELL), P, face)
    for phase_state in (state, get_up(state, EARLY)):
        problem = assert_illegal(phase_state, action, "R4.7")
        assert problem.reason == f"the {name} is played during a turn at the {home}"
        assert action not in legal_actions(phase_state)


@pytest.mark.rule("R4.12")
@pytest.mark.parametrize("card", sorted(CARDS))
def test_R4_12_a_card_the_player_does_not_hold_is_refused(card: str) -> None:
    _, action, home, name = CARDS[card]
    state = _turn_at(home)
    problem = assert_illegal(state, action, "R4.12")
    assert problem.reason == f"the player holds no {name}"
    assert action not in legal_actions(state)


@pytest.mark.rule("R4.12")
def test_R4_12_lucky_fellow_without_the_card_even_with_other_cards() -> None:
    state = _turn_at("market", "tip", "reward")
    problem = assert_illegal(state, UseLuckyFellow(), "R4.12")
    assert "holds no Lucky Fellow" in problem.reason
    assert UseLuckyFellow() not in legal_actions(state)
    # with the card, the same turn lists and allows it: 2 pennies from the supply
    state = _turn_at("market", "lucky_fellow")
    assert UseLuckyFellow() in legal_actions(state)
    pennies = well_of(state).pennies[P]
    assert well_of(assert_legal(state, UseLuckyFellow())).pennies[P] == pennies + 2


@pytest.mark.rule("R4.7", "R4.12")
@pytest.mark.parametrize(
    "card", ["lucky_fellow", "bishops_visit", "bishops_praise", "tip", "alchemy", "reward"]
)
def test_R4_12_a_card_at_its_location_is_listed_and_legal(card: str) -> None:
    face, action, home, _ = CARDS[card]
    state = _turn_at(home, face)
    assert state.turn is not None and (state.turn.location.value, state.turn.actor) == (home, P)
    assert action in legal_actions(state)
    after = assert_legal(state, action)
    assert well_of(after).used == (face,)
    assert face not in well_of(after).hands[P]


@pytest.mark.rule("R4.12")
def test_R4_12_the_reward_is_listed_at_the_theatre_only() -> None:
    for place in LOCATIONS:
        listed = UseReward() in legal_actions(_turn_at(place, "reward"))
        assert listed is (place == "theatre"), place
    state = _turn_at("theatre", "reward")
    money = state.money[P]
    assert assert_legal(state, UseReward()).money[P] == money + 3  # 3 Thalers (R4.12)


@pytest.mark.rule("R4.12", "A4.8")
def test_R4_12_free_paints_at_the_market_before_buying_a_tile() -> None:
    state = _turn_at("market", "free_paints:M11")
    problem = assert_illegal(state, UseFreePaints("M11"), "R4.12")
    assert "need a tile bought first" in problem.reason
    assert UseFreePaints("M11") not in legal_actions(state)
    problem = assert_illegal(state, UseFreePaints("M12"), "R4.12")
    assert problem.reason == "no Free Paints card held pictures M12"


@pytest.mark.rule("R4.7", "A4.6", "A4.5")
def test_A4_6_praise_needs_a_cathedral_apprentice_left_visit_does_not() -> None:
    """With his only cathedral apprentice used, the player can still play the Bishop's Visit
    as his turn's last act (A4.6 default ``visit_any_time``), but not the Bishop's Praise, which
    needs a segment restoration still to come (R4.12, A4.5)."""
    state = with_hand(mgame(WELL), P, "bishops_praise", "bishops_visit")
    state = with_paints(with_tiles(state, {(1, 2): "F10"}), P, red=3, yellow=3, blue=3, green=2)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=1)})
    assert UseBishopsPraise() in legal_actions(state)
    state = assert_legal(evolve(state, bishop=(1, 3)), Restore((1, 2)))
    assert state.turn is not None and state.turn.left == 0  # the turn stays open (R4.9)
    problem = assert_illegal(state, UseBishopsPraise(), "A4.6")
    assert problem.reason == "no cathedral apprentice is left for a restoration"
    assert UseBishopsPraise() not in legal_actions(state)
    assert UseBishopsVisit((4, 4)) in legal_actions(state)
    assert assert_legal(state, UseBishopsVisit((4, 4))).bishop == (4, 4)


@pytest.mark.rule("A4.6")
def test_A4_6_before_restoration_closes_the_turn_with_the_last_apprentice() -> None:
    state = with_hand(mgame(WELL, bishop_visit="before_restoration"), P, "bishops_visit")
    state = with_paints(with_tiles(state, {(1, 2): "F10"}), P, red=3, yellow=3, blue=3, green=2)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=1)})
    after = assert_legal(evolve(state, bishop=(1, 3)), Restore((1, 2)))
    assert after.turn is None  # nothing is left to play in that turn
    assert_illegal(after, UseBishopsVisit((4, 4)), "R4.7")


@pytest.mark.rule("R4.15")
@pytest.mark.parametrize("action", [UseLuckyFellow(), UseFreePaints("M11")])
def test_R4_15_leonardo_never_uses_a_card(action: Action) -> None:
    state = mgame(WELL, players=2)
    leo = state.tables.leonardo
    state = start_round(state, {0: AT_6, 1: AT_7, leo: AT_5})
    at(state, Location.MARKET, leo)
    problem = assert_illegal(state, action, "R4.15")
    assert problem.reason == "Leonardo never uses Wishing Cards"


@pytest.mark.rule("R4.12")
def test_R4_12_the_visit_moves_the_bishop_elsewhere_only() -> None:
    state = _turn_at("cathedral", "bishops_visit")
    problem = assert_illegal(state, UseBishopsVisit(state.bishop), "R4.12")
    assert problem.reason == "the bishop already stands on c3"
    visits = [a for a in legal_actions(state) if isinstance(a, UseBishopsVisit)]
    assert len(visits) == 24 and UseBishopsVisit(state.bishop) not in visits


@pytest.mark.rule("A4.5", "R4.8")
def test_A4_5_after_praise_the_restoration_comes_next() -> None:
    """A4.5: the Bishop's Praise is played just before one of the player's segment
    restorations: once played, that restoration is the only thing he may do, so no second
    card goes with it (R4.8) and the refusal says what comes next."""
    state = with_hand(mgame(WELL), P, "bishops_praise", "bishops_visit")
    state = with_paints(with_tiles(state, {(1, 2): "F10"}), P, red=3, yellow=3, blue=3, green=2)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=1)})
    state = assert_legal(state, UseBishopsPraise())
    problem = assert_illegal(state, UseBishopsVisit((4, 4)), "A4.5")
    assert problem.reason == (
        "the Bishop's Praise is played just before a segment restoration: restore a segment now"
    )
    assert not any(isinstance(a, (UseBishopsVisit, UseBishopsPraise)) for a in legal_actions(state))
    assert Restore((1, 2)) in legal_actions(state)


@pytest.mark.rule("R4.12", "K.1")
@pytest.mark.parametrize(
    "fields",
    [
        {"paints": ("red", Paint.YELLOW, Paint.BLUE), "result": Paint.ORANGE},
        {"paints": (Paint.RED, Paint.YELLOW, Paint.BLUE), "result": "orange"},
        {"paints": (Paint.BLUE, Paint.YELLOW, Paint.RED), "result": Paint.ORANGE},
        {"paints": [Paint.RED, Paint.YELLOW, Paint.BLUE], "result": Paint.ORANGE},
    ],
    ids=["a paint as text", "the result as text", "not in canonical order", "a list"],
)
def test_R4_12_alchemy_that_is_no_alchemy_is_malformed(fields: dict[str, object]) -> None:
    state = _turn_at("workshop", "alchemy")
    action = forge(UseAlchemy, fields)
    problem = assert_illegal(state, action, "R4.12", malformed=True)
    assert problem.reason.startswith("Alchemy takes three paints and one result: ")


@pytest.mark.rule("R4.12", "A4.8")
def test_R4_12_free_paints_in_booth_I_slot_1() -> None:
    """Booth I and its first slot are ordinary places for Free Paints: after a purchase in
    booth I the pictured tile in its slot I:1 is taken free, and only that slot empties."""
    state = free_paints_market(
        "free_paints:M11", booth_ii=("M01", "M02", "M03"), booth_i=("M11", "M06", "M10")
    )
    state = assert_legal(state, BuyTile(0, 1))
    assert UseFreePaints("M11") in legal_actions(state)
    state = assert_legal(state, UseFreePaints("M11"))
    assert state.booths[0] == (None, None, "M10")
    assert state.booths[1] == ("M01", "M02", "M03")


@pytest.mark.rule("R4.12", "A4.6")
def test_A4_6_before_restoration_the_visit_still_moves_the_bishop_elsewhere() -> None:
    state = with_hand(mgame(WELL, bishop_visit="before_restoration"), P, "bishops_visit")
    state = with_paints(with_tiles(state, {(1, 2): "F10"}), P, red=3, yellow=3, blue=3, green=2)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=1)})
    problem = assert_illegal(state, UseBishopsVisit(state.bishop), "R4.12")
    assert problem.reason == "the bishop already stands on c3"
    assert UseBishopsVisit((4, 4)) in legal_actions(state)


@pytest.mark.rule("A4.7")
def test_A4_7_one_of_each_refuses_two_of_a_primary() -> None:
    state = with_hand(mgame(WELL, alchemy_inputs="one_of_each"), P, "alchemy")
    state = with_paints(state, P, red=2, yellow=2, blue=2)
    state = start_round(state, EARLY, {P: SubmitPlan(workshop=1)})
    action = UseAlchemy((Paint.RED, Paint.RED, Paint.BLUE), Paint.PURPLE)
    problem = assert_illegal(state, action, "A4.7")
    assert problem.reason == (
        "Alchemy takes exactly one red, one yellow and one blue (one_of_each)"
    )
    assert UseAlchemy((Paint.RED, Paint.YELLOW, Paint.BLUE), Paint.PURPLE) in legal_actions(state)


@pytest.mark.rule("R4.4")
def test_R4_4_a_recorded_card_that_is_not_in_the_deck_names_R4_4() -> None:
    state = plan(get_up(mgame(WELL), EARLY), {P: SubmitPlan(market=1)}, pennies={P: 1})
    state = script(state, ("wishing_card", "joker"))
    with pytest.raises(IllegalAction) as raised:  # the record is wrong, not the action
        apply(state, BuyWishingCard())
    assert raised.value.rule == "R4.4"
    assert raised.value.reason.startswith("recorded draw wishing_card:joker does not fit")
