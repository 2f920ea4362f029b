"""Golden games (perft files): seeded random games replay with the same legal actions.

Each ``tests/golden/*.json`` file was written by ``scripts/make_golden.py``. A replay checks, at
every step, the number of legal actions, the full list of their reprs and the chosen action, and
at the end the final scores. A deliberate rules change that alters the legal actions needs new
files (``python scripts/make_golden.py``) and a commit message saying why.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from fresco_rules import barbarossa, carcassonne
from fresco_rules.fresco import GAME, GameConfig
from fresco_rules.fresco.config import OPTION_TYPES
from fresco_rules.kernel.protocol import GameRules

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.json"))


def _config(values: dict[str, str], game: str = "fresco") -> Any:
    config_type: Any = GameConfig
    option_types: dict[str, Any] = dict(OPTION_TYPES)
    if game == "barbarossa":
        config_type, option_types = barbarossa.GameConfig, dict(barbarossa.OPTION_TYPES)
    if game == "carcassonne":
        config_type, option_types = carcassonne.GameConfig, dict(carcassonne.OPTION_TYPES)
    unknown = sorted(set(values) - {"players", "modules"} - set(option_types))
    assert not unknown, f"unknown config keys {unknown}"
    options: dict[str, Any] = {
        name: option_types[name](value)
        for name, value in values.items()
        if name not in ("players", "modules")
    }
    if "modules" in values:  # Fresco's GameConfig reads "4,5,6"
        options["modules"] = values["modules"]
    return config_type(players=int(values["players"]), **options)


def _difference(expected: list[str], actual: list[str]) -> str:
    """Which reprs vanished or appeared (as multisets), else note that only the order changed."""
    vanished = list((Counter(expected) - Counter(actual)).elements())
    appeared = list((Counter(actual) - Counter(expected)).elements())
    lines = []
    if vanished:
        lines.append(f"  vanished ({len(vanished)}): " + "; ".join(vanished[:20]))
    if appeared:
        lines.append(f"  appeared ({len(appeared)}): " + "; ".join(appeared[:20]))
    if not lines:
        lines.append("  same actions in a different order")
    return "\n".join(lines)


def test_golden_files_exist() -> None:
    assert len(FILES) >= 7, f"expected the golden games in {GOLDEN} (scripts/make_golden.py)"
    assert sum(path.stat().st_size for path in FILES) < 3_000_000


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_golden_game_replays(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    games: dict[str, GameRules[Any, Any]] = {
        "fresco": GAME,
        "barbarossa": barbarossa.GAME,
        "carcassonne": carcassonne.GAME,
    }
    assert data["game"] in games
    game = games[data["game"]]
    table: list[str] = data["actions"]
    legal_sets: list[list[int]] = data["legal_sets"]
    state = game.new_game(_config(data["config"], data["game"]), data["seed"])
    history: list[str] = []
    for number, (index, count, chosen, set_id) in enumerate(data["steps"]):
        assert not game.is_over(state), f"{path.name}: the game ended before step {number}"
        legal = game.legal_actions(state)
        actual = [repr(action) for action in legal]
        expected = [table[i] for i in legal_sets[set_id]]
        assert len(expected) == count
        if len(actual) != count or actual != expected or actual[index] != chosen:
            shown = actual[index] if index < len(actual) else "<no such index>"
            pytest.fail(
                f"{path.name}: step {number} (seat {game.current_player(state)}, after "
                f"{history[-3:]}): expected {count} legal actions, got {len(actual)}; "
                f"stored choice #{index} {chosen}, now {shown}\n" + _difference(expected, actual)
            )
        state = game.apply(state, legal[index])
        history.append(chosen)
    assert game.is_over(state), f"{path.name}: the game did not end after {len(history)} steps"
    assert list(game.scores(state)) == data["final_scores"], f"{path.name}: final scores differ"
