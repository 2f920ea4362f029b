#!/usr/bin/env python3
"""Benchmark: full random games per second and applied actions per second.

    python scripts/bench.py [--seconds 10] [--players 2 3 4] [--first-seed 1] [--max-games 100000]
                            [--modules 4,5,6] [--module-players 4] [--all-modules-players 4]

For each player count, plays seeded games with ``random_playout`` (uniform random choice among
the legal actions, so legal-action generation is included in the time) for seeds
``first-seed, first-seed + 1, ...`` until the time budget is spent (each started game is
finished) or ``max-games`` games are played, and prints a Markdown table. The base game is
measured for ``--players``; then expansion modules ``--modules`` (default all three, ``""`` for
none) for ``--module-players`` (default 4), and all six modules (1-6) for
``--all-modules-players`` (default 4). Not a test.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

from fresco_rules.fresco import GAME, GameConfig, Module, parse_modules
from fresco_rules.kernel.play import random_playout


def bench(
    players: int,
    seconds: float,
    first_seed: int,
    max_games: int,
    modules: frozenset[Module] = frozenset(),
) -> tuple[int, int, float]:
    """(games, actions, elapsed seconds) for one player count and module set."""
    config = GameConfig(players=players, modules=modules)
    games = actions = 0
    start = time.perf_counter()
    elapsed = 0.0
    while games < max_games and elapsed < seconds:
        playout = random_playout(GAME, config, first_seed + games)
        games += 1
        actions += len(playout.steps)
        elapsed = time.perf_counter() - start
    return games, actions, elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time budget per row")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--max-games", type=int, default=100_000)
    parser.add_argument("--modules", default="4,5,6", help='modules for the extra rows ("": none)')
    parser.add_argument("--module-players", type=int, nargs="*", default=[4])
    parser.add_argument("--all-modules-players", type=int, nargs="*", default=[4])
    args = parser.parse_args(argv)
    modules = parse_modules(args.modules)
    rows: list[tuple[int, frozenset[Module]]] = [(n, frozenset()) for n in args.players]
    if modules:
        rows += [(n, modules) for n in args.module_players]
    rows += [(n, frozenset(Module)) for n in args.all_modules_players]
    print(f"- Python {platform.python_version()} ({platform.python_implementation()})")
    print(f"- machine: {platform.platform()}, {platform.machine()}, {os.cpu_count()} CPUs")
    print(f"- budget: {args.seconds:g} s per row, seeds from {args.first_seed}")
    print()
    print("| players | modules | games | actions | seconds | games/s | actions/s | actions/game |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|")
    for players, chosen in rows:
        games, actions, elapsed = bench(
            players, args.seconds, args.first_seed, args.max_games, chosen
        )
        names = ",".join(str(m.value) for m in sorted(chosen, key=lambda m: m.value)) or "-"
        print(
            f"| {players} | {names} | {games} | {actions} | {elapsed:.1f} "
            f"| {games / elapsed:.1f} | {actions / elapsed:,.0f} | {actions / games:.0f} |"
        )
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
