"""The games as OpenSpiel Python games (extra ``[openspiel]``).

Importing this module registers ``fresco_rules_<name>`` with ``pyspiel`` for every game of
``fresco_rules.games`` (``fresco_rules_fresco``: 2-4 players, any modules and options)::

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
  observation's layout is in each game's ``adapter_spec`` module
  (``game.tensor_layout()``); the information-state tensor appends ``history``, 3 numbers per
  node for ``max_game_length`` nodes (own action + 1, mover + 1, a 24-bit digest of what the
  seat saw change: ``adapters.core.Table.information_tensor``), so its size is fixed per
  configuration.
- ``returns()``: rank-based utilities in [-1, 1] summing to 0 (``core.rank_utilities``):
  (opponents scored below - opponents scored above) / (players - 1); Leonardo does not count.
  Zero until the end. ``state.scores()`` gives the victory points they rank (so far, and final
  at the end).
- ``str(state)``: the state for a person watching the whole table, not a seat's view (in
  OpenSpiel ``str(state)`` is the state; a seat's view is its observation string), so it may
  show what a seat cannot see: the game's text board, then at a chance node the draw it waits
  for, and the scores and node count (``adapters.core.Table.position_text``).
- ``max_game_length`` is the ``max_length`` parameter (nodes, chance included): no rule bounds a
  game in which nobody scores, so a game that reaches it is cut off at the next decision and
  scored as it stands (``state.truncated()``). Random games stay far below the defaults.
- State strings: ``state.serialize()`` is a one-line JSON document ``{"format", "version",
  "game", "params", "history"}`` (the action ids from the start, chance outcomes included);
  ``game.deserialize_state(text)`` replays it through the rules, checking every id, and refuses
  anything else with ``StateTextRefused``. pyspiel's own form for Python games (``__dict__=``, a
  pickle) could run code and is never read. Importing this module routes
  ``pyspiel.serialize_game_and_state`` and ``pyspiel.deserialize_game_and_state`` through these
  two for the games here (other games go on to pyspiel's functions unchanged); ``pickle`` of a
  state or a game goes through them too. OpenSpiel's C++ code that serialises states by itself
  (``random_sim_test``) still uses pyspiel's form: never give it a string from elsewhere.

docs/openspiel.md has the whole story.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from attrs import evolve

from .kernel.extras import MissingExtra

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts
except ImportError as missing:
    raise MissingExtra("fresco_rules.openspiel", "openspiel", missing.name) from None

from .adapters.core import AdapterError, GameSpec, Position, Table, table_for
from .adapters.games import available
from .adapters.games import spec as game_spec
from .games import DEFAULT_GAME
from .kernel.errors import RulesError
from .kernel.rng import next_below
from .kernel.untrusted import describe

PREFIX = "fresco_rules_"

STATE_FORMAT = "fresco_rules.openspiel.state"
"""The ``format`` of the JSON document ``SpielState.serialize`` writes."""
STATE_VERSION = 1
_STATE_KEYS = frozenset({"format", "version", "game", "params", "history"})
_STATE_TEXT_OVERHEAD = 1 << 16
"""Characters a state string may hold besides its history (the parameters)."""


class StateTextRefused(AdapterError):
    """A state string this adapter does not read: not the JSON document ``serialize`` writes
    (pyspiel's pickle-based form included), another game or configuration, or a history the
    rules refuse."""


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

    spec: GameSpec = game_spec(DEFAULT_GAME)

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

    def deserialize_state(self, text: object) -> SpielState:
        """The state ``SpielState.serialize`` wrote, replayed from the start through the rules;
        anything else is refused with ``StateTextRefused`` (never unpickled)."""
        return _state_from_text(self, text)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game string (a game made from a config: with the config)."""
        table = self.table
        config = table.config if table.from_config else None
        return (_game_from, (self.spec.name, str(self), dict(table.params), config))

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

    def serialize(self) -> str:
        """The state as a one-line JSON document: the game, its parameters and the action ids
        from the start (chance outcomes included). ``game.deserialize_state`` reads it back."""
        table = self._table
        nodes = self._position.history()
        root = nodes[0]
        if root is not table.initial and root != table.initial:
            raise StateTextRefused("this state was not reached from the game's start")
        history = []
        for node in nodes[1:]:
            assert node.via is not None
            history.append(node.via[1])
        document = {
            "format": STATE_FORMAT,
            "version": STATE_VERSION,
            "game": table.spec.name,
            "params": dict(table.params),
            "history": history,
        }
        return json.dumps(document, ensure_ascii=True)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game and ``serialize()``, replayed on loading."""
        return (_state_from_text, (self.get_game(), self.serialize()))

    def __deepcopy__(self, memo: dict[int, object]) -> SpielState:
        return self.clone()  # type: ignore[no-any-return]

    def truncated(self) -> bool:
        """The game was cut off at ``max_length`` before its natural end."""
        return self._table.truncated(self._position)

    def returns(self) -> list[float]:
        return list(self._table.returns(self._position))

    def scores(self) -> list[int]:
        """The seats' victory points, the game's own scores (Leonardo left out): the final
        scores at the end, the scores so far before it, all 0 during the set-up.
        ``returns()`` are their ranks (``core.rank_utilities``)."""
        return list(self._table.scores(self._position))

    def __str__(self) -> str:
        """The state for a person watching the whole table (OpenSpiel's convention: what a
        seat sees is its observation string): the game's text board, then the pending draw at
        a chance node, and the scores and node count (``Table.position_text``)."""
        return self._table.position_text(self._position)


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


def _text_limit(table: Table) -> int:
    digits = len(str(max(len(table.space), len(table.outcomes))))
    return _STATE_TEXT_OVERHEAD + table.max_length * (digits + 2)


def _state_from_text(game: SpielGame, text: object) -> SpielState:
    table = game.table
    if type(text) is not str:
        raise StateTextRefused(f"a state string is a str, not {describe(text)}")
    limit = _text_limit(table)
    if len(text) > limit:
        raise StateTextRefused(f"a state string of {len(text)} characters (at most {limit})")
    if text.startswith("history=") or "__dict__=" in text:
        raise StateTextRefused(
            "pyspiel's pickle-based state string (history=, __dict__=) is never read, since "
            "unpickling it could run code: write states with state.serialize()"
        )
    try:
        document = json.loads(text)
    except (ValueError, RecursionError):
        raise StateTextRefused(f"a state string is a JSON document: {describe(text)}") from None
    if type(document) is not dict or set(document) != _STATE_KEYS:
        raise StateTextRefused(f"a state document has the keys {sorted(_STATE_KEYS)}")
    found = document["format"], document["version"], document["game"]
    if found != (STATE_FORMAT, STATE_VERSION, table.spec.name) or type(found[1]) is not int:
        raise StateTextRefused(
            f"not a {STATE_FORMAT} version {STATE_VERSION} of {table.spec.name}: {describe(found)}"
        )
    params = json.loads(json.dumps(dict(table.params)))
    if type(document["params"]) is not dict or document["params"] != params:
        raise StateTextRefused(
            f"a state of another configuration: {describe(document['params'])} "
            f"(this game: {describe(params)})"
        )
    history = document["history"]
    if type(history) is not list or len(history) > table.max_length:
        raise StateTextRefused(f"the history is a list of at most {table.max_length} action ids")
    return _replay(game, history)


def _replay(game: SpielGame, history: list[Any]) -> SpielState:
    state = game.new_initial_state()
    for node, action in enumerate(history):
        if type(action) is not int:
            raise StateTextRefused(f"node {node}: an action id is an int, not {describe(action)}")
        if state.is_terminal():
            raise StateTextRefused(f"node {node}: the game is over")
        if state.is_chance_node():
            allowed = [outcome for outcome, _ in state.chance_outcomes()]
        else:
            allowed = state.legal_actions()
        if action not in allowed:
            raise StateTextRefused(f"node {node}: action {action} is not legal here")
        try:
            state.apply_action(action)
        except RulesError as exc:
            raise StateTextRefused(f"node {node}: {exc}") from None
    return state


def _game_from(name: str, game_string: str, params: dict[str, Any], config: Any) -> SpielGame:
    if config is None:
        return pyspiel.load_game(game_string)  # type: ignore[no-any-return]
    return GAMES[name](params, config=config)


class _Sections(NamedTuple):
    game: bytes
    state: bytes


def _sections(data: bytes) -> _Sections | None:
    """The game and state sections of ``pyspiel.serialize_game_and_state``'s text, split as
    OpenSpiel's ``DeserializeGameAndState`` splits them (None where it would fail)."""
    sections = {b"[Meta]": bytearray(), b"[Game]": bytearray(), b"[State]": bytearray()}
    current: bytearray | None = None
    for line in data.split(b"\n"):
        if not line or line.startswith(b"#"):
            continue
        if line in sections:
            current = sections[line]
        elif current is None:
            return None
        else:
            current += line + b"\n"
    game, state = bytes(sections[b"[Game]"]), bytes(sections[b"[State]"])
    return _Sections(game.removesuffix(b"\n"), state.removesuffix(b"\n"))


_HEADER = "# Automatically generated by OpenSpiel SerializeGameAndState\n[Meta]\nVersion: 1\n\n"


def serialize_game_and_state(game: Any, state: Any) -> str:
    """``pyspiel.serialize_game_and_state`` with ``SpielState.serialize`` for these games."""
    if isinstance(game, SpielGame) and isinstance(state, SpielState):
        return f"{_HEADER}[Game]\n{game.serialize()}\n[State]\n{state.serialize()}\n"
    return str(_PYSPIEL_SERIALIZE(game, state))


def deserialize_game_and_state(data: Any) -> tuple[Any, Any]:
    """``pyspiel.deserialize_game_and_state`` reading these games' states with
    ``SpielGame.deserialize_state`` (refused with ``StateTextRefused``, never unpickled)."""
    raw = data.encode() if isinstance(data, str) else data
    sections = _sections(raw) if isinstance(raw, bytes) else None
    if sections is not None and PREFIX.encode() in sections.game:
        game = pyspiel.deserialize_game(sections.game)
        if not isinstance(game, SpielGame):
            raise StateTextRefused(
                f"a state of a game wrapping a {PREFIX} game is not read (pyspiel would "
                f"unpickle it): {describe(sections.game)}"
            )
        try:
            text = sections.state.decode()
        except UnicodeDecodeError:
            raise StateTextRefused("a state string is UTF-8 text") from None
        return game, game.deserialize_state(text)
    return _PYSPIEL_DESERIALIZE(data)  # type: ignore[no-any-return]


def _pyspiel_original(name: str) -> Any:
    found = getattr(pyspiel, name)
    return getattr(found, "__wrapped__", found)


_PYSPIEL_SERIALIZE = _pyspiel_original("serialize_game_and_state")
_PYSPIEL_DESERIALIZE = _pyspiel_original("deserialize_game_and_state")
serialize_game_and_state.__wrapped__ = _PYSPIEL_SERIALIZE  # type: ignore[attr-defined]
deserialize_game_and_state.__wrapped__ = _PYSPIEL_DESERIALIZE  # type: ignore[attr-defined]
pyspiel.serialize_game_and_state = serialize_game_and_state
pyspiel.deserialize_game_and_state = deserialize_game_and_state


def _game_class(spec: GameSpec) -> type[SpielGame]:
    return type(f"{spec.name.title()}Game", (SpielGame,), {"spec": spec, "__module__": __name__})


GAMES: dict[str, type[SpielGame]] = {name: _game_class(spec) for name, spec in available().items()}
"""The pyspiel game class of every registered game that loads, registered as
``fresco_rules_<name>``."""

for _cls in GAMES.values():
    pyspiel.register_game(_game_type(_cls.spec), _cls)


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
    name = getattr(adapter, "name", None)
    if type(name) is not str or name not in GAMES:
        raise AdapterError(f"no OpenSpiel adapter for the game {describe(name)}")
    spec = GAMES[name].spec
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
