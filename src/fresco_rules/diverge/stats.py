"""How often the readings part, per player kind: the share of games that reach a divergence
with its Wilson interval (``study.stats.proportion_ci``, as a study's win rates), the step and
round of the first divergence (median, quartiles, least and most) and the kinds and rule IDs
met. Plain data, rounded, so ``summary.json`` is the same on every backend."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..study.stats import proportion_ci
from .core import KINDS
from .plan import Outcome, Plan

LEVEL = 0.95
DIGITS = 6


def _r(value: float) -> float:
    return round(float(value), DIGITS) + 0.0


def spread(values: Sequence[int]) -> dict[str, float] | None:
    """Median, quartiles, least and most of some whole numbers (None for none)."""
    if not values:
        return None
    data = np.array(values, dtype=np.float64)
    q1, median, q3 = np.percentile(data, [25, 50, 75])
    return {
        "median": _r(median),
        "q1": _r(q1),
        "q3": _r(q3),
        "min": _r(data.min()),
        "max": _r(data.max()),
    }


def summarize(plan: Plan, outcomes: Sequence[Outcome]) -> dict[str, Any]:
    """The summary of a search's games (sorted by player kind and game)."""
    by_player: dict[str, Any] = {}
    for kind in plan.player_kinds:
        games = [o for o in outcomes if o.player == kind]
        parted = [o for o in games if o.kind is not None]
        if games:
            share, low, high = proportion_ci(
                np.array([o.kind is not None for o in games], dtype=np.float64), LEVEL
            )
        else:
            share = low = high = 0.0
        kinds = Counter(o.kind for o in parted)
        rules = Counter(rule for o in parted for rule in o.rules)
        by_player[kind] = {
            "games": len(games),
            "diverged": len(parted),
            "share": _r(share),
            "low": _r(low),
            "high": _r(high),
            "step": spread([o.step for o in parted]),
            "round": spread([o.round for o in parted]),
            "kinds": {name: kinds[name] for name in KINDS if kinds[name]},
            "rules": dict(sorted(rules.items(), key=lambda item: (-item[1], item[0]))),
            "game_steps": spread([o.step for o in games if o.kind is None]),
        }
    return {
        "format": "fresco_rules.diverge_summary",
        "format_version": 1,
        "search": plan.describe(),
        "level": LEVEL,
        "by_player": by_player,
    }


def shortest(plan: Plan, outcomes: Sequence[Outcome]) -> dict[str, Outcome]:
    """The shortest divergence of each kind: the least step, then the player kind in the
    plan's order, then the least game index."""
    order = {kind: i for i, kind in enumerate(plan.player_kinds)}
    found: dict[str, Outcome] = {}
    for outcome in outcomes:
        if outcome.kind is None:
            continue
        best = found.get(outcome.kind)
        rank = (outcome.step, order[outcome.player], outcome.game)
        if best is None or rank < (best.step, order[best.player], best.game):
            found[outcome.kind] = outcome
    return {kind: found[kind] for kind in KINDS if kind in found}


def percent(value: float) -> str:
    return f"{100 * value:.1f} %"


def player_lines(summary: dict[str, Any]) -> list[str]:
    """One paragraph per player kind, for the terminal and the report."""
    lines = []
    for kind, data in summary["by_player"].items():
        games, parted = data["games"], data["diverged"]
        head = (
            f"{kind}: {parted} of {games} games part ({percent(data['share'])}, 95 % CI "
            f"{percent(data['low'])} to {percent(data['high'])})"
        )
        if parted:
            step, round_ = data["step"], data["round"]
            kinds = ", ".join(f"{name} {count}" for name, count in data["kinds"].items())
            head += (
                f"; first divergence at step {step['median']:g} (median; quartiles "
                f"{step['q1']:g}-{step['q3']:g}, range {step['min']:g}-{step['max']:g}), "
                f"round {round_['median']:g} (range {round_['min']:g}-{round_['max']:g}); "
                f"kinds: {kinds}"
            )
        else:
            head += "; the readings never part in these games"
        lines.append(head)
    return lines
