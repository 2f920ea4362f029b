#!/usr/bin/env python3
"""Benchmark: the cost of the OpenSpiel adapter over the library alone, interleaved.

    python scripts/bench_adapters.py [--seconds 10] [--game fresco] [--players 2]

Alternates one seeded uniform-random game through the library (``kernel.play.random_playout``,
the library's own generator) and one through ``pyspiel`` (chance nodes sampled by their
probabilities, random legal actions), until each has used ``--seconds``; prints games/s and
decisions/s of both and their ratio. The machine is shared, so only the ratio means much.
Not a test.
"""

from __future__ import annotations

import argparse
import random
import time

import pyspiel

import fresco_rules.openspiel  # noqa: F401  (registers the games)
from fresco_rules.games import declaration, game_names
from fresco_rules.kernel.play import random_playout


def library_game(game: str, players: int, seed: int) -> int:
    declared = declaration(game)
    playout = random_playout(declared.rules, declared.config_type(players=players), seed)
    return len(playout.steps)


def spiel_game(loaded: pyspiel.Game, seed: int) -> int:
    rng = random.Random(seed)
    state = loaded.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights=probabilities)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--game", default="fresco", choices=game_names())
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    loaded = pyspiel.load_game(f"fresco_rules_{args.game}(players={args.players})")
    spent = {"library": 0.0, "openspiel": 0.0}
    games = {"library": 0, "openspiel": 0}
    steps = {"library": 0, "openspiel": 0}
    seed = 1
    while min(spent.values()) < args.seconds:
        for side in ("library", "openspiel"):
            start = time.perf_counter()
            if side == "library":
                steps[side] += library_game(args.game, args.players, seed)
            else:
                steps[side] += spiel_game(loaded, seed)
            spent[side] += time.perf_counter() - start
            games[side] += 1
        seed += 1
    print(f"{args.game}, {args.players} players, {games['library']} games each")
    for side in spent:
        rate = games[side] / spent[side]
        print(f"  {side:9}: {rate:7.1f} games/s, {steps[side] / spent[side]:9.0f} decisions/s")
    ratio = (games["library"] / spent["library"]) / (games["openspiel"] / spent["openspiel"])
    print(f"  the library alone is {ratio:.1f}x as fast")


if __name__ == "__main__":
    main()
