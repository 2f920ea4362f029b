"""Fresco's heuristic player and its determinization for the search player (issue 28).

The heuristic plays one action ahead like the greedy player, but values what pays later: the VP
gained now, then half a point per step of mood kept up (R0.17: an early get-up costs mood),
a tenth per Thaler earned and a third per paint bought (purchases it can later restore with),
three points more for a cathedral tile and half the VP of an altar restoration (the altar
never brings the end of R0.60 nearer) and a blend worth 0.8 (mixed colours open tiles);
a plan puts apprentices in the cathedral when the seat holds paints to restore with, up to two
at the market, one in the studio when it is short of money and one in the workshop when it
holds paints to blend (R0.25-R0.27).

``sample_hidden`` (R0.68) draws what the acting seat cannot see from what it can:

- other seats' money and paints (behind their screens): no total is public, so each is drawn
  near the seat's own (players earn and buy by the same rules): money uniformly within 4 of
  its own, a paint count within 2 of its own, spread over the primaries at random; their
  plans, while planning, at random;
- the modules' hidden parts (each module's ``view`` says what they are; each plug-in's
  ``sample_hidden`` draws them again, in module order): the order of the
  portrait deck (module 1, R1.7); other seats' Wishing Cards (module 4, A4.10), dealt again
  from those and the deck, each hand keeping its size (cards are dealt and used in the open),
  and their pennies (behind the screens, and on the market symbol while planning), whose sum
  is public (the supply and the well are), spread over them again; other seats' leaf gold
  (module 5), whose sum is public likewise; the glass behind other screens and in the bag
  (module 6: the bag's size is public, and so is what both hold together), dealt again, the
  window pile's order, and while planning other seats' Glassworks tiles (taken as covering
  no column, which fits any plan drawn).
  Module 2 hides nothing beyond the paints, and module 3's removed tiles follow from the tiles
  dealt and those on the board;
- future chance: the chance generator is reseeded (market draws, decks drawn by chance).
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from .actions import Blend, Restore, RestoreAltar, SubmitPlan
from .engine import scores
from .hidden import other_seats, redrawn, spread
from .plugins import PLUGINS
from .state import Phase, module_slot

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


MONEY_SPREAD = 4
"""Another seat's money is drawn within this many Thalers of the acting seat's own."""
PAINT_SPREAD = 2
"""Another seat's number of paints is drawn within this many of the acting seat's own."""
PRIMARIES = 3
"""The primaries come first in a paint count (``BASE_PAINTS``: red, yellow, blue)."""


def _screens(state: Any, seat: int, rng: random.Random) -> dict[str, Any]:
    """Other seats' money and paints, drawn near the seat's own (see the module's words)."""
    others = other_seats(state.tables.players, seat)
    own_money, own_paints = state.money[seat], state.paints[seat]
    money = {
        s: rng.randint(max(0, own_money - MONEY_SPREAD), own_money + MONEY_SPREAD) for s in others
    }
    total = sum(own_paints)
    paints = {}
    for s in others:
        drawn = spread(
            rng.randint(max(0, total - PAINT_SPREAD), total + PAINT_SPREAD), PRIMARIES, rng
        )
        paints[s] = (*drawn, *(0,) * (len(own_paints) - PRIMARIES))
    return {"money": redrawn(state.money, money), "paints": redrawn(state.paints, paints)}


def sample_hidden(state: Any, seat: int, rng: random.Random) -> Any:
    """A state the seat cannot tell from ``state`` (R0.68), drawn from ``rng`` (see the
    module's words for what is drawn and how)."""
    changes = _screens(state, seat, rng)
    if state.phase is Phase.PLAN:
        changes["plans"] = tuple(
            _random_plan(rng, state.apprentices[s])
            if s != seat and plan is not None and s < len(state.apprentices)
            else plan
            for s, plan in enumerate(state.plans)
        )
    if state.tables.modules:  # each module's hidden parts, in module order (its declaration)
        slots = list(state.modules)
        for plugin in PLUGINS:
            slot = module_slot(plugin.module)
            if plugin.sample_hidden is not None and slots[slot] is not None:
                slots[slot] = plugin.sample_hidden(state, seat, rng)
        changes["modules"] = tuple(slots)
    changes["chance"] = attrs.evolve(state.chance, rng=rng.getrandbits(64))
    return attrs.evolve(state, **changes)
