#!/usr/bin/env python3
"""Write the golden game records under tests/records/ (run only when a rule change is meant to
change them): python scripts/make_records.py"""

from __future__ import annotations

import json
from pathlib import Path

from fresco_rules.fresco import GAME, GameConfig, MarketRefill, TrackCollision, record_game
from fresco_rules.kernel.play import random_playout

GAMES = {
    "fresco_2p_seed21": (GameConfig(players=2), 21),
    "fresco_3p_seed22": (GameConfig(players=3), 22),
    "fresco_4p_seed23": (GameConfig(players=4), 23),
    "fresco_4p_seed24_redraw_forward": (
        GameConfig(
            players=4,
            market_refill=MarketRefill.REDRAW_ALL,
            track_collision=TrackCollision.FORWARD,
        ),
        24,
    ),
}


def main() -> None:
    target = Path(__file__).parents[1] / "tests" / "records"
    target.mkdir(exist_ok=True)
    for name, (config, seed) in GAMES.items():
        playout = random_playout(GAME, config, seed)
        record = record_game(config, seed, playout.steps, playout.final)
        (target / f"{name}.json").write_text(json.dumps(record) + "\n", encoding="utf-8")
        print(f"{name}: {len(playout.steps)} steps, scores {record['result']['scores']}")


if __name__ == "__main__":
    main()
