"""Game length and scores when every seat plays the same player (issue 28 calibration).

Usage: python scripts/players_calibration.py GAME PLAYERS PLAYER GAMES [SEED]
Prints the mean and range of the rounds, the mean scores, the game's own figures and the
seconds per game. Long runs belong here, not in the tests.
"""

from __future__ import annotations

import statistics
import sys
import time

from fresco_rules.games import declaration
from fresco_rules.study.players import make_player
from fresco_rules.study.spec import run_game


def main(game: str, players: int, player: str, games: int, seed: int = 1) -> None:
    adapter = declaration(game).study
    choose = make_player(player, adapter)
    config = adapter.config_type(players=players)
    results = []
    start = time.perf_counter()
    for number in range(games):
        results.append(run_game(adapter, config, 0, number, seed + number, choose))
    seconds = (time.perf_counter() - start) / games
    rounds = [r.rounds for r in results]
    top = [max(r.scores) for r in results]
    print(f"{game} {players}p {player}: {games} games, {seconds:.1f} s/game")
    print(f"  rounds mean {statistics.mean(rounds):.1f} (range {min(rounds)}-{max(rounds)})")
    print(f"  steps mean {statistics.mean(r.steps for r in results):.0f}")
    print(f"  winning score mean {statistics.mean(top):.1f} (range {min(top)}-{max(top)})")
    for i, name in enumerate(adapter.figure_names):
        print(f"  {name}: mean {statistics.mean(r.figures[i] for r in results):.1f}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), *map(int, sys.argv[5:]))
