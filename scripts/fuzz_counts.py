#!/usr/bin/env python3
"""Count what hostile input does, for actions, records and component data of both games:

    python scripts/fuzz_counts.py [--seconds 60] [--limit 10]

Each fuzzer runs for its share of ``--seconds`` and prints attempts, refusals, acceptances,
escapes (an exception other than RulesError, a disagreement of explain and apply, a changed
input state, or an accepted action or record that does not round-trip) and hangs (an attempt
past ``--limit`` seconds). The same checks run, fewer times, in
``tests/properties/test_hostile_input.py``.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import copy
import json
import random
import time
from typing import Any

import attrs

from fresco_rules import RulesError, barbarossa, carcassonne, fresco
from fresco_rules.fresco import GameConfig, parse_modules
from fresco_rules.games import declaration
from fresco_rules.kernel.errors import InvalidData
from fresco_rules.kernel.fuzz import (
    Hang,
    hostile_actions,
    hostile_values,
    reachable_states,
    time_limit,
    try_action,
)
from fresco_rules.kernel.play import random_playout
from fresco_rules.kernel.protocol import GameRules
from fresco_rules.kernel.records import validate

GAMES: list[tuple[str, GameRules[Any, Any], Any, tuple[type, ...]]] = [
    ("fresco 2p", fresco.GAME, GameConfig(players=2), fresco.ACTION_TYPES),
    ("fresco 4p", fresco.GAME, GameConfig(players=4), fresco.ACTION_TYPES),
    (
        "fresco 3p modules 4,5,6",
        fresco.GAME,
        GameConfig(players=3, modules=parse_modules("4,5,6")),
        fresco.ACTION_TYPES,
    ),
    ("barbarossa 4p", barbarossa.GAME, barbarossa.GameConfig(players=4), barbarossa.ACTION_TYPES),
    (
        "carcassonne",
        carcassonne.GAME,
        carcassonne.GAME.default_config(),
        carcassonne.ACTION_TYPES,
    ),
    (
        "barbarossa 3p options",
        barbarossa.GAME,
        barbarossa.GameConfig(
            players=3,
            letter_check=barbarossa.LetterCheck.OFF,
            question_phase=barbarossa.QuestionPhase.UNTIL_NO,
        ),
        barbarossa.ACTION_TYPES,
    ),
]

Counts = collections.Counter[str]


def fuzz_actions(seconds: float, limit: float, rng: random.Random) -> Counts:
    counts: Counts = collections.Counter()
    pools = [
        (game, types, reachable_states(game, config, rng.randrange(1000), count=30))
        for _, game, config, types in GAMES
    ]
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        game, types, states = rng.choice(pools)
        state = rng.choice(states)
        legal = game.legal_actions(state)
        for action in hostile_actions(types, legal, rng.randrange):
            attempt = try_action(game, state, action, seconds=limit)
            counts["attempts"] += 1
            counts[_kind(attempt.kind)] += 1
            if attempt.failed:
                print(f"  {attempt.kind}: {attempt.detail}")
    return counts


def _kind(kind: str) -> str:
    return {"hang": "hangs", "accepted": "accepted", "refused": "refused"}.get(kind, "escapes")


def _set(node: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


def _paths(raw: Any, prefix: tuple[Any, ...] = (), depth: int = 0) -> list[tuple[Any, ...]]:
    found: list[tuple[Any, ...]] = []
    if depth > 4:
        return found
    if isinstance(raw, dict):
        for key, value in raw.items():
            found.append((*prefix, key))
            found += _paths(value, (*prefix, key), depth + 1)
    elif isinstance(raw, list):
        for index in sorted({0, len(raw) // 2, len(raw) - 1} & set(range(len(raw)))):
            found.append((*prefix, index))
            found += _paths(raw[index], (*prefix, index), depth + 1)
    return found


def _huge() -> list[Any]:
    return [
        2**53,
        10**5000,
        -1,
        0,
        "x" * 200_000,
        [0] * 200_000,
        [{"time": "5:00", "mood_change": 0, "price": 1, "provenance": "decision"}] * 100_000,
        {"rows": 10**6, "start_row": 0, "minus_rows": [], "plus_rows": [], "theatre_step": 0},
        {"spaces": 10**6, "start": 5, "finish": 31, "provenance": "decision"},
        float("nan"),
        True,
        None,
        [],
        {},
        "M01",
    ]


def fuzz_records(seconds: float, limit: float, rng: random.Random) -> Counts:
    counts: Counts = collections.Counter()
    bases = []
    for _, game, config, _ in GAMES:
        playout = random_playout(game, config, rng.randrange(1000))
        declared = declaration(game.name)
        record = declared.record_game(config, playout.seed, playout.steps, playout.final)
        bases.append((game, record, _paths(record)))
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        game, base, paths = rng.choice(bases)
        record = copy.deepcopy(base)
        for _ in range(rng.randint(1, 3)):
            value = rng.choice([*_huge(), *hostile_values()[:4]])
            with contextlib.suppress(KeyError, IndexError, TypeError):
                _set(record, rng.choice(paths), value)
        steps = record.get("steps") if isinstance(record, dict) else None
        if rng.random() < 0.05 and isinstance(steps, list) and steps:
            # a mutation above may have replaced the steps with a non-list: inflate lists only
            record["steps"] = steps * (50_000 // len(steps) + 1)
        source: Any = record
        if rng.random() < 0.3:
            with contextlib.suppress(ValueError, TypeError, RecursionError):
                source = json.dumps(record)
                if rng.random() < 0.3:
                    source = source.replace('"seed":', '"seed": 1, "seed":', 1)
        counts["attempts"] += 1
        try:
            with time_limit(limit):
                report = validate(game, source)
            counts["valid" if report.ok else "refused"] += 1
        except Hang:
            counts["hangs"] += 1
        except Exception as exc:
            counts["escapes"] += 1
            print(f"  record escape: {type(exc).__name__}: {exc}"[:300])
    return counts


def fuzz_data(seconds: float, limit: float, rng: random.Random) -> Counts:
    counts: Counts = collections.Counter()
    kinds = [
        (fresco.GAME, fresco.components_to_mapping, fresco.components_from_mapping),
        (barbarossa.GAME, barbarossa.components_to_mapping, barbarossa.components_from_mapping),
    ]
    values = [-1, 0, 1, 2**63 - 1, 10**8, 100_000, 10**7, "M01", [], True, None, 2.5, "x"]
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        game, to_mapping, from_mapping = rng.choice(kinds)
        raw = to_mapping(game.default_config().components)
        paths = _paths(raw)
        for _ in range(rng.randint(1, 3)):
            with contextlib.suppress(KeyError, IndexError, TypeError):
                _set(raw, rng.choice(paths), rng.choice(values))
        counts["attempts"] += 1
        try:
            with time_limit(limit):
                try:
                    data = from_mapping(raw)
                except InvalidData:
                    counts["refused"] += 1
                    continue
                config = attrs.evolve(game.default_config(), components=data)
                try:
                    state = game.new_game(config, rng.randrange(1000))
                except RulesError:
                    counts["refused"] += 1
                    continue
                for _ in range(200):
                    if game.is_over(state):
                        break
                    state = game.apply(state, rng.choice(game.legal_actions(state)))
                counts["accepted and played"] += 1
        except Hang:
            counts["hangs"] += 1
        except Exception as exc:
            counts["escapes"] += 1
            print(f"  data escape: {type(exc).__name__}: {exc}"[:300])
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="total running time")
    parser.add_argument("--limit", type=float, default=10.0, help="seconds before a hang")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    share = args.seconds / 3
    for name, fuzzer in (("actions", fuzz_actions), ("records", fuzz_records), ("data", fuzz_data)):
        started = time.monotonic()
        counts = fuzzer(share, args.limit, rng)
        counts.setdefault("escapes", 0)
        counts.setdefault("hangs", 0)
        took = time.monotonic() - started
        parts = ", ".join(f"{key} {value:,}" for key, value in sorted(counts.items()))
        print(f"{name}: {parts} ({took:.0f} s)")


if __name__ == "__main__":
    main()
