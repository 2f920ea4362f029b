"""Running a divergence search: the games in batches on a backend, a journal for resuming, the
summary.

Backends: ``local`` (``jobs`` worker processes; 1 plays in this process) and ``ray`` (the
optional ``[ray]`` extra, through the study's ``ray_backend``). Each game is a pure function of
the two configs, its seed and the player kind, and the summary is computed from the games
sorted by (player kind, game), so it is the same, byte for byte, whatever the backend, the
number of workers or the order in which batches finish.

With ``out``, every finished game is appended to ``out/journal.jsonl`` (a header naming the
search, then one line per game, each with the HMAC-SHA256 of its content keyed by the search's
identity, which detects edited or corrupted lines). The same search started again with the same
``out`` skips the games the journal holds (also after ``games`` was raised: game ``i`` keeps its
seed); a journal of another search is refused.
"""

from __future__ import annotations

import hashlib
from functools import partial
from pathlib import Path
from typing import Any

from ..kernel.files import FileRefused
from ..kernel.study_spec import StudyError
from ..study.journal import canonical, journal_games, journal_line, open_journal
from ..study.run import (
    BACKENDS,
    append_line,
    check_backend,
    progress_bar,
    run_backend,
    run_local,
)
from .plan import Outcome, Payload, Plan, Task, outcome_from_json, play_batch
from .stats import summarize

JOURNAL = "journal.jsonl"
JOURNAL_FORMAT = "fresco_rules.diverge_journal"
JOURNAL_VERSION = 1


def _identity(plan: Plan) -> dict[str, Any]:
    """The search without its number of games (a search may grow in the same ``out``)."""
    return {**plan.describe(), "games": None}


def _header(plan: Plan) -> dict[str, Any]:
    return {"format": JOURNAL_FORMAT, "format_version": JOURNAL_VERSION, "search": _identity(plan)}


def _key(plan: Plan) -> bytes:
    return hashlib.sha256(canonical(_header(plan))).digest()


def _read_journal(path: Path, plan: Plan) -> dict[tuple[str, int], Outcome]:
    """The games the journal holds, by (player kind, game), checked line by line. A torn last
    line (the run was killed while writing it) is dropped."""
    seeds = plan.seeds()
    done: dict[tuple[str, int], Outcome] = {}
    header, key, read = _header(plan), _key(plan), outcome_from_json
    for number, outcome in journal_games(path, header, key, read, run="search", kind="divergence"):
        if outcome.player not in plan.player_kinds:
            raise StudyError(f"{path}: line {number} is not a game of this search")
        if outcome.game < plan.games:
            if outcome.seed != seeds[outcome.game]:
                raise StudyError(f"{path}: line {number} is not a game of this search")
            done[(outcome.player, outcome.game)] = outcome
    return done


def run_search(
    plan: Plan,
    *,
    backend: str = "local",
    jobs: int = 1,
    ray_address: str | None = None,
    journal_dir: str | Path | None = None,
    progress: bool = True,
) -> tuple[dict[str, Any], list[Outcome]]:
    """Play every game of ``plan`` in both arms and return ``(summary, outcomes)``, the
    outcomes sorted by player kind (in the plan's order) and game. With ``journal_dir`` the
    games are journaled there and a rerun resumes."""
    configs = plan.configs()
    check_backend(backend, jobs, ray_address)
    done: dict[tuple[str, int], Outcome] = {}
    journal = None
    key = _key(plan)
    if journal_dir is not None:
        read = partial(_read_journal, plan=plan)
        path = Path(journal_dir) / JOURNAL
        done, journal = open_journal(path, _header(plan), read, what="divergence journal")
    seeds = plan.seeds()
    tasks: list[Task] = [
        (kind, game, seeds[game])
        for game in range(plan.games)
        for kind in plan.player_kinds
        if (kind, game) not in done
    ]
    total = plan.games * len(plan.player_kinds)
    bar = progress_bar(total, len(tasks), shown=progress, desc="diverge")

    def on_batch(outcomes: list[Outcome]) -> None:
        for outcome in outcomes:
            done[(outcome.player, outcome.game)] = outcome
            if journal is not None:
                append_line(journal, journal_line(key, outcome.to_json()))
        bar.update(len(outcomes))

    payload = Payload(plan.game, configs)
    try:
        if tasks:
            run_backend(
                backend,
                payload,
                tasks,
                on_batch,
                jobs=jobs,
                ray_address=ray_address,
                play=play_batch,
            )
    finally:
        bar.close()
        if journal is not None:
            journal.close()
    order = {kind: i for i, kind in enumerate(plan.player_kinds)}
    outcomes = sorted(done.values(), key=lambda o: (order[o.player], o.game))
    return summarize(plan, outcomes), outcomes


__all__ = ["BACKENDS", "JOURNAL", "FileRefused", "run_local", "run_search"]
