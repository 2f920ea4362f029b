"""The game protocol every game package provides, as one record of pure functions.

The kernel only ever talks to a game through a ``GameRules`` value, so it holds no
game-specific code.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar

from attrs import frozen

from .chance import Outcome
from .errors import IllegalAction

S = TypeVar("S")
A = TypeVar("A")


@frozen
class RecordCodec:
    """What a game provides so its games can be recorded and replayed."""

    schema: Mapping[str, Any]
    start: Callable[[Any, int, Sequence[Outcome]], Any]
    """``start(config, seed, chance)``: a new game replaying recorded chance outcomes."""
    config_to_json: Callable[[Any], Any]
    config_from_json: Callable[[Any], Any]
    action_to_json: Callable[[Any], Any]
    action_from_json: Callable[[Any], Any]
    state_to_json: Callable[[Any], Any]
    state_from_json: Callable[[Any], Any]
    chance_log: Callable[[Any], Sequence[Outcome]]
    seat_to_move: Callable[[Any], int | None]
    turn_rule: Callable[[Any], str]
    """The rule that says whose turn it is in a state (named when the wrong seat acts)."""
    where: Callable[[Any], str]
    """A short description of a state's position, for messages."""
    result_rule: str
    """The rule named when a record's stated result differs from its replay."""
    chance_rule: str
    """The rule of the game's random steps, named when recorded outcomes are left unused."""
    chance_left: Callable[[Any], int]
    """How many recorded chance outcomes a state has not used yet."""


@frozen
class GameRules(Generic[S, A]):
    """A game: its name, default config and the protocol functions."""

    name: str
    default_config: Callable[[], Any]
    new_game: Callable[[Any, int], S]
    legal_actions: Callable[[S], Sequence[A]]
    apply: Callable[[S, A], S]
    explain: Callable[[S, Any], IllegalAction | None]
    is_over: Callable[[S], bool]
    scores: Callable[[S], tuple[int, ...]]
    current_player: Callable[[S], int | None]
    token_ledger: Callable[[S], Mapping[str, Mapping[str, int]]]
    describe: Callable[[S, A], str] = lambda state, action: repr(action)
    """A one-line human description of an action in a state (for logs)."""
    codec: RecordCodec | None = None
    """The game's ``RecordCodec`` (None: the game cannot be recorded yet)."""


def game_rules(
    name: str,
    default_config: Callable[[], Any],
    engine: Any,
    new_game: Callable[..., S],
    describe: Callable[[S, A], str],
    codec: RecordCodec,
) -> GameRules[S, A]:
    """A game's ``GameRules`` whose protocol functions its ``engine`` module defines under
    their protocol names (``legal_actions``, ``apply``, ``explain``, ``is_over``, ``scores``,
    ``current_player``, ``token_ledger``)."""
    return GameRules(
        name=name,
        default_config=default_config,
        new_game=new_game,
        legal_actions=engine.legal_actions,
        apply=engine.apply,
        explain=engine.explain,
        is_over=engine.is_over,
        scores=engine.scores,
        current_player=engine.current_player,
        token_ledger=engine.token_ledger,
        describe=describe,
        codec=codec,
    )


def ledger_totals(ledger: Mapping[str, Mapping[str, int]]) -> dict[str, int]:
    """The total count of each kind of component over all its locations."""
    return {kind: sum(places.values()) for kind, places in ledger.items()}
