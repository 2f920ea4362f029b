"""``fresco-rules diverge``: the command line of ``fresco_rules.diverge``. This module needs no
optional dependency; the search (the ``[study]`` extra) is loaded when the command runs.

``fresco-rules diverge --game GAME --arm OPTION=VALUE[,...] [--arm ...] [--players N]
[--games N] [--seed S] [--player random|greedy|heuristic|search:N|mcts ...] [--modules 4,5,6]
[--jobs J] [--backend local|ray] [--ray-address ADDR] [--out DIR] [--force]``

With one ``--arm`` it is compared with the game's defaults (arm A); with two, the first is arm
A (it draws the chance outcomes) and the second arm B.
"""

from __future__ import annotations

import argparse
from importlib import import_module
from typing import Any, TextIO

from ..exit_codes import TABLE
from ..games import DEFAULT_GAME, declaration, game_names
from ..kernel.errors import RulesError
from ..kernel.extras import import_for_command
from ..study_command import (
    add_arm_sources,
    add_backend_options,
    add_out_options,
    backend_keywords,
    say_stopped,
)

STUDY_EXTRA_MODULES = {"numpy", "scipy", "matplotlib", "tqdm"}


class DivergeUnavailable(RulesError):
    """The ``[study]`` extra is not installed."""


def add_parser(commands: Any) -> None:
    """Add the ``diverge`` sub-command to the ``fresco-rules`` sub-parsers."""
    names = game_names()
    made = commands.add_parser(
        "diverge",
        help="find where two interpretations of a game first part, over many seeded games",
        description="Play both arms in lock-step (same seed, arm A's chance outcomes fed to "
        "arm B, the same player decisions) and stop each game at the first position where they "
        "disagree: the draws, the end, the legal actions, the seat to move, the scores or "
        "another part of the state. Reports how often games part per player kind (95 % Wilson "
        "interval) and keeps the shortest witness of each kind as two replayable records.",
        epilog=f"{TABLE}\ndiverge: 0 the search ran (whether or not the arms part); 2 also a "
        "bad option or arm, or an --out that is taken (see --force); 130 interrupted (with "
        "--out DIR, the same command resumes).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    made.add_argument(
        "--game", default=DEFAULT_GAME, help=f"one of {', '.join(names)} (default: {DEFAULT_GAME})"
    )
    made.add_argument("--players", type=int, help="number of players (default: the game's)")
    made.add_argument(
        "--arm",
        action="append",
        required=True,
        metavar="OPTION=VALUE[,OPTION=VALUE...]",
        help="a configuration; give one (compared with the defaults) or two; 'default' for the "
        "spec's defaults; also modules=4+5 and components=FILE",
    )
    made.add_argument("--games", type=int, default=100, help="games per player kind (default 100)")
    made.add_argument("--seed", type=int, default=0, help="the search's seed (default 0)")
    made.add_argument(
        "--player",
        action="append",
        metavar="PLAYER",
        help="how the seats play: random, greedy, heuristic, search:N, mcts, or one per seat "
        "(search:20,heuristic); repeat for several kinds (default: random and greedy)",
    )
    add_arm_sources(made, arms="both arms")
    add_backend_options(made, ray_help="an existing Ray cluster")
    add_out_options(made, writes="witnesses/, summary.json and report.html", run="search")
    made.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO) -> int:
    plan_module, search, stats = import_for_command(
        ["fresco_rules.diverge.plan", "fresco_rules.diverge.search", "fresco_rules.diverge.stats"],
        command="fresco-rules diverge",
        extra="study",
        provides=STUDY_EXTRA_MODULES,
        error=DivergeUnavailable,
    )
    game = declaration(args.game)
    if len(args.arm) > 2:
        raise plan_module.StudyError("diverge compares two arms: give --arm once or twice")
    texts = ["default", *args.arm] if len(args.arm) == 1 else list(args.arm)
    arms = tuple(import_module("fresco_rules.study.spec").parse_arm(text) for text in texts)
    plan = plan_module.Plan(
        game=args.game,
        players=game.default_players if args.players is None else args.players,
        arms=arms,
        games=args.games,
        seed=args.seed,
        player_kinds=tuple(dict.fromkeys(args.player or plan_module.DEFAULT_PLAYERS)),
        modules=args.modules,
        components=args.components,
    )
    try:
        summary, _ = search.diverge(
            plan, **backend_keywords(args), force=args.force, progress=not args.quiet
        )
    except KeyboardInterrupt:
        say_stopped("diverge", args.out, "search")
        return 130
    labels = [arm["label"] for arm in summary["search"]["arms"]]
    print(
        f"{game.title}, {plan.players} players: {labels[1]} (arm B) against {labels[0]} (arm A), "
        f"{plan.games} games per player kind (seed {plan.seed})",
        file=out,
    )
    for line in stats.player_lines(summary):
        print(line, file=out)
    for kind, witness in summary["witnesses"].items():
        print(f"shortest {kind} witness (seed {witness['seed']}, {witness['player']}):", file=out)
        print(f"  {witness['description']}", file=out)
    if args.out:
        print(f"written to {args.out}: summary.json, report.html, witnesses/", file=out)
    return 0
