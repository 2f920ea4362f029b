"""A game played forward step by step, with take-back and its record: python-chess's
``Board.move_stack``/``pop()`` and OpenSpiel's ``history()`` for any game of this library.

States are immutable and carry their chance (the generator and the log of every draw), so a
history keeps the state after each step: ``pop()`` is going back one state, and pushing the
same action again draws the same outcomes and gives an equal state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from .._version import __version__
from .errors import RulesError
from .protocol import GameRules, RecordCodec
from .records import InvalidRecord, make_record, parse_record
from .records import replay as replay_record

S = TypeVar("S")
A = TypeVar("A")

Step = tuple[int | None, Any]
"""``(seat, action)``: who acted (None for a step no seat takes) and what."""


class GameHistory(Generic[S, A]):
    """A game from its config and seed, and every step played since.

    ``push(action)`` applies an action through the game's ``apply`` (an illegal one raises
    the usual ``IllegalAction`` with its rule ID, and the history is unchanged); ``pop()``
    takes the last step back; ``state`` is the current state, ``steps`` the
    ``(seat, action)`` steps so far and ``states`` every state from the start; ``record()``
    is the game record the command line writes (``fresco_rules.replay`` replays it
    strictly). ``GameHistory.from_record`` rebuilds the history of a record.
    """

    def __init__(self, game: GameRules[S, A], config: Any = None, seed: int = 0) -> None:
        """A new game of ``game`` (a ``GameRules``) from ``config`` (None: the game's
        default) and ``seed`` (an ``int`` from 0 to 2**64 - 1, else ``InvalidSeed``)."""
        self.game = game
        self.config = game.default_config() if config is None else config
        self.seed = seed
        self._states: list[S] = [game.new_game(self.config, seed)]
        self._steps: list[tuple[int | None, A]] = []

    @classmethod
    def from_record(cls, game: GameRules[S, A], record: Any) -> GameHistory[S, A]:
        """The history of a record of ``game`` (a path, JSON text, bytes or a parsed
        mapping), replayed strictly: ``InvalidRecord`` for a malformed record, ``ReplayError``
        at its first illegal step. A record whose draws are its seed's own (every record this
        library writes) gives the states a new game from that seed gives, so play can go on
        past its end; a record made by another program keeps its recorded outcomes (and a
        draw beyond them is refused by the game's rule of random steps)."""
        codec = _codec(game)
        data = parse_record(record)
        states: list[S] = []
        steps: list[tuple[int | None, A]] = []

        def keep(before: S, action: A, after: S) -> None:
            if not states:
                states.append(before)
            steps.append((codec.seat_to_move(before), action))
            states.append(after)

        final: S = replay_record(game, data, on_step=keep)
        history = cls(game, codec.config_from_json(data["setup"]), data.get("seed") or 0)
        try:  # the seed's own draws, so the game can go on past the record
            for _, action in steps:
                history.push(action)
            own = list(codec.chance_log(history.state)) == list(codec.chance_log(final))
        except RulesError:  # the seed draws otherwise: an action of the record is illegal
            own = False
        if not own:  # another program's draws: the replayed states hold its outcomes
            history._states = states or [final]
            history._steps = steps
        return history

    @property
    def state(self) -> S:
        """The current state (after the last step)."""
        return self._states[-1]

    @property
    def start(self) -> S:
        """The state the game started from."""
        return self._states[0]

    @property
    def steps(self) -> tuple[tuple[int | None, A], ...]:
        """The ``(seat, action)`` steps so far, the first one first (python-chess's
        ``move_stack``)."""
        return tuple(self._steps)

    @property
    def states(self) -> tuple[S, ...]:
        """Every state from the start: ``states[i]`` is the state before step ``i``."""
        return tuple(self._states)

    def __len__(self) -> int:
        """The number of steps played."""
        return len(self._steps)

    def history(self) -> list[A]:
        """The actions so far, the first one first (OpenSpiel's ``state.history()``)."""
        return [action for _, action in self._steps]

    def legal_actions(self) -> Sequence[A]:
        """The legal actions in the current state."""
        return self.game.legal_actions(self.state)

    def is_over(self) -> bool:
        """Whether the game is over."""
        return self.game.is_over(self.state)

    def push(self, action: A) -> S:
        """Play ``action`` (validated by the game's ``apply``: an illegal one raises
        ``IllegalAction`` with its rule ID and nothing changes); returns the new state."""
        before = self.state
        seat = _codec(self.game).seat_to_move(before)
        after = self.game.apply(before, action)
        self._states.append(after)
        self._steps.append((seat, action))
        return after

    def pop(self) -> tuple[int | None, A]:
        """Take back the last step and return it as ``(seat, action)``; ``IndexError`` when
        no step was played (as ``list.pop`` and python-chess's ``Board.pop``)."""
        if not self._steps:
            raise IndexError("no step to take back: the history is at the start of the game")
        self._states.pop()
        return self._steps.pop()

    def peek(self) -> tuple[int | None, A]:
        """The last step, not taken back; ``IndexError`` when no step was played."""
        if not self._steps:
            raise IndexError("no step played yet")
        return self._steps[-1]

    def record(self) -> dict[str, Any]:
        """The game record of the steps so far (the format the command line writes, with the
        result once the game is over): every chance outcome drawn is in it, so it replays
        strictly to ``state``."""
        final = self.state
        return make_record(
            self.game,
            library_version=__version__,
            config=self.config,
            seed=self.seed,
            steps=self._steps,
            final=final,
            scores=self.game.scores(final) if self.game.is_over(final) else None,
        )

    def __repr__(self) -> str:
        return f"<GameHistory {self.game.name} seed={self.seed} steps={len(self._steps)}>"


def _codec(game: GameRules[Any, Any]) -> RecordCodec:
    if game.codec is None:
        raise InvalidRecord(f"game {game.name!r} has no record codec", path="$.game")
    return game.codec
