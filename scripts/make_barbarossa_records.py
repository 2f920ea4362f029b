#!/usr/bin/env python3
"""Write the Barbarossa golden game records under tests/records/barbarossa/ (run only when a
rule change is meant to change them): python scripts/make_barbarossa_records.py"""

from __future__ import annotations

import json
from pathlib import Path

from fresco_rules.barbarossa import (
    GAME,
    FirstPlayer,
    GameConfig,
    GuessResolution,
    QuestionPhase,
    Track,
    record_game,
)
from fresco_rules.kernel.play import random_playout

GAMES = {
    "barbarossa_3p_seed31": (GameConfig(players=3), 31),
    "barbarossa_4p_seed32": (GameConfig(players=4), 32),
    "barbarossa_4p_seed33_long_track": (
        GameConfig(
            players=4,
            track=Track(spaces=200, start=5, finish=199),
            first_player_choice=FirstPlayer.RANDOM,
            guess_resolution=GuessResolution.BOTH_THEN_CHECK,
            question_phase=QuestionPhase.UNTIL_NO,
        ),
        33,
    ),
}


def main() -> None:
    target = Path(__file__).parents[1] / "tests" / "records" / "barbarossa"
    target.mkdir(parents=True, exist_ok=True)
    for name, (config, seed) in GAMES.items():
        playout = random_playout(GAME, config, seed)
        record = record_game(config, seed, playout.steps, playout.final)
        (target / f"{name}.json").write_text(json.dumps(record) + "\n", encoding="utf-8")
        print(f"{name}: {len(playout.steps)} steps, scores {record['result']['scores']}")


if __name__ == "__main__":
    main()
