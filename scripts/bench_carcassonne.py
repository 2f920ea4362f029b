#!/usr/bin/env python3
"""Benchmark Carcassonne with The Festival: full random games per second, legal-action generation
included, against python-chess in the same process.

    pip install -e '.[bench]'        # python-chess, for the reference figure
    python scripts/bench_carcassonne.py [--rounds 5] [--seconds 2] [--players 2 4] [--first-seed 1]

Each round runs, one after the other, ``--seconds`` of seeded uniform-random Carcassonne games
(``random_playout``: every step lists the legal actions and applies one) for each player count,
then ``--seconds`` of random python-chess games (every ply lists ``board.legal_moves`` and pushes
one, at most 200 plies a game). The machine is shared and its speed varies, so the figures are
interleaved and the ratio Carcassonne actions/s : chess plies/s is the number to compare across
runs. Not a test.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time

from fresco_rules.carcassonne import GAME, GameConfig
from fresco_rules.kernel.play import random_playout


def carcassonne(players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    """(games, actions, elapsed) of whole random games for about ``seconds``."""
    config = GameConfig(players=players, festival=True)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions += len(random_playout(GAME, config, seed + games).steps)
        games += 1
    return games, actions, time.perf_counter() - start


def chess_plies(seconds: float, seed: int) -> tuple[int, int, float]:
    """(games, plies, elapsed) of random python-chess games for about ``seconds``."""
    import chess  # optional: pip install -e '.[bench]'

    rng = random.Random(seed)
    games = plies = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        board = chess.Board()
        for _ in range(200):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            plies += 1
        games += 1
    return games, plies, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0, help="per row and round")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 4])
    parser.add_argument("--first-seed", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        import chess

        reference = f"python-chess {chess.__version__}"
    except ImportError:
        reference = ""
    totals = {n: [0, 0, 0.0] for n in args.players}
    chess_total = [0, 0, 0.0]
    seed = args.first_seed
    for _ in range(args.rounds):
        for players in args.players:
            games, actions, elapsed = carcassonne(players, args.seconds, seed)
            seed += games
            for i, value in enumerate((games, actions, elapsed)):
                totals[players][i] += value
        if reference:
            for i, value in enumerate(chess_plies(args.seconds, seed)):
                chess_total[i] += value
    print(f"- Python {platform.python_version()} ({platform.python_implementation()})")
    print(f"- machine: {platform.platform()}, {os.cpu_count()} CPUs, one core used")
    print(f"- {args.rounds} interleaved rounds of {args.seconds:g} s per row; The Festival on")
    chess_rate = chess_total[1] / chess_total[2] if chess_total[2] else 0.0
    if reference:
        print(f"- reference: {reference}, {chess_rate:,.0f} random plies/s (legal moves listed)")
    print()
    print("| players | games | games/s | actions/s | actions/game | actions/s : chess plies/s |")
    print("|---:|---:|---:|---:|---:|---:|")
    for players, (games, actions, elapsed) in totals.items():
        rate = actions / elapsed
        ratio = f"{rate / chess_rate:.2f}" if chess_rate else "-"
        print(
            f"| {players} | {games} | {games / elapsed:.1f} | {rate:,.0f} "
            f"| {actions / games:.0f} | {ratio} |"
        )
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
