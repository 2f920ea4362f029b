"""The component data of module 2, the Bishop's Requests (fresco-modules-123.md sections 5.3
and 5.5), and its checks (its ``REQUESTS_DATA`` section is
``$.modules_123.requests`` of a data file)."""

from __future__ import annotations

from attrs import frozen

from ...kernel.data_checks import DataProblems
from ..base_data import BoxFacts, DataSection
from ..vocab import Paint

REQUEST_TYPES = ("general", "orange", "green", "purple")
"""R2.2: the four request piles; a special request is named by its splash colour."""
SPLASH_COLOURS = (Paint.ORANGE, Paint.GREEN, Paint.PURPLE)
"""The colours a tile back can show (section 5.5)."""
MAX_ROWS = 64
"""Bound on every list of the section before any work on it."""


@frozen
class RequestTile:
    """One request tile (section 5.3): its type and VP. Its income is 1 Thaler plus a primary
    of choice (general) or a piece of its colour (special), R2.11."""

    id: str
    type: str
    vp: int
    provenance: str

    @property
    def colour(self) -> Paint | None:
        """The splash colour a special request needs; None for a general request."""
        return None if self.type == "general" else Paint(self.type)


@frozen
class TileBack:
    """The splashes on the back of one base fresco tile (section 5.5, A3.5)."""

    tile: str
    splashes: tuple[Paint, ...]
    provenance: str


@frozen
class RequestsData:
    """Module 2: the request tiles and the backs of the base fresco tiles."""

    income_thalers: int
    provenance: str
    tiles: tuple[RequestTile, ...]
    backs: tuple[TileBack, ...]


def requests_problems(
    data: RequestsData,
    path: str,
    *,
    base_tiles: dict[str, tuple[Paint, ...]],
    ids: set[str],
    provenances: tuple[str, ...],
) -> list[str]:
    """Semantic checks of module 2's data at ``path``; ``base_tiles`` maps the base fresco
    tile IDs to their pieces, ``ids`` collects the IDs in use."""
    checks = DataProblems(provenances=provenances, ids=ids, max_rows=MAX_ROWS, quote=repr)
    problems = checks.found

    reqs, p = data, path
    checks.provenance(reqs.provenance, p)
    checks.count(reqs.income_thalers, f"{p}.income_thalers")
    if checks.bounded(reqs.tiles, f"{p}.tiles"):
        for i, tile in enumerate(reqs.tiles):
            where = f"{p}.tiles[{i}]"
            checks.provenance(tile.provenance, where)
            checks.unique(tile.id, f"{where}.id")
            checks.check(tile.type in REQUEST_TYPES, f"{where}.type", f"unknown type {tile.type!r}")
            checks.count(tile.vp, f"{where}.vp")
    backs: set[str] = set()
    if checks.bounded(reqs.backs, f"{p}.backs"):
        for i, back in enumerate(reqs.backs):
            where = f"{p}.backs[{i}]"
            checks.provenance(back.provenance, where)
            checks.check(
                back.tile in base_tiles, f"{where}.tile", f"no base fresco tile {back.tile!r}"
            )
            checks.check(
                back.tile not in backs, f"{where}.tile", f"tile {back.tile!r} listed twice"
            )
            backs.add(back.tile)
            problems.extend(splash_problems(back.splashes, f"{where}.splashes"))
    missing = sorted(set(base_tiles) - backs)
    checks.check(not missing, f"{p}.backs", f"no back for base tiles {missing}")

    return problems


def splash_problems(splashes: tuple[Paint, ...], where: str) -> list[str]:
    """A back shows 0-3 different splashes of orange, green and purple (section 5.5)."""
    problems = []
    for j, splash in enumerate(splashes):
        if splash not in SPLASH_COLOURS:
            problems.append(
                f"a splash is orange, green or purple, not {splash.value} @ {where}[{j}]"
            )
        elif splash in splashes[:j]:
            problems.append(f"splash {splash.value} listed twice @ {where}[{j}]")
    return problems


def _requests_section_problems(data: RequestsData, path: str, box: BoxFacts) -> list[str]:
    return requests_problems(
        data, path, base_tiles=box.base_tiles, ids=box.ids, provenances=box.provenances
    )


REQUESTS_DATA: DataSection[RequestsData] = DataSection(
    group="modules_123",
    key="requests",
    record=RequestsData,
    bounds={
        "income_thalers": (0, 10),
        "len(tiles)": (1, 60),
        "tiles[].vp": (0, 50),
    },
    problems=_requests_section_problems,
)
"""The component data of module 2, ``$.modules_123.requests`` of a data file; its bounds are
the range of every number and list a physical box can have (R0.66, R0.67)."""
