"""The component data of module 3, Special blend colours (fresco-modules-123.md section 5.4),
and its checks (its ``BLENDS_DATA`` section is
``$.modules_123.special_blends`` of a data file)."""

from __future__ import annotations

from attrs import frozen

from ...kernel.data_checks import DataProblems
from ..base_data import BoxFacts, DataSection
from ..vocab import SPECIAL_PAINTS, Paint
from .requests_data import MAX_ROWS, splash_problems


@frozen
class SpecialTile:
    """One module-3 fresco tile (section 5.4): its pieces (with pink and/or brown), value,
    back (splashes and income) and whether it is the centre tile (R3.3)."""

    id: str
    pieces: tuple[Paint, ...]
    value: int
    splashes: tuple[Paint, ...]
    income: int
    centre: bool
    provenance: str


@frozen
class SpecialBlendsData:
    """Module 3: pink and brown pieces in the box (R3.1), the altar bonus per special piece
    (R3.8), the reminders (R3.2) and the new fresco tiles."""

    pink: int
    brown: int
    altar_pink: int
    altar_brown: int
    altar_tiles: int
    blending_tables: int
    provenance: str
    fresco_tiles: tuple[SpecialTile, ...]


def special_blends_problems(
    data: SpecialBlendsData,
    path: str,
    *,
    base_tiles: dict[str, tuple[Paint, ...]],
    ids: set[str],
    provenances: tuple[str, ...],
) -> list[str]:
    """Semantic checks of module 3's data at ``path``."""
    checks = DataProblems(provenances=provenances, ids=ids, max_rows=MAX_ROWS, quote=repr)
    problems = checks.found

    special, p = data, path
    checks.provenance(special.provenance, p)
    for name in ("pink", "brown", "altar_pink", "altar_brown", "altar_tiles", "blending_tables"):
        checks.count(getattr(special, name), f"{p}.{name}")
    tiles = special.fresco_tiles
    if checks.bounded(tiles, f"{p}.fresco_tiles"):
        checks.check(
            1 <= len(tiles) <= len(base_tiles),
            f"{p}.fresco_tiles",
            f"{len(tiles)} tiles: module 3 needs 1 to {len(base_tiles)} (as many base tiles "
            "are removed, R3.3)",
        )
        checks.check(
            sum(new.centre for new in tiles) == 1,
            f"{p}.fresco_tiles",
            "exactly one module-3 tile must be the centre tile (R3.3)",
        )
        for i, new in enumerate(tiles):
            where = f"{p}.fresco_tiles[{i}]"
            checks.provenance(new.provenance, where)
            checks.unique(new.id, f"{where}.id")
            checks.check(new.value >= 1, f"{where}.value", "must be 1 or more")
            checks.check(
                new.income == 1,
                f"{where}.income",
                "a tile back shows one coin: income 1, as the base game pays (R0.56, R3.10)",
            )
            checks.check(len(new.pieces) >= 1, f"{where}.pieces", "a tile needs 1 piece or more")
            checks.check(
                any(piece in SPECIAL_PAINTS for piece in new.pieces),
                f"{where}.pieces",
                "a module-3 tile needs pink or brown (R3.10)",
            )
            problems.extend(splash_problems(new.splashes, f"{where}.splashes"))
    return problems


def _special_blends_section_problems(
    data: SpecialBlendsData, path: str, box: BoxFacts
) -> list[str]:
    return special_blends_problems(
        data, path, base_tiles=box.base_tiles, ids=box.ids, provenances=box.provenances
    )


BLENDS_DATA: DataSection[SpecialBlendsData] = DataSection(
    group="modules_123",
    key="special_blends",
    record=SpecialBlendsData,
    bounds={
        "pink": (0, 60),
        "brown": (0, 60),
        "altar_pink": (0, 20),
        "altar_brown": (0, 20),
        "altar_tiles": (0, 4),
        "blending_tables": (0, 8),
        "len(fresco_tiles)": (0, 25),
        "fresco_tiles[].value": (1, 40),
        "fresco_tiles[].income": (0, 10),
    },
    problems=_special_blends_section_problems,
)
"""The component data of module 3, ``$.modules_123.special_blends`` of a data file; its bounds are
the range of every number and list a physical box can have (R0.66, R0.67)."""
