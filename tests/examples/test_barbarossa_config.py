"""Barbarossa's config: the option converters, every refusal of ``derive_tables`` word for word,
and the tables it derives from the shipped component data (component-data.md: 3-4 players with
3 or 2 objects each, a 32-space track from 5 to 31, 12 of 13 jewels, 13 arrows, 2 per object,
guesser gains 5 and 3, 3 curses each, a six-sided die, words of at most 16 letters)."""

from __future__ import annotations

from typing import Any

import pytest

from fresco_rules.barbarossa.config import (
    OPTION_TYPES,
    FirstPlayer,
    GameConfig,
    InvalidConfig,
    JewelMove,
    RingMode,
    derive_tables,
)
from fresco_rules.barbarossa.data import Track
from fresco_rules.barbarossa.vocab import EventKind

from ..data_law_helpers import check_option_refused_by_name, config_refusal

SHIPPED_RING = (
    EventKind.QUESTION,
    EventKind.JEWEL,
    EventKind.DRAGON,
    EventKind.LETTER_DWARF,
    EventKind.JEWEL,
    EventKind.DRAGON,
)
A_TO_Z = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def _refusal(config: object = None, **changes: Any) -> str:
    """The message ``derive_tables`` refuses ``config`` (the default one with ``changes`` set
    as is, past the converters, as a hostile caller could) with."""
    return config_refusal(derive_tables, GameConfig, InvalidConfig, config, changes)


def _built(**option: Any) -> object:
    """The one option ``option`` names as ``GameConfig``'s converter leaves it."""
    ((name, _),) = option.items()
    return getattr(GameConfig(**option), name)


@pytest.mark.rule("B1", "B3", "B14", "B16", "A-B.9")
def test_the_default_tables_are_the_shipped_numbers() -> None:
    tables = derive_tables(GameConfig())
    assert tables.players == 4
    assert tables.objects_per_player == 2
    assert tables.owners == (0, 0, 1, 1, 2, 2, 3, 3)
    assert tables.words == (
        "hedgehog", "anchor", "teapot", "snail", "bicycle", "mushroom", "crown", "lighthouse",
    )  # fmt: skip
    assert tables.letters[0] == "HEDGEHOG"
    assert tables.letters[7] == "LIGHTHOUSE"
    assert tables.alphabets == (A_TO_Z,) * 4
    assert tables.max_letters == 16
    assert tables.ring == SHIPPED_RING
    assert tables.start_tile == 0
    assert tables.track == Track(spaces=32, start=5, finish=31, provenance="review")
    assert (tables.jewel_start, tables.jewel_max) == (12, 13)
    assert (tables.arrows_total, tables.arrows_per_object) == (13, 2)
    assert tables.guesser_gain == (5, 3)
    assert tables.curses_per_player == 3
    assert tables.die_sides == 6
    assert tables.sculptor_moves == (0, -2, -2, -1, 0, 1, 1, 2, 2, 1, 0, -1, -2, -2)
    assert tables.jewel_limit == 6


@pytest.mark.rule("B1", "B2", "A-B.9", "A-B.15")
def test_three_players_sculpt_three_objects_each() -> None:
    tables = derive_tables(
        GameConfig(players=3, max_jewel_move="unlimited", objects="ab,cd,ef;gh,ij,kl;mn,op,qé")
    )
    assert tables.objects_per_player == 3
    assert tables.owners == (0, 0, 0, 1, 1, 1, 2, 2, 2)
    assert tables.words[-1] == "qé"
    assert tables.letters == ("AB", "CD", "EF", "GH", "IJ", "KL", "MN", "OP", "QÉ")
    assert tables.alphabets[:2] == (A_TO_Z, A_TO_Z)
    assert tables.alphabets[2] == (*A_TO_Z, "É")
    assert tables.jewel_limit is None
    assert derive_tables(GameConfig(max_jewel_move=5)).jewel_limit == 5
    assert derive_tables(GameConfig(max_jewel_move=JewelMove.SIX)).jewel_limit == 6


@pytest.mark.rule("A-B.1", "B4")
def test_the_start_tile_is_the_question_tile_of_the_ring() -> None:
    ring = (*SHIPPED_RING[2:], *SHIPPED_RING[:2])
    tables = derive_tables(GameConfig(event_ring=ring, ring="strict"))
    assert tables.ring == ring
    assert tables.start_tile == 4
    assert derive_tables(GameConfig(first_player=3)).players == 4


@pytest.mark.rule("B2", "A-B.1")
def test_the_converters_read_text_and_lists() -> None:
    assert GameConfig(objects=" a , b;c").objects == (("a", "b"), ("c",))
    assert _built(objects=[["a"], "x", ("b",)]) == (("a",), "x", ("b",))
    assert _built(objects=5) == 5
    assert GameConfig(event_ring="question, Jewel").event_ring == (
        EventKind.QUESTION,
        EventKind.JEWEL,
    )
    assert _built(event_ring=[1, "jewel"]) == (1, EventKind.JEWEL)
    assert _built(event_ring=5) == 5
    assert GameConfig(event_ring=None).event_ring is None
    longest = "jewel" + " " * 1995  # 2,000 characters: split; one more is left as it is
    assert GameConfig(event_ring=longest).event_ring == (EventKind.JEWEL,)
    assert _built(event_ring=longest + " ") == longest + " "
    assert GameConfig(event_ring=["jewel"] * 2000).event_ring == (EventKind.JEWEL,) * 2000
    assert _built(event_ring=["jewel"] * 2001) == ["jewel"] * 2001
    assert GameConfig(objects="a" + " " * 1999).objects == (("a",),)
    assert _built(objects="a" + " " * 2000) == "a" + " " * 2000
    with pytest.raises(InvalidConfig) as refused:
        GameConfig(event_ring="question,bogus")
    assert str(refused.value) == (
        "A-B.1: event_ring takes one of: question, jewel, dragon, letter_dwarf; not 'bogus'"
    )


@pytest.mark.rule("A-B.1", "A-B.5", "A-B.6", "A-B.9", "A-B.10", "A-B.11", "A-B.15", "A-B.18")
def test_every_option_is_an_enum_and_refused_by_name() -> None:
    assert list(OPTION_TYPES) == [
        "ring",
        "guess_resolution",
        "finish_tiebreak",
        "max_jewel_move",
        "question_phase",
        "curse_in_own_solution",
        "letter_check",
        "first_player_choice",
    ]
    assert GameConfig(first_player_choice="RANDOM").first_player_choice is FirstPlayer.RANDOM
    assert _refusal(ring="strict") == "ring must be a RingMode, got 'strict'"
    assert _refusal(letter_check=None) == "letter_check must be a LetterCheck, got None"


@pytest.mark.rule("B1", "B4", "A-B.2", "A-B.17")
def test_refusals_of_players_seat_track_and_penalty() -> None:
    assert _refusal("config") == "expected a GameConfig, got 'config'"
    assert _refusal(components=None) == "components must be a ComponentData (see load_components)"
    for players in (2, 5, True, "3"):
        assert _refusal(players=players) == (f"B1: Barbarossa is for 3, 4 players, not {players!r}")
    for seat in (4, -1, True):
        assert _refusal(first_player=seat) == "B4: the first player must be a seat 0-3"
    assert _refusal(track="x") == "A-B.2: track must be a Track"
    assert _refusal(track=Track(spaces=10, start=12, finish=9, provenance="x")) == (
        "A-B.2: start 12 must lie before finish 9 @ track.start; "
        "unknown provenance 'x' @ track.provenance"
    )
    for penalty in (-1, 33, True):
        assert _refusal(unguessed_penalty=penalty) == (
            f"A-B.17: unguessed_penalty must lie within 0..32 (the track), not {penalty!r}"
        )
    assert derive_tables(GameConfig(unguessed_penalty=32)).players == 4


@pytest.mark.rule("B1", "B2", "A-B.1")
def test_refusals_of_the_words_and_the_ring() -> None:
    assert _refusal(objects=[["a"]]) == "B1: objects must hold 4 tuples of words, one per seat"
    assert _refusal(objects=(("a", "b"),)) == (
        "B1: objects must hold 4 tuples of words, one per seat"
    )
    assert _refusal(objects=(("a", "b"), ("c",), ("d", "e"), ("f", "g"))) == (
        "B1: with 4 players seat 1 sculpts 2 objects, not ('c',) @ objects[1]"
    )
    assert _refusal(objects=(("a", "b"), ["c", "d"], ("d", "e"), ("f", "g"))) == (
        "B1: with 4 players seat 1 sculpts 2 objects, not ['c', 'd'] @ objects[1]"
    )
    assert _refusal(objects=(("a", "b"), ("", "c"), ("d", "e"), ("f", "g"))) == (
        "B2: seat 1's secret words: a secret word has 1-16 letters, not '' @ objects[1][0]"
    )
    assert _refusal(event_ring=["x"]) == (
        "A-B.1: event_ring must be a tuple of EventKind, not ['x']"
    )
    assert _refusal(event_ring=(EventKind.QUESTION,) * 6) == (
        "A-B.1: every kind of tile lies on the ring; missing ['jewel', 'dragon', "
        "'letter_dwarf'] @ event_ring"
    )
    assert _refusal(ring=RingMode.STRICT) == (
        "A-B.1: ring=strict needs a checked event ring: pass event_ring or component data "
        "whose ring is not provisional"
    )


OPTION_RULES = {
    "ring": "A-B.1",
    "guess_resolution": "A-B.5",
    "finish_tiebreak": "A-B.6",
    "max_jewel_move": "A-B.9",
    "question_phase": "A-B.10",
    "curse_in_own_solution": "A-B.11",
    "letter_check": "A-B.15",
    "first_player_choice": "A-B.18",
}
"""Each enumerated option and the interpretation decision its refusal names."""


@pytest.mark.rule("A-B.1", "A-B.5", "A-B.6", "A-B.9", "A-B.10", "A-B.11", "A-B.15", "A-B.18")
@pytest.mark.parametrize(("option", "rule"), OPTION_RULES.items())
def test_each_option_names_its_decision_and_values_when_refused(option: str, rule: str) -> None:
    check_option_refused_by_name(GameConfig, OPTION_TYPES[option], InvalidConfig, option, rule)


@pytest.mark.rule("B1", "B2", "A-B.1")
def test_tuples_are_read_like_lists_and_every_problem_is_named() -> None:
    assert _built(objects=(["a", "b"], ("c", "d"))) == (("a", "b"), ("c", "d"))
    assert _built(event_ring=("question", EventKind.JEWEL)) == (
        EventKind.QUESTION,
        EventKind.JEWEL,
    )
    assert _refusal(players=3.0) == "B1: Barbarossa is for 3, 4 players, not 3.0"
    assert _refusal(objects=(("a", "b"), ("", ""), ("d", "e"), ("f", "g"))) == (
        "B2: seat 1's secret words: a secret word has 1-16 letters, not '' @ objects[1][0]; "
        "a secret word has 1-16 letters, not '' @ objects[1][1]"
    )
    assert _refusal(event_ring=("x", 1, *SHIPPED_RING[2:])) == (
        "A-B.1: 'x' is no event kind @ event_ring[0]; 1 is no event kind @ event_ring[1]"
    )
