#!/usr/bin/env python3
"""Write the refusal catalogues and playthroughs replayed by tests/test_playthroughs.py.

    .venv/bin/python scripts/make_playthroughs.py     # rewrite tests/golden/*.jsonl

Like python-chess's perft files and OpenSpiel's playthroughs, for a few seeded random games of
each game and configuration (``CASES``):

* ``refusals-<case>.jsonl``: one line per kind of refusal found. At every position of the
  games a fixed, deterministic set of wrong actions is tried (``candidates``: actions legal
  elsewhere in the same game, each legal action here with one field moved to a neighbouring or
  out-of-range value, and a non-action); every distinct refusal (kind, rule ID, reason with its
  numbers blanked) is kept with its first position, the action, and the whole refusal: kind,
  rule ID, reason, seat and where.
* ``playthrough-<case>.jsonl``: the log (each action described and what it changed), every
  seat's view and the component ledger at a few positions, and the text board.

A rules change that alters a refusal, a message, a view or a log line needs new files (run this
script) and a commit message saying why. The test recomputes every stored line in a few
seconds: only the stored positions and candidates are tried again.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from enum import Enum
from pathlib import Path
from typing import Any

import attrs
from attrs import frozen

from fresco_rules import barbarossa, carcassonne, fresco
from fresco_rules.barbarossa import render as barbarossa_render
from fresco_rules.carcassonne import render as carcassonne_render
from fresco_rules.fresco import render as fresco_render
from fresco_rules.kernel.play import random_playout
from fresco_rules.kernel.protocol import GameRules

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "tests" / "golden"

LOG_HEAD, LOG_TAIL = 150, 40
"""The log keeps the first and the last steps of each game (final scoring is in the tail)."""
VIEW_POSITIONS = 6
"""Positions (evenly spread, plus the end) at which every seat's view and the ledger are kept."""
BOARD_POSITIONS = 3
POOL_PER_KIND = 4
"""Actions legal elsewhere in the game that are tried at every position, per action type."""
LEGAL_VARIED = 10
"""Legal actions per position whose fields are moved to wrong values (the first and last)."""


@frozen
class Case:
    """One game and configuration, and the seeds of its games."""

    name: str
    game: GameRules[Any, Any]
    config: Callable[[], Any]
    seeds: tuple[int, ...]
    events: Callable[[Any, Any], list[str]]
    view: Callable[[Any, int], Any] | None
    players: int


def _fresco(name: str, players: int, seeds: tuple[int, ...], **options: Any) -> Case:
    return Case(
        name,
        fresco.GAME,
        lambda: fresco.GameConfig(players=players, **options),
        seeds,
        fresco_render.events,
        fresco.player_view,
        players,
    )


CASES: tuple[Case, ...] = (
    _fresco("fresco-2p", 2, (1, 2)),
    _fresco("fresco-4p", 4, (3,), market_refill="redraw_all", track_collision="forward"),
    _fresco("fresco-4p-modules-456", 4, (4, 5, 10, 11), modules="4,5,6"),
    _fresco("fresco-2p-modules-456", 2, (6, 12), modules="4,5,6"),
    _fresco("fresco-3p-modules-123", 3, (7, 8, 13), modules="1,2,3"),
    _fresco("fresco-4p-modules-123456", 4, (9, 14), modules="1,2,3,4,5,6"),
    Case(
        "barbarossa-3p",
        barbarossa.GAME,
        lambda: barbarossa.GameConfig(players=3),
        (1, 2),
        barbarossa_render.events,
        barbarossa.player_view,
        3,
    ),
    Case(
        "carcassonne-2p",
        carcassonne.GAME,
        lambda: carcassonne.GameConfig(players=2),
        (1,),
        carcassonne_render.events,
        carcassonne.player_view,
        2,
    ),
)
"""Fresco cases with modules name them; the module configs use the default options."""


# --- the games ---------------------------------------------------------------------------------


@frozen
class Game:
    """One seeded random game: its states (``states[i]`` before step ``i``; the last is the end)
    and actions, and the legal actions at each state."""

    states: tuple[Any, ...]
    actions: tuple[Any, ...]


def play(case: Case, seed: int) -> Game:
    states: list[Any] = []
    actions: list[Any] = []

    def record(before: Any, action: Any, after: Any) -> None:
        states.append(before)
        actions.append(action)

    playout = random_playout(case.game, case.config(), seed, on_step=record)
    return Game((*states, playout.final), tuple(actions))


# --- wrong actions -----------------------------------------------------------------------------


def _near(value: object) -> list[object]:
    """Wrong values for one field next to ``value``: neighbours, out of range, other members,
    and one value of the wrong type (which only a malformed-action check can refuse)."""
    if type(value) is bool:
        return [not value, int(value)]
    if type(value) is int:
        return list(dict.fromkeys([value - 1, value + 1, -1, 99, str(value)]))
    if isinstance(value, Enum):
        others: list[object] = [m for m in type(value) if m is not value]
        return [*others[:3], value.value]
    if type(value) is str:
        return [value + "x", 7]
    if type(value) is tuple and value:
        found: list[object] = [value[:-1], (*value, value[-1]), list(value)]
        found += [(w, *value[1:]) for w in _near(value[0])]
        return found
    return []


def variants(action: Any) -> Iterator[Any]:
    """``action`` with one field moved to a wrong value (as far as the constructor allows)."""
    if not attrs.has(type(action)):
        return
    for field in attrs.fields(type(action)):
        for value in _near(getattr(action, field.name)):
            try:
                yield attrs.evolve(action, **{field.name: value})
            except Exception:  # the constructor refuses the value: not an action to try
                continue


def pool(case: Case, game: Game) -> list[Any]:
    """Up to ``POOL_PER_KIND`` actions of each type that were legal somewhere in the game."""
    by_kind: dict[str, dict[str, Any]] = {}
    for state in game.states[:-1]:
        for action in case.game.legal_actions(state):
            by_kind.setdefault(type(action).__name__, {}).setdefault(repr(action), action)
    chosen: list[Any] = []
    for kind in sorted(by_kind):
        ordered = [by_kind[kind][text] for text in sorted(by_kind[kind])]
        step = max(1, len(ordered) // POOL_PER_KIND)
        chosen += ordered[::step][:POOL_PER_KIND]
    return chosen


def candidates(case: Case, state: Any, shared: Sequence[Any]) -> list[Any]:
    """The wrong actions tried at ``state``, in a fixed order (accepted ones are skipped later)."""
    legal = list(case.game.legal_actions(state))
    varied = legal[:LEGAL_VARIED] if len(legal) <= LEGAL_VARIED else [
        *legal[: LEGAL_VARIED // 2],
        *legal[-LEGAL_VARIED // 2 :],
    ]
    found: dict[str, Any] = {"None": None}
    for action in [*shared, *(v for a in varied for v in variants(a))]:
        found.setdefault(repr(action), action)
    return list(found.values())


def refusal_line(
    case: Case, seed: int, step: int, index: int, action: Any, problem: Any
) -> dict[str, Any]:
    return {
        "seed": seed,
        "step": step,
        "candidate": index,
        "action": repr(action),
        "kind": type(problem).__name__,
        "rule": problem.rule,
        "reason": problem.reason,
        "seat": problem.seat,
        "where": problem.where,
    }


def _stem(reason: str) -> str:
    """A reason without what names the position (numbers, labels, what follows a colon): two
    refusals with the same stem most likely come from the same check."""
    return re.sub(r"\S*[A-Z0-9]\S*", "#", reason.split(":")[0])


def find_refusals(case: Case) -> list[dict[str, Any]]:
    """The first position of every distinct refusal over the case's games."""
    seen: set[tuple[str, str, str]] = set()
    lines: list[dict[str, Any]] = []
    for seed in case.seeds:
        game = play(case, seed)
        shared = pool(case, game)
        for step, state in enumerate(game.states):
            for index, action in enumerate(candidates(case, state, shared)):
                problem = case.game.explain(state, action)
                if problem is None:
                    continue
                key = (type(problem).__name__, problem.rule, _stem(problem.reason))
                if key in seen:
                    continue
                seen.add(key)
                lines.append(refusal_line(case, seed, step, index, action, problem))
    return lines


# --- playthroughs ------------------------------------------------------------------------------


def plain(value: object) -> object:
    """``value`` as JSON data: enums by value, records as their fields, mappings, sequences."""
    if value is None or type(value) in (bool, int, str):
        return value
    if isinstance(value, Enum):
        return plain(value.value)
    if isinstance(value, Mapping):
        return {str(plain(k)): plain(v) for k, v in value.items()}
    if isinstance(value, (tuple, list, frozenset, set)):
        items = [plain(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, (frozenset, set)) else items
    if attrs.has(type(value)):
        fields = attrs.fields(type(value))  # type: ignore[arg-type]
        return {f.name: plain(getattr(value, f.name)) for f in fields}
    return repr(value)


def spread(count: int, total: int) -> list[int]:
    """``count`` positions evenly spread over ``range(total)``, and the last."""
    return sorted({*(i * total // count for i in range(count)), total - 1})


def log_steps(game: Game) -> list[int]:
    steps = len(game.actions)
    return sorted({*range(min(LOG_HEAD, steps)), *range(max(0, steps - LOG_TAIL), steps)})


def log_line(case: Case, game: Game, seed: int, step: int) -> dict[str, Any]:
    before, action, after = game.states[step], game.actions[step], game.states[step + 1]
    return {
        "seed": seed,
        "step": step,
        "log": [case.game.describe(before, action), *case.events(before, after)],
    }


def view_line(case: Case, game: Game, seed: int, step: int) -> dict[str, Any]:
    state = game.states[step]
    views = [] if case.view is None else [plain(case.view(state, s)) for s in range(case.players)]
    return {
        "seed": seed,
        "step": step,
        "views": views,
        "ledger": plain(case.game.token_ledger(state)),
        "scores": list(case.game.scores(state)),
        "to_move": case.game.current_player(state),
    }


def board_line(game: Game, seed: int, step: int) -> dict[str, Any]:
    return {"seed": seed, "step": step, "board": str(game.states[step]).split("\n")}


def playthrough(case: Case) -> list[dict[str, Any]]:
    lines: list[dict[str, Any]] = []
    for seed in case.seeds:
        game = play(case, seed)
        lines += [log_line(case, game, seed, step) for step in log_steps(game)]
        lines += [view_line(case, game, seed, s) for s in spread(VIEW_POSITIONS, len(game.states))]
        lines += [board_line(game, seed, s) for s in spread(BOARD_POSITIONS, len(game.states))]
    return lines


def recompute(case: Case, lines: Sequence[Mapping[str, Any]], games: dict[int, Game]) -> Iterator[
    tuple[Mapping[str, Any], dict[str, Any]]
]:
    """Each stored line with the same line worked out again from the code (for the test)."""
    pools: dict[int, list[Any]] = {}
    for line in lines:
        seed, step = line["seed"], line["step"]
        if seed not in games:
            games[seed] = play(case, seed)
        game = games[seed]
        if "candidate" in line:
            if seed not in pools:
                pools[seed] = pool(case, game)
            state = game.states[step]
            tried = candidates(case, state, pools[seed])
            action = tried[line["candidate"]] if line["candidate"] < len(tried) else None
            problem = case.game.explain(state, action)
            now: dict[str, Any] = (
                {"seed": seed, "step": step, "candidate": line["candidate"], "accepted": True}
                if problem is None
                else refusal_line(case, seed, step, line["candidate"], action, problem)
            )
        elif "log" in line:
            now = log_line(case, game, seed, step)
        elif "views" in line:
            now = view_line(case, game, seed, step)
        else:
            now = board_line(game, seed, step)
        yield line, now


def write(path: Path, lines: Sequence[Mapping[str, Any]]) -> None:
    text = "".join(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n" for line in lines)
    path.write_text(text, encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("cases", nargs="*", help="case names (default: all)")
    args = parser.parse_args(argv)
    for case in CASES:
        if args.cases and case.name not in args.cases:
            continue
        refusals = find_refusals(case)
        write(OUTPUT / f"refusals-{case.name}.jsonl", refusals)
        lines = playthrough(case)
        write(OUTPUT / f"playthrough-{case.name}.jsonl", lines)
        print(f"{case.name}: {len(refusals)} refusals, {len(lines)} playthrough lines")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
