"""The refusals of the base game's turn validators (``fresco.turns``) that no other example
reaches, or whose reasons no other example reads (issue 15).

Each refusal is checked for its rule ID, its kind (``IllegalAction`` for a well-formed action
the rules forbid now, ``MalformedAction`` for one that names no thing of the game) and the words
of its reason; positions are reached through ``apply``. Common fixture: 4 players P (seat 0), Q,
R and S on S1-S4; get-up times 6-9 give order B = P, Q, R, S, so P acts first at each location.
"""

from __future__ import annotations

import pytest

from fresco_rules.fresco import (
    Action,
    AltarLimit,
    AttendTheatre,
    Blend,
    BuyTile,
    ChooseTrackSpace,
    CloseBooth,
    EarnStudio,
    EndTurn,
    GameConfig,
    Location,
    Module,
    Paint,
    Restore,
    RestoreAltar,
    State,
    SubmitPlan,
    TakePortrait,
    legal_actions,
)
from fresco_rules.fresco.turns import covers
from fresco_rules.kernel.fuzz import forge

from .fixtures import (
    AT_5,
    AT_6,
    AT_7,
    AT_8,
    AT_9,
    BOOTH_I,
    BOOTH_II,
    assert_illegal,
    assert_ledgers_balanced,
    assert_legal,
    at,
    game,
    start_round,
    with_money,
    with_paints,
    with_tiles,
    with_track,
)
from .module123_fixtures import PORTRAITS, REQUESTS, with_display
from .module_fixtures import WELL, end_turns_until, mgame, with_hand
from .module_fixtures import start_round as module_round

P, Q, R_SEAT = 0, 1, 2
EARLY = {0: AT_6, 1: AT_7, 2: AT_8, 3: AT_9}
R, Y, B = Paint.RED, Paint.YELLOW, Paint.BLUE
PLENTY = {"red": 5, "yellow": 5, "blue": 5, "orange": 3, "green": 3, "purple": 3}
"""Enough paints for any restoration, altar hand-in or blend of these tests."""


def _turn(plan: SubmitPlan, state: State | None = None) -> State:
    """P, holding ``PLENTY`` paints and 20 Thalers, at the start of his first turn of round 1
    (everybody else planned nothing)."""
    state = game() if state is None else state
    state = with_money(with_paints(state, P, **PLENTY), P, 20)
    return start_round(state, EARLY, {P: plan})


# --- market (R0.33, R0.36) ----------------------------------------------------------------------


@pytest.mark.rule("R0.33", "R0.36")
def test_R0_33_no_booth_is_closed_after_buying_in_the_same_turn() -> None:
    """R0.33: one booth per round. A player who bought a tile may not then close a booth
    with his second market apprentice, neither another booth nor the one he bought from."""
    state = _turn(SubmitPlan(market=2))
    at(state, Location.MARKET, P)
    assert CloseBooth(BOOTH_II) in legal_actions(state)
    bought = assert_legal(state, BuyTile(BOOTH_I, 0))
    assert bought.turn is not None and bought.turn.left == 1
    for booth in (BOOTH_II, BOOTH_I):
        problem = assert_illegal(bought, CloseBooth(booth), "R0.33")
        assert problem.reason == "one booth per round: tiles were already bought this turn"
        assert problem.seat == P
        assert CloseBooth(booth) not in legal_actions(bought)


@pytest.mark.rule("R0.33", "R0.36")
def test_R0_33_R0_36_the_booth_after_the_last_is_malformed() -> None:
    """Booths are numbered 0 to one less than their count: the count itself names no booth."""
    state = _turn(SubmitPlan(market=1))
    at(state, Location.MARKET, P)
    count = len(state.booths)
    assert count == 4
    bought = assert_illegal(state, BuyTile(count, 0), "R0.33", malformed=True)
    assert bought.reason == "no booth 4; booths are 0-3 (I-IV)"
    closed = assert_illegal(state, CloseBooth(count), "R0.36", malformed=True)
    assert closed.reason == "no booth 4; booths are 0-3 (I-IV)"
    # the last booth itself is fine
    assert CloseBooth(count - 1) in legal_actions(state)


# --- cathedral and altar (R0.38, R0.43, R0.45, R3.1) --------------------------------------------


@pytest.mark.rule("R0.43", "K.1")
def test_R0_43_an_altar_hand_in_out_of_paint_order_is_malformed() -> None:
    """``RestoreAltar`` sorts its paints; one built past that converter (as a decoder or a
    hostile caller may) is refused as malformed, naming the paints it lists."""
    state = _turn(SubmitPlan(cathedral=1))
    at(state, Location.CATHEDRAL, P)
    assert RestoreAltar((B, Y, R)).paints == (R, Y, B)  # the converter puts them in order
    action = forge(RestoreAltar, {"paints": (B, Y, R)})
    problem = assert_illegal(state, action, "R0.43", malformed=True)
    prefix = "a hand-in lists its paints in Paint order: "
    assert problem.reason.startswith(prefix)
    listed = problem.reason.removeprefix(prefix).lower()
    assert listed.index("blue") < listed.index("yellow") < listed.index("red")
    assert problem.seat == P
    assert RestoreAltar((R, Y, B)) in legal_actions(state)


@pytest.mark.rule("R0.45", "A0.6")
def test_R0_45_once_per_player_per_round_gives_its_reason() -> None:
    config = GameConfig(players=4, altar_limit=AltarLimit.ONCE_PER_PLAYER_PER_ROUND)
    state = _turn(SubmitPlan(cathedral=2), game(config=config))
    once = assert_legal(state, RestoreAltar((R, Y, B)))
    assert once.turn is not None and once.turn.left == 1
    problem = assert_illegal(once, RestoreAltar((R, Y, B)), "R0.45")
    assert problem.reason == "the altar may be restored once per player per round (A0.6)"


@pytest.mark.rule("A0.6", "R0.44", "R0.42")
def test_A0_6_the_altar_count_counts_each_restoration_and_keeps_the_bishop() -> None:
    """``altar_used`` is the number of altar restorations of each player this round (A0.6),
    and an altar restoration records the bishop where it stands (R0.42: it does not move)."""
    state = _turn(SubmitPlan(cathedral=2, theatre=1))
    assert state.altar_used == (0, 0, 0, 0)
    once = assert_legal(state, RestoreAltar((R, Y, B)))
    assert once.altar_used == (1, 0, 0, 0)
    assert once.scored is not None and once.scored.restoration.segment is None
    assert once.scored.restoration.bishop == state.bishop == once.bishop
    assert once.scored.points == 2  # R0.44: the basic version, no bishop bonus
    twice = assert_legal(once, RestoreAltar((R, Y, B)))
    at(twice, Location.THEATRE, P)  # still round 1
    assert twice.altar_used == (2, 0, 0, 0)
    assert_ledgers_balanced(twice)


@pytest.mark.rule("R3.1", "A3.2")
def test_R3_1_pink_at_the_altar_without_module_3_gives_its_reason() -> None:
    state = _turn(SubmitPlan(cathedral=1))
    problem = assert_illegal(state, RestoreAltar((Paint.ORANGE, Paint.GREEN, Paint.PINK)), "R3.1")
    assert problem.reason == "pink and brown pieces are in play only with module 3"


@pytest.mark.rule("R0.38", "A0.5")
def test_R0_38_per_visit_refuses_a_second_paid_bishop_move() -> None:
    config = GameConfig(players=4, bishop_move_limit="per_visit")
    state = _turn(SubmitPlan(cathedral=2), with_tiles(game(config=config), {(1, 2): "F10"}))
    assert state.bishop == (2, 2)
    first = assert_legal(state, Restore((1, 2), bishop_to=(2, 1)))
    assert first.bishop == (1, 2) and first.money[P] == 19
    target = next(a.segment for a in legal_actions(first) if isinstance(a, Restore))
    problem = assert_illegal(first, Restore(target, bishop_to=(1, 1)), "R0.38")
    assert problem.reason == "only one paid bishop move per cathedral visit (A0.5)"
    assert not any(isinstance(a, Restore) and a.bishop_to for a in legal_actions(first))


# --- R0.31: no action left while a card keeps the turn open (module 4) ----------------------------


def _spent_turn(plan: SubmitPlan, card: str, *actions: Action) -> State:
    """P, holding ``card`` and plenty of paints and money, after ``actions`` have used every
    apprentice of his turn: the card he can still play keeps the turn open (R4.9)."""
    state = with_hand(with_tiles(mgame(WELL), {(1, 2): "F10"}), P, card)
    state = with_money(with_paints(state, P, **PLENTY), P, 20)
    state = module_round(state, EARLY, {P: plan})
    for action in actions:
        state = assert_legal(state, action)
    assert state.turn is not None and state.turn.actor == P
    assert state.turn.left == 0 and not state.pending_track
    assert EndTurn() in legal_actions(state)
    return state


SPENT = [
    (
        "cathedral",
        SubmitPlan(cathedral=1),
        "bishops_visit",
        (Restore((1, 2)),),
        [Restore((0, 0)), RestoreAltar((R, Y, B))],
    ),
    (
        "workshop",
        SubmitPlan(workshop=1),
        "alchemy",
        (Blend(Paint.ORANGE), Blend(Paint.ORANGE)),
        [Blend(Paint.GREEN)],
    ),
    ("theatre", SubmitPlan(theatre=1), "reward", (AttendTheatre(),), [AttendTheatre()]),
    (
        "market",
        SubmitPlan(market=1),
        "lucky_fellow",
        (BuyTile(BOOTH_I, 0),),
        [CloseBooth(BOOTH_II), BuyTile(BOOTH_I, 1)],
    ),
]


@pytest.mark.rule("R0.31", "R4.9")
@pytest.mark.parametrize(
    ("place", "plan", "card", "used", "refused"), SPENT, ids=[s[0] for s in SPENT]
)
def test_R0_31_no_action_is_left_once_every_apprentice_acted(
    place: str, plan: SubmitPlan, card: str, used: tuple[Action, ...], refused: list[Action]
) -> None:
    """R0.31: a turn has as many actions as the location's apprentices. When a Wishing Card
    keeps the turn open after the last one (R4.9), a further action of the location is
    refused, though the player could afford it."""
    state = _spent_turn(plan, card, *used)
    assert state.turn is not None and state.turn.location.value == place
    for action in refused:
        problem = assert_illegal(state, action, "R0.31")
        assert problem.reason == f"no action is left at the {place} this turn"
        assert problem.seat == P
        assert action not in legal_actions(state)


# --- R0.51: a pending track choice comes first ----------------------------------------------------


@pytest.mark.rule("R0.51", "R0.37")
def test_R0_51_no_restoration_while_a_track_choice_is_pending() -> None:
    """F10 on b3 scores 7 + 2 (bishop on c3); Q's painter on 9 leaves P the choice of 8 or
    10, and until he makes it his second cathedral apprentice cannot act."""
    state = with_track(with_tiles(game(), {(1, 2): "F10"}), {Q: 9})
    state = _turn(SubmitPlan(cathedral=2), state)
    choosing = assert_legal(state, Restore((1, 2)))
    assert choosing.pending_track == (8, 10)
    assert choosing.turn is not None and choosing.turn.left == 1
    assert set(legal_actions(choosing)) == {ChooseTrackSpace(8), ChooseTrackSpace(10)}
    restored = assert_illegal(choosing, Restore((0, 0)), "R0.37")
    assert restored.reason == "segments are restored by cathedral apprentices only"
    altar = assert_illegal(choosing, RestoreAltar((R, Y, B)), "R0.37")
    assert altar.reason == "the altar is restored by cathedral apprentices only"
    ended = assert_illegal(choosing, EndTurn(), "R0.51")
    assert ended.reason == "choose a track space first"
    chosen = assert_legal(choosing, ChooseTrackSpace(8))
    assert chosen.track[P] == 8 and chosen.pending_track == ()
    assert Restore((0, 0)) in legal_actions(chosen)


@pytest.mark.rule("R0.51", "R0.50")
def test_R0_51_the_painter_may_stay_on_its_own_space() -> None:
    """P on 5 gains 2 at the altar; 7 and 6 are taken, so the nearest free space behind is his
    own (R0.51): choosing it leaves him there and ends the choice."""
    state = with_track(game(), {P: 5, Q: 6, R_SEAT: 7})
    state = _turn(SubmitPlan(cathedral=2), state)
    choosing = assert_legal(state, RestoreAltar((R, Y, B)))
    assert choosing.pending_track == (5, 8)
    stayed = assert_legal(choosing, ChooseTrackSpace(5))
    assert stayed.track[:3] == (5, 6, 7) and stayed.pending_track == ()
    assert stayed.turn is not None and stayed.turn.left == 1
    assert not any(isinstance(a, ChooseTrackSpace) for a in legal_actions(stayed))
    assert_illegal(stayed, ChooseTrackSpace(5), "R0.51")
    moved = assert_legal(choosing, ChooseTrackSpace(8))
    assert moved.track[:3] == (8, 6, 7) and moved.pending_track == ()


# --- Leonardo (R1.24, R1.25, R2.15) -------------------------------------------------------------


def _leonardo_at(module: Module, location: Location) -> State:
    """Round 1 of a 2-player game with ``module``: Leonardo (up first, at 5) at ``location``."""
    state = mgame(module, players=2)
    leo = state.tables.leonardo
    state = module_round(state, {0: AT_6, 1: AT_7, leo: AT_5}, {})
    return end_turns_until(state, location, leo)


@pytest.mark.rule("R2.15", "R2.14")
def test_R2_15_leonardo_never_blends_says_so() -> None:
    state = _leonardo_at(REQUESTS, Location.WORKSHOP)
    problem = assert_illegal(state, Blend(Paint.ORANGE), "R2.15")
    assert problem.reason == "Leonardo never blends"
    assert problem.seat == state.controller


@pytest.mark.rule("R1.25", "R1.24")
def test_R1_25_leonardo_never_earns_at_the_studio_says_so() -> None:
    state = with_display(mgame(PORTRAITS, players=2), ("PT05", "PT16"))
    leo = state.tables.leonardo
    state = module_round(state, {0: AT_6, 1: AT_7, leo: AT_5}, {Q: SubmitPlan(theatre=1)})
    state = end_turns_until(state, Location.STUDIO, leo)
    problem = assert_illegal(state, EarnStudio(), "R1.25")
    assert problem.reason == "Leonardo never earns Thalers at the studio"
    # R1.24: his module's reason is what ending the turn is refused with
    ended = assert_illegal(state, EndTurn(), "R1.24")
    assert ended.reason == "Leonardo must take a displayed portrait"
    assert TakePortrait("PT05") in legal_actions(state)


# --- the paint law of ``covers`` ---------------------------------------------------------------


@pytest.mark.rule("R0.39", "R3.1")
def test_covers_reads_a_shorter_holding_as_no_pink_or_brown() -> None:
    """Counts are in ``Paint`` order; a holding of six counts (a game without module 3) holds
    no pink or brown, so it covers a need of eight counts exactly when that need asks for no
    pink or brown and the first six are covered."""
    six = (1, 1, 1, 1, 1, 1)
    assert covers(six, (1, 1, 1, 1, 1, 1, 0, 0))
    assert covers(six, (0, 1, 0, 0, 0, 0, 0, 0))
    assert not covers(six, (0, 0, 0, 0, 0, 0, 1, 0))
    assert not covers(six, (1, 1, 1, 1, 1, 1, 0, 1))
    assert not covers(six, (2, 0, 0, 0, 0, 0, 0, 0))
    assert covers((*six, 1, 0), (1, 1, 1, 1, 1, 1, 1, 0))
    assert not covers((*six, 1, 0), (0, 0, 0, 0, 0, 0, 0, 1))
    assert covers(six, six) and covers(six, (0,) * 6)
