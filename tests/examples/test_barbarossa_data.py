"""Barbarossa component data (component-data.md section 8): the shipped file loads with a
provenance per row, its PROVISIONAL rows are listed, a replacement file changes the game, and a
bad file is refused with the path of every bad field."""

from __future__ import annotations

import copy
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from fresco_rules.barbarossa import (
    EventKind,
    GameConfig,
    InvalidConfig,
    RollDie,
    components_from_mapping,
    components_to_mapping,
    default_components,
    load_components,
    new_game,
    sculptor_delta,
)
from fresco_rules.barbarossa.data import PROVENANCES
from fresco_rules.kernel.errors import InvalidData, InvalidSeed

from .barbarossa_fixtures import play, quiet

RAW = components_to_mapping(default_components())


def _changed(path: str, value: Any) -> dict[str, Any]:
    """The shipped data with the field at ``path`` (``ring.2.kind``) replaced."""
    raw = copy.deepcopy(RAW)
    keys = [int(key) if key.isdigit() else key for key in path.split(".")]
    node: Any = raw
    for key in keys[:-1]:
        node = node[key]
    node[keys[-1]] = value
    return raw


@pytest.mark.rule("B3", "B14", "B16", "B22", "A-B.1", "A-B.2")
def test_shipped_data_has_the_2005_constants() -> None:
    data = default_components()
    assert (data.track.spaces, data.track.start, data.track.finish) == (32, 5, 31)
    assert (data.jewels.start, data.jewels.maximum) == (12, 13)
    assert (data.arrows.total, data.arrows.per_object, data.arrows.guesser_gain) == (13, 2, (5, 3))
    assert data.curses.per_player == 3 and data.die.sides == 6
    assert {row.players: row.objects for row in data.objects_per_player} == {3: 3, 4: 2}
    assert [row.move for row in data.sculptor_table] == [
        -2, -2, -1, 0, 1, 1, 2, 2, 1, 0, -1, -2, -2,
    ]  # fmt: skip
    assert [tile.kind for tile in data.ring] == [
        EventKind.QUESTION, EventKind.JEWEL, EventKind.DRAGON,
        EventKind.LETTER_DWARF, EventKind.JEWEL, EventKind.DRAGON,
    ]  # fmt: skip
    rows: list[Any] = [data.track, data.jewels, data.arrows, data.curses, data.die]
    rows += [data.stand_in_objects, *data.objects_per_player, *data.sculptor_table, *data.ring]
    assert all(row.provenance in PROVENANCES for row in rows)
    assert data.provisional() == tuple(f"$.ring[{i}]" for i in range(6))


@pytest.mark.rule("B16", "A-B.1", "A-B.2")
def test_a_replacement_file_changes_the_game(tmp_path: Path) -> None:
    shipped = resources.files("fresco_rules.barbarossa").joinpath("data/components.toml")
    source = shipped.read_text(encoding="utf-8")
    source = source.replace("finish = 31", "finish = 20").replace("spaces = 32", "spaces = 21")
    source = source.replace('tile = 3\nkind = "dragon"', 'tile = 3\nkind = "letter_dwarf"')
    source = source.replace('tile = 4\nkind = "letter_dwarf"', 'tile = 4\nkind = "dragon"')
    file = tmp_path / "box.toml"
    file.write_text(source, encoding="utf-8")
    data = load_components(file)
    assert data != default_components() and data.digest != default_components().digest
    assert sculptor_delta(7, data) == sculptor_delta(7) == 2
    state = quiet(new_game(GameConfig(components=data), 0, chance=[("die", "3")]))
    state = play(state, RollDie())  # tile 4 is now a Dragon
    assert state.discs == (5, 6, 6, 6) and state.tables.track.finish == 20
    assert components_from_mapping(components_to_mapping(data)) == data


@pytest.mark.rule("B3", "B16", "A-B.1", "A-B.2")
@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("ring.2.kind", "ghost", r"\$\.ring\[2\]\.kind"),
        ("ring.2.tile", 7, r"numbered 1\.\. in order: 3 @ \$\.ring\[2\]\.tile"),
        ("ring", RAW["ring"][:5], r"6 event tiles, not 5 @ \$\.ring"),
        ("track.finish", 32, r"off the 32-space track @ \$\.track\.finish"),
        ("track.start", 31, r"start 31 must lie before finish 31 @ \$\.track\.start"),
        ("jewels.start", 14, r"\$\.jewels\.start"),
        ("arrows.total", "13", r"\$\.arrows\.total"),
        ("arrows.guesser_gain", [5], r"\$\.arrows\.guesser_gain"),
        ("sculptor_table", RAW["sculptor_table"][:12], r"1\.\.13, in order @ \$\.sculptor_table"),
        ("die.provenance", "rumour", r"unknown provenance 'rumour' @ \$\.die\.provenance"),
        ("objects_per_player.1.objects", 0, r"\$\.objects_per_player\[1\]\.objects"),
        ("stand_in_objects.words", ["a", "b"], r"fewer than 9 words"),
        ("curses.colour", "red", r"extra fields found \(colour\) @ \$\.curses"),
        # bounds a physical box can have, checked before anything proportional to them
        ("arrows.total", 100_000_000, r"within 1\.\.100, not 100000000 @ \$\.arrows\.total"),
        ("die.sides", 2**63 - 1, r"within 2\.\.20, not 9223372036854775807 @ \$\.die\.sides"),
        ("jewels.maximum", 10**7, r"within 0\.\.100, not 10000000 @ \$\.jewels\.maximum"),
        ("track.spaces", 1_000_000, r"within 2\.\.200, not 1000000 @ \$\.track\.spaces"),
        ("curses.per_player", -1, r"within 0\.\.20, not -1 @ \$\.curses\.per_player"),
        pytest.param(
            "arrows.total",
            10**5000,
            r"within 1\.\.100, not <int of 16610 bits> @ \$\.arrows\.total",
            id="huge_int",
        ),
        ("stand_in_objects.words", ["w"] * 201, r"holds 1\.\.200 items, not 201"),
        (
            "stand_in_objects.words",
            [*RAW["stand_in_objects"]["words"][:11], "hedgehog"],
            r"a stand-in word twice @ \$\.stand_in_objects\.words",
        ),
        (
            "stand_in_objects.words",
            [*RAW["stand_in_objects"]["words"][:11], "x" * 17],
            r"1-16 letters, not 'xxxxxxxxxxxxxxxxx' @ \$\.stand_in_objects\.words\[11\]",
        ),
        ("word_limit.max_letters", 0, r"within 1\.\.64, not 0 @ \$\.word_limit\.max_letters"),
    ],
)
def test_bad_data_is_refused_by_path(path: str, value: object, message: str) -> None:
    with pytest.raises(InvalidData, match=message):
        components_from_mapping(_changed(path, value))


def test_unreadable_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidData, match="cannot read"):
        load_components(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("name = [", encoding="utf-8")
    with pytest.raises(InvalidData, match="not valid TOML"):
        load_components(bad)
    with pytest.raises(InvalidData, match="top level must be a table"):
        components_from_mapping([])  # type: ignore[arg-type]


@pytest.mark.rule("B1", "A-B.18")
def test_bad_configs_and_seeds_are_refused() -> None:
    with pytest.raises(InvalidConfig, match="expected a GameConfig"):
        new_game("four players")  # type: ignore[arg-type]
    with pytest.raises(InvalidConfig, match=re.escape("A-B.2: track must be a Track")):
        new_game(GameConfig(track=(32, 5, 31)))  # type: ignore[arg-type]
    with pytest.raises(InvalidSeed, match="seed"):
        new_game(GameConfig(), seed="1")  # type: ignore[arg-type]
