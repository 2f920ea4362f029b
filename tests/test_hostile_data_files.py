"""Component data files are untrusted input: every game's ``load_components`` answers a hostile
file with ``InvalidData`` naming the file, never with another exception, and reads nothing
larger than the bound before parsing it."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from fresco_rules.kernel.codec import MAX_DATA_FILE_BYTES
from fresco_rules.kernel.errors import InvalidData

GAMES = ("fresco", "barbarossa", "carcassonne")

HOSTILE = {
    "nested.toml": "a = " + "[" * 50_000 + "]" * 50_000 + "\n",
    "huge-int.toml": "a = " + "9" * 5_000 + "\n",
    "broken.toml": "name = ",
    "binary.toml": "\udcff",
    "top-level-list.toml": "a = [1, 2]\n",
}
EXPECTED = {
    "nested.toml": "nested too deeply",
    "huge-int.toml": "not valid TOML",
    "broken.toml": "not valid TOML",
    "binary.toml": "not valid TOML",
    "top-level-list.toml": "top-level-list.toml",
}


@pytest.mark.rule("K.1")
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_data_file_is_invalid_data(game: str, name: str, tmp_path: Path) -> None:
    load = importlib.import_module(f"fresco_rules.{game}").load_components
    path = tmp_path / name
    path.write_bytes(HOSTILE[name].encode("utf-8", "surrogateescape"))
    with pytest.raises(InvalidData) as refused:
        load(path)
    assert str(path) in str(refused.value) and EXPECTED[name] in str(refused.value)


@pytest.mark.parametrize("game", GAMES)
def test_a_file_over_the_bound_is_refused_before_it_is_read(game: str, tmp_path: Path) -> None:
    load = importlib.import_module(f"fresco_rules.{game}").load_components
    path = tmp_path / "big.toml"
    path.write_bytes(b"#" * (MAX_DATA_FILE_BYTES + 1))
    with pytest.raises(InvalidData, match=f"larger than {MAX_DATA_FILE_BYTES} bytes"):
        load(path)
    with pytest.raises(InvalidData, match="cannot read"):
        load(tmp_path / "missing.toml")
    with pytest.raises(InvalidData, match="cannot read"):
        load(tmp_path)  # a directory
