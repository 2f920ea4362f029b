"""The restoration pipeline's plumbing (R6.26, G.6, R0.40, R0.41): the record's stage step, the
painter's move as field changes, and the bishop-bonus table, checked over seeded games.

R6.26: a restoration that waits for a decision waits at the stage that asked for it
(``state.restoring.step``), and a scored restoration has passed every stage of its kind
(``state.scored.restoration.step`` is the last stage's index, -1 when the game has none).
R0.41/R0.50: ``painter_changes`` gives exactly the fields ``move_painter`` changes. R0.40:
``BISHOP_BONUS_TABLE`` holds ``bishop_bonus`` for every pair of cells.
"""

from __future__ import annotations

import pytest

from fresco_rules.fresco import GAME, GameConfig, State, bishop_bonus, parse_modules
from fresco_rules.fresco import extensions as ext
from fresco_rules.fresco.scoring import BISHOP_BONUS_TABLE
from fresco_rules.fresco.turns import move_painter, painter_changes
from fresco_rules.fresco.vocab import SEGMENTS
from fresco_rules.kernel.play import random_playout


def _states(modules: str, seeds: range) -> list[State]:
    config = GameConfig(players=2, modules=parse_modules(modules) if modules else frozenset())
    states = []
    for seed in seeds:
        playout = random_playout(GAME, config, seed)
        state = GAME.new_game(config, seed)
        for _, action in playout.steps:
            state = GAME.apply(state, action)
            states.append(state)
    return states


@pytest.mark.rule("R6.26", "G.6")
@pytest.mark.parametrize("modules", ["1,2,3,4,5,6", "5,6", "6", "4", ""])
def test_R6_26_a_restoration_waits_at_its_stage_and_is_scored_after_the_last(
    modules: str,
) -> None:
    waited = scored = 0
    for state in _states(modules, range(1, 6)):
        if state.restoring is not None:
            stage = ext.current_stage(state)
            assert stage is not None  # the step names a stage of the restoration's kind
            assert stage[0].pending(state) is not None  # ... whose module asks for a decision
            waited += 1
        if state.scored is not None:
            r = state.scored.restoration
            stages = ext.stages(state, r) if state.tables.modules else ()
            assert r.step == len(stages) - 1
            scored += 1
    assert scored > 0
    assert waited > 0 or "6" not in modules


@pytest.mark.rule("R0.41", "R0.50", "R0.51")
def test_R0_41_painter_changes_are_the_fields_move_painter_changes() -> None:
    checked = 0
    for state in _states("1,2,4", range(1, 3)):
        for actor in range(len(state.track)):
            for gain in (0, 1, 3, 7):
                moved = move_painter(state, actor, gain)
                changes = painter_changes(state, actor, gain)
                assert (moved is state) == (not changes)
                for name, value in changes.items():
                    assert getattr(moved, name) == value
                assert (moved.track, moved.start, moved.pending_track) == (
                    (state.track, state.start, state.pending_track)
                    if not changes
                    else (
                        changes.get("track", state.track),
                        changes.get("start", state.start),
                        changes["pending_track"],
                    )
                )
                checked += 1
    assert checked > 100


@pytest.mark.rule("R0.40")
def test_R0_40_the_bishop_bonus_table_holds_every_pair() -> None:
    assert len(BISHOP_BONUS_TABLE) == len(SEGMENTS) ** 2
    for segment in SEGMENTS:
        for bishop in SEGMENTS:
            assert BISHOP_BONUS_TABLE[segment, bishop] == bishop_bonus(segment, bishop)
    assert BISHOP_BONUS_TABLE[(2, 2), (2, 2)] == 3 and BISHOP_BONUS_TABLE[(0, 0), (1, 1)] == 2
    assert BISHOP_BONUS_TABLE[(0, 0), (0, 2)] == 0
