"""The kernel's Hypothesis state machine run on Barbarossa (3 and 4 players, every option)."""

from __future__ import annotations

import pytest
from hypothesis import settings

from fresco_rules.barbarossa import GAME
from fresco_rules.kernel.machine import make_state_machine

from .barbarossa_strategies import barbarossa_laws, configs, junk_actions

BarbarossaMachine = make_state_machine(
    GAME, configs=configs, junk_actions=junk_actions, invariants=[barbarossa_laws], max_warmup=250
)
BarbarossaMachine.TestCase.settings = settings(stateful_step_count=40)

test_barbarossa_state_machine = pytest.mark.rule(
    "B3", "B14", "B17", "B22", "A-B.3", "A-B.4", "A-B.12", "A-B.14"
)(BarbarossaMachine.TestCase)
