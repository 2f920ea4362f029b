"""What a divergence search is: one game, two arms (configs), the seeds and the player kinds;
and one game's outcome as plain data.

The arms are read as the study reads them (``study.spec``: ``OPTION=VALUE[,...]``,
``modules=4+5``, ``components=FILE``), and game ``i`` is seeded ``game_seed(seed, i)`` as in a
study, so a study and a divergence search with the same seed play the same games.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from attrs import frozen

from ..games import declaration
from ..kernel.declaration import GameDeclaration
from ..kernel.study_spec import StudyError
from ..study.players import PLAYERS, Choose, make_player
from ..study.spec import Arm, Study, game_seed
from .core import KINDS, play_lockstep

DEFAULT_PLAYERS = ("random", "greedy")
MAX_GAMES = 1_000_000


@frozen
class Plan:
    """``games`` games per player kind; arm A (the first) draws the chance outcomes."""

    game: str
    players: int
    arms: tuple[Arm, Arm]
    games: int
    seed: int = 0
    player_kinds: tuple[str, ...] = DEFAULT_PLAYERS
    modules: str = ""
    components: str | None = None

    def study(self) -> Study:
        """The same games as a study (which checks the fields and reads the arms)."""
        return Study(
            game=self.game,
            players=self.players,
            games=self.games,
            seed=self.seed,
            arms=self.arms,
            player=self.player_kinds[0] if self.player_kinds else "",
            modules=self.modules,
            components=self.components,
        )

    def configs(self) -> tuple[Any, Any]:
        """The two arms' configs, after every check (``StudyError`` naming what is wrong)."""
        from_study = self.study()
        if (
            type(self.player_kinds) is not tuple
            or not self.player_kinds
            or len(set(self.player_kinds)) != len(self.player_kinds)
        ):
            raise StudyError(f"player kinds must be distinct names of: {', '.join(PLAYERS)}")
        adapter = from_study.check()
        a, b = from_study.configs(adapter)
        for kind in self.player_kinds:  # refuse an unavailable player before any work
            make_player(kind, adapter)
        return a, b

    def seeds(self) -> list[int]:
        return [game_seed(self.seed, game) for game in range(self.games)]

    def describe(self) -> dict[str, Any]:
        """The plan as plain data (``summary.json``, the journal's identity)."""
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "player_kinds": list(self.player_kinds),
            "modules": self.modules,
            "components": self.components,
            "arms": [{"label": arm.label, "options": dict(arm.options)} for arm in self.arms],
        }


@frozen
class Outcome:
    """One game of the search: where it parted, if it did."""

    player: str
    game: int
    seed: int
    kind: str | None
    """One of ``KINDS``, or None: the game ended alike in both arms."""
    step: int
    """The step of the divergence; the game's length when there is none."""
    round: int
    rules: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "game": self.game,
            "seed": self.seed,
            "kind": self.kind,
            "step": self.step,
            "round": self.round,
            "rules": list(self.rules),
        }


def outcome_from_json(data: Mapping[str, Any]) -> Outcome:
    """An ``Outcome`` from a journal line (``StudyError`` on anything else)."""
    try:
        player, game, seed, kind = data["player"], data["game"], data["seed"], data["kind"]
        step, round_, rules = data["step"], data["round"], data["rules"]
    except (KeyError, TypeError):
        raise StudyError("not a game of a divergence search") from None
    whole = (game, seed, step, round_)
    if (
        type(player) is not str
        or not all(type(n) is int and n >= 0 for n in whole)
        or not (kind is None or (type(kind) is str and kind in KINDS))
        or type(rules) is not list
        or not all(type(r) is str for r in rules)
    ):
        raise StudyError("not a game of a divergence search")
    return Outcome(player, game, seed, kind, step, round_, tuple(rules))


@cache
def _player(game: str, kind: str) -> tuple[GameDeclaration, Choose]:
    """A worker's declaration and player (made once per process and kind)."""
    found = declaration(game)
    return found, make_player(kind, found.study)


Task = tuple[str, int, int]
"""(player kind, game index, seed)."""

OnBatch = Callable[[list["Outcome"]], None]
"""What a backend calls with each finished batch's outcomes."""


@frozen
class Payload:
    """What a worker needs to play any game of the search (pickled once per worker)."""

    game: str
    configs: tuple[Any, Any]


def play_batch(payload: Payload, tasks: list[Task]) -> list[Outcome]:
    """Play the given games in lock-step (a worker of any backend)."""
    found = []
    for kind, game, seed in tasks:
        game_declaration, choose = _player(payload.game, kind)
        played = play_lockstep(game_declaration, *payload.configs, seed, choose)
        divergence = played.divergence
        if divergence is None:
            rounds = int(game_declaration.study.rounds(played.final_a))
            found.append(Outcome(kind, game, seed, None, len(played.steps), rounds))
        else:
            found.append(
                Outcome(
                    kind,
                    game,
                    seed,
                    divergence.kind,
                    divergence.step,
                    divergence.round,
                    divergence.rules,
                )
            )
    return found


__all__ = [
    "DEFAULT_PLAYERS",
    "Arm",
    "Outcome",
    "Payload",
    "Plan",
    "StudyError",
    "Task",
    "outcome_from_json",
    "play_batch",
]
