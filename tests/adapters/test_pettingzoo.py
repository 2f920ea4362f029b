"""The games as PettingZoo AEC environments: PettingZoo's own API test and seed test on each
environment, and a whole game played through the AEC loop."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from fresco_rules.pettingzoo import FrescoRulesEnv, env

ENVS = [
    ("fresco", {"players": 2}),
    ("fresco", {"players": 3, "modules": "4;6"}),
    ("fresco", {"players": 2, "modules": "1;2;3"}),
    ("fresco", {"players": 4, "modules": "1;2;3;4;5;6"}),
    ("barbarossa", {"players": 3}),
    ("barbarossa", {"players": 4, "letter_check": "off"}),
    ("carcassonne", {"players": 3}),
]


@pytest.mark.parametrize(("game", "params"), ENVS)
def test_api_test(game: str, params: dict[str, Any]) -> None:
    api_test(env(game, **params), num_cycles=300)


@pytest.mark.parametrize(("game", "params"), ENVS)
def test_seed_test(game: str, params: dict[str, Any]) -> None:
    seed_test(lambda: env(game, **params), num_cycles=100)


def _play(game: FrescoRulesEnv, seed: int) -> tuple[dict[str, float], int]:
    game.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards = {agent: 0.0 for agent in game.possible_agents}
    steps = 0
    for agent in game.agent_iter():
        observation, reward, termination, truncation, _ = game.last()
        rewards[agent] += reward
        if termination or truncation:
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        game.step(int(rng.choice(legal)))
        steps += 1
    return rewards, steps


def test_a_whole_game_through_the_aec_loop() -> None:
    game = env("fresco", players=2)
    rewards, steps = _play(game, seed=3)
    assert steps > 100
    assert sorted(rewards.values()) in ([-1.0, 1.0], [0.0, 0.0])
    assert game.agents == []


def test_same_seed_same_game_and_masks_only_for_the_mover() -> None:
    first, second = env("barbarossa", players=3), env("barbarossa", players=3)
    assert _play(first, seed=8) == _play(second, seed=8)
    first.reset(seed=1)
    mover = first.agent_selection
    for agent in first.possible_agents:
        mask = first.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == mover)
    legal = [int(i) for i in np.flatnonzero(first.observe(mover)["action_mask"])]
    names = [first.action_string(i) for i in legal]
    assert names[0] == "no curse"  # a curse may be called before the first move
    assert first.infos[mover]["legal_actions"] == dict(zip(legal, names, strict=True))
    assert all(first.infos[a] == {} for a in first.possible_agents if a != mover)
    assert [first.parse(name) for name in names] == legal
