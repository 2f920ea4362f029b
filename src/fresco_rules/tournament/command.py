"""``fresco-rules tournament``: the command line of ``tournament.run``."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, TextIO

from ..exit_codes import TABLE
from ..games import game_names
from ..kernel.extras import import_for_command
from ..kernel.files import write_atomic
from ..study_command import STUDY_EXTRA_MODULES, StudyUnavailable


def add_parser(commands: Any) -> None:
    """Add the ``tournament`` sub-command to the ``fresco-rules`` sub-parsers."""
    parser = commands.add_parser(
        "tournament",
        help="a round robin among players, with ratings and win rates per pairing",
        description="Every pairing of entrants plays the same seeds, seats rotated; ratings "
        "from OpenSkill, win shares with Wilson intervals.",
        epilog=TABLE,
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
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--out", help="a folder for summary.json (not overwritten)")
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
    summary, _ = engine.play_tournament(spec, jobs=max(1, min(args.jobs, 64)))
    for line in engine.summary_lines(summary):
        print(line, file=out)
    if args.out:
        Path(args.out).mkdir(parents=True, exist_ok=True)
        write_atomic(
            Path(args.out) / "summary.json", json.dumps(summary, indent=2) + "\n", overwrite=False
        )
    return 0
