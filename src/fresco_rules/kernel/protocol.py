"""The game protocol every game package provides, as one record of pure functions.

The kernel only ever talks to a game through a ``GameRules`` value, so it holds no
game-specific code.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from attrs import frozen

from .errors import IllegalAction

if TYPE_CHECKING:
    from .records import RecordCodec

S = TypeVar("S")
A = TypeVar("A")


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
    """The game's ``records.RecordCodec`` (None: the game cannot be recorded yet)."""


def ledger_totals(ledger: Mapping[str, Mapping[str, int]]) -> dict[str, int]:
    """The total count of each kind of component over all its locations."""
    return {kind: sum(places.values()) for kind, places in ledger.items()}
