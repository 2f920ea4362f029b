"""Component data of modules 1-3 (fresco-modules-123.md section 5): the shipped rows with their
provenances, the counts the spec states, and bad data refused by path."""

from __future__ import annotations

import copy
import tomllib
from collections import Counter
from typing import Any

import pytest

from fresco_rules.fresco import default_components
from fresco_rules.fresco.data import components_from_mapping, components_to_mapping, template_text
from fresco_rules.fresco.vocab import SPECIAL_BLENDS, Paint
from fresco_rules.kernel.errors import InvalidData

OR, GR, PU, PK, BN = Paint.ORANGE, Paint.GREEN, Paint.PURPLE, Paint.PINK, Paint.BROWN


@pytest.mark.rule("R1.2", "R1.7")
def test_R1_2_eighteen_portraits_six_per_back() -> None:
    cards = default_components().modules_123.portraits.cards
    assert len(cards) == 18
    assert Counter(card.back for card in cards) == {"A": 6, "B": 6, "C": 6}
    assert default_components().modules_123.portraits.backs == ("A", "B", "C")
    permanent = [card.name for card in cards if card.permanent]
    assert sorted(permanent) == ["Abbot", "Actor", "God's servant", "Sexton"]
    assert sum(card.vp for card in cards) == 17
    assert sum(card.vp > 0 for card in cards) == 6
    by_id = {card.id: card for card in cards}
    assert (by_id["PT05"].name, by_id["PT05"].thalers) == ("Patron", 7)
    assert (by_id["PT04"].choice, by_id["PT04"].thalers) == (2, 1)
    assert by_id["PT08"].mood_to_top
    assert (by_id["PT16"].vp, by_id["PT16"].thalers) == (4, 1)
    # R3.7: no portrait shows pink or brown
    assert not any(paint in (PK, BN) for card in cards for paint in card.paints)


@pytest.mark.rule("R2.2", "A2.7")
def test_R2_2_twelve_requests_three_per_type() -> None:
    tiles = default_components().modules_123.requests.tiles
    assert len(tiles) == 12
    assert Counter(tile.type for tile in tiles) == {
        t: 3 for t in ("general", *("orange", "green", "purple"))
    }
    top = {t: max(tile.vp for tile in tiles if tile.type == t) for t in ("general", "purple")}
    assert top == {"general": 6, "purple": 10}  # the supplement's examples
    assert [tile.vp for tile in tiles if tile.type == "general"] == [4, 5, 6]


@pytest.mark.rule("A3.5", "R3.13")
def test_A3_5_splash_formula_counts() -> None:
    data = default_components().modules_123
    backs = {back.tile: back.splashes for back in data.requests.backs}
    assert len(backs) == 25
    assert Counter(len(s) for s in backs.values()) == {0: 6, 1: 12, 2: 5, 3: 2}
    base = Counter(colour for splashes in backs.values() for colour in splashes)
    assert base == {OR: 9, GR: 10, PU: 9}
    allof = base + Counter(c for tile in data.special_blends.fresco_tiles for c in tile.splashes)
    assert allof == {OR: 14, GR: 15, PU: 14}
    assert backs["F16"] == (OR, GR) and backs["F01"] == ()


@pytest.mark.rule("R3.1", "R3.10", "A3.4")
def test_R3_10_module3_tiles() -> None:
    special = default_components().modules_123.special_blends
    assert (special.pink, special.brown) == (6, 6)
    assert (special.altar_pink, special.altar_brown) == (3, 5)
    tiles = special.fresco_tiles
    assert [t.id for t in tiles] == [f"F{n}" for n in range(26, 33)]
    assert all(13 <= t.value <= 24 for t in tiles)
    (centre,) = [t for t in tiles if t.centre]
    assert (centre.id, centre.value, set(centre.pieces)) == ("F32", 24, {PK, BN})
    pieces = Counter(p for t in tiles for p in t.pieces)
    assert pieces == {
        Paint.RED: 2,
        Paint.YELLOW: 2,
        Paint.BLUE: 1,
        OR: 2,
        GR: 1,
        PU: 1,
        PK: 4,
        BN: 4,
    }
    # the weight formula of section 5.4: primary 2, secondary 4, pink 12, brown 13
    weight = {Paint.RED: 2, Paint.YELLOW: 2, Paint.BLUE: 2, OR: 4, GR: 4, PU: 4, PK: 12, BN: 13}
    assert all(t.value == sum(weight[p] for p in t.pieces) - 1 for t in tiles)
    assert sorted(t.id for t in tiles if BN in t.pieces) == ["F27", "F29", "F31", "F32"]
    assert all(t.income == 1 for t in tiles)


@pytest.mark.rule("R3.5", "R3.7")
def test_R3_5_the_two_added_recipes() -> None:
    assert SPECIAL_BLENDS == {PK: (PU, Paint.RED), BN: (OR, GR)}


@pytest.mark.rule("R1.7", "A2.7", "A3.4")
def test_every_picture_value_is_provisional_and_shipped_digest_unchanged() -> None:
    data = default_components()
    flagged = [path for path in data.provisional() if path.startswith("$.modules_123")]
    assert len(flagged) == 18 + 12 + 25 + 7
    # the base component set keeps the digest records name it by
    assert data.digest == "3e763524dcc3e2f3"
    again = components_from_mapping(tomllib.loads(template_text()))
    assert again == data


def _raw() -> dict[str, Any]:
    return copy.deepcopy(components_to_mapping(default_components()))


@pytest.mark.rule("A2.7", "A3.4")
def test_replacement_data_changes_the_digest() -> None:
    raw = _raw()
    raw["modules_123"]["requests"]["tiles"][2]["vp"] = 7
    changed = components_from_mapping(raw)
    assert changed.digest != default_components().digest
    assert changed.modules_123.requests.tiles[2].vp == 7


@pytest.mark.parametrize(
    ("edit", "path"),
    [
        (lambda m: m["portraits"]["cards"][0].update(kind="bishop"), "portraits.cards[0].kind"),
        (lambda m: m["portraits"]["cards"][3].update(back="D"), "portraits.cards[3].back"),
        (lambda m: m["portraits"]["cards"][0].update(vp=2), "portraits.cards[0]"),
        (lambda m: m["portraits"]["cards"][5].update(paints=["pink"]), "cards[5].paints[0]"),
        (lambda m: m["portraits"]["cards"][4].update(id="PT01"), "portraits.cards[4].id"),
        (lambda m: m["requests"]["tiles"][0].update(type="blue"), "requests.tiles[0].type"),
        (lambda m: m["requests"]["tiles"][0].update(vp=-1), "requests.tiles[0].vp"),
        (lambda m: m["requests"]["backs"].pop(), "requests.backs"),
        (lambda m: m["requests"]["backs"][3].update(splashes=["red"]), "backs[3].splashes[0]"),
        (lambda m: m["requests"]["backs"][3].update(splashes=["orange"] * 2), "splashes[1]"),
        (lambda m: m["special_blends"]["fresco_tiles"][0].update(id="F01"), "fresco_tiles[0].id"),
        (
            lambda m: m["special_blends"]["fresco_tiles"][0].update(pieces=["red"]),
            "fresco_tiles[0].pieces",
        ),
        (lambda m: m["special_blends"]["fresco_tiles"][0].update(centre=True), "fresco_tiles"),
        (lambda m: m["special_blends"].update(pink=-1), "special_blends.pink"),
        (lambda m: m["special_blends"]["fresco_tiles"][2].update(income=2), "tiles[2].income"),
        (lambda m: m["portraits"]["cards"].extend([m["portraits"]["cards"][0]] * 64), "cards"),
    ],
)
def test_bad_module123_data_is_refused_by_path(edit: Any, path: str) -> None:
    raw = _raw()
    edit(raw["modules_123"])
    with pytest.raises(InvalidData, match=r"\$\.modules_123\.\S*" + path.replace("[", r"\[")):
        components_from_mapping(raw)


def test_wrong_shapes_are_refused_by_path() -> None:
    raw = _raw()
    raw["modules_123"]["portraits"]["cards"][0]["vp"] = "two"
    with pytest.raises(InvalidData, match=r"modules_123\.portraits\.cards\[0\]\.vp"):
        components_from_mapping(raw)
    raw = _raw()
    raw["modules_123"]["requests"]["surprise"] = 1
    with pytest.raises(InvalidData, match=r"surprise"):
        components_from_mapping(raw)
