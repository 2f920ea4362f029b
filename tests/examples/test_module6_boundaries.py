"""Module 6 at its boundaries (issue 15): workbench slots off either end, an empty slot, and the
once-per-round altar window kept per seat.

R6.12: the window of a segment restoration is one of the face-up windows on the workbench,
slots 0-5 ("window 1" to "window 6"); a slot off the workbench is not a workbench slot at all
(a malformed action under R6.12), never the last slot counted from the end. A6.10
(``altar_window_once_per_round``): each player's altar window is used at most once a round; one
player's use leaves every other player's window free.
"""

from __future__ import annotations

import pytest
from attrs import evolve

from fresco_rules.fresco import (
    GAME,
    Action,
    AltarWindow,
    GameConfig,
    Glass,
    HandInGlass,
    Location,
    Module,
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
    new_game,
)
from fresco_rules.kernel.errors import IllegalAction
from fresco_rules.kernel.play import random_playout

from .fixtures import (
    AT_6,
    AT_7,
    AT_8,
    AT_9,
    assert_illegal,
    assert_legal,
    at,
    keep_first_tiles,
    with_money,
    with_paints,
    with_tiles,
)
from .module_fixtures import (
    GLAZIERS,
    end_turns_until,
    get_up,
    glass_of,
    mgame,
    play_out_round,
    start_round,
    with_glass,
    with_workbench,
)

P, Q, R, S = 0, 1, 2, 3
EARLY = {P: AT_6, Q: AT_7, R: AT_8, S: AT_9}
BENCH = ("W08", "W01", "W02", "W11", "W04", "W05")


def choosing_a_window(bench: tuple[str | None, ...] = BENCH) -> State:
    """P has restored (0,2) (a value-7 tile) and chooses the window for it (R6.11, R6.12)."""
    state = with_workbench(with_tiles(mgame(GLAZIERS), {(0, 2): "F10"}), bench)
    state = with_paints(state, P, red=1, yellow=1, green=1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=2)})
    state = assert_legal(evolve(state, bishop=(0, 1)), Restore((0, 2)))
    assert state.restoring is not None
    return state


@pytest.mark.rule("R6.12")
@pytest.mark.parametrize("slot", [-1, -6, 6, 99])
def test_R6_12_a_slot_off_the_workbench_is_malformed(slot: int) -> None:
    state = choosing_a_window()
    problem = assert_illegal(state, TakeWindow(slot), "R6.12", malformed=True)
    assert problem.reason == (
        f"workbench slot {slot} does not exist; slots are 0-5 (window 1 to window 6)"
    )
    assert problem.seat == P
    assert legal_actions(state) == tuple(TakeWindow(s) for s in range(6))


@pytest.mark.rule("R6.12")
def test_R6_12_an_empty_slot_is_refused_and_not_listed() -> None:
    state = choosing_a_window(("W08", None, "W02", "W11", "W04", "W05"))
    problem = assert_illegal(state, TakeWindow(1), "R6.12")
    assert problem.reason == "workbench slot 2 is empty"
    assert TakeWindow(1) not in legal_actions(state)
    assert TakeWindow(0) in legal_actions(state) and TakeWindow(5) in legal_actions(state)


@pytest.mark.rule("R6.12")
def test_R6_12_no_window_is_taken_outside_a_restoration() -> None:
    state = start_round(mgame(GLAZIERS), EARLY, {P: SubmitPlan(cathedral=1)})
    at(state, Location.CATHEDRAL, P)
    problem = assert_illegal(state, TakeWindow(0), "R6.12")
    assert problem.reason == "no window is being chosen for a restoration"


@pytest.mark.rule("A6.10", "R6.19", "R6.20")
def test_A6_10_the_once_per_round_altar_window_is_kept_per_seat() -> None:
    state = mgame(GLAZIERS, altar_window=AltarWindow.ALTAR_WINDOW_ONCE_PER_ROUND)
    for seat in (P, Q):
        state = with_paints(state, seat, red=1, yellow=1, blue=1)
        state = with_glass(state, seat, yellow=1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=1), Q: SubmitPlan(cathedral=1)})
    at(state, Location.CATHEDRAL, P)
    altar = RestoreAltar((Paint.RED, Paint.YELLOW, Paint.BLUE))
    state = assert_legal(state, altar)
    state = assert_legal(state, HandInGlass((Glass.YELLOW,)))
    assert glass_of(state).altar_used == (True, False, False, False)
    # Q's altar window is still free this round: his hand-in is asked for and scores
    at(state, Location.CATHEDRAL, Q)
    state = assert_legal(state, altar)
    assert state.restoring is not None and state.restoring.actor == Q
    assert HandInGlass((Glass.YELLOW,)) in legal_actions(state)
    state = assert_legal(state, HandInGlass((Glass.YELLOW,)))
    assert glass_of(state).altar_used == (True, True, False, False)


@pytest.mark.rule("A6.10", "R6.19")
def test_A6_10_only_an_altar_hand_in_of_glass_uses_the_altar_window() -> None:
    # an altar restoration handing in no glass leaves the altar window free this round
    state = mgame(GLAZIERS, altar_window=AltarWindow.ALTAR_WINDOW_ONCE_PER_ROUND)
    state = with_glass(with_paints(state, P, red=2, yellow=2, blue=2), P, yellow=1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=2)})
    altar = RestoreAltar((Paint.RED, Paint.YELLOW, Paint.BLUE))
    state = assert_legal(assert_legal(state, altar), HandInGlass(()))
    assert glass_of(state).altar_used == (False, False, False, False)
    state = assert_legal(state, altar)
    assert state.restoring is not None  # the altar window is asked for again
    assert HandInGlass((Glass.YELLOW,)) in legal_actions(state)
    # glass handed in for a segment's window is not the altar window's
    window = with_glass(choosing_a_window(), P, red=1)
    window = assert_legal(window, TakeWindow(0))  # W08: red and green panes
    window = assert_legal(window, HandInGlass((Glass.RED,)))
    assert glass_of(window).altar_used == (False, False, False, False)


def _bad_draws(config: GameConfig, seed: int, kind: str) -> set[tuple[bool, str]]:
    """Over one seeded game: each step that draws ``kind`` replayed with a recorded outcome
    that fits no draw; (whether the step ended the round, the rule of the refusal)."""
    steps: list[tuple[State, Action, State]] = []
    random_playout(GAME, config, seed, on_step=lambda b, a, c: steps.append((b, a, c)))
    found = set()
    for before, action, after in steps:
        drawn = after.chance.log[len(before.chance.log) :]
        if not any(k == kind for k, _ in drawn):
            continue
        script = tuple((k, "X99") if k == kind else (k, o) for k, o in drawn)
        with pytest.raises(IllegalAction) as raised:
            apply(evolve(before, chance=evolve(before.chance, script=script)), action)
        assert "recorded draw" in raised.value.reason
        found.add((after.round != before.round, raised.value.rule))
    return found


@pytest.mark.rule("R6.23", "R6.13", "A6.3")
def test_a_recorded_glass_or_window_draw_that_does_not_fit_names_the_rule() -> None:
    """A replayed record supplies every chance outcome; one that fits no draw is refused under
    the rule of that draw: the glass offer refilled in round preparation (R6.23), a window
    turned up after a restoration (R6.13), or at the end of the round (A6.3 ``end_of_round``)."""
    immediate = GameConfig(players=3, modules=frozenset({Module.GLAZIERS}))
    assert _bad_draws(immediate, 5, "glass") == {(True, "R6.23")}
    assert _bad_draws(immediate, 5, "window") == {(False, "R6.13")}
    later = GameConfig(
        players=3, modules=frozenset({Module.GLAZIERS}), window_refill=WindowRefill.END_OF_ROUND
    )
    assert _bad_draws(later, 5, "window") == {(True, "A6.3")}


@pytest.mark.rule("A6.6", "R6.12")
def test_A6_6_the_only_window_on_the_workbench_is_taken_and_paid() -> None:
    """A6.6: with one window he can pay for, it is taken at once, at its slot's price (slot 4
    costs 2 Thalers, A6.1)."""
    bench = (None, None, None, "W11", None, None)
    state = with_workbench(with_tiles(mgame(GLAZIERS), {(0, 2): "F10"}), bench)
    state = with_money(with_paints(state, P, red=1, yellow=1, green=1), P, 5)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=2)})
    state = assert_legal(evolve(state, bishop=(0, 1)), Restore((0, 2)))
    assert glass_of(state).openings[2] == "W11"
    assert state.money[P] == 5 - 2


@pytest.mark.rule("A6.12", "A6.4", "A0.7")
@pytest.mark.parametrize(("second_cathedral", "step"), [("theatre_slot", 4), ("with_first", 1)])
def test_A6_12_a_second_cathedral_cover_is_visited_where_that_column_is_resolved(
    second_cathedral: str, step: int
) -> None:
    """Side 2 (the final round): a Glassworks tile on the second cathedral column is visited
    in that column's place: the theatre's slot (A0.7 ``theatre_slot``) or with the first
    cathedral column (``with_first``)."""
    state = keep_first_tiles(mgame(GLAZIERS, second_cathedral=second_cathedral), 6, S)
    state = play_out_round(start_round(state, EARLY))
    assert state.final and state.side == 2
    state = get_up(state, EARLY)
    state = assert_legal(state, PlaceGlassworks(Location.CATHEDRAL_2))
    state = assert_legal(state, SubmitPlan(cathedral=2))
    state = end_turns_until(start_round(state, {}, {}), Location.GLASSWORKS, P)
    assert state.step == step


@pytest.mark.rule("A6.3", "R6.12")
def test_A6_3_the_window_turned_up_for_an_empty_workbench_names_A6_3() -> None:
    """A6.3: an empty workbench turns up the top pile window into slot 0 when a restoration
    needs one; a recorded outcome that is not in the pile is refused under A6.3."""
    state = with_tiles(mgame(GLAZIERS, window_refill=WindowRefill.END_OF_ROUND), {(0, 2): "F10"})
    state = with_workbench(state, (None,) * 6)
    state = with_paints(state, P, red=1, yellow=1, green=1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=2)})
    bad = evolve(state, chance=evolve(state.chance, script=(("window", "W99"),)))
    with pytest.raises(IllegalAction) as raised:  # the record is wrong, not the action
        apply(bad, Restore((0, 2)))
    assert raised.value.rule == "A6.3"
    assert raised.value.reason.startswith("recorded draw window:W99 does not fit this window draw")


@pytest.mark.rule("R6.2", "R6.4")
@pytest.mark.parametrize(("kind", "rule"), [("window", "R6.2"), ("glass", "R6.4")])
def test_a_bad_recorded_set_up_draw_names_its_rule(kind: str, rule: str) -> None:
    """At set-up the workbench windows (R6.2) and the glass offer (R6.4) are drawn; a
    replayed record whose outcome fits no such draw is refused under that rule."""
    config = GameConfig(players=3, modules=frozenset({Module.GLAZIERS}))
    log = new_game(config, 3).chance.log
    assert any(k == kind for k, _ in log)
    bad = [(k, "X99") if k == kind else (k, o) for k, o in log]
    with pytest.raises(IllegalAction) as raised:
        new_game(config, 3, chance=bad)
    assert raised.value.rule == rule
    assert raised.value.reason.startswith(f"recorded draw {kind}:X99 does not fit")


@pytest.mark.rule("A6.10", "R6.21")
def test_A6_10_the_once_per_round_altar_window_is_free_again_next_round() -> None:
    state = mgame(GLAZIERS, altar_window=AltarWindow.ALTAR_WINDOW_ONCE_PER_ROUND)
    state = with_glass(with_paints(state, P, red=2, yellow=2, blue=2), P, yellow=2)
    later = {P: SubmitPlan(cathedral=1), Q: SubmitPlan(studio=1)}  # Q keeps round 1 going
    state = start_round(state, EARLY, later)
    altar = RestoreAltar((Paint.RED, Paint.YELLOW, Paint.BLUE))
    state = assert_legal(assert_legal(state, altar), HandInGlass((Glass.YELLOW,)))
    assert state.round == 1 and glass_of(state).altar_used[P]
    state = play_out_round(state)
    assert state.round == 2 and glass_of(state).altar_used == (False, False, False, False)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=1)})
    state = assert_legal(state, altar)
    assert HandInGlass((Glass.YELLOW,)) in legal_actions(state)  # asked for again
