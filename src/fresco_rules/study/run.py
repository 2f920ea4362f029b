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

Each game line carries ``digest``, the HMAC-SHA256 of its canonical JSON keyed by the SHA-256
of the study's identity (``journal_key``). It detects edits and corruption, not a forger who
reads this code (the key is derived from the header); for that, every resume also plays
``REPLAYED`` journal games again, picked at random, and compares them with their lines. The
journal is only appended to (each line flushed and fsynced); it is replaced, atomically, only
to drop a torn last line.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from importlib import import_module
from pathlib import Path
from typing import Any, NoReturn, TextIO, TypeVar

from tqdm import tqdm

from ..kernel.files import FileRefused, read_limited, write_atomic
from ..kernel.records import InvalidRecord, parse_record
from ..kernel.untrusted import describe
from .adapters import GameAdapter, StudyError
from .batch import OnBatch, Payload, Task, play_batch
from .journal import MAX_JOURNAL_BYTES, MAX_LINE_BYTES, canonical, digest_matches, open_journal
from .journal import journal_line as journal_line
from .players import make_player
from .report import write_outputs
from .spec import MAX_GAMES, GameResult, Study, game_seed, result_from_json, run_game
from .stats import summarize

BACKENDS = ("local", "ray")
JOURNAL = "journal.jsonl"
JOURNAL_FORMAT = "fresco_rules.study_journal"
JOURNAL_VERSION = 2
"""Version 2: every game line carries the digest of its content keyed to the study."""
REPLAYED = 2
"""Journal games played again on every resume and compared with their lines."""

T = TypeVar("T")


def run_local(
    payload: Payload | Any,
    batches: Sequence[Sequence[Task]] | Sequence[Sequence[Any]],
    on_batch: OnBatch | Callable[[list[Any]], None],
    *,
    jobs: int,
    play: Callable[[Any, list[Any]], list[Any]] | None = None,
) -> None:
    """Play the batches (``play(payload, batch)``, by default a study's games; the divergence
    search passes its own) in this process (``jobs`` 1) or in ``jobs`` worker processes.

    Interrupted (Ctrl-C, or SIGTERM turned into an exception by the command line), the
    workers are terminated at once rather than left to finish their batches; a worker whose
    parent dies without that chance (SIGKILL) exits by itself (``_watch_parent``)."""
    play = play_batch if play is None else play  # looked up at the call: tests replace it
    if jobs == 1:
        for batch in batches:
            on_batch(play(payload, list(batch)))
        return
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_start_worker, initargs=(os.getpid(),))
    try:
        pending: set[Future[list[Any]]] = {
            pool.submit(play, payload, list(batch)) for batch in batches
        }
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                on_batch(future.result())
    except BaseException:
        _stop_workers(pool)
        raise
    pool.shutdown(wait=True)


WORKER_STOP_WAIT = 5.0
"""Seconds a terminated worker has to exit before it is killed."""
PARENT_CHECK = 0.5
"""Seconds between a worker's checks that its parent is alive."""


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Cancel what is queued and end every worker now (SIGTERM, then SIGKILL)."""
    # the executor forgets its processes on shutdown, and has no public way to end them
    # before Python 3.14 (terminate_workers)
    processes = list((pool._processes or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    deadline = time.monotonic() + WORKER_STOP_WAIT
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
        if process.is_alive():
            process.kill()
            process.join(1.0)


def _start_worker(parent: int) -> None:
    """A worker ignores Ctrl-C (its parent ends it), dies at SIGTERM (fork copied the parent's
    handler, which would raise here) and exits when its parent is gone, so no worker outlives
    a killed study."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK)
    os._exit(1)


def check_backend(backend: object, jobs: object, ray_address: object) -> None:
    """Refuse an unknown backend, ``jobs`` outside 1-1024 and a Ray address without Ray."""
    if backend not in BACKENDS:
        raise StudyError(f"unknown backend {describe(backend)}; known: {', '.join(BACKENDS)}")
    if type(jobs) is not int or not 1 <= jobs <= 1024:
        raise StudyError("jobs must be a whole number from 1 to 1024")
    if ray_address is not None and backend != "ray":
        raise StudyError("--ray-address needs --backend ray")


def progress_bar(total: int, todo: int, *, shown: bool, desc: str) -> tqdm[NoReturn]:
    """A bar on stderr over ``total`` games of which ``todo`` are still to play."""
    return tqdm(
        total=total,
        initial=total - todo,
        unit="game",
        file=sys.stderr,
        disable=not shown,
        smoothing=0.1,
        desc=desc,
    )


def append_line(journal: TextIO, line: str) -> None:
    """Append one line to a journal, on disk before the next is written."""
    journal.write(line + "\n")
    journal.flush()
    os.fsync(journal.fileno())


def _batches(tasks: Sequence[T], workers: int, most: int) -> list[list[T]]:
    size = max(1, min(most, len(tasks) // max(1, workers * most)))
    return [list(tasks[i : i + size]) for i in range(0, len(tasks), size)]


def _identity(header: object) -> object:
    """A journal header without the number of games: a study may grow (or shrink) in the same
    ``--out``, since game ``i`` has the same seed whatever the number of games."""
    if not isinstance(header, dict) or not isinstance(header.get("study"), dict):
        return None
    return {**header, "study": {**header["study"], "games": None}}


def journal_key(header: dict[str, Any]) -> bytes:
    """The key of a study's line digests: the SHA-256 of its identity (the resolved study
    without the number of games), so a line of one study does not check in another."""
    return hashlib.sha256(canonical(_identity(header))).digest()


def _line_data(path: Path, number: int, raw: bytes) -> dict[str, Any]:
    """Line ``number`` of the journal as a JSON object, parsed within the bounds of a record."""
    where = f"{path}: line {number}"
    if len(raw) > MAX_LINE_BYTES:
        raise StudyError(f"{where} is longer than {MAX_LINE_BYTES} bytes")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise StudyError(f"{where} is not UTF-8 (byte {exc.start + 1}: {exc.reason})") from None
    try:
        return parse_record(text)
    except InvalidRecord as exc:
        raise StudyError(f"{where} is not a journal line: {exc}") from None


def _check_header(path: Path, lines: Sequence[bytes], header: dict[str, Any]) -> None:
    try:
        first = _line_data(path, 1, lines[0]) if lines else None
    except StudyError:
        first = None
    if isinstance(first, dict) and first.get("format") == JOURNAL_FORMAT:
        version = first.get("format_version", 1)
        if version == 1:
            raise StudyError(
                f"{path} was written by an older fresco_rules without line digests, so its "
                "games cannot be checked: delete it (the study plays its games again, with the "
                "same seeds) or use another --out"
            )
        if version != JOURNAL_VERSION:
            raise StudyError(
                f"{path} has journal format version {describe(version)}; this fresco_rules "
                f"reads version {JOURNAL_VERSION}: use the fresco_rules that wrote it"
            )
    if _identity(first) != _identity(header):
        raise StudyError(
            f"{path} belongs to another study (or is not a study journal): use another --out, "
            "or delete the directory to start afresh"
        )


def _read_journal(
    path: Path, header: dict[str, Any], adapter: GameAdapter, study: Study, configs: Sequence[Any]
) -> dict[tuple[int, int], GameResult]:
    """The games already played, by (arm, game), those beyond ``study.games`` left out.

    Every line is checked against its digest, and a few games are played again and compared
    (``REPLAYED``); a line that fails is refused with its number. A torn last line (one without
    its newline: the run was killed while writing it) is dropped, by an atomic replace; a
    journal without one is not written to at all."""
    data = read_limited(path, MAX_JOURNAL_BYTES, what="study journal")
    *lines, torn = data.split(b"\n")
    _check_header(path, lines, header)
    key = journal_key(header)
    seen: dict[tuple[int, int], tuple[int, GameResult]] = {}
    for number, raw in enumerate(lines[1:], start=2):
        line = _line_data(path, number, raw)
        if not digest_matches(key, line):
            raise StudyError(
                f"{path}: line {number} fails its digest: it was edited or corrupted (restore "
                "it, or delete the line to play that game again)"
            )
        try:
            result = result_from_json(line, adapter.figure_names)
        except StudyError as exc:
            raise StudyError(f"{path}: line {number}: {exc}") from None
        arm, game = result.arm, result.game
        if not (0 <= arm < len(study.arms) and 0 <= game < MAX_GAMES) or (
            result.seed != game_seed(study.seed, game, study.arms[arm].seed_offset)
        ):
            raise StudyError(f"{path}: line {number} is not a game of this study")
        earlier = seen.get((arm, game))
        if earlier is not None and earlier[1] != result:
            raise StudyError(f"{path}: line {number} contradicts line {earlier[0]} (same game)")
        seen[(arm, game)] = (number, result)
    done = {at: result for at, (_, result) in seen.items() if at[1] < study.games}
    _replay_some(path, adapter, study, configs, {at: seen[at] for at in done})
    if torn:
        write_atomic(path, data[: len(data) - len(torn)], overwrite=True, what="study journal")
    return done


def _replay_some(
    path: Path,
    adapter: GameAdapter,
    study: Study,
    configs: Sequence[Any],
    lines: dict[tuple[int, int], tuple[int, GameResult]],
) -> None:
    """Play ``REPLAYED`` journal games again, picked at random (a forger who recomputes the
    digests cannot know which), and refuse the journal if one differs."""
    choose = make_player(study.player, adapter)
    picked = secrets.SystemRandom().sample(sorted(lines), min(REPLAYED, len(lines)))
    for arm, game in picked:
        number, recorded = lines[(arm, game)]
        again = run_game(adapter, configs[arm], arm, game, recorded.seed, choose)
        if again != recorded:
            raise StudyError(
                f"{path}: line {number} does not match a replay of its game (arm {arm}, game "
                f"{game}): the journal was altered; delete it to play the study again"
            )


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
    check_backend(backend, jobs, ray_address)
    make_player(study.player, adapter)  # refuse an unavailable player before any work
    configs = study.configs(adapter)
    described = study.describe(configs)
    header = {"format": JOURNAL_FORMAT, "format_version": JOURNAL_VERSION, "study": described}
    done: dict[tuple[int, int], GameResult] = {}
    journal = None
    key = b""
    if out is not None:
        directory = Path(out)
        directory.mkdir(parents=True, exist_ok=True)

        def read(path: Path) -> dict[tuple[int, int], GameResult]:
            return _read_journal(path, header, adapter, study, configs)

        done, journal = open_journal(directory / JOURNAL, header, read, what="study journal")
        key = journal_key(header)
    seeds = [study.seeds(arm) for arm in range(len(study.arms))]
    tasks = [
        (arm, game, seeds[arm][game])
        for game in range(study.games)
        for arm in range(len(study.arms))
        if (arm, game) not in done
    ]
    bar = progress_bar(study.games * len(study.arms), len(tasks), shown=progress, desc="study")

    def on_batch(results: list[GameResult]) -> None:
        for result in results:
            done[(result.arm, result.game)] = result
            if journal is not None:
                append_line(journal, journal_line(key, result.to_json(adapter.figure_names)))
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
    payload: Payload | Any,
    tasks: Sequence[Task] | Sequence[Any],
    on_batch: OnBatch | Callable[[list[Any]], None],
    *,
    jobs: int,
    ray_address: str | None,
    play: Callable[[Any, list[Any]], list[Any]] | None = None,
    most: int = 8,
) -> None:
    """Play ``tasks`` in batches of at most ``most`` on ``backend`` (``play(payload, batch)``,
    by default a study's games; the divergence search and the tournament pass their own)."""
    if backend == "local":
        run_local(payload, _batches(tasks, jobs, most), on_batch, jobs=jobs, play=play)
        return
    try:
        ray_backend = import_module("fresco_rules.study.ray_backend")
    except ImportError:
        raise StudyError("--backend ray needs Ray: pip install 'fresco_rules[ray]'") from None
    workers = ray_backend.workers(ray_address, jobs)
    ray_backend.run_ray(
        payload,
        _batches(tasks, workers, most),
        on_batch,
        address=ray_address,
        jobs=jobs,
        play=play_batch if play is None else play,
    )


def load_study(out: str | Path) -> tuple[dict[str, Any], list[GameResult]]:
    """``(summary, games)`` of a study written with ``out``, without replaying a game: the
    summary is recomputed from ``games.json``."""
    path = Path(out) / "games.json"
    try:
        data = json.loads(read_limited(path, MAX_JOURNAL_BYTES, what="study games file"))
        study, names, rows = data["study"], data["figure_names"], data["games"]
    except FileRefused as exc:
        raise StudyError(str(exc)) from None
    except (ValueError, RecursionError, KeyError, TypeError) as exc:
        # ValueError: bad JSON, not UTF-8, an integer too long to read
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
