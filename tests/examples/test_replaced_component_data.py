"""Fresco's rules read their numbers from the component data, not from the shipped values
(issue 15; Barbarossa's: ``test_barbarossa_replaced_data.py``).

component-data.md ships replaceable data; a rule that hard-codes a shipped number (a penny
worth 1 Thaler, the shipped sculptor table) passes every test that uses the shipped file. These
tests change the number and check the rule follows it.
"""

from __future__ import annotations

import copy

import pytest

from fresco_rules.fresco import (
    GameConfig,
    Glass,
    HandInGlass,
    Module,
    Paint,
    Phase,
    RestoreAltar,
    SubmitPlan,
    legal_actions,
    new_game,
    scores,
)
from fresco_rules.fresco.data import components_from_mapping, components_to_mapping
from fresco_rules.fresco.data import default_components as fresco_default
from fresco_rules.kernel.errors import IllegalAction

from .fixtures import (
    AT_5,
    AT_6,
    AT_7,
    AT_8,
    AT_9,
    assert_illegal,
    assert_legal,
    game,
    keep_first_tiles,
    with_paints,
)
from .module123_fixtures import SPECIAL, with_paints8
from .module_fixtures import (
    GLAZIERS,
    mgame,
    play_out_round,
    scored_of,
    start_round,
    well_of,
    with_glass,
    with_pennies,
)
from .test_module5_leaf_gold import gilded_restoration
from .test_module6_glaziers import window_restoration

P, Q, R, S = 0, 1, 2, 3
EARLY = {P: AT_6, Q: AT_7, R: AT_8, S: AT_9}


@pytest.mark.rule("R4.14")
@pytest.mark.parametrize("value", [1, 2, 3])
def test_R4_14_each_penny_is_worth_the_penny_value_of_the_data(value: int) -> None:
    """R4.14: before final scoring every penny behind a screen becomes Thalers, at the
    component data's ``penny_value`` Thalers each (shipped: 1)."""
    raw = copy.deepcopy(components_to_mapping(fresco_default()))
    raw["modules"]["wishing_well"]["penny_value"] = value
    data = components_from_mapping(raw)
    config = GameConfig(players=4, modules=frozenset({Module.WISHING_WELL}), components=data)
    state = with_pennies(game(4, config=config), P, 4)
    state = keep_first_tiles(state, 6, S)
    state = play_out_round(start_round(state, EARLY))  # round 2 is the final round
    assert state.final
    money = state.money
    state = play_out_round(start_round(state, {P: AT_5, Q: AT_7, R: AT_8, S: AT_9}))
    assert state.phase is Phase.OVER
    assert state.money[P] == money[P] + 4 * value
    assert state.money[Q] == money[Q] + 3 * value  # the 3 start pennies (R4.2)
    assert well_of(state).pennies == (0, 0, 0, 0)


@pytest.mark.rule("R5.7", "G.6")
@pytest.mark.parametrize(
    ("bishop", "gilding"), [((1, 1), 7), ((2, 2), 4), ((4, 4), 2)], ids=["on", "next", "far"]
)
def test_R5_7_gilding_points_come_from_the_data(bishop: tuple[int, int], gilding: int) -> None:
    """R5.7: gilding scores by the bishop's distance, at the component data's ``on_segment``,
    ``neighbour`` and ``elsewhere`` points (shipped 3/2/1; here 7/4/2)."""
    raw = copy.deepcopy(components_to_mapping(fresco_default()))
    raw["modules"]["leaf_gold"].update(on_segment=7, neighbour=4, elsewhere=2)
    state = gilded_restoration(bishop, components=components_from_mapping(raw))
    assert scored_of(state).parts.gilding == gilding


@pytest.mark.rule("R3.8")
def test_R3_8_the_altar_bonus_of_pink_and_brown_comes_from_the_data() -> None:
    """R3.8: a pink or brown piece in the altar's blended version scores its component-data
    bonus on top of 6 (shipped: pink 3, brown 5; here pink 4, brown 7)."""
    raw = copy.deepcopy(components_to_mapping(fresco_default()))
    raw["modules_123"]["special_blends"].update(altar_pink=4, altar_brown=7)
    data = components_from_mapping(raw)
    pink, brown, orange, green = Paint.PINK, Paint.BROWN, Paint.ORANGE, Paint.GREEN
    for pieces, points in (((pink, orange, green), 10), ((brown, brown, pink), 24)):
        held = {p.value: pieces.count(p) for p in set(pieces)}
        state = with_paints8(mgame(SPECIAL, components=data), P, **held)
        state = start_round(state, EARLY, {P: SubmitPlan(cathedral=2)})
        assert RestoreAltar(pieces) in legal_actions(state)
        assert scores(assert_legal(state, RestoreAltar(pieces)))[P] == points


@pytest.mark.rule("R3.3")
def test_R3_3_a_recorded_removal_that_does_not_fit_names_the_rule() -> None:
    """R3.3: with module 3 fresco tiles are removed at random at set-up; a replayed record whose
    outcome names no removable tile is refused under R3.3."""
    config = GameConfig(players=3, modules=frozenset({Module.SPECIAL_BLENDS}))
    log = new_game(config, 4).chance.log
    assert any(kind == "fresco_removed" for kind, _ in log)
    bad = [(k, "F99") if k == "fresco_removed" else (k, o) for k, o in log]
    with pytest.raises(IllegalAction) as raised:
        new_game(config, 4, chance=bad)
    assert raised.value.rule == "R3.3"
    assert "fresco_removed:F99 does not fit this fresco_removed draw" in raised.value.reason


@pytest.mark.rule("R6.15", "G.6")
def test_R6_15_missing_glass_costs_the_penalties_of_the_data() -> None:
    """R6.15: each uncovered pane costs its colour's component-data penalty (shipped: yellow 2,
    blue 4, red 6, green 8; here red 1 and green 3): W08 (red, green) with no glass."""
    raw = copy.deepcopy(components_to_mapping(fresco_default()))
    for kind in raw["modules"]["glaziers"]["glass"]:
        kind["penalty"] = {"yellow": 2, "blue": 4, "red": 1, "green": 3}[kind["colour"]]
    state = window_restoration("W08", (4, 4), components=components_from_mapping(raw))
    parts = scored_of(state).parts
    assert (parts.fresco, parts.window, parts.penalty) == (7, 7, 1 + 3)
    assert scored_of(state).points == 7 + 7 - 4


@pytest.mark.rule("R6.19")
def test_R6_19_the_altar_window_panes_come_from_the_data() -> None:
    """R6.19: at most one token per pane of the altar window, of the panes' colours: with an
    altar window of yellow, blue and red panes (shipped: all four colours) green is refused."""
    raw = copy.deepcopy(components_to_mapping(fresco_default()))
    raw["modules"]["glaziers"]["altar_window"]["panes"] = ["yellow", "blue", "red"]
    state = mgame(GLAZIERS, components=components_from_mapping(raw))
    state = with_glass(with_paints(state, P, red=1, yellow=1, blue=1), P, red=1, green=1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=2)})
    state = assert_legal(state, RestoreAltar((Paint.RED, Paint.YELLOW, Paint.BLUE)))
    problem = assert_illegal(state, HandInGlass((Glass.GREEN,)), "R6.19")
    assert problem.reason == "the altar window has no pane of that colour"
    assert HandInGlass((Glass.GREEN,)) not in legal_actions(state)
    assert HandInGlass((Glass.RED,)) in legal_actions(state)
