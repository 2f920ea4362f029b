"""The games as PettingZoo AEC environments (extra ``[pettingzoo]``).

::

    from fresco_rules.pettingzoo import env

    game = env("fresco", players=2)          # or env("barbarossa", players=3, letter_check="off")
    game.reset(seed=1)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, info = game.last()
        if termination or truncation:
            action = None
        else:
            action = game.action_space(agent).sample(observation["action_mask"])
        game.step(action)

- Agents ``player_0`` .. ``player_{n-1}`` (the seats; Leonardo is played by his controller).
- Observations: ``{"observation": the OpenSpiel observation tensor of the seat, what it sees
  now (float32, layout ``env.tensor_layout()``; the perfect-recall information state is
  OpenSpiel's, ``env.table.information_tensor(env.position, seat)``), "action_mask": int8
  over the fixed action space}``; the mask is all zero for a seat that is not to move.
  Actions: ``Discrete(num_distinct_actions)``.
- Chance nodes are resolved inside ``step`` and ``reset`` with the environment's own generator
  (seeded by ``reset(seed=...)``), never one kept in the game state.
- Rewards: 0 until the end, then the rank-based utility of ``core.rank_utilities`` (in [-1, 1],
  summing to 0). A game cut off at ``max_length`` ends with ``truncations`` True.
- Action names are the game's own notation (``fresco.notation``: ``up 7:00``, ``buy III:2``;
  ``barbarossa.notation``: ``roll``, ``letter 1b 2``): the agent to move finds its legal actions
  as ``infos[agent]["legal_actions"]`` (action index -> notation; the other agents' infos are
  empty, since a seat's legal actions are its own information); ``env.action_string(index)``
  names any index, ``env.parse(text)`` gives the index of the legal action a text names.
- ``step`` takes a Python or NumPy integer (or a 0-d NumPy integer array, as ``Discrete``
  does); a bool, float, string, bytes, container, ``None`` for a live agent or an index
  outside the space is refused with ``MalformedAction`` (rule K.1), an index that is not legal
  now with ``IllegalAction``. After the end PettingZoo's convention holds: each agent is
  terminated (or truncated), ``step(None)`` removes the selected one; once ``agents`` is empty,
  ``step`` and ``last`` raise ``AdapterError`` until ``reset``.
- ``env`` wraps the environment in PettingZoo's ``OrderEnforcingWrapper`` as the classic
  environments are; ``raw_env`` (``FrescoRulesEnv``) is the unwrapped one, which itself refuses
  ``step`` before ``reset`` with ``AdapterError``. Each game's environment has its own
  ``metadata["name"]``: ``<game>_v0`` (``fresco_v0``, ...).
- Illegal actions (``illegal_action``): "raise" (the default) refuses an index that is not
  legal now with ``IllegalAction`` and leaves the game as it was; "penalty" ends the game as
  PettingZoo's classic environments do: every agent terminated, ``illegal_reward`` (-1 by
  default) for the offender, 0 for the others, ``infos[offender]["illegal_action"]`` True. A
  malformed action (not an integer of the space) raises ``MalformedAction`` either way.
- ``render()``: the whole board for a person watching, not an agent's view, so it may show what
  a seat cannot see (``Table.position_text``, the same text as OpenSpiel's ``str(state)``);
  ``render_mode`` "ansi" returns it, "human" prints it (and ``reset`` and each ``step`` print
  it); without a render mode it warns (``gymnasium.logger.warn``) and returns None.
- ``env.scores()``: each agent's victory points (the rewards are their ranks).

docs/pettingzoo.md has the whole story.
"""

from __future__ import annotations

import math
from typing import Any

from .kernel.extras import MissingExtra

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper
except ImportError as missing:
    raise MissingExtra("fresco_rules.pettingzoo", "pettingzoo", missing.name) from None

from .adapters.core import AdapterError, Position, Table, checked_index
from .adapters.games import table as make_table
from .games import DEFAULT_GAME
from .kernel.errors import SHAPE_RULE, MalformedAction
from .kernel.untrusted import describe


def action_index(value: object, size: int) -> int:
    """The action ``step`` was given as an index 0..size-1: a Python or NumPy integer, or a 0-d
    NumPy integer array (``Discrete.contains`` takes one); never a bool (True is not action
    1), a float (2.9 is not action 2), a string or bytes."""
    if type(value) is not int:
        if isinstance(value, np.integer) or (
            type(value) is np.ndarray and value.shape == () and value.dtype.kind in "iu"
        ):
            value = int(value)
        else:
            raise MalformedAction(
                SHAPE_RULE, f"an action is an integer 0..{size - 1}, not {describe(value)}"
            )
    return checked_index(value, size, "action")


RENDER_MODES = ("ansi", "human")
"""``render()`` returns the board as text ("ansi") or prints it ("human")."""
ILLEGAL_ACTIONS = ("raise", "penalty")
"""What ``step`` does with an action that is not legal now: raise ``IllegalAction`` (the
default), or end the game with ``illegal_reward`` for the offending agent (PettingZoo's classic
environments' convention)."""


def _finite(value: object) -> float | None:
    """``value`` as a finite float when it is an ``int`` or ``float`` (not a bool) that is one."""
    if type(value) is not int and type(value) is not float:
        return None
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


def metadata_of(game: str) -> dict[str, Any]:
    """The PettingZoo metadata of a game's environment: its name is ``<game>_v0``."""
    return {"render_modes": list(RENDER_MODES), "name": f"{game}_v0", "is_parallelizable": False}


class FrescoRulesEnv(AECEnv):  # type: ignore[misc]
    """An AEC environment of one game configuration of this library, unwrapped (``raw_env``;
    ``env`` wraps it in PettingZoo's ``OrderEnforcingWrapper``). ``render_mode``: one of
    ``RENDER_MODES``; ``illegal_action``: one of ``ILLEGAL_ACTIONS``; ``illegal_reward``: the
    offending agent's reward when ``illegal_action`` is "penalty"; any other parameter is the
    game's (as in ``fresco_rules.openspiel``)."""

    metadata: dict[str, Any] = metadata_of(DEFAULT_GAME)
    """The default game's; each instance carries its own game's (``metadata_of``)."""

    def __init__(
        self,
        game: str = DEFAULT_GAME,
        render_mode: str | None = None,
        *,
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
        **params: Any,
    ) -> None:
        super().__init__()
        self.table: Table = make_table(game, params)
        self.metadata = metadata_of(self.table.spec.name)
        if render_mode is not None and (
            type(render_mode) is not str or render_mode not in RENDER_MODES
        ):
            raise AdapterError(
                f"render_mode {describe(render_mode)} is not one of "
                f"{', '.join(repr(mode) for mode in RENDER_MODES)} (or None)"
            )
        if type(illegal_action) is not str or illegal_action not in ILLEGAL_ACTIONS:
            raise AdapterError(
                f"illegal_action is 'raise' or 'penalty', not {describe(illegal_action)}"
            )
        reward = _finite(illegal_reward)
        if reward is None:
            raise AdapterError(f"illegal_reward is a finite number, not {describe(illegal_reward)}")
        self.illegal_action = illegal_action
        self.illegal_reward = reward
        self._was_reset = False
        # the agent whose illegal action ended the game ("penalty"), None otherwise
        self._penalised: str | None = None
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.table.players)]
        self.agents = list(self.possible_agents)
        size = self.table.tensor_size
        actions = len(self.table.space)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._rng = np.random.default_rng()
        self._position: Position = self.table.start()
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[0]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def tensor_layout(self) -> tuple[tuple[str, int], ...]:
        return self.table.tensor_layout()

    def action_string(self, index: int) -> str:
        """The notation of action ``index`` in the current position."""
        return self.table.action_string(self._position, index)

    def parse(self, text: str) -> int:
        """The index of the legal action ``text`` names in the game's notation (refused with
        the game's ``IllegalAction``, naming the rule, when it names an illegal action, with a
        ``NotationError`` when it names none)."""
        return self.table.parse(self._position, text)

    @property
    def position(self) -> Position:
        return self._position

    def scores(self) -> dict[str, int]:
        """Each agent's victory points, the game's own scores: the final scores at the end
        (the rewards are their ranks), the scores so far before it."""
        points = self.table.scores(self._position)
        return dict(zip(self.possible_agents, points, strict=True))

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def _settle(self) -> None:
        """Resolve chance nodes with the environment's generator; then who is to move, and
        the rewards at the end."""
        table = self.table
        position = self._position
        while table.is_chance(position):
            outcomes = table.chance_outcomes(position)
            probs = np.array([p for _, p in outcomes])
            pick = int(self._rng.choice(len(outcomes), p=probs / probs.sum()))
            position = table.choose(position, outcomes[pick][0])
        self._position = position
        self.infos = {agent: {} for agent in self.agents}
        if table.is_terminal(position):
            cut = table.truncated(position)
            for agent, value in zip(self.agents, table.returns(position), strict=True):
                self.rewards[agent] = value
                self.terminations[agent] = not cut
                self.truncations[agent] = cut
        else:
            seat = table.current_player(position)
            assert seat is not None
            self.agent_selection = self.possible_agents[seat]
            self.infos[self.agent_selection]["legal_actions"] = {
                index: table.action_string(position, index)
                for index in table.legal_actions(position)
            }

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._position = self.table.start()
        self._was_reset = True
        self._penalised = None
        self._settle()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        seat = self._seat(agent)
        table, position = self.table, self._position
        tensor = np.asarray(table.tensor(position, seat), dtype=np.float32)
        mask = np.zeros(len(table.space), dtype=np.int8)
        if self._penalised is None and table.current_player(position) == seat:
            mask[table.legal_actions(position)] = 1
        return {"observation": tensor, "action_mask": mask}

    def _selected(self) -> str:
        if not self._was_reset:
            raise AdapterError("call reset() before step() or last(): the game is not dealt yet")
        agent = self.agent_selection
        if agent not in self.agents:
            raise AdapterError("the game is over and every agent is removed: call reset()")
        return agent

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        self._selected()
        return super().last(observe)  # type: ignore[no-any-return]

    def step(self, action: Any) -> None:
        agent = self._selected()
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise MalformedAction(
                    SHAPE_RULE,
                    f"{agent} is done: its only action is None (which removes it), "
                    f"not {describe(action)}",
                )
            self._was_dead_step(action)
            return
        index = action_index(action, len(self.table.space))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {name: 0.0 for name in self.agents}
        if self.illegal_action == "penalty" and index not in self.table.legal_actions(
            self._position
        ):
            self._end_with_penalty(agent)
        else:
            self._position = self.table.play(self._position, index)
            self._settle()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _end_with_penalty(self, offender: str) -> None:
        """PettingZoo's classic convention for an illegal action: the game ends, every agent
        is terminated, the offender gets ``illegal_reward`` and the others 0, and no agent has
        a legal action left. The position stays as it was (the action is not played)."""
        self._penalised = offender
        self.rewards[offender] = self.illegal_reward
        self.terminations = {agent: True for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.infos[offender]["illegal_action"] = True

    def render(self) -> str | None:
        """The whole board as PettingZoo's classic environments show it to a person watching,
        so it may show what a seat cannot see (an agent's view is its observation): returned as text
        ("ansi") or printed ("human"; then ``reset`` and every ``step`` print it too, as in the
        classic environments). Without a render mode it warns and returns None."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "You are calling render method without specifying any render mode: "
                f"make the environment with render_mode in {list(RENDER_MODES)}"
            )
            return None
        text = self.table.position_text(self._position)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


raw_env = FrescoRulesEnv
"""The unwrapped environment (PettingZoo's name for it): ``raw_env("barbarossa", players=3)``."""


class _OrderEnforcing(OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper``, except that once every agent is removed ``step``
    and ``last`` still reach the environment, which refuses them with ``AdapterError`` (the
    wrapper would only warn, and read a stale observation)."""

    def step(self, action: Any) -> None:
        if self._has_reset and not self.agents:
            self.env.step(action)
        super().step(action)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if self._has_reset and not self.agents:
            self.env.last(observe)
        return super().last(observe)  # type: ignore[no-any-return]


def env(
    game: str = DEFAULT_GAME,
    render_mode: str | None = None,
    *,
    illegal_action: str = "raise",
    illegal_reward: float = -1.0,
    **params: Any,
) -> Any:
    """An AEC environment wrapped as PettingZoo's classic ones are (order enforced: ``step``,
    ``observe``, ``render`` before ``reset`` are errors): ``env("fresco", players=3,
    modules="4;6")``; parameters as ``FrescoRulesEnv`` (``raw_env``) takes them. The wrapper
    passes every other attribute (``table``, ``position``, ``parse``, ``scores``) through."""
    return _OrderEnforcing(
        FrescoRulesEnv(
            game,
            render_mode=render_mode,
            illegal_action=illegal_action,
            illegal_reward=illegal_reward,
            **params,
        )
    )
