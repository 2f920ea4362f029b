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
- ``heuristic``: as ``greedy`` with the game's heuristic key (``GameAdapter.heuristic_key``,
  documented in each game's ``players`` module): it values what pays later (plans, purchases,
  farms late, questions that narrow an object down).
- ``search`` or ``search:N``: determinized Monte Carlo tree search from the acting seat's view
  only, N simulations per decision (default 100), heuristic playouts (``study.search``).
- a table per seat, comma-separated: ``search:200,heuristic,heuristic`` (seat 0 searches).
- ``mcts``: Monte Carlo tree search through the OpenSpiel adapter,
  ``fresco_rules.openspiel.study_player(adapter) -> Choose`` (open-hand UCT with short random
  rollouts; slow: minutes per Fresco game). Without the ``[openspiel]`` extra the player is
  refused with a ``StudyError`` naming what is missing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any

from ..kernel.rng import next_below
from ..kernel.untrusted import describe
from .adapters import GameAdapter, StudyError
from .search import Values, heuristic_values, key_values, search_choice

Choose = Callable[[Any, Sequence[Any], "int | None", int], tuple[int, int]]
"""``choose(state, actions, seat, rng) -> (index, rng)``."""

OPENSPIEL_MODULE = "fresco_rules.openspiel"


def random_player(adapter: GameAdapter) -> Choose:
    def choose(state: Any, actions: Sequence[Any], seat: int | None, rng: int) -> tuple[int, int]:
        return next_below(rng, len(actions))

    return choose


def greedy_player(adapter: GameAdapter) -> Choose:
    return _valued_player(key_values(adapter, adapter.greedy_key))


def heuristic_player(adapter: GameAdapter) -> Choose:
    return _valued_player(heuristic_values(adapter))


DEFAULT_BUDGET = 100
MAX_BUDGET = 100_000


def search_player(adapter: GameAdapter, budget: int = DEFAULT_BUDGET) -> Choose:
    decide = search_choice(adapter, budget)

    def choose(state: Any, actions: Sequence[Any], seat: int | None, rng: int) -> tuple[int, int]:
        if seat is None or len(actions) == 1:
            return next_below(rng, len(actions))
        seed, rng = next_below(rng, 2**62)
        return decide(state, actions, seat, random.Random(seed)), rng

    return choose


def _valued_player(value: Values) -> Choose:
    def choose(state: Any, actions: Sequence[Any], seat: int | None, rng: int) -> tuple[int, int]:
        if seat is None or len(actions) == 1:
            return next_below(rng, len(actions))
        values = value(state, actions, seat)
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
    "heuristic": heuristic_player,
    "search": search_player,
}
BUDGETED = {"search": search_player}
"""The players that take a budget: ``search:200``."""
MAX_NAME = 1000


def _one_player(name: str, adapter: GameAdapter) -> Choose:
    kind, colon, budget = name.partition(":")
    if colon:
        factory = BUDGETED.get(kind)
        if factory is None or not budget.isdigit() or not 1 <= int(budget) <= MAX_BUDGET:
            raise StudyError(
                f"bad player {describe(name)}: a budget is a whole number 1-{MAX_BUDGET} after "
                f"{' or '.join(BUDGETED)} (search:200)"
            )
        return factory(adapter, int(budget))
    made = PLAYERS.get(name)
    if made is None:
        raise StudyError(f"unknown player {describe(name)}; known: {', '.join(PLAYERS)}, search:N")
    return made(adapter)


def make_player(name: str, adapter: GameAdapter) -> Choose:
    """The player ``name`` for ``adapter``'s game (``StudyError`` when it cannot be made): a
    name of ``PLAYERS``, ``search:N``, or a comma-separated table, one player per seat."""
    if not isinstance(name, str) or not name or len(name) > MAX_NAME:
        raise StudyError(
            f"a player is a name of at most {MAX_NAME} characters, not {describe(name)}"
        )
    if "," not in name:
        return _one_player(name, adapter)
    table = [_one_player(part.strip(), adapter) for part in name.split(",")]

    def choose(state: Any, actions: Sequence[Any], seat: int | None, rng: int) -> tuple[int, int]:
        return table[0 if seat is None else seat % len(table)](state, actions, seat, rng)

    return choose
