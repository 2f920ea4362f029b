"""The games as OpenSpiel Python games (extra ``[openspiel]``).

Importing this module registers ``fresco_rules_fresco`` (2-4 players, any modules and
options) and ``fresco_rules_barbarossa`` (3-4 players) with ``pyspiel``::

    import pyspiel
    import fresco_rules.openspiel  # registers the games
    game = pyspiel.load_game("fresco_rules_fresco(players=3,modules=4;6)")

- Actions: a fixed integer space per configuration (``num_distinct_actions``; Fresco with
  every module, 1-6); legal actions are sorted ints; ``action_to_string`` gives the action in
  the game's own notation (``fresco.notation``: ``up 7:00``, ``buy III:2``, ``portrait PT04
  red blue``; ``barbarossa.notation``: ``roll``, ``letter 1b 2``; ``carcassonne.notation``:
  ``place 2,-1 90``, ``deploy city N-W``), and ``game.table.parse(position, text)`` reads it
  back.
- Chance: every draw of the kernel's chance source (start spaces, market tiles, the fresco deal,
  portraits, the tiles module 3 removes, Wishing Cards, discs, glass, windows; Barbarossa's
  dice; Carcassonne's tiles) is a chance node, outcome strings ``kind:item`` with their
  probabilities. A state holds no generator (``adapters.core``).
- Planning (``SubmitPlan``) is sequential. The observation of a seat is what it sees now: its
  ``player_view``, the public decision in progress and, when it is to move, its own legal
  actions. The information state has perfect recall: the seat's first observation, then for
  every node passed its own action, or that another seat acted or chance drew, and what changed
  in its observation, then its observation now; so it depends only on what the seat saw, and
  two histories it could tell apart give different information states. Tensors: the
  observation's layout is in ``fresco_spec`` / ``barbarossa_spec`` / ``carcassonne_spec``
  (``game.tensor_layout()``); the information-state tensor appends ``history``, 3 numbers per
  node for ``max_game_length`` nodes (own action + 1, mover + 1, a 24-bit digest of what the
  seat saw change: ``adapters.core.Table.information_tensor``), so its size is fixed per
  configuration.
- ``returns()``: rank-based utilities in [-1, 1] summing to 0 (``core.rank_utilities``):
  (opponents scored below - opponents scored above) / (players - 1); Leonardo does not count.
  Zero until the end.
- ``max_game_length`` is the ``max_length`` parameter (nodes, chance included): no rule bounds a
  game in which nobody scores, so a game that reaches it is cut off at the next decision and
  scored as it stands (``state.truncated()``). Random games stay far below the defaults.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import pyspiel
from attrs import evolve
from open_spiel.python.algorithms import mcts

from .adapters.core import AdapterError, GameSpec, Position, Table, table_for
from .adapters.games import FRESCO, SPECS
from .kernel.rng import next_below

PREFIX = "fresco_rules_"


def _game_type(spec: GameSpec) -> Any:
    return pyspiel.GameType(
        short_name=PREFIX + spec.name,
        long_name=f"fresco_rules {spec.name.title()}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(spec.default_params),
    )


def _python_params(params: Mapping[str, Any] | None) -> dict[str, Any]:
    """pyspiel hands parameters over as Python values or ``GameParameter`` objects."""
    found: dict[str, Any] = {}
    for key, value in (params or {}).items():
        found[key] = value.value() if hasattr(value, "value") and callable(value.value) else value
    return found


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """One game configuration as a pyspiel game."""

    spec: GameSpec = FRESCO

    def __init__(self, params: Mapping[str, Any] | None = None, *, config: Any = None) -> None:
        if config is None:
            table = table_for(self.spec, _python_params(params))
        else:
            table = Table(self.spec, _python_params(params), config=config)
        self.table = table
        info = pyspiel.GameInfo(
            num_distinct_actions=len(table.space),
            max_chance_outcomes=len(table.outcomes),
            num_players=table.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=table.max_length,
        )
        super().__init__(_game_type(self.spec), info, dict(table.params))

    def new_initial_state(self) -> SpielState:
        return SpielState(self, self.table, self.table.start())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> ViewObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is None:
            return ViewObserver(self.table)
        if (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(f"only the observer's own private information: {iig_obs_type}")
        return ViewObserver(self.table, perfect_recall=iig_obs_type.perfect_recall)

    def tensor_layout(self) -> tuple[tuple[str, int], ...]:
        """The named pieces of the observation tensor, in order."""
        return self.table.tensor_layout()

    def information_tensor_layout(self) -> tuple[tuple[str, int], ...]:
        """The named pieces of the information-state tensor: the observation's, then
        ``history`` (``adapters.core.Table.information_tensor``)."""
        return self.table.information_tensor_layout()


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state holding one immutable ``Position`` (cloning shares it)."""

    def __init__(self, game: SpielGame, table: Table, position: Position) -> None:
        super().__init__(game)
        self._table = table
        self._position = position

    @property
    def position(self) -> Position:
        return self._position

    @property
    def game_state(self) -> Any:
        """The library's game state (at a chance node: the state before the step)."""
        return self._position.state

    def current_player(self) -> int:
        table, position = self._table, self._position
        if table.is_chance(position):
            return int(pyspiel.PlayerId.CHANCE)
        if table.is_terminal(position):
            return int(pyspiel.PlayerId.TERMINAL)
        seat = table.current_player(position)
        assert seat is not None
        return seat

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.current_player():
            return []
        return self._table.legal_actions(self._position)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._table.chance_outcomes(self._position)

    def _apply_action(self, action: int) -> None:
        table = self._table
        if table.is_chance(self._position):
            self._position = table.choose(self._position, int(action))
        else:
            self._position = table.play(self._position, int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self._table.outcome_string(int(action))
        return self._table.action_string(self._position, int(action))

    def is_terminal(self) -> bool:
        return self._table.is_terminal(self._position)

    def truncated(self) -> bool:
        """The game was cut off at ``max_length`` before its natural end."""
        return self._table.truncated(self._position)

    def returns(self) -> list[float]:
        return list(self._table.returns(self._position))

    def __str__(self) -> str:
        position = self._position
        state = position.state
        if state is None:
            return f"set-up, {len(position.drawn)} draws"
        text = str(state.where()) if hasattr(state, "where") else repr(state.step)
        if position.need is not None:
            text += f"; drawing {position.need.kind} ({len(position.drawn)} drawn)"
        return f"{text}; scores {self._table.spec.scores(state)}; length {position.length}"


class ViewObserver:
    """The PyObserver of the games. The observation (``perfect_recall`` False): the seat's
    view now, as text (``Table.observation``) and tensor (``Table.tensor``). The information
    state (``perfect_recall`` True): everything the seat has seen, its own actions and the
    moves of the others and of chance as far as it saw them (``Table.information_state``,
    ``Table.information_tensor``). Both hold public information and the observer's private
    information only (other observation types are refused)."""

    def __init__(self, table: Table, perfect_recall: bool = False) -> None:
        self.table = table
        self.perfect_recall = perfect_recall
        layout = table.information_tensor_layout() if perfect_recall else table.tensor_layout()
        self.tensor = np.zeros(sum(size for _, size in layout), np.float32)
        self.dict: dict[str, Any] = {}
        start = 0
        for name, size in layout:
            self.dict[name] = self.tensor[start : start + size]
            start += size

    def set_from(self, state: SpielState, player: int) -> None:
        table, position = self.table, state.position
        observation = table.tensor(position, player)
        if not self.perfect_recall:
            self.tensor[:] = observation
            return
        numbers = table.recall_numbers(position, player)
        size, filled = len(observation), len(observation) + len(numbers)
        self.tensor[:size] = observation
        self.tensor[size:filled] = numbers
        self.tensor[filled:] = 0.0

    def string_from(self, state: SpielState, player: int) -> str:
        if self.perfect_recall:
            return self.table.information_state(state.position, player)
        return self.table.observation(state.position, player)


def _game_class(spec: GameSpec) -> type[SpielGame]:
    return type(f"{spec.name.title()}Game", (SpielGame,), {"spec": spec, "__module__": __name__})


GAMES: dict[str, type[SpielGame]] = {name: _game_class(spec) for name, spec in SPECS.items()}
"""The pyspiel game class of each game, registered as ``fresco_rules_<name>``."""

for _name, _cls in GAMES.items():
    pyspiel.register_game(_game_type(SPECS[_name]), _cls)


StudyChoose = Callable[[Any, Sequence[object], "int | None", int], tuple[int, int]]


def study_player(
    adapter: Any, *, simulations: int = 24, rollout_length: int = 60, uct_c: float = 2.0
) -> StudyChoose:
    """``--player mcts`` of ``fresco_rules.study``: OpenSpiel's ``MCTSBot`` (UCT, one random
    rollout of at most ``rollout_length`` nodes per simulation, ``simulations`` per decision)
    chooses for the seat to move.

    The search starts from the true state with chance made explicit (its generator is never
    read: every draw in the tree is a chance node sampled by the bot), so it knows the other
    seats' hidden plans and cards: an open-hand player, stronger than a seat could be. Its
    random numbers come from the study's generator, so a study stays a pure function of its
    seeds. ``choose(state, actions, seat, rng) -> (index into actions, rng)``.
    """
    spec = SPECS.get(getattr(adapter, "name", None))  # type: ignore[arg-type]
    if spec is None:
        raise AdapterError(f"no OpenSpiel adapter for the game {adapter.name!r}")
    games: dict[int, tuple[Any, SpielGame]] = {}

    def game_for(config: Any) -> SpielGame:
        found = games.get(id(config))
        if found is None or found[0] is not config:
            found = (config, GAMES[spec.name](config=config))
            games[id(config)] = found
        return found[1]

    def choose(
        state: Any, actions: Sequence[object], seat: int | None, rng: int
    ) -> tuple[int, int]:
        if seat is None or len(actions) == 1:
            return next_below(rng, len(actions))
        game = game_for(state.config)
        explicit = evolve(state, chance=evolve(state.chance, script=(), scripted_only=True))
        position = Position(explicit, None, (), None, 0)
        seed, rng = next_below(rng, 2**31)
        random_state = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(
            n_rollouts=1, random_state=random_state, max_length=rollout_length
        )
        bot = mcts.MCTSBot(
            game, uct_c, simulations, evaluator, random_state=random_state, solve=False
        )
        index = bot.step(SpielState(game, game.table, position))
        chosen = game.table.game_actions(position)[index]
        return actions.index(chosen), rng

    return choose
