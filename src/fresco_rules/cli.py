"""fresco-rules: play seeded games, play one move at a time from the shell, check recorded
games against the rules, show a position, look up rules and edit component data.

Exit codes (``exit_codes.TABLE``, printed by every ``--help``): 0 success; 1 the rules refuse
what the command checks (an illegal move, a record with an illegal step, data with problems); 2
malformed or unreadable input, a file that cannot be written (not a regular file, too large,
already there without --force) or a bad command line; 3 move text that is not notation. Every
error is one line on stderr: "fresco-rules: error: ...".

Files are written whole or not at all (a temporary file in the same folder, then a rename), and
``move`` holds a lock on the record's folder while it reads, checks and rewrites the record, so
two moves on one record at once are played one after the other, never lost.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import secrets
import sys
import typing
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, NoReturn, TextIO

import attrs
import cattrs

from ._version import __version__
from .adapters.games import modules_help
from .board.command import add_html_option, add_serve_command, write_html
from .conform import cli as conform_cli
from .diverge import command as diverge_command
from .exit_codes import MALFORMED, NOT_NOTATION, REFUSED, TABLE
from .games import DEFAULT_GAME, GameUnavailable, declaration, game_names, record_declaration
from .kernel.codec import read_toml_file
from .kernel.declaration import GameDeclaration
from .kernel.errors import IllegalAction, InvalidData, NotationError, RulesError
from .kernel.files import FileRefused, folder_lock, write_atomic
from .kernel.matrix import scan_tests
from .kernel.options import to_enum
from .kernel.play import random_playout
from .kernel.protocol import GameRules
from .kernel.records import InvalidRecord, ReplayError, parse_record, replay
from .kernel.registry import implementations
from .kernel.untrusted import describe
from .study_command import add_study_command
from .tournament import command as tournament_command

EPILOG = TABLE

GAMES = game_names()


def _loaded() -> tuple[GameDeclaration, ...]:
    """The declaration of every game that loads (a broken third-party game is refused by name
    only when a command asks for it)."""
    found = []
    for name in GAMES:
        try:
            found.append(declaration(name))
        except GameUnavailable:
            continue
    return tuple(found)


_PLAYERS = tuple(sorted({count for game in _loaded() for count in game.players}))
"""Every number of players some game takes (each game's own counts are checked by its config)."""


class UsageError(Exception):
    """A bad command line (exit code 2)."""


class NotNotation(Exception):
    """Move text that names no action (exit code 3, one error line)."""


class Refused(Exception):
    """The rules refuse what the command checks: an illegal move, a record's illegal step
    (exit code 1, one error line)."""


def write_json(path: str, document: Any, *, overwrite: bool, what: str = "record") -> None:
    """Write a record (or another JSON document) whole or not at all; an existing file is
    replaced only with ``overwrite`` (``FileRefused`` otherwise)."""
    write_atomic(path, json.dumps(document, indent=1) + "\n", overwrite=overwrite, what=what)


def _refuse_existing(path: str | None, force: bool, what: str) -> None:
    """Refuse before any work when ``path`` is there and ``--force`` is not given, or is no
    regular file (the write itself checks again: the file may appear meanwhile)."""
    if path is None or not Path(path).exists():
        return
    if not Path(path).is_file():
        raise FileRefused(f"{what} {path} is not a regular file")
    if not force:
        raise FileRefused(f"{what} {path} already exists (--force replaces it)")


def _components(front: GameDeclaration, path: str | None) -> tuple[Any, ...]:
    return () if path is None else (front.components.load(path),)


def _game(front: GameDeclaration, components: tuple[Any, ...]) -> GameRules[Any, Any]:
    if components:
        return attrs.evolve(front.rules, codec=front.make_codec(components))
    return front.rules


_NOT_OPTIONS = ("players", "modules", "components")
_STRUCTURE = cattrs.Converter()


def _type_name(kind: Any) -> str:
    """``int`` or ``tuple[EventKind, ...] | None``: a field's type without module paths."""
    text = kind.__name__ if isinstance(kind, type) else str(kind)
    return re.sub(r"\b(?:\w+\.)+(\w+)", r"\1", text)


def _option(front: GameDeclaration, text: str) -> tuple[str, Any]:
    """``NAME=VALUE`` as a config field: an enum by value, numbers, ``3,3,3,4`` for a tuple of
    numbers, JSON for the structured options (``hostel_table``, ``window_segments``, ...)."""
    name, _, value = text.partition("=")
    config_class: Any = front.config_type
    # get_type_hints, not attrs.resolve_types: that rewrites the class's field types in place
    hints = typing.get_type_hints(config_class)
    fields = {f.name: f for f in attrs.fields(config_class) if f.name not in _NOT_OPTIONS}
    field = fields.get(name)
    if field is None:
        raise UsageError(f"unknown option {name!r}; known: {', '.join(fields)}")
    kind = front.option_types.get(name)
    if field.converter is not None and not value.lstrip().startswith(("[", "{")):
        return name, value  # the config's converter reads the text and names the rule
    if kind is not None:
        return name, to_enum(kind, name, "--option", front.invalid_config, value)
    try:
        data = json.loads(value)
    except json.JSONDecodeError:
        data = value
    try:
        return name, _STRUCTURE.structure(data, hints[name])
    except (cattrs.BaseValidationError, TypeError, ValueError):
        raise UsageError(
            f"--option {name}: {value[:80]!r} does not read as {_type_name(hints[name])}; "
            "structured values are JSON"
        ) from None


def _config(front: GameDeclaration, args: argparse.Namespace, components: tuple[Any, ...]) -> Any:
    chosen: dict[str, Any] = dict(_option(front, text) for text in args.option)
    if components:
        chosen["components"] = components[0]
    if args.modules:
        parse = front.parse_modules
        if parse is None:
            raise UsageError(f"{front.title} has no expansion modules")
        try:
            chosen["modules"] = parse(args.modules)
        except ValueError as exc:
            raise UsageError(f"--modules: {exc}") from None
    if args.players is None:
        args.players = front.default_players
    config: Any = front.config_type(players=args.players, **chosen)
    return config


def _score_sheet(front: GameDeclaration) -> Any:
    new_sheet = front.board.score_sheet
    return new_sheet() if new_sheet is not None else None


def _log_step(front: GameDeclaration, out: TextIO, sheet: Any = None) -> Any:
    """A logger of steps; ``sheet`` is a score sheet that already holds the earlier steps."""
    describe, events = front.rules.describe, front.board.events
    sheet = _score_sheet(front) if sheet is None else sheet

    def log(before: Any, action: Any, after: Any) -> None:
        prefix = f"r{before.round} " if hasattr(before, "round") else ""
        print(f"{prefix}{describe(before, action)}", file=out)
        for line in events(before, after):
            print(line, file=out)
        if sheet is not None:
            sheet.record(before, after)
            if front.rules.is_over(after):
                for line in sheet.lines(after):
                    print(line, file=out)

    return log


def _print_result(front: GameDeclaration, final: Any, out: TextIO) -> None:
    over = front.rules.is_over(final)
    points = front.rules.scores(final)
    label = "final scores" if over else "scores so far"
    print(f"{label}: " + ", ".join(f"seat {s}: {p}" for s, p in enumerate(points)), file=out)
    for line in front.board.result_notes(final):
        print(line, file=out)
    if over:
        print("winner: " + ", ".join(f"seat {s}" for s in front.winners(final)), file=out)


def _play_one(name: str, config: Any, seed: int) -> tuple[int, tuple[int, ...], int, int]:
    """(seed, scores, steps, rounds) of one quiet game; a top-level function for workers."""
    game = declaration(name).rules
    playout = random_playout(game, config, seed)
    rounds = getattr(playout.final, "round", 0)
    return seed, game.scores(playout.final), len(playout.steps), rounds


def _play_many(front: GameDeclaration, args: argparse.Namespace, config: Any, out: TextIO) -> int:
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


def _seed(args: argparse.Namespace, out: TextIO, game: GameRules[Any, Any], config: Any) -> int:
    """The seed given, or a fresh one, announced so the game can be played again; a config
    that cannot start a game is refused first (no seed is announced for a game never played)."""
    game.new_game(config, 0)  # any seed: the config's checks do not depend on it
    if args.seed is not None:
        seed: int = args.seed
        return seed
    seed = secrets.randbelow(2**31)
    print(f"seed {seed} (chosen at random; --seed {seed} plays this game again)", file=out)
    return seed


def cmd_play(args: argparse.Namespace, out: TextIO) -> int:
    front = declaration(args.game)
    components = _components(front, args.components)
    config = _config(front, args, components)
    _refuse_existing(args.record, args.force, "record")
    if args.games < 1 or args.jobs < 1:
        raise UsageError("--games and --jobs take a whole number from 1")
    if args.games > 1 and args.record:
        raise UsageError("--record writes one game: leave out --games")
    game = _game(front, components)
    args.seed = _seed(args, out, game, config)
    if args.games > 1:
        return _play_many(front, args, config, out)
    board = front.board.text
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
        record = front.record_game(config, args.seed, playout.steps, final)
        write_json(args.record, record, overwrite=args.force)
        print(f"record written to {args.record}", file=out)
    return 0


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    record = parse_record(Path(args.file))
    front = record_declaration(record)  # no game that loads: InvalidRecord
    game = _game(front, _components(front, args.components))
    try:
        final = replay(game, record, on_step=None if args.quiet else _log_step(front, out))
    except ReplayError as exc:
        if exc.setup:
            print("illegal set-up: the record's chance outcomes do not start the game", file=out)
        elif exc.step is None:
            print("illegal after the last step", file=out)
        else:
            seat = json.dumps(exc.seat)  # the record's own value (null when it says so)
            print(
                f"illegal step {exc.step}: seat {seat}, action {json.dumps(exc.action)}", file=out
            )
        print(f"rule {exc.rule}: {exc.reason}", file=out)
        return 1
    steps = len(record["steps"])
    state = "game over" if game.is_over(final) else "game not over"
    print(f"valid: {steps} steps, {state}", file=out)
    _print_result(front, final, out)
    return 0


def cmd_show(args: argparse.Namespace, out: TextIO) -> int:
    if args.html is not None or args.pair is not None:
        return write_html(args, out)
    _refuse_existing(args.svg, args.force, "picture")
    record = parse_record(Path(args.file))
    front = record_declaration(record)  # no game that loads: InvalidRecord
    game = _game(front, _components(front, args.components))
    total = len(record.get("steps", [])) if isinstance(record.get("steps"), list) else 0
    step = total if args.step is None else args.step
    if not 0 <= step <= total:
        raise UsageError(f"--step takes 0 to {total} for this record")
    try:
        state = replay(game, record, stop_after=step)
    except ReplayError as exc:
        raise Refused(f"the record is illegal before step {step}: {exc}") from None
    print(f"after step {step} of {total}:", file=out)
    print(front.board.view(state), file=out)
    if args.svg:
        write_atomic(args.svg, front.board.svg(state) + "\n", overwrite=args.force, what="picture")
        print(f"picture written to {args.svg}", file=out)
    return 0


def _load(
    args: argparse.Namespace,
) -> tuple[GameDeclaration, GameRules[Any, Any], dict[str, Any], Any]:
    """The game, codec, record and final state of the record in ``args.file``."""
    record = parse_record(Path(args.file))
    front = record_declaration(record)  # no game that loads: InvalidRecord
    game = _game(front, _components(front, args.components))
    try:
        state = replay(game, record)
    except ReplayError as exc:
        raise Refused(f"{args.file} is not a legal game: {exc}") from None
    return front, game, record, state


def _to_decide(front: GameDeclaration, game: GameRules[Any, Any], state: Any) -> str:
    if game.is_over(state):
        points = ", ".join(f"seat {s}: {p}" for s, p in enumerate(game.scores(state)))
        return f"the game is over: {points}"
    count = len(game.legal_actions(state))
    return f"seat {game.current_player(state)} to decide ({state.where()}): {count} legal moves"


def cmd_new(args: argparse.Namespace, out: TextIO) -> int:
    front = declaration(args.game)
    _refuse_existing(args.file, args.force, "record")
    components = _components(front, args.components)
    config = _config(front, args, components)
    game = _game(front, components)
    seed = _seed(args, out, game, config)
    state = game.new_game(config, seed)
    record = front.record_game(config, seed, [], state)
    write_json(args.file, record, overwrite=args.force)
    print(f"new {front.title} game, {args.players} players, seed {seed}: {args.file}", file=out)
    print(_to_decide(front, game, state), file=out)
    return 0


def cmd_legal(args: argparse.Namespace, out: TextIO) -> int:
    front, game, _, state = _load(args)
    print(_to_decide(front, game, state), file=out)
    for form in front.notation.legal_forms(state):
        print(f"  {form}", file=out)
    return 0


def cmd_move(args: argparse.Namespace, out: TextIO) -> int:
    # The lock serialises moves on one record: a second move reads the first one's result.
    # The log is printed once the record is written: a move that is not saved is not shown.
    # A record reached through a symbolic link is locked and replaced where it really is.
    target = os.path.realpath(args.file)
    log = io.StringIO()
    with folder_lock(target, what="record"):
        code = _move(args, target, log)
    out.write(log.getvalue())
    return code


def _move(args: argparse.Namespace, target: str, out: TextIO) -> int:
    front, game, record, replayed = _load(args)
    # Play on: chance the record does not hold yet comes from the record's seed.
    state = attrs.evolve(replayed, chance=attrs.evolve(replayed.chance, scripted_only=False))
    text = " ".join(args.text)
    try:
        action = front.notation.parse(state, text)
    except IllegalAction as exc:
        raise Refused(f"illegal move {describe(text)}: rule {exc.rule}: {exc.reason}") from None
    except NotationError as exc:
        raise NotNotation(f"not a move: {exc.reason}") from None
    codec = game.codec
    assert codec is not None
    seat = codec.seat_to_move(state)
    after = game.apply(state, action)
    sheet = _score_sheet(front)
    if sheet is not None and game.is_over(after):  # the sheet adds up the whole game
        replay(game, record, on_step=lambda before, _, now: sheet.record(before, now))
    _log_step(front, out, sheet)(state, action, after)
    drawn = [list(outcome) for outcome in codec.chance_log(after)]
    record["chance"] = drawn + record["chance"][len(drawn) :]
    record["steps"].append({"seat": seat, "action": codec.action_to_json(action)})
    record.pop("result", None)
    if game.is_over(after):
        record["result"] = {"scores": list(game.scores(after))}
    write_json(target, record, overwrite=True)
    print(_to_decide(front, game, after), file=out)
    return 0


def cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    if args.id is None:
        for listed in declaration(args.game or DEFAULT_GAME).catalogue():
            print(f"{listed.id:<7} {listed.summary}", file=out)
        return 0
    searched = (declaration(args.game),) if args.game else _loaded()
    found = [
        (game.name, entry)
        for game in searched
        for entry in game.catalogue()
        if entry.id.lower() == args.id.lower()
    ]
    if not found:
        where = args.game or f"{', '.join(GAMES[:-1])} or {GAMES[-1]}"
        raise UsageError(f"no rule {args.id!r} in {where}; 'fresco-rules rules' lists them")
    _, entry = found[0]
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


def _data_game(raw: object) -> str:
    """The game whose component data has the most of the top-level tables of ``raw`` (a file
    names no game, but each game's tables are its own: ``money`` is Fresco's, ``base``
    Carcassonne's), else the default game."""
    keys = {key for key in raw if type(key) is str} if isinstance(raw, dict) else set()
    shared = {
        game.name: len(keys & {f.name for f in attrs.fields(type(game.components.default()))})
        for game in _loaded()
    }
    best = max(shared.values(), default=0)
    found = [name for name, count in shared.items() if count == best]
    return found[0] if best > 0 and len(found) == 1 else DEFAULT_GAME


def cmd_data(args: argparse.Namespace, out: TextIO) -> int:
    if args.action == "template":
        out.write(declaration(args.game or DEFAULT_GAME).components.template_text())
        return 0
    if args.file is None:
        raise UsageError("data check needs a file")
    try:
        raw = read_toml_file(args.file)
        front = declaration(args.game or _data_game(raw))
        data = front.components.from_mapping(raw, source=str(Path(args.file)))
    except FileRefused:
        raise  # no data file at all (missing, a pipe, too large): one error line, exit code 2
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


class _Parser(argparse.ArgumentParser):
    """argparse with the one error line of every other failure (exit code 2)."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.removeprefix("fresco-rules").strip()
        where = f"{command}: " if command else ""
        raise SystemExit(_fail(f"{where}{message} (see: {self.prog} --help)"))


def _fail(message: str, code: int = MALFORMED) -> int:
    one_line = message.replace("\r", "\\r").replace("\n", "\\n")  # e.g. a file name's
    print(f"fresco-rules: error: {one_line}", file=sys.stderr)
    return code


def _counts(players: tuple[int, ...]) -> str:
    """``2-5``, or ``2, 4`` when the counts have a gap."""
    if players == tuple(range(players[0], players[-1] + 1)):
        return f"{players[0]}-{players[-1]}"
    return ", ".join(map(str, players))


def _players_help() -> str:
    """Each game's range of players and the default, from the games' own specs."""
    games = _loaded()
    ranges = ", ".join(f"{game.title} {_counts(game.players)}" for game in games)
    defaults = {game.default_players for game in games}
    default = str(defaults.pop()) if len(defaults) == 1 else "the game's"
    return f"{ranges}; default: {default}"


def _game_options(command: argparse.ArgumentParser) -> None:
    """--game, --players, --modules, --seed, --option and --components of a new game."""
    command.add_argument(
        "--game",
        default=DEFAULT_GAME,
        choices=GAMES,
        help=f"the game to play (default: {DEFAULT_GAME})",
    )
    command.add_argument(
        "--players",
        type=int,
        default=None,
        choices=_PLAYERS,
        help=f"number of players ({_players_help()})",
    )
    command.add_argument(
        "--modules",
        default="",
        metavar="4,5,6",
        help=modules_help(),
    )
    command.add_argument(
        "--seed",
        type=int,
        default=None,
        help="seed of the game's chance (default: a random seed, printed)",
    )
    command.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="any option of the game's GameConfig, by value: market_refill=redraw_all, "
        "booth_capacities=3,3,3,4, max_jewel_move=unlimited; structured ones as JSON "
        "(repeatable)",
    )
    command.add_argument("--components", metavar="FILE", help="component data file (TOML)")


def _components_option(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--components", metavar="FILE", help="component data the record names (TOML)"
    )


def parser() -> argparse.ArgumentParser:
    top = _Parser(
        prog="fresco-rules",
        description=__doc__.split("\n\n")[0].replace("\n", " "),
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    top.add_argument("--version", action="version", version=f"fresco_rules {__version__}")
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, summary: str) -> argparse.ArgumentParser:
        made: argparse.ArgumentParser = commands.add_parser(
            name,
            help=summary,
            description=summary,
            epilog=EPILOG,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        return made

    play = command("play", "play seeded random games and print their log")
    _game_options(play)
    play.add_argument("--record", metavar="FILE", help="write the game record (JSON)")
    play.add_argument("--force", action="store_true", help="replace the --record file if it exists")
    play.add_argument("--quiet", action="store_true", help="print only the final board")
    play.add_argument(
        "--games", type=int, default=1, metavar="N", help="play N games and print a summary"
    )
    play.add_argument(
        "--jobs", type=int, default=1, metavar="J", help="worker processes for --games"
    )
    play.set_defaults(run=cmd_play)

    new = command("new", "start a game record with no moves, to play it with legal and move")
    new.add_argument("file", help="the record to write (JSON)")
    new.add_argument("--force", action="store_true", help="replace FILE if it exists")
    _game_options(new)
    new.set_defaults(run=cmd_new)

    legal = command("legal", "list the legal moves at the end of a record, in the notation")
    legal.add_argument("file", help="a game record (JSON)")
    _components_option(legal)
    legal.set_defaults(run=cmd_legal)

    move = command("move", "append one move, written in the notation, to a record")
    move.add_argument("file", help="a game record (JSON), rewritten with the move")
    move.add_argument("text", nargs="+", help='the move, e.g. "buy IV:2" (see: legal FILE)')
    _components_option(move)
    move.set_defaults(run=cmd_move)

    rep = command("replay", "check a game record against the rules")
    rep.add_argument("file", help="a game record (JSON)")
    rep.add_argument("--quiet", action="store_true", help="print only the verdict")
    _components_option(rep)
    rep.set_defaults(run=cmd_replay)

    show = command("show", "show the position after a step of a record")
    show.add_argument("file", help="a game record (JSON)")
    show.add_argument("--step", type=int, help="steps to replay (default: all)")
    show.add_argument("--svg", metavar="FILE", help="also write the board as an SVG picture")
    show.add_argument(
        "--force", action="store_true", help="replace the --svg or --html file if it exists"
    )
    _components_option(show)
    add_html_option(show)
    show.set_defaults(run=cmd_show)

    rules = command("rules", "list the rules, or show one with the code and tests for it")
    rules.add_argument("id", nargs="?", help="a rule ID such as R0.40 or B12 (default: list)")
    rules.add_argument(
        "--game",
        default=None,
        choices=GAMES,
        help=f"the game (default: {DEFAULT_GAME.title()} for the list; any game for an ID)",
    )
    rules.set_defaults(run=cmd_rules)

    data = command("data", "component data: print a template or check a file")
    data.add_argument("action", choices=("template", "check"), help="template or check")
    data.add_argument("file", nargs="?", help="the file to check (TOML)")
    data.add_argument(
        "--game",
        default=None,
        choices=GAMES,
        help=f"the game (default: the one whose tables the file holds, else {DEFAULT_GAME})",
    )
    data.set_defaults(run=cmd_data)

    add_study_command(commands)
    add_serve_command(commands)
    tournament_command.add_parser(commands)
    conform_cli.add_parser(commands)
    diverge_command.add_parser(commands)
    return top


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    try:
        args = parser().parse_args(argv)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else 0
    if out is None and isinstance(sys.stdout, io.TextIOWrapper):
        # A file name or text no encoding can write is shown escaped, never a crash
        sys.stdout.reconfigure(errors="backslashreplace")
    stream = out if out is not None else sys.stdout
    try:
        code: int = args.run(args, stream)
    except UsageError as exc:
        return _fail(str(exc))
    except Refused as exc:
        return _fail(str(exc), REFUSED)
    except NotNotation as exc:
        return _fail(str(exc), NOT_NOTATION)
    except InvalidRecord as exc:
        return _fail(f"malformed record: {exc}")
    except RulesError as exc:
        return _fail(str(exc))
    except OSError as exc:
        if isinstance(exc, BrokenPipeError):  # e.g. piped into `head`
            sys.stderr.close()
            return 0
        return _fail(f"{exc.filename or ''}: {exc.strerror}".lstrip(": "))
    return code


if __name__ == "__main__":
    raise SystemExit(main())
