"""Barbarossa component data: the box's constants as replaceable, validated data
(component-data.md section 8).

The shipped file ``data/components.toml`` marks every row with its provenance; the event ring is
PROVISIONAL (A-B.1) and can be replaced by a user's own file. ``load_components`` rejects a bad
file with an ``InvalidData`` error naming the path of each bad field (``$.ring[2].kind``).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import attrs
from attrs import frozen

from ..kernel.bounds import bound_problems
from ..kernel.codec import (
    DigestIdentity,
    checked_data,
    data_to_mapping,
    load_data_file,
    provisional_paths,
    shipped_text,
    strict_converter,
)
from ..kernel.data_checks import DataProblems
from ..kernel.registry import implements
from ..kernel.untrusted import describe, is_int, is_int_in, is_str
from .vocab import EventKind, normalise_word

PROVENANCES = ("rulebook", "seed", "review", "decision", "provisional")
EVENT_TILES = 6
"""B3: six event tiles lie around the Gem (certain, seed 003)."""


@frozen
class ObjectCount:
    """B1: how many objects each player sculpts with this many players."""

    players: int
    objects: int
    provenance: str


@frozen
class Track:
    """A-B.2: the score track geometry (indices ``0 .. spaces - 1``)."""

    spaces: int
    start: int
    finish: int
    provenance: str = "decision"


@frozen
class Jewels:
    start: int
    maximum: int
    provenance: str


@frozen
class Arrows:
    total: int
    per_object: int
    guesser_gain: tuple[int, ...]
    """B15: the guesser's gain by the number of arrows already in the object (5, then 3)."""
    provenance: str


@frozen
class Curses:
    per_player: int
    provenance: str


@frozen
class Die:
    sides: int
    provenance: str


@frozen
class SculptorRow:
    """B16: one row of the sculptor table: the total arrows on the Gem and the move."""

    arrows: int
    move: int
    provenance: str


@frozen
class RingTile:
    """A-B.1: one event tile of the ring, numbered clockwise from 1."""

    tile: int
    kind: EventKind
    provenance: str


@frozen
class WordLimit:
    """A-B.15: the longest secret word (in letters, spaces removed) the game accepts. Letter
    requests offer positions 1..``max_letters`` (and "last") for every object alike, so what
    the asker is offered never depends on a word's length."""

    max_letters: int
    provenance: str


@frozen
class StandIns:
    """Stand-in secret words for games whose config names none."""

    words: tuple[str, ...]
    provenance: str


@frozen(eq=False)
class ComponentData(DigestIdentity):
    """A validated component set. Equality and hashing go by ``digest`` (content identity)."""

    name: str
    version: int
    objects_per_player: tuple[ObjectCount, ...]
    track: Track
    jewels: Jewels
    arrows: Arrows
    curses: Curses
    die: Die
    sculptor_table: tuple[SculptorRow, ...]
    ring: tuple[RingTile, ...]
    stand_in_objects: StandIns
    word_limit: WordLimit
    digest: str = attrs.field(default="")

    def objects_for(self, players: int) -> int | None:
        """B1: objects per player with this many players (None: not a supported count)."""
        return next(
            (row.objects for row in self.objects_per_player if row.players == players), None
        )

    def provisional(self) -> tuple[str, ...]:
        """Paths of every row whose provenance is ``provisional``."""
        return provisional_paths(_converter.unstructure(self))


_converter = strict_converter()


BOUNDS: dict[str, tuple[int, int]] = {
    "version": (1, 1_000_000),
    "len(objects_per_player)": (1, 8),
    "objects_per_player[].players": (2, 8),
    "objects_per_player[].objects": (1, 10),
    "track.spaces": (2, 200),
    "track.start": (0, 199),
    "track.finish": (1, 199),
    "jewels.start": (0, 100),
    "jewels.maximum": (0, 100),
    "arrows.total": (1, 100),
    "arrows.per_object": (1, 10),
    "len(arrows.guesser_gain)": (1, 10),
    "arrows.guesser_gain[]": (0, 100),
    "curses.per_player": (0, 20),
    "die.sides": (2, 20),
    "len(sculptor_table)": (1, 100),
    "sculptor_table[].arrows": (1, 100),
    "sculptor_table[].move": (-100, 100),
    "len(ring)": (0, 100),
    "ring[].tile": (0, 100),
    "word_limit.max_letters": (1, 64),
    "len(stand_in_objects.words)": (1, 200),
}
"""The range of every number and list a physical box can have (A-B.2 track, B3 box, B16
table, A-B.15 word length), as ``kernel.bounds`` patterns: a file outside them is refused by
path before anything proportional to a count is built."""


def track_problems(track: Track, path: str) -> list[str]:
    """Problems of a track geometry (A-B.2), each naming its path."""
    problems = []
    low, high = BOUNDS["track.spaces"]
    if not is_int_in(track.spaces, low, high):
        problems.append(
            f"a track has {low}-{high} spaces, not {describe(track.spaces)} @ {path}.spaces"
        )
        return problems
    if not is_int(track.start) or not is_int(track.finish):
        problems.append(f"start and finish are integers @ {path}")
        return problems
    if not 0 <= track.start < track.finish:
        problems.append(f"start {track.start} must lie before finish {track.finish} @ {path}.start")
    if not track.finish < track.spaces:
        problems.append(
            f"finish {track.finish} is off the {track.spaces}-space track @ {path}.finish"
        )
    if not is_str(track.provenance) or track.provenance not in PROVENANCES:
        problems.append(f"unknown provenance {describe(track.provenance)} @ {path}.provenance")
    return problems


def ring_problems(kinds: tuple[object, ...], path: str) -> list[str]:
    """Problems of an event ring (A-B.1): 6 tiles, each of a known kind, every kind present."""
    problems = []
    if len(kinds) != EVENT_TILES:
        problems.append(f"the ring has {EVENT_TILES} event tiles, not {len(kinds)} @ {path}")
        return problems
    for i, kind in enumerate(kinds):
        if type(kind) is not EventKind:
            problems.append(f"{describe(kind)} is no event kind @ {path}[{i}]")
    if problems:
        return problems
    missing = [kind.value for kind in EventKind if kind not in kinds]
    if missing:
        problems.append(f"every kind of tile lies on the ring; missing {missing} @ {path}")
    return problems


def word_problems(words: tuple[str, ...], limit: int, path: str) -> list[str]:
    """B2, A-B.15: every secret word has 1..``limit`` letters (spaces removed)."""
    problems = []
    for j, word in enumerate(words):
        if not is_str(word):
            problems.append(f"a word is a string, not {describe(word)} @ {path}[{j}]")
        elif len(word) > 4 * limit or not 1 <= len(normalise_word(word)) <= limit:
            problems.append(
                f"a secret word has 1-{limit} letters, not {describe(word)} @ {path}[{j}]"
            )
    return problems


def _problems_in(data: ComponentData) -> list[str]:
    """Semantic checks (ranges first, then counts and cross-field laws); each problem names its
    path."""
    checks = DataProblems(provenances=PROVENANCES)
    problems = checks.found

    problems.extend(bound_problems(_converter.unstructure(data), BOUNDS))
    if problems:  # the laws below build lists as long as these counts
        return problems
    problems.extend(track_problems(data.track, "$.track"))
    checks.check(bool(data.objects_per_player), "$.objects_per_player", "no player count")
    seen: set[int] = set()
    for i, row in enumerate(data.objects_per_player):
        path = f"$.objects_per_player[{i}]"
        checks.check(
            row.players not in seen, f"{path}.players", f"{row.players} players listed twice"
        )
        seen.add(row.players)
        checks.provenance(row.provenance, path)
    jewels = data.jewels
    checks.check(
        0 <= jewels.start <= jewels.maximum, "$.jewels.start", "must lie within 0..maximum"
    )
    checks.provenance(jewels.provenance, "$.jewels")
    arrows = data.arrows
    checks.check(
        len(arrows.guesser_gain) == arrows.per_object,
        "$.arrows.guesser_gain",
        f"one gain per arrow an object can hold ({arrows.per_object})",
    )
    checks.provenance(arrows.provenance, "$.arrows")
    for row in data.objects_per_player:
        room = row.players * row.objects * min(arrows.per_object, row.players - 1)
        checks.check(
            room >= arrows.total,
            "$.arrows.total",
            f"{row.players} players' objects hold only {room} arrows (A-B.14)",
        )
    checks.provenance(data.curses.provenance, "$.curses")
    checks.provenance(data.die.provenance, "$.die")
    counts = [row.arrows for row in data.sculptor_table]
    checks.check(
        counts == list(range(1, arrows.total + 1)),
        "$.sculptor_table",
        f"one row for each total 1..{arrows.total}, in order",
    )
    for i, sculptor_row in enumerate(data.sculptor_table):
        checks.provenance(sculptor_row.provenance, f"$.sculptor_table[{i}]")
    for i, tile in enumerate(data.ring):
        checks.check(
            tile.tile == i + 1, f"$.ring[{i}].tile", f"tiles are numbered 1.. in order: {i + 1}"
        )
        checks.provenance(tile.provenance, f"$.ring[{i}]")
    problems.extend(ring_problems(tuple(tile.kind for tile in data.ring), "$.ring"))
    words = data.stand_in_objects.words
    most = max((row.players * row.objects for row in data.objects_per_player), default=0)
    checks.check(len(words) >= most, "$.stand_in_objects.words", f"fewer than {most} words")
    problems.extend(word_problems(words, data.word_limit.max_letters, "$.stand_in_objects.words"))
    checks.check(len(set(words)) == len(words), "$.stand_in_objects.words", "a stand-in word twice")
    checks.provenance(data.stand_in_objects.provenance, "$.stand_in_objects")
    checks.provenance(data.word_limit.provenance, "$.word_limit")
    return problems


@implements("B3", "B14", "B16", "A-B.1", "A-B.2")
def components_from_mapping(raw: Mapping[str, Any], *, source: str = "<data>") -> ComponentData:
    """Structure and validate a component table: the B3 box (ring of A-B.1, 13 arrows, 3 curse
    tokens each, jewels), the B14 arrows per object, the B16 sculptor table and the A-B.2 track.

    Raises ``InvalidData`` naming every bad field with its path (``$.ring[2].kind``).
    """
    data: ComponentData = checked_data(_converter, ComponentData, raw, source, _problems_in)
    return data


def components_to_mapping(data: ComponentData) -> dict[str, Any]:
    """The plain-data form of a component set (the inverse of ``components_from_mapping``)."""
    return data_to_mapping(_converter, data)


def load_components(path: str | Path) -> ComponentData:
    """Load and validate a TOML component file (see ``data/components.toml`` for the format)."""
    return load_data_file(path, components_from_mapping)


@cache
def default_components() -> ComponentData:
    """The shipped component set (its ring is PROVISIONAL, see ``ComponentData.provisional``)."""
    return components_from_mapping(
        tomllib.loads(template_text()), source="barbarossa/data/components.toml"
    )


def template_text() -> str:
    """The shipped component data as an editable TOML file (what ``load_components`` reads)."""
    return shipped_text(__package__, "data/components.toml")
