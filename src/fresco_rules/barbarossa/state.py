"""The Barbarossa game state: one frozen record of tuples, shared by every rule function.

Tiles are 0-based indices into the ring (tile 1 of the rulebook is index 0); objects are 0-based
indices, seat-major (seat s sculpts objects ``s*n .. s*n + n - 1``); letter positions are 1-based
as the players say them.
"""

from __future__ import annotations

from enum import Enum
from typing import TypeVar

import attrs
from attrs import frozen

from ..kernel.chance import Chance
from ..kernel.view import Viewable
from .config import GameConfig, Tables
from .vocab import EVENT_LABELS, Reply
from .words import object_label

T = TypeVar("T")


def replace_at(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the item at ``index`` replaced."""
    return (*values[:index], value, *values[index + 1 :])


class Step(Enum):
    """Where the active player's turn stands (the main flow, which curses interrupt)."""

    MOVE = "move"
    """The active player rolls or spends jewels (B5)."""
    ROLLED = "rolled"
    """The die is cast; the pawn moves next."""
    MOVED = "moved"
    """The pawn stands on its new tile; the tile takes effect next (B6)."""
    LETTER = "letter"
    """The Letter Dwarf: ask for a letter or decline (B9)."""
    QUESTION = "question"
    """The "?" tile's question phase (B10)."""
    SOLUTION = "solution"
    """The "?" tile's solution phase (B11)."""
    TURN_OVER = "turn_over"
    """The turn passes to the left next (B4)."""
    OVER = "over"
    """The game has ended (B19)."""


class Event(Enum):
    """The atomic events after which a curse window opens (A-B.12), and the start of the
    game (a curse may be called before the very first move)."""

    START = "start of the game"
    ROLL = "roll"
    MOVE = "move"
    TILE = "tile effect"
    ANSWER = "answer"
    VERDICT = "verdict"
    CURSE = "curse effect"


class Judgement(Enum):
    """What a pending request waits for from the sculptor."""

    ANSWER = "answer"
    LETTER = "letter"
    VERDICT = "verdict"


@frozen
class Request:
    """A question, letter request or guess waiting for its sculptor's judgement."""

    judgement: Judgement
    asker: int
    obj: int
    position: int = 0
    """Letters: the 1-based position asked for."""
    curse: bool = False
    """The request is a curse's effect (B17), not part of the turn's own flow."""


@frozen
class Note:
    """A question answered, a letter given or a guess judged, in game order (B24). Public:
    the object, the answer, a letter request's position and a guess's verdict. Private
    between asker and sculptor: the letter itself (or "no such letter")."""

    seat: int
    """The asker or the guesser."""
    obj: int
    curse: bool
    """Asked or guessed with a curse (B17)."""
    position: int = 0
    """A letter's position (1-based, or ``LAST_LETTER``); 0 for a question or a guess."""
    letter: str = ""
    """The letter given; ``NO_SUCH_LETTER`` ("") when the word has no such position."""
    right: bool = False
    """A guess's verdict."""
    reply: Reply | None = None
    """A question's answer (None for a letter or a guess)."""

    @property
    def is_letter(self) -> bool:
        return self.position != 0

    @property
    def is_answer(self) -> bool:
        return self.reply is not None


@frozen(slots=False, repr=False)
class State(Viewable):
    """A game state. Not slotted: ``kernel.evolve`` copies it dict to dict, the cheapest way to
    make the next state."""

    config: GameConfig
    tables: Tables = attrs.field(eq=False, repr=False)
    chance: Chance
    """The generator, the log of every die roll so far and recorded rolls still to replay."""
    active: int
    """The seat whose turn it is."""
    turn: int
    """Turns begun so far (1 during the first turn)."""
    step: Step
    die: int
    """The die's result this turn, 0 when the pawn was moved by jewels or not yet."""
    pawns: tuple[int, ...]
    """Per seat: the 0-based ring index of the pawn's tile."""
    discs: tuple[int, ...]
    """Per seat: the scoring disc's track index."""
    overshoot: tuple[int, ...]
    """Per seat: how far past Finish the move that reached it would have gone (A-B.6)."""
    jewels: tuple[int, ...]
    curses: tuple[int, ...]
    """Per seat: curse tokens left."""
    discarded: int
    """Curse tokens discarded so far."""
    arrows: tuple[tuple[int, ...], ...]
    """Per object: the seats whose arrows it holds, in the order they were placed."""
    request: Request | None
    window: Event | None
    """A curse window is open after this event: the table says who calls (A-B.12)."""
    callers: tuple[int, ...]
    """Curse callers still to act, in their die-roll order; the first one acts now (B18)."""
    notes: tuple[Note, ...]
    """Letters given and guesses judged, in order (B24)."""
    winners: tuple[int, ...]
    """Empty until the game is over (B19)."""
    asked: bool = False
    """A question has been asked in this turn's question phase (A-B.10: stopping before the
    first question declines the "?" tile)."""

    def arrows_placed(self) -> int:
        return sum(len(holders) for holders in self.arrows)

    def owner(self, obj: int) -> int:
        return self.tables.owners[obj]

    def where(self) -> str:
        """A short description of the position, for error messages and logs."""
        if self.step is Step.OVER:
            return f"game over after turn {self.turn}"
        tile = self.pawns[self.active]
        kind = EVENT_LABELS[self.tables.ring[tile]]
        text = (
            f"turn {self.turn}, seat {self.active} on tile {tile + 1} ({kind}), {self.step.value}"
        )
        if self.window is not None:
            text += f", curse window after the {self.window.value}"
        elif self.request is not None:
            owed = {"answer": "an answer", "letter": "a letter", "verdict": "a verdict"}
            text += (
                f", seat {self.owner(self.request.obj)} owes {owed[self.request.judgement.value]}"
            )
            text += f" on {object_name(self, self.request.obj)}"
        elif self.callers:
            text += f", curse of seat {self.callers[0]}"
        return text


def object_name(state: State, obj: int) -> str:
    """``object 1b (seat 1's 2nd)``: the label of the notation and the board views."""
    n = state.tables.objects_per_player
    ordinal = ("1st", "2nd", "3rd")[obj % n] if obj % n < 3 else f"{obj % n + 1}th"
    return f"object {object_label(obj, n)} (seat {state.tables.owners[obj]}'s {ordinal})"
