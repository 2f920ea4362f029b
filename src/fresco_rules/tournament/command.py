"""``fresco-rules tournament``: the command line of ``tournament.run``."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from ..exit_codes import TABLE
from ..games import game_names
from ..kernel.extras import import_for_command
from ..study_command import (
    STUDY_EXTRA_MODULES,
    StudyUnavailable,
    add_backend_options,
    add_out_options,
    backend_keywords,
    say_stopped,
)


def add_parser(commands: Any) -> None:
    """Add the ``tournament`` sub-command to the ``fresco-rules`` sub-parsers."""
    parser = commands.add_parser(
        "tournament",
        help="a round robin among players, with ratings and win rates per pairing",
        description="Every pairing of entrants plays the same seeds, seats rotated; ratings "
        "from OpenSkill, win shares with Wilson intervals.",
        epilog=f"{TABLE}\ntournament: 2 also an --out that is taken (see --force) or a journal "
        "that fails its checks; 130 interrupted (with --out DIR, the same command resumes).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--game", required=True, choices=game_names(), help="the game")
    parser.add_argument("--players", type=int, required=True, help="seats at every table")
    parser.add_argument(
        "--entrant",
        action="append",
        required=True,
        help="a player (random, greedy, heuristic, search:N); give it twice or more",
    )
    parser.add_argument("--games", type=int, default=10, help="games per pairing")
    parser.add_argument(
        "--seed", type=int, default=0, help="game k of every pairing plays seed S + k"
    )
    add_backend_options(
        parser,
        ray_help="an existing Ray cluster (auto, ray://head:10001); default: a local Ray instance",
    )
    add_out_options(parser, writes="journal.jsonl, summary.json, timings.json", run="tournament")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO) -> int:
    [engine] = import_for_command(  # the command line works without the study extra
        ["fresco_rules.tournament.run"],
        command="fresco-rules tournament",
        extra="study",
        provides=STUDY_EXTRA_MODULES,
        error=StudyUnavailable,
    )
    spec = engine.Tournament(
        game=args.game,
        players=args.players,
        entrants=tuple(args.entrant),
        games=args.games,
        seed=args.seed,
    )
    try:
        summary, entries = engine.play_tournament(
            spec, **backend_keywords(args), force=args.force, progress=not args.quiet
        )
    except KeyboardInterrupt:
        say_stopped("tournament", args.out, "tournament")
        return 130
    for line in engine.summary_lines(summary):
        print(line, file=out)
    for line in engine.timing_lines(engine.timings(spec, entries)):
        print(line, file=out)
    if args.out:
        print(f"written to {args.out}: summary.json, timings.json, journal.jsonl", file=out)
    return 0
