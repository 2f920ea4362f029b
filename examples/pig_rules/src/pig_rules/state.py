"""Pig's game state: one frozen record, with the hidden bonus cards (P1, P8) inside."""

from __future__ import annotations

import attrs
from attrs import frozen

from fresco_rules.kernel.chance import Chance
from fresco_rules.kernel.view import MappingView, Viewable

from .config import GameConfig, Tables


@frozen(repr=False)
class State(Viewable):
    """A game state: ``str(state)`` is the text board, Jupyter draws the SVG picture."""

    config: GameConfig
    tables: Tables = attrs.field(eq=False, repr=False)
    chance: Chance
    active: int
    turn: int
    """Turns begun so far (1 during the first turn)."""
    turn_total: int
    last_roll: int
    """The last face rolled in this turn, or the bust face that ended the last one (0: none)."""
    banks: tuple[int, ...]
    bonus: tuple[int, ...]
    """Each seat's bonus card, face down until the game is over (P8)."""
    over: bool

    def where(self) -> str:
        """A short description of the position, for messages."""
        if self.over:
            return f"game over after turn {self.turn}"
        return f"turn {self.turn}, seat {self.active} with a turn total of {self.turn_total}"


@frozen
class PlayerView(MappingView):
    """What one seat sees (P8): its own bonus card, every bank, the turn total and the last
    roll; the other bonus cards only once the game is over (``bonuses``, None while hidden)."""

    seat: int
    turn: int
    active: int
    turn_total: int
    last_roll: int
    banks: tuple[int, ...]
    own_bonus: int
    bonuses: tuple[int | None, ...]
    over: bool
    winners: tuple[int, ...]
