"""The players of a study. Every seat of every game is played by the same kind of player.

A player is made once per worker from the game's adapter; ``choose(state, actions, seat, rng)``
returns the index of the chosen action and the generator's next state. The generator is the
kernel's SplitMix64 seeded with the game's seed, so a game is a pure function of its config, seed
and player: ``random`` plays exactly the game of ``fresco-rules play --seed S``.

- ``random``: uniform among the legal actions.
- ``greedy``: applies every legal action and takes one with the best immediate value for the
  acting seat (``GameAdapter.greedy_key``; Fresco: VP gained, then Thalers earned; Barbarossa:
  the own disc's gain minus the others' mean gain, with die rolls and the sculptor's judgements
  neutral); ties are drawn uniformly. It looks one action ahead only: a plan, a purchase or a
  blend that pays later is worth 0 now, so it plays those at random.
- ``mcts``: Monte Carlo tree search through the OpenSpiel adapter,
  ``fresco_rules.openspiel.study_player(adapter) -> Choose`` (open-hand UCT with short random
  rollouts; slow: minutes per Fresco game). Without the ``[openspiel]`` extra the player is
  refused with a ``StudyError`` naming what is missing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any

from ..kernel.rng import next_below
from .adapters import GameAdapter, StudyError

Choose = Callable[[Any, Sequence[Any], "int | None", int], tuple[int, int]]
"""``choose(state, actions, seat, rng) -> (index, rng)``."""

OPENSPIEL_MODULE = "fresco_rules.openspiel"


def random_player(adapter: GameAdapter) -> Choose:
    def choose(state: Any, actions: Sequence[Any], seat: int | None, rng: int) -> tuple[int, int]:
        return next_below(rng, len(actions))

    return choose


def greedy_player(adapter: GameAdapter) -> Choose:
    apply, key = adapter.game.apply, adapter.greedy_key

    def choose(state: Any, actions: Sequence[Any], seat: int | None, rng: int) -> tuple[int, int]:
        if seat is None or len(actions) == 1:
            return next_below(rng, len(actions))
        values = [key(state, action, apply(state, action), seat) for action in actions]
        best = max(values)
        tied = [i for i, value in enumerate(values) if value == best]
        pick, rng = next_below(rng, len(tied))
        return tied[pick], rng

    return choose


def mcts_player(adapter: GameAdapter) -> Choose:
    try:
        module = import_module(OPENSPIEL_MODULE)
    except ModuleNotFoundError as exc:
        if exc.name is not None and OPENSPIEL_MODULE.startswith(exc.name):
            raise StudyError(
                "--player mcts needs the OpenSpiel adapter (fresco_rules.openspiel), which this "
                "version does not have yet; use --player random or --player greedy"
            ) from None
        raise StudyError(
            f"--player mcts needs OpenSpiel installed (module {exc.name!r} is missing): "
            "pip install open_spiel"
        ) from None
    factory = getattr(module, "study_player", None)
    if not callable(factory):
        raise StudyError(
            "--player mcts: fresco_rules.openspiel has no study_player(adapter) for studies yet"
        )
    player: Choose = factory(adapter)
    return player


PLAYERS: dict[str, Callable[[GameAdapter], Choose]] = {
    "random": random_player,
    "greedy": greedy_player,
    "mcts": mcts_player,
}


def make_player(name: str, adapter: GameAdapter) -> Choose:
    """The player ``name`` for ``adapter``'s game (``StudyError`` when it cannot be made)."""
    factory = PLAYERS.get(name) if isinstance(name, str) else None
    if factory is None:
        raise StudyError(f"unknown player {name!r}; known: {', '.join(PLAYERS)}")
    return factory(adapter)
