"""The game-agnostic core of the adapters: positions with explicit chance nodes, a fixed integer
action space per configuration, rank-based utilities and fixed-size tensors.

A game plugs in through a small ``GameSpec`` (``fresco_spec``, ``barbarossa_spec``): how to
build a config from parameters, the list of every action the configuration can ever offer,
every chance outcome, and the tensor of a player view. OpenSpiel, PettingZoo and the
conformance harness all step through ``Position``.

Chance: a game state built here uses the kernel's ``chance_only`` mode, so its generator never
picks an outcome. A draw without a recorded outcome raises ``OutcomeNeeded`` (kind and pool); the
position then becomes a chance node whose outcomes are the pool's distinct items with their
probabilities, and choosing one applies the step again with the outcomes chosen so far recorded.
So no position holds anything from which a future draw could be read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from attrs import evolve, frozen

from ..kernel.chance import Outcome, OutcomeNeeded
from ..kernel.errors import IllegalAction, RulesError
from ..kernel.protocol import GameRules
from ..kernel.registry import implementations

Params = Mapping[str, Any]


class AdapterError(RulesError):
    """A game parameter, action index or chance outcome the adapter cannot use."""


_CACHE_LIMIT = 1 << 16

SETUP = "set-up"
"""The pending step of a position whose game is still being set up."""


@frozen
class Slot:
    """An action-space entry resolved against the state: the ``index``-th of the options a
    game lists for ``kind`` (e.g. Fresco's track-space choice, R0.51, whose spaces have no
    bound)."""

    kind: str
    index: int


@frozen
class ActionSpace:
    """Every action of one configuration, each with a fixed integer: ``entries[i]`` is action
    ``i`` (a game action, or a ``Slot``)."""

    entries: tuple[object, ...]
    index: Mapping[object, int]

    @classmethod
    def of(cls, entries: Sequence[object]) -> ActionSpace:
        found = tuple(entries)
        index = {entry: i for i, entry in enumerate(found)}
        if len(index) != len(found):
            raise AdapterError("the action space lists an action twice")
        return cls(found, index)

    def __len__(self) -> int:
        return len(self.entries)


class GameSpec:
    """What an adapter needs to know about one game. Subclasses fill in the hooks."""

    name: str = ""
    """Short name: ``fresco``, ``barbarossa``."""
    min_players: int = 2
    max_players: int = 4
    default_params: Mapping[str, Any] = {}
    default_max_length: int = 4000
    max_draws_per_step: int = 128
    """More draws than a single step (set-up included) ever makes; a bound, checked."""

    # --- hooks -----------------------------------------------------------------------------
    def config(self, params: Params) -> Any:
        raise NotImplementedError

    def players(self, config: Any) -> int:
        return int(config.players)

    def new_game(self, config: Any, script: Sequence[Outcome]) -> Any:
        raise NotImplementedError

    def apply(self, state: Any, action: object) -> Any:
        raise NotImplementedError

    def legal_actions(self, state: Any) -> Sequence[object]:
        raise NotImplementedError

    def current_player(self, state: Any) -> int | None:
        raise NotImplementedError

    def is_over(self, state: Any) -> bool:
        raise NotImplementedError

    def scores(self, state: Any) -> tuple[int, ...]:
        raise NotImplementedError

    def view(self, state: Any, seat: int) -> Mapping[str, object]:
        raise NotImplementedError

    def public_context(self, state: Any) -> str:
        """Public facts of the decision in progress that the player view leaves out."""
        return ""

    def actions(self, config: Any) -> Sequence[object]:
        raise NotImplementedError

    def chance_outcomes(self, config: Any) -> Sequence[Outcome]:
        raise NotImplementedError

    def resolve_slot(self, state: Any, slot: Slot) -> object | None:
        """The game action a ``Slot`` stands for in ``state`` (None: not available)."""
        return None

    def slot_of(self, state: Any, action: object) -> Slot | None:
        """The ``Slot`` standing for ``action`` in ``state`` when it is not a fixed entry."""
        return None

    def notation(self, state: Any, action: object) -> str:
        """The game's action notation for ``action`` written in ``state`` (None while the game
        is being set up). The one place an adapter's action strings come from."""
        raise NotImplementedError

    def parse(self, state: Any, text: str) -> object:
        """The legal action of ``state`` that ``text`` names in the notation; anything else is
        refused with an ``IllegalAction`` naming the rule (the inverse of ``notation``)."""
        raise NotImplementedError

    # --- for the conformance harness -------------------------------------------------------
    def rules(self) -> GameRules[Any, Any]:
        """The game's kernel protocol (explain, codec for set-ups and actions)."""
        raise NotImplementedError

    def summary(self, state: Any) -> str:
        """A short description of the position, for reports."""
        codec = self.rules().codec
        return "" if codec is None else str(codec.where(state))

    def action_rules(self, action: object) -> tuple[str, ...]:
        """The rule IDs of the functions that check and carry out ``action``."""
        return ()

    def step_rules(self, before: Any, action: object, after: Any) -> tuple[str, ...]:
        """The rule IDs behind a step's result: the action's, plus those of any automatic
        steps it set off (round preparation, final scoring)."""
        return self.action_rules(action)

    def tensor_layout(self, config: Any) -> tuple[tuple[str, int], ...]:
        raise NotImplementedError

    def tensor(self, state: Any, seat: int) -> list[float]:
        raise NotImplementedError

    def canonical_params(self, params: Params) -> dict[str, Any]:
        """The parameters as a game string should show them (so that it loads again)."""
        return dict(params)

    # --- shared ----------------------------------------------------------------------------
    def __reduce__(self) -> str:
        """Pickled by reference: each game module holds its one spec as ``SPEC``."""
        return "SPEC"

    def with_script(self, state: Any, script: Sequence[Outcome]) -> Any:
        return evolve(state, chance=evolve(state.chance, script=tuple(script)))


def rank_utilities(scores: Sequence[int]) -> tuple[float, ...]:
    """Rank-based utilities in [-1, 1] summing to 0: for each player, (opponents with a lower
    score - opponents with a higher score) / (players - 1). With two players: +1 win, -1 loss,
    0 tie; with four, 1, 1/3, -1/3, -1 for four different scores."""
    n = len(scores)
    if n < 2:
        return (0.0,) * n
    return tuple(
        float(Fraction(sum((own > other) - (own < other) for other in scores), n - 1))
        for own in scores
    )


@frozen
class Position:
    """One node of the game tree: a decision (``need`` is None) or a chance node.

    ``state`` is the game state at a decision; at a chance node it is the state before the step
    ``pending`` (``SETUP`` or an action) whose outcomes ``drawn`` are chosen so far and which now
    waits for the draw ``need``. ``length`` counts the nodes passed (decisions and draws).
    """

    state: Any
    pending: object
    drawn: tuple[Outcome, ...]
    need: OutcomeNeeded | None
    length: int

    def __deepcopy__(self, memo: dict[int, object]) -> Position:
        """Immutable: a copy (OpenSpiel clones states by deep copy) is the same object."""
        return self


class Table:
    """One game configuration through a ``GameSpec``: positions, actions, chance, utilities."""

    def __init__(self, spec: GameSpec, params: Params | None = None, *, config: Any = None) -> None:
        """``config``, when given, is a game config built elsewhere (a study's arm): it replaces
        the one ``params`` describe, which then only name the defaults."""
        merged = {**spec.default_params, **(params or {})}
        unknown = sorted(set(merged) - set(spec.default_params))
        if unknown:
            raise AdapterError(f"{spec.name}: unknown parameter(s) {', '.join(unknown)}")
        self.spec = spec
        self.params = spec.canonical_params(merged)
        max_length = merged.get("max_length", spec.default_max_length)
        if not isinstance(max_length, int) or max_length <= spec.max_draws_per_step:
            raise AdapterError(
                f"max_length must be an integer above {spec.max_draws_per_step}: {max_length!r}"
            )
        self.max_length = max_length
        self.from_config = config is not None
        self.config = spec.config(merged) if config is None else config
        self.players = spec.players(self.config)
        self.space = ActionSpace.of(spec.actions(self.config))
        outcomes = tuple(spec.chance_outcomes(self.config))
        self.outcomes = outcomes
        self.outcome_index = {outcome: i for i, outcome in enumerate(outcomes)}
        if len(self.outcome_index) != len(outcomes):
            raise AdapterError("the chance outcomes list an outcome twice")
        self.layout = tuple(spec.tensor_layout(self.config))
        self.tensor_size = sum(size for _, size in self.layout)
        self._by_id: dict[int, tuple[object, int]] = {}
        self.initial = self._resolve(None, SETUP, (), 0)

    def __deepcopy__(self, memo: dict[int, object]) -> Table:
        return self

    def __getstate__(self) -> dict[str, Any]:
        # the identity cache means nothing in another process
        return {**self.__dict__, "_by_id": {}}

    def __reduce_ex__(self, protocol: Any) -> Any:
        """A table made from parameters pickles as them (OpenSpiel serialises states by
        pickling, and a Carcassonne space holds 100,000 actions)."""
        if self.from_config:
            return object.__reduce_ex__(self, protocol)
        return (table_for, (self.spec, dict(self.params)))

    # --- positions -------------------------------------------------------------------------
    def start(self) -> Position:
        return self.initial

    def _resolve(
        self, base: Any, pending: object, drawn: tuple[Outcome, ...], length: int
    ) -> Position:
        spec = self.spec
        try:
            if pending is SETUP:
                state = spec.new_game(self.config, drawn)
            else:
                state = spec.apply(spec.with_script(base, drawn), pending)
        except OutcomeNeeded as need:
            if len(drawn) >= spec.max_draws_per_step:
                raise AdapterError(
                    f"{spec.name}: more than {spec.max_draws_per_step} draws in one step"
                ) from None
            return Position(base, pending, drawn, need, length)
        if state.chance.script:
            raise AdapterError(f"{spec.name}: a chosen outcome was not used")
        return Position(state, None, (), None, length)

    def is_chance(self, position: Position) -> bool:
        return position.need is not None

    def is_terminal(self, position: Position) -> bool:
        if position.need is not None:
            return False
        return self.spec.is_over(position.state) or self.truncated(position)

    def truncated(self, position: Position) -> bool:
        """The game stopped at ``max_length`` nodes before its natural end (no rule bounds the
        length of a Fresco or Barbarossa game in which nobody scores)."""
        return (
            position.need is None
            and not self.spec.is_over(position.state)
            and position.length + self.spec.max_draws_per_step >= self.max_length
        )

    def current_player(self, position: Position) -> int | None:
        """The seat to decide; None at a chance node or at the end."""
        if position.need is not None or self.is_terminal(position):
            return None
        return self.spec.current_player(position.state)

    def legal_actions(self, position: Position) -> list[int]:
        """The legal actions of the seat to decide as sorted action indices."""
        if position.need is not None or self.is_terminal(position):
            return []
        state = position.state
        return sorted(self.encode(state, action) for action in self.spec.legal_actions(state))

    def game_actions(self, position: Position) -> dict[int, object]:
        """Action index -> game action, for the legal actions."""
        state = position.state
        if position.need is not None or self.is_terminal(position):
            return {}
        return {self.encode(state, action): action for action in self.spec.legal_actions(state)}

    def encode(self, state: Any, action: object) -> int:
        # Games hand out the same action objects again and again (cached legal lists), and
        # hashing an action compares every field: look an object up by identity first. The
        # cache holds the object itself, so its id cannot be reused while it is cached.
        cache = self._by_id
        hit = cache.get(id(action))
        if hit is not None and hit[0] is action:
            return hit[1]
        found = self.space.index.get(action)
        if found is None:
            slot = self.spec.slot_of(state, action)
            found = None if slot is None else self.space.index.get(slot)
            if found is None:
                raise AdapterError(f"{self.spec.name}: {action!r} has no action index")
            return found  # a slot's meaning depends on the state: never cached
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        cache[id(action)] = (action, found)
        return found

    def decode(self, state: Any, index: int) -> object:
        if not 0 <= index < len(self.space):
            raise AdapterError(f"action {index} is outside 0..{len(self.space) - 1}")
        entry = self.space.entries[index]
        if isinstance(entry, Slot):
            action = self.spec.resolve_slot(state, entry)
            if action is None:
                raise AdapterError(f"action {index} ({entry.kind} {entry.index}) is not available")
            return action
        return entry

    def play(self, position: Position, index: int) -> Position:
        """The position after the seat to decide takes action ``index``."""
        if position.need is not None:
            raise AdapterError("this is a chance node: choose an outcome")
        if self.is_terminal(position):
            raise AdapterError("the game is over")
        action = self.game_actions(position).get(index)
        if action is None:
            text = self.action_string(position, index)
            raise IllegalAction("adapter", f"action {index} ({text}) is not legal here")
        return self._resolve(position.state, action, (), position.length + 1)

    # --- chance ----------------------------------------------------------------------------
    def chance_outcomes(self, position: Position) -> list[tuple[int, float]]:
        """(outcome index, probability) of the pending draw, sorted by index: uniform over the
        pool by item, so an item listed twice is twice as likely."""
        need = position.need
        if need is None:
            return []
        counts: dict[str, int] = {}
        for item in need.pool:
            counts[item] = counts.get(item, 0) + 1
        total = len(need.pool)
        found = []
        for item, count in counts.items():
            index = self.outcome_index.get((need.kind, item))
            if index is None:
                raise AdapterError(f"{self.spec.name}: chance outcome {need.kind}:{item} unknown")
            found.append((index, count / total))
        return sorted(found)

    def choose(self, position: Position, outcome: int) -> Position:
        """The position after chance picks outcome index ``outcome``."""
        need = position.need
        if need is None:
            raise AdapterError("not a chance node")
        if not 0 <= outcome < len(self.outcomes):
            raise AdapterError(f"chance outcome {outcome} is outside 0..{len(self.outcomes) - 1}")
        kind, item = self.outcomes[outcome]
        if kind != need.kind or item not in need.pool:
            raise AdapterError(f"chance outcome {kind}:{item} does not fit this {need.kind} draw")
        return self._resolve(
            position.state, position.pending, (*position.drawn, (kind, item)), position.length + 1
        )

    # --- read-outs -------------------------------------------------------------------------
    def returns(self, position: Position) -> tuple[float, ...]:
        """Rank-based utilities at the end (``rank_utilities`` of the scores), 0 before."""
        if not self.is_terminal(position):
            return (0.0,) * self.players
        return rank_utilities(self.spec.scores(position.state))

    def notation(self, state: Any, action: object) -> str:
        return self.spec.notation(state, action)

    def parse(self, position: Position, text: str) -> int:
        """The action index of the legal action ``text`` names (the inverse of
        ``action_string``). Refused with the game's ``IllegalAction`` (its rule and the
        closest legal forms) when it names no legal action, ``AdapterError`` when nobody is
        to decide."""
        if position.need is not None or self.is_terminal(position):
            raise AdapterError("no decision here: nothing to parse an action for")
        state = position.state
        return self.encode(state, self.spec.parse(state, text))

    def action_string(self, position: Position, index: int) -> str:
        """The action's notation; a ``Slot`` is resolved when the position offers it."""
        entry = self.space.entries[index] if 0 <= index < len(self.space) else None
        if entry is None:
            return f"<action {index}>"
        if isinstance(entry, Slot):
            state = position.state
            action = None
            if position.need is None and not self.is_terminal(position):
                action = self.spec.resolve_slot(state, entry)
            if action is None:
                return f"{entry.kind}#{entry.index}"
            return self.notation(state, action)
        return self.notation(position.state, entry)

    def outcome_string(self, outcome: int) -> str:
        if not 0 <= outcome < len(self.outcomes):
            return f"<outcome {outcome}>"
        kind, item = self.outcomes[outcome]
        return f"{kind}:{item}"

    def information_state(self, position: Position, seat: int) -> str:
        """What ``seat`` may see, as text: its player view (the game's ``player_view``), the
        public facts of the decision in progress, the seat to move and, when it is ``seat``,
        its legal actions (which by the library's rule depend only on what it may see). At a
        chance node: the same for the state before the step, and the kind of the draw."""
        state = position.state
        if state is None:
            return f"seat {seat}; set-up"
        spec = self.spec
        view = spec.view(state, seat)
        parts = [f"seat {seat}", *(f"{key}={view[key]!r}" for key in sorted(view))]
        context = spec.public_context(state)
        if context:
            parts.append(context)
        if position.need is not None:
            parts.append(f"drawing {position.need.kind}")
        elif self.is_terminal(position):
            parts.append("over")
        else:
            mover = spec.current_player(state)
            parts.append(f"to move: seat {mover}")
            if mover == seat:
                legal = ", ".join(self.notation(state, a) for a in spec.legal_actions(state))
                parts.append(f"legal: {legal}")
        return "; ".join(parts)

    def tensor(self, position: Position, seat: int) -> list[float]:
        """The observation tensor of ``seat`` (layout: ``spec.tensor_layout``), from its view."""
        if position.state is None:
            return [0.0] * self.tensor_size
        return self.spec.tensor(position.state, seat)

    def tensor_layout(self) -> tuple[tuple[str, int], ...]:
        return self.layout


_TABLES: dict[tuple[str, tuple[tuple[str, Any], ...]], Table] = {}


def table_for(spec: GameSpec, params: Params | None = None) -> Table:
    """The ``Table`` of a game and parameters, built once per process (a table is immutable
    apart from caches; loading the same game string again is then cheap)."""
    merged = {**spec.default_params, **(params or {})}
    key = (spec.name, tuple(sorted(spec.canonical_params(merged).items())))
    found = _TABLES.get(key)
    if found is None:
        if len(_TABLES) >= 64:
            _TABLES.clear()
        found = _TABLES[key] = Table(spec, params)
    return found


def rules_of(*functions: object) -> tuple[str, ...]:
    """The rule IDs the registry records for these functions (``@implements``)."""
    names = {f"{getattr(f, '__module__', '')}.{getattr(f, '__qualname__', '')}" for f in functions}
    found = [rid for rid, where in implementations().items() if names.intersection(where)]
    return tuple(sorted(found, key=_rule_key))


def _rule_key(rule: str) -> tuple[str, tuple[int, ...]]:
    head, _, tail = rule.partition(".")
    return head, tuple(int(part) for part in tail.split(".") if part.isdigit())


def parse_int(params: Params, name: str, low: int, high: int) -> int:
    value = params[name]
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise AdapterError(f"{name} must be an integer {low}-{high}, not {value!r}")
    return value


def one_hot(size: int, index: int | None) -> list[float]:
    out = [0.0] * size
    if index is not None and 0 <= index < size:
        out[index] = 1.0
    return out
