"""The base game's component data and the frame of the modules' sections (component-data.md),
below the modules: ``fresco/data.py`` is the loader users call.

The shipped file ``data/base.toml`` marks every row with its provenance; PROVISIONAL rows are a
reconstruction and can be replaced by a user's own file. ``components_with`` rejects a bad file
with an ``InvalidData`` error that names the path of each bad field. The data of the modules
is in two groups, ``modules`` (expansion modules 4-6, ``data/modules.toml``) and ``modules_123``
(the in-box modules 1-3, ``data/modules123.toml``); a file without a group gets the shipped one.
Each module declares its own table of a group as a ``DataSection`` (its record type, bounds and
checks) in its ``modules/<module>_data.py``; this file never names a module: the loaders are
handed the sections: ``fresco/data.py``, above the plug-in list, hands them every plug-in's
sections and is what users call (``load_components``).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any, Generic, TypeVar

import attrs
import cattrs
from attrs import frozen
from cattrs.gen import make_dict_structure_fn, override

from ..kernel.bounds import bound_problems
from ..kernel.codec import (
    DigestIdentity,
    content_digest,
    data_to_mapping,
    provisional_paths,
    shipped_text,
    strict_converter,
    structure_data,
)
from ..kernel.data_checks import DataProblems
from ..kernel.errors import InvalidData
from ..kernel.registry import implements
from ..kernel.untrusted import describe, is_int, is_int_in, is_str, is_tuple_of
from .vocab import BASE_PAINTS, Paint

PROVENANCES = ("rulebook", "seed", "review", "decision", "provisional")
MODULE123_PROVENANCES = (*PROVENANCES, "supplement")
"""The rows of modules 1-3 may also cite the rules supplement (fresco-modules-123.md)."""


MOOD_ROWS_MAX = 20
HOSTEL_SPACES_MAX = 12
BOOTHS_MAX = 8
BOOTH_CAPACITY_MAX = 13

BOUNDS: dict[str, tuple[int, int]] = {
    "version": (1, 1_000_000),
    "money.total": (1, 2_000),
    "money.start": (0, 100),
    "paints.totals.*": (1, 200),
    "paints.start.*": (0, 20),
    "apprentices.per_player": (1, 12),
    "apprentices.natural": (0, 12),
    "mood.rows": (1, MOOD_ROWS_MAX),
    "mood.start_row": (0, MOOD_ROWS_MAX - 1),
    "mood.minus_rows[]": (0, MOOD_ROWS_MAX - 1),
    "mood.plus_rows[]": (0, MOOD_ROWS_MAX - 1),
    "mood.theatre_step": (0, MOOD_ROWS_MAX),
    "len(sides)": (1, 3),
    "sides[].players[]": (2, 4),
    "sides[].start_spaces": (1, 12),
    "len(sides[].booth_capacities)": (1, BOOTHS_MAX),
    "sides[].booth_capacities[]": (1, BOOTH_CAPACITY_MAX),
    "len(sides[].hostel)": (1, HOSTEL_SPACES_MAX),
    "sides[].hostel[].mood_change": (-MOOD_ROWS_MAX, MOOD_ROWS_MAX),
    "sides[].hostel[].price": (0, 20),
    "len(market_tiles)": (1, 100),
    "len(market_tiles[].pieces)": (1, 10),
    "len(fresco_tiles)": (25, 25),
    "len(fresco_tiles[].pieces)": (1, 10),
    "fresco_tiles[].value": (3, 11),
}
"""The range of every number and list a physical box can have (R0.66, R0.67, component-data
sections 1-7), as ``kernel.bounds`` patterns: a file outside them is refused by path before
anything proportional to a count is built."""


@frozen
class Money:
    total: int
    start: int
    provenance: str


@frozen
class Paints:
    totals: Mapping[str, int]
    start: Mapping[str, int]
    provenance: str


@frozen
class Apprentices:
    per_player: int
    natural: int
    provenance: str


@frozen
class MoodTrack:
    """A mood column (R0.21-R0.23): its rows, start row, zone rows and the theatre step."""

    rows: int
    start_row: int
    minus_rows: tuple[int, ...]
    plus_rows: tuple[int, ...]
    theatre_step: int
    provenance: str = "decision"


@frozen
class HostelSpace:
    """One get-up space (R0.19): its time, mood change and price per market tile."""

    time: str
    mood_change: int
    price: int
    provenance: str = "decision"


@frozen
class BoardSide:
    name: str
    players: tuple[int, ...]
    start_spaces: int
    booth_capacities: tuple[int, ...]
    hostel: tuple[HostelSpace, ...]
    provenance: str


@frozen
class MarketTile:
    id: str
    label: str
    pieces: tuple[Paint, ...]
    small_game: bool
    provenance: str


@frozen
class FrescoTile:
    id: str
    pieces: tuple[Paint, ...]
    value: int
    centre: bool
    provenance: str


@frozen(eq=False)
class ComponentData(DigestIdentity):
    """A validated component set. Equality and hashing go by ``digest`` (content identity)."""

    name: str
    version: int
    money: Money
    paints: Paints
    apprentices: Apprentices
    mood: MoodTrack
    sides: tuple[BoardSide, ...]
    market_tiles: tuple[MarketTile, ...]
    fresco_tiles: tuple[FrescoTile, ...]
    modules: Any = None
    """Expansion modules 4-6 (component-data.md sections 5-7): one attribute per
    ``DataSection`` of the group (``modules.glaziers``); None stands for the shipped data (a
    component set made without the plug-ins' sections, such as ``GameConfig``'s default).
    A module reads its own table with its section's ``of``."""
    modules_123: Any = None
    """The in-box modules 1-3 (fresco-modules-123.md section 5), like ``modules``."""
    digest: str = attrs.field(default="")

    def side_for(self, players: int) -> BoardSide:
        """R0.2: the board side used with this many players."""
        for side in self.sides:
            if players in side.players:
                return side
        raise InvalidData(f"sides: no board side lists {players} players")

    def provisional(self) -> tuple[str, ...]:
        """Paths of every row whose provenance is ``provisional``."""
        return provisional_paths(_converter.unstructure(self))


def _check_pieces(checks: DataProblems, pieces: tuple[Paint, ...], path: str, empty: str) -> None:
    """A tile shows 1 piece or more (``empty`` says otherwise), each of a base paint."""
    checks.check(len(pieces) >= 1, f"{path}.pieces", empty)
    for j, paint in enumerate(pieces):
        checks.check(paint in BASE_PAINTS, f"{path}.pieces[{j}]", f"{paint.value} is no base paint")


_converter = strict_converter()

S = TypeVar("S")


@frozen
class BoxFacts:
    """What a module's data checks may consult of the rest of the box."""

    market_ids: set[str]
    """The market tile IDs."""
    sides: dict[str, tuple[int, ...]]
    """The booth capacities of each board side, by side name."""
    base_tiles: dict[str, tuple[Paint, ...]]
    """The pieces of each base fresco tile, by tile ID."""
    ids: set[str]
    """The tile and card IDs in use, shared by the sections of a group (each adds its own)."""
    provenances: tuple[str, ...]
    """The provenances a row of the group may cite."""


@frozen(eq=False)
class DataSection(Generic[S]):
    """A module's table of component data, declared by the module (its plug-in's
    ``data_sections``): where it sits in the data file, its record type, the range of its
    numbers and its checks. The loaders structure it as ``$.<group>.<key>`` with the base
    data, so a bad field is refused at load time by its path."""

    group: str
    """The data file's table holding it: ``modules`` (4-6) or ``modules_123`` (1-3)."""
    key: str
    """Its key in that table (``wishing_well``)."""
    record: type[S]
    """The attrs class it is structured into."""
    bounds: Mapping[str, tuple[int, int]]
    """The range of every number and list in it, as ``kernel.bounds`` patterns relative to
    the section (``cards[].count``, ``len(windows)``)."""
    problems: Callable[[S, str, BoxFacts], list[str]]
    """Its semantic checks at a path; each problem names its path."""
    shipped_toml: str = ""
    """Its shipped rows as TOML, written as its table of the group's file (``[patronage]``,
    ``[[patronage.cards]]``), for a module whose rows are not in the group's shipped file
    (modules 1-6 keep theirs in ``data/modules.toml`` and ``data/modules123.toml``)."""

    def of(self, components: ComponentData) -> S:
        """This section's data in a component set (the shipped data when the set has none)."""
        group = getattr(components, self.group)
        value = _shipped_section(self) if group is None else getattr(group, self.key, None)
        if not isinstance(value, self.record):
            # a component set loaded without this section's declaration
            raise InvalidData(f"$.{self.group}.{self.key}: not in this component set")
        return value

    def full_bounds(self) -> dict[str, tuple[int, int]]:
        """Its bounds as patterns from the top of the data file."""
        prefix = f"{self.group}.{self.key}."
        return {
            (
                f"len({prefix}{pattern[4:]}" if pattern.startswith("len(") else prefix + pattern
            ): limits
            for pattern, limits in self.bounds.items()
        }


@frozen
class _Group:
    file: str
    heading: str
    provenances: tuple[str, ...]
    record_name: str


GROUPS: dict[str, _Group] = {
    "modules": _Group(
        "data/modules.toml", "# === expansion modules 4-6 ===", PROVENANCES, "ModuleData"
    ),
    "modules_123": _Group(
        "data/modules123.toml",
        "# === in-box modules 1-3 ===",
        MODULE123_PROVENANCES,
        "Module123Data",
    ),
}
"""The data file's tables of module data, with their shipped files (a file without a table
gets the shipped one), their headings in ``template_text`` and the provenances they allow."""


@frozen(eq=False)
class _Layout:
    """The component data as laid out by a set of sections: one attrs class per group with
    one field per section, the converter structuring them and the merged bounds."""

    sections: tuple[DataSection[Any], ...]
    records: dict[str, type]
    converter: cattrs.Converter
    bounds: dict[str, tuple[int, int]]


def _group_hook(converter: cattrs.Converter, record: type) -> Callable[[Any, Any], Any]:
    return lambda raw, _: converter.structure(raw, record)


@cache
def _layout(sections: tuple[DataSection[Any], ...]) -> _Layout:
    """The layout of ``sections`` (built once per set of sections)."""
    converter = strict_converter()
    records: dict[str, type] = {}
    for group, about in GROUPS.items():
        fields = {s.key: attrs.field(type=s.record) for s in sections if s.group == group}
        records[group] = attrs.make_class(about.record_name, fields, frozen=True)
    # each group field is structured into its class (the field itself is typed ``Any``)
    overrides: dict[str, Any] = {
        group: override(struct_hook=_group_hook(converter, records[group])) for group in GROUPS
    }
    structure = make_dict_structure_fn(ComponentData, converter, **overrides)
    converter.register_structure_hook(ComponentData, structure)
    bounds = dict(BOUNDS)
    for section in sections:
        if section.group not in GROUPS:
            raise ValueError(f"{section.key}: no data group {section.group!r}")
        bounds.update(section.full_bounds())
    return _Layout(sections, records, converter, bounds)


@cache
def _shipped_section(section: DataSection[S]) -> S:
    """A section's shipped data."""
    raw = _shipped_group(section.group, (section,))[section.key]
    value: S = _converter.structure(raw, section.record)
    return value


@cache
def _shipped_plain(layout: _Layout, group: str) -> Any:
    """The plain-data form of a group's shipped data (for the digest)."""
    record = layout.records[group]
    shipped = _shipped_group(group, layout.sections)
    return layout.converter.unstructure(layout.converter.structure(shipped, record))


def _problems_in(data: ComponentData, layout: _Layout) -> list[str]:
    """Semantic checks (counts, ranges, references); each problem names its path."""
    checks = DataProblems(provenances=PROVENANCES)
    problems = checks.found

    base_names = {paint.value for paint in BASE_PAINTS}

    plain = _converter.unstructure(data)
    problems.extend(
        bound_problems(plain, layout.bounds, free_keys=frozenset({"paints.totals", "paints.start"}))
    )
    # The laws below are linear in the (bounded) file: every problem is reported at once.
    seats = max((n for side in data.sides for n in side.players), default=4)
    checks.provenance(data.money.provenance, "$.money")
    checks.check(
        seats * data.money.start <= data.money.total,
        "$.money.start",
        f"{seats} players' start money {seats} x {data.money.start} exceeds the box total "
        f"{data.money.total} (R0.66)",
    )
    for field_name in ("totals", "start"):
        table = getattr(data.paints, field_name)
        for key in table:
            path = f"$.paints.{field_name}.{key}"
            checks.check(key in base_names, path, f"unknown paint {describe(key)}")
    for key, count in data.paints.start.items():
        total = data.paints.totals.get(key, 0)
        checks.check(
            seats * count <= total,
            f"$.paints.start.{key}",
            f"{seats} players' start paints {seats} x {count} exceed the box total {total}",
        )
    checks.provenance(data.paints.provenance, "$.paints")
    checks.check(
        data.apprentices.natural <= data.apprentices.per_player,
        "$.apprentices.natural",
        f"more than the {data.apprentices.per_player} apprentices per player",
    )
    checks.provenance(data.apprentices.provenance, "$.apprentices")
    problems.extend(mood_problems(data.mood, "$.mood"))

    seen_players: dict[int, str] = {}
    for i, side in enumerate(data.sides):
        path = f"$.sides[{i}]"
        checks.provenance(side.provenance, path)
        for n in side.players:
            checks.check(n in (2, 3, 4), f"{path}.players", f"{n} players is not 2, 3 or 4")
            checks.check(n not in seen_players, f"{path}.players", f"{n} players listed twice")
            seen_players[n] = side.name
        actors = max((n + (n == 2) for n in side.players), default=0)
        checks.check(side.start_spaces >= actors, f"{path}.start_spaces", f"fewer than {actors}")
        checks.check(len(side.booth_capacities) >= 1, f"{path}.booth_capacities", "no booth")
        for j, cap in enumerate(side.booth_capacities):
            checks.check(cap >= 1, f"{path}.booth_capacities[{j}]", "a booth needs 1 slot or more")
        problems.extend(hostel_problems(side.hostel, f"{path}.hostel", actors))
        in_play = [t for t in data.market_tiles if t.small_game or 4 in side.players]
        if 2 in side.players or 3 in side.players:
            in_play = [t for t in data.market_tiles if t.small_game]
        checks.check(
            sum(side.booth_capacities) <= len(in_play),
            f"{path}.booth_capacities",
            f"{sum(side.booth_capacities)} slots but only {len(in_play)} market tiles in play",
        )
    for n in (2, 3, 4):
        checks.check(n in seen_players, "$.sides", f"no board side for {n} players")

    ids: set[str] = set()
    for i, tile in enumerate(data.market_tiles):
        path = f"$.market_tiles[{i}]"
        checks.check(tile.id not in ids, f"{path}.id", f"duplicate id {describe(tile.id)}")
        ids.add(tile.id)
        _check_pieces(checks, tile.pieces, path, "a tile shows 1 piece or more")
        checks.provenance(tile.provenance, path)

    checks.check(
        len(data.fresco_tiles) == 25, "$.fresco_tiles", "the cathedral needs exactly 25 tiles"
    )
    checks.check(
        sum(t.centre for t in data.fresco_tiles) == 1,
        "$.fresco_tiles",
        "exactly one tile must be the centre tile",
    )
    for i, fresco in enumerate(data.fresco_tiles):
        path = f"$.fresco_tiles[{i}]"
        checks.check(fresco.id not in ids, f"{path}.id", f"duplicate id {describe(fresco.id)}")
        ids.add(fresco.id)
        checks.check(3 <= fresco.value <= 11, f"{path}.value", "fresco values run from 3 to 11")
        _check_pieces(checks, fresco.pieces, path, "a tile needs 1 piece or more")
        checks.provenance(fresco.provenance, path)
    for group, about in GROUPS.items():
        facts = BoxFacts(
            market_ids={tile.id for tile in data.market_tiles},
            sides={side.name: side.booth_capacities for side in data.sides},
            base_tiles={tile.id: tile.pieces for tile in data.fresco_tiles},
            ids=set(ids),
            provenances=about.provenances,
        )
        for section in layout.sections:
            if section.group == group:
                path = f"$.{group}.{section.key}"
                problems.extend(section.problems(section.of(data), path, facts))
    return problems


def mood_problems(mood: MoodTrack, path: str) -> list[str]:
    """Problems of a mood column (A0.2), each naming its path: 1..20 rows, the start and zone
    rows on the column, no row in both zones, the theatre step 0..rows."""
    problems = []
    numbers = (mood.rows, mood.start_row, mood.theatre_step)
    if not all(is_int(n) for n in numbers) or not all(
        is_tuple_of(rows, int, max_len=MOOD_ROWS_MAX) for rows in (mood.minus_rows, mood.plus_rows)
    ):
        return [f"rows are integers, zones tuples of at most {MOOD_ROWS_MAX} rows @ {path}"]
    if not 1 <= mood.rows <= MOOD_ROWS_MAX:
        return [f"needs 1..{MOOD_ROWS_MAX} rows, not {describe(mood.rows)} @ {path}.rows"]
    if not 0 <= mood.theatre_step <= mood.rows:
        problems.append(f"must lie within 0..{mood.rows} @ {path}.theatre_step")
    if not 0 <= mood.start_row < mood.rows:
        problems.append(f"start row {mood.start_row} is off the column @ {path}.start_row")
    for name in ("minus_rows", "plus_rows"):
        for j, row in enumerate(getattr(mood, name)):
            if not 0 <= row < mood.rows:
                problems.append(f"row {row} is off the column @ {path}.{name}[{j}]")
    if set(mood.minus_rows) & set(mood.plus_rows):
        problems.append(f"a row is in both zones @ {path}.plus_rows")
    if not is_str(mood.provenance) or mood.provenance not in PROVENANCES:
        problems.append(f"unknown provenance {describe(mood.provenance)} @ {path}.provenance")
    return problems


def hostel_problems(hostel: tuple[HostelSpace, ...], path: str, actors: int) -> list[str]:
    """Problems of a hostel table (A0.1): enough spaces and at most 12, prices 0..20, mood
    changes within the column's size, unique times of at most 10 characters."""
    problems = []
    if not actors <= len(hostel) <= HOSTEL_SPACES_MAX:
        return [
            f"{len(hostel)} get-up spaces for {actors} painters (at most {HOSTEL_SPACES_MAX}) "
            f"@ {path}"
        ]
    times: set[str] = set()
    for j, space in enumerate(hostel):
        if not is_str(space.time) or not 1 <= len(space.time) <= 10:
            problems.append(
                f"a time of 1-10 characters, not {describe(space.time)} @ {path}[{j}].time"
            )
            continue
        if not is_int_in(space.price, 0, 20):
            problems.append(
                f"must lie within 0..20, not {describe(space.price)} @ {path}[{j}].price"
            )
        if not is_int_in(space.mood_change, -MOOD_ROWS_MAX, MOOD_ROWS_MAX):
            problems.append(
                f"must lie within -{MOOD_ROWS_MAX}..{MOOD_ROWS_MAX}, not "
                f"{describe(space.mood_change)} @ {path}[{j}].mood_change"
            )
        if space.time in times:
            problems.append(f"duplicate time {describe(space.time)} @ {path}[{j}].time")
        times.add(space.time)
        if not is_str(space.provenance) or space.provenance not in PROVENANCES:
            problems.append(
                f"unknown provenance {describe(space.provenance)} @ {path}[{j}].provenance"
            )
    return problems


@implements("R0.66", "R0.67")
def components_with(
    raw: Mapping[str, Any], sections: Sequence[DataSection[Any]], *, source: str = "<data>"
) -> ComponentData:
    """Structure and validate a component table (R0.66 box counts, R0.67 tile sets) with the
    modules' data ``sections`` (``data.components_from_mapping`` hands it the plug-ins'
    sections).

    Raises ``InvalidData`` naming every bad field with its path (``$.fresco_tiles[3].value``).
    Without a ``modules`` table the shipped module data (``data/modules.toml``) is used, and
    without a ``modules_123`` table the shipped data of modules 1-3 (``data/modules123.toml``).
    """
    if not isinstance(raw, Mapping):
        raise InvalidData(f"{source}: the top level must be a table, not {type(raw).__name__}")
    layout = _layout(tuple(sections))
    body = {key: value for key, value in raw.items() if key != "digest"}
    for group in GROUPS:
        if group not in body and any(s.group == group for s in layout.sections):
            body[group] = _shipped_group(group, layout.sections)
    data: ComponentData = structure_data(layout.converter, ComponentData, body, source)
    problems = _problems_in(data, layout)
    if problems:
        raise InvalidData(f"{source}: " + "; ".join(problems))
    plain = layout.converter.unstructure(data)
    for group in GROUPS:
        if plain[group] is None or plain[group] == _shipped_plain(layout, group):
            # The shipped module data keeps the digest of the base part, so records made
            # before the modules existed still name the same component set; other module
            # data changes it.
            del plain[group]
    return attrs.evolve(data, digest=content_digest(plain))


def components_to_mapping(data: ComponentData) -> dict[str, Any]:
    """The plain-data form of a component set (the inverse of ``components_from_mapping``);
    a group of module data the set leaves to the shipped data is left out."""
    plain = data_to_mapping(_converter, data)
    for group in GROUPS:
        if plain[group] is None:
            del plain[group]
    return plain


@cache
def _shipped_text(group: str) -> str:
    return shipped_text(__package__, GROUPS[group].file)


def _shipped_group(group: str, sections: Sequence[DataSection[Any]]) -> dict[str, Any]:
    """A fresh plain-data copy of a group's shipped file, with the rows the ``sections`` ship
    in their own ``shipped_toml``."""
    raw = tomllib.loads(_shipped_text(group))
    for section in sections:
        if section.group == group and section.shipped_toml:
            own = tomllib.loads(section.shipped_toml)
            if set(own) != {section.key} or section.key in raw:
                raise ValueError(f"{section.key}: its shipped_toml must hold its table alone")
            raw.update(own)
    return raw


@cache
def default_components() -> ComponentData:
    """The shipped base component set, its module data left to the shipped data of each
    section (``DataSection.of``): ``GameConfig``'s default, below the plug-in list.
    ``data.default_components()`` is the same set (equal, same digest) with every plug-in's
    section structured."""
    return default_components_with(())


def default_components_with(sections: Sequence[DataSection[Any]]) -> ComponentData:
    """The shipped component set with the module data of ``sections``."""
    text = shipped_text(__package__, "data/base.toml")
    return components_with(tomllib.loads(text), sections, source="fresco/data/base.toml")


def template_text() -> str:
    """The shipped base data and module groups as one editable TOML file (see
    ``template_text_with``)."""
    return template_text_with(())


def template_text_with(sections: Sequence[DataSection[Any]]) -> str:
    """The shipped component data as one editable TOML file: ``data/base.toml`` followed by
    each group's shipped file under its section (``[modules]``: ``data/modules.toml``,
    ``[modules_123]``: ``data/modules123.toml``) and the ``shipped_toml`` of the ``sections``
    of the group, what ``load_components`` reads."""
    text = shipped_text(__package__, "data/base.toml")
    for group, about in GROUPS.items():
        own = [s.shipped_toml for s in sections if s.group == group and s.shipped_toml]
        shipped = "\n".join([_shipped_text(group), *own])
        part = re.sub(r"^(\[\[?)", rf"\1{group}.", shipped, flags=re.MULTILINE)
        text = f"{text.rstrip()}\n\n{about.heading}\n\n{part}"
    return text
