"""Seeded random play: the same seed always gives the same game, without global random state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from attrs import frozen

from .protocol import GameRules
from .rng import next_below, seed_state

S = TypeVar("S")
A = TypeVar("A")


class GameDidNotEnd(RuntimeError):
    """A playout hit its step limit: a game that does not end is a bug to report."""


@frozen
class Playout(Generic[S, A]):
    """A finished game: its config and seed, the actions with acting seats, the final state."""

    config: Any
    seed: int
    steps: tuple[tuple[int | None, A], ...]
    final: S
    legal_counts: tuple[int, ...]
    """The number of legal actions before each step (golden-game data)."""


def random_playout(
    game: GameRules[S, A],
    config: Any,
    seed: int,
    *,
    policy_seed: int | None = None,
    max_steps: int = 200_000,
    on_step: Callable[[S, A, S], None] | None = None,
) -> Playout[S, A]:
    """Play one game choosing uniformly among the legal actions.

    ``seed`` sets up the game; the policy's own generator starts from ``policy_seed`` (default:
    the same seed). ``on_step(before, action, after)`` is called after every action.
    """
    state = game.new_game(config, seed)
    rng = seed_state(seed if policy_seed is None else policy_seed)
    steps: list[tuple[int | None, A]] = []
    counts: list[int] = []
    # the game's functions read once: this loop is what the benchmark times
    is_over, legal_actions = game.is_over, game.legal_actions
    current_player, apply = game.current_player, game.apply
    while not is_over(state):
        if len(steps) >= max_steps:
            raise GameDidNotEnd(f"{game.name}: no end after {max_steps} steps (seed {seed})")
        actions = legal_actions(state)
        index, rng = next_below(rng, len(actions))
        action = actions[index]
        seat = current_player(state)
        after = apply(state, action)
        if on_step is not None:
            on_step(state, action, after)
        steps.append((seat, action))
        counts.append(len(actions))
        state = after
    return Playout(config, seed, tuple(steps), state, tuple(counts))


def replay(game: GameRules[S, A], config: Any, seed: int, actions: list[A] | tuple[A, ...]) -> S:
    """Apply ``actions`` in order from the seeded start; raises at the first illegal one."""
    state = game.new_game(config, seed)
    for action in actions:
        state = game.apply(state, action)
    return state
