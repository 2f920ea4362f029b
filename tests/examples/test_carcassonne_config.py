"""Carcassonne's config: the option converters and every refusal of ``derive_tables``, with
the tables it derives from the shipped tile set (component data: 72 base tiles, the start tile
D, 10 Festival tiles)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest

from fresco_rules.carcassonne.config import (
    FestivalReturn,
    FirstPlayer,
    GameConfig,
    InvalidConfig,
    Switch,
    TinyCity,
    derive_tables,
)
from fresco_rules.carcassonne.data import default_components

from ..data_law_helpers import config_refusal

BASE_COUNTS = {
    "A": 2, "B": 4, "C": 1, "D": 3, "E": 5, "F": 2, "G": 1, "H": 3, "I": 2, "J": 3, "K": 3,
    "L": 3, "M": 2, "N": 3, "O": 2, "P": 3, "Q": 1, "R": 3, "S": 2, "T": 1, "U": 8, "V": 9,
    "W": 4, "X": 1,
}  # fmt: skip
"""The base tiles in the stack: the 72 of component-data.md less the start tile (one D)."""
FESTIVAL = tuple(f"FE{n}" for n in range(1, 11))


def _refusal(**changes: Any) -> str:
    """The message ``derive_tables`` refuses the default config with ``changes`` set as is
    (past the converters, as a hostile caller could)."""
    return config_refusal(derive_tables, GameConfig, InvalidConfig, None, changes)


@pytest.mark.rule("C0.1", "F1")
def test_C0_1_the_stack_is_the_71_base_tiles_then_the_festival_tiles_by_number() -> None:
    tables = derive_tables(GameConfig())
    assert tables.players == 2
    assert tables.followers == 7
    assert tables.start == "D"
    assert len(tables.stack) == 81
    assert Counter(tables.stack[:71]) == BASE_COUNTS
    assert list(tables.stack[:71]) == sorted(tables.stack[:71])
    assert tables.stack[71:] == FESTIVAL
    assert tables.festival_tiles == frozenset(FESTIVAL)
    assert tables.geometry is derive_tables(GameConfig(players=5)).geometry


@pytest.mark.rule("F1", "C0.1")
def test_F1_without_the_festival_the_stack_is_the_71_base_tiles() -> None:
    tables = derive_tables(GameConfig(festival="off", players=5, first_player=4))
    assert len(tables.stack) == 71
    assert Counter(tables.stack) == BASE_COUNTS
    assert tables.festival_tiles == frozenset(FESTIVAL)
    assert tables.players == 5


@pytest.mark.rule("V1", "V3", "F1", "FA2", "CA1")
def test_the_converters_read_what_people_type() -> None:
    config = GameConfig(
        festival="OFF",
        farmers=Switch.OFF,
        tiny_city="2",
        festival_return="Follower",
        first_player_choice="RANDOM",
    )
    assert config.festival is False
    assert config.farmers is False
    assert config.tiny_city == 2
    assert config.festival_return is FestivalReturn.FOLLOWER
    assert config.first_player_choice is FirstPlayer.RANDOM
    assert GameConfig(festival=Switch.ON, farmers="on").farmers is True
    assert GameConfig(tiny_city=TinyCity.TWO).tiny_city == 2
    assert GameConfig(tiny_city=4).tiny_city == 4
    assert GameConfig(festival=True, farmers=False).farmers is False


@pytest.mark.rule("V1", "V3", "F1", "FA2", "CA1")
@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("festival", "maybe", "F1: festival takes one of: on, off; not 'maybe'"),
        ("farmers", "first edition", "V3: farmers takes one of: on, off; not 'first edition'"),
        ("tiny_city", 3, "V1: tiny_city takes one of: 4, 2; not 3"),
        ("tiny_city", "three", "V1: tiny_city takes one of: 4, 2; not 'three'"),
        (
            "festival_return",
            "meeple",
            "FA2: festival_return takes one of: figure, follower; not 'meeple'",
        ),
        (
            "first_player_choice",
            "oldest",
            "CA1: first_player_choice takes one of: setup, random; not 'oldest'",
        ),
    ],
)
def test_a_bad_option_text_is_refused_at_once(option: str, value: Any, message: str) -> None:
    with pytest.raises(InvalidConfig) as refused:
        GameConfig(**{option: value})
    assert str(refused.value) == message


@pytest.mark.rule("V1", "V3", "F1", "FA2", "CA1")
def test_other_shapes_are_left_to_derive_tables() -> None:
    assert GameConfig(festival=1).festival == 1
    assert GameConfig(tiny_city=True).tiny_city is True
    assert GameConfig(tiny_city=4.0).tiny_city == 4.0
    assert GameConfig(festival_return=2).festival_return == 2  # type: ignore[comparison-overlap]
    assert GameConfig(first_player_choice=None).first_player_choice is None
    assert _refusal(festival=1) == "festival must be True or False, not 1"
    assert _refusal(farmers="on") == "farmers must be True or False, not 'on'"
    assert _refusal(tiny_city=True) == "V1: tiny_city is 4 or 2, not True"
    assert _refusal(tiny_city=4.0) == "V1: tiny_city is 4 or 2, not 4.0"
    assert _refusal(tiny_city=3) == "V1: tiny_city is 4 or 2, not 3"
    assert _refusal(festival_return="figure") == (
        "FA2: festival_return is 'figure' or 'follower', not 'figure'"
    )
    assert _refusal(first_player_choice="setup") == (
        "CA1: first_player_choice is 'setup' or 'random', not 'setup'"
    )


@pytest.mark.rule("C0.1", "C0.2", "CA1")
def test_C0_1_C0_2_players_and_first_player_refusals() -> None:
    for players in (1, 6, True, 2.0, "2"):
        assert _refusal(players=players) == (
            f"C0.1: Carcassonne is for 2-5 players, not {players!r}"
        )
    for seat in (-1, 2, True, 0.0):
        assert _refusal(first_player=seat) == "C0.2: the first player must be a seat 0-1"
    assert derive_tables(GameConfig(players=3, first_player=2)).players == 3
    assert _refusal(players=5, first_player=5) == "C0.2: the first player must be a seat 0-4"


@pytest.mark.rule("FA5")
def test_FA5_config_and_components_must_be_the_real_types() -> None:
    with pytest.raises(InvalidConfig) as refused:
        derive_tables("config")  # type: ignore[arg-type]
    assert str(refused.value) == "expected a GameConfig, got str"
    assert _refusal(components={}) == "components must be a ComponentData (see load_components)"
    own = attrs.evolve(default_components(), festival=default_components().festival[:3])
    tables = derive_tables(GameConfig(components=own))
    assert tables.stack[71:] == ("FE1", "FE2", "FE3")
    assert tables.festival_tiles == frozenset(FESTIVAL[:3])
