"""Carcassonne tile data: the shipped set loads with its provenances and matches the spec's
counts; a replacement Festival set (FA5) loads from a file and changes the game; bad data is
refused by path."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest

from fresco_rules.carcassonne import (
    GameConfig,
    apply,
    components_from_mapping,
    components_to_mapping,
    default_components,
    legal_actions,
    load_components,
    new_game,
    token_ledger,
)
from fresco_rules.carcassonne.data import template_text
from fresco_rules.kernel.errors import InvalidData


def _raw() -> dict[str, Any]:
    raw: dict[str, Any] = tomllib.loads(template_text())
    return raw


@pytest.mark.rule("C0.1", "F1")
def test_shipped_tiles_counts_and_provenance() -> None:
    data = default_components()
    assert sum(t.count for t in data.base) == 72
    assert [t.id for t in data.base] == list("ABCDEFGHIJKLMNOPQRSTUVWX")
    assert [t.id for t in data.festival] == [f"FE{n}" for n in range(1, 11)]
    assert sum(t.count for t in data.festival) == 10 == data.festival_count
    assert data.start == "D" and data.tile("D").edges == "CRFR"
    assert {t.provenance for t in data.base} == {"reference"}
    assert {t.provenance for t in data.festival} == {"seed"}
    assert data.provisional() == ()
    pennants = {
        t.id: sum(c.pennants for c in t.cities)
        for t in data.base
        if any(c.pennants for c in t.cities)
    }
    assert pennants == {"C": 1, "F": 1, "M": 1, "O": 1, "Q": 1, "S": 1}
    assert sum(t.count for t in data.base if any(c.pennants for c in t.cities)) == 10
    assert all(t.festival_place for t in data.festival) and not any(
        t.festival_place for t in data.base
    )
    assert components_from_mapping(components_to_mapping(data)) == data


@pytest.mark.rule("C19", "CA7")
@pytest.mark.parametrize("tile_id", ["D", "H", "I", "K", "FE5", "FE8"])
def test_a_wrong_field_city_list_is_refused(tile_id: str) -> None:
    raw = _raw()
    tile = next(t for t in raw["base"] + raw["festival"] if t["id"] == tile_id)
    field = next(f for f in tile["fields"] if f["cities"])
    field["cities"] = []
    with pytest.raises(InvalidData, match=r"corners touch cities"):
        components_from_mapping(raw)


@pytest.mark.rule("C0.1", "FA5")
def test_bad_tile_data_is_refused_by_path() -> None:
    raw = _raw()
    bad = copy.deepcopy(raw)
    bad["base"][0]["count"] = 3
    with pytest.raises(InvalidData, match=r"73 @ \$\.base"):
        components_from_mapping(bad)
    bad = copy.deepcopy(raw)
    bad["base"][3]["edges"] = "CRXR"
    with pytest.raises(InvalidData, match=r"\$\.base\[3\]\.edges"):
        components_from_mapping(bad)
    bad = copy.deepcopy(raw)
    bad["festival_count"] = 12
    with pytest.raises(InvalidData, match=r"festival_count"):
        components_from_mapping(bad)
    bad = copy.deepcopy(raw)
    bad["base"][20]["roads"][0]["edges"] = ["N", "S"]  # U's road turned onto field edges
    with pytest.raises(InvalidData, match=r"\$\.base\[20\]\.roads\[0\]\.edges"):
        components_from_mapping(bad)
    bad = copy.deepcopy(raw)
    bad["base"][0]["colour"] = "red"
    with pytest.raises(InvalidData, match="colour"):
        components_from_mapping(bad)
    with pytest.raises(InvalidData):
        components_from_mapping([1, 2])  # type: ignore[arg-type]


@pytest.mark.rule("FA5", "F1")
def test_FA5_a_replacement_festival_set_loads_from_a_file(tmp_path: Path) -> None:
    text = template_text().replace("festival_count = 10", "festival_count = 12")
    extra = "\n".join(
        f'[[festival]]\nid = "FE{n}"\ncount = 1\nedges = "FFFF"\nmonastery = true\n'
        "festival_place = true\ncities = []\nroads = []\n"
        'fields = [{ name = "f1", halves = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"], '
        'cities = [] }]\nprovenance = "provisional"\n'
        for n in (11, 12)
    )
    path = tmp_path / "festival-2024.toml"
    path.write_text(text + "\n" + extra, encoding="utf-8")
    data = load_components(path)
    assert data != default_components() and len(data.festival) == 12
    assert data.provisional() == ("$.festival[10]", "$.festival[11]")
    config = GameConfig(components=data)
    state = new_game(config, 0, chance=[("tile", "FE12")])
    assert state.tile == "FE12"
    assert sum(token_ledger(state)["tiles"].values()) == 84
    assert all(apply(state, a) for a in legal_actions(state)[:2])
    with pytest.raises(InvalidData, match="cannot read"):
        load_components(tmp_path / "missing.toml")
    (tmp_path / "broken.toml").write_text("name = ", encoding="utf-8")
    with pytest.raises(InvalidData, match="not valid TOML"):
        load_components(tmp_path / "broken.toml")
