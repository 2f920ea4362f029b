"""The Carcassonne game state: one frozen record of tuples and small frozen records.

The board is the tuple of placed tiles in placement order; ``board_keys``/``board_index`` is a
sorted index of their positions (see ``geometry.key_of``) and ``open_keys``/``open_patterns`` the
empty positions next to the board with the edges that touch them. Features are tracked
incrementally: every feature of every placed tile is a segment (numbered in placement order);
``segment_feature`` maps a segment to the id of the merged feature it belongs to and
``features[id]`` holds that feature's record (None for ids that were merged away). No flood fill.
"""

from __future__ import annotations

from bisect import bisect_left
from enum import Enum

import attrs
from attrs import frozen

from ..kernel.chance import Chance
from ..kernel.view import Viewable
from .config import GameConfig, Tables
from .geometry import key_of
from .vocab import Kind


class Phase(Enum):
    PLACE = "place"
    """The active player places the drawn tile (C1-C5)."""
    FOLLOWER = "follower"
    """The same player deploys, returns (Festival) or passes (C6-C8, F2)."""
    OVER = "over"
    """The last tile has been placed and final scoring is done (C15)."""


class Value:
    """Mixin for the state's small frozen records of ints and strings: like an int, a deep copy
    is the record itself (they cannot change), which keeps the harnesses' snapshots cheap."""

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, object]) -> Value:
        return self


@frozen
class Placed(Value):
    """A tile on the board."""

    tile: str
    x: int
    y: int
    rotation: int
    first_segment: int
    """The global number of its first feature segment."""


@frozen
class Feature(Value):
    """A merged feature: its segments, distinct tiles (CA3), open ends, pennants (CA4), and for a
    field the city segments it touches (C19)."""

    kind: Kind
    segments: tuple[int, ...]
    tiles: frozenset[int]
    """Placement indices of the tiles it covers."""
    open: int
    """Roads and cities: unconnected ends (0 = complete); monastery: empty surrounding spaces."""
    pennants: int = 0
    cities: frozenset[int] = frozenset()
    """Fields: the city segments touched (their current features give the cities)."""


@frozen
class Follower(Value):
    """A follower on the board: its owner, segment, and where it stands as a player names it."""

    seat: int
    segment: int
    x: int
    y: int
    feature: str


@frozen
class Scoring(Value):
    """One scored feature: the rule, its kind, size, its lowest position, the seats that scored
    (empty when nobody had a follower there) and its value, which each of them got."""

    rule: str
    kind: Kind
    tiles: int
    x: int
    y: int
    seats: tuple[int, ...]
    points: int
    final: bool


@frozen(repr=False)
class State(Viewable):
    """A game state: ``str(state)`` is the text board, ``repr`` a bounded summary with a
    digest, and Jupyter draws the SVG picture (``kernel.view``)."""

    config: GameConfig
    tables: Tables = attrs.field(eq=False, repr=False)
    chance: Chance
    phase: Phase
    active: int
    turn: int
    """Turns begun so far (1 during the first turn)."""
    tile: str
    """The drawn tile to place ("" outside the place phase)."""
    stack: tuple[str, ...]
    """Tiles still face down, sorted (the draw order is chance, not state)."""
    discarded: tuple[str, ...]
    """Tiles that fitted nowhere (C5), in order."""
    placed: tuple[Placed, ...]
    board_keys: tuple[int, ...]
    board_index: tuple[int, ...]
    """Parallel to ``board_keys``: the placement index at each key."""
    open_keys: tuple[int, ...]
    open_patterns: tuple[int, ...]
    """Parallel to ``open_keys``: 2 bits per side N E S W, the touching edge type (0 none)."""
    segment_feature: tuple[int, ...]
    features: tuple[Feature | None, ...]
    monasteries: tuple[tuple[int, int], ...]
    """``(key, segment)`` of every monastery on the board (C12)."""
    followers: tuple[Follower, ...]
    supply: tuple[int, ...]
    points: tuple[int, ...]
    scored: tuple[Scoring, ...]
    """Every completed feature and every final-scoring part, in order."""

    def where(self) -> str:
        """A short description of the position, for error messages and logs."""
        if self.phase is Phase.OVER:
            return f"game over after turn {self.turn}"
        if self.phase is Phase.PLACE:
            return f"turn {self.turn}, seat {self.active} places tile {self.tile}"
        last = self.placed[-1]
        return (
            f"turn {self.turn}, seat {self.active}'s follower phase on tile {last.tile} at "
            f"{last.x},{last.y}"
        )

    def tile_at(self, x: int, y: int) -> Placed | None:
        """The tile at ``(x, y)``, None for an empty position."""
        key = key_of(x, y)
        i = bisect_left(self.board_keys, key)
        if i < len(self.board_keys) and self.board_keys[i] == key:
            return self.placed[self.board_index[i]]
        return None
