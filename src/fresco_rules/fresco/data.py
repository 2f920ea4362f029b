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
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
from attrs import frozen

from ..kernel.codec import (
    DigestIdentity,
    content_digest,
    provisional_paths,
    strict_converter,
    structure_data,
)
from ..kernel.errors import InvalidData
from ..kernel.registry import implements
from .module123_data import Module123Data, module123_problems
from .module_data import ModuleData, module_problems
from .vocab import BASE_PAINTS, Paint

PROVENANCES = ("rulebook", "seed", "review", "decision", "provisional")
MODULE123_PROVENANCES = (*PROVENANCES, "supplement")
"""The rows of modules 1-3 may also cite the rules supplement (fresco-modules-123.md)."""


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


_converter = strict_converter()


def _problems_in(data: ComponentData) -> list[str]:
    """Semantic checks (counts, ranges, references); each problem names its path."""
    problems: list[str] = []

    def check(ok: bool, path: str, message: str) -> None:
        if not ok:
            problems.append(f"{message} @ {path}")

    base_names = {paint.value for paint in BASE_PAINTS}

    def check_provenance(value: str, path: str) -> None:
        check(value in PROVENANCES, f"{path}.provenance", f"unknown provenance {value!r}")

    check(data.version >= 1, "$.version", "version must be 1 or more")
    check(data.money.total >= 0, "$.money.total", "must not be negative")
    check(data.money.start >= 0, "$.money.start", "must not be negative")
    check_provenance(data.money.provenance, "$.money")
    for field_name in ("totals", "start"):
        table = getattr(data.paints, field_name)
        for key, count in table.items():
            path = f"$.paints.{field_name}.{key}"
            check(key in base_names, path, f"unknown paint {key!r}")
            check(count >= 0, path, "must not be negative")
    check_provenance(data.paints.provenance, "$.paints")
    check(data.apprentices.per_player >= 1, "$.apprentices.per_player", "must be 1 or more")
    check(data.apprentices.natural >= 0, "$.apprentices.natural", "must not be negative")
    check_provenance(data.apprentices.provenance, "$.apprentices")
    problems.extend(mood_problems(data.mood, "$.mood"))

    seen_players: dict[int, str] = {}
    for i, side in enumerate(data.sides):
        path = f"$.sides[{i}]"
        check_provenance(side.provenance, path)
        for n in side.players:
            check(n in (2, 3, 4), f"{path}.players", f"{n} players is not 2, 3 or 4")
            check(n not in seen_players, f"{path}.players", f"{n} players listed twice")
            seen_players[n] = side.name
        actors = max((n + (n == 2) for n in side.players), default=0)
        check(side.start_spaces >= actors, f"{path}.start_spaces", f"fewer than {actors}")
        check(len(side.booth_capacities) >= 1, f"{path}.booth_capacities", "no booth")
        for j, cap in enumerate(side.booth_capacities):
            check(cap >= 1, f"{path}.booth_capacities[{j}]", "a booth needs 1 slot or more")
        problems.extend(hostel_problems(side.hostel, f"{path}.hostel", actors))
        in_play = [t for t in data.market_tiles if t.small_game or 4 in side.players]
        if 2 in side.players or 3 in side.players:
            in_play = [t for t in data.market_tiles if t.small_game]
        check(
            sum(side.booth_capacities) <= len(in_play),
            f"{path}.booth_capacities",
            f"{sum(side.booth_capacities)} slots but only {len(in_play)} market tiles in play",
        )
    for n in (2, 3, 4):
        check(n in seen_players, "$.sides", f"no board side for {n} players")

    ids: set[str] = set()
    for i, tile in enumerate(data.market_tiles):
        path = f"$.market_tiles[{i}]"
        check(tile.id not in ids, f"{path}.id", f"duplicate id {tile.id!r}")
        ids.add(tile.id)
        check(len(tile.pieces) >= 1, f"{path}.pieces", "a tile shows 1 piece or more")
        for j, paint in enumerate(tile.pieces):
            check(paint in BASE_PAINTS, f"{path}.pieces[{j}]", f"{paint.value} is no base paint")
        check_provenance(tile.provenance, path)

    check(len(data.fresco_tiles) == 25, "$.fresco_tiles", "the cathedral needs exactly 25 tiles")
    check(
        sum(t.centre for t in data.fresco_tiles) == 1,
        "$.fresco_tiles",
        "exactly one tile must be the centre tile",
    )
    for i, fresco in enumerate(data.fresco_tiles):
        path = f"$.fresco_tiles[{i}]"
        check(fresco.id not in ids, f"{path}.id", f"duplicate id {fresco.id!r}")
        ids.add(fresco.id)
        check(3 <= fresco.value <= 11, f"{path}.value", "fresco values run from 3 to 11")
        check(len(fresco.pieces) >= 1, f"{path}.pieces", "a tile needs 1 piece or more")
        for j, paint in enumerate(fresco.pieces):
            check(paint in BASE_PAINTS, f"{path}.pieces[{j}]", f"{paint.value} is no base paint")
        check_provenance(fresco.provenance, path)
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
    """Problems of a mood column (A0.2), each naming its path."""
    problems = []
    if mood.rows < 1:
        problems.append(f"needs 1 row or more @ {path}.rows")
    if not 0 <= mood.start_row < mood.rows:
        problems.append(f"start row {mood.start_row} is off the column @ {path}.start_row")
    for name in ("minus_rows", "plus_rows"):
        for j, row in enumerate(getattr(mood, name)):
            if not 0 <= row < mood.rows:
                problems.append(f"row {row} is off the column @ {path}.{name}[{j}]")
    if set(mood.minus_rows) & set(mood.plus_rows):
        problems.append(f"a row is in both zones @ {path}.plus_rows")
    if mood.theatre_step < 0:
        problems.append(f"must not be negative @ {path}.theatre_step")
    if mood.provenance not in PROVENANCES:
        problems.append(f"unknown provenance {mood.provenance!r} @ {path}.provenance")
    return problems


def hostel_problems(hostel: tuple[HostelSpace, ...], path: str, actors: int) -> list[str]:
    """Problems of a hostel table (A0.1): enough spaces, prices not negative, unique times."""
    problems = []
    if len(hostel) < actors:
        problems.append(f"{len(hostel)} get-up spaces for {actors} painters @ {path}")
    times: set[str] = set()
    for j, space in enumerate(hostel):
        if space.price < 0:
            problems.append(f"must not be negative @ {path}[{j}].price")
        if space.time in times:
            problems.append(f"duplicate time {space.time!r} @ {path}[{j}].time")
        times.add(space.time)
        if space.provenance not in PROVENANCES:
            problems.append(f"unknown provenance {space.provenance!r} @ {path}[{j}].provenance")
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
    file = Path(path)
    try:
        raw = tomllib.loads(file.read_text(encoding="utf-8"))
    except OSError as exc:
        raise InvalidData(f"{file}: cannot read ({exc.strerror})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise InvalidData(f"{file}: not valid TOML ({exc})") from None
    return components_from_mapping(raw, source=str(file))


def components_to_mapping(data: ComponentData) -> dict[str, Any]:
    """The plain-data form of a component set (the inverse of ``components_from_mapping``)."""
    raw: dict[str, Any] = _converter.unstructure(data)
    raw.pop("digest", None)
    return raw


@cache
def _shipped_module_text() -> str:
    return resources.files(__package__).joinpath("data/modules.toml").read_text(encoding="utf-8")


@cache
def _shipped_module123_text() -> str:
    source = resources.files(__package__).joinpath("data/modules123.toml")
    return source.read_text(encoding="utf-8")


def _shipped_modules123() -> dict[str, Any]:
    """A fresh plain-data copy of ``data/modules123.toml``."""
    return tomllib.loads(_shipped_module123_text())


def _shipped_modules() -> dict[str, Any]:
    """A fresh plain-data copy of ``data/modules.toml``."""
    return tomllib.loads(_shipped_module_text())


@cache
def default_components() -> ComponentData:
    """The shipped component set (partly PROVISIONAL, see ``ComponentData.provisional``)."""
    text = resources.files(__package__).joinpath("data/base.toml").read_text(encoding="utf-8")
    return components_from_mapping(tomllib.loads(text), source="fresco/data/base.toml")


def template_text() -> str:
    """The shipped component data as one editable TOML file: ``data/base.toml`` followed by
    ``data/modules.toml`` under a ``[modules]`` section and ``data/modules123.toml`` under a
    ``[modules_123]`` section (what ``load_components`` reads)."""
    base = resources.files(__package__).joinpath("data/base.toml").read_text(encoding="utf-8")
    modules = re.sub(r"^(\[\[?)", r"\1modules.", _shipped_module_text(), flags=re.MULTILINE)
    in_box = re.sub(
        r"^(\[\[?)", r"\1modules_123.", _shipped_module123_text(), flags=re.MULTILINE
    )
    return (
        f"{base.rstrip()}\n\n# === expansion modules 4-6 ===\n\n{modules.rstrip()}\n\n"
        f"# === in-box modules 1-3 ===\n\n{in_box}"
    )
