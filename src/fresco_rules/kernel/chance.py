"""Chance carried inside a game state: a pure generator, the log of every outcome drawn, and
recorded outcomes still to be replayed.

Every draw goes through ``draw``. Playing normally, the generator picks the outcome; replaying a
record made by another program, the recorded outcome is taken instead (the generator still
advances, so replaying our own records rebuilds equal states). The log is what a game record
stores.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from .errors import IllegalAction
from .rng import next_below, seed_state

Outcome = tuple[str, str]
"""``(kind of draw, outcome)``, e.g. ``("market", "M05")``."""


@frozen
class Chance:
    rng: int
    log: tuple[Outcome, ...] = ()
    script: tuple[Outcome, ...] = ()
    """Recorded outcomes not yet used, first one next."""


def start_chance(seed: int, script: Sequence[Outcome] = ()) -> Chance:
    """The chance source of a new game from a seed and, optionally, recorded outcomes."""
    return Chance(seed_state(seed), (), tuple((str(k), str(o)) for k, o in script))


def draw(chance: Chance, kind: str, pool: Sequence[str], *, rule: str) -> tuple[int, Chance]:
    """Draw one item of ``pool`` (by index) for a draw of ``kind``.

    With recorded outcomes pending, the next one must be of this kind and in the pool, else
    ``IllegalAction`` naming ``rule`` (the game's rule for its random set-up).
    """
    index, rng = next_below(chance.rng, len(pool))
    script = chance.script
    if script:
        want_kind, outcome = script[0]
        if want_kind != kind or outcome not in pool:
            raise IllegalAction(
                rule,
                f"recorded draw {want_kind}:{outcome} does not fit this {kind} draw "
                f"(possible: {', '.join(sorted(pool))})",
            )
        index = list(pool).index(outcome)
        script = script[1:]
    return index, Chance(rng, (*chance.log, (kind, pool[index])), script)
