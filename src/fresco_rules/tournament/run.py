"""A round robin among players (issue 28): every pairing of entrants plays the same seeds
(common random numbers), seats rotated between the two entrants from game to game; ratings
with intervals from OpenSkill (Plackett-Luce), win rates per pairing with Wilson intervals.

Every move is checked through the game's ``explain`` (a player's choice is never trusted), and
the players draw from their own seeded streams only (never the global ``random``).

The games run in batches on the study's backends (``study.run.run_backend``: ``jobs`` worker
processes, 1 plays in this process; ``study.ray_backend.run_ray``: the ``[ray]`` extra). With
``out``, every finished game is appended to ``out/journal.jsonl`` (a header naming the
tournament without its number of games, then one line per game with the HMAC-SHA256 of its
content keyed by that identity, which detects edited or corrupted lines). The same tournament
started again with the same ``out`` skips the games the journal holds, also after ``games``
was raised (game ``k`` keeps seed ``seed + k``). ``out`` must be a new or empty folder or hold
the journal of the same tournament; anything else is refused unless ``force``, and then only
the files a tournament writes there are replaced.

``summary.json`` holds what the games decide (ratings, win shares, rounds, scores) computed
from the games sorted by (game, pairing), so it is the same, byte for byte, whatever the
backend, the workers, the order batches finish in or an interruption and resume. How long the
players took to choose is a property of the machine, not of the games: it goes to
``timings.json``.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
from attrs import frozen
from openskill.models import PlackettLuce

from ..games import declaration, game_names
from ..kernel.chance import checked_seed
from ..kernel.errors import IllegalAction
from ..kernel.files import FileRefused, read_limited, write_atomic
from ..kernel.rng import seed_state
from ..kernel.study_spec import StudyError
from ..kernel.untrusted import describe
from ..study.journal import (
    MAX_JOURNAL_BYTES,
    canonical,
    journal_games,
    journal_line,
    open_journal,
    parse_line,
)
from ..study.journal import prepare_out as shared_prepare_out
from ..study.players import make_player
from ..study.run import append_line, check_backend, progress_bar, run_backend
from ..study.stats import proportion_ci

MAX_GAMES = 100_000
MAX_ENTRANTS = 16
MAX_STEPS = 200_000
JOURNAL = "journal.jsonl"
SUMMARY = "summary.json"
TIMINGS = "timings.json"
JOURNAL_FORMAT = "fresco_rules.tournament_journal"
JOURNAL_VERSION = 1


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

    def identity(self) -> dict[str, Any]:
        """The tournament as plain data without its number of games (it may grow in the same
        ``out``: game ``k`` keeps its seed)."""
        return {
            "game": self.game,
            "players": self.players,
            "entrants": list(self.entrants),
            "seed": self.seed,
            "level": self.level,
        }


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

    def to_json(self) -> dict[str, Any]:
        return {
            "pairing": self.pairing,
            "game": self.game,
            "seed": self.seed,
            "seats": list(self.seats),
            "scores": list(self.scores),
            "winners": list(self.winners),
            "rounds": self.rounds,
            "steps": self.steps,
            "seconds": self.seconds,
            "think": [list(pair) for pair in self.think],
        }


def _ints(value: object, what: str, *, length: int | None = None) -> tuple[int, ...]:
    if type(value) is not list or (length is not None and len(value) != length):
        raise StudyError(f"{what} is not a list of {length or 'some'} whole numbers")
    if not all(type(item) is int for item in value):
        raise StudyError(f"{what} is not a list of whole numbers")
    return tuple(value)


def _number(value: object, what: str) -> float:
    if type(value) not in (int, float) or not 0 <= value < 1e12:  # type: ignore[operator]
        raise StudyError(f"{what} is not a duration in seconds: {describe(value)}")
    return float(value)  # type: ignore[arg-type]


def entry_from_json(data: dict[str, Any], spec: Tournament) -> Entry:
    """A journal line read back, every field checked against ``spec`` (it is untrusted)."""
    expected = {"pairing", "game", "seed", "seats", "scores", "winners", "rounds", "steps"}
    if set(data) != expected | {"seconds", "think"}:
        raise StudyError(f"not a tournament game: fields {describe(sorted(data))}")
    pairing, game, seed = data["pairing"], data["game"], data["seed"]
    pairs = spec.pairings()
    if type(pairing) is not int or not 0 <= pairing < len(pairs):
        raise StudyError(f"no pairing {describe(pairing)} in this tournament")
    if type(game) is not int or not 0 <= game < MAX_GAMES or type(seed) is not int:
        raise StudyError("not a game of this tournament (its number or seed)")
    if seed != spec.seed + game:
        raise StudyError("not a game of this tournament (its number or seed)")
    seats = _ints(data["seats"], "seats", length=spec.players)
    if seats != seat_table(*pairs[pairing], spec.players, game):
        raise StudyError("its seats are not the pairing's rotation")
    winners = _ints(data["winners"], "winners")
    if not winners or not all(0 <= seat < spec.players for seat in winners):
        raise StudyError("its winners are not seats")
    counts = (data["rounds"], data["steps"])
    if not all(type(count) is int and 0 <= count <= MAX_STEPS for count in counts):
        raise StudyError("its rounds or steps are out of range")
    think = data["think"]
    if type(think) is not list or len(think) != spec.players:
        raise StudyError("its thinking times are not one pair per seat")
    pairs_read = []
    for pair in think:
        if type(pair) is not list or len(pair) != 2 or type(pair[0]) is not int:
            raise StudyError("its thinking times are not (moves, seconds) pairs")
        pairs_read.append((pair[0], _number(pair[1], "a thinking time")))
    return Entry(
        pairing=pairing,
        game=game,
        seed=seed,
        seats=seats,
        scores=_ints(data["scores"], "scores", length=spec.players),
        winners=winners,
        rounds=counts[0],
        steps=counts[1],
        seconds=_number(data["seconds"], "seconds"),
        think=tuple(pairs_read),
    )


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


Task = tuple[int, int]
"""(pairing, game)."""


def play_batch(spec: Tournament, tasks: Sequence[Task]) -> list[Entry]:
    """Play the given games (a worker's batch on either backend)."""
    return [play_one(spec, pairing, game) for pairing, game in tasks]


def _share(entry: Entry, entrant: int) -> float:
    """The entrant's share of the win: 1 if only its seats won, 1/2 if both entrants' did."""
    sides = {entry.seats[seat] for seat in entry.winners}
    return 0.0 if entrant not in sides else 1.0 / len(sides)


def _header(spec: Tournament) -> dict[str, Any]:
    return {
        "format": JOURNAL_FORMAT,
        "format_version": JOURNAL_VERSION,
        "tournament": spec.identity(),
    }


def _key(spec: Tournament) -> bytes:
    return hashlib.sha256(canonical(_header(spec))).digest()


def _journal_header(path: Path) -> object:
    """The journal's first line as JSON, or None when it has none that reads."""
    try:
        first = read_limited(path, MAX_JOURNAL_BYTES, what="tournament journal").split(b"\n")[0]
        return parse_line(path, 1, first)
    except (StudyError, FileRefused):
        return None


def _resumes(out: Path, spec: Tournament) -> bool:
    journal = out / JOURNAL
    ours = journal.is_file() and not journal.is_symlink()
    return ours and _journal_header(journal) == _header(spec)


def prepare_out(out: Path, spec: Tournament, *, force: bool) -> None:
    """Make ``out`` ready for ``spec``: a new or empty folder, or one holding the journal of
    the same tournament (resumed); anything else is refused unless ``force``, which removes
    the files a tournament writes there and leaves other files alone."""
    written = (JOURNAL, SUMMARY, TIMINGS)
    resumes = partial(_resumes, spec=spec)
    shared_prepare_out(out, force=force, resumes=resumes, run="tournament", written=written)


def _read_journal(path: Path, spec: Tournament) -> dict[Task, Entry]:
    """The games the journal holds, by (pairing, game), each line checked against its digest
    and the tournament; those beyond ``spec.games`` are left out. A torn last line (the run
    was killed while writing it) is dropped, by an atomic replace."""
    done: dict[Task, Entry] = {}
    read = partial(entry_from_json, spec=spec)
    header, key = _header(spec), _key(spec)
    for _, entry in journal_games(path, header, key, read, run="tournament", kind="tournament"):
        if entry.game < spec.games:
            done[(entry.pairing, entry.game)] = entry
    return done


def play_tournament(
    spec: Tournament,
    *,
    jobs: int = 1,
    backend: str = "local",
    ray_address: str | None = None,
    out: str | Path | None = None,
    force: bool = False,
    progress: bool = False,
) -> tuple[dict[str, Any], list[Entry]]:
    """Play every game of ``spec`` and return ``(summary, entries)``, the entries sorted by
    (game, pairing). With ``out`` the games are journaled there (a rerun resumes) and
    ``summary.json`` and ``timings.json`` are written there."""
    spec.check()
    check_backend(backend, jobs, ray_address)
    folder = None if out is None else Path(out)
    done: dict[Task, Entry] = {}
    journal = None
    key = _key(spec)
    if folder is not None:
        prepare_out(folder, spec, force=force)
        read = partial(_read_journal, spec=spec)
        done, journal = open_journal(
            folder / JOURNAL, _header(spec), read, what="tournament journal"
        )
    tasks = [
        (pairing, game)
        for game in range(spec.games)
        for pairing in range(len(spec.pairings()))
        if (pairing, game) not in done
    ]
    bar = progress_bar(
        spec.games * len(spec.pairings()), len(tasks), shown=progress, desc="tournament"
    )

    def on_batch(entries: list[Entry]) -> None:
        for entry in entries:
            done[(entry.pairing, entry.game)] = entry
            if journal is not None:
                append_line(journal, journal_line(key, entry.to_json()))
        bar.update(len(entries))

    try:
        if tasks:  # games are long: batches of at most 4
            run_backend(
                backend,
                spec,
                tasks,
                on_batch,
                jobs=jobs,
                ray_address=ray_address,
                play=play_batch,
                most=4,
            )
    finally:
        bar.close()
        if journal is not None:
            journal.close()
    entries = sorted(done.values(), key=lambda e: (e.game, e.pairing))
    summary = summarize(spec, entries)
    if folder is not None:
        for name, data in ((SUMMARY, summary), (TIMINGS, timings(spec, entries))):
            write_atomic(folder / name, json.dumps(data, indent=2) + "\n", overwrite=True)
    return summary, entries


def summarize(spec: Tournament, entries: Sequence[Entry]) -> dict[str, Any]:
    """What the games decide, from the games in (game, pairing) order: the same whatever the
    order they were played in."""
    entries = sorted(entries, key=lambda e: (e.game, e.pairing))
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
    for entry in entries:
        a, b = pairs[entry.pairing]
        share = _share(entry, a)
        ranks = [1.0, 1.0] if share == 0.5 else ([1.0, 2.0] if share == 1.0 else [2.0, 1.0])
        new = model.rate([[ratings[a]], [ratings[b]]], ranks=ranks)
        ratings[a], ratings[b] = new[0][0], new[1][0]
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
            }
            for name, r in zip(spec.entrants, ratings, strict=True)
        ],
        "pairings": table,
        "rounds": float(np.mean([e.rounds for e in entries])) if entries else None,
        "winning_score": float(np.mean([max(e.scores) for e in entries])) if entries else None,
    }


def timings(spec: Tournament, entries: Sequence[Entry]) -> dict[str, Any]:
    """How long the games and the players' choices took (this machine's speed, not a
    property of the games): moves per second choosing, per entrant, and seconds per game."""
    moves = {name: [0, 0.0] for name in spec.entrants}
    for entry in entries:
        for seat, (count, seconds) in enumerate(entry.think):
            moves[spec.entrants[entry.seats[seat]]][0] += count
            moves[spec.entrants[entry.seats[seat]]][1] += seconds
    return {
        "moves_per_second": {
            name: count / seconds if seconds else None for name, (count, seconds) in moves.items()
        },
        "seconds_per_game": float(np.mean([e.seconds for e in entries])) if entries else None,
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
    if summary["rounds"] is not None:
        lines.append(
            f"rounds per game {summary['rounds']:.1f}, winning score {summary['winning_score']:.1f}"
        )
    return lines


def timing_lines(times: dict[str, Any]) -> list[str]:
    """The timings as text: moves per second choosing per entrant, seconds per game."""
    speeds = ", ".join(
        f"{name} {speed:,.0f}" if speed is not None else f"{name} -"
        for name, speed in times["moves_per_second"].items()
    )
    per_game = times["seconds_per_game"]
    cost = "-" if per_game is None else f"{per_game:.2f}"
    return [f"moves per second choosing: {speeds}; seconds per game: {cost}"]
