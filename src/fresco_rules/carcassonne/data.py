"""Carcassonne component data: the land tiles as replaceable, validated data
(component-data.md section 9).

The shipped file ``data/components.toml`` holds the 72 base tiles A-X and the 10 Festival tiles
FE1-FE10, each in its reference orientation with its provenance. ``load_components`` reads a
replacement file (FA5: e.g. another Festival printing) and rejects a bad one with an
``InvalidData`` error naming the path of every bad field (``$.base[3].fields[0].cities``).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import attrs
from attrs import frozen

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
from ..kernel.errors import InvalidData
from ..kernel.registry import implements
from .vocab import DIRECTIONS, EDGE_KINDS, HALVES, corner_half

PROVENANCES = ("rulebook", "seed", "reference", "decision", "provisional")
BASE_TILES = 72
"""C0.1: 72 land tiles, the start tile included."""
MAX_TILES = 400
"""Bound on the tiles of a replacement set (keeps board coordinates and work bounded)."""
MAX_SEGMENTS = 12
"""Bound on the features of one tile."""


@frozen
class City:
    name: str
    edges: tuple[str, ...]
    pennants: int = 0
    """CA4: pennant symbols on this tile's part of the city."""


@frozen
class Road:
    name: str
    edges: tuple[str, ...]
    """One edge: the road ends on the tile (CA5); two edges: it runs through."""


@frozen
class Field:
    name: str
    halves: tuple[str, ...]
    """Empty: an inner field touching no edge."""
    cities: tuple[str, ...] = ()
    """The names of the cities of this tile the field touches (C19)."""


@frozen
class TileType:
    """One kind of land tile in its reference orientation (component-data.md 9.1)."""

    id: str
    count: int
    edges: str
    """Four letters N E S W, each C, R or F."""
    cities: tuple[City, ...] = ()
    roads: tuple[Road, ...] = ()
    fields: tuple[Field, ...] = ()
    monastery: bool = False
    festival_place: bool = False
    """F3: the Festival tiles' festival place (artwork, not a feature)."""
    jcz: str = ""
    """The JCloisterZone tile id (Festival tiles)."""
    note: str = ""
    provenance: str = "reference"

    @property
    def segment_count(self) -> int:
        return len(self.cities) + len(self.roads) + len(self.fields) + int(self.monastery)


@frozen(eq=False, repr=False)
class ComponentData(DigestIdentity):
    """A validated tile set. Equality and hashing go by ``digest`` (content identity); its repr
    names it by identity (the tiles are in ``base`` and ``festival``)."""

    name: str
    version: int
    start: str
    """C0.1: the start tile's id (a D tile, placed at (0, 0) with rotation 0)."""
    festival_count: int
    """F1, FA5: how many Festival tiles the set has (10 shipped)."""
    base: tuple[TileType, ...]
    festival: tuple[TileType, ...]
    digest: str = attrs.field(default="")

    def __repr__(self) -> str:
        return f"ComponentData(name={self.name!r}, version={self.version}, digest={self.digest!r})"

    def tile(self, tile_id: str) -> TileType:
        for tile in (*self.base, *self.festival):
            if tile.id == tile_id:
                return tile
        raise KeyError(tile_id)

    def provisional(self) -> tuple[str, ...]:
        """Paths of every row whose provenance is ``provisional``."""
        return provisional_paths(_converter.unstructure(self))


_converter = strict_converter()


def _tile_problems(tile: TileType, path: str) -> list[str]:
    """Geometry checks of one tile: every edge and half-edge belongs to exactly one feature of the
    right kind, and each field's city list is what its corners touch."""
    problems: list[str] = []

    def check(ok: bool, where: str, message: str) -> None:
        if not ok:
            problems.append(f"{message} @ {path}{where}")

    edges = tile.edges
    if len(edges) != 4 or any(kind not in EDGE_KINDS for kind in edges):
        check(False, ".edges", f"four letters of C, R, F (N E S W), not {edges[:20]!r}")
        return problems
    check(1 <= tile.count <= MAX_TILES, ".count", f"a count 1-{MAX_TILES}")
    check(tile.provenance in PROVENANCES, ".provenance", f"unknown provenance {tile.provenance!r}")
    check(tile.segment_count <= MAX_SEGMENTS, "", f"at most {MAX_SEGMENTS} features on a tile")
    names = [c.name for c in tile.cities] + [r.name for r in tile.roads]
    names += [f.name for f in tile.fields]
    check(len(names) == len(set(names)), "", "feature names repeat")
    edge_owner: dict[str, str] = {}
    parts: list[tuple[str, str, int, City | Road]] = [
        ("C", "cities", i, city) for i, city in enumerate(tile.cities)
    ]
    parts += [("R", "roads", i, road) for i, road in enumerate(tile.roads)]
    for kind, label, i, part in parts:
        where = f".{label}[{i}].edges"
        check(bool(part.edges), where, "a feature needs at least one edge")
        if isinstance(part, Road):
            check(len(part.edges) <= 2, where, "a road has one edge (ends here) or two")
        else:
            check(0 <= part.pennants <= 4, f".{label}[{i}].pennants", "0-4 pennants")
        for edge in part.edges:
            if edge not in DIRECTIONS:
                check(False, where, f"unknown edge {edge[:10]!r}")
                continue
            check(edge not in edge_owner, where, f"edge {edge} belongs to two features")
            edge_owner[edge] = part.name
            check(edges[DIRECTIONS.index(edge)] == kind, where, f"edge {edge} is no {label}")
    for d, kind in enumerate(edges):
        if kind in "CR":
            check(DIRECTIONS[d] in edge_owner, ".edges", f"{DIRECTIONS[d]} edge in no feature")
    half_owner: dict[int, int] = {}
    city_names = {city.name for city in tile.cities}
    inner = 0
    for i, field in enumerate(tile.fields):
        where = f".fields[{i}]"
        inner += not field.halves
        for half in field.halves:
            if half not in HALVES:
                check(False, f"{where}.halves", f"unknown half-edge {half[:10]!r}")
                continue
            h = HALVES.index(half)
            check(h not in half_owner, f"{where}.halves", f"{half} belongs to two fields")
            check(edges[h // 2] != "C", f"{where}.halves", f"{half} lies on a city edge")
            half_owner[h] = i
        unknown = [name for name in field.cities if name not in city_names]
        check(not unknown, f"{where}.cities", f"no such city {unknown[:3]}")
        if field.halves and not unknown and all(h in HALVES for h in field.halves):
            touched = set()
            for half in field.halves:
                side = corner_half(HALVES.index(half)) // 2
                if edges[side] == "C":
                    touched.add(
                        next((c.name for c in tile.cities if DIRECTIONS[side] in c.edges), "")
                    )
            check(
                touched == set(field.cities),
                f"{where}.cities",
                f"the field's corners touch cities {sorted(touched)}, not {sorted(field.cities)}",
            )
    check(inner <= 1, ".fields", "at most one inner field")
    through = {edge for road in tile.roads if len(road.edges) == 2 for edge in road.edges}
    for d, kind in enumerate(edges):
        if kind == "C":
            continue
        left, right = half_owner.get(2 * d), half_owner.get(2 * d + 1)
        label = DIRECTIONS[d]
        check(left is not None and right is not None, ".fields", f"{label} edge halves in no field")
        if left is None or right is None:
            continue
        if kind == "F":
            check(left == right, ".fields", f"the field edge {label} is split into two fields")
        elif label in through:
            check(left != right, ".fields", f"the road through {label} must split its field")
    return problems


def _problems_in(data: ComponentData) -> list[str]:
    checks = DataProblems()
    problems = checks.found

    checks.check(data.version >= 1, "$.version", "version must be 1 or more")
    total = sum(tile.count for tile in data.base)
    checks.check(
        total == BASE_TILES, "$.base", f"the base game has {BASE_TILES} tiles, not {total}"
    )
    festival = sum(tile.count for tile in data.festival)
    checks.check(
        festival == data.festival_count,
        "$.festival",
        f"festival_count says {data.festival_count} tiles, the list holds {festival}",
    )
    checks.check(festival + total <= MAX_TILES, "$.festival", f"at most {MAX_TILES} tiles in all")
    ids = [tile.id for tile in (*data.base, *data.festival)]
    checks.check(len(ids) == len(set(ids)), "$", "tile ids repeat")
    for i, tile in enumerate(data.base):
        checks.check(
            len(tile.id) == 1 and tile.id.isupper(), f"$.base[{i}].id", "a base tile is A-Z"
        )
        checks.check(not tile.festival_place, f"$.base[{i}].festival_place", "only Festival tiles")
        problems.extend(_tile_problems(tile, f"$.base[{i}]"))
    for i, tile in enumerate(data.festival):
        want = f"FE{i + 1}"
        checks.check(
            tile.id == want, f"$.festival[{i}].id", f"Festival tiles are FE1.. in order: {want}"
        )
        checks.check(tile.festival_place, f"$.festival[{i}].festival_place", "a Festival tile (F3)")
        problems.extend(_tile_problems(tile, f"$.festival[{i}]"))
    start = next((tile for tile in data.base if tile.id == data.start), None)
    checks.check(
        start is not None, "$.start", f"the start tile {data.start[:10]!r} is no base tile"
    )
    return problems


@implements("C0.1", "F1", "FA5")
def components_from_mapping(raw: Mapping[str, Any], *, source: str = "<data>") -> ComponentData:
    """Structure and validate a tile set: C0.1 the 72 base tiles with the start tile, F1 the
    Festival tiles (FA5: any set that says how many it has; 10 shipped), and the geometry of
    every tile (each field's cities are those its corners touch).

    Raises ``InvalidData`` naming every bad field with its path.
    """
    if not isinstance(raw, Mapping):
        raise InvalidData(f"{source}: the top level must be a table, not {type(raw).__name__}")
    for key in ("base", "festival"):
        rows = raw.get(key)
        if isinstance(rows, list | tuple) and len(rows) > MAX_TILES:
            raise InvalidData(f"{source}: more than {MAX_TILES} rows @ $.{key}")
    data: ComponentData = checked_data(_converter, ComponentData, raw, source, _problems_in)
    return data


def components_to_mapping(data: ComponentData) -> dict[str, Any]:
    """The plain-data form of a tile set (the inverse of ``components_from_mapping``)."""
    return data_to_mapping(_converter, data)


def load_components(path: str | Path) -> ComponentData:
    """Load and validate a TOML tile file (see ``data/components.toml`` for the format)."""
    return load_data_file(path, components_from_mapping)


def template_text() -> str:
    """The shipped tile data as an editable TOML file (what ``load_components`` reads)."""
    return shipped_text(__package__, "data/components.toml")


@cache
def default_components() -> ComponentData:
    """The shipped tile set: 72 base tiles and the 10 Festival tiles."""
    return components_from_mapping(
        tomllib.loads(template_text()), source="carcassonne/data/components.toml"
    )
