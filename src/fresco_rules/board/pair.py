"""A witness pair from ``fresco-rules diverge`` on the analysis board: two records of one game
(arm A's and arm B's config) with the same seed, steps and chance, shown side by side.

The difference at their end is not compared here: the pair is played again in lock-step by
the diverge package's own ``play_lockstep``, with a player that makes the recorded steps, so
the board shows the very ``Divergence`` the search found (its kind, the refusals with their
rule IDs, the differing fields and scores, its description).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..diverge import Divergence, play_lockstep
from ..kernel.errors import RulesError
from ..kernel.untrusted import describe
from .analysis import BoardRefused, Line, Rules, open_record

PAIR_SUFFIXES = ("-a.json", "-b.json")
"""How ``fresco-rules diverge`` names a witness pair: ``KIND-a.json`` and ``KIND-b.json``."""
MAX_PAIRS = 50
"""The most witness pairs of a folder listed."""


class RecordsEnd(RulesError):
    """The lock-step replay asked for a step beyond the records' own."""


def witness_pairs(folder: Path) -> dict[str, tuple[Path, Path]]:
    """The witness pairs directly in ``folder`` (plain files, no links), by kind."""
    found: dict[str, tuple[Path, Path]] = {}
    try:
        names = {
            entry.name
            for entry in sorted(folder.iterdir(), key=lambda entry: entry.name)[:500]
            if entry.is_file() and not entry.is_symlink()
        }
    except OSError:
        return found
    for name in sorted(names):
        if name.endswith(PAIR_SUFFIXES[0]):
            kind = name[: -len(PAIR_SUFFIXES[0])]
            if kind + PAIR_SUFFIXES[1] in names and len(found) < MAX_PAIRS:
                found[kind] = (folder / name, folder / (kind + PAIR_SUFFIXES[1]))
    return found


def _options(setup: dict[str, Any], other: dict[str, Any]) -> list[dict[str, Any]]:
    """An arm's set-up (its config as recorded), each entry marked when the other arm's
    differs; the component data's identity aside (the same in a pair by construction)."""
    return [
        {
            "name": name,
            "value": json.dumps(value),
            "differs": name not in other or other[name] != value,
        }
        for name, value in setup.items()
        if name != "components"
    ]


def _scripted(steps: Sequence[Any], codec: Any) -> Any:
    """A study player that makes the recorded steps in order (their actions as decoded by
    the game's codec), and stops the replay past the last one."""
    actions = [codec.action_from_json(step["action"]) for step in steps]
    made = [0]

    def choose(state: Any, legal: Sequence[Any], seat: int | None, rng: int) -> tuple[int, int]:
        index = made[0]
        if index >= len(actions):
            raise RecordsEnd("the records end before the arms part")
        made[0] += 1
        if actions[index] not in legal:
            raise BoardRefused(f"step {index + 1} of the records is not legal in arm A")
        return list(legal).index(actions[index]), rng

    return choose


def pair_divergence(a: Line, b: Line) -> Divergence | None:
    """Where arm A's and arm B's records part, found by the diverge package playing them
    again in lock-step (None when they play their steps alike and part nowhere within)."""
    game = a.game
    codec = game.rules.codec
    assert codec is not None  # every registered game records (checked when opened)
    config_a = codec.config_from_json(a.record["setup"])
    config_b = codec.config_from_json(b.record["setup"])
    choose = _scripted(a.record["steps"], codec)
    try:
        played = play_lockstep(game, config_a, config_b, a.record["seed"], choose)
    except RecordsEnd:
        return None
    return played.divergence


def shown_at(divergence: Divergence, total: int) -> int:
    """The board step at which the difference shows: after the diverging step when a step
    made it (both arms made it), else at the position itself."""
    made = bool(divergence.action) and divergence.kind != "chance"
    return min(total, divergence.step + (1 if made else 0))


def check_pair(a: Line, b: Line) -> None:
    """Refuse two records that are no witness pair: another game, seed, steps or chance."""
    if a.game.name != b.game.name:
        raise BoardRefused(f"a pair is of one game, not {a.game.name} and {b.game.name}")
    for field in ("seed", "steps", "chance"):
        if a.record.get(field) != b.record.get(field):
            raise BoardRefused(f"the two records of a witness pair have the same {field}")
    for line, arm in ((a, "A"), (b, "B")):
        if line.problem:
            raise BoardRefused(f"arm {arm}'s record is illegal: {line.problem}")


def open_pair(source_a: Any, source_b: Any, rules_of: Any = Rules.of) -> tuple[Line, Line]:
    """The lines of a witness pair (records as ``open_record`` reads them), checked."""
    a, b = open_record(source_a, rules_of), open_record(source_b, rules_of)
    check_pair(a, b)
    return a, b


def pair_summary(a: Line, b: Line) -> dict[str, Any]:
    """What the page shows beside the two boards: each arm's config with the differing
    options marked, and the divergence at the records' end as the diverge package finds it."""
    setup_a, setup_b = a.record["setup"], b.record["setup"]
    if type(setup_a) is not dict or type(setup_b) is not dict:
        raise BoardRefused(f"a record's setup is an object, not {describe(setup_a)}")
    divergence = pair_divergence(a, b)
    found: dict[str, Any] = {
        "options": [_options(setup_a, setup_b), _options(setup_b, setup_a)],
        "difference": divergence.to_json() if divergence is not None else None,
        "at": a.total if divergence is None else shown_at(divergence, a.total),
    }
    if divergence is None:
        found["note"] = (
            "the arms play these steps alike; for a chance witness the step whose draws "
            "differ is the next one, in neither record (see the pair's KIND.txt)"
        )
    return found
