"""Refusals and log lines speak the notation's words (issue 13): segments as the board labels
them (``c3``), booths ``I``-``IV`` with 1-based slots, workbench slots 1-based as the board
lists them, columns as players say them (``second cathedral``), Barbarossa objects as ``1b``;
never a Python tuple, list, ``None`` or enum repr."""

from __future__ import annotations

import io
import itertools
import re
from typing import Any

import pytest

from fresco_rules import barbarossa, fresco
from fresco_rules.cli import main
from fresco_rules.fresco import GAME, BuyTile, GameConfig, Location, Restore, State
from fresco_rules.fresco.modules.glaziers_actions import TakeWindow
from fresco_rules.fresco.modules.portraits_actions import UseSexton
from fresco_rules.fresco.modules.wishing_well_actions import UseBishopsVisit
from fresco_rules.fresco.render import describe
from fresco_rules.fresco.scoring import NEIGHBOURS
from fresco_rules.fresco.vocab import SEGMENTS
from fresco_rules.fresco.words import segment_label
from fresco_rules.kernel.play import random_playout

from ..module_states import glass_of

PYTHON_VALUES = re.compile(
    r"\(-?\d+, -?\d+\)|\bNone\b|\[|\]|<\w+|\bTrue\b|\bFalse\b|\w+\.[A-Z_]{2,}"
)
"""A tuple such as ``(1, 2)``, a list, None, a bool, an object or enum repr."""


def _states(config: GameConfig, seeds: range) -> list[State]:
    found: list[State] = []
    for seed in seeds:
        random_playout(GAME, config, seed, on_step=lambda before, _a, _b: found.append(before))
    return found


def _cathedral_turns(states: list[State]) -> list[State]:
    return [
        s
        for s in states
        if s.turn is not None
        and s.turn.location in (Location.CATHEDRAL, Location.CATHEDRAL_2)
        and any(isinstance(action, Restore) for action in fresco.legal_actions(s))
    ]


BASE = _cathedral_turns(_states(GameConfig(players=2), range(1, 4)))
MODULE_CONFIG = GameConfig(players=3, modules={1, 4, 6})
MODULE_STATES = _states(MODULE_CONFIG, range(1, 3))
MODULES = _cathedral_turns(MODULE_STATES)


def _reason(state: State, action: object) -> str:
    problem = fresco.explain(state, action)
    assert problem is not None, action
    return problem.reason


@pytest.mark.rule("R0.39", "R0.38", "R0.31")
def test_restoration_refusals_name_segments_as_the_board_labels_them() -> None:
    restored = stepped = lacking = 0
    for state in BASE:
        if state.is_leonardo(state.turn.actor):  # type: ignore[union-attr]
            continue
        legal = set(fresco.legal_actions(state))
        far = next(s for s in SEGMENTS if s not in NEIGHBOURS[state.bishop] and s != state.bishop)
        for segment in SEGMENTS:
            label = segment_label(segment)
            if state.tile_at(segment) is None:
                assert _reason(state, Restore(segment)) == f"segment {label} is already restored"
                restored += 1
            elif Restore(segment) not in legal:
                assert _reason(state, Restore(segment)) == (
                    f"segment {label} needs paints the player lacks"
                )
                lacking += 1
            else:
                assert _reason(state, Restore(segment, far)) == (
                    f"the bishop moves one step from {segment_label(state.bishop)}, "
                    f"not to {segment_label(far)}"
                )
                stepped += 1
    assert restored and stepped and lacking
    assert _reason(BASE[0], Restore((5, 5))).endswith("on the 5x5 grid (a1-e5)")


@pytest.mark.rule("R0.76")
def test_leonardo_refusal_lists_segment_labels() -> None:
    leonardo = [s for s in BASE if s.is_leonardo(s.turn.actor)]  # type: ignore[union-attr]
    assert leonardo
    state = leonardo[0]
    allowed = fresco.turns.leonardo_destinations(state)
    elsewhere = next(s for s in SEGMENTS if s not in allowed and state.tile_at(s) is not None)
    assert _reason(state, Restore(elsewhere)) == (
        "Leonardo must move to one of " + ", ".join(segment_label(s) for s in allowed)
    )


@pytest.mark.rule("R0.33")
def test_slot_refusal_gives_the_slots_in_both_forms() -> None:
    state = fresco.new_game(GameConfig(players=4), seed=1)
    while state.turn is None or state.turn.location is not Location.MARKET:
        state = fresco.apply(state, fresco.legal_actions(state)[-1])
    booth = next(b for b, slots in enumerate(state.booths) if slots)
    reason = _reason(state, BuyTile(booth, 9))
    name = fresco.words.booth_label(booth)
    count = len(state.booths[booth])
    assert reason == (
        f"no slot 9 in booth {name}; slots are 0-{count - 1} ({name}:1-{name}:{count})"
    )


def _where_legal(kind: type) -> State:
    """The first state of the seeded module games (seed 1, 2, ...) where ``kind`` is legal: a
    Wishing card or a window is legal only now and then."""
    more = (_states(MODULE_CONFIG, range(seed, seed + 1)) for seed in range(3, 100))
    for states in itertools.chain([MODULE_STATES], more):
        for state in states:
            if any(isinstance(action, kind) for action in fresco.legal_actions(state)):
                return state
    raise AssertionError(f"no {kind.__name__} is legal in 99 seeded games")


@pytest.mark.rule("R4.12", "R1.11", "R6.12")
def test_module_refusals_and_sentences_speak_board_words() -> None:
    probes: list[object] = [UseBishopsVisit(s) for s in SEGMENTS[::6]]
    probes += [UseSexton(s) for s in SEGMENTS[::6]]
    probes += [TakeWindow(slot) for slot in range(7)]
    probes += [Restore(s) for s in SEGMENTS[::4]]
    reasons = {_reason(s, p) for s in MODULES for p in probes if fresco.explain(s, p)}
    assert len(reasons) > 5
    leaking = sorted(r for r in reasons if PYTHON_VALUES.search(r))
    assert not leaking, leaking
    visit = _where_legal(UseBishopsVisit)
    assert _reason(visit, UseBishopsVisit(visit.bishop)) == (
        f"the bishop already stands on {segment_label(visit.bishop)}"
    )
    assert describe(visit, UseBishopsVisit((1, 1))).endswith("the bishop moves to b2")
    assert "moves the bishop to d4 with the Sexton" in describe(visit, UseSexton((3, 3)))
    window = _where_legal(TakeWindow)
    bench = len(glass_of(window).workbench)
    assert _reason(window, TakeWindow(99)) == (
        f"workbench slot 99 does not exist; slots are 0-{bench - 1} (window 1 to window {bench})"
    )
    pending = fresco.explain(window, Restore((0, 0)))
    assert pending is not None and "choose the window for segment " in pending.reason
    assert re.search(r"segment [a-e][1-5] first", pending.reason), pending.reason


def _log(*argv: str) -> list[str]:
    out = io.StringIO()
    assert main(["play", *argv], out=out) == 0
    return out.getvalue().splitlines()


@pytest.mark.rule("R6.12", "R6.13", "R4.12")
def test_module_log_lines_name_segments_and_slots_as_the_board_does() -> None:
    lines = _log("--players", "4", "--seed", "1", "--modules", "4,5,6")
    leaking = [line for line in lines if PYTHON_VALUES.search(line)]
    assert not leaking, leaking[:5]
    openings = [line for line in lines if "goes into the opening of" in line]
    assert openings and all(re.search(r"opening of [a-e][1-5]$", line) for line in openings)
    taken = [line for line in lines if "from workbench slot" in line]
    assert taken and all(re.search(r"from workbench slot [1-9]$", line) for line in taken)


@pytest.mark.rule("B5", "A-B.15")
def test_barbarossa_refusals_name_objects_by_label() -> None:
    found: list[Any] = []
    random_playout(
        barbarossa.GAME,
        barbarossa.GameConfig(players=4),
        1,
        on_step=lambda b, _a, _n: found.append(b),
    )
    state = next(
        s
        for s in found
        if any(isinstance(a, barbarossa.AskQuestion) for a in barbarossa.legal_actions(s))
    )
    problem = barbarossa.explain(state, barbarossa.AskQuestion(9))
    assert problem is not None
    assert "object 9 does not exist; objects are 0-7 (0a-3b)" in problem.reason
    lines = _log("--game", "barbarossa", "--seed", "2")
    assert not [line for line in lines if PYTHON_VALUES.search(line)]


@pytest.mark.rule("R0.27")
def test_where_names_the_second_cathedral_in_words() -> None:
    second = [
        s for s in BASE + MODULES if s.turn is not None and s.turn.location is Location.CATHEDRAL_2
    ]
    assert second, "the final rounds on side 2 use the second cathedral column"
    assert all(" at second cathedral, " in s.where() for s in second)
