"""The state of module 5, the Leaf Gold (fresco-modules-456.md section 3)."""

from __future__ import annotations

from attrs import frozen

from ..vocab import Paint


@frozen(slots=False)  # copied dict to dict by kernel.evolve
class GoldState:
    """Leaf gold and the wooden discs. Per-player tuples hold the human seats only (R5.13)."""

    supply: int
    """Leaf gold on the leaf-gold board (R5.1)."""
    held: tuple[int, ...]
    """Per player: leaf gold behind the large screen."""
    disc: Paint
    """The disc on the basket tile: this round's gilding colour (R5.4)."""
    bag: tuple[Paint, ...]
    """The discs in the linen bag (sorted; drawn by chance, R5.3)."""
