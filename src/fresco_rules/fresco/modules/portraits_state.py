"""The state of module 1, the Portraits (fresco-modules-123.md section 2)."""

from __future__ import annotations

from attrs import frozen


@frozen(slots=False)  # copied dict to dict by kernel.evolve
class PortraitState:
    """Module 1's components. Per-player tuples hold the human seats; ``taken`` every actor."""

    deck: tuple[str, ...]
    """The face-down portrait deck, top card first (its order is hidden, A1.10)."""
    display: tuple[str | None, ...]
    """The studio's face-up spaces (R1.3); None for an empty space."""
    held: tuple[tuple[str, ...], ...]
    """Per player: his permanent cards, face up (R1.7)."""
    removed: tuple[str, ...]
    """Cards removed from the game (one-time cards, Leonardo's, the display's leftovers)."""
    taken: tuple[int, ...]
    """Per actor: portraits taken this round (R1.5, A1.1)."""
    sexton_used: tuple[int, ...]
    """Per player: Sexton moves made this round (R1.11)."""
    sexton_armed: bool = False
    """A Sexton move was just made and its segment restoration is due (A1.3)."""
