"""A round robin among players (issue 28): every pairing of entrants plays the same seeds
(common random numbers), seats rotated between the two entrants from game to game; ratings
with intervals from OpenSkill (Plackett-Luce), win rates per pairing with Wilson intervals.

Every move is checked through the game's ``explain`` (a player's choice is never trusted), and
the players draw from their own seeded streams only (never the global ``random``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
from attrs import frozen
from openskill.models import PlackettLuce

from ..games import declaration, game_names
from ..kernel.chance import checked_seed
from ..kernel.errors import IllegalAction
from ..kernel.rng import seed_state
from ..kernel.study_spec import StudyError
from ..kernel.untrusted import describe
from ..study.players import make_player
from ..study.stats import proportion_ci

MAX_GAMES = 100_000
MAX_ENTRANTS = 16
MAX_STEPS = 200_000


@frozen
class Tournament:
    game: str
    players: int
    entrants: tuple[str, ...]
    games: int
    """Games per pairing."""
    seed: int
    level: float = 0.95

    def check(self) -> None:
        if self.game not in game_names():
            raise StudyError(
                f"unknown game {describe(self.game)}; known: {', '.join(game_names())}"
            )
        counts = declaration(self.game).study.player_counts
        if self.players not in counts:
            raise StudyError(f"{self.game} is for {', '.join(map(str, counts))} players")
        if not 2 <= len(self.entrants) <= MAX_ENTRANTS or len(set(self.entrants)) != len(
            self.entrants
        ):
            raise StudyError(f"a tournament needs 2-{MAX_ENTRANTS} different entrants")
        if not 1 <= self.games <= MAX_GAMES:
            raise StudyError(f"games per pairing must lie within 1-{MAX_GAMES}")
        checked_seed(self.seed)
        checked_seed(self.seed + self.games - 1)  # every game's seed is a seed
        for name in self.entrants:
            if "," in name:
                raise StudyError(f"an entrant is one player, not a table: {describe(name)}")
            make_player(name, declaration(self.game).study)

    def pairings(self) -> list[tuple[int, int]]:
        n = len(self.entrants)
        return [(a, b) for a in range(n) for b in range(a + 1, n)]


@frozen
class Entry:
    """One played game: which entrant sat where, the scores, winners and costs."""

    pairing: int
    game: int
    seed: int
    seats: tuple[int, ...]
    """Per seat: the index of its entrant."""
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: int
    steps: int
    seconds: float
    think: tuple[tuple[int, float], ...]
    """Per seat: (moves made, seconds spent choosing)."""


def seat_table(a: int, b: int, players: int, game: int) -> tuple[int, ...]:
    """Seats alternate between the two entrants; the pattern turns by one every game."""
    return tuple((a, b)[(seat + game) % 2] for seat in range(players))


def play_one(spec: Tournament, pairing: int, game: int) -> Entry:
    """Play one game of ``pairing`` (seed ``spec.seed + game``, the same for every pairing)."""
    adapter = declaration(spec.game).study
    rules = adapter.game
    a, b = spec.pairings()[pairing]
    seats = seat_table(a, b, spec.players, game)
    choosers = {i: make_player(spec.entrants[i], adapter) for i in (a, b)}
    seed = spec.seed + game
    state = rules.new_game(adapter.config_type(players=spec.players), seed)
    rngs = [seed_state(seed + 7919 * seat) for seat in range(spec.players)]
    moves = [0] * spec.players
    think = [0.0] * spec.players
    steps, start = 0, time.perf_counter()
    while not rules.is_over(state):
        if steps >= MAX_STEPS:
            raise StudyError(f"{spec.game}: game seed {seed} has no end after {MAX_STEPS} steps")
        actions = rules.legal_actions(state)
        seat = rules.current_player(state)
        who = 0 if seat is None else seat
        began = time.perf_counter()
        index, rngs[who] = choosers[seats[who]](state, actions, seat, rngs[who])
        think[who] += time.perf_counter() - began
        moves[who] += 1
        action = actions[index]
        refusal = rules.explain(state, action)
        if refusal is not None:
            raise IllegalAction(refusal.rule, f"{spec.entrants[seats[who]]} chose: {refusal}")
        state = rules.apply(state, action)
        steps += 1
    return Entry(
        pairing=pairing,
        game=game,
        seed=seed,
        seats=seats,
        scores=tuple(rules.scores(state)),
        winners=tuple(adapter.winners(state)),
        rounds=adapter.rounds(state),
        steps=steps,
        seconds=time.perf_counter() - start,
        think=tuple(zip(moves, think, strict=True)),
    )


def _play(job: tuple[Tournament, int, int]) -> Entry:
    return play_one(*job)


def _share(entry: Entry, entrant: int) -> float:
    """The entrant's share of the win: 1 if only its seats won, 1/2 if both entrants' did."""
    sides = {entry.seats[seat] for seat in entry.winners}
    return 0.0 if entrant not in sides else 1.0 / len(sides)


def play_tournament(spec: Tournament, *, jobs: int = 1) -> tuple[dict[str, Any], list[Entry]]:
    """Play every game of ``spec`` and return ``(summary, entries)``."""
    spec.check()
    work = [(spec, p, g) for p in range(len(spec.pairings())) for g in range(spec.games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            entries = list(pool.map(_play, work))
    else:
        entries = [_play(job) for job in work]
    return summarize(spec, entries), entries


def summarize(spec: Tournament, entries: Sequence[Entry]) -> dict[str, Any]:
    model = PlackettLuce()
    ratings = [model.rating(name=name) for name in spec.entrants]
    pairs = spec.pairings()
    table = []
    for number, (a, b) in enumerate(pairs):
        mine = [e for e in entries if e.pairing == number]
        shares = np.array([_share(e, a) for e in mine])
        mean, low, high = proportion_ci(shares, spec.level)
        table.append(
            {
                "a": spec.entrants[a],
                "b": spec.entrants[b],
                "games": len(mine),
                "a_wins": mean,
                "low": low,
                "high": high,
            }
        )
    for entry in sorted(entries, key=lambda e: (e.game, e.pairing)):
        a, b = pairs[entry.pairing]
        share = _share(entry, a)
        ranks = [1.0, 1.0] if share == 0.5 else ([1.0, 2.0] if share == 1.0 else [2.0, 1.0])
        new = model.rate([[ratings[a]], [ratings[b]]], ranks=ranks)
        ratings[a], ratings[b] = new[0][0], new[1][0]
    moves = {name: [0, 0.0] for name in spec.entrants}
    for entry in entries:
        for seat, (count, seconds) in enumerate(entry.think):
            moves[spec.entrants[entry.seats[seat]]][0] += count
            moves[spec.entrants[entry.seats[seat]]][1] += seconds
    return {
        "game": spec.game,
        "players": spec.players,
        "games_per_pairing": spec.games,
        "seed": spec.seed,
        "ratings": [
            {
                "entrant": name,
                "mu": r.mu,
                "sigma": r.sigma,
                "low": r.mu - 2 * r.sigma,
                "high": r.mu + 2 * r.sigma,
                "moves_per_second": moves[name][0] / moves[name][1] if moves[name][1] else None,
            }
            for name, r in zip(spec.entrants, ratings, strict=True)
        ],
        "pairings": table,
        "seconds_per_game": float(np.mean([e.seconds for e in entries])),
        "rounds": float(np.mean([e.rounds for e in entries])),
    }


def summary_lines(summary: dict[str, Any]) -> list[str]:
    """The summary as text: ratings (mu, interval mu +- 2 sigma) and win rates per pairing."""
    lines = [
        f"{summary['game']} tournament: {summary['players']} players, "
        f"{summary['games_per_pairing']} games per pairing (seed {summary['seed']})",
        "rating (OpenSkill Plackett-Luce, mu and mu +- 2 sigma):",
    ]
    for row in sorted(summary["ratings"], key=lambda r: -r["mu"]):
        lines.append(
            f"  {row['entrant']:<14} {row['mu']:6.1f} [{row['low']:6.1f}, {row['high']:6.1f}]"
        )
    lines.append("win share of the first entrant (95% Wilson interval):")
    for row in summary["pairings"]:
        lines.append(
            f"  {row['a']} vs {row['b']}: {row['a_wins']:.2f} [{row['low']:.2f}, {row['high']:.2f}]"
            f" over {row['games']} games"
        )
    return lines
