"""Chance carried inside a game state: a pure generator, the log of every outcome drawn, and
recorded outcomes still to be replayed.

Every draw goes through ``draw``. Playing normally, the generator picks the outcome; replaying a
record made by another program, the recorded outcome is taken instead (the generator still
advances, so replaying our own records rebuilds equal states). The log is what a game record
stores.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import field, frozen

from .errors import IllegalAction
from .rng import next_below, seed_state

Outcome = tuple[str, str]
"""``(kind of draw, outcome)``, e.g. ``("market", "M05")``."""


class OutcomeNeeded(IllegalAction):
    """A draw found no recorded outcome while only recorded outcomes may be used.

    Replaying a record this is a refusal like any other; an adapter that plays chance as
    explicit chance nodes (OpenSpiel) catches it, offers ``pool`` as the outcomes (uniform by
    index, so an item listed twice is twice as likely) and applies the step again with the
    chosen outcome recorded.
    """

    def __init__(self, rule: str, kind: str, pool: tuple[str, ...]) -> None:
        super().__init__(rule, f"the record holds no outcome for this {kind} draw")
        self.kind = kind
        self.pool = pool

    def __reduce__(self) -> tuple[object, ...]:
        return (OutcomeNeeded, (self.rule, self.kind, self.pool))


@frozen
class Chance:
    rng: int
    log: tuple[Outcome, ...] = ()
    script: tuple[Outcome, ...] = ()
    """Recorded outcomes not yet used, first one next."""
    scripted_only: bool = field(default=False, eq=False)
    """Replaying a record: every draw must come from ``script``; none is invented."""


def start_chance(
    seed: int, script: Sequence[Outcome] = (), *, scripted_only: bool = False
) -> Chance:
    """The chance source of a new game from a seed and, optionally, recorded outcomes; with
    ``scripted_only`` a draw beyond the recorded outcomes is refused instead of generated."""
    outcomes = tuple((str(kind), str(outcome)) for kind, outcome in script)
    return Chance(seed_state(seed), (), outcomes, scripted_only)


def draw(chance: Chance, kind: str, pool: Sequence[str], *, rule: str) -> tuple[int, Chance]:
    """Draw one item of ``pool`` (by index) for a draw of ``kind``.

    With recorded outcomes pending, the next one must be of this kind and in the pool, else
    ``IllegalAction`` naming ``rule`` (the game's rule for its random set-up).
    """
    index, rng = next_below(chance.rng, len(pool))
    script = chance.script
    if not script and chance.scripted_only:
        raise OutcomeNeeded(rule, kind, tuple(pool))
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
    return index, Chance(rng, (*chance.log, (kind, pool[index])), script, chance.scripted_only)
