"""Barbarossa's component-data laws, one bad field at a time, each refusal word for word
(component-data.md section 8: 3 players sculpt 3 objects, 4 players 2; 13 arrows, 2 per object;
12 of 13 jewels; a six-tile ring; 12 stand-in words of at most 16 letters)."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from fresco_rules.barbarossa import data as barbarossa_data
from fresco_rules.barbarossa.data import (
    Track,
    components_from_mapping,
    components_to_mapping,
    default_components,
    ring_problems,
    track_problems,
    word_problems,
)
from fresco_rules.barbarossa.vocab import EventKind
from fresco_rules.kernel.errors import InvalidData

from ..data_law_helpers import Edit, data_refusal

_refusal = partial(data_refusal, barbarossa_data)


def _words(count: int) -> Edit:
    return lambda raw: raw["stand_in_objects"].update(
        words=raw["stand_in_objects"]["words"][:count]
    )


@pytest.mark.rule("B1", "B3", "B14", "B16", "A-B.1", "A-B.14")
@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda raw: raw["objects_per_player"][1].update(players=3),
            "t: 3 players listed twice @ $.objects_per_player[1].players; 3 players' objects "
            "hold only 12 arrows (A-B.14) @ $.arrows.total",
        ),
        (
            lambda raw: raw["objects_per_player"][0].update(provenance="x"),
            "t: unknown provenance 'x' @ $.objects_per_player[0].provenance",
        ),
        (
            lambda raw: raw.update(objects_per_player=[]),
            "t: holds 1..8 items, not 0 @ $.objects_per_player",
        ),
        (
            lambda raw: raw["jewels"].update(start=14),
            "t: must lie within 0..maximum @ $.jewels.start",
        ),
        (lambda raw: raw["jewels"].update(start=13), ""),
        (
            lambda raw: raw["arrows"].update(guesser_gain=[5]),
            "t: one gain per arrow an object can hold (2) @ $.arrows.guesser_gain",
        ),
        (
            lambda raw: raw["arrows"].update(total=17),
            "t: 4 players' objects hold only 16 arrows (A-B.14) @ $.arrows.total; one row for "
            "each total 1..17, in order @ $.sculptor_table",
        ),
        (
            lambda raw: raw["sculptor_table"].pop(),
            "t: one row for each total 1..13, in order @ $.sculptor_table",
        ),
        (
            lambda raw: raw["sculptor_table"][3].update(provenance="zz"),
            "t: unknown provenance 'zz' @ $.sculptor_table[3].provenance",
        ),
        (
            lambda raw: raw["ring"][2].update(tile=9),
            "t: tiles are numbered 1.. in order: 3 @ $.ring[2].tile",
        ),
        (
            lambda raw: raw["ring"][3].update(provenance="zz"),
            "t: unknown provenance 'zz' @ $.ring[3].provenance",
        ),
        (lambda raw: raw["ring"].pop(), "t: the ring has 6 event tiles, not 5 @ $.ring"),
        (_words(8), "t: fewer than 9 words @ $.stand_in_objects.words"),
        (_words(9), ""),
        (
            lambda raw: raw["stand_in_objects"]["words"].__setitem__(1, "hedgehog"),
            "t: a stand-in word twice @ $.stand_in_objects.words",
        ),
        (
            lambda raw: raw["stand_in_objects"]["words"].__setitem__(1, "x" * 17),
            "t: a secret word has 1-16 letters, not 'xxxxxxxxxxxxxxxxx' @ "
            "$.stand_in_objects.words[1]",
        ),
        (
            lambda raw: [
                raw[key].update(provenance="zz")
                for key in ("curses", "die", "word_limit", "stand_in_objects", "jewels", "arrows")
            ],
            "t: unknown provenance 'zz' @ $.jewels.provenance; unknown provenance 'zz' @ "
            "$.arrows.provenance; unknown provenance 'zz' @ $.curses.provenance; unknown "
            "provenance 'zz' @ $.die.provenance; unknown provenance 'zz' @ "
            "$.stand_in_objects.provenance; unknown provenance 'zz' @ $.word_limit.provenance",
        ),
        (
            lambda raw: raw["track"].update(finish=40),
            "t: finish 40 is off the 32-space track @ $.track.finish",
        ),
        (lambda raw: raw["die"].update(sides=1), "t: must lie within 2..20, not 1 @ $.die.sides"),
    ],
)
def test_each_law_refuses_its_field(edit: Edit, message: str) -> None:
    assert _refusal(edit) == message


@pytest.mark.rule("A-B.2")
def test_A_B_2_track_problems() -> None:
    assert track_problems(Track(spaces=1, start=0, finish=0), "t") == [
        "a track has 2-200 spaces, not 1 @ t.spaces"
    ]
    assert track_problems(Track(spaces=201, start=0, finish=199), "t") == [
        "a track has 2-200 spaces, not 201 @ t.spaces"
    ]
    assert track_problems(Track(spaces=True, start=0, finish=1), "t") == [
        "a track has 2-200 spaces, not True @ t.spaces"
    ]
    assert track_problems(Track(spaces=200, start=0, finish=199), "t") == []
    assert track_problems(Track(spaces=10, start=0.5, finish=3), "t") == [  # type: ignore[arg-type]
        "start and finish are integers @ t"
    ]
    assert track_problems(Track(spaces=10, start=3, finish="9"), "t") == [  # type: ignore[arg-type]
        "start and finish are integers @ t"
    ]
    assert track_problems(Track(spaces=10, start=3, finish=3), "t") == [
        "start 3 must lie before finish 3 @ t.start"
    ]
    assert track_problems(Track(spaces=10, start=-1, finish=9), "t") == [
        "start -1 must lie before finish 9 @ t.start"
    ]
    assert track_problems(Track(spaces=10, start=0, finish=10), "t") == [
        "finish 10 is off the 10-space track @ t.finish"
    ]
    assert track_problems(Track(spaces=10, start=0, finish=9, provenance=5), "t") == [  # type: ignore[arg-type]
        "unknown provenance 5 @ t.provenance"
    ]
    assert track_problems(Track(spaces=10, start=0, finish=9, provenance="nope"), "t") == [
        "unknown provenance 'nope' @ t.provenance"
    ]


@pytest.mark.rule("A-B.1")
def test_A_B_1_ring_problems() -> None:
    full = (*EventKind, EventKind.JEWEL, EventKind.DRAGON)
    assert ring_problems(full, "r") == []
    assert ring_problems((*full[:5], "x"), "r") == ["'x' is no event kind @ r[5]"]
    assert ring_problems(("x", 1, *full[2:]), "r") == [
        "'x' is no event kind @ r[0]",
        "1 is no event kind @ r[1]",
    ]
    assert ring_problems((EventKind.QUESTION,) * 6, "r") == [
        "every kind of tile lies on the ring; missing ['jewel', 'dragon', 'letter_dwarf'] @ r"
    ]
    assert ring_problems(full[:5], "r") == ["the ring has 6 event tiles, not 5 @ r"]


@pytest.mark.rule("B2", "A-B.15")
def test_B2_word_problems() -> None:
    words = ("ab", 5, "", "  ", "a" * 16, "a" * 17, "a b" * 10, "a" + " " * 63, "a" + " " * 64)
    assert word_problems(words, 16, "w") == [  # type: ignore[arg-type]
        "a word is a string, not 5 @ w[1]",
        "a secret word has 1-16 letters, not '' @ w[2]",
        "a secret word has 1-16 letters, not '  ' @ w[3]",
        "a secret word has 1-16 letters, not 'aaaaaaaaaaaaaaaaa' @ w[5]",
        "a secret word has 1-16 letters, not 'a ba ba ba ba ba ba ba ba ba b' @ w[6]",
        "a secret word has 1-16 letters, not 'a                ...                  ' @ w[8]",
    ]


@pytest.mark.rule("B1", "A-B.1")
def test_the_shipped_data_reads_back() -> None:
    data = default_components()
    assert data.objects_for(3) == 3
    assert data.objects_for(4) == 2
    assert data.objects_for(5) is None
    assert data.provisional() == tuple(f"$.ring[{i}]" for i in range(6))
    assert components_from_mapping(components_to_mapping(data)) == data
    assert "digest" not in components_to_mapping(data)


def _arrows(total: int, per_object: int) -> Edit:
    """``total`` arrows, ``per_object`` on an object, and a sculptor row for every total."""

    def edit(raw: dict[str, Any]) -> None:
        gains = [5, 3, 1, 1][:per_object]
        raw["arrows"].update(total=total, per_object=per_object, guesser_gain=gains)
        rows = [{"arrows": n, "move": 0, "provenance": "seed"} for n in range(1, total + 1)]
        raw["sculptor_table"] = rows

    return edit


@pytest.mark.rule("B3", "A-B.14")
def test_A_B_14_the_objects_must_hold_every_arrow() -> None:
    assert _refusal(_arrows(16, 2)) == ""  # 4 players' 8 objects hold 2 each: exactly 16
    assert _refusal(_arrows(19, 3)) == (
        "t: 3 players' objects hold only 18 arrows (A-B.14) @ $.arrows.total"
    )  # 3 players: an object holds at most 2 arrows (one per other player)
    assert _refusal(lambda raw: raw["jewels"].update(start=0)) == ""
    raw = components_to_mapping(default_components())
    with pytest.raises(InvalidData) as refused:
        components_from_mapping({**raw, "die": {"sides": 1, "provenance": "seed"}})
    assert str(refused.value) == "<data>: must lie within 2..20, not 1 @ $.die.sides"
