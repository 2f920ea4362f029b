"""What one Carcassonne seat may see (C0.1, C5), as a typed value."""

from __future__ import annotations

from attrs import frozen

from ..kernel.view import MappingView


@frozen
class PlayerView(MappingView):
    """One seat's view. Everything on the table is public: the placed tiles, the followers,
    the tile in hand, the discarded tiles (C5) and the points; of the face-down stack (C0.1)
    only its length. The view is also a mapping of every name to its value
    (``view["placed"]``)."""

    seat: int
    turn: int
    phase: str
    active: int
    tile: str
    """The drawn tile to place (``""`` outside the place phase)."""
    stack: int
    """How many tiles are left face down (C0.1): the order of their draws is chance."""
    discarded: tuple[str, ...]
    placed: tuple[tuple[str, int, int, int], ...]
    """``(tile, x, y, rotation)`` in placement order."""
    followers: tuple[tuple[int, int, int, str], ...]
    """``(seat, x, y, feature)`` of every follower on the board."""
    supply: tuple[int, ...]
    points: tuple[int, ...]
    winners: tuple[int, ...]
