"""``ModuleRules.pending_between_turns`` and ``pending_phases``: a module declaring that its
``pending`` hook names no decision between two turns of the action phase, or outside some
phases, is not asked there by the flow. The law: a game plays exactly the same when every module
is asked at every automatic step, and no such module ever names a decision at those steps."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fresco_rules import fresco
from fresco_rules.fresco import extensions as ext
from fresco_rules.fresco.plugins import PLUGINS
from fresco_rules.fresco.state import Phase
from fresco_rules.kernel.errors import IllegalAction
from fresco_rules.kernel.play import random_playout

from ..hypothesis_profiles import examples

CONFIGS = [
    fresco.GameConfig(players=players, modules=fresco.parse_modules(modules))
    for players, modules in [(2, "1,2,3,4,5,6"), (3, "1,2,4"), (4, "1,2,3,4,5,6"), (2, "4")]
]
DECLARING = [plugin.rules for plugin in PLUGINS if not plugin.rules.pending_between_turns]
PHASED = [plugin.rules for plugin in PLUGINS if plugin.rules.pending_phases is not None]


def _between_turns(state: fresco.State) -> bool:
    return (
        state.phase is Phase.ACTION
        and state.turn is None
        and state.restoring is None
        and not state.pending_track
    )


def _fresh(config: fresco.GameConfig) -> fresco.GameConfig:
    """An equal config that is a new object: the hooks to ask (``Tables.hooks``) are worked out
    with the tables of a config object, so a game of this one works them out again."""
    return attrs.evolve(config)


def test_the_modules_of_the_first_three_and_the_wishing_well_declare_it() -> None:
    assert {rules.module for rules in DECLARING} >= {
        fresco.Module.PORTRAITS,
        fresco.Module.REQUESTS,
        fresco.Module.WISHING_WELL,
    }
    assert {rules.module for rules in PHASED} >= {
        fresco.Module.PORTRAITS,
        fresco.Module.REQUESTS,
        fresco.Module.WISHING_WELL,
    }


def _play_asking_every_module(
    config: fresco.GameConfig, seed: int, *, between_turns: Any = None
) -> tuple[list[str], Any]:
    """The game played with every module asked at every automatic step, and the modules that
    named a decision where they declare none (between turns, outside their phases);
    ``between_turns``, if given, is what a declaring module names at such a step (a wrong
    declaration, to show the law catches it)."""
    named_between: list[str] = []
    with pytest.MonkeyPatch.context() as patch:
        for rules in dict.fromkeys([*DECLARING, *PHASED]):
            declared = (rules.pending_between_turns, rules.pending_phases)
            patch.setattr(rules, "pending_between_turns", True)
            patch.setattr(rules, "pending_phases", None)
            asked = rules.pending

            def watched(
                self: Any, state: fresco.State, asked: Any = asked, declared: Any = declared
            ) -> Any:
                found = asked(self, state)
                between, phases = declared
                undeclared = (not between and _between_turns(state)) or (
                    state.restoring is None and phases is not None and state.phase not in phases
                )
                if undeclared:
                    if between_turns is not None:
                        found = between_turns(state)
                    if found is not None:
                        named_between.append(type(self).__name__)
                return found

            patch.setattr(rules, "pending", watched)
        try:
            return named_between, random_playout(fresco.GAME, _fresh(config), seed)
        except IllegalAction:
            return named_between, None


@settings(max_examples=examples(12), deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6))
def test_a_game_plays_the_same_when_every_module_is_asked_at_every_step(
    config: fresco.GameConfig, seed: int
) -> None:
    played = random_playout(fresco.GAME, _fresh(config), seed)
    named_between, reference = _play_asking_every_module(config, seed)
    assert named_between == []
    assert reference is not None
    assert reference.steps == played.steps
    assert reference.legal_counts == played.legal_counts
    assert reference.final == played.final


def test_a_decision_named_between_turns_is_caught() -> None:
    """The check can fail: a declaring module that names a decision between turns is seen."""
    config = CONFIGS[0]
    decision = ext.Pending(0, "R2.11", "a decision between turns", (fresco.EndTurn(),))
    named_between, _ = _play_asking_every_module(config, 1, between_turns=lambda s: decision)
    assert named_between


def test_a_decision_named_outside_a_declared_phase_is_caught() -> None:
    """The check can fail: a module declaring phases that names a decision while planning (a
    phase none of them declares) is seen."""
    config = CONFIGS[0]
    decision = ext.Pending(0, "R2.11", "a decision while planning", (fresco.EndTurn(),))

    def while_planning(state: fresco.State) -> ext.Pending | None:
        return decision if state.phase is Phase.PLAN else None

    assert all(Phase.PLAN not in rules.pending_phases for rules in PHASED)  # type: ignore[operator]
    named, _ = _play_asking_every_module(config, 1, between_turns=while_planning)
    assert named
