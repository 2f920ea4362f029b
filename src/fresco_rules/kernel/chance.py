"""Chance carried inside a game state: a pure generator, the log of every outcome drawn, and
recorded outcomes still to be replayed.

Every draw goes through ``draw``. Playing normally, the generator picks the outcome; replaying a
record made by another program, the recorded outcome is taken instead (the generator still
advances, so replaying our own records rebuilds equal states). The log is what a game record
stores.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import chain
from typing import Any

from attrs import field, frozen

from .errors import IllegalAction, InvalidSeed
from .rng import below_run, next_below, seed_state
from .untrusted import describe

Outcome = tuple[str, str]
"""``(kind of draw, outcome)``, e.g. ``("market", "M05")``."""


class Log(Sequence[Outcome]):
    """The log of a game's draws as a persistent list: a draw adds one cell on top of the log
    before it (O(1), every later state shares the cells before it) instead of copying the whole
    log; a run of draws in a row (a deal, a shuffle) adds one cell holding the run. It reads,
    compares and hashes as the tuple of its outcomes; the tuple is built only when something
    reads it as a whole (a record being written, a slice)."""

    __slots__ = ("_flat", "_hash", "before", "items", "size")

    before: Log | None
    items: tuple[Outcome, ...]
    """The outcomes this cell adds (one draw, or a run of draws), first one first."""
    size: int
    _flat: tuple[Outcome, ...] | None
    _hash: int | None

    def __init__(self, outcomes: Sequence[Outcome] = ()) -> None:
        flat = tuple(outcomes)
        self.before = None
        self.items = flat
        self.size = len(flat)
        self._flat = flat
        self._hash = None

    @staticmethod
    def _cell(items: tuple[Outcome, ...], before: Log | None) -> Log:
        """A cell adding ``items`` (one or more outcomes) on top of ``before``."""
        cell = object.__new__(Log)
        if before is not None and before.size == 0:
            before = None
        cell.before = before
        cell.items = items
        cell.size = len(items) if before is None else before.size + len(items)
        cell._flat = None
        cell._hash = None
        return cell

    def then(self, outcome: Outcome) -> Log:
        """This log with ``outcome`` drawn next."""
        return Log._cell((outcome,), self)

    def then_all(self, outcomes: tuple[Outcome, ...]) -> Log:
        """This log with ``outcomes`` drawn next, one after another (one cell for the run)."""
        return Log._cell(outcomes, self) if outcomes else self

    def _tuple(self) -> tuple[Outcome, ...]:
        flat = self._flat
        if flat is None:
            runs: list[tuple[Outcome, ...]] = []
            cell: Log | None = self
            while cell is not None and cell._flat is None:
                runs.append(cell.items)
                cell = cell.before
            runs.reverse()
            base = () if cell is None else cell._flat or ()
            flat = self._flat = tuple(chain(base, *runs))
        return flat

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, index: Any) -> Any:
        return self._tuple()[index]

    def __iter__(self) -> Iterator[Outcome]:
        return iter(self._tuple())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Log):
            a: Log | None = self
            b: Log | None = other
            if self.size != other.size:
                return False
            while a is not b and a is not None and b is not None:
                if a._flat is not None or b._flat is not None or len(a.items) != len(b.items):
                    # a flat log, or runs cut differently (one replayed draw by draw)
                    return a._tuple() == b._tuple()
                if a.items != b.items:
                    return False
                a, b = a.before, b.before
            return True
        if isinstance(other, tuple):
            return self.size == len(other) and self._tuple() == other
        return NotImplemented

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self._tuple())
        return self._hash

    def __repr__(self) -> str:
        return repr(self._tuple())

    def __reduce__(self) -> tuple[type[Log], tuple[tuple[Outcome, ...]]]:
        return Log, (self._tuple(),)

    def __copy__(self) -> Log:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Log:
        return self


def _as_log(outcomes: Sequence[Outcome]) -> Log:
    return outcomes if isinstance(outcomes, Log) else Log(tuple(outcomes))


class OutcomeNeeded(IllegalAction):
    """A draw found no recorded outcome while only recorded outcomes may be used.

    Replaying a record this is a refusal like any other; an adapter that plays chance as
    explicit chance nodes (OpenSpiel) catches it, offers ``pool`` as the outcomes (uniform by
    index, so an item listed twice is twice as likely) and applies the step again with the
    chosen outcome recorded.
    """

    kind: str
    """The kind of draw (``"market"``, ``"die"``, ``"tile"``)."""
    pool: tuple[str, ...]
    """The outcomes the draw may take, an item once per copy."""

    def __init__(self, rule: str, kind: str, pool: tuple[str, ...]) -> None:
        super().__init__(rule, f"the record holds no outcome for this {kind} draw")
        self.kind = kind
        self.pool = pool

    def __reduce__(self) -> tuple[object, ...]:
        return (OutcomeNeeded, (self.rule, self.kind, self.pool))


@frozen
class Chance:
    rng: int
    log: Log = field(factory=Log, converter=_as_log)
    """Every outcome drawn so far, first one first (a ``Log``: reads as a tuple)."""
    script: tuple[Outcome, ...] = ()
    """Recorded outcomes not yet used, first one next."""
    scripted_only: bool = field(default=False, eq=False)
    """Replaying a record: every draw must come from ``script``; none is invented."""


@frozen
class ChanceRecord:
    """A ``Chance`` with its log as a tuple: the shape in which state JSON holds it."""

    rng: int
    log: tuple[Outcome, ...] = ()
    script: tuple[Outcome, ...] = ()
    scripted_only: bool = field(default=False, eq=False)

    @classmethod
    def of(cls, chance: Chance) -> ChanceRecord:
        return cls(chance.rng, tuple(chance.log), chance.script, chance.scripted_only)

    def chance(self) -> Chance:
        return Chance(self.rng, Log(self.log), self.script, self.scripted_only)


_EMPTY = Log()


MAX_SEED = 2**64 - 1
"""Seeds are unsigned 64-bit numbers, as a record stores them."""


def checked_seed(seed: object) -> int:
    """``seed`` when it is an ``int`` (not a ``bool``) from 0 to ``MAX_SEED``, else
    ``InvalidSeed``. The library never picks a seed by itself: ``new_game(config)`` is seed 0,
    the same game every time, so a call is reproducible; the command line picks a random seed
    and prints it."""
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise InvalidSeed(
            f"the seed must be a whole number from 0 to 2**64 - 1, not {describe(seed)}"
        )
    return seed


def start_chance(
    seed: int, script: Sequence[Outcome] = (), *, scripted_only: bool = False
) -> Chance:
    """The chance source of a new game from a seed (``checked_seed``) and, optionally, recorded
    outcomes; with ``scripted_only`` a draw beyond the recorded outcomes is refused instead of
    generated."""
    seed = checked_seed(seed)
    outcomes = tuple((str(kind), str(outcome)) for kind, outcome in script)
    return Chance(seed_state(seed), _EMPTY, outcomes, scripted_only)


def pool_words(pool: Sequence[str]) -> str:
    """The distinct items of a draw's pool with their counts: ``A x2, B x4, C``."""
    counts = Counter(pool)
    return ", ".join(
        item if counts[item] == 1 else f"{item} x{counts[item]}" for item in sorted(counts)
    )


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
                f"(possible: {pool_words(pool)})",
            )
        index = list(pool).index(outcome)
        script = script[1:]
    return index, _next_chance(rng, chance.log.then((kind, pool[index])), script, chance)


def draw_several(
    chance: Chance, kind: str, pool: list[str], count: int, *, rule: str
) -> tuple[list[str], Chance]:
    """Draw ``count`` items of ``pool`` one after another (each removed from ``pool``, each a
    draw of ``kind``), as many ``draw`` calls would: the same items, log and generator state.
    A shuffle or a deal makes dozens of draws in a row, so without recorded outcomes they are
    made in one loop; with recorded outcomes each goes through ``draw`` and its checks."""
    drawn: list[str] = []
    if count <= 0:
        return drawn, chance
    if chance.script or chance.scripted_only:
        for _ in range(count):
            index, chance = draw(chance, kind, pool, rule=rule)
            drawn.append(pool.pop(index))
        return drawn, chance
    indices, rng = below_run(chance.rng, len(pool), count)
    pop = pool.pop
    drawn = [pop(index) for index in indices]
    log = chance.log.then_all(tuple([(kind, item) for item in drawn]))
    return drawn, _next_chance(rng, log, chance.script, chance)


def draw_counted(
    chance: Chance, kind: str, names: Sequence[str], counts: list[int], count: int, *, rule: str
) -> tuple[list[int], Chance]:
    """Draw ``count`` items one after another from a multiset of ``counts[i]`` copies of
    ``names[i]`` (a bag of tokens), each drawn copy taken out of ``counts``, as many ``draw``
    calls over the pool listing the copies in ``names`` order would: the same items, log and
    generator state. Returns the index in ``names`` of each item drawn. Without recorded
    outcomes the pool is never built: the item is found by counting through ``counts``."""
    drawn: list[int] = []
    total = sum(counts)
    if count > total:
        raise ValueError(f"{count} draws from a bag of {total}")
    if chance.script or chance.scripted_only:
        for _ in range(count):
            pool = tuple(
                name for name, copies in zip(names, counts, strict=True) for _ in range(copies)
            )
            index, chance = draw(chance, kind, pool, rule=rule)
            item = names.index(pool[index])
            counts[item] -= 1
            drawn.append(item)
        return drawn, chance
    indices, rng = below_run(chance.rng, total, count)
    for index in indices:
        item = 0
        while index >= counts[item]:
            index -= counts[item]
            item += 1
        counts[item] -= 1
        drawn.append(item)
    log = chance.log.then_all(tuple([(kind, names[item]) for item in drawn]))
    return drawn, _next_chance(rng, log, chance.script, chance)


_new = object.__new__
_SET_RNG = Chance.__dict__["rng"].__set__
_SET_LOG = Chance.__dict__["log"].__set__
_SET_SCRIPT = Chance.__dict__["script"].__set__
_SET_SCRIPTED_ONLY = Chance.__dict__["scripted_only"].__set__


def _next_chance(rng: int, log: Log, script: tuple[Outcome, ...], before: Chance) -> Chance:
    """``Chance(rng, log, script, before.scripted_only)`` through its slots: every draw makes
    one, and ``log`` is a ``Log`` already, so ``__init__`` and its converter are skipped (half
    the cost)."""
    chance: Chance = _new(Chance)
    _SET_RNG(chance, rng)
    _SET_LOG(chance, log)
    _SET_SCRIPT(chance, script)
    _SET_SCRIPTED_ONLY(chance, before.scripted_only)
    return chance
