"""Module 6 in words (issue 15): the log sentence of each action, what the log says changed,
and the board line, each with the notation's words (workbench slots 1-6, segments a1-e5).
"""

from __future__ import annotations

import pytest
from attrs import evolve

from fresco_rules.fresco import (
    Action,
    BuyGlass,
    Glass,
    HandInGlass,
    Location,
    PlaceGlassworks,
    TakeWindow,
)
from fresco_rules.fresco.modules import glaziers_state
from fresco_rules.fresco.modules.glaziers import board_lines, glass_text
from fresco_rules.fresco.render import describe, events

from .module_fixtures import GLAZIERS, glass_of, mgame, with_offer, with_workbench

BENCH = ("W08", None, "W02", "W11", "W04", "W05")


@pytest.mark.rule("R6.7", "R6.9", "R6.12", "R6.19")
@pytest.mark.parametrize(
    ("action", "sentence"),
    [
        (PlaceGlassworks(None), "keeps the Glassworks tile"),
        (PlaceGlassworks(Location.STUDIO), "covers the studio column with the Glassworks tile"),
        (
            PlaceGlassworks(Location.MARKET, apprentice=True),
            "covers the market column with the Glassworks tile"
            " with an apprentice on its bottom space",
        ),
        (BuyGlass(Glass.RED), "buys red glass"),
        (TakeWindow(2), "takes window W02 from workbench slot 3"),
        (TakeWindow(0), "takes window W08 from workbench slot 1"),
        (HandInGlass(()), "hands in no glass"),
        (HandInGlass((Glass.YELLOW, Glass.BLUE)), "hands in yellow, blue"),
    ],
)
def test_each_action_has_its_sentence(action: Action, sentence: str) -> None:
    state = with_workbench(mgame(GLAZIERS), BENCH)
    text = describe(state, action)
    assert text.endswith(" " + sentence), text


@pytest.mark.rule("R6.27")
@pytest.mark.parametrize(
    ("counts", "text"),
    [
        ((2, 1, 0, 0), "Y2 B1"),
        ((0, 0, 1, 3), "R1 G3"),
        ((0, 0, 0, 0), "-"),
        ((1, 1, 1, 1), "Y1 B1 R1 G1"),
    ],
)
def test_glass_counts_in_words(counts: tuple[int, int, int, int], text: str) -> None:
    assert glass_text(counts) == text


@pytest.mark.rule("R6.4", "R6.10")
def test_the_board_line_shows_the_offer_and_the_workbench() -> None:
    state = with_offer(with_workbench(mgame(GLAZIERS), BENCH), yellow=2, blue=1)
    assert board_lines(state) == [
        "glass offer: Y2 B1; workbench: 1 W08, 2 -, 3 W02, 4 W11, 5 W04, 6 W05"
    ]
    assert board_lines(mgame()) == []
    assert board_lines(state)[0] in str(state)


@pytest.mark.rule("R6.13", "R6.10", "R6.4")
def test_the_log_says_what_module_6_changed() -> None:
    before = with_offer(with_workbench(mgame(GLAZIERS), BENCH), yellow=1)
    g = glass_of(before)
    # a window goes into the opening of b1 (cell 1) and the workbench shifts
    openings = (None, "W08", *g.openings[2:])
    after = glaziers_state.with_glass(
        before, evolve(g, openings=openings, workbench=(None, None, "W02", "W11", "W04", "W05"))
    )
    assert events(before, after) == [
        "  window W08 goes into the opening of b1",
        "  workbench: - - W02 W11 W04 W05",
    ]
    assert events(after, after) == []
    # the offer grows (a refill is logged) or shrinks (a purchase: the action says it)
    refilled = with_offer(before, yellow=2, red=1)
    assert events(before, refilled) == ["  glass offer: Y2 R1"]
    assert events(refilled, before) == []


def test_a_window_action_is_described_without_module_6_too() -> None:
    """A log line never fails: a window action described for a game without module 6 (as a
    refused action is described) names no window."""
    assert describe(mgame(), TakeWindow(1)).endswith(" takes window None from workbench slot 2")
