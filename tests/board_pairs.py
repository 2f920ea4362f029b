"""Witness pairs for the board's tests, made as ``fresco-rules diverge`` makes them: one game
of two configs in lock-step (``play_lockstep``), its steps recorded once per arm."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fresco_rules.diverge import LockStep, play_lockstep
from fresco_rules.games import declaration
from fresco_rules.study.players import make_player
from fresco_rules.study.spec import game_seed


def witness_records(
    game: str, option: str, value: str, index: int
) -> tuple[LockStep, dict[str, Any], dict[str, Any]]:
    """Game ``index`` of a random search of ``option=value`` against the defaults, with its
    two records (arm A, arm B)."""
    found = declaration(game)
    config_a = found.config_type()
    config_b = found.config_type(**{option: found.option_types[option](value)})
    played = play_lockstep(
        found, config_a, config_b, game_seed(0, index), make_player("random", found.study)
    )
    final_b = played.final_b
    assert final_b is not None
    return (
        played,
        found.record_game(config_a, played.seed, played.steps, played.final_a),
        found.record_game(config_b, played.seed, played.steps, final_b),
    )


def write_witness(
    folder: Path, kind: str, game: str, option: str, value: str, index: int
) -> tuple[Path, Path]:
    """Write ``KIND-a.json`` and ``KIND-b.json`` into ``folder`` (made if missing)."""
    folder.mkdir(parents=True, exist_ok=True)
    _, record_a, record_b = witness_records(game, option, value, index)
    a, b = folder / f"{kind}-a.json", folder / f"{kind}-b.json"
    a.write_text(json.dumps(record_a), encoding="utf-8")
    b.write_text(json.dumps(record_b), encoding="utf-8")
    return a, b
