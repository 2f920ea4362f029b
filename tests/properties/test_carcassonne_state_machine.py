"""The kernel's Hypothesis state machine run on Carcassonne (2-5 players, every option)."""

from __future__ import annotations

import pytest
from hypothesis import settings

from fresco_rules.carcassonne import GAME
from fresco_rules.kernel.machine import make_state_machine

from .carcassonne_strategies import carcassonne_laws, configs, junk_actions

CarcassonneMachine = make_state_machine(
    GAME, configs=configs, junk_actions=junk_actions, invariants=[carcassonne_laws], max_warmup=200
)
CarcassonneMachine.TestCase.settings = settings(stateful_step_count=40)

test_carcassonne_state_machine = pytest.mark.rule(
    "C0.1", "C1", "C2", "C3", "C6", "C7", "C9", "C13", "F2", "F4", "FA3"
)(CarcassonneMachine.TestCase)
