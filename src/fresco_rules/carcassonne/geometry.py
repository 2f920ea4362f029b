"""Tile geometry computed once per tile set: every tile type in each of its 4 rotations, with its
features named in board directions, the feature on each edge and half-edge, and the rotations
that fit each pattern of neighbouring edges (C2, C3, C4).

Board positions are packed into one integer ``key = (y + OFFSET) * WIDTH + (x + OFFSET)``, so the
northern neighbour (y grows to the SOUTH) is ``key - WIDTH`` and the eastern one ``key + 1``; keys
sort in reading order (by y, then x).
"""

from __future__ import annotations

from attrs import frozen

from ..kernel.registry import implements
from .data import ComponentData, TileType
from .vocab import DIRECTIONS, EDGE_KINDS, HALVES, Kind, feature_name, rotate_direction, rotate_half

OFFSET = 512
WIDTH = 1024
STEPS = (-WIDTH, 1, WIDTH, -1)
"""Key offsets of the neighbours N E S W."""
AROUND = (-WIDTH - 1, -WIDTH, -WIDTH + 1, -1, 1, WIDTH - 1, WIDTH, WIDTH + 1)
"""Key offsets of the 8 surrounding positions (C12)."""
EDGE_CODE = {kind: i + 1 for i, kind in enumerate(EDGE_KINDS)}
"""C 1, R 2, F 3; 0 in a pattern means no neighbour on that side."""


def key_of(x: int, y: int) -> int:
    return (y + OFFSET) * WIDTH + (x + OFFSET)


def xy_of(key: int) -> tuple[int, int]:
    y, x = divmod(key, WIDTH)
    return x - OFFSET, y - OFFSET


@frozen
class Segment:
    """One feature of a placed tile, in board directions."""

    kind: Kind
    name: str
    """The canonical feature string (``"road:E,W"``)."""
    edges: tuple[int, ...]
    halves: tuple[int, ...]
    pennants: int
    open: int
    """Open ends a road or city brings (its edges); 8 for a monastery (C12); 0 for a field."""
    cities: tuple[int, ...]
    """A field's touched cities, as local segment indices (C19)."""


@frozen
class Oriented:
    """A tile type in one rotation."""

    tile: str
    rotation: int
    edges: tuple[int, ...]
    """Edge codes N E S W (1 city, 2 road, 3 field)."""
    segments: tuple[Segment, ...]
    """In listing order: roads, cities, the monastery, fields (C6)."""
    edge_segment: tuple[int, ...]
    """Per direction: the local index of the road or city on that edge, -1 for a field edge."""
    half_segment: tuple[int, ...]
    """Per half-edge: the local index of its field, -1 on a city edge."""
    monastery: int
    """Local index of the monastery, -1 without."""
    names: dict[str, int]
    """Feature string -> local index."""
    festival: bool


def _orient(tile: TileType, rotation: int) -> Oriented:
    turn_edge = [rotate_direction(d, rotation) for d in range(4)]
    turn_half = [rotate_half(h, rotation) for h in range(8)]
    edges = [0] * 4
    for d, letter in enumerate(tile.edges):
        edges[turn_edge[d]] = EDGE_CODE[letter]
    segments: list[Segment] = []
    city_index: dict[str, int] = {}
    pending_fields: list[tuple[tuple[int, ...], tuple[str, ...]]] = []
    for road in tile.roads:
        board = tuple(sorted(turn_edge[DIRECTIONS.index(e)] for e in road.edges))
        name = feature_name(Kind.ROAD, board)
        segments.append(Segment(Kind.ROAD, name, board, (), 0, len(board), ()))
    for city in tile.cities:
        board = tuple(sorted(turn_edge[DIRECTIONS.index(e)] for e in city.edges))
        city_index[city.name] = len(segments)
        segments.append(
            Segment(
                Kind.CITY, feature_name(Kind.CITY, board), board, (), city.pennants, len(board), ()
            )
        )
    monastery = -1
    if tile.monastery:
        monastery = len(segments)
        segments.append(Segment(Kind.MONASTERY, "monastery", (), (), 0, 8, ()))
    for field in tile.fields:
        halves = tuple(sorted(turn_half[HALVES.index(h)] for h in field.halves))
        pending_fields.append((halves, field.cities))
    for halves, cities in pending_fields:
        local = tuple(city_index[name] for name in cities)
        segments.append(
            Segment(Kind.FIELD, feature_name(Kind.FIELD, (), halves), (), halves, 0, 0, local)
        )
    edge_segment = [-1] * 4
    half_segment = [-1] * 8
    for i, segment in enumerate(segments):
        for d in segment.edges:
            edge_segment[d] = i
        for h in segment.halves:
            half_segment[h] = i
    return Oriented(
        tile=tile.id,
        rotation=rotation,
        edges=tuple(edges),
        segments=tuple(segments),
        edge_segment=tuple(edge_segment),
        half_segment=tuple(half_segment),
        monastery=monastery,
        names={segment.name: i for i, segment in enumerate(segments)},
        festival=tile.festival_place,
    )


@implements("C2", "C3", "C4")
def fitting_rotations(orientations: tuple[Oriented, ...]) -> tuple[tuple[int, ...], ...]:
    """Per neighbour pattern (2 bits per side N E S W, 0 = empty), the rotations of a tile that
    fit it. C2: any of 4 rotations, never flipped; C3: every touching edge matches in type;
    C4: empty sides impose nothing."""
    table = []
    for pattern in range(256):
        wanted = [(pattern >> (2 * d)) & 3 for d in range(4)]
        table.append(
            tuple(
                o.rotation
                for o in orientations
                if all(w == 0 or w == e for w, e in zip(wanted, o.edges, strict=True))
            )
        )
    return tuple(table)


@frozen
class Geometry:
    """Every tile type of a set in its 4 rotations, and the fitting table of each."""

    oriented: dict[str, tuple[Oriented, ...]]
    fits: dict[str, tuple[tuple[int, ...], ...]]
    masks: dict[str, tuple[int, ...]]
    """The same as ``fits``, each set of rotations as a bit mask (for fast lookups)."""


def build_geometry(data: ComponentData) -> Geometry:
    oriented = {
        tile.id: tuple(_orient(tile, r) for r in range(4)) for tile in (*data.base, *data.festival)
    }
    fits = {tile: fitting_rotations(o) for tile, o in oriented.items()}
    masks = {
        tile: tuple(sum(1 << r for r in rotations) for rotations in table)
        for tile, table in fits.items()
    }
    return Geometry(oriented, fits, masks)
