"""The search player: determinized Monte Carlo tree search from one seat's view (issue 28).

Before each simulation the player draws a world the acting seat cannot tell from the real
state (the game's ``GameAdapter.sample_hidden``: other seats' secrets and the chance generator
drawn anew from the seat's view), so it decides from what the seat sees, never from the secrets
of the state it was handed. All simulations share one tree keyed by actions (open loop, as in
information-set MCTS: a node's children are the actions tried there in any world). Selection
is UCT with the reward of the seat that acts at the node; a new node is followed by a short
playout of the game's heuristic player, then the position is valued: a finished game 1 shared
among its winners, an unfinished one by the score lead squashed into 0-1. The budget is the
number of simulations per decision. A judgement the rules take from a person (the game's
``GameAdapter.judgement``: Barbarossa's sculptor) is given as the heuristic gives it, at the
root and in the simulations, never played to win. The generator is a ``random.Random``
seeded from the player's own stream, so a game is a pure function of its seed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from ..kernel.study_spec import GameAdapter, StudyError

PLAYOUT_STEPS = 4
"""Heuristic steps after a new node before the position is valued."""
EXPLORATION = 0.7
"""The UCT exploration constant (rewards lie in 0-1)."""

Pick = Callable[[Any, Sequence[Any], int, random.Random], int]
Values = Callable[[Any, Sequence[Any], int], list[tuple[float, ...]]]
"""``values(state, actions, seat)``: a key per legal action of ``state``."""


class _Node:
    __slots__ = ("children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.reward = 0.0


def key_values(adapter: GameAdapter, key: Callable[..., tuple[float, ...]]) -> Values:
    """The values of a key ``key(before, action, after, seat)``, applying each action."""
    apply = adapter.game.apply

    def values(state: Any, actions: Sequence[Any], seat: int) -> list[tuple[float, ...]]:
        return [key(state, action, apply(state, action), seat) for action in actions]

    return values


def heuristic_values(adapter: GameAdapter) -> Values:
    """The heuristic's values: the game's ``heuristic_values`` when it has one (the same
    values, cheaper), else its heuristic key (or greedy key) applied to every action."""
    if adapter.heuristic_key is not None and adapter.heuristic_values is not None:
        return adapter.heuristic_values
    return key_values(adapter, adapter.heuristic_key or adapter.greedy_key)


def values_pick(value: Values) -> Pick:
    """``pick(state, actions, seat, rng)``: an action with the largest value, ties at random."""

    def pick(state: Any, actions: Sequence[Any], seat: int, rng: random.Random) -> int:
        if len(actions) == 1:
            return 0
        values = value(state, actions, seat)
        best = max(values)
        tied = [i for i, value in enumerate(values) if value == best]
        return tied[rng.randrange(len(tied))]

    return pick


def _rewards(adapter: GameAdapter, state: Any, players: int) -> list[float]:
    rules = adapter.game
    if rules.is_over(state):
        won = adapter.winners(state)
        return [1.0 / len(won) if seat in won else 0.0 for seat in range(players)]
    scores = rules.scores(state)
    scale = 5.0 + 0.1 * max(abs(score) for score in scores)
    rewards = []
    for seat in range(players):
        lead = scores[seat] - max(s for other, s in enumerate(scores) if other != seat)
        rewards.append(0.5 + 0.5 * math.tanh(lead / scale))
    return rewards


def search_choice(adapter: GameAdapter, budget: int) -> Callable[..., int]:
    """``choice(state, actions, seat, rng) -> index``: the search player's decision for
    ``seat`` among ``actions`` (the legal actions of ``state``), with ``budget`` simulations
    drawn from the ``random.Random`` ``rng``."""
    sample = adapter.sample_hidden
    if sample is None:
        raise StudyError(f"--player search: {adapter.name} declares no sample_hidden")
    rules = adapter.game
    value = heuristic_values(adapter)
    playout = values_pick(value)
    judged = adapter.judgement or (lambda state: False)
    legal, apply, over, mover = (
        rules.legal_actions,
        rules.apply,
        rules.is_over,
        rules.current_player,
    )

    def simulate(
        root: _Node,
        world: Any,
        ranked: list[Any],
        players: int,
        rng: random.Random,
    ) -> None:
        node, state = root, world
        path: list[tuple[_Node, int]] = []
        while not over(state):
            seat = mover(state)
            options: Sequence[Any] = legal(state)
            if node is root:
                here = set(options)
                options = [a for a in ranked if a in here]
                if not options:
                    return
            if seat is None:  # a step nobody chooses: follow it at random, outside the tree
                state = apply(state, options[rng.randrange(len(options))])
                continue
            if judged(state):  # a judgement is given honestly, outside the tree
                state = apply(state, options[playout(state, options, seat, rng)])
                continue
            untried = [a for a in options if a not in node.children]
            if untried:
                # the root tries its actions best first by the heuristic, deeper nodes at random
                action = untried[0] if node is root else untried[rng.randrange(len(untried))]
                child = node.children[action] = _Node()
                path.append((child, seat))
                state = apply(state, action)
                break
            log_visits = math.log(max(1, node.visits))
            best, best_value = options[0], -1.0
            for action in options:
                child = node.children[action]
                value = child.reward / child.visits + EXPLORATION * math.sqrt(
                    log_visits / child.visits
                )
                if value > best_value:
                    best, best_value = action, value
            node = node.children[best]
            path.append((node, seat))
            state = apply(state, best)
        for _ in range(PLAYOUT_STEPS):
            if over(state):
                break
            options = legal(state)
            seat = mover(state)
            index = (
                rng.randrange(len(options)) if seat is None else playout(state, options, seat, rng)
            )
            state = apply(state, options[index])
        rewards = _rewards(adapter, state, players)
        for child, seat in path:
            child.visits += 1
            child.reward += rewards[seat]

    def choice(state: Any, actions: Sequence[Any], seat: int, rng: random.Random) -> int:
        if len(actions) == 1:
            return 0
        players = len(rules.scores(state))
        seen = sample(state, seat, rng)  # the root's order, valued in a world the seat sees
        if judged(state):
            return playout(seen, actions, seat, rng)
        values = value(seen, actions, seat)
        ties = [rng.random() for _ in actions]  # ties in random order (a yes forever loops)
        order = sorted(range(len(actions)), key=lambda i: (values[i], ties[i]), reverse=True)
        root, ranked = _Node(), [actions[i] for i in order]
        for _ in range(budget):
            root.visits += 1
            world = sample(state, seat, rng)
            simulate(root, world, ranked, players, rng)
        visits = [root.children[a].visits if a in root.children else -1 for a in ranked]
        return order[visits.index(max(visits))]

    return choice
