"""Component data of the in-box modules 1-3 (fresco-modules-123.md section 5) and its checks.

The shipped values are in ``data/modules123.toml``; every row carries its provenance, and the
values the supplement prints only as pictures (card rewards and backs, request values, tile
splashes, the new tiles' paints) are PROVISIONAL rows, reported by
``ComponentData.provisional()`` like the base rows. ``data.components_from_mapping``
structures this section as ``$.modules_123`` and runs ``module123_problems`` on it, so a bad
field is named by its path (``$.modules_123.portraits.cards[3].kind``).
"""

from __future__ import annotations

from attrs import frozen

from .vocab import PRIMARIES, SECONDARIES, SPECIAL_PAINTS, Paint

PERMANENT_KINDS = ("abbot", "actor", "sexton", "gods_servant")
"""R1.9-R1.12: the permanent portrait cards, by their effect."""
PORTRAIT_KINDS = (*PERMANENT_KINDS, "reward")
"""Every portrait kind: the permanent ones and the one-time ``reward`` cards (R1.13-R1.18)."""
REQUEST_TYPES = ("general", "orange", "green", "purple")
"""R2.2: the four request piles; a special request is named by its splash colour."""
SPLASH_COLOURS = (Paint.ORANGE, Paint.GREEN, Paint.PURPLE)
"""The colours a tile back can show (section 5.5)."""
MAX_ROWS = 64
"""Bound on every list of this section (cards, tiles, backs) before any work on it."""


@frozen
class PortraitCard:
    """One portrait card (section 5.2): its back, name, kind and printed reward.

    A permanent card (``kind`` in ``PERMANENT_KINDS``) prints no reward. A ``reward`` card gives
    ``vp``, ``thalers``, the base ``paints``, ``choice`` primaries of the owner's choice
    (repeats allowed, A1.5) and ``mood`` rows up, or with ``mood_to_top`` the top row (R1.13).
    Leonardo gains only its ``vp`` (R1.24)."""

    id: str
    back: str
    name: str
    kind: str
    provenance: str
    vp: int = 0
    thalers: int = 0
    paints: tuple[Paint, ...] = ()
    choice: int = 0
    mood: int = 0
    mood_to_top: bool = False

    @property
    def permanent(self) -> bool:
        return self.kind in PERMANENT_KINDS


@frozen
class PortraitsData:
    """Module 1: the cards, the piles from the top of the deck down (R1.2: A on top, then B,
    then C) and the display size (R1.3)."""

    backs: tuple[str, ...]
    display: int
    provenance: str
    cards: tuple[PortraitCard, ...]


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


@frozen
class Module123Data:
    """The component data of modules 1, 2 and 3."""

    portraits: PortraitsData
    requests: RequestsData
    special_blends: SpecialBlendsData


def module123_problems(
    data: Module123Data,
    path: str,
    *,
    base_tiles: dict[str, tuple[Paint, ...]],
    taken_ids: set[str],
    provenances: tuple[str, ...],
) -> list[str]:
    """Semantic checks of the modules 1-3 section; each problem names its path. ``base_tiles``
    maps the base fresco tile IDs to their pieces; ``taken_ids`` are the IDs used elsewhere."""
    problems: list[str] = []

    def check(ok: bool, where: str, message: str) -> None:
        if not ok:
            problems.append(f"{message} @ {where}")

    def provenance(value: str, where: str) -> None:
        check(value in provenances, f"{where}.provenance", f"unknown provenance {value!r}")

    def count(value: int, where: str) -> None:
        check(value >= 0, where, "must not be negative")

    def bounded(rows: tuple[object, ...], where: str) -> bool:
        check(len(rows) <= MAX_ROWS, where, f"{len(rows)} rows, more than {MAX_ROWS}")
        return len(rows) <= MAX_ROWS

    ids = set(taken_ids)

    def unique(value: str, where: str) -> None:
        check(value not in ids, where, f"duplicate id {value!r}")
        ids.add(value)

    pics, p = data.portraits, f"{path}.portraits"
    provenance(pics.provenance, p)
    check(len(pics.backs) >= 1, f"{p}.backs", "name 1 pile or more")
    check(len(set(pics.backs)) == len(pics.backs), f"{p}.backs", "a pile is listed twice")
    check(pics.display >= 1, f"{p}.display", "the display has 1 space or more")
    if bounded(pics.cards, f"{p}.cards"):
        for i, card in enumerate(pics.cards):
            where = f"{p}.cards[{i}]"
            provenance(card.provenance, where)
            unique(card.id, f"{where}.id")
            check(card.back in pics.backs, f"{where}.back", f"no pile {card.back!r} in backs")
            check(card.kind in PORTRAIT_KINDS, f"{where}.kind", f"unknown kind {card.kind!r}")
            for name in ("vp", "thalers", "choice", "mood"):
                count(getattr(card, name), f"{where}.{name}")
            for j, paint in enumerate(card.paints):
                check(
                    paint in PRIMARIES or paint in SECONDARIES,
                    f"{where}.paints[{j}]",
                    f"a portrait gives base paints only, not {paint.value} (R3.7)",
                )
            rewards = card.vp or card.thalers or card.paints or card.choice or card.mood
            if card.permanent:
                check(
                    not rewards and not card.mood_to_top,
                    where,
                    f"a permanent {card.kind} card prints no reward",
                )

    reqs, p = data.requests, f"{path}.requests"
    provenance(reqs.provenance, p)
    count(reqs.income_thalers, f"{p}.income_thalers")
    if bounded(reqs.tiles, f"{p}.tiles"):
        for i, tile in enumerate(reqs.tiles):
            where = f"{p}.tiles[{i}]"
            provenance(tile.provenance, where)
            unique(tile.id, f"{where}.id")
            check(tile.type in REQUEST_TYPES, f"{where}.type", f"unknown type {tile.type!r}")
            count(tile.vp, f"{where}.vp")
    backs: set[str] = set()
    if bounded(reqs.backs, f"{p}.backs"):
        for i, back in enumerate(reqs.backs):
            where = f"{p}.backs[{i}]"
            provenance(back.provenance, where)
            check(back.tile in base_tiles, f"{where}.tile", f"no base fresco tile {back.tile!r}")
            check(back.tile not in backs, f"{where}.tile", f"tile {back.tile!r} listed twice")
            backs.add(back.tile)
            problems.extend(_splash_problems(back.splashes, f"{where}.splashes"))
    missing = sorted(set(base_tiles) - backs)
    check(not missing, f"{p}.backs", f"no back for base tiles {missing}")

    special, p = data.special_blends, f"{path}.special_blends"
    provenance(special.provenance, p)
    for name in ("pink", "brown", "altar_pink", "altar_brown", "altar_tiles", "blending_tables"):
        count(getattr(special, name), f"{p}.{name}")
    tiles = special.fresco_tiles
    if bounded(tiles, f"{p}.fresco_tiles"):
        check(
            1 <= len(tiles) <= len(base_tiles),
            f"{p}.fresco_tiles",
            f"{len(tiles)} tiles: module 3 needs 1 to {len(base_tiles)} (as many base tiles "
            "are removed, R3.3)",
        )
        check(
            sum(new.centre for new in tiles) == 1,
            f"{p}.fresco_tiles",
            "exactly one module-3 tile must be the centre tile (R3.3)",
        )
        for i, new in enumerate(tiles):
            where = f"{p}.fresco_tiles[{i}]"
            provenance(new.provenance, where)
            unique(new.id, f"{where}.id")
            check(new.value >= 1, f"{where}.value", "must be 1 or more")
            count(new.income, f"{where}.income")
            check(len(new.pieces) >= 1, f"{where}.pieces", "a tile needs 1 piece or more")
            check(
                any(piece in SPECIAL_PAINTS for piece in new.pieces),
                f"{where}.pieces",
                "a module-3 tile needs pink or brown (R3.10)",
            )
            problems.extend(_splash_problems(new.splashes, f"{where}.splashes"))
    return problems


def _splash_problems(splashes: tuple[Paint, ...], where: str) -> list[str]:
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


__all__ = [
    "MAX_ROWS",
    "PERMANENT_KINDS",
    "PORTRAIT_KINDS",
    "REQUEST_TYPES",
    "SPLASH_COLOURS",
    "Module123Data",
    "PortraitCard",
    "PortraitsData",
    "RequestTile",
    "RequestsData",
    "SpecialBlendsData",
    "SpecialTile",
    "TileBack",
    "module123_problems",
]
