"""The ``fresco-rules`` command line: play seeded games and print what happened."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .fresco import GAME, GameConfig, State, is_over, leonardo_score, scores, winners
from .fresco.config import OPTION_TYPES
from .fresco.render import board, describe, events
from .kernel.errors import RulesError
from .kernel.play import random_playout


def _config(players: int, options: Sequence[str]) -> GameConfig:
    chosen: dict[str, object] = {}
    for text in options:
        name, _, value = text.partition("=")
        kind = OPTION_TYPES.get(name)
        if kind is None:
            raise SystemExit(f"unknown option {name!r}; known: {', '.join(OPTION_TYPES)}")
        try:
            chosen[name] = kind(value)
        except ValueError:
            values = ", ".join(member.value for member in kind)
            raise SystemExit(f"option {name} takes one of: {values}") from None
    return GameConfig(players=players, **chosen)  # type: ignore[arg-type]


def _play(args: argparse.Namespace) -> int:
    config = _config(args.players, args.option)
    out = sys.stdout

    def log(before: State, action: object, after: State) -> None:
        if args.quiet:
            return
        print(f"r{before.round} {describe(before, action)}", file=out)  # type: ignore[arg-type]
        for line in events(before, after):
            print(line, file=out)

    if not args.quiet:
        first = GAME.new_game(config, args.seed)
        print(f"Fresco, {args.players} players, seed {args.seed}", file=out)
        print(board(first), file=out)
    playout = random_playout(GAME, config, args.seed, on_step=log)
    final = playout.final
    assert is_over(final)
    print(board(final), file=out)
    print(f"steps: {len(playout.steps)}, rounds: {final.round}", file=out)
    print(
        "final scores: " + ", ".join(f"seat {s}: {p}" for s, p in enumerate(scores(final))),
        file=out,
    )
    leo = leonardo_score(final)
    if leo is not None:
        print(f"Leonardo: {leo} (cannot win)", file=out)
    print("winner: " + ", ".join(f"seat {s}" for s in winners(final)), file=out)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="fresco-rules", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("play", help="play one seeded random game and print its log")
    play.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    play.add_argument("--seed", type=int, default=0)
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an interpretation option, e.g. market_refill=redraw_all",
    )
    play.add_argument("--quiet", action="store_true", help="print only the final board")
    args = parser.parse_args(argv)
    try:
        return _play(args)
    except RulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
