"""The game-agnostic core of the adapters: positions with explicit chance nodes, a fixed integer
action space per configuration, rank-based utilities and fixed-size tensors.

A game plugs in through a small ``GameSpec`` (``kernel.adapter_spec``; a game's own is the
``adapter_spec`` module of its folder): how to build a config from parameters, the list of every
action the configuration can ever offer, every chance outcome, the tensor of a player view, and
the one pair ``notation``/``parse`` every action string of every adapter goes through (the
game's own notation). OpenSpiel,
PettingZoo and the conformance harness all step through ``Position``.

Information: ``Table.observation`` is what a seat sees now; ``Table.information_state`` and
``Table.information_tensor`` recall its whole history (each ``Position`` links to the one
before it), as OpenSpiel's perfect-recall information states do.

Chance: a game state built here uses the kernel's ``chance_only`` mode, so its generator never
picks an outcome. A draw without a recorded outcome raises ``OutcomeNeeded`` (kind and pool); the
position then becomes a chance node whose outcomes are the pool's distinct items with their
probabilities, and choosing one applies the step again with the outcomes chosen so far recorded.
So no position holds anything from which a future draw could be read.
"""

from __future__ import annotations

import hashlib
from array import array
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from attrs import field, frozen

from ..kernel.adapter_spec import (
    ActionSpace,
    AdapterError,
    GameSpec,
    Params,
    Slot,
    one_hot,
    parse_int,
    rules_of,
)
from ..kernel.chance import Outcome, OutcomeNeeded
from ..kernel.errors import SHAPE_RULE, IllegalAction, MalformedAction
from ..kernel.untrusted import describe

__all__ = [
    "SETUP",
    "ActionSpace",
    "AdapterError",
    "GameSpec",
    "Params",
    "Position",
    "Slot",
    "Table",
    "checked_index",
    "one_hot",
    "parse_int",
    "rank_utilities",
    "rules_of",
    "table_for",
]


_CACHE_LIMIT = 1 << 16

SETUP = "set-up"
"""The pending step of a position whose game is still being set up."""


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


Via = tuple[int | None, int]
"""How a node was reached: (seat, action index) for a decision, (None, outcome index) for a
chance outcome."""


@frozen
class Position:
    """One node of the game tree: a decision (``need`` is None) or a chance node.

    ``state`` is the game state at a decision; at a chance node it is the state before the step
    ``pending`` (``SETUP`` or an action) whose outcomes ``drawn`` are chosen so far and which now
    waits for the draw ``need``. ``length`` counts the nodes passed (decisions and draws).
    ``parent`` and ``via`` link a node to the one before it and the move between them (the
    history the information states recall); ``memo`` caches per-seat read-outs.
    """

    state: Any
    pending: object
    drawn: tuple[Outcome, ...]
    need: OutcomeNeeded | None
    length: int
    parent: Position | None = field(default=None, eq=False, repr=False)
    via: Via | None = field(default=None, eq=False, repr=False)
    memo: dict[object, Any] = field(init=False, factory=dict, eq=False, repr=False)

    def __deepcopy__(self, memo: dict[int, object]) -> Position:
        """Immutable: a copy (OpenSpiel clones states by deep copy) is the same object."""
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the list of its nodes from the root (a long history would otherwise
        nest one pickle frame per node)."""
        chain: list[tuple[Any, ...]] = []
        node: Position | None = self
        while node is not None:
            chain.append((node.state, node.pending, node.drawn, node.need, node.length, node.via))
            node = node.parent
        chain.reverse()
        return (_relink, (chain,))

    def history(self) -> list[Position]:
        """The nodes from the root to this one, in order."""
        found: list[Position] = []
        node: Position | None = self
        while node is not None:
            found.append(node)
            node = node.parent
        found.reverse()
        return found


def _relink(chain: list[tuple[Any, ...]]) -> Position:
    node: Position | None = None
    for state, pending, drawn, need, length, via in chain:
        node = Position(state, pending, drawn, need, length, node, via)
    assert node is not None
    return node


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
        self,
        base: Any,
        pending: object,
        drawn: tuple[Outcome, ...],
        length: int,
        parent: Position | None = None,
        via: Via | None = None,
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
            return Position(base, pending, drawn, need, length, parent, via)
        if state.chance.script:
            raise AdapterError(f"{spec.name}: a chosen outcome was not used")
        return Position(state, None, (), None, length, parent, via)

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
        """The position after the seat to decide takes action ``index`` (an ``int`` of the
        action space: anything else is a ``MalformedAction``, K.1)."""
        checked_index(index, len(self.space), "action")
        if position.need is not None:
            raise AdapterError("this is a chance node: choose an outcome")
        if self.is_terminal(position):
            raise AdapterError("the game is over")
        action = self.game_actions(position).get(index)
        if action is None:
            text = self.action_string(position, index)
            raise IllegalAction("adapter", f"action {index} ({text}) is not legal here")
        via = (self.spec.current_player(position.state), index)
        return self._resolve(position.state, action, (), position.length + 1, position, via)

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
        checked_index(outcome, len(self.outcomes), "chance outcome")
        kind, item = self.outcomes[outcome]
        if kind != need.kind or item not in need.pool:
            raise AdapterError(f"chance outcome {kind}:{item} does not fit this {need.kind} draw")
        drawn = (*position.drawn, (kind, item))
        length = position.length + 1
        return self._resolve(
            position.state, position.pending, drawn, length, position, (None, outcome)
        )

    # --- read-outs -------------------------------------------------------------------------
    def returns(self, position: Position) -> tuple[float, ...]:
        """Rank-based utilities at the end (``rank_utilities`` of the scores), 0 before."""
        if not self.is_terminal(position):
            return (0.0,) * self.players
        return rank_utilities(self.spec.scores(position.state))

    def scores(self, position: Position) -> tuple[int, ...]:
        """The seats' victory points (the game's own scores, Leonardo left out): final at the
        end, the scores so far before it, all 0 while the game is being set up. ``returns``
        are the ranks of these."""
        if position.state is None:
            return (0,) * self.players
        return tuple(int(score) for score in self.spec.scores(position.state))

    def position_text(self, position: Position) -> str:
        """The whole position as a person watching the table sees it, not a seat's view (which
        is ``observation``), so it may show what a seat cannot see: the game's text board
        (``str(state)``, the view the game registers with ``kernel.view``), then the draw a
        chance node waits for, a cut-off at ``max_length``, and the scores so far with the
        number of nodes passed."""
        need, drawn = position.need, len(position.drawn)
        so_far = f"{drawn} drawn so far" if drawn else "no draws yet"
        if position.state is None:
            kind = "nothing" if need is None else need.kind
            return f"set-up: {so_far}, next a draw of {kind}"
        lines = [str(position.state)]
        if need is not None:
            lines.append(f"chance: for the next step {so_far}, next a draw of {need.kind}")
        if self.truncated(position):
            lines.append(f"cut off at max_length {self.max_length} (scored as it stands)")
        scores = ", ".join(str(score) for score in self.scores(position))
        lines.append(f"scores: {scores}; node {position.length}")
        return "\n".join(lines)

    def notation(self, state: Any, action: object) -> str:
        return self.spec.notation(state, action)

    def parse(self, position: Position, text: str) -> int:
        """The action index of the legal action ``text`` names (the inverse of
        ``action_string``). Refused with the game's ``IllegalAction`` (its rule and the
        closest legal forms) when it names an illegal action, ``NotationError`` (the closest
        legal forms, no rule) when it names none, ``AdapterError`` when nobody is to
        decide."""
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

    # --- what a seat sees ------------------------------------------------------------------
    def observation_parts(self, position: Position, seat: int) -> dict[str, str]:
        """What ``seat`` sees at ``position``, piece by piece: its player view (the game's
        ``player_view``, key by key), the public facts of the decision in progress, the seat to
        move and, when it is ``seat``, its legal actions (which by the library's rule depend
        only on what it may see). At a chance node: the same for the state before the step, and
        the kind of the draw."""
        key = ("parts", seat)
        found: dict[str, str] | None = position.memo.get(key)
        if found is not None:
            return found
        state = position.state
        parts: dict[str, str] = {"seat": str(seat)}
        if state is None:
            parts["node"] = "set-up"
        else:
            spec = self.spec
            view = spec.view(state, seat)
            parts.update((name, repr(view[name])) for name in sorted(view))
            context = spec.public_context(state)
            if context:
                parts["context"] = context
            if position.need is not None:
                parts["node"] = f"drawing {position.need.kind}"
            elif self.is_terminal(position):
                parts["node"] = "over"
            else:
                mover = spec.current_player(state)
                parts["node"] = f"to move: seat {mover}"
                if mover == seat:
                    legal = spec.legal_actions(state)
                    parts["legal"] = ", ".join(self.notation(state, a) for a in legal)
        position.memo[key] = parts
        return parts

    def observation(self, position: Position, seat: int) -> str:
        """What ``seat`` sees now, as text (``observation_parts``): the observation string."""
        return "; ".join(f"{k}={v}" for k, v in self.observation_parts(position, seat).items())

    def recall_entry(self, position: Position, seat: int) -> str:
        """What ``seat`` saw of the move into ``position``: its own action in the notation,
        or only that another seat acted or chance drew (and the kind of draw, which is
        public), then every piece of its observation that changed, with its new value."""
        key = ("entry", seat)
        found: str | None = position.memo.get(key)
        if found is not None:
            return found
        parent, via = position.parent, position.via
        assert parent is not None and via is not None
        mover, index = via
        if mover is None:
            head = "chance"
        elif mover == seat:
            head = f"you: {self.action_string(parent, index)}"
        else:
            head = f"seat {mover} acts"
        before = self.observation_parts(parent, seat)
        now = self.observation_parts(position, seat)
        changed = [f"{k}={v}" for k, v in now.items() if before.get(k) != v]
        changed += [f"{k} gone" for k in before if k not in now]
        entry = " | ".join([head, *changed])
        position.memo[key] = entry
        return entry

    def information_state(self, position: Position, seat: int) -> str:
        """Everything ``seat`` has seen, with perfect recall: its first observation, then one
        line per node passed (``recall_entry``: its own actions, the others' and chance's moves
        as far as it saw them, what changed in its view), then its observation now. Two
        histories give the same string exactly when the seat saw the same at every node and
        took the same actions."""
        entries = self._recall(position, seat)[0]
        root = position
        while root.parent is not None:
            root = root.parent
        start = "start: " + self.observation(root, seat)
        now = "now: " + self.observation(position, seat)
        return "\n".join([f"seat {seat}", start, *entries, now])

    def tensor(self, position: Position, seat: int) -> list[float]:
        """The observation tensor of ``seat`` (layout: ``spec.tensor_layout``), from its view."""
        if position.state is None:
            return [0.0] * self.tensor_size
        return self.spec.tensor(position.state, seat)

    def tensor_layout(self) -> tuple[tuple[str, int], ...]:
        return self.layout

    def information_tensor_layout(self) -> tuple[tuple[str, int], ...]:
        """The observation tensor's pieces, then ``history``: ``RECALL_WIDTH`` numbers for each
        of the ``max_length`` nodes a game can pass (``max_game_length`` bounds the history)."""
        return (*self.layout, ("history", RECALL_WIDTH * self.max_length))

    def information_tensor(self, position: Position, seat: int) -> list[float]:
        """The information-state tensor of ``seat``: its observation tensor now, then for node
        i of the history (slot i - 1, zeros after the last node): the seat's own action index
        + 1 when it moved there (else 0), the mover + 1 (0 for chance), and a 24-bit digest of
        ``recall_entry`` (what it saw change), exact in float32. Perfect recall up to digest
        collisions (about 2**-24 per pair of different entries at the same node)."""
        numbers = self.recall_numbers(position, seat)
        padding = [0.0] * (RECALL_WIDTH * self.max_length - len(numbers))
        return self.tensor(position, seat) + numbers + padding

    def recall_numbers(self, position: Position, seat: int) -> list[float]:
        """The filled part of the ``history`` block: ``RECALL_WIDTH`` numbers per node passed,
        in order (the nodes of a history have lengths 1, 2, ...)."""
        if position.length > self.max_length:
            raise AdapterError(f"a history longer than max_length {self.max_length}")
        return list(self._recall(position, seat)[1])

    def _recall(self, position: Position, seat: int) -> tuple[list[str], array[float]]:
        """The recall entries and history numbers of the nodes passed. Every
        ``_CHECKPOINT``-th node keeps both for the nodes up to it, so a read-out walks back at
        most that far (instead of the whole history at every node)."""
        key = ("upto", seat)
        pending: list[Position] = []
        entries: list[str] = []
        numbers: array[float] = array("d")
        node = position
        while node.parent is not None:
            cached = node.memo.get(key)
            if cached is not None:
                entries, numbers = list(cached[0]), array("d", cached[1])
                break
            pending.append(node)
            node = node.parent
        for node in reversed(pending):
            assert node.via is not None
            mover, index = node.via
            entry = self.recall_entry(node, seat)
            entries.append(entry)
            numbers.append(float(index + 1) if mover == seat else 0.0)
            numbers.append(0.0 if mover is None else float(mover + 1))
            numbers.append(float(_digest(entry)))
            if node.length % _CHECKPOINT == 0:
                node.memo[key] = (tuple(entries), array("d", numbers))
        return entries, numbers


def checked_index(value: object, size: int, what: str) -> int:
    """``value`` as an index 0..size-1 of an action space: an ``int`` exactly (a bool, float,
    string or anything else would be coerced by ``int()`` or compare equal to one), refused
    otherwise with a ``MalformedAction`` (K.1)."""
    if type(value) is not int:
        raise MalformedAction(
            SHAPE_RULE, f"an {what} is an int 0..{size - 1}, not {describe(value)}"
        )
    if not 0 <= value < size:
        raise MalformedAction(SHAPE_RULE, f"{what} {describe(value)} is outside 0..{size - 1}")
    return value


_CHECKPOINT = 32
RECALL_WIDTH = 3
"""Numbers per history node in the information-state tensor."""


def _digest(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=3).digest(), "big")


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
