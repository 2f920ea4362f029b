"""Carcassonne actions: one small frozen record per decision.

An action does not name its seat: it is always the active player's (``current_player``). After
``PlaceTile`` the same player decides the follower phase: ``Deploy``, ``ReturnFigure`` (only
after a Festival tile, F2) or ``Pass``. Features are named by their canonical strings in board
directions (``"road:E,W"``, ``"city:N,W"``, ``"field:EL,SR,WL,WR"``, ``"field:inner"``,
``"monastery"``).
"""

from __future__ import annotations

from typing import ClassVar

from attrs import field, frozen

from ..kernel.actions import strict_key as _strict


@frozen
class PlaceTile:
    """C1-C4: place the drawn tile at ``(x, y)`` (x east, y SOUTH) turned ``rotation`` clockwise
    quarter turns (0-3) from its reference orientation."""

    kind: ClassVar[str] = "place_tile"
    x: int = field(eq=_strict)
    y: int = field(eq=_strict)
    rotation: int = field(eq=_strict)


@frozen
class Deploy:
    """C6-C8 (F2 DEPLOY): put one follower from the supply on ``feature`` of the tile just
    placed."""

    kind: ClassVar[str] = "deploy"
    feature: str = field(eq=_strict)


@frozen
class ReturnFigure:
    """F2 RETURN (F4-F6): after placing a Festival tile, take one of one's own figures back from
    ``feature`` of the tile at ``(x, y)``, anywhere on the board."""

    kind: ClassVar[str] = "return_figure"
    x: int = field(eq=_strict)
    y: int = field(eq=_strict)
    feature: str = field(eq=_strict)


@frozen
class Pass:
    """C8, FA3: end the follower phase without deploying or returning anything."""

    kind: ClassVar[str] = "pass"


Action = PlaceTile | Deploy | ReturnFigure | Pass

ACTION_TYPES: tuple[type[Action], ...] = (PlaceTile, Deploy, ReturnFigure, Pass)
ACTIONS_BY_KIND: dict[str, type[Action]] = {cls.kind: cls for cls in ACTION_TYPES}
