"""The adapters' conventions for every game (issue 25): OpenSpiel's ``str(state)`` and
PettingZoo's ``render()`` show the board, PettingZoo's render modes, ``step`` before ``reset``,
one metadata name per environment with ``raw_env`` beside ``env``, the two illegal-action
conventions, and the final scores beside OpenSpiel's rank-based returns."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest
from pettingzoo.test import api_test
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

import fresco_rules.openspiel  # noqa: F401  (registers the games)
from fresco_rules.adapters.core import AdapterError, rank_utilities
from fresco_rules.adapters.games import spec
from fresco_rules.games import game_names
from fresco_rules.kernel.errors import IllegalAction
from fresco_rules.pettingzoo import FrescoRulesEnv, env, raw_env

NAMES = game_names()


def _random_state(name: str, nodes: int, seed: int = 1) -> Any:
    """An OpenSpiel state ``nodes`` random nodes (chance included) into a 2-player game of
    ``name`` (or earlier, at its end)."""
    game = pyspiel.load_game(f"fresco_rules_{name}(players={max(2, spec(name).min_players)})")
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    for _ in range(nodes):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def _to_the_end(state: Any, seed: int = 2) -> Any:
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


# --- OpenSpiel: str(state) is the board, scores() beside returns() ---------------------------


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_state_string_is_the_games_text_board(name: str) -> None:
    state = _random_state(name, 200)
    while state.is_chance_node():
        outcomes, _ = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(outcomes[0]))
    board = str(state.game_state)
    text = str(state)
    assert text.startswith(board)
    assert len(board.splitlines()) >= 10
    assert text.splitlines()[len(board.splitlines()) :] == [
        f"scores: {', '.join(map(str, state.scores()))}; node {state.position.length}"
    ]


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_state_string_at_a_chance_node_and_at_set_up(name: str) -> None:
    start = pyspiel.load_game(f"fresco_rules_{name}").new_initial_state()
    if start.game_state is None:  # a set-up that draws: no game state yet
        assert str(start) == f"set-up: no draws yet, next a draw of {start.position.need.kind}"
    else:  # Barbarossa's default set-up draws nothing
        assert str(start).startswith(str(start.game_state))
    state = _random_state(name, 40)
    while not (state.is_chance_node() and state.game_state is not None):
        if state.is_chance_node():
            state.apply_action(int(state.chance_outcomes()[0][0]))
        else:
            state.apply_action(int(state.legal_actions()[0]))
    text = str(state)
    assert text.startswith(str(state.game_state))
    need = state.position.need
    assert f"next a draw of {need.kind}" in text.splitlines()[-2]


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_scores_are_the_final_victory_points_behind_the_returns(name: str) -> None:
    state = _random_state(name, 0)
    if state.game_state is None:  # during a set-up that draws nobody has scored
        assert state.scores() == [0] * state.num_players()
    state = _to_the_end(_random_state(name, 0))
    scores = state.scores()
    assert all(type(score) is int for score in scores)
    assert scores == list(spec(name).scores(state.game_state))
    assert state.returns() == list(rank_utilities(scores))


def test_openspiel_scores_of_one_fixed_game() -> None:
    state = _to_the_end(_random_state("barbarossa", 0, seed=5), seed=5)
    assert (state.scores(), state.returns()) == ([30, 31, 30], [-0.5, 1.0, -0.5])


# --- PettingZoo: render -----------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoo_ansi_render_is_the_full_board(name: str) -> None:
    aec = env(name, render_mode="ansi")
    aec.reset(seed=4)
    for _ in range(6):
        aec.step(sorted(aec.infos[aec.agent_selection]["legal_actions"])[0])
    text = aec.render()
    assert isinstance(text, str)
    assert text.startswith(str(aec.position.state))
    assert len(text.splitlines()) >= 10


def test_pettingzoo_human_render_prints_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    """As in PettingZoo's classic environments, "human" prints the board after ``reset`` and
    every ``step`` as well as on ``render()``."""
    aec = env("barbarossa", render_mode="human")
    aec.reset(seed=4)
    first = str(aec.position.state)
    aec.step(sorted(aec.infos[aec.agent_selection]["legal_actions"])[0])
    second = str(aec.position.state)
    assert first != second
    assert aec.render() is None
    printed = capsys.readouterr().out
    assert printed.count("\nscores: ") == 3
    assert printed.index(first) < printed.index(second) < printed.rindex(second)
    assert printed.endswith("\n")


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoo_declares_its_render_modes_and_warns_without_one(name: str) -> None:
    aec = env(name)
    assert aec.metadata["render_modes"] == ["ansi", "human"]
    aec.reset(seed=1)
    with pytest.warns(UserWarning, match="without specifying any render mode"):
        assert aec.render() is None


def test_pettingzoo_refuses_an_unknown_render_mode() -> None:
    with pytest.raises(AdapterError, match=r"render_mode 'rgb_array' .* 'ansi', 'human'"):
        env("fresco", render_mode="rgb_array")
    with pytest.raises(AdapterError, match=r"render_mode \['ansi'\] is not one of"):
        env("fresco", render_mode=["ansi"])  # type: ignore[arg-type]


# --- PettingZoo: order, names, wrappers ------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_pettingzoo_step_before_reset_says_to_call_reset(name: str) -> None:
    unwrapped = raw_env(name)
    with pytest.raises(AdapterError, match=r"call reset\(\) before step\(\)"):
        unwrapped.step(0)
    with pytest.raises(Exception, match="reset"):
        env(name).step(0)


def test_each_environment_has_its_own_name_and_a_raw_env() -> None:
    names = []
    for name in NAMES:
        unwrapped, wrapped = raw_env(name), env(name)
        assert type(unwrapped) is FrescoRulesEnv
        assert isinstance(wrapped, OrderEnforcingWrapper)
        assert type(wrapped.unwrapped) is FrescoRulesEnv
        assert unwrapped.metadata["name"] == wrapped.metadata["name"] == f"{name}_v0"
        names.append(unwrapped.metadata["name"])
    assert names == ["fresco_v0", "barbarossa_v0", "carcassonne_v0"]
    assert FrescoRulesEnv.metadata["name"] == "fresco_v0"  # the class's: the default game


# --- PettingZoo: illegal actions --------------------------------------------------------------


def _illegal(aec: Any) -> int:
    legal = aec.infos[aec.agent_selection]["legal_actions"]
    return next(i for i in range(len(aec.table.space)) if i not in legal)


@pytest.mark.parametrize("name", NAMES)
def test_an_illegal_action_raises_by_default(name: str) -> None:
    aec = env(name)
    aec.reset(seed=2)
    before = aec.position
    with pytest.raises(IllegalAction):
        aec.step(_illegal(aec))
    assert aec.position is before and not any(aec.terminations.values())


@pytest.mark.parametrize("name", NAMES)
def test_an_illegal_action_can_end_the_game_with_a_penalty(name: str) -> None:
    aec = env(name, players=3, illegal_action="penalty")
    aec.reset(seed=2)
    aec.step(sorted(aec.infos[aec.agent_selection]["legal_actions"])[0])
    offender = aec.agent_selection
    aec.step(_illegal(aec))
    assert aec.terminations == {agent: True for agent in aec.possible_agents}
    assert aec.truncations == {agent: False for agent in aec.possible_agents}
    assert aec.rewards == {a: (-1.0 if a == offender else 0.0) for a in aec.possible_agents}
    assert aec.infos[offender]["illegal_action"] is True
    assert all(aec.observe(agent)["action_mask"].sum() == 0 for agent in aec.possible_agents)
    got: dict[str, float] = {}
    for agent in aec.agent_iter():
        _, reward, termination, _, _ = aec.last()
        assert termination
        got[agent] = reward
        aec.step(None)
    assert got == {a: (-1.0 if a == offender else 0.0) for a in aec.possible_agents}


def test_the_penalty_is_a_parameter_and_malformed_actions_still_raise() -> None:
    aec = env("barbarossa", players=3, illegal_action="penalty", illegal_reward=-5)
    aec.reset(seed=2)
    with pytest.raises(Exception, match="integer"):
        aec.step(2.5)
    offender = aec.agent_selection
    aec.step(_illegal(aec))
    assert aec.rewards[offender] == -5.0
    with pytest.raises(AdapterError, match="illegal_action is 'raise' or 'penalty'"):
        env("fresco", illegal_action="ignore")
    rewards: list[Any] = [float("nan"), float("inf"), 10**400, True, "-1", None]
    for reward in rewards:
        with pytest.raises(AdapterError, match="illegal_reward is a finite number"):
            env("fresco", illegal_action="penalty", illegal_reward=reward)


def test_api_test_passes_with_the_penalty_convention() -> None:
    api_test(env("barbarossa", players=3, illegal_action="penalty"), num_cycles=100)


def test_pettingzoo_scores_are_reachable() -> None:
    aec = env("carcassonne", players=2)
    aec.reset(seed=3)
    assert aec.scores() == {"player_0": 0, "player_1": 0}
    for agent in aec.agent_iter():
        observation, _, termination, truncation, _ = aec.last()
        if termination or truncation:
            aec.step(None)
        else:
            aec.step(int(np.flatnonzero(observation["action_mask"])[0]))
        assert agent
    final = list(aec.scores().values())
    assert final == list(spec("carcassonne").scores(aec.position.state)) and max(final) > 0
