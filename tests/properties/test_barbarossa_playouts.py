"""Seeded Barbarossa playouts of whole games with every law checked at every state
(OpenSpiel-style), and the end of every seeded game."""

from __future__ import annotations

from typing import Any

import pytest

from fresco_rules.barbarossa import (
    GAME,
    AskLetter,
    AskQuestion,
    CallCurses,
    GameConfig,
    GiveLetter,
    Guess,
    JewelMove,
    QuestionPhase,
    SpendJewels,
    State,
    Step,
    Track,
    legal_actions,
)
from fresco_rules.kernel.machine import simulate_and_check
from fresco_rules.kernel.play import random_playout

from .barbarossa_strategies import barbarossa_laws


def near_misses(state: State, step: int) -> list[Any]:
    """A few unlisted actions close to the listed ones, tried at every state."""
    candidates: list[Any] = [
        SpendJewels(step % 9),
        AskLetter(step % 9, step % 12),
        AskQuestion(step % 9),
        Guess(step % 9),
        GiveLetter("AEIOUZ"[step % 6]),
        CallCurses(tuple(range(step % 5))),
        "not an action",
    ]
    listed = set(legal_actions(state))
    return [action for action in candidates if action not in listed]


@pytest.mark.rule("B19", "B17", "B22", "A-B.12", "A-B.15")
@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_B19_playout_obeys_every_law(players: int, seed: int) -> None:
    final, history = simulate_and_check(
        GAME, GameConfig(players=players), seed, invariants=[barbarossa_laws], junk=near_misses
    )
    assert final.step is Step.OVER and final.winners
    assert len(history) > 20


@pytest.mark.rule("B19", "A-B.2", "A-B.8", "A-B.10")
@pytest.mark.parametrize("seed", range(4, 16))
def test_B19_every_seeded_game_ends(seed: int) -> None:
    long_track = seed % 2 == 0
    config = GameConfig(
        players=3 + seed % 2,
        track=Track(spaces=200, start=5, finish=199) if long_track else None,
        question_phase=QuestionPhase.UNTIL_NO if seed % 3 == 0 else QuestionPhase.MAY_STOP,
        max_jewel_move=list(JewelMove)[seed % 3],
    )
    final, _ = simulate_and_check(
        GAME, config, seed, invariants=[barbarossa_laws], max_steps=20_000
    )
    assert final.step is Step.OVER
    if long_track:  # nobody can reach index 199: the 13th arrow ends the game
        assert final.arrows_placed() == 13


@pytest.mark.rule("B19")
def test_B19_random_playouts_reach_both_ends() -> None:
    ends = set()
    for seed in range(10):
        track = Track(spaces=200, start=5, finish=199) if seed % 2 else None
        final = random_playout(GAME, GameConfig(players=3 + seed % 2, track=track), seed).final
        ends.add("arrows" if final.tables.track.finish not in final.discs else "finish")
    assert ends == {"arrows", "finish"}
