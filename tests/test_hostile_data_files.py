"""Component data files are untrusted input: every game's ``load_components`` reads nothing
larger than the bound and answers a file it cannot read with ``InvalidData`` (hostile TOML:
tests/properties/test_hostile_input.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fresco_rules.games import declaration, game_names
from fresco_rules.kernel.codec import MAX_DATA_FILE_BYTES
from fresco_rules.kernel.errors import InvalidData


@pytest.mark.parametrize("game", game_names())
def test_a_file_over_the_bound_is_refused_before_it_is_read(game: str, tmp_path: Path) -> None:
    load = declaration(game).components.load
    path = tmp_path / "big.toml"
    path.write_bytes(b"#" * (MAX_DATA_FILE_BYTES + 1))
    with pytest.raises(InvalidData, match=f"larger than {MAX_DATA_FILE_BYTES} bytes"):
        load(path)
    with pytest.raises(InvalidData, match="cannot read"):
        load(tmp_path / "missing.toml")
    with pytest.raises(InvalidData, match="not a regular file"):
        load(tmp_path)  # a directory
