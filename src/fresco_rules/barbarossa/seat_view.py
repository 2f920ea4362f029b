"""What one Barbarossa seat may see (B24, A-B.21), as a typed value."""

from __future__ import annotations

from attrs import frozen

from ..kernel.view import MappingView


@frozen
class PlayerView(MappingView):
    """One seat's view: words it may not know are None; letters only between asker and
    sculptor (``(asker, object, position, letter)``). The view is also a mapping of every name
    to its value (``view["letters"]``)."""

    seat: int
    turn: int
    active: int
    step: str
    pawns: tuple[int, ...]
    discs: tuple[int, ...]
    jewels: tuple[int, ...]
    curses: tuple[int, ...]
    arrows: tuple[int, ...]
    arrow_holders: tuple[tuple[int, ...], ...]
    words: tuple[str | None, ...]
    letters: tuple[tuple[int, int, int, str], ...]
    request: tuple[str, int, int, int] | None
    """The judgement being asked for: (kind, asker, object, letter position), public (B24)."""
    window: str | None
    callers: tuple[int, ...]
    log: tuple[str, ...]
    winners: tuple[int, ...]
