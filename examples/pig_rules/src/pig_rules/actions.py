"""Pig's actions: one frozen record per decision of the active player (P2)."""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen


@frozen
class Roll:
    """P3: roll the die."""

    kind: ClassVar[str] = "roll"


@frozen
class Hold:
    """P5: bank the turn total and pass the turn."""

    kind: ClassVar[str] = "hold"


Action = Roll | Hold

ACTION_TYPES: tuple[type[Action], ...] = (Roll, Hold)
