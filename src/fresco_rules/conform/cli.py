"""``fresco-rules conform``: the conformance harness on the command line.

Exit codes as for ``replay``: 0 every game agreed, 1 a divergence (reported), 2 the engine broke
the protocol or the command line is wrong.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from importlib import import_module
from typing import Any, TextIO

from ..adapters.core import AdapterError
from ..adapters.games import SPECS
from .engine import Engine, EngineError, ProcessEngine, ReferenceEngine, serve
from .harness import conform


def add_parser(commands: Any) -> None:
    """Add the ``conform`` command to the ``fresco-rules`` sub-command parser."""
    sub = commands.add_parser(
        "conform",
        help="check another engine against this library, game by game",
        description="check another engine against this library, game by game",
        epilog="exit codes as for replay: 0 every game agreed; 1 a divergence (reported on "
        "stdout); 2 the engine broke the protocol, or a bad command line. Errors are one line "
        'on stderr: "fresco-rules: error: ...".',
    )
    sub.add_argument(
        "--game", default="fresco", choices=tuple(SPECS), help="the game to check"
    )
    sub.add_argument("--engine", metavar="COMMAND", help='e.g. "python my_engine.py"')
    sub.add_argument(
        "--python", metavar="MODULE:FACTORY", help="an in-process engine: module and factory"
    )
    sub.add_argument("--games", type=int, default=100, help="games to play (default: 100)")
    sub.add_argument("--seed", type=int, default=0, help="seed of the first game (default: 0)")
    sub.add_argument("--players", type=int, help="number of players (default: the game's default)")
    sub.add_argument("--modules", default="", metavar="4,6", help="Fresco expansion modules")
    sub.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="an option"
    )
    sub.add_argument("--quiet", action="store_true", help="no progress on stderr")
    sub.add_argument(
        "--serve", action="store_true", help="be the reference engine on stdin/stdout instead"
    )
    sub.set_defaults(run=run)


def _engine(args: argparse.Namespace) -> Engine:
    if args.python:
        module, _, name = str(args.python).partition(":")
        try:
            factory = getattr(import_module(module), name or "engine")
        except (ImportError, AttributeError) as exc:
            raise EngineError(f"cannot load {args.python}: {exc}") from None
        engine: Engine = factory()
        return engine
    if not args.engine:
        raise EngineError("give --engine COMMAND or --python MODULE:FACTORY")
    return ProcessEngine(shlex.split(args.engine))


def _fail(message: str) -> int:
    """A usage or protocol error, in the format of every ``fresco-rules`` error (exit code 2)."""
    print(f"fresco-rules: error: conform: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace, out: TextIO) -> int:
    if args.serve:
        return serve(ReferenceEngine())
    params: dict[str, Any] = {}
    if args.players is not None:
        params["players"] = args.players
    if args.modules:
        params["modules"] = args.modules
    for text in args.option:
        name, _, value = text.partition("=")
        params[name] = value
    if args.games < 1:
        return _fail("--games must be at least 1")

    def progress(done: int, total: int, steps: int) -> None:
        if not args.quiet and (done % 10 == 0 or done == total):
            print(f"conform: {done}/{total} games agree ({steps} steps)", file=sys.stderr)

    try:
        engine = _engine(args)
    except EngineError as exc:
        return _fail(str(exc))
    try:
        report = conform(
            args.game, engine, games=args.games, seed=args.seed, params=params, progress=progress
        )
    except (EngineError, AdapterError) as exc:
        return _fail(str(exc))
    finally:
        engine.close()
    if report.divergence is not None:
        print(report.divergence.report(), file=out)
        return 1
    print(f"conformant: {report.games} games, {report.steps} steps agree", file=out)
    return 0
