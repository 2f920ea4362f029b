"""What a game tells the adapters about itself: the ``GameSpec`` base class its
``adapter_spec`` module fills in (build a config from parameters, every action and chance
outcome of a configuration, the tensor of a player view, the game's notation), the action-space
records and the small helpers the specs share.

It lives in the kernel so that a game's folder describes the game to OpenSpiel, PettingZoo and
the conformance harness without importing them; ``fresco_rules.adapters.core`` builds the game
tree (``Table``, ``Position``) on it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any

from attrs import evolve, frozen

from .chance import Outcome
from .errors import RulesError
from .notation import ascii_int
from .protocol import GameRules
from .registry import implementations

Params = Mapping[str, Any]


class AdapterError(RulesError):
    """A game parameter, action index or chance outcome the adapter cannot use."""


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
    """The game's name, as its records and ``fresco_rules.games`` carry it."""
    min_players: int = 2
    max_players: int = 4
    default_players: int = 4
    """The players of a new game when none are asked for (the command line's default)."""
    modules_help: str = ""
    """The expansion modules the game's ``modules`` parameter takes, for a tool's help (empty:
    the game has none)."""
    default_params: Mapping[str, Any] = {}
    default_max_length: int = 4000
    max_draws_per_step: int = 128
    """More draws than a single step (set-up included) ever makes; a bound, checked."""
    action_kinds: Mapping[type, tuple[object, ...]] = {}
    """The game's table of action kinds (``kernel.dispatch.ActionKinds.kinds``): each action
    class with its validator and effect, whose ``@implements`` rules ``action_rules`` names."""

    # --- hooks -----------------------------------------------------------------------------
    def config(self, params: Params) -> Any:
        raise NotImplementedError

    def players(self, config: Any) -> int:
        return int(config.players)

    def new_game(self, config: Any, script: Sequence[Outcome]) -> Any:
        raise NotImplementedError

    # the protocol functions, from the game's rules
    def apply(self, state: Any, action: object) -> Any:
        return self.rules().apply(state, action)

    def legal_actions(self, state: Any) -> Sequence[object]:
        return self.rules().legal_actions(state)

    def current_player(self, state: Any) -> int | None:
        return self.rules().current_player(state)

    def is_over(self, state: Any) -> bool:
        return self.rules().is_over(state)

    def scores(self, state: Any) -> tuple[int, ...]:
        return self.rules().scores(state)

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
        """The legal action of ``state`` that ``text`` names in the notation (the inverse of
        ``notation``); an illegal action is refused with an ``IllegalAction`` naming the rule,
        text that names no action with a ``NotationError``."""
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
        """The rule IDs of the functions that check and carry out ``action`` (its kind's
        validator and effect in ``action_kinds``)."""
        found = self.action_kinds.get(type(action))
        return () if found is None else rules_of(*found)

    def step_rules(self, before: Any, action: object, after: Any) -> tuple[str, ...]:
        """The rule IDs behind a step's result: the action's, plus those of any automatic
        steps it set off (round preparation, final scoring)."""
        return self.action_rules(action)

    def score_rules(self, before: Any, action: object, after: Any) -> tuple[str, ...]:
        """The rule IDs behind the scores after a step (a score divergence names these): by
        default all of ``step_rules``."""
        return self.step_rules(before, action, after)

    def rules_in_play(self, state: Any, rules: tuple[str, ...]) -> tuple[str, ...]:
        """``rules`` without those of parts of the game not in play in ``state`` (a module
        left out, a rule for another player count); other entries are kept as they are."""
        return rules

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


def rules_of(*functions: object) -> tuple[str, ...]:
    """The rule IDs the registry records for these functions (``@implements``)."""
    names = {f"{getattr(f, '__module__', '')}.{getattr(f, '__qualname__', '')}" for f in functions}
    found = [rid for rid, where in implementations().items() if names.intersection(where)]
    return tuple(sorted(found, key=_rule_key))


def _rule_key(rule: str) -> tuple[str, tuple[int, ...]]:
    head, _, tail = rule.partition(".")
    return head, tuple(int(part) for part in tail.split(".") if part.isdigit())


def enum_params(
    params: Params,
    option_types: Mapping[str, type[Enum]],
    read: Callable[[str, Any], Any] = lambda name, value: value,
) -> dict[str, Any]:
    """Each enumerated option's parameter as its enum member (``read(name, value)`` first
    turns a parameter into the enum's value); an ``AdapterError`` lists the values of an
    option given another."""
    chosen: dict[str, Any] = {}
    for name, kind in option_types.items():
        try:
            chosen[name] = kind(read(name, params[name]))
        except ValueError:
            values = ", ".join(str(member.value) for member in kind)
            raise AdapterError(f"{name} takes one of: {values}") from None
    return chosen


def parse_int(params: Params, name: str, low: int, high: int) -> int:
    value = params[name]
    if isinstance(value, str):
        number = ascii_int(value.strip(), 18, signed=True)
        value = value if number is None else number
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise AdapterError(f"{name} must be an integer {low}-{high}, not {value!r}")
    return value


def one_hot(size: int, index: int | None) -> list[float]:
    out = [0.0] * size
    if index is not None and 0 <= index < size:
        out[index] = 1.0
    return out
