"""The state of module 3, Special blend colours (fresco-modules-123.md section 4).

Pink and brown pieces live in the ordinary paint tuples, which are 8 long in a game with module 3
(``vocab.PAINT_INDEX``); this sub-state keeps only what the base state has no place for.
"""

from __future__ import annotations

from attrs import frozen


@frozen(slots=False)  # copied dict to dict by kernel.evolve
class SpecialState:
    """Module 3's own components."""

    removed: tuple[str, ...]
    """The fresco tiles removed from the game at set-up (R3.3, sorted; hidden, A3.1)."""
