"""M.1/M.2/G.1: every one of the 64 combinations of the six modules starts and plays to the end
for 2, 3 and 4 players, with the ledgers of every component constant (M.6, R0.66, R4.16, R5.14,
R6.27) and the laws of ``fresco_strategies`` checked at the end.

One seeded game per combination and player count. To keep the 192 games fast the player picks a
restoration when one is offered (so the cathedral empties), otherwise a random legal action;
every other action is still drawn from ``legal_actions`` and applied through ``apply``.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from fresco_rules.fresco import (
    GameConfig,
    Module,
    Restore,
    apply,
    is_over,
    legal_actions,
    new_game,
    token_ledger,
)

from .fresco_strategies import fresco_laws

COMBINATIONS = [frozenset(c) for r in range(7) for c in combinations(tuple(Module), r)]
MAX_STEPS = 5000
"""A bound far above any game seen (the longest takes about 1900 steps)."""


def _name(modules: frozenset[Module]) -> str:
    return "+".join(str(m.value) for m in sorted(modules, key=lambda m: m.value)) or "base"


def _totals(state: object) -> dict[str, int]:
    return {kind: sum(places.values()) for kind, places in token_ledger(state).items()}  # type: ignore[arg-type]


@pytest.mark.rule("M.1", "M.2", "G.1", "M.6")
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("modules", COMBINATIONS, ids=_name)
def test_M_2_every_combination_plays_to_the_end(modules: frozenset[Module], players: int) -> None:
    assert len(COMBINATIONS) == 64
    state = new_game(GameConfig(players=players, modules=modules), players)
    start = _totals(state)
    rng = random.Random(players * 100 + len(modules))
    previous = None
    for _ in range(MAX_STEPS):
        if is_over(state):
            break
        actions = legal_actions(state)
        assert actions, state.where()
        restorations = [a for a in actions if isinstance(a, Restore)]
        choice = rng.choice(restorations if restorations else actions)
        previous, state = state, apply(state, choice)
    assert is_over(state), f"no end after {MAX_STEPS} steps: {state.where()}"
    assert _totals(state) == start
    fresco_laws(state, previous)
    if Module.PORTRAITS in modules:
        assert state.round <= 9, "R1.21: at most 9 rounds with module 1"
