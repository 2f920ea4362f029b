"""Module 2, the Bishop's Requests: worked examples E2.1-E2.9 in reachable positions, the options
A2.x/A3.5 under every value, and rules R2.1-R2.17.
Common fixture: 4 players Red (seat 0, S1), Blue, Green and Yellow; the default component data.
"""

from __future__ import annotations

from typing import Any

import pytest
from attrs import evolve

from fresco_rules.fresco import (
    Blend,
    ChooseGetUp,
    ChooseIncomePaint,
    EndTurn,
    FulfilRequest,
    Location,
    Module3Splashes,
    Paint,
    PlaceGlassworks,
    Restore,
    State,
    SubmitPlan,
    UseAlchemy,
    legal_actions,
    player_view,
    scores,
    token_ledger,
)
from fresco_rules.fresco.extensions import pending
from fresco_rules.fresco.flow import FINAL_ROUND_TILES, begin_round
from fresco_rules.fresco.modules import requests_state
from fresco_rules.fresco.modules.requests_data import REQUESTS_DATA
from fresco_rules.fresco.modules.requests_state import RequestState

from ..module_states import requests_of
from .fixtures import (
    AT_5,
    AT_6,
    AT_7,
    AT_8,
    AT_9,
    assert_illegal,
    assert_legal,
    at,
    tiles_on_cathedral,
    with_only_tiles,
    with_tiles,
    with_track,
)
from .module123_fixtures import (
    REQUESTS,
    SPECIAL,
    assert_m6_ledgers,
    paints8,
    with_loose,
    with_paints8,
    with_pile,
)
from .module_fixtures import (
    GLAZIERS,
    WELL,
    end_turns_until,
    get_up,
    mgame,
    plan,
    play_out_round,
    start_round,
    with_hand,
)

RED, BLUE = 0, 1
EARLY = {0: AT_6, 1: AT_7, 2: AT_8, 3: AT_9}
WORKSHOP = Location.WORKSHOP


def _requests(state: State) -> RequestState:
    assert requests_state.requests_of(state) is not None
    return requests_of(state)


def _at_workshop(loose: tuple[str, ...], workshop: int = 1, **paints: int) -> State:
    state = with_loose(mgame(REQUESTS), RED, loose)
    if paints:
        state = with_paints8(state, RED, **paints)
    state = start_round(state, EARLY, {RED: SubmitPlan(workshop=workshop)})
    at(state, WORKSHOP, RED)
    return state


@pytest.mark.rule("R2.2", "R2.1", "R2.3", "A2.7")
def test_R2_2_setup_piles() -> None:
    tiles = {t.id: t for t in REQUESTS_DATA.of(mgame(REQUESTS).config.components).tiles}
    # R2.3: each tile shows its prerequisite (its type: any 3, or 3 x a colour) and its VP
    assert (tiles["RQ12"].colour, tiles["RQ12"].vp) == (Paint.PURPLE, 10)
    assert (tiles["RQ03"].colour, tiles["RQ03"].vp) == (None, 6)
    q = _requests(mgame(REQUESTS))
    assert q.piles == (
        ("RQ03", "RQ02", "RQ01"),
        ("RQ06", "RQ05", "RQ04"),
        ("RQ09", "RQ08", "RQ07"),
        ("RQ12", "RQ11", "RQ10"),
    )
    assert_m6_ledgers(mgame(REQUESTS))


@pytest.mark.rule("E2.1", "R2.4", "R2.5", "R2.10", "R2.11", "A2.6", "M.4")
def test_E2_1_general_request() -> None:
    state = with_track(_at_workshop(("F01", "F04", "F10")), {RED: 20})
    assert FulfilRequest("general", ("F10", "F01", "F04")) in legal_actions(state)
    money = state.money[RED]
    state = assert_legal(state, FulfilRequest("general", ("F01", "F04", "F10")))
    assert scores(state)[RED] == 26
    q = _requests(state)
    assert q.stacks[RED] == (("RQ03", ("F01", "F04", "F10")),)
    assert state.held[RED] == ()
    assert q.piles[0] == ("RQ02", "RQ01")
    assert state.turn is None or state.turn.actor != RED  # the apprentice makes no blend
    assert_m6_ledgers(state)
    # next income step: 1 Thaler and a primary of Red's choice, not 3 Thalers
    state = play_out_round(state) if state.round == 1 else state
    assert state.round == 2 and state.money[RED] == money + 1
    due = pending(state)
    assert due is not None and due.actor == RED and due.rule == "R2.11"
    assert set(legal_actions(state)) == {
        ChooseIncomePaint(p) for p in (Paint.RED, Paint.YELLOW, Paint.BLUE)
    }
    assert_illegal(state, ChooseIncomePaint(Paint.ORANGE), "A2.6")
    assert_illegal(state, ChooseGetUp(AT_5), "R2.11")
    state = assert_legal(state, ChooseIncomePaint(Paint.YELLOW))
    assert paints8(state, RED).get("yellow", 0) == 2  # 1 at the start + 1 income
    assert pending(state) is None
    assert_m6_ledgers(state)


@pytest.mark.rule("E2.2", "R2.6", "R2.11")
def test_E2_2_purple_request() -> None:
    state = with_track(_at_workshop(("F08", "F11", "F21")), {RED: 12})
    money = state.money[RED]
    state = assert_legal(state, FulfilRequest("purple", ("F08", "F11", "F21")))
    assert scores(state)[RED] == 22
    assert _requests(state).piles[3][0] == "RQ11"
    state = play_out_round(state) if state.round == 1 else state
    assert state.money[RED] == money + 1 and paints8(state, RED)["purple"] == 1
    assert pending(state) is None


@pytest.mark.rule("E2.3", "R2.6", "R2.7", "A2.1")
def test_E2_3_splashes() -> None:
    state = _at_workshop(("F07", "F09", "F12", "F16"))
    assert not any(a.pile == "green" for a in legal_actions(state) if isinstance(a, FulfilRequest))
    assert_illegal(state, FulfilRequest("green", ("F07", "F16", "F09")), "R2.6")
    assert_illegal(state, FulfilRequest("orange", ("F07", "F09", "F12")), "R2.6")
    after = assert_legal(state, FulfilRequest("orange", ("F09", "F12", "F16")))
    assert after.held[RED] == ("F07",)


@pytest.mark.rule("E2.4", "R2.4", "R0.47")
def test_E2_4_limits() -> None:
    loose = ("F01", "F02", "F03", "F04", "F05", "F06")
    state = _at_workshop(loose, workshop=3, red=2, yellow=2, blue=2)
    state = assert_legal(state, FulfilRequest("general", ("F01", "F02", "F03")))
    at(state, WORKSHOP, RED)
    assert_illegal(state, FulfilRequest("general", ("F04", "F05", "F06")), "R2.4")
    for result in (Paint.ORANGE, Paint.GREEN, Paint.PURPLE):
        state = assert_legal(state, Blend(result))
    assert state.turn is not None and state.turn.left == 1
    state = with_paints8(state, RED, red=2, yellow=2, blue=2)
    state = assert_legal(state, Blend(Paint.ORANGE))  # the fourth blend
    # no fifth blend (the request apprentice blending): the turn is over
    assert state.turn is None or state.turn.actor != RED


@pytest.mark.rule("R2.4")
def test_R2_4_the_request_apprentice_must_not_have_blended() -> None:
    state = _at_workshop(("F01", "F02", "F03"), workshop=1, red=1, yellow=1)
    state = assert_legal(state, Blend(Paint.ORANGE))
    assert_illegal(state, FulfilRequest("general", ("F01", "F02", "F03")), "R2.4")
    assert not any(isinstance(a, FulfilRequest) for a in legal_actions(state))


@pytest.mark.rule("E2.6", "R2.9", "A0.7")
def test_E2_6_tiles_restored_this_round() -> None:
    state = with_loose(mgame(REQUESTS), RED, ("F01", "F02"))
    state = with_tiles(state, {(0, 0): "F03"})
    state = with_paints8(state, RED, blue=1, red=1)
    state = start_round(state, EARLY, {RED: SubmitPlan(cathedral=1, workshop=1)})
    state = assert_legal(state, Restore((0, 0)))
    state = end_turns_until(state, WORKSHOP, RED)
    assert FulfilRequest("general", ("F01", "F02", "F03")) in legal_actions(state)
    # final round: a tile of the second cathedral column comes after the workshop
    final = with_loose(mgame(REQUESTS), RED, ("F01", "F02"))
    keep = {
        seg: t
        for seg, t in tiles_on_cathedral(final).items()
        if t in {"F03", "F05", "F06", "F07", "F08", "F09"}
    }
    final = with_only_tiles(final, keep, holder=BLUE)
    assert final.tiles_left() == FINAL_ROUND_TILES
    final = evolve(final, round=2)
    final = begin_round(final, 2)
    assert final.final and final.side == 2
    final = with_paints8(final, RED, blue=1, red=1)
    final = start_round(final, EARLY, {RED: SubmitPlan(workshop=1, cathedral_2=1)})
    at(final, WORKSHOP, RED)
    assert not any(isinstance(a, FulfilRequest) for a in legal_actions(final))


@pytest.mark.rule("E2.7", "R2.14", "R2.15", "A2.5")
def test_E2_7_leonardo() -> None:
    state = mgame(REQUESTS, players=2, start=(2, 1))
    leo = state.tables.leonardo
    assert state.controller == BLUE
    slots = {0: AT_6, 1: AT_7, leo: AT_5}
    state = start_round(state, slots, {})
    leo_plan = state.plans[leo]
    assert leo_plan is not None and leo_plan.workshop == 1
    state = end_turns_until(state, WORKSHOP, leo)
    # his cathedral tile of this round goes back so that exactly the example's tiles lie there
    state = evolve(state, cathedral=_put_back(state), held=_put(state.held, leo, ()))
    state = with_loose(state, leo, ("F03", "F06", "F13", "F20"))
    state = with_track(state, {leo: 15})
    listed = legal_actions(state)
    assert EndTurn() in listed and not any(isinstance(a, Blend) for a in listed)
    assert_illegal(state, Blend(Paint.ORANGE), "R2.15")
    # case a
    a = assert_legal(state, FulfilRequest("general", ("F03", "F06", "F13")))
    assert a.track[leo] == 21
    q = _requests(a)
    assert q.removed == ("RQ03",) and set(q.removed_tiles) == {"F03", "F06", "F13"}
    assert a.held[leo] == ("F20",) and q.piles[0][0] == "RQ02"
    assert_m6_ledgers(a)
    # case b: declining is legal
    b = assert_legal(state, EndTurn())
    assert _requests(b).piles[0][0] == "RQ03"
    # case c: only 2 tiles, no request
    c = end_turns_until(
        start_round(mgame(REQUESTS, players=2, start=(2, 1)), slots, {}), WORKSHOP, leo
    )
    c = evolve(c, cathedral=_put_back(c), held=_put(c.held, leo, ()))
    c = with_loose(c, leo, ("F03", "F06"))
    assert legal_actions(c) == (EndTurn(),)


def _put(
    values: tuple[tuple[str, ...], ...], index: int, value: tuple[str, ...]
) -> tuple[tuple[str, ...], ...]:
    return (*values[:index], value, *values[index + 1 :])


def _put_back(state: State) -> tuple[str | None, ...]:
    """The cathedral with Leonardo's tiles back on the first restored segments."""
    tiles = list(state.held[state.tables.leonardo])
    return tuple(t if t is not None or not tiles else tiles.pop() for t in state.cathedral)


@pytest.mark.rule("E2.8", "R2.8")
def test_E2_8_empty_pile() -> None:
    state = with_pile(mgame(REQUESTS), "purple", ())
    state = with_loose(state, RED, ("F08", "F11", "F21"))
    state = start_round(state, EARLY, {RED: SubmitPlan(workshop=1)})
    assert not any(
        isinstance(a, FulfilRequest) and a.pile == "purple" for a in legal_actions(state)
    )
    assert_illegal(state, FulfilRequest("purple", ("F08", "F11", "F21")), "R2.8")
    assert_m6_ledgers(state)


@pytest.mark.rule("E2.9", "R2.12")
def test_E2_9_final_round() -> None:
    state = with_pile(mgame(REQUESTS), "general", ("RQ02", "RQ01"))
    state = with_loose(state, RED, ("F01", "F02", "F03"))
    keep = {
        seg: t
        for seg, t in tiles_on_cathedral(state).items()
        if t in {"F05", "F06", "F07", "F08", "F09", "F10"}
    }
    state = with_only_tiles(state, keep, holder=BLUE)
    state = begin_round(state, 1)
    assert state.final
    state = start_round(state, EARLY, {RED: SubmitPlan(workshop=1)})
    state = with_track(state, {RED: 10})
    money = state.money[RED]
    state = assert_legal(state, FulfilRequest("general", ("F01", "F02", "F03")))
    state = play_out_round(state)
    # 5 VP for RQ02, then the final conversion of his Thalers; no income step follows
    assert state.phase.value == "over" and pending(state) is None
    assert state.money[RED] == money and scores(state)[RED] == 10 + 5 + money // 2


@pytest.mark.rule("R2.7", "A2.2", "R2.5")
def test_R2_7_stacked_tiles_never_count_again() -> None:
    state = _at_workshop(("F01", "F02", "F03"))
    state = assert_legal(state, FulfilRequest("general", ("F01", "F02", "F03")))
    state = play_out_round(state)
    state = assert_legal(state, ChooseIncomePaint(Paint.RED))
    state = start_round(state, EARLY, {RED: SubmitPlan(workshop=1)})
    assert_illegal(state, FulfilRequest("general", ("F01", "F02", "F03")), "A2.2")
    assert_illegal(state, FulfilRequest("general", ("F01", "F01", "F02")), "R2.7")


@pytest.mark.rule("R2.13", "A2.3")
def test_R2_13_views() -> None:
    state = with_paints8(_at_workshop(("F01", "F02", "F03")), RED, red=1)
    state = assert_legal(state, FulfilRequest("general", ("F01", "F02", "F03")))
    view: Any = player_view(state, BLUE)
    assert view["request_stacks"][RED] == (("RQ03", ("F01", "F02", "F03")),)
    assert view["request_piles"]["general"] == ("RQ02", "RQ01")
    assert view["paints"][RED] is None  # behind the screen


@pytest.mark.rule("R2.16", "A2.4", "R4.12")
def test_R2_16_alchemy_and_the_request_apprentice() -> None:
    state = with_loose(with_hand(mgame(REQUESTS, WELL), RED, "alchemy"), RED, ("F01", "F02", "F03"))
    state = with_paints8(state, RED, red=3)
    state = start_round(state, EARLY, {RED: SubmitPlan(workshop=1)})
    state = assert_legal(state, FulfilRequest("general", ("F01", "F02", "F03")))
    # the only apprentice fulfilled the request: no Alchemy; the turn is over
    assert state.turn is None or state.turn.actor != RED
    other = with_loose(with_hand(mgame(REQUESTS, WELL), RED, "alchemy"), RED, ("F01", "F02", "F03"))
    other = with_paints8(other, RED, red=3)
    other = start_round(other, EARLY, {RED: SubmitPlan(workshop=1)})
    other = assert_legal(other, UseAlchemy((Paint.RED,) * 3, Paint.PURPLE))
    assert_illegal(other, FulfilRequest("general", ("F01", "F02", "F03")), "A2.4")
    two = with_loose(with_hand(mgame(REQUESTS, WELL), RED, "alchemy"), RED, ("F01", "F02", "F03"))
    two = with_paints8(two, RED, red=3)
    two = start_round(two, EARLY, {RED: SubmitPlan(workshop=2)})
    two = assert_legal(two, FulfilRequest("general", ("F01", "F02", "F03")))
    assert UseAlchemy((Paint.RED,) * 3, Paint.GREEN) in legal_actions(two)


@pytest.mark.rule("R2.17", "R6.7")
def test_R2_17_glassworks_over_the_workshop() -> None:
    state = with_loose(mgame(REQUESTS, GLAZIERS), RED, ("F01", "F02", "F03"))
    state = get_up(state, EARLY)
    state = plan(state, {RED: SubmitPlan(market=1)}, covers={RED: PlaceGlassworks(WORKSHOP)})
    chosen = state.plans[RED]
    assert chosen is not None and chosen.workshop == 0


@pytest.mark.rule("A3.5", "R3.13")
@pytest.mark.parametrize("splashes", list(Module3Splashes))
def test_A3_5_module3_tiles_for_requests(splashes: Module3Splashes) -> None:
    state = mgame(REQUESTS, SPECIAL, module3_splashes=splashes)
    rules = next(m for m in state.tables.modules if m.module is REQUESTS)
    shown = rules.splashes["F31"]
    if splashes is Module3Splashes.FORMULA:
        assert shown == {Paint.ORANGE, Paint.GREEN, Paint.PURPLE}
    else:
        assert shown == frozenset()
    assert rules.splashes["F16"] == {Paint.ORANGE, Paint.GREEN}
    assert sum(token_ledger(state)["request_tiles"].values()) == 12
