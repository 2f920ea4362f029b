"""Module 1, the Portraits: worked examples E1.1-E1.13, EM.1 and E2.5 in reachable positions,
the options A1.1, A1.2, A1.3 and A1.6 under every value, and rules R1.1-R1.28.
Common fixture: 4 players Red (seat 0, S1), Blue, Green and Yellow; the default component data.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from attrs import evolve

from fresco_rules.fresco import (
    Abbot,
    AttendTheatre,
    ChooseIncomePaint,
    EarnStudio,
    EndTurn,
    FulfilRequest,
    Location,
    Paint,
    PlaceGlassworks,
    Portraits,
    Restore,
    RestoreAltar,
    Sexton,
    State,
    SubmitPlan,
    TakePortrait,
    TipWithPortrait,
    UseBishopsPraise,
    UseSexton,
    UseTip,
    components_from_mapping,
    components_to_mapping,
    default_components,
    legal_actions,
    new_game,
    player_view,
    scores,
    token_ledger,
)
from fresco_rules.fresco.extensions import pending
from fresco_rules.fresco.flow import begin_round
from fresco_rules.fresco.modules import portraits_state, requests_state
from fresco_rules.fresco.modules.portraits_data import PORTRAITS_DATA
from fresco_rules.fresco.modules.portraits_state import PortraitState

from ..module_states import portraits_of, requests_of
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
    with_money,
    with_tiles,
)
from .module123_fixtures import (
    PORTRAITS,
    REQUESTS,
    assert_m6_ledgers,
    paints8,
    with_display,
    with_loose,
    with_mood,
    with_paints8,
    with_portraits_held,
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
    well_of,
    with_hand,
    with_pennies,
)

RED, BLUE, GREEN = 0, 1, 2
EARLY = {0: AT_6, 1: AT_7, 2: AT_8, 3: AT_9}
STUDIO, CATHEDRAL = Location.STUDIO, Location.CATHEDRAL
PR, PY, PB, PO = Paint.RED, Paint.YELLOW, Paint.BLUE, Paint.ORANGE


def _p(state: State) -> PortraitState:
    assert portraits_state.portraits_of(state) is not None
    return portraits_of(state)


def _cards(state: State) -> dict[str, Any]:
    return {c.id: c for c in PORTRAITS_DATA.of(state.config.components).cards}


@pytest.mark.rule("E1.1", "R1.1", "R1.2", "R1.3", "M.7", "AM.2")
def test_E1_1_setup() -> None:
    state = mgame(PORTRAITS)
    p = _p(state)
    backs = {card: info.back for card, info in _cards(state).items()}
    assert len(p.display) == 2 and all(c is not None and backs[c] == "A" for c in p.display)
    assert len(p.deck) == 16
    assert [backs[c] for c in p.deck] == ["A"] * 4 + ["B"] * 6 + ["C"] * 6
    assert_m6_ledgers(state)
    # M.7: the portrait shuffles come after the cathedral deal
    kinds = [kind for kind, _ in state.chance.log]
    assert kinds.index("portrait") > max(i for i, k in enumerate(kinds) if k == "fresco")
    assert kinds.count("portrait") == 18


def _studio(
    display: tuple[str | None, ...], studio: int = 2, money: int = 5, **options: Any
) -> State:
    state = with_display(mgame(PORTRAITS, **options), display)
    state = with_money(state, RED, money)
    return start_round(
        state,
        EARLY,
        {RED: SubmitPlan(studio=studio), BLUE: SubmitPlan(studio=1), GREEN: SubmitPlan(studio=2)},
    )


@pytest.mark.rule("E1.2", "R1.4", "R1.5", "R1.15", "A1.1")
def test_E1_2_taking_a_portrait() -> None:
    state = _studio(("PT05", "PT01"))
    at(state, STUDIO, RED)
    state = assert_legal(state, TakePortrait("PT05"))
    assert state.money[RED] == 12 and _p(state).display == (None, "PT01")
    assert "PT05" in _p(state).removed
    assert_illegal(state, TakePortrait("PT01"), "R1.5")
    assert TakePortrait("PT01") not in legal_actions(state)
    state = assert_legal(state, EarnStudio())
    assert state.money[RED] == 15
    assert_m6_ledgers(state)
    # per_apprentice: Red takes the Abbot too
    other = _studio(("PT05", "PT01"), portraits=Portraits.PER_APPRENTICE)
    other = assert_legal(assert_legal(other, TakePortrait("PT05")), TakePortrait("PT01"))
    assert other.money[RED] == 12 and _p(other).held[RED] == ("PT01",)


@pytest.mark.rule("E1.3", "R1.6", "R1.7")
def test_E1_3_empty_display() -> None:
    state = _studio(("PT05", "PT01"))
    state = assert_legal(assert_legal(state, TakePortrait("PT05")), EarnStudio())
    state = with_money(with_money(state, BLUE, 4), GREEN, 0)
    at(state, STUDIO, BLUE)
    state = assert_legal(state, TakePortrait("PT01"))
    assert state.money[BLUE] == 4 and _p(state).held[BLUE] == ("PT01",)
    at(state, STUDIO, GREEN)
    assert not any(isinstance(a, TakePortrait) for a in legal_actions(state))
    state = assert_legal(assert_legal(state, EarnStudio()), EarnStudio())
    assert state.money[GREEN] == 6


def _abbot_restoration(bishop: tuple[int, int], *, praise: bool = False, **options: Any) -> State:
    modules = (PORTRAITS, WELL) if praise else (PORTRAITS,)
    state = with_tiles(mgame(*modules, **options), {(1, 2): "F10"})
    state = with_portraits_held(state, RED, "PT01")
    state = with_paints8(state, RED, red=1, yellow=1, green=1)
    if praise:
        state = with_hand(state, RED, "bishops_praise")
    state = start_round(state, EARLY, {RED: SubmitPlan(cathedral=1)})
    state = evolve(state, bishop=bishop)
    at(state, CATHEDRAL, RED)
    if praise:
        state = assert_legal(state, UseBishopsPraise())
    state = assert_legal(state, Restore((1, 2)))
    assert state.bishop == (1, 2)
    return state


@pytest.mark.rule("E1.4", "R1.9", "R1.26", "A1.2", "R4.10")
@pytest.mark.parametrize(
    ("bishop", "praise", "abbot", "points"),
    [
        ((2, 2), False, Abbot.IF_POSITIVE, 10),
        ((1, 2), False, Abbot.IF_POSITIVE, 11),
        ((4, 4), False, Abbot.IF_POSITIVE, 7),
        ((4, 4), False, Abbot.ALWAYS, 8),
        ((1, 2), True, Abbot.IF_POSITIVE, 12),
        ((4, 4), True, Abbot.IF_POSITIVE, 8),
        ((4, 4), True, Abbot.ALWAYS, 9),
    ],
)
def test_E1_4_abbot(bishop: tuple[int, int], praise: bool, abbot: Abbot, points: int) -> None:
    assert scores(_abbot_restoration(bishop, praise=praise, abbot=abbot))[RED] == points


@pytest.mark.rule("E1.5", "R1.10", "R0.24")
@pytest.mark.parametrize(("apprentices", "row"), [(1, 6), (2, 8)])
def test_E1_5_actor(apprentices: int, row: int) -> None:
    state = with_portraits_held(mgame(PORTRAITS), RED, "PT02")
    state = start_round(state, EARLY, {RED: SubmitPlan(theatre=apprentices)})
    state = with_mood(state, RED, 3)
    count = state.apprentices[RED]
    for _ in range(apprentices):
        state = assert_legal(state, AttendTheatre())
    assert state.mood[RED] == row and state.apprentices[RED] == count
    plain = start_round(mgame(PORTRAITS), EARLY, {RED: SubmitPlan(theatre=1)})
    plain = assert_legal(with_mood(plain, RED, 3), AttendTheatre())
    assert plain.mood[RED] == 5


def _sexton_position(sexton: Sexton = Sexton.REPLACES_STEP, **plan: int) -> State:
    state = with_tiles(mgame(PORTRAITS, sexton=sexton), {(0, 0): "F05", (0, 1): "F02"})
    state = with_portraits_held(state, RED, "PT07")
    state = with_paints8(with_money(state, RED, 3), RED, red=2, yellow=2, blue=1)
    state = start_round(state, EARLY, {RED: SubmitPlan(**(plan or {"cathedral": 2}))})
    return evolve(state, bishop=(4, 4))


@pytest.mark.rule("E1.6", "R1.11", "A1.3")
def test_E1_6_sexton() -> None:
    state = _sexton_position()
    at(state, CATHEDRAL, RED)
    assert UseSexton((0, 0)) in legal_actions(state)
    state = assert_legal(state, UseSexton((0, 0)))
    assert legal_actions(state)[0] == Restore((0, 0)) or Restore((0, 0)) in legal_actions(state)
    assert_illegal(state, Restore((0, 0), (0, 1)), "A1.3")  # a second move before it
    assert_illegal(state, RestoreAltar((PR, PY, PB)), "A1.3")
    state = assert_legal(state, Restore((0, 0)))
    assert scores(state)[RED] == 8 and state.money[RED] == 2 and state.bishop == (0, 0)
    assert_illegal(state, UseSexton((3, 3)), "R1.11")  # once per round
    assert Restore((0, 1), (0, 1)) in legal_actions(state)  # the normal one-step move
    assert scores(assert_legal(state, Restore((0, 1))))[RED] == 8 + 5
    assert_m6_ledgers(state)


@pytest.mark.rule("A1.3", "R1.11")
def test_A1_3_extra_move_and_any_time() -> None:
    extra = assert_legal(_sexton_position(Sexton.EXTRA_MOVE), UseSexton((1, 1)))
    extra = assert_legal(extra, Restore((0, 0), (0, 0)))
    assert scores(extra)[RED] == 8 and extra.money[RED] == 1
    anytime = _sexton_position(Sexton.ANY_TIME)
    anytime = assert_legal(anytime, UseSexton((0, 0)))
    assert pending(anytime) is None
    done = assert_legal(anytime, EndTurn())
    assert done.bishop == (0, 0) and done.money[RED] == 2
    # replaces_step: no Sexton move without a segment restoration it can precede
    broke = with_paints8(_sexton_position(), RED)
    assert not any(isinstance(a, UseSexton) for a in legal_actions(broke))
    assert_illegal(broke, UseSexton((0, 0)), "A1.3")


@pytest.mark.rule("E1.6", "R1.11", "R0.26")
def test_E1_6_sexton_once_in_the_final_round() -> None:
    state = with_tiles(mgame(PORTRAITS), {(0, 0): "F05", (0, 1): "F02"})
    state = keep_first_tiles(state, 6, BLUE)
    state = with_portraits_held(state, RED, "PT07")
    state = with_paints8(with_money(state, RED, 3), RED, red=2, yellow=2, blue=1)
    state = begin_round(state, 1)
    assert state.final
    state = start_round(state, EARLY, {RED: SubmitPlan(cathedral=1, cathedral_2=1)})
    state = assert_legal(assert_legal(state, UseSexton((0, 0))), Restore((0, 0)))
    state = end_turns_until(state, Location.CATHEDRAL_2, RED)
    assert_illegal(state, UseSexton((0, 1)), "R1.11")


@pytest.mark.rule("E1.7", "R1.12", "M.4")
def test_E1_7_gods_servant() -> None:
    state = with_portraits_held(mgame(PORTRAITS), RED, "PT03")
    state = with_loose(state, RED, ("F01", "F02", "F03", "F04"))
    state = with_money(state, RED, 0)
    state = play_out_round(start_round(state, EARLY))
    assert state.round == 2 and state.money[RED] == 5
    final = with_portraits_held(mgame(PORTRAITS), RED, "PT03")
    final = begin_round(keep_first_tiles(final, 6, BLUE), 1)
    money = final.money[RED]
    final = play_out_round(start_round(final, EARLY))
    assert final.phase.value == "over" and final.money[RED] == money


@pytest.mark.rule("E1.8", "R1.13", "A1.7", "R1.8")
def test_E1_8_muse() -> None:
    state = with_display(mgame(PORTRAITS), ("PT08", None))
    state = with_mood(state, RED, 4)
    state = start_round(state, {0: AT_5, 1: AT_7, 2: AT_8, 3: AT_9}, {RED: SubmitPlan(studio=1)})
    assert state.mood[RED] == 1 and state.apprentices[RED] == 4
    state = assert_legal(state, TakePortrait("PT08"))
    assert state.mood[RED] == 8 and state.apprentices[RED] == 4
    state = play_out_round(state)
    state = start_round(state, {0: AT_5, 1: AT_7, 2: AT_8, 3: AT_9})
    assert state.mood[RED] == 5 and state.apprentices[RED] == 5


@pytest.mark.rule("E1.9", "R1.14", "A1.5")
def test_E1_9_merchant() -> None:
    state = _studio(("PT04", None), studio=1)
    money = state.money[RED]
    offered = [a for a in legal_actions(state) if isinstance(a, TakePortrait)]
    assert len(offered) == 6  # 2 primaries with repeats: RR RY RB YY YB BB
    assert_illegal(state, TakePortrait("PT04", (PO, PR)), "A1.5")
    assert_illegal(state, TakePortrait("PT04"), "A1.5")
    state = assert_legal(state, TakePortrait("PT04", (PR, PR)))
    assert paints8(state, RED)["red"] == 3 and state.money[RED] == money + 1


@pytest.mark.rule("R1.16", "R1.17", "R1.18")
@pytest.mark.parametrize(
    ("card", "vp", "thalers", "paint", "mood"),
    [
        ("PT06", 0, 4, "orange", 0),
        ("PT14", 3, 0, "orange", 0),
        ("PT16", 4, 1, None, 0),
        ("PT11", 0, 3, None, 2),
        ("PT18", 3, 0, None, 1),
    ],
)
def test_R1_16_printed_rewards(
    card: str, vp: int, thalers: int, paint: str | None, mood: int
) -> None:
    state = _studio((card, None), studio=1)
    before = (scores(state)[RED], state.money[RED], state.mood[RED], paints8(state, RED))
    state = assert_legal(state, TakePortrait(card))
    assert scores(state)[RED] == before[0] + vp
    assert state.money[RED] == before[1] + thalers
    assert state.mood[RED] == min(8, before[2] + mood)
    if paint is not None:
        assert paints8(state, RED)[paint] == before[3].get(paint, 0) + 1
    assert_m6_ledgers(state)


def _end_of_round(state: State, number: int) -> State:
    """Play round ``number`` (nobody places an apprentice) up to the next round's start."""
    state = start_round(evolve(state, round=number), EARLY)
    assert state.round == number + 1
    return state


@pytest.mark.rule("E1.10", "R1.20", "M.6")
def test_E1_10_round_preparation() -> None:
    state = mgame(PORTRAITS)
    state = with_display(state, ("PT02", None), ("PT09", "PT07"), deck_size=12)
    state = _end_of_round(state, 3)
    p = _p(state)
    assert state.round == 4 and "PT02" in p.removed
    assert p.display == ("PT09", "PT07") and len(p.deck) == 10
    assert sum(token_ledger(state)["portraits"].values()) == 18


@pytest.mark.rule("E1.11", "R1.21", "M.5", "A1.9")
def test_E1_11_last_portraits() -> None:
    state = keep_first_tiles(mgame(PORTRAITS), 10, BLUE)
    state = with_display(state, (None, None), deck_size=2)
    state = _end_of_round(state, 8)
    assert state.round == 9 and not _p(state).deck and None not in _p(state).display
    assert state.final and state.side == 2
    money = state.money
    state = play_out_round(start_round(state, EARLY))
    assert state.phase.value == "over" and state.money == money
    base = _end_of_round(keep_first_tiles(mgame(), 10, BLUE), 8)
    assert base.round == 9 and not base.final


def _leonardo_studio(display: tuple[str | None, ...]) -> State:
    state = with_display(mgame(PORTRAITS, players=2), display)
    leo = state.tables.leonardo
    assert state.controller == RED
    state = start_round(state, {0: AT_6, 1: AT_7, leo: AT_5}, {BLUE: SubmitPlan(theatre=1)})
    leo_plan = state.plans[leo]
    assert leo_plan is not None and leo_plan.studio == 1
    return end_turns_until(state, STUDIO, leo)


@pytest.mark.rule("E1.12", "R1.23", "R1.24", "R1.25", "A1.8")
def test_E1_12_leonardo_at_the_studio() -> None:
    state = _leonardo_studio(("PT05", "PT16"))
    leo = state.tables.leonardo
    assert set(legal_actions(state)) == {TakePortrait("PT05"), TakePortrait("PT16")}
    assert_illegal(state, EndTurn(), "R1.24")
    assert_illegal(state, EarnStudio(), "R1.25")
    a = assert_legal(state, TakePortrait("PT16"))
    assert a.track[leo] == state.track[leo] + 4 and _p(a).display == ("PT05", None)
    assert "PT16" in _p(a).removed and sum(a.money) == sum(state.money)
    b = assert_legal(state, TakePortrait("PT05"))
    assert b.track[leo] == state.track[leo] and "PT05" in _p(b).removed
    c = _leonardo_studio((None, None))
    assert legal_actions(c) == (EndTurn(),)
    d = _leonardo_studio(("PT01", None))
    d = assert_legal(d, TakePortrait("PT01"))
    assert "PT01" in _p(d).removed and all(not held for held in _p(d).held)


@pytest.mark.rule("E1.13", "R1.26", "A1.6", "R4.12")
@pytest.mark.parametrize("tip", list(TipWithPortrait))
def test_E1_13_tip_with_the_portrait_apprentice(tip: TipWithPortrait) -> None:
    state = with_display(mgame(PORTRAITS, WELL, tip_with_portrait=tip), ("PT05", None))
    state = with_hand(with_money(state, RED, 5), RED, "tip")
    state = with_pennies(state, RED, 0)
    state = start_round(state, EARLY, {RED: SubmitPlan(studio=1)})
    state = assert_legal(state, TakePortrait("PT05"))
    if tip is TipWithPortrait.ALLOWED:
        state = assert_legal(state, UseTip())
        assert state.money[RED] == 13 and well_of(state).pennies[RED] == 1
    else:
        assert state.turn is None or state.turn.actor != RED
        assert state.money[RED] == 12


@pytest.mark.rule("EM.1", "M.3", "M.4", "R1.20", "R2.11", "AM.1")
def test_EM_1_round_preparation_with_modules_1_and_2() -> None:
    state = with_portraits_held(mgame(PORTRAITS, REQUESTS), RED, "PT03")
    state = with_display(state, ("PT10", None), ("PT11", "PT12"), deck_size=10)
    state = with_loose(state, RED, ("F08", "F11", "F21", "F01", "F02", "F03"))
    state = with_money(state, RED, 0)
    purple = paints8(state, RED).get("purple", 0)
    state = start_round(evolve(state, round=4), EARLY, {RED: SubmitPlan(workshop=1)})
    state = assert_legal(state, FulfilRequest("purple", ("F08", "F11", "F21")))
    state = play_out_round(state)
    assert state.round == 5 and not state.final
    assert state.money[RED] == 5 and paints8(state, RED)["purple"] == purple + 1
    p = _p(state)
    assert "PT10" in p.removed and p.display == ("PT11", "PT12") and len(p.deck) == 8
    assert_m6_ledgers(state)


@pytest.mark.rule("E2.5", "M.4", "R1.12", "R2.11")
def test_E2_5_income_with_modules_1_and_2() -> None:
    state = mgame(PORTRAITS, REQUESTS)
    state = with_portraits_held(state, RED, "PT03")
    state = with_loose(state, RED, ("F04", "F05", "F01", "F02", "F03", "F07", "F10", "F13"))
    q = requests_of(state)
    assert q is not None
    stacks = (("RQ03", ("F01", "F02", "F03")), ("RQ09", ("F07", "F10", "F13")))
    piles = (q.piles[0][1:], q.piles[1], q.piles[2][1:], q.piles[3])
    state = evolve(
        requests_state.with_requests(state, evolve(q, piles=piles, stacks=(stacks, *q.stacks[1:]))),
        held=(("F04", "F05"), *state.held[1:]),
    )
    assert_m6_ledgers(state)
    state = with_money(state, RED, 0)
    green, blue = paints8(state, RED).get("green", 0), paints8(state, RED).get("blue", 0)
    state = play_out_round(start_round(state, EARLY))
    assert state.money[RED] == 5 and paints8(state, RED)["green"] == green + 1
    state = assert_legal(state, ChooseIncomePaint(PB))
    assert paints8(state, RED)["blue"] == blue + 1
    assert_m6_ledgers(state)


@pytest.mark.rule("R1.22", "R1.27", "R1.28", "R1.19", "A1.4", "A1.10")
def test_R1_19_read_outs_and_combinations() -> None:
    state = with_portraits_held(mgame(PORTRAITS), RED, "PT01", "PT02", "PT03", "PT07")
    view: Any = player_view(state, BLUE)
    assert view["portrait_deck"] == len(_p(state).deck)
    assert "portrait" not in str(view.get("portrait_deck"))
    assert view["portraits_held"][RED] == ("PT01", "PT02", "PT03", "PT07")
    assert not any(card in str(view) for card in _p(state).deck)
    # R1.28: a Glassworks tile over the studio leaves no studio apprentice (module 6)
    glass = with_display(mgame(PORTRAITS, GLAZIERS), ("PT05", None))
    glass = plan(
        get_up(glass, EARLY), {RED: SubmitPlan(market=1)}, covers={RED: PlaceGlassworks(STUDIO)}
    )
    chosen = glass.plans[RED]
    assert chosen is not None and chosen.studio == 0
    # R1.22: portraits have no value at final scoring
    game = new_game(mgame(PORTRAITS).config, 3)
    assert _p(game).held == ((),) * 4


@pytest.mark.rule("R1.16", "A1.5")
def test_replaced_card_data_changes_the_game() -> None:
    """Values printed only as pictures are data: a corrected Patron (9 Thalers) pays 9."""
    raw = copy.deepcopy(components_to_mapping(default_components()))
    cards = raw["modules_123"]["portraits"]["cards"]
    patron = next(card for card in cards if card["id"] == "PT05")
    patron["thalers"] = 9
    data = components_from_mapping(raw)
    state = _studio(("PT05", None), studio=1, components=data)
    money = state.money[RED]
    assert assert_legal(state, TakePortrait("PT05")).money[RED] == money + 9
