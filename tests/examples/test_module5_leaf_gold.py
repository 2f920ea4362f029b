"""Module 5, the Leaf Gold: worked examples E5.1-E5.9 with the rulebook's numbers, every option
A5.x under every value, and rules R5.1-R5.14.

Common fixture: 4 players P (seat 0, S1), Q, R and S, the default component data.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from attrs import evolve

from fresco_rules.fresco import (
    BuyTile,
    CloseBooth,
    DiscSet,
    Gild,
    GildingAdjacency,
    HandInGlass,
    Location,
    Paint,
    Phase,
    Restore,
    RestoreAltar,
    State,
    SubmitPlan,
    apply,
    gilding_points,
    legal_actions,
    money_points,
    new_game,
    scores,
    token_ledger,
)
from fresco_rules.fresco.modules import leaf_gold_state

from .fixtures import (
    AT_5,
    AT_6,
    AT_7,
    AT_8,
    AT_9,
    assert_illegal,
    assert_legal,
    at,
    keep_first_tiles,
    paints,
    with_booth,
    with_paints,
    with_tiles,
)
from .module_fixtures import (
    GLAZIERS,
    GOLD,
    assert_module_ledgers,
    choose,
    end_turns_until,
    gold_of,
    mgame,
    play_out_round,
    restoring_of,
    scored_of,
    start_round,
    with_disc,
    with_glass,
    with_gold,
)

P, Q, R, S = 0, 1, 2, 3
EARLY = {P: AT_6, Q: AT_7, R: AT_8, S: AT_9}
PR, PY, PB, PO, PG, PP = (
    Paint.RED,
    Paint.YELLOW,
    Paint.BLUE,
    Paint.ORANGE,
    Paint.GREEN,
    Paint.PURPLE,
)
SIX = (PR, PY, PB, PO, PG, PP)


def gilded_restoration(bishop: tuple[int, int], *, gild: bool = True, **options: Any) -> State:
    """The common input of E5.1-E5.3: yellow on the basket; (1,1) holds a value-7 tile needing
    red, yellow and green; P holds R1 Y1 G1 and 1 leaf gold and restores (1,1) with the bishop
    at ``bishop``, adding his leaf gold when ``gild``."""
    state = with_tiles(mgame(GOLD, **options), {(1, 1): "F10"})
    assert state.tables.fresco_value["F10"] == 7
    state = with_gold(with_disc(state, PY), P, 1)
    state = with_paints(state, P, red=1, yellow=1, green=1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=1)})
    state = evolve(state, bishop=bishop)
    at(state, Location.CATHEDRAL, P)
    state = assert_legal(state, Restore((1, 1)))
    # R5.6: the leaf gold is a decision of the restoration, before it is scored
    assert legal_actions(state) == (Gild(True), Gild(False))
    assert scores(state)[P] == 0
    return assert_legal(state, Gild(gild))


@pytest.mark.rule("E5.1", "E5.2", "E5.3", "R5.6", "R5.7", "R5.8", "R5.9", "A5.7", "G.6")
@pytest.mark.parametrize(
    ("bishop", "gilding", "bonus", "expected"),
    [((1, 1), 3, 3, 13), ((2, 2), 2, 2, 11), ((4, 4), 1, 0, 8)],
    ids=["E5.1_example_A", "E5.2_example_B", "E5.3_example_C"],
)
def test_E5_1_to_E5_3_gilding_table(
    bishop: tuple[int, int], gilding: int, bonus: int, expected: int
) -> None:
    state = gilded_restoration(bishop)
    assert state.scored is not None
    parts = scored_of(state).parts
    assert (parts.fresco, parts.gilding, parts.bishop) == (7, gilding, bonus)
    assert scores(state)[P] == expected
    assert leaf_gold_state.gold_of(state) is not None
    assert gold_of(state).held[P] == 0
    assert gold_of(state).supply == 24  # the spent leaf gold went back (A5.7)
    assert state.bishop == (1, 1)
    assert paints(state, P) == {}
    assert_module_ledgers(state)


@pytest.mark.rule("R5.6")
def test_R5_6_leaf_gold_is_optional() -> None:
    state = gilded_restoration((1, 1), gild=False)
    assert scores(state)[P] == 7 + 3
    assert leaf_gold_state.gold_of(state) is not None and gold_of(state).held[P] == 1


# --- E5.4 ----------------------------------------------------------------------------------------


@pytest.mark.rule("E5.4", "R5.5", "A5.4")
def test_E5_4_golden_market_tile() -> None:
    state = mgame(GOLD)
    state = with_booth(state, 2, ("M07", "M10", "M05"))  # booth III, slot 2: blue + yellow
    state = with_booth(state, 3, ("M04", "M06", "M08", "M01"))  # booth IV, slot 3: 2 red
    labels = state.tables.market_labels
    assert (labels["M05"], labels["M01"]) == ("blue + yellow", "2 red")
    state = with_paints(with_paints(state, P), Q)
    # P 7:00 (price 2), Q 6:00 (price 3)
    state = start_round(
        state,
        {P: AT_7, Q: AT_6, R: AT_8, S: AT_9},
        {P: SubmitPlan(market=1), Q: SubmitPlan(market=1)},
    )
    at(state, Location.MARKET, Q)
    state = assert_legal(state, BuyTile(3, 3))
    assert state.money[Q] == 12 - 3
    assert paints(state, Q) == {"red": 2}
    assert leaf_gold_state.gold_of(state) is not None and gold_of(state).held[Q] == 2
    at(state, Location.MARKET, P)
    state = assert_legal(state, BuyTile(2, 2))
    assert state.money[P] == 12 - 2
    assert paints(state, P) == {"blue": 1, "yellow": 1}
    assert leaf_gold_state.gold_of(state) is not None and gold_of(state).held[P] == 1
    assert gold_of(state).supply == 24 - 3
    assert_module_ledgers(state)


@pytest.mark.rule("E5.4", "R5.5")
@pytest.mark.parametrize("slot", [0, 1])
def test_E5_4_other_tiles_give_no_leaf_gold(slot: int) -> None:
    state = with_booth(mgame(GOLD), 2, ("M07", "M10", "M05"))
    state = start_round(state, EARLY, {P: SubmitPlan(market=1)})
    state = assert_legal(state, BuyTile(2, slot))
    assert leaf_gold_state.gold_of(state) is not None and gold_of(state).held == (0, 0, 0, 0)


@pytest.mark.rule("R5.5", "R5.13")
def test_R5_5_closing_a_booth_gives_no_leaf_gold() -> None:
    state = with_booth(mgame(GOLD), 2, ("M07", "M10", "M05"))
    state = start_round(state, EARLY, {P: SubmitPlan(market=1)})
    state = assert_legal(state, CloseBooth(2))
    assert leaf_gold_state.gold_of(state) is not None and gold_of(state).held == (0, 0, 0, 0)
    # Leonardo closes booths and never gets leaf gold
    two = mgame(GOLD, players=2)
    leo = two.tables.leonardo
    two = start_round(two, {0: AT_6, 1: AT_7, leo: AT_5})
    at(two, Location.MARKET, leo)
    two = apply(two, legal_actions(two)[0])
    assert leaf_gold_state.gold_of(two) is not None and gold_of(two).held == (0, 0)


# --- E5.5 / A5.6 ---------------------------------------------------------------------------------


@pytest.mark.rule("E5.5", "R5.6", "A5.6")
def test_E5_5_tile_without_the_gilding_colour() -> None:
    state = with_tiles(mgame(GOLD), {(1, 1): "F10"})  # R Y G
    state = with_gold(with_disc(state, PP), P, 1)
    state = with_paints(state, P, red=1, yellow=1, green=1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=2)})
    state = evolve(state, bishop=(4, 4))
    state = assert_legal(state, Restore((1, 1)))
    # no leaf gold decision: it is scored at once, gilding points 0
    assert state.scored is not None and scored_of(state).parts.gilding == 0
    assert scores(state)[P] == 7
    assert_illegal(state, Gild(True), "R5.6")
    assert leaf_gold_state.gold_of(state) is not None and gold_of(state).held[P] == 1


@pytest.mark.rule("A5.6")
def test_A5_6_a_secondary_does_not_contain_its_primaries() -> None:
    # yellow on the basket; F17 needs green + purple: green is made of yellow, but no piece is
    # exactly yellow, so it cannot be gilded
    state = with_tiles(mgame(GOLD), {(1, 1): "F17"})
    state = with_gold(with_disc(state, PY), P, 1)
    state = with_paints(state, P, green=1, purple=1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=1)})
    state = assert_legal(state, Restore((1, 1)))
    assert state.scored is not None and not scored_of(state).restoration.gild
    # green on the basket: it can
    green = with_tiles(mgame(GOLD), {(1, 1): "F17"})
    green = with_gold(with_disc(green, PG), P, 1)
    green = with_paints(green, P, green=1, purple=1)
    green = start_round(green, EARLY, {P: SubmitPlan(cathedral=1)})
    green = assert_legal(green, Restore((1, 1)))
    assert legal_actions(green) == (Gild(True), Gild(False))


# --- E5.6 ----------------------------------------------------------------------------------------


@pytest.mark.rule("E5.6", "R5.10")
def test_E5_6_no_leaf_gold_at_the_altar() -> None:
    state = with_gold(with_disc(mgame(GOLD), PR), P, 1)
    state = with_paints(state, P, red=1, yellow=1, blue=1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=2)})
    state = assert_legal(state, RestoreAltar((PR, PY, PB)))
    assert scores(state)[P] == 2
    assert not any(isinstance(a, Gild) for a in legal_actions(state))
    assert_illegal(state, Gild(True), "R5.6")
    assert leaf_gold_state.gold_of(state) is not None and gold_of(state).held[P] == 1
    # with module 6 the altar restoration waits for the altar window: still no leaf gold
    both = with_gold(with_disc(mgame(GOLD, GLAZIERS), PR), P, 1)
    both = with_glass(with_paints(both, P, red=1, yellow=1, blue=1), P, red=1)
    both = start_round(both, EARLY, {P: SubmitPlan(cathedral=1)})
    both = assert_legal(both, RestoreAltar((PR, PY, PB)))
    assert both.restoring is not None and restoring_of(both).segment is None
    assert_illegal(both, Gild(True), "R5.10")
    both = assert_legal(both, HandInGlass(()))
    assert scores(both)[P] == 2


# --- E5.7 ----------------------------------------------------------------------------------------


@pytest.mark.rule("E5.7", "R5.12")
def test_E5_7_leaf_gold_becomes_thalers_before_final_scoring() -> None:
    state = with_gold(mgame(GOLD), P, 3)
    state = keep_first_tiles(state, 6, S)
    state = play_out_round(start_round(state, EARLY))
    assert state.final
    money = state.money[P]
    state = play_out_round(start_round(state, {P: AT_5, Q: AT_7, R: AT_8, S: AT_9}))
    assert state.phase is Phase.OVER
    assert state.money[P] == money + 3
    assert scores(state)[P] == money_points(money + 3)
    assert (
        leaf_gold_state.gold_of(state) is not None
        and gold_of(state).held[P] == 0
        and gold_of(state).supply == 24
    )


# --- E5.8 / E5.9 / A5.1 / A5.2 -------------------------------------------------------------------


@pytest.mark.rule("E5.8", "R5.11", "A5.2")
@pytest.mark.parametrize("seed", range(8))
def test_E5_8_the_disc_always_changes(seed: int) -> None:
    state = with_disc(new_game_with_gold(seed), PR)
    assert leaf_gold_state.gold_of(state) is not None
    assert len(gold_of(state).bag) == 5 and PR not in gold_of(state).bag
    after = play_out_round(start_round(state, EARLY))
    assert after.round == 2 and leaf_gold_state.gold_of(after) is not None
    assert gold_of(after).disc is not PR and gold_of(after).disc in gold_of(state).bag
    assert len(gold_of(after).bag) == 5 and PR in gold_of(after).bag
    # A5.2: the discs and the market tiles are separate pools
    assert not set(after.bag) & {p.value for p in SIX}
    kinds = Counter(kind for kind, _ in after.chance.log)
    assert kinds["disc"] == 2  # set-up and this round's preparation


def new_game_with_gold(seed: int, **options: Any) -> State:
    from fresco_rules.fresco import GameConfig

    config = GameConfig(players=4, modules=frozenset({GOLD}), **options)
    state = new_game(config, seed)
    # order B = seat order for start_round's EARLY slots: every seat on its start space
    return state


@pytest.mark.rule("E5.9", "A5.1", "R5.3", "R5.4")
def test_E5_9_disc_set() -> None:
    state = mgame(GOLD)
    assert leaf_gold_state.gold_of(state) is not None
    assert len(gold_of(state).bag) == 5
    assert set(gold_of(state).bag) | {gold_of(state).disc} == set(SIX)
    seven = mgame(GOLD, disc_set=DiscSet.ALL_SEVEN)
    assert leaf_gold_state.gold_of(seven) is not None
    assert len(gold_of(seven).bag) == 6
    assert set(gold_of(seven).bag) | {gold_of(seven).disc} == {*SIX, Paint.BROWN}
    assert token_ledger(seven)["colour_discs"] == {"bag": 6, "basket": 1}


@pytest.mark.rule("A5.1", "A5.6")
def test_A5_1_a_brown_round_can_never_be_gilded() -> None:
    state = with_tiles(mgame(GOLD, disc_set=DiscSet.ALL_SEVEN), {(1, 1): "F10"})
    state = with_gold(with_disc(state, Paint.BROWN), P, 1)
    state = with_paints(state, P, red=1, yellow=1, green=1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=1)})
    state = assert_legal(state, Restore((1, 1)))
    assert state.scored is not None and not scored_of(state).restoration.gild


# --- A5.3 ----------------------------------------------------------------------------------------


@pytest.mark.rule("A5.3", "R5.7")
def test_A5_3_gilding_adjacency() -> None:
    # the bishop diagonally next to (1,1): 2 gilding points by default, 1 when orthogonal only
    assert scored_of(gilded_restoration((2, 2))).parts.gilding == 2
    orthogonal = gilded_restoration((2, 2), gilding_adjacency=GildingAdjacency.ORTHOGONAL)
    assert orthogonal.scored is not None and scored_of(orthogonal).parts.gilding == 1
    assert scores(orthogonal)[P] == 7 + 2 + 1
    beside = gilded_restoration((1, 2), gilding_adjacency=GildingAdjacency.ORTHOGONAL)
    assert beside.scored is not None and scored_of(beside).parts.gilding == 2


@pytest.mark.rule("R5.7", "A5.3")
def test_R5_7_gilding_points_over_the_grid() -> None:
    cells = [(r, c) for r in range(5) for c in range(5)]
    for segment in cells:
        for bishop in cells:
            dr, dc = abs(segment[0] - bishop[0]), abs(segment[1] - bishop[1])
            king = 3 if (dr, dc) == (0, 0) else 2 if max(dr, dc) == 1 else 1
            rook = 3 if (dr, dc) == (0, 0) else 2 if dr + dc == 1 else 1
            assert gilding_points(segment, bishop) == king
            assert gilding_points(segment, bishop, orthogonal=True) == rook


# --- A5.4 / R5.14 --------------------------------------------------------------------------------


@pytest.mark.rule("A5.4", "R5.14", "R5.5")
def test_A5_4_the_leaf_gold_supply_is_finite() -> None:
    state = with_booth(mgame(GOLD), 3, ("M04", "M06", "M08", "M01"))
    state = with_gold(state, S, 23)  # 1 left in the supply
    state = start_round(state, EARLY, {P: SubmitPlan(market=1)})
    state = assert_legal(state, BuyTile(3, 3))  # the arrow shows 2
    assert leaf_gold_state.gold_of(state) is not None
    assert (gold_of(state).held[P], gold_of(state).supply) == (1, 0)
    ledger = token_ledger(state)["leaf_gold"]
    assert sum(ledger.values()) == 24
    assert ledger == {"supply": 0, "seat 0": 1, "seat 1": 0, "seat 2": 0, "seat 3": 23}


# --- set-up, the golden tile of each side, Leonardo ----------------------------------------------


@pytest.mark.rule("R5.1", "R5.2", "R5.4", "R5.13", "R5.14")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_R5_1_setup(players: int) -> None:
    state = mgame(GOLD, players=players)
    g = gold_of(state)
    assert g is not None
    assert (g.supply, g.held) == (24, (0,) * players)  # R5.13: nothing for Leonardo
    assert g.disc in SIX and len(g.bag) == 5
    assert sum(token_ledger(state)["leaf_gold"].values()) == 24
    from fresco_rules.fresco.modules.leaf_gold import LeafGold

    (rules,) = state.tables.modules
    assert isinstance(rules, LeafGold)
    # R5.2: the golden tile of the board side in use (booth, slot) -> leaf gold
    expected = {(2, 2): 1, (3, 3): 2} if players == 4 else {(1, 2): 1, (2, 2): 2}
    assert rules.arrows == expected


@pytest.mark.rule("R5.2", "R5.5")
def test_R5_2_three_player_side_arrows() -> None:
    state = with_booth(mgame(GOLD, players=3, start=(1, 2, 3)), 1, ("M07", "M10", "M05"))
    state = start_round(state, {P: AT_6, Q: AT_7, R: AT_8}, {P: SubmitPlan(market=1)})
    state = assert_legal(state, BuyTile(1, 2))
    assert leaf_gold_state.gold_of(state) is not None and gold_of(state).held[P] == 1


@pytest.mark.rule("R5.13", "R5.10")
def test_R5_13_leonardo_never_gilds() -> None:
    state = mgame(GOLD, players=2)
    leo = state.tables.leonardo
    state = with_tiles(state, {(1, 2): "F10"})
    state = with_disc(state, PY)
    state = start_round(state, {0: AT_6, 1: AT_7, leo: AT_5})
    state = end_turns_until(state, Location.CATHEDRAL, leo)
    state = choose(state, Restore((1, 2)))
    assert state.scored is not None and not scored_of(state).restoration.gild
    assert scores(state) == (0, 0)
    assert leaf_gold_state.gold_of(state) is not None and gold_of(state).supply == 24
