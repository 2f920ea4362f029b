"""Calibration of the players (issue 28): game length, scores and speed when every seat plays
the same player, and each game's ladder as a tournament. Long runs belong here, not in tests.

Usage:
  python scripts/players_calibration.py GAME PLAYERS PLAYER GAMES [SEED]
      the mean and range of the rounds, the mean scores, the game's own figures, the seconds
      per game and the moves per second the player spends choosing
  python scripts/players_calibration.py ladder [GAMES [JOBS [BUDGETS [OUT]]]]
      for every registered game: a 3-player tournament of random, greedy, heuristic and
      search at each budget (default: 4 games per pairing, 2 jobs, budgets 16,64), written to
      OUT/GAME (default ladder/); an interrupted run resumes with the same command
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from fresco_rules.games import declaration, game_names
from fresco_rules.study.players import make_player
from fresco_rules.study.spec import run_game
from fresco_rules.tournament.run import (
    Tournament,
    play_tournament,
    summary_lines,
    timing_lines,
    timings,
)


def main(game: str, players: int, player: str, games: int, seed: int = 1) -> None:
    adapter = declaration(game).study
    choose = make_player(player, adapter)
    thinking = [0.0, 0]

    def timed(state: Any, actions: Sequence[Any], seat: int | None, rng: int) -> tuple[int, int]:
        began = time.perf_counter()
        picked = choose(state, actions, seat, rng)
        thinking[0] += time.perf_counter() - began
        thinking[1] += 1
        return picked

    config = adapter.config_type(players=players)
    results = []
    start = time.perf_counter()
    for number in range(games):
        results.append(run_game(adapter, config, 0, number, seed + number, timed))
    seconds = (time.perf_counter() - start) / games
    rounds = [r.rounds for r in results]
    top = [max(r.scores) for r in results]
    print(f"{game} {players}p {player}: {games} games, {seconds:.1f} s/game")
    print(f"  moves per second choosing {thinking[1] / max(thinking[0], 1e-9):,.0f}")
    print(f"  rounds mean {statistics.mean(rounds):.1f} (range {min(rounds)}-{max(rounds)})")
    print(f"  steps mean {statistics.mean(r.steps for r in results):.0f}")
    print(f"  winning score mean {statistics.mean(top):.1f} (range {min(top)}-{max(top)})")
    for i, name in enumerate(adapter.figure_names):
        print(f"  {name}: mean {statistics.mean(r.figures[i] for r in results):.1f}")


def ladder(games: int = 4, jobs: int = 2, budgets: str = "16,64", out: str = "ladder") -> None:
    entrants = ("random", "greedy", "heuristic", *(f"search:{b}" for b in budgets.split(",")))
    for game in game_names():
        spec = Tournament(game=game, players=3, entrants=entrants, games=games, seed=1)
        summary, entries = play_tournament(spec, jobs=jobs, out=f"{out}/{game}", progress=True)
        for line in summary_lines(summary) + timing_lines(timings(spec, entries)):
            print(line, flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["ladder"]:
        extra = sys.argv[2:]
        ladder(*(int(a) for a in extra[:2]), *extra[2:4])  # type: ignore[arg-type]
    else:
        main(sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), *map(int, sys.argv[5:]))
