"""Each fast form of a rule function agrees with the plain one it stands in for (issue 24).

A rule function states its rule plainly; where the game's hot path runs another form of it (a
precomputed table, a fused step), that form lives beside it and a property here checks that the
two agree on generated inputs: cells of the grid for the bishop bonus, and states of random games
of random configs (every combination of modules) for the end of a turn and the restoration
stages.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fresco_rules.fresco import (
    GameConfig,
    Restore,
    RestoreAltar,
    State,
    apply,
    is_over,
    legal_actions,
    new_game,
    turns,
)
from fresco_rules.fresco.actions import canonical_paints
from fresco_rules.fresco.flow import advance, finish_turn, finish_turn_and_begin_next
from fresco_rules.fresco.scoring import (
    ALTAR_HAND_INS,
    BISHOP_BONUS_TABLE,
    NEIGHBOURS,
    altar_points,
    bishop_bonus,
    special_hand_ins,
)
from fresco_rules.fresco.vocab import BASE_PAINTS, SPECIAL_PAINTS, Paint
from fresco_rules.kernel.errors import IllegalAction
from fresco_rules.kernel.evolve import evolve

from .fresco_strategies import configs

STEPS = 400
"""The steps of each generated game walked (enough for several rounds of every location)."""

grid_cells = st.tuples(st.integers(0, 4), st.integers(0, 4))
seeds = st.integers(0, 2**32 - 1)


def walk(config: GameConfig, seed: int) -> Iterator[tuple[State, Any]]:
    """The states of a random game of ``config`` with the action taken in each: a restoration
    when one is offered, half the time (so the cathedral and its stages are reached), else any
    legal action."""
    state = new_game(config, seed)
    rng = random.Random(seed)
    for _ in range(STEPS):
        if is_over(state):
            return
        actions = legal_actions(state)
        restorations = [a for a in actions if isinstance(a, Restore | RestoreAltar)]
        action = rng.choice(restorations if restorations and rng.random() < 0.5 else actions)
        yield state, action
        state = apply(state, action)


@pytest.mark.rule("R0.40")
@given(segment=grid_cells, bishop=grid_cells)
def test_R0_40_the_bishop_bonus_table_is_bishop_bonus(
    segment: tuple[int, int], bishop: tuple[int, int]
) -> None:
    assert BISHOP_BONUS_TABLE[segment, bishop] == bishop_bonus(segment, bishop)
    # the neighbours of R0.38's bishop step are R0.40's neighbours
    assert (bishop in NEIGHBOURS[segment]) == (bishop_bonus(segment, bishop) == 2)


all_paints = st.sampled_from((*BASE_PAINTS, *SPECIAL_PAINTS))


@pytest.mark.rule("R0.43", "R0.44", "A0.14", "R3.8", "R3.9")
@given(
    pieces=st.tuples(all_paints, all_paints, all_paints),
    pink=st.integers(0, 9),
    brown=st.integers(0, 9),
)
def test_R0_43_the_altar_hand_in_tables_are_altar_points(
    pieces: tuple[Paint, Paint, Paint], pink: int, brown: int
) -> None:
    """The hand-in tables the legal actions and the adapters' action space are built from
    (``ALTAR_HAND_INS``; with module 3 ``special_hand_ins``) hold exactly the hand-ins
    ``altar_points`` accepts, with its points."""
    bonus = {Paint.PINK: pink, Paint.BROWN: brown}
    table = dict((*ALTAR_HAND_INS, *special_hand_ins(bonus)))
    try:
        points: int | None = altar_points(pieces, bonus=bonus)
    except IllegalAction:
        points = None
    assert table.get(canonical_paints(pieces)) == points


@pytest.mark.rule("R0.35", "R0.30")
@given(config=configs, seed=seeds)
def test_R0_35_ending_a_turn_fast_is_finish_turn_then_advance(
    config: GameConfig, seed: int
) -> None:
    ended = 0
    for state, _ in walk(config, seed):
        if state.turn is None:
            continue
        fast = advance(finish_turn_and_begin_next(state))
        assert fast == advance(finish_turn(state)), state.where()
        ended += 1
    assert ended > 0


def stage_by_stage(state: State, restoration: Any, changes: dict[str, Any] | None = None) -> State:
    """``continue_restoration`` as its plain form: the changes, then ``enter_stages``."""
    return turns.enter_stages(evolve(state, **(changes or {})), restoration)


@pytest.mark.rule("R6.26", "A6.13")
@given(config=configs, seed=seeds)
def test_R6_26_the_fused_restoration_step_is_stage_by_stage(config: GameConfig, seed: int) -> None:
    for state, action in walk(config, seed):
        waiting = state.restoring
        if waiting is not None:
            # from a waiting restoration, entering the stages again from every earlier point
            for step in range(-1, waiting.step + 1):
                r = evolve(waiting, step=step)
                assert turns.continue_restoration(state, r) == turns.enter_stages(state, r)
        if waiting is not None or isinstance(action, Restore | RestoreAltar):
            # the live action (a hand-in, or a stage decision with its changes) through each form
            live = apply(state, action)
            with patch.object(turns, "continue_restoration", stage_by_stage):
                plain = apply(state, action)
            assert live == plain, (state.where(), action)


def hand_in_then_start(state: State, restoration: Any, changes: dict[str, Any]) -> State:
    """``hand_in_and_score`` as its plain form: the hand-in's new state, then the restoration
    runs its course."""
    return turns.start_restoration(evolve(state, bishop=restoration.bishop, **changes), restoration)


@pytest.mark.rule("R0.39", "R0.41", "R0.42", "R0.43")
@given(config=configs.map(lambda config: evolve(config, modules=frozenset())), seed=seeds)
def test_R0_39_the_fused_hand_in_and_scoring_is_hand_in_then_restoration(
    config: GameConfig, seed: int
) -> None:
    restored = 0
    for state, action in walk(config, seed):
        if isinstance(action, Restore | RestoreAltar):
            live = apply(state, action)
            with patch.object(turns, "hand_in_and_score", hand_in_then_start):
                assert apply(state, action) == live, (state.where(), action)
            restored += 1
    assert restored > 0
