"""A fingerprint of the rules' behaviour: seeded random playouts of every game and option set.

For each configuration below, ``--games`` random playouts (seeds 1..N) are hashed: every step's
seat and action (in the record's JSON form), the number of legal actions before it, the chance
log, the final state (every field but the derived tables) and the scores. One line per
configuration and a line for all of them, so a refactor that must keep behaviour byte-identical
shows that it does, and a rule change shows which configurations it touches.

    PYTHONHASHSEED=0 python scripts/fingerprint.py [--games 40]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Callable
from typing import Any

from fresco_rules import barbarossa, carcassonne, fresco
from fresco_rules.kernel.play import random_playout
from fresco_rules.kernel.protocol import GameRules


def _fresco(players: int, modules: str = "", **options: Any) -> Callable[[], Any]:
    return lambda: fresco.GameConfig(
        players=players, modules=fresco.parse_modules(modules), **options
    )


CONFIGS: dict[str, tuple[GameRules[Any, Any], Callable[[], Any]]] = {
    "fresco 2p": (fresco.GAME, _fresco(2)),
    "fresco 3p": (fresco.GAME, _fresco(3)),
    "fresco 4p": (fresco.GAME, _fresco(4)),
    "fresco 3p redraw_all": (fresco.GAME, _fresco(3, market_refill="redraw_all")),
    "fresco 4p m123": (fresco.GAME, _fresco(4, "1,2,3")),
    "fresco 4p m456": (fresco.GAME, _fresco(4, "4,5,6")),
    "fresco 2p m1-6": (fresco.GAME, _fresco(2, "1,2,3,4,5,6")),
    "fresco 4p m1-6": (fresco.GAME, _fresco(4, "1,2,3,4,5,6")),
    "barbarossa 3p": (barbarossa.GAME, lambda: barbarossa.GameConfig(players=3)),
    "barbarossa 4p": (barbarossa.GAME, lambda: barbarossa.GameConfig(players=4)),
    "carcassonne 2p": (carcassonne.GAME, lambda: carcassonne.GameConfig(players=2)),
    "carcassonne 4p no festival": (
        carcassonne.GAME,
        lambda: carcassonne.GameConfig(players=4, festival=False, farmers=False),
    ),
}
"""The configurations fingerprinted, by name."""


def fingerprint(game: GameRules[Any, Any], config: Any, games: int) -> str:
    """The SHA-256 of ``games`` seeded random playouts of ``config``."""
    codec = game.codec
    assert codec is not None, f"{game.name} has no record codec"
    digest = hashlib.sha256()
    for seed in range(1, games + 1):
        playout = random_playout(game, config, seed)
        steps = [
            [seat, codec.action_to_json(action), count]
            for (seat, action), count in zip(playout.steps, playout.legal_counts, strict=True)
        ]
        final = codec.state_to_json(playout.final)
        document = {
            "seed": seed,
            "steps": steps,
            "final": final,
            "scores": game.scores(playout.final),
        }
        digest.update(json.dumps(document, sort_keys=True, default=repr).encode("utf-8"))
    return digest.hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=40, help="playouts per configuration")
    parser.add_argument("--only", action="append", default=[], help="configuration name(s)")
    args = parser.parse_args(argv)
    total = hashlib.sha256()
    for name, (game, make_config) in CONFIGS.items():
        if args.only and name not in args.only:
            continue
        value = fingerprint(game, make_config(), args.games)
        total.update(f"{name}={value}\n".encode())
        print(f"{name:28} {value[:16]}", flush=True)
    print(f"{'all':28} {total.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
