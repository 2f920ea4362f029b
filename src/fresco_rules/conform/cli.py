"""``fresco-rules conform``: the conformance harness on the command line.

Exit codes as for ``replay``: 0 every game agreed, 1 a divergence (reported), 2 the engine broke
the protocol (or ran out of time) or the command line is wrong.
"""

from __future__ import annotations

import argparse
import io
import math
import shlex
import sys
import time
from importlib import import_module
from typing import Any, TextIO

from ..adapters.core import AdapterError
from ..adapters.games import modules_help
from ..exit_codes import TABLE
from ..games import DEFAULT_GAME, game_names
from ..kernel.untrusted import describe
from .engine import (
    DeadlinePassed,
    Engine,
    EngineError,
    ProcessEngine,
    ReferenceEngine,
    serve,
)
from .harness import conform, raised

TIMEOUT = 60.0
"""Default seconds for one reply (the request's writing included)."""
DEADLINE = 3600.0
"""Default seconds for the whole run."""


def add_parser(commands: Any) -> None:
    """Add the ``conform`` command to the ``fresco-rules`` sub-command parser."""
    sub = commands.add_parser(
        "conform",
        help="check another engine against this library, game by game",
        description="check another engine against this library, game by game",
        epilog=f"{TABLE}\nconform: 0 every game agreed; 1 a divergence (reported on stdout); 2 "
        "the engine broke the protocol (a malformed or over-long reply, no reply within "
        "--timeout, the run past --deadline: the engine's process group is killed). Engine "
        "text is quoted.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub.add_argument("--game", default=DEFAULT_GAME, choices=game_names(), help="the game to check")
    sub.add_argument("--engine", metavar="COMMAND", help='e.g. "python my_engine.py"')
    sub.add_argument(
        "--python", metavar="MODULE:FACTORY", help="an in-process engine: module and factory"
    )
    sub.add_argument("--games", type=int, default=100, help="games to play (default: 100)")
    sub.add_argument("--seed", type=int, default=0, help="seed of the first game (default: 0)")
    sub.add_argument("--players", type=int, help="number of players (default: the game's default)")
    sub.add_argument("--modules", default="", metavar="4,6", help=modules_help())
    sub.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="an option"
    )
    sub.add_argument(
        "--timeout",
        type=float,
        default=TIMEOUT,
        metavar="SECONDS",
        help=f"the longest wait for one reply, writing the request included (default: {TIMEOUT:g})",
    )
    sub.add_argument(
        "--deadline",
        type=float,
        default=DEADLINE,
        metavar="SECONDS",
        help="the longest the whole run may take; a call into a --python engine is not "
        f"interrupted, the next one is refused (default: {DEADLINE:g})",
    )
    sub.add_argument("--quiet", action="store_true", help="no progress on stderr")
    sub.add_argument(
        "--serve", action="store_true", help="be the reference engine on stdin/stdout instead"
    )
    sub.set_defaults(run=run)


def _engine(args: argparse.Namespace, deadline: float) -> Engine:
    if args.python:
        return _python_engine(str(args.python))
    if not args.engine:
        raise EngineError("give --engine COMMAND or --python MODULE:FACTORY")
    try:
        command = shlex.split(args.engine)
    except ValueError as exc:
        raise EngineError(f"cannot split --engine {describe(args.engine)}: {exc}") from None
    if not command:
        raise EngineError("--engine is an empty command")
    return ProcessEngine(command, timeout=args.timeout, deadline=deadline)


def _python_engine(text: str) -> Engine:
    """The engine a ``--python`` factory makes; the module and the factory are hostile code."""
    module_name, _, name = text.partition(":")
    name = name or "engine"
    try:
        module = import_module(module_name)
    except (Exception, SystemExit) as exc:
        raise EngineError(f"cannot load {describe(module_name)}: {raised(exc)}") from None
    try:
        factory = getattr(module, name, None)
        if factory is None:
            raise EngineError(f"{describe(module_name)} has no factory {describe(name)}")
        if not callable(factory):
            raise EngineError(f"{describe(text)} is not callable")
        engine = factory()
        fits = all(callable(getattr(engine, method, None)) for method in _METHODS)
    except EngineError:
        raise
    except (Exception, SystemExit) as exc:
        raise EngineError(f"the factory {describe(text)} raised {raised(exc)}") from None
    if not fits:
        raise EngineError(
            f"the factory {describe(text)} returned {describe(engine)}, not an engine "
            f"(methods {', '.join(_METHODS)})"
        )
    result: Engine = engine
    return result


_METHODS = ("new_game", "legal_actions", "apply", "scores", "close")


def _close(engine: Engine) -> str | None:
    """Close the engine; what went wrong, if anything."""
    try:
        engine.close()
    except (Exception, SystemExit) as exc:
        return f"the engine's close raised {raised(exc)}"
    return None


def _problem(args: argparse.Namespace) -> str | None:
    """What is wrong with the command line, if anything."""
    if args.engine is not None and args.python is not None:
        return "give --engine COMMAND or --python MODULE:FACTORY, not both"
    if args.serve and (args.engine is not None or args.python is not None):
        return "--serve is our engine behind the protocol: it takes no --engine or --python"
    for option, value in (("--timeout", args.timeout), ("--deadline", args.deadline)):
        if not (math.isfinite(value) and value > 0):
            return f"{option} must be a positive number of seconds, not {value:g}"
    if args.games < 1:
        return "--games must be at least 1"
    return None


def _fail(message: str) -> int:
    """A usage or protocol error, in the format of every ``fresco-rules`` error (exit code 2)."""
    print(f"fresco-rules: error: conform: {message}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace, out: TextIO) -> int:
    problem = _problem(args)
    if problem is not None:
        return _fail(problem)
    if args.serve:
        # bytes that are not UTF-8 reach serve as surrogates, which it refuses line by line
        source = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="surrogateescape")
        return serve(ReferenceEngine(), source)
    params: dict[str, Any] = {}
    if args.players is not None:
        params["players"] = args.players
    if args.modules:
        params["modules"] = args.modules
    for text in args.option:
        name, _, value = text.partition("=")
        params[name] = value

    def progress(done: int, total: int, steps: int) -> None:
        if not args.quiet and (done % 10 == 0 or done == total):
            print(f"conform: {done}/{total} games agree ({steps} steps)", file=sys.stderr)

    deadline = time.monotonic() + args.deadline
    try:
        engine = _engine(args, deadline)
    except EngineError as exc:
        return _fail(str(exc))
    try:
        report = conform(
            args.game,
            engine,
            games=args.games,
            seed=args.seed,
            params=params,
            progress=progress,
            deadline=deadline,
        )
    except DeadlinePassed as exc:
        return _fail(f"the run took longer than --deadline {args.deadline:g} s: {exc}")
    except (EngineError, AdapterError) as exc:
        return _fail(str(exc))
    finally:
        closing = _close(engine)
    if closing is not None:
        return _fail(closing)
    if report.divergence is not None:
        print(report.divergence.report(), file=out)
        return 1
    print(f"conformant: {report.games} games, {report.steps} steps agree", file=out)
    return 0
