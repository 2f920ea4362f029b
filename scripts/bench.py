#!/usr/bin/env python3
"""Benchmark: random-playout plies per second, as a ratio to python-chess measured alongside.

    python scripts/bench.py [--seconds 6] [--slice 0.5] [--only NAME ...] [--first-seed 1]

The machine is shared and its absolute speed varies 2-3x, so every configuration is timed in
slices of ``--slice`` seconds that alternate with python-chess random playouts in the same
process, and the ratio of the two rates is what to quote. Time is the process's CPU time
(``time.process_time``), so waiting for a core another program holds counts for neither side.

- Ours: ``kernel.play.random_playout`` (uniform random choice among the legal actions, so
  legal-action generation and ``current_player`` are inside the timed loop, and ``apply``
  validates every action with the same validator as ``explain``), whole seeded games for seeds
  ``first-seed, first-seed + 1, ...``; a slice ends with the game that crosses it.
- python-chess: ``board.push(rng.choice(list(board.legal_moves)))`` with ``random.Random``; a
  fresh board when the game has ended (no legal move, the 75-move rule or insufficient
  material; the fivefold-repetition test is left out, it would cost more than a ply).

Configurations: Fresco 2, 3 and 4 players, 4 players with modules 4,5,6, 2 players with modules
4,5,6, 2 and 4 players with all six modules (1-6), and Barbarossa (4 players). Prints a Markdown
table. Not a test.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import chess

from fresco_rules import barbarossa, fresco
from fresco_rules.kernel.play import random_playout
from fresco_rules.kernel.protocol import GameRules


def _modules(text: str) -> frozenset[fresco.Module]:
    return fresco.parse_modules(text)


CONFIGS: dict[str, tuple[GameRules[Any, Any], Callable[[], Any]]] = {
    "fresco 2p": (fresco.GAME, lambda: fresco.GameConfig(players=2)),
    "fresco 3p": (fresco.GAME, lambda: fresco.GameConfig(players=3)),
    "fresco 4p": (fresco.GAME, lambda: fresco.GameConfig(players=4)),
    "fresco 4p 4,5,6": (
        fresco.GAME,
        lambda: fresco.GameConfig(players=4, modules=_modules("4,5,6")),
    ),
    "fresco 2p 4,5,6": (
        fresco.GAME,
        lambda: fresco.GameConfig(players=2, modules=_modules("4,5,6")),
    ),
    "fresco 2p 1-6": (
        fresco.GAME,
        lambda: fresco.GameConfig(players=2, modules=_modules("1,2,3,4,5,6")),
    ),
    "fresco 4p 1-6": (
        fresco.GAME,
        lambda: fresco.GameConfig(players=4, modules=_modules("1,2,3,4,5,6")),
    ),
    "barbarossa 4p": (barbarossa.GAME, lambda: barbarossa.GameConfig(players=4)),
}
"""The configurations measured, by name."""


class ChessPlayouts:
    """python-chess random playouts that continue across time slices."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.board = chess.Board()
        self.plies = 0
        self.elapsed = 0.0

    def run(self, seconds: float) -> None:
        board, rng, plies = self.board, self.rng, 0
        start = time.process_time()
        end = start + seconds
        while True:
            for _ in range(32):
                moves = list(board.legal_moves)
                if not moves or board.halfmove_clock >= 150 or board.is_insufficient_material():
                    board = chess.Board()
                    continue
                board.push(rng.choice(moves))
                plies += 1
            now = time.process_time()
            if now >= end:
                break
        self.board = board
        self.plies += plies
        self.elapsed += now - start


class OurPlayouts:
    """Whole seeded random playouts of one configuration, across time slices."""

    def __init__(self, game: GameRules[Any, Any], config: Any, first_seed: int) -> None:
        self.game, self.config, self.seed = game, config, first_seed
        self.games = self.plies = 0
        self.elapsed = 0.0

    def run(self, seconds: float) -> None:
        start = time.process_time()
        now = start
        while now - start < seconds:
            playout = random_playout(self.game, self.config, self.seed)
            self.seed += 1
            self.games += 1
            self.plies += len(playout.steps)
            now = time.process_time()
        self.elapsed += now - start


def measure(name: str, seconds: float, slice_seconds: float, first_seed: int) -> dict[str, Any]:
    """Interleave our playouts of configuration ``name`` with python-chess for ``seconds`` each."""
    game, make_config = CONFIGS[name]
    ours = OurPlayouts(game, make_config(), first_seed)
    chess_runs = ChessPlayouts(first_seed)
    ours.run(slice_seconds / 4)  # warm-up (caches, first imports), not counted
    ours.games = ours.plies = 0
    ours.elapsed = 0.0
    while ours.elapsed < seconds:
        chess_runs.run(slice_seconds)
        ours.run(slice_seconds)
    ours_rate = ours.plies / ours.elapsed
    chess_rate = chess_runs.plies / chess_runs.elapsed
    return {
        "name": name,
        "games": ours.games,
        "plies": ours.plies,
        "ours": ours_rate,
        "chess": chess_rate,
        "ratio": ours_rate / chess_rate,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="our time per configuration")
    parser.add_argument("--slice", type=float, default=0.5, help="seconds per interleaved slice")
    parser.add_argument("--only", nargs="*", choices=sorted(CONFIGS), default=list(CONFIGS))
    parser.add_argument("--first-seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(
        f"- Python {platform.python_version()} ({platform.python_implementation()}), "
        f"python-chess {chess.__version__}"
    )
    print(f"- machine: {platform.platform()}, {platform.machine()}, {os.cpu_count()} CPUs")
    print(
        f"- {args.seconds:g} s of ours per configuration in {args.slice:g} s slices "
        f"alternating with python-chess; seeds from {args.first_seed}"
    )
    print()
    print("| configuration | games | plies | plies/game | ours plies/s | chess plies/s | ratio |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in args.only:
        row = measure(name, args.seconds, args.slice, args.first_seed)
        print(
            f"| {name} | {row['games']} | {row['plies']} | {row['plies'] / row['games']:.0f} "
            f"| {row['ours']:,.0f} | {row['chess']:,.0f} | {row['ratio']:.2f}x |"
        )
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
