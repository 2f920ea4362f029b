"""Module 3, Special blend colours: worked examples E3.1-E3.11 in reachable positions, the options
A3.1 under both values, and rules R3.1-R3.16.
Common fixture: 4 players Red (seat 0, S1), Blue, Green and Yellow; the default component data.
"""

from __future__ import annotations

from collections import Counter

import pytest
from attrs import evolve

from fresco_rules.fresco import (
    Blend,
    DiscSet,
    GameConfig,
    Gild,
    Glass,
    HandInGlass,
    Location,
    M3Setup,
    Module,
    Paint,
    Restore,
    RestoreAltar,
    State,
    SubmitPlan,
    UseAlchemy,
    legal_actions,
    new_game,
    player_view,
    scores,
    token_ledger,
)
from fresco_rules.fresco.modules import leaf_gold_state, special_blends_state
from fresco_rules.fresco.modules.glaziers_data import GLAZIERS_DATA
from fresco_rules.fresco.vocab import CENTRE, SEGMENTS

from ..module_states import specials_of
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
    with_track,
)
from .module123_fixtures import (
    SPECIAL,
    assert_m6_ledgers,
    paints8,
    supply8,
    with_paints8,
    with_tiles3,
)
from .module_fixtures import (
    GLAZIERS,
    GOLD,
    WELL,
    end_turns_until,
    gold_of,
    mgame,
    scored_of,
    start_round,
    with_disc,
    with_glass,
    with_gold,
    with_hand,
)

RED = 0
EARLY = {0: AT_6, 1: AT_7, 2: AT_8, 3: AT_9}
R, Y, B = Paint.RED, Paint.YELLOW, Paint.BLUE
OR, GR, PU, PK, BN = Paint.ORANGE, Paint.GREEN, Paint.PURPLE, Paint.PINK, Paint.BROWN
BASE_IDS = {f"F{n:02d}" for n in range(1, 26)}
NEW_IDS = {f"F{n}" for n in range(26, 33)}


# --- setup (E3.1, R3.1-R3.4, A3.1) ---------------------------------------------------------------


@pytest.mark.rule("E3.1", "R3.1", "R3.2", "R3.3", "R3.4", "R3.11", "A3.3", "M.6", "M.7", "AM.2")
def test_E3_1_setup() -> None:
    state = mgame(SPECIAL)
    assert state.tile_at(CENTRE) == "F32" and state.bishop == CENTRE
    on_board = [t for t in state.cathedral if t is not None]
    assert len(on_board) == 25 == state.tiles_left()
    assert special_blends_state.specials_of(state) is not None
    removed = set(specials_of(state).removed)
    assert len(removed) == 7 and removed <= BASE_IDS
    others = [state.tile_at(seg) for seg in SEGMENTS if seg != CENTRE]
    assert Counter(t in NEW_IDS for t in others) == {False: 18, True: 6}
    assert set(on_board) | removed == BASE_IDS | NEW_IDS
    ledger = token_ledger(state)
    assert sum(ledger["paint.pink"].values()) == 6 == ledger["paint.pink"]["supply"]
    assert sum(ledger["paint.brown"].values()) == 6 == ledger["paint.brown"]["supply"]
    assert ledger["fresco_tiles"]["removed (module 3)"] == 7
    assert_m6_ledgers(state)
    assert not state.final and state.side == 1
    # M.7/AM.2: the 7 removals are drawn after the market, in place of the base deal
    kinds = [kind for kind, _ in state.chance.log]
    first = kinds.index("fresco_removed")
    assert kinds[first : first + 7] == ["fresco_removed"] * 7
    assert "market" not in kinds[first:] and kinds[first + 7 :] == ["fresco"] * 24
    # A3.1: the removed tiles are hidden; a view shows only their number
    view = player_view(state, RED)
    assert view["fresco_removed"] == 7
    assert not any(tile in str(view) for tile in removed)


@pytest.mark.rule("A3.1", "R3.3")
def test_A3_1_mix_all_removes_from_all_31() -> None:
    seen_new_removed = False
    for seed in range(40):
        state = new_game(GameConfig(players=4, modules={SPECIAL}, m3_setup=M3Setup.MIX_ALL), seed)
        assert (
            special_blends_state.specials_of(state) is not None and state.tile_at(CENTRE) == "F32"
        )
        assert len(specials_of(state).removed) == 7
        seen_new_removed |= bool(set(specials_of(state).removed) & NEW_IDS)
        assert_m6_ledgers(state)
        supplement = new_game(GameConfig(players=4, modules={SPECIAL}), seed)
        assert special_blends_state.specials_of(supplement) is not None
        assert set(specials_of(supplement).removed) <= BASE_IDS
    assert seen_new_removed, "mix_all may remove module-3 tiles too"


@pytest.mark.rule("R3.1", "A3.2")
def test_R3_1_no_special_paints_without_module_3() -> None:
    state = mgame()
    assert len(state.paints[RED]) == 6 and "paint.pink" not in token_ledger(state)
    state = with_paints(state, RED, orange=1, green=1, purple=1)
    state = start_round(state, EARLY, {RED: SubmitPlan(cathedral=1, workshop=1)})
    at(state, Location.CATHEDRAL, RED)
    assert_illegal(state, RestoreAltar((OR, GR, PK)), "R3.1")
    assert all(PK not in getattr(a, "paints", ()) for a in legal_actions(state))


# --- workshop (E3.2, E3.3, R3.5-R3.7) ------------------------------------------------------------


@pytest.mark.rule("E3.2", "R3.5", "R3.6")
def test_E3_2_pink_in_one_apprentices_two_blends() -> None:
    state = with_paints8(mgame(SPECIAL), RED, red=2, blue=1)
    before = supply8(state)
    state = start_round(state, EARLY, {RED: SubmitPlan(workshop=1)})
    at(state, Location.WORKSHOP, RED)
    state = assert_legal(state, Blend(PU))
    assert Blend(PK) in legal_actions(state)  # the purple just blended is used at once
    state = assert_legal(state, Blend(PK))
    assert paints8(state, RED) == {"pink": 1}
    after = supply8(state)
    assert (after["red"] - before["red"], after["blue"] - before["blue"]) == (2, 1)
    assert (after["pink"], after["purple"]) == (before["pink"] - 1, before["purple"])
    assert_m6_ledgers(state)


@pytest.mark.rule("E3.3", "R3.5", "R0.47")
def test_E3_3_brown_needs_three_blends() -> None:
    one = with_paints8(mgame(SPECIAL), RED, red=1, yellow=2, blue=1)
    one = start_round(one, EARLY, {RED: SubmitPlan(workshop=1, theatre=1)})
    one = assert_legal(assert_legal(one, Blend(OR)), Blend(GR))
    assert paints8(one, RED) == {"orange": 1, "green": 1}
    assert one.turn is None or one.turn.location is not Location.WORKSHOP  # no third blend
    two = with_paints8(mgame(SPECIAL), RED, red=1, yellow=2, blue=1)
    two = start_round(two, EARLY, {RED: SubmitPlan(workshop=2)})
    two = assert_legal(assert_legal(two, Blend(OR)), Blend(GR))
    two = assert_legal(two, Blend(BN))
    assert paints8(two, RED) == {"brown": 1}


@pytest.mark.rule("R3.7", "R3.5")
def test_R3_7_no_other_recipe() -> None:
    state = with_paints8(mgame(SPECIAL), RED, pink=2, brown=2, red=1, orange=1)
    state = start_round(state, EARLY, {RED: SubmitPlan(workshop=1)})
    listed = legal_actions(state)
    assert {a.result for a in listed if isinstance(a, Blend)} == set()  # P + R, O + G missing
    assert_illegal(state, Blend(PK), "R0.31")
    base = with_paints(mgame(), RED, red=1, purple=1)
    base = start_round(base, EARLY, {RED: SubmitPlan(workshop=1)})
    assert_illegal(base, Blend(PK), "R3.5")  # without module 3 pink is no blend


# --- altar (E3.4-E3.6, R3.8, R3.9) ---------------------------------------------------------------


def _at_altar(**pieces: int) -> State:
    state = with_paints8(mgame(SPECIAL), RED, **pieces)
    return start_round(state, EARLY, {RED: SubmitPlan(cathedral=2)})


@pytest.mark.rule("E3.4", "R3.8")
def test_E3_4_in_a_game() -> None:
    state = _at_altar(orange=1, green=1, pink=1)
    assert RestoreAltar((OR, GR, PK)) in legal_actions(state)
    state = assert_legal(state, RestoreAltar((PK, GR, OR)))
    assert scores(state)[RED] == 9 and paints8(state, RED) == {}
    assert_m6_ledgers(state)


@pytest.mark.rule("E3.5", "R3.8")
def test_E3_5_in_a_game() -> None:
    state = assert_legal(_at_altar(brown=3), RestoreAltar((BN, BN, BN)))
    assert scores(state)[RED] == 21


@pytest.mark.rule("E3.6", "R3.9", "A3.2")
def test_E3_6_in_a_game() -> None:
    state = _at_altar(orange=2, green=1, purple=1, pink=3, brown=2, red=1, yellow=1)
    for hand_in, points in (((OR, PK, BN), 14), ((PK, PK, PK), 15), ((GR, PU, BN), 11)):
        assert scores(assert_legal(state, RestoreAltar(hand_in)))[RED] == points
    assert scores(assert_legal(state, RestoreAltar((OR, GR, PU))))[RED] == 6
    assert_illegal(state, RestoreAltar((R, Y, PK)), "R3.9")
    assert_illegal(state, RestoreAltar((OR, OR, BN)), "R3.9")
    assert_illegal(state, RestoreAltar((PK, BN)), "R0.43")
    short = _at_altar(orange=1, green=1)
    assert_illegal(short, RestoreAltar((OR, GR, PK)), "R0.31")


# --- cathedral tiles (E3.7, E3.8, R3.10, R3.12) --------------------------------------------------


@pytest.mark.rule("E3.7", "R3.10", "R0.42")
def test_E3_7_the_centre_tile() -> None:
    state = with_paints8(mgame(SPECIAL), RED, pink=1, brown=1)
    state = with_track(state, {RED: 30})
    state = start_round(state, EARLY, {RED: SubmitPlan(cathedral=1)})
    at(state, Location.CATHEDRAL, RED)
    state = assert_legal(state, Restore(CENTRE))
    assert scores(state)[RED] == 57  # 30 + 24 + 3
    assert paints8(state, RED) == {} and state.held[RED] == ("F32",)
    assert state.bishop == CENTRE
    assert_m6_ledgers(state)


@pytest.mark.rule("E3.8", "R3.12", "R0.76")
def test_E3_8_leonardo_and_a_module3_tile() -> None:
    """The spec places the value-5 tile on (1,1), which shares a side with (2,1) by the
    conventions of fresco-base.md; the point of the example (a diagonal cell is no destination)
    is checked with that tile on (1,2), and (1,1) is checked to be a destination."""
    state = mgame(SPECIAL, players=2)
    leo = state.tables.leonardo
    state = with_tiles3(state, {(1, 2): "F04", (3, 1): "F10", (1, 1): "F05"})
    with_one = state
    state = _empty(state, (2, 1), (2, 0), (1, 1), holder=0)
    state = evolve(state, leonardo_at=(2, 1), bishop=(2, 1))
    slots = {0: AT_6, 1: AT_7, leo: AT_5}
    state = end_turns_until(start_round(state, slots, {}), Location.CATHEDRAL, leo)
    assert set(legal_actions(state)) == {Restore(CENTRE), Restore((3, 1))}
    before = state.track[leo]
    after = assert_legal(state, Restore(CENTRE))
    assert after.track[leo] == before + 26
    assert after.bishop == CENTRE == after.leonardo_at
    # with F05 (value 5) left on (1,1), that cell is an orthogonal destination too
    with_one = _empty(with_one, (2, 1), (2, 0), holder=0)
    with_one = evolve(with_one, leonardo_at=(2, 1), bishop=(2, 1))
    with_one = end_turns_until(start_round(with_one, slots, {}), Location.CATHEDRAL, leo)
    assert set(legal_actions(with_one)) == {Restore(CENTRE), Restore((3, 1)), Restore((1, 1))}


def _empty(state: State, *cells: tuple[int, int], holder: int) -> State:
    """Restore ``cells`` for ``holder`` (his tiles face down), keeping the 32 tiles conserved."""
    cathedral = list(state.cathedral)
    taken: list[str] = []
    for r, c in cells:
        tile = cathedral[r * 5 + c]
        assert tile is not None and tile != "F32"
        taken.append(tile)
        cathedral[r * 5 + c] = None
    held = (*state.held[:holder], (*state.held[holder], *taken), *state.held[holder + 1 :])
    return evolve(state, cathedral=tuple(cathedral), held=held)


# --- modules 4-6 (E3.9-E3.11, R3.13-R3.16) -------------------------------------------------------


@pytest.mark.rule("E3.9", "R3.15", "A5.1", "A5.6")
def test_E3_9_brown_gilding() -> None:
    state = with_tiles3(mgame(SPECIAL, GOLD), {(1, 1): "F29", (0, 0): "F26", (0, 1): "F31"})
    assert leaf_gold_state.gold_of(state) is not None
    assert Paint.BROWN in {*gold_of(state).bag, gold_of(state).disc}  # A5.1 with module 3
    state = with_gold(with_disc(state, BN), RED, 1)
    state = with_paints8(state, RED, brown=1, red=2, blue=1, pink=1, orange=1, purple=1)
    state = start_round(state, EARLY, {RED: SubmitPlan(cathedral=2)})
    assert state.bishop == CENTRE
    gilded = assert_legal(state, Restore((1, 1)))
    assert legal_actions(gilded) == (Gild(True), Gild(False))
    gilded = assert_legal(gilded, Gild(True))
    assert scores(gilded)[RED] == 20 and scored_of(gilded).parts.gilding == 2
    # F26 (Pk R) shows no brown: no leaf gold decision, and a Gild is refused
    plain = assert_legal(state, Restore((0, 0)))
    assert plain.restoring is None and scored_of(plain).parts.gilding == 0
    # with purple on the basket: F31 (Bn O P) can be gilded, F26 cannot (pink is not purple)
    purple = with_disc(state, PU)
    assert assert_legal(purple, Restore((0, 1))).restoring is not None
    assert assert_legal(purple, Restore((0, 0))).restoring is None
    assert_illegal(assert_legal(purple, Restore((0, 0))), Gild(True), "R5.6")
    # A5.1 without module 3: no brown disc
    six = mgame(GOLD)
    assert Paint.BROWN not in {*gold_of(six).bag, gold_of(six).disc}
    seven = mgame(GOLD, disc_set=DiscSet.ALL_SEVEN)
    assert Paint.BROWN in {*gold_of(seven).bag, gold_of(seven).disc}


@pytest.mark.rule("E3.10", "R3.16", "R6.19", "G.6")
def test_E3_10_altar_window() -> None:
    state = with_paints8(mgame(SPECIAL, GLAZIERS), RED, brown=3)
    state = with_glass(state, RED, yellow=1, blue=1, red=1, green=1)
    state = start_round(state, EARLY, {RED: SubmitPlan(cathedral=1)})
    state = assert_legal(state, RestoreAltar((BN, BN, BN)))
    state = assert_legal(state, HandInGlass((Glass.YELLOW, Glass.BLUE, Glass.RED, Glass.GREEN)))
    assert scores(state)[RED] == 25


@pytest.mark.rule("E3.11", "R3.14", "R4.12")
def test_E3_11_alchemy() -> None:
    state = with_paints8(with_hand(mgame(SPECIAL, WELL), RED, "alchemy"), RED, red=2, blue=1)
    state = start_round(state, EARLY, {RED: SubmitPlan(workshop=1)})
    at(state, Location.WORKSHOP, RED)
    offered = {a.result for a in legal_actions(state) if isinstance(a, UseAlchemy)}
    assert offered == {OR, GR, PU}
    assert_illegal(state, UseAlchemy((R, R, B), PK), "R4.12")
    assert paints8(assert_legal(state, UseAlchemy((R, R, B), GR)), RED) == {"green": 1}


@pytest.mark.rule("R3.16", "R6.11")
def test_R3_16_centre_borders_no_window() -> None:
    state = mgame(SPECIAL, GLAZIERS)
    assert CENTRE not in GLAZIERS_DATA.of(state.config.components).window_segments.segments
    assert Module.SPECIAL_BLENDS in state.config.modules
