"""The ``fresco-rules`` command line: play seeded games, check recorded games against the rules,
show a position, look up rules and edit component data.

Exit codes: 0 success; 1 a recorded game holds an illegal step (``replay``) or a data file has
problems (``data check``); 2 the input itself is malformed or a usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from importlib import import_module
from pathlib import Path
from typing import Any, TextIO

import attrs

from . import __version__
from .conform import cli as conform_cli
from .kernel.catalogue import load_catalogue
from .kernel.errors import InvalidData, RulesError
from .kernel.matrix import scan_tests
from .kernel.play import random_playout
from .kernel.protocol import GameRules
from .kernel.records import InvalidRecord, ReplayError, parse_record, replay
from .kernel.registry import implementations
from .study_command import add_study_command

GAMES = ("fresco", "barbarossa", "carcassonne")


@attrs.frozen
class Frontend:
    """What the command line uses of one game package."""

    name: str
    package: Any
    render: Any

    @property
    def title(self) -> str:
        return self.name.title()

    @property
    def option_types(self) -> dict[str, Any]:
        types: dict[str, Any] = import_module(f"{self.package.__name__}.config").OPTION_TYPES
        return types


def frontend(name: str) -> Frontend:
    if name not in GAMES:
        raise UsageError(f"unknown game {name!r}; known: {', '.join(GAMES)}")
    package = import_module(f"fresco_rules.{name}")
    return Frontend(name, package, import_module(f"fresco_rules.{name}.render"))


class UsageError(Exception):
    """A bad command line (exit code 2)."""


def _components(front: Frontend, path: str | None) -> tuple[Any, ...]:
    return () if path is None else (front.package.load_components(path),)


def _game(front: Frontend, components: tuple[Any, ...]) -> GameRules[Any, Any]:
    game: GameRules[Any, Any] = front.package.GAME
    if components:
        return attrs.evolve(game, codec=front.package.make_codec(components))
    return game


def _config(front: Frontend, args: argparse.Namespace, components: tuple[Any, ...]) -> Any:
    chosen: dict[str, Any] = {}
    option_types = front.option_types
    for text in args.option:
        name, _, value = text.partition("=")
        kind = option_types.get(name)
        if kind is None:
            raise UsageError(f"unknown option {name!r}; known: {', '.join(option_types)}")
        try:
            chosen[name] = kind(value)
        except ValueError:
            values = ", ".join(member.value for member in kind)
            raise UsageError(f"option {name} takes one of: {values}") from None
    if components:
        chosen["components"] = components[0]
    if args.modules:
        parse = getattr(front.package, "parse_modules", None)
        if parse is None:
            raise UsageError(f"{front.title} has no expansion modules")
        try:
            chosen["modules"] = parse(args.modules)
        except ValueError as exc:
            raise UsageError(f"--modules: {exc}") from None
    config: Any = front.package.GameConfig(players=args.players, **chosen)
    return config


def _log_step(front: Frontend, out: TextIO) -> Any:
    describe, events = front.render.describe, front.render.events

    def log(before: Any, action: Any, after: Any) -> None:
        prefix = f"r{before.round} " if hasattr(before, "round") else ""
        print(f"{prefix}{describe(before, action)}", file=out)
        for line in events(before, after):
            print(line, file=out)

    return log


def _print_result(front: Frontend, final: Any, out: TextIO) -> None:
    points = front.package.scores(final)
    print("final scores: " + ", ".join(f"seat {s}: {p}" for s, p in enumerate(points)), file=out)
    leonardo = getattr(front.package, "leonardo_score", None)
    if leonardo is not None and leonardo(final) is not None:
        print(f"Leonardo: {leonardo(final)} (cannot win)", file=out)
    if front.package.is_over(final):
        print("winner: " + ", ".join(f"seat {s}" for s in front.package.winners(final)), file=out)


def _play_one(name: str, config: Any, seed: int) -> tuple[int, tuple[int, ...], int, int]:
    """(seed, scores, steps, rounds) of one quiet game; a top-level function for workers."""
    game: GameRules[Any, Any] = frontend(name).package.GAME
    playout = random_playout(game, config, seed)
    rounds = getattr(playout.final, "round", 0)
    return seed, game.scores(playout.final), len(playout.steps), rounds


def _play_many(front: Frontend, args: argparse.Namespace, config: Any, out: TextIO) -> int:
    seeds = range(args.seed, args.seed + args.games)
    results: list[tuple[int, tuple[int, ...], int, int]] = []
    err = sys.stderr

    def progress() -> None:
        done = len(results)
        if done == args.games or done % max(1, args.games // 100) == 0:
            print(f"\r{done}/{args.games} games", end="", file=err, flush=True)

    if args.jobs > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            names = [front.name] * len(seeds)
            for result in pool.map(_play_one, names, [config] * len(seeds), seeds, chunksize=8):
                results.append(result)
                progress()
    else:
        for seed in seeds:
            results.append(_play_one(front.name, config, seed))
            progress()
    print(file=err)
    players = config.players
    print(
        f"{len(results)} {front.title} games, {players} players, "
        f"seeds {seeds.start}-{seeds.stop - 1}",
        file=out,
    )
    steps = [r[2] for r in results]
    rounds = [r[3] for r in results]
    length = f"steps mean {sum(steps) / len(steps):.1f} (min {min(steps)}, max {max(steps)})"
    if any(rounds):
        length += (
            f"; rounds mean {sum(rounds) / len(rounds):.1f} (min {min(rounds)}, max {max(rounds)})"
        )
    print(f"game length: {length}", file=out)
    for seat in range(players):
        points = [r[1][seat] for r in results]
        wins = sum(1 for r in results if r[1][seat] == max(r[1]))
        print(
            f"seat {seat}: mean {sum(points) / len(points):.1f}, min {min(points)}, "
            f"max {max(points)}, wins (ties included) {wins}",
            file=out,
        )
    return 0


def cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    front = frontend(args.game)
    components = _components(front, args.components)
    config = _config(front, args, components)
    if args.games < 1 or args.jobs < 1:
        raise UsageError("--games and --jobs take a whole number from 1")
    if args.games > 1:
        if args.record:
            raise UsageError("--record writes one game: leave out --games")
        return _play_many(front, args, config, out)
    game = _game(front, components)
    board = front.render.board
    if not args.quiet:
        first = game.new_game(config, args.seed)
        print(f"{front.title}, {args.players} players, seed {args.seed}", file=out)
        print(board(first), file=out)
    on_step = None if args.quiet else _log_step(front, out)
    playout = random_playout(game, config, args.seed, on_step=on_step)
    final = playout.final
    print(board(final), file=out)
    rounds = f", rounds: {final.round}" if hasattr(final, "round") else ""
    print(f"steps: {len(playout.steps)}{rounds}", file=out)
    _print_result(front, final, out)
    if args.record:
        record = front.package.record_game(config, args.seed, playout.steps, final)
        Path(args.record).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        print(f"record written to {args.record}", file=out)
    return 0


def _record_frontend(record: dict[str, Any]) -> Frontend:
    name = record.get("game")
    if name not in GAMES:
        raise InvalidRecord(f"unknown game {name!r}; known: {', '.join(GAMES)}", path="$.game")
    return frontend(str(name))


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    record = parse_record(Path(args.file))
    front = _record_frontend(record)
    game = _game(front, _components(front, args.components))
    try:
        final = replay(game, record, on_step=None if args.quiet else _log_step(front, out))
    except ReplayError as exc:
        where = "after the last step" if exc.step is None else f"step {exc.step}"
        print(f"illegal {where}: seat {exc.seat}, action {json.dumps(exc.action)}", file=out)
        print(f"rule {exc.rule}: {exc.reason}", file=out)
        return 1
    steps = len(record["steps"])
    state = "game over" if game.is_over(final) else "game not over"
    print(f"valid: {steps} steps, {state}", file=out)
    _print_result(front, final, out)
    return 0


def cmd_show(args: argparse.Namespace, out: TextIO) -> int:
    record = parse_record(Path(args.file))
    front = _record_frontend(record)
    game = _game(front, _components(front, args.components))
    total = len(record.get("steps", [])) if isinstance(record.get("steps"), list) else 0
    step = total if args.step is None else args.step
    if not 0 <= step <= total:
        raise UsageError(f"--step takes 0 to {total} for this record")
    try:
        state = replay(game, record, stop_after=step)
    except ReplayError as exc:
        print(f"the record is illegal before step {step}: {exc}", file=out)
        return 1
    print(f"after step {step} of {total}:", file=out)
    print(getattr(front.render, "full_view", front.render.board)(state), file=out)
    return 0


def cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    front = frontend(args.game)
    pattern = getattr(front.package, "RULE_ID", None)
    catalogue = (
        load_catalogue(front.package.__name__, "data/rules.toml", id_pattern=pattern)
        if pattern is not None
        else load_catalogue(front.package.__name__, "data/rules.toml")
    )
    if args.id is None:
        for listed in catalogue:
            print(f"{listed.id:<7} {listed.summary}", file=out)
        return 0
    entry = next((e for e in catalogue if e.id.lower() == args.id.lower()), None)
    if entry is None:
        raise UsageError(f"no rule {args.id!r}; `fresco-rules rules` lists them")
    print(f"{entry.id}  ({entry.section})", file=out)
    if entry.title:
        print(entry.title, file=out)
    print(entry.text, file=out)
    functions = implementations().get(entry.id, ())
    print("implemented by: " + (", ".join(functions) or "-"), file=out)
    tests_dir = Path(__file__).resolve().parents[2] / "tests"
    if tests_dir.is_dir():
        tests = [
            t.nodeid
            for t in scan_tests(tests_dir, tests_dir.parent)
            if entry.id in t.rule_ids or entry.id in t.inherited
        ]
        print("tested by:\n  " + ("\n  ".join(tests) or "-"), file=out)
    else:
        print("tested by: see docs/rules-matrix.md in the source tree", file=out)
    return 0


def cmd_data(args: argparse.Namespace, out: TextIO) -> int:
    front = frontend(args.game)
    if args.action == "template":
        out.write(import_module(f"{front.package.__name__}.data").template_text())
        return 0
    if args.file is None:
        raise UsageError("data check needs a file")
    try:
        data = front.package.load_components(args.file)
    except InvalidData as exc:
        source, _, details = str(exc).partition(": ")
        print(f"{source}: not valid component data", file=out)
        for problem in details.split("; "):
            print(f"  {problem}", file=out)
        return 1
    provisional = data.provisional()
    print(
        f"{args.file}: valid component data {data.name!r} v{data.version} "
        f"(digest {data.digest}); {len(provisional)} rows still provisional",
        file=out,
    )
    for path in provisional:
        print(f"  provisional: {path}", file=out)
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="fresco-rules", description=__doc__.splitlines()[0])
    top.add_argument("--version", action="version", version=f"fresco_rules {__version__}")
    commands = top.add_subparsers(dest="command", required=True)

    play = commands.add_parser("play", help="play seeded random games and print their log")
    play.add_argument("--game", default="fresco", choices=GAMES)
    play.add_argument(
        "--players", type=int, default=4, choices=(2, 3, 4, 5), help="5: Carcassonne only"
    )
    play.add_argument(
        "--modules",
        default="",
        metavar="4,5,6",
        help="Fresco expansion modules: 4 Wishing Well, 5 Leaf Gold, 6 Glaziers",
    )
    play.add_argument("--seed", type=int, default=0)
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an interpretation option, e.g. market_refill=redraw_all",
    )
    play.add_argument("--components", metavar="FILE", help="component data (TOML)")
    play.add_argument("--record", metavar="FILE", help="write the game record (JSON)")
    play.add_argument("--quiet", action="store_true", help="print only the final board")
    play.add_argument("--games", type=int, default=1, help="play N games, print a summary")
    play.add_argument("--jobs", type=int, default=1, help="worker processes for --games")
    play.set_defaults(run=cmd_play)

    rep = commands.add_parser("replay", help="check a game record against the rules")
    rep.add_argument("file")
    rep.add_argument("--quiet", action="store_true", help="print only the verdict")
    rep.add_argument("--components", metavar="FILE", help="component data the record names")
    rep.set_defaults(run=cmd_replay)

    show = commands.add_parser("show", help="show the position after a step of a record")
    show.add_argument("file")
    show.add_argument("--step", type=int, help="steps to replay (default: all)")
    show.add_argument("--components", metavar="FILE", help="component data the record names")
    show.set_defaults(run=cmd_show)

    rules = commands.add_parser("rules", help="list the rules, or show one with its code/tests")
    rules.add_argument("id", nargs="?")
    rules.add_argument("--game", default="fresco", choices=GAMES)
    rules.set_defaults(run=cmd_rules)

    data = commands.add_parser("data", help="component data: print a template or check a file")
    data.add_argument("action", choices=("template", "check"))
    data.add_argument("file", nargs="?")
    data.add_argument("--game", default="fresco", choices=GAMES)
    data.set_defaults(run=cmd_data)

    add_study_command(commands)
    conform_cli.add_parser(commands)
    return top


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    args = parser().parse_args(argv)
    stream = out if out is not None else sys.stdout
    try:
        code: int = args.run(args, stream)
    except UsageError as exc:
        print(f"fresco-rules: {exc}", file=sys.stderr)
        return 2
    except InvalidRecord as exc:
        print(f"malformed record: {exc}", file=stream)
        return 2
    except RulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stderr.close()
        return 0
    return code


if __name__ == "__main__":
    raise SystemExit(main())
