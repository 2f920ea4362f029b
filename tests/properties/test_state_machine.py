"""The kernel's Hypothesis state machine run on Fresco (2, 3 and 4 players, every option)."""

from __future__ import annotations

import pytest
from hypothesis import settings

from fresco_rules.fresco import GAME
from fresco_rules.kernel.machine import make_state_machine

from .fresco_strategies import configs, fresco_laws, junk_actions

FrescoMachine = make_state_machine(
    GAME, configs=configs, junk_actions=junk_actions, invariants=[fresco_laws]
)
FrescoMachine.TestCase.settings = settings(stateful_step_count=40)

test_fresco_state_machine = pytest.mark.rule("R0.14", "R0.25", "R0.22", "R0.51", "R0.66", "R0.67")(
    FrescoMachine.TestCase
)
