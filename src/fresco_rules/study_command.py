"""``fresco-rules study``: the command line of ``fresco_rules.study``. This module needs no
optional dependency; the study itself (the ``[study]`` extra) is loaded when the command runs.

``fresco-rules study --game GAME --players N --games N --seed S --arm OPTION=VALUE[,...]
--arm ... [--modules 4,5,6] [--player random|greedy|mcts] [--backend local|ray] [--jobs J]
[--ray-address ADDR] [--out DIR]``
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import threading
from collections.abc import Iterator
from typing import Any, TextIO

from .exit_codes import TABLE
from .games import DEFAULT_GAME, GameUnavailable, declaration, game_names
from .kernel.adapter_spec import GameSpec
from .kernel.errors import RulesError
from .kernel.extras import import_for_command

STUDY_EXTRA_MODULES = {"numpy", "scipy", "matplotlib", "tqdm", "openskill"}


class StudyUnavailable(RulesError):
    """The ``[study]`` extra is not installed."""


class StudyTerminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread so the study stops in order: its workers ended, its
    journal closed (a plain SIGTERM would leave the workers running)."""


def _terminate(signum: int, frame: object) -> None:
    raise StudyTerminated


@contextlib.contextmanager
def _sigterm_stops_the_study() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set a handler; the caller's own handling applies
        return
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def add_arm_sources(parser: argparse.ArgumentParser, *, arms: str) -> None:
    """``--modules`` and ``--components``, shared by ``arms`` (an arm may name its own)."""
    parser.add_argument("--modules", default="", metavar="4,5,6", help=f"modules of {arms}")
    parser.add_argument("--components", metavar="FILE", help=f"component data of {arms}")


def add_backend_options(parser: argparse.ArgumentParser, *, ray_help: str) -> None:
    """``--backend``, ``--jobs`` and ``--ray-address``: where the games run (``run_backend``)."""
    parser.add_argument(
        "--backend", default="local", choices=("local", "ray"), help="where games run"
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (or Ray CPUs)")
    parser.add_argument("--ray-address", metavar="ADDR", help=ray_help)


def add_out_options(parser: argparse.ArgumentParser, *, writes: str, run: str) -> None:
    """``--out`` (where ``writes`` go, with the journal a rerun resumes from), ``--force`` and
    ``--quiet``: the options of a ``run`` that replaces its own files only."""
    parser.add_argument(
        "--out", metavar="DIR", help=f"write {writes} (and resume from DIR's journal)"
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help=f"use an --out that holds other files: replace what a {run} writes there",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar on stderr")


def backend_keywords(args: argparse.Namespace) -> dict[str, Any]:
    """Where a resumable run's games run and its ``--out``, from its command line."""
    return {
        "backend": args.backend,
        "jobs": args.jobs,
        "ray_address": args.ray_address,
        "out": args.out,
    }


def say_stopped(
    command: str, out_dir: str | None, run: str, *, how: str = "interrupted", then: str = ""
) -> None:
    """Say on stderr that ``command`` stopped (``how``) and what its ``--out`` kept of the
    ``run`` (``then``: what the same command continues, if it names it)."""
    kept = (
        f"the games played are kept in {out_dir}; the same command continues{then}"
        if out_dir
        else f"nothing was kept (use --out DIR to make a {run} resumable)"
    )
    print(f"fresco-rules {command}: {how}; {kept}", file=sys.stderr)


def add_study_command(commands: Any) -> None:
    """Add the ``study`` sub-command to the ``fresco-rules`` sub-parsers."""
    study = commands.add_parser(
        "study",
        help="compare rule interpretations over many seeded games, with confidence intervals",
        description="Play N games of each arm with the same seeds; report each figure per arm "
        "and each difference from the first arm with its confidence interval.",
        epilog=f"{TABLE}\nstudy: 0 the study ran; 2 also a bad option or arm, or a journal in "
        "--out that fails its checks; 130 interrupted, 143 terminated (SIGTERM) (with --out "
        "DIR, the same command resumes).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    names = game_names()
    study.add_argument(
        "--game",
        default=DEFAULT_GAME,
        help=f"{', '.join(names[:-1])} or {names[-1]} (default: {DEFAULT_GAME})",
    )
    study.add_argument(
        "--players", type=int, default=None, help="number of players (default: the game's)"
    )
    study.add_argument("--games", type=int, required=True, help="games per arm")
    study.add_argument(
        "--seed", type=int, default=0, help="the study's seed (games.csv lists each game's)"
    )
    study.add_argument(
        "--arm",
        action="append",
        required=True,
        metavar="OPTION=VALUE[,OPTION=VALUE...]",
        help="one configuration (repeat: 2 or more; 'default' for the spec's defaults); "
        "also modules=4+5 and components=FILE",
    )
    add_arm_sources(study, arms="every arm")
    study.add_argument(
        "--player",
        default="random",
        help="how every seat plays: random, greedy, heuristic, search[:N], mcts, or one per "
        "seat comma-separated (search:200,heuristic,heuristic); default: random",
    )
    add_backend_options(
        study,
        ray_help="an existing Ray cluster (auto, ray://head:10001); default: a local Ray instance",
    )
    study.add_argument(
        "--out",
        metavar="DIR",
        help="write summary.json, games.csv, games.json, plots, report.html (and resume from DIR)",
    )
    study.set_defaults(run=cmd_study)


def cmd_study(args: argparse.Namespace, out: TextIO) -> int:
    [study_api] = import_for_command(
        ["fresco_rules.study"],
        command="fresco-rules study",
        extra="study",
        provides=STUDY_EXTRA_MODULES,
        error=StudyUnavailable,
    )
    if args.players is None:
        try:
            args.players = declaration(args.game).default_players
        except GameUnavailable:  # refused by the study, in its words
            args.players = GameSpec.default_players
    study = study_api.Study(
        game=args.game,
        players=args.players,
        games=args.games,
        seed=args.seed,
        arms=tuple(study_api.parse_arm(text) for text in args.arm),
        player=args.player,
        modules=args.modules,
        components=args.components,
    )
    try:
        with _sigterm_stops_the_study():
            summary, _ = study_api.run_study(study, **backend_keywords(args))
    except KeyboardInterrupt as stop:
        how = "terminated" if isinstance(stop, StudyTerminated) else "interrupted"
        say_stopped("study", args.out, "study", how=how, then=" the study")
        return 143 if isinstance(stop, StudyTerminated) else 130
    modules = f", modules {args.modules}" if args.modules else ""
    print(
        f"{args.game.title()} study: {args.players} players{modules}, {args.games} games per "
        f"arm (study seed {args.seed}), player {args.player}",
        file=out,
    )
    for line in study_api.arm_lines(summary):
        print(line, file=out)
    for line in study_api.verdict_lines(summary):
        print(line, file=out)
    if args.out:
        print(
            f"written to {args.out}: summary.json, games.csv, games.json, scores/win_rate/"
            "game_length .png/.svg, report.html",
            file=out,
        )
    return 0
