"""Running a study: the games in batches on a backend, a journal for resuming, the outputs.

Backends: ``local`` (``jobs`` worker processes; 1 plays in this process) and ``ray``
(``ray_backend``, the optional ``[ray]`` extra). Either way the games are pure functions of
(config, seed, player), and the statistics are computed from the games sorted by (arm, game),
so the summary does not depend on the backend, the number of workers or the order in which
batches finish.

With ``out``, every finished batch is appended to ``out/journal.jsonl`` (a header line naming
the study, then one line per game). A study started again with the same ``out`` reads the
journal, skips the games it holds and plays the rest, also after ``games`` was raised (the
first games keep their seeds); a journal of another study is refused.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from importlib import import_module
from pathlib import Path
from typing import Any

from attrs import frozen
from tqdm import tqdm

from .adapters import GameAdapter, StudyError, get_adapter
from .players import make_player
from .report import write_outputs
from .spec import MAX_GAMES, GameResult, Study, game_seed, result_from_json, run_game
from .stats import summarize

BACKENDS = ("local", "ray")
JOURNAL = "journal.jsonl"
JOURNAL_FORMAT = "fresco_rules.study_journal"

Task = tuple[int, int, int]
"""(arm, game index, seed)."""


@frozen
class Payload:
    """What a worker needs to play any game of the study."""

    game: str
    player: str
    configs: tuple[Any, ...]


_WORKER: dict[str, Any] = {}


def play_batch(payload: Payload, tasks: Sequence[Task]) -> list[GameResult]:
    """Play the given games; the adapter and player are made once per worker process."""
    key = (payload.game, payload.player)
    if _WORKER.get("key") != key:
        adapter = get_adapter(payload.game)
        _WORKER.update(key=key, adapter=adapter, choose=make_player(payload.player, adapter))
    adapter, choose = _WORKER["adapter"], _WORKER["choose"]
    return [
        run_game(adapter, payload.configs[arm], arm, game, seed, choose)
        for arm, game, seed in tasks
    ]


OnBatch = Callable[[list[GameResult]], None]


def run_local(
    payload: Payload, batches: Sequence[Sequence[Task]], on_batch: OnBatch, *, jobs: int
) -> None:
    """Play the batches in this process (``jobs`` 1) or in ``jobs`` worker processes."""
    if jobs == 1:
        for batch in batches:
            on_batch(play_batch(payload, batch))
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: set[Future[list[GameResult]]] = {
            pool.submit(play_batch, payload, batch) for batch in batches
        }
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    on_batch(future.result())
        except BaseException:
            for future in pending:
                future.cancel()
            raise


def _batches(tasks: Sequence[Task], workers: int) -> list[list[Task]]:
    size = max(1, min(8, len(tasks) // max(1, workers * 8)))
    return [list(tasks[i : i + size]) for i in range(0, len(tasks), size)]


def _identity(header: object) -> object:
    """A journal header without the number of games: a study may grow (or shrink) in the same
    ``--out``, since game ``i`` has the same seed whatever the number of games."""
    if not isinstance(header, dict) or not isinstance(header.get("study"), dict):
        return None
    return {**header, "study": {**header["study"], "games": None}}


def _read_journal(
    path: Path, header: dict[str, Any], adapter: GameAdapter, study: Study
) -> dict[tuple[int, int], GameResult]:
    """The games already played, by (arm, game), those beyond ``study.games`` left out; rewrites
    the journal without a torn last line. Refuses a journal of another study."""
    done: dict[tuple[int, int], GameResult] = {}
    lines = path.read_text(encoding="utf-8").splitlines()
    try:
        first = json.loads(lines[0]) if lines else None
    except json.JSONDecodeError:
        first = None
    if _identity(first) != _identity(header):
        raise StudyError(
            f"{path} belongs to another study (or is not a study journal): use another --out, "
            "or delete the directory to start afresh"
        )
    kept = [json.dumps(header, sort_keys=True)]
    for number, line in enumerate(lines[1:], start=2):
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            if number == len(lines):  # the line being written when the run was interrupted
                break
            raise StudyError(f"{path}: line {number} is not JSON") from None
        result = result_from_json(data, adapter.figure_names)
        arm, game = result.arm, result.game
        if not (0 <= arm < len(study.arms) and 0 <= game < MAX_GAMES) or (
            result.seed != game_seed(study.seed, game, study.arms[arm].seed_offset)
        ):
            raise StudyError(f"{path}: line {number} is not a game of this study")
        if game < study.games:
            done[(arm, game)] = result
        kept.append(line)
    path.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return done


def run_study(
    study: Study,
    *,
    backend: str = "local",
    jobs: int = 1,
    ray_address: str | None = None,
    out: str | Path | None = None,
    progress: bool = True,
) -> tuple[dict[str, Any], list[GameResult]]:
    """Play every game of ``study`` and return ``(summary, games)``; with ``out`` also write
    ``summary.json``, ``games.csv``, ``games.json``, the plots and ``report.html`` there (and
    resume from its journal)."""
    adapter = study.check()
    if backend not in BACKENDS:
        raise StudyError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= 1024:
        raise StudyError("jobs must be a whole number from 1 to 1024")
    if ray_address is not None and backend != "ray":
        raise StudyError("--ray-address needs --backend ray")
    make_player(study.player, adapter)  # refuse an unavailable player before any work
    configs = study.configs(adapter)
    described = study.describe(configs)
    header = {"format": JOURNAL_FORMAT, "study": described}
    done: dict[tuple[int, int], GameResult] = {}
    journal = None
    if out is not None:
        directory = Path(out)
        directory.mkdir(parents=True, exist_ok=True)
        journal_path = directory / JOURNAL
        if journal_path.exists():
            done = _read_journal(journal_path, header, adapter, study)
        else:
            journal_path.write_text(json.dumps(header, sort_keys=True) + "\n", encoding="utf-8")
        journal = journal_path.open("a", encoding="utf-8")
    seeds = [study.seeds(arm) for arm in range(len(study.arms))]
    tasks = [
        (arm, game, seeds[arm][game])
        for game in range(study.games)
        for arm in range(len(study.arms))
        if (arm, game) not in done
    ]
    total = study.games * len(study.arms)
    bar = tqdm(
        total=total,
        initial=total - len(tasks),
        unit="game",
        file=sys.stderr,
        disable=not progress,
        smoothing=0.1,
        desc="study",
    )

    def on_batch(results: list[GameResult]) -> None:
        for result in results:
            done[(result.arm, result.game)] = result
            if journal is not None:
                journal.write(json.dumps(result.to_json(adapter.figure_names)) + "\n")
        if journal is not None:
            journal.flush()
        bar.update(len(results))

    payload = Payload(study.game, study.player, configs)
    try:
        if tasks:
            run_backend(backend, payload, tasks, on_batch, jobs=jobs, ray_address=ray_address)
    finally:
        bar.close()
        if journal is not None:
            journal.close()
    games = sorted(done.values(), key=lambda g: (g.arm, g.game))
    summary = summarize(described, games, adapter.figure_names)
    if out is not None:
        write_outputs(Path(out), summary, games)
    return summary, games


def run_backend(
    backend: str,
    payload: Payload,
    tasks: Sequence[Task],
    on_batch: OnBatch,
    *,
    jobs: int,
    ray_address: str | None,
) -> None:
    if backend == "local":
        run_local(payload, _batches(tasks, jobs), on_batch, jobs=jobs)
        return
    try:
        ray_backend = import_module("fresco_rules.study.ray_backend")
    except ImportError:
        raise StudyError("--backend ray needs Ray: pip install 'fresco_rules[ray]'") from None
    workers = ray_backend.workers(ray_address, jobs)
    ray_backend.run_ray(payload, _batches(tasks, workers), on_batch, address=ray_address, jobs=jobs)


def load_study(out: str | Path) -> tuple[dict[str, Any], list[GameResult]]:
    """``(summary, games)`` of a study written with ``out``, without replaying a game: the
    summary is recomputed from ``games.json``."""
    path = Path(out) / "games.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        study, names, rows = data["study"], data["figure_names"], data["games"]
    except (OSError, json.JSONDecodeError, KeyError, TypeError) as exc:
        raise StudyError(f"{path}: not a study's games.json ({type(exc).__name__})") from None
    if not isinstance(rows, list) or not isinstance(names, list):
        raise StudyError(f"{path}: not a study's games.json")
    games = [result_from_json(row, names) for row in _rows(rows)]
    return summarize(study, games, names), games


def _rows(rows: Iterable[Any]) -> Iterable[dict[str, Any]]:
    for row in rows:
        if not isinstance(row, dict):
            raise StudyError("games.json: a game is not an object")
        yield row
