"""Fresco's config: the modules converter, every refusal of ``base_tables`` word for word, and
the tables it derives from the shipped component data (component-data.md: 196 Thalers, 12 each
at the start, 17 of each primary and 9 of each secondary, one of each primary to start, 5
apprentices each, a 9-row mood column starting on row 4 with rows 0-1 minus and 7-8 plus, 25
fresco tiles with the centre F24, 14 market tiles of which M01-M03 leave with 2-3 players)."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from fresco_rules.fresco.config import (
    OPTION_TYPES,
    GameConfig,
    InvalidConfig,
    MarketRefill,
    base_tables,
)
from fresco_rules.fresco.data import default_components
from fresco_rules.fresco.vocab import Module

from ..data_law_helpers import check_option_refused_by_name, config_refusal, with_option


def _refusal(config: object = None, **changes: Any) -> str:
    """The message ``base_tables`` refuses ``config`` (the default one with ``changes`` set as
    is, past the converters, as a hostile caller could) with."""
    return config_refusal(base_tables, GameConfig, InvalidConfig, config, changes)


@pytest.mark.rule("R0.1", "R0.9", "R0.23", "R0.69", "R0.66")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_tables_are_the_shipped_numbers(players: int) -> None:
    tables = base_tables(GameConfig(players=players))
    assert tables.players == players
    assert tables.actors == (3 if players == 2 else players)
    assert tables.leonardo == (2 if players == 2 else -1)
    assert tables.start_spaces == (3 if players < 4 else 4)
    assert tables.apprentices_by_row == (4, 4, 5, 5, 5, 5, 5, 6, 6)
    assert tables.apprentices_per_player == 5
    assert tables.booth_capacities == ((3, 3, 3) if players < 4 else (3, 3, 3, 4))
    assert tables.market_removed == (() if players == 4 else ("M01", "M02", "M03"))
    assert len(tables.market_in_play) == (14 if players == 4 else 11)
    assert set(tables.market_in_play).isdisjoint(tables.market_removed)
    assert tables.centre_tile == "F24"
    assert len(tables.dealt_tiles) == 24
    assert "F24" not in tables.dealt_tiles
    assert list(tables.dealt_tiles) == sorted(tables.dealt_tiles)
    assert tables.start_money == 12
    assert tables.money_total == 196
    assert tables.start_paints == (1, 1, 1, 0, 0, 0)
    assert tables.paint_totals == (17, 17, 17, 9, 9, 9)
    assert tables.mood == default_components().mood
    assert tables.hostel == default_components().side_for(players).hostel
    assert len(tables.market_pieces) == len(tables.market_labels) == 14
    assert len(tables.fresco_pieces) == len(tables.fresco_value) == 25


@pytest.mark.rule("G.1")
def test_G_1_modules_from_numbers_text_and_members() -> None:
    both = frozenset({Module.WISHING_WELL, Module.GLAZIERS})
    assert GameConfig(modules="4,6").modules == both
    assert GameConfig(modules=[4, 6]).modules == both
    assert GameConfig(modules=(6, Module.WISHING_WELL)).modules == both
    assert GameConfig(modules={4, 6}).modules == both
    assert GameConfig(modules=frozenset({4, 6})).modules == both
    assert GameConfig(modules=4).modules == {Module.WISHING_WELL}
    assert GameConfig(modules=Module.GLAZIERS).modules == {Module.GLAZIERS}
    assert GameConfig(modules=()).modules == frozenset()
    assert len(GameConfig(modules=[1, 2, 3, 4, 5, 6]).modules) == 6
    assert len(GameConfig(modules=[1, 2, 3, 4, 5, 6, 6][:6]).modules) == 6
    some = "G.1: modules takes module numbers (1, 2, 3, 4, 5, 6) or Module members, not "
    for value, shown in (
        ([1.0], "[1.0]"),
        (["4"], "['4']"),
        ([1, 2, 3, 4, 5, 6, 6], "[1, 2, 3, 4, 5, 6, 6]"),
        (None, "None"),
        (True, "True"),
    ):
        with pytest.raises(InvalidConfig) as refused:
            GameConfig(modules=value)
        assert str(refused.value) == some + shown
    for bad, message in (
        ("x", "G.1: there is no expansion module 'x' (known: 1, 2, 3, 4, 5, 6)"),
        (7, "G.1: there is no expansion module 7 (known: 1, 2, 3, 4, 5, 6)"),
    ):
        with pytest.raises(InvalidConfig) as refused:
            GameConfig(modules=bad)
        assert str(refused.value) == message


@pytest.mark.rule("A0.4", "A4.1", "A6.10", "A3.5")
def test_the_options_are_declared_with_their_decisions() -> None:
    assert len(OPTION_TYPES) == 22
    assert list(OPTION_TYPES)[:3] == ["market_refill", "bishop_move_limit", "altar_limit"]
    assert OPTION_TYPES["module3_splashes"].__name__ == "Module3Splashes"
    assert GameConfig(market_refill="REDRAW-ALL").market_refill is MarketRefill.REDRAW_ALL
    with pytest.raises(InvalidConfig) as refused:
        GameConfig(altar_window="never")
    assert str(refused.value) == (
        "A6.10: altar_window takes one of: every_altar_restoration, "
        "altar_window_once_per_round; not 'never'"
    )
    assert GameConfig(booth_capacities="3, 3,4").booth_capacities == (3, 3, 4)
    with pytest.raises(InvalidConfig) as refused:
        GameConfig(workbench_prices="x")
    assert str(refused.value) == (
        "A6.1: workbench_prices takes whole numbers such as 3,3,3,4; not 'x'"
    )


@pytest.mark.rule("R0.1", "A0.1", "A0.2", "A0.3", "G.1")
def test_every_refusal_of_base_tables() -> None:
    assert _refusal("config") == "expected a GameConfig, got 'config'"
    for players in (1, 5, True, 3.0):
        assert _refusal(players=players) == f"R0.1: Fresco is for 2-4 players, not {players!r}"
    assert _refusal(market_refill="top_up") == (
        "market_refill must be a MarketRefill, got 'top_up'"
    )
    assert _refusal(components=None) == "components must be a ComponentData (see load_components)"
    assert _refusal(hostel_table=[1]) == (
        "A0.1: hostel_table must be a tuple of at most 12 HostelSpace rows"
    )
    assert _refusal(hostel_table=()) == (
        "0 get-up spaces for 4 painters (at most 12) @ hostel_table"
    )
    assert _refusal(mood_track="x") == "A0.2: mood_track must be a MoodTrack"
    assert _refusal(mood_track=attrs.evolve(default_components().mood, rows=0)) == (
        "needs 1..20 rows, not 0 @ mood_track.rows"
    )
    for booths in ((3, 3, 3, 3), (0, 4, 4, 5), [3, 3, 3, 4], (3, 3, 3, 2, 2)):
        assert _refusal(booth_capacities=booths) == (
            f"A0.3: booth_capacities {booths!r} must be 4 capacities of 1-13 totalling 13"
        )
    assert base_tables(GameConfig(booth_capacities=(1, 1, 1, 10))).booth_capacities == (
        1, 1, 1, 10,
    )  # fmt: skip
    assert _refusal(modules={Module.GLAZIERS}) == (
        "G.1: modules must be a set of Module (1-6), not {<Module.GLAZIERS: 6>}"
    )
    assert _refusal(modules=frozenset({1})) == (
        "G.1: modules must be a set of Module (1-6), not frozenset({1})"
    )
    # the hostel and mood are refused before the booths, the modules before the booths' problem
    assert _refusal(hostel_table=(), booth_capacities=(3, 3, 3, 3)) == (
        "0 get-up spaces for 4 painters (at most 12) @ hostel_table"
    )
    assert _refusal(booth_capacities=(3, 3, 3, 3), modules=frozenset({1})) == (
        "G.1: modules must be a set of Module (1-6), not frozenset({1})"
    )


OPTION_RULES = {
    "market_refill": "A0.4",
    "bishop_move_limit": "A0.5",
    "altar_limit": "A0.6",
    "second_cathedral": "A0.7",
    "start_rotation": "A0.8",
    "track_collision": "A0.11",
    "wishing_purchase": "A4.1",
    "praise": "A4.5",
    "bishop_visit": "A4.6",
    "alchemy_inputs": "A4.7",
    "free_tile_gold": "A4.8",
    "disc_set": "A5.1",
    "gilding_adjacency": "A5.3",
    "window_refill": "A6.3",
    "glassworks_slot": "A6.4",
    "altar_window": "A6.10",
    "portraits": "A1.1",
    "abbot": "A1.2",
    "sexton": "A1.3",
    "tip_with_portrait": "A1.6",
    "m3_setup": "A3.1",
    "module3_splashes": "A3.5",
}
"""Each enumerated option and the interpretation decision its refusal names."""


@pytest.mark.rule(
    "A0.4",
    "A0.5",
    "A0.6",
    "A0.7",
    "A0.8",
    "A0.11",
    "A4.1",
    "A4.5",
    "A4.6",
    "A4.7",
    "A4.8",
    "A5.1",
    "A5.3",
    "A6.3",
    "A6.4",
    "A6.10",
    "A1.1",
    "A1.2",
    "A1.3",
    "A1.6",
    "A3.1",
    "A3.5",
)
@pytest.mark.parametrize(("option", "rule"), OPTION_RULES.items())
def test_each_option_names_its_decision_and_values_when_refused(option: str, rule: str) -> None:
    check_option_refused_by_name(GameConfig, OPTION_TYPES[option], InvalidConfig, option, rule)


@pytest.mark.rule("A0.3", "A6.1")
def test_the_number_options_name_their_decisions() -> None:
    for option, rule in (("booth_capacities", "A0.3"), ("workbench_prices", "A6.1")):
        with pytest.raises(InvalidConfig) as refused:
            with_option(GameConfig, option, "3,x")
        assert str(refused.value) == (
            f"{rule}: {option} takes whole numbers such as 3,3,3,4; not '3,x'"
        )
        assert getattr(with_option(GameConfig, option, [4, 2]), option) == (4, 2)
        assert getattr(with_option(GameConfig, option, None), option) is None


@pytest.mark.rule("A0.1", "A0.2")
def test_a_long_hostel_is_refused_by_its_bound_and_problems_are_joined() -> None:
    hostel = default_components().side_for(4).hostel
    assert _refusal(hostel_table=hostel * 3) == (
        "A0.1: hostel_table must be a tuple of at most 12 HostelSpace rows"
    )
    assert _refusal(
        hostel_table=(), mood_track=attrs.evolve(default_components().mood, rows=0)
    ) == (
        "0 get-up spaces for 4 painters (at most 12) @ hostel_table; "
        "needs 1..20 rows, not 0 @ mood_track.rows"
    )
