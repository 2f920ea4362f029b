"""Component data: the box's facts as replaceable, validated data (component-data.md).

The shipped file ``data/base.toml`` marks every row with its provenance; PROVISIONAL rows are a
reconstruction and can be replaced by a user's own file. ``load_components`` rejects a bad file
with an ``InvalidData`` error that names the path of each bad field. The data of expansion
modules 4-6 is the ``modules`` section (``data/modules.toml``, see ``module_data``); a file
without that section gets the shipped module data.
"""

from __future__ import annotations

import re
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
    content_digest,
    data_to_mapping,
    load_data_file,
    provisional_paths,
    shipped_text,
    strict_converter,
    structure_data,
)
from ..kernel.data_checks import DataProblems
from ..kernel.errors import InvalidData
from ..kernel.registry import implements
from ..kernel.untrusted import describe, is_int, is_int_in, is_str, is_tuple_of
from .module123_data import Module123Data, module123_problems
from .module_data import ModuleData, module_problems
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
    # module 4
    "modules.wishing_well.pennies": (0, 200),
    "modules.wishing_well.start_pennies": (0, 20),
    "modules.wishing_well.well_capacity": (1, 20),
    "modules.wishing_well.max_on_symbol": (1, 20),
    "modules.wishing_well.penny_value": (0, 20),
    "modules.wishing_well.cards[].count": (0, 50),
    # module 5
    "modules.leaf_gold.total": (0, 200),
    "modules.leaf_gold.value": (0, 20),
    "modules.leaf_gold.on_segment": (0, 20),
    "modules.leaf_gold.neighbour": (0, 20),
    "modules.leaf_gold.elsewhere": (0, 20),
    "modules.leaf_gold.arrows[].booth": (0, BOOTHS_MAX - 1),
    "modules.leaf_gold.arrows[].slot": (0, BOOTH_CAPACITY_MAX - 1),
    "modules.leaf_gold.arrows[].gold": (1, 20),
    # module 6
    "modules.glaziers.offer_per_player": (0, 10),
    "modules.glaziers.glass[].count": (0, 100),
    "modules.glaziers.glass[].price": (0, 20),
    "modules.glaziers.glass[].penalty": (0, 50),
    "len(modules.glaziers.windows)": (1, 100),
    "modules.glaziers.windows[].vp": (0, 50),
    "len(modules.glaziers.workbench.prices)": (1, 12),
    "modules.glaziers.workbench.prices[]": (0, 20),
    "len(modules.glaziers.window_segments.segments)": (1, 24),
    "modules.glaziers.window_segments.segments[][]": (0, 4),
    "modules.glaziers.altar_window.vp_per_token": (0, 20),
    "modules.glaziers.glassworks.printed": (0, 12),
    "modules.glaziers.glassworks.spaces": (0, 12),
    # modules 1-3 (fresco-modules-123.md)
    "modules_123.portraits.display": (1, 6),
    "len(modules_123.portraits.cards)": (1, 60),
    "modules_123.portraits.cards[].vp": (0, 30),
    "modules_123.portraits.cards[].thalers": (0, 30),
    "modules_123.portraits.cards[].choice": (0, 10),
    "modules_123.portraits.cards[].mood": (0, 10),
    "modules_123.requests.income_thalers": (0, 10),
    "len(modules_123.requests.tiles)": (1, 60),
    "modules_123.requests.tiles[].vp": (0, 50),
    "modules_123.special_blends.pink": (0, 60),
    "modules_123.special_blends.brown": (0, 60),
    "modules_123.special_blends.altar_pink": (0, 20),
    "modules_123.special_blends.altar_brown": (0, 20),
    "modules_123.special_blends.altar_tiles": (0, 4),
    "modules_123.special_blends.blending_tables": (0, 8),
    "len(modules_123.special_blends.fresco_tiles)": (0, 25),
    "modules_123.special_blends.fresco_tiles[].value": (1, 40),
    "modules_123.special_blends.fresco_tiles[].income": (0, 10),
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
    modules: ModuleData
    """Expansion modules 4-6 (component-data.md sections 5-7)."""
    modules_123: Module123Data
    """The in-box modules 1-3 (fresco-modules-123.md section 5)."""
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


def _problems_in(data: ComponentData) -> list[str]:
    """Semantic checks (counts, ranges, references); each problem names its path."""
    checks = DataProblems(provenances=PROVENANCES)
    problems = checks.found

    base_names = {paint.value for paint in BASE_PAINTS}

    plain = _converter.unstructure(data)
    problems.extend(
        bound_problems(plain, BOUNDS, free_keys=frozenset({"paints.totals", "paints.start"}))
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
    problems.extend(
        module_problems(
            data.modules,
            "$.modules",
            market_ids={tile.id for tile in data.market_tiles},
            sides={side.name: side.booth_capacities for side in data.sides},
            provenances=PROVENANCES,
        )
    )
    problems.extend(
        module123_problems(
            data.modules_123,
            "$.modules_123",
            base_tiles={tile.id: tile.pieces for tile in data.fresco_tiles},
            taken_ids=ids,
            provenances=MODULE123_PROVENANCES,
        )
    )
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
def components_from_mapping(raw: Mapping[str, Any], *, source: str = "<data>") -> ComponentData:
    """Structure and validate a component table (R0.66 box counts, R0.67 tile sets).

    Raises ``InvalidData`` naming every bad field with its path (``$.fresco_tiles[3].value``).
    Without a ``modules`` table the shipped module data (``data/modules.toml``) is used, and
    without a ``modules_123`` table the shipped data of modules 1-3 (``data/modules123.toml``).
    """
    if not isinstance(raw, Mapping):
        raise InvalidData(f"{source}: the top level must be a table, not {type(raw).__name__}")
    body = {key: value for key, value in raw.items() if key != "digest"}
    if "modules" not in body:
        body["modules"] = _shipped_modules()
    if "modules_123" not in body:
        body["modules_123"] = _shipped_modules123()
    data: ComponentData = structure_data(_converter, ComponentData, body, source)
    problems = _problems_in(data)
    if problems:
        raise InvalidData(f"{source}: " + "; ".join(problems))
    plain = _converter.unstructure(data)
    if plain["modules"] == _shipped_module_plain():
        # The shipped module data keeps the digest of the base part, so records made before
        # the modules existed still name the same component set; other module data changes it.
        del plain["modules"]
    if plain["modules_123"] == _shipped_module123_plain():
        # Likewise for modules 1-3: base records keep their digest.
        del plain["modules_123"]
    return attrs.evolve(data, digest=content_digest(plain))


@cache
def _shipped_module_plain() -> Any:
    """The plain-data form of the shipped module data (for the digest)."""
    return _converter.unstructure(_converter.structure(_shipped_modules(), ModuleData))


@cache
def _shipped_module123_plain() -> Any:
    """The plain-data form of the shipped data of modules 1-3 (for the digest)."""
    return _converter.unstructure(_converter.structure(_shipped_modules123(), Module123Data))


def load_components(path: str | Path) -> ComponentData:
    """Load and validate a TOML component file (see ``data/base.toml`` for the format)."""
    return load_data_file(path, components_from_mapping)


def components_to_mapping(data: ComponentData) -> dict[str, Any]:
    """The plain-data form of a component set (the inverse of ``components_from_mapping``)."""
    return data_to_mapping(_converter, data)


@cache
def _shipped_module_text() -> str:
    return shipped_text(__package__, "data/modules.toml")


@cache
def _shipped_module123_text() -> str:
    return shipped_text(__package__, "data/modules123.toml")


def _shipped_modules123() -> dict[str, Any]:
    """A fresh plain-data copy of ``data/modules123.toml``."""
    return tomllib.loads(_shipped_module123_text())


def _shipped_modules() -> dict[str, Any]:
    """A fresh plain-data copy of ``data/modules.toml``."""
    return tomllib.loads(_shipped_module_text())


@cache
def default_components() -> ComponentData:
    """The shipped component set (partly PROVISIONAL, see ``ComponentData.provisional``)."""
    text = shipped_text(__package__, "data/base.toml")
    return components_from_mapping(tomllib.loads(text), source="fresco/data/base.toml")


def template_text() -> str:
    """The shipped component data as one editable TOML file: ``data/base.toml`` followed by
    ``data/modules.toml`` under a ``[modules]`` section and ``data/modules123.toml`` under a
    ``[modules_123]`` section (what ``load_components`` reads)."""
    base = shipped_text(__package__, "data/base.toml")
    modules = re.sub(r"^(\[\[?)", r"\1modules.", _shipped_module_text(), flags=re.MULTILINE)
    in_box = re.sub(r"^(\[\[?)", r"\1modules_123.", _shipped_module123_text(), flags=re.MULTILINE)
    return (
        f"{base.rstrip()}\n\n# === expansion modules 4-6 ===\n\n{modules.rstrip()}\n\n"
        f"# === in-box modules 1-3 ===\n\n{in_box}"
    )
