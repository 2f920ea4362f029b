"""Fresco's heuristic player and its determinization for the search player (issue 28).

The heuristic plays one action ahead like the greedy player, but values what pays later: the VP
gained now, then half a point per step of mood kept up (R0.17: an early get-up costs mood),
a tenth per Thaler earned and a third per paint bought (purchases it can later restore with),
three points more for a cathedral tile and half the VP of an altar restoration (the altar
never brings the end of R0.60 nearer) and a blend worth 0.8 (mixed colours open tiles);
a plan puts apprentices in the cathedral when the seat holds paints to restore with, up to two
at the market, one in the studio when it is short of money and one in the workshop when it
holds paints to blend (R0.25-R0.27).

``sample_hidden`` (R0.68): other seats' money and paints are behind their screens, and their
plans while planning; the search player replaces them with the acting seat's own figures
(money, paints) and plans drawn at random, and reseeds the chance generator (market draws).
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from ..kernel.study_spec import StudyError
from .actions import Blend, Restore, RestoreAltar, SubmitPlan
from .engine import scores
from .state import Phase

PLAN_FIELDS = ("market", "cathedral", "studio", "workshop")


def _plan_value(state: Any, plan: SubmitPlan, seat: int) -> float:
    paints = sum(state.paints[seat])
    money = state.money[seat]
    value = 0.6 * plan.cathedral * (paints >= 3) + 0.5 * min(plan.market, 2)
    value += 0.3 * min(plan.studio, 1) * (money < 6) + 0.4 * min(plan.workshop, 1) * (paints >= 2)
    return float(value + 0.5 * plan.cathedral_2)


def heuristic_key(before: Any, action: Any, after: Any, seat: int) -> tuple[float, ...]:
    """The heuristic value of ``action`` for ``seat`` (see the module's docstring)."""
    gain = scores(after)[seat] - scores(before)[seat]
    mood = after.mood[seat] - before.mood[seat]
    income = max(0, after.money[seat] - before.money[seat])
    bought = sum(after.paints[seat]) - sum(before.paints[seat])
    value = gain + 0.5 * mood + 0.1 * income + 0.33 * max(0, bought)
    if isinstance(action, SubmitPlan):
        value += _plan_value(before, action, seat)
    elif isinstance(action, Restore):
        value += 3.0  # a cathedral tile brings the end nearer (R0.60): worth more than its VP
    elif isinstance(action, Blend):
        value += 0.8  # a mixed colour opens tiles primaries cannot restore (R0.47)
    elif isinstance(action, RestoreAltar):
        value -= 0.5 * gain  # the altar only when it pays more than twice what restoring does
    return (float(value),)


def _random_plan(rng: random.Random, apprentices: int) -> SubmitPlan:
    counts = dict.fromkeys(PLAN_FIELDS, 0)
    for _ in range(apprentices):
        counts[rng.choice(PLAN_FIELDS)] += 1
    return SubmitPlan(**counts)


def sample_hidden(state: Any, seat: int, rng: random.Random) -> Any:
    """A state the seat cannot tell from ``state`` (R0.68), drawn from ``rng``. The modules'
    hidden parts (cards, portraits, ...) are not drawn yet, so a game with modules is refused:
    a search that read them would not be deciding from its own view."""
    if state.tables.modules:
        raise StudyError(
            "the search player does not draw the hidden parts of Fresco's modules yet; "
            "play it on the base game, or use heuristic or greedy with modules"
        )
    players = state.tables.players
    money = tuple(state.money[seat] for _ in range(players))
    paints = tuple(state.paints[seat] for _ in range(players))
    plans = state.plans
    if state.phase is Phase.PLAN:
        plans = tuple(
            plan if s == seat or plan is None else _random_plan(rng, state.apprentices[s])
            for s, plan in enumerate(plans)
        )
    chance = attrs.evolve(state.chance, rng=rng.getrandbits(64))
    return attrs.evolve(state, money=money, paints=paints, plans=plans, chance=chance)
