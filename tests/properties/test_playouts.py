"""Seeded playouts of whole games with every law checked at every state (OpenSpiel-style)."""

from __future__ import annotations

from typing import Any

import pytest

from fresco_rules.fresco import (
    GAME,
    GLASS,
    BuyGlass,
    BuyTile,
    BuyWishingCard,
    ChooseGetUp,
    CloseBooth,
    GameConfig,
    Gild,
    HandInGlass,
    Module,
    PlaceGlassworks,
    PlacePennies,
    Restore,
    State,
    SubmitPlan,
    TakeWindow,
    TrackCollision,
    UseBishopsVisit,
    UseFreePaints,
    UseStreetMusician,
    UseTip,
    legal_actions,
)
from fresco_rules.fresco.vocab import PLAN_COLUMNS, SEGMENTS
from fresco_rules.kernel.machine import simulate_and_check

from .fresco_strategies import fresco_laws


def near_misses(state: State, step: int) -> list[Any]:
    """A few unlisted actions close to the listed ones, tried at every state."""
    candidates: list[Any] = [
        ChooseGetUp(step % 6),
        SubmitPlan(market=step % 4, theatre=1, cathedral_2=1),
        BuyTile(step % 4, step % 5),
        CloseBooth(step % 5),
        Restore(SEGMENTS[step % 25], SEGMENTS[(step * 7) % 25]),
        "not an action",
    ]
    listed = set(legal_actions(state))
    return [action for action in candidates if action not in listed]


@pytest.mark.rule("R0.14", "R0.60", "R0.62", "R0.66", "R0.67", "R0.31")
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_R0_14_playout_obeys_every_law(players: int, seed: int) -> None:
    final, history = simulate_and_check(
        GAME, GameConfig(players=players), seed, invariants=[fresco_laws], junk=near_misses
    )
    assert final.phase.value == "over"
    assert len(history) > 50


@pytest.mark.rule("R0.62", "A0.11")
@pytest.mark.parametrize("seed", range(3, 23))
def test_R0_62_every_seeded_game_ends(seed: int) -> None:
    players = 2 + seed % 3
    collision = TrackCollision.FORWARD if seed % 2 else TrackCollision.CHOICE
    final, _ = simulate_and_check(
        GAME, GameConfig(players=players, track_collision=collision), seed, max_steps=20_000
    )
    assert final.tiles_left() <= 6


def module_near_misses(state: State, step: int) -> list[Any]:
    """``near_misses`` plus unlisted actions of modules 4-6."""
    candidates: list[Any] = [
        BuyWishingCard(),
        UseTip(),
        UseStreetMusician(),
        UseFreePaints("M11"),
        UseBishopsVisit(SEGMENTS[step % 25]),
        PlacePennies(step % 4),
        Gild(step % 2 == 0),
        TakeWindow(step % 7),
        HandInGlass((GLASS[step % 4], GLASS[(step // 4) % 4])),
        BuyGlass(GLASS[step % 4]),
        PlaceGlassworks(PLAN_COLUMNS[step % 6], step % 2 == 1),
    ]
    listed = set(legal_actions(state))
    # two module candidates a step (each refused action costs a deep copy of the state)
    chosen = [candidates[step % len(candidates)], candidates[(step * 7 + 3) % len(candidates)]]
    base = near_misses(state, step) if step % 4 == 0 else []
    return base + [a for a in chosen if a not in listed]


ALL_MODULES = frozenset(Module)


@pytest.mark.rule("G.1", "R4.16", "R5.14", "R6.27", "G.6", "R0.14")
@pytest.mark.parametrize(
    ("modules", "players", "seed"),
    [
        *((ALL_MODULES, players, players) for players in (2, 3, 4)),
        (frozenset({Module.WISHING_WELL}), 3, 3),
        (frozenset({Module.LEAF_GOLD}), 4, 4),
        (frozenset({Module.GLAZIERS}), 2, 5),
    ],
    ids=lambda value: (
        "+".join(str(m.value) for m in sorted(value, key=lambda m: m.value))
        if isinstance(value, frozenset)
        else str(value)
    ),
)
def test_G_1_module_playout_obeys_every_law(
    modules: frozenset[Module], players: int, seed: int
) -> None:
    config = GameConfig(players=players, modules=modules)
    final, history = simulate_and_check(
        GAME, config, seed, invariants=[fresco_laws], junk=module_near_misses
    )
    assert final.phase.value == "over"
    assert len(history) > 50
