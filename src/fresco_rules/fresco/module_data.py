"""Component data of expansion modules 4-6 (component-data.md sections 5-7) and its checks.

The shipped values are in ``data/modules.toml``; every row carries its provenance and the
PROVISIONAL ones (Free Paints pictures, golden-tile slots, window tiles, workbench prices, the
window-bordering segments) are reported by ``ComponentData.provisional()`` like the base rows.
``data.components_from_mapping`` structures this section as ``$.modules`` and runs
``module_problems`` on it, so a bad field is named by its path
(``$.modules.glaziers.windows[3].panes[1]``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from attrs import frozen

from ..kernel.untrusted import describe, is_int_in, is_tuple_of
from .vocab import CENTRE, GLASS, GRID, Glass, Paint

CARD_LOCATIONS: dict[str, str] = {
    "lucky_fellow": "market",
    "free_paints": "market",
    "bishops_visit": "cathedral",
    "bishops_praise": "cathedral",
    "tip": "studio",
    "alchemy": "workshop",
    "reward": "theatre",
    "street_musician": "phase1",
}
"""R4.12: every Wishing Card kind and the location where it is played (component-data.md 5)."""


@frozen
class CardKind:
    """One kind of Wishing Card: how many are in the deck and where it is played (R4.12)."""

    kind: str
    count: int
    location: str
    provenance: str


@frozen
class PicturedTile:
    """The market tile pictured on one Free Paints card (A4.8, PROVISIONAL)."""

    tile: str
    provenance: str


@frozen
class WishingWellData:
    """Module 4 (component-data.md 5): pennies, the well and the deck."""

    pennies: int
    start_pennies: int
    well_capacity: int
    max_on_symbol: int
    penny_value: int
    provenance: str
    cards: tuple[CardKind, ...]
    free_paints: tuple[PicturedTile, ...]


@frozen
class GoldArrow:
    """One arrow of a golden market tile (R5.5): buying the tile in ``slot`` of ``booth``
    (0 = booth I) on board side ``side`` gives ``gold`` leaf gold."""

    side: str
    booth: int
    slot: int
    gold: int
    provenance: str


@frozen
class Discs:
    """The wooden discs of module 5 (A5.1): always ``base``, plus ``module3`` with module 3."""

    base: tuple[Paint, ...]
    module3: tuple[Paint, ...]
    provenance: str


@frozen
class LeafGoldData:
    """Module 5 (component-data.md 6)."""

    total: int
    value: int
    on_segment: int
    neighbour: int
    elsewhere: int
    provenance: str
    discs: Discs
    arrows: tuple[GoldArrow, ...]


@frozen
class GlassKind:
    """One glass colour (component-data.md 7.1): count in the box, price and pane penalty."""

    colour: Glass
    count: int
    price: int
    penalty: int
    provenance: str


@frozen
class WindowTile:
    """One window tile (R6.14): its panes in order and its VP value."""

    id: str
    panes: tuple[Glass, ...]
    vp: int
    provenance: str


@frozen
class Workbench:
    """The workbench slot prices, slot 0 first (A6.1)."""

    prices: tuple[int, ...]
    provenance: str


@frozen
class WindowSegments:
    """The fresco segments that border a window opening (R6.11, A6.2)."""

    segments: tuple[tuple[int, int], ...]
    provenance: str


@frozen
class AltarWindowData:
    """The altar window (R6.19): its panes and the VP per token handed in."""

    panes: tuple[Glass, ...]
    vp_per_token: int
    provenance: str


@frozen
class GlassworksTile:
    """A Glassworks tile (R6.8): printed apprentices and spaces in all."""

    printed: int
    spaces: int
    provenance: str


@frozen
class GlaziersData:
    """Module 6 (component-data.md 7)."""

    offer_per_player: int
    provenance: str
    glass: tuple[GlassKind, ...]
    windows: tuple[WindowTile, ...]
    workbench: Workbench
    window_segments: WindowSegments
    altar_window: AltarWindowData
    glassworks: GlassworksTile


@frozen
class ModuleData:
    """The component data of modules 4, 5 and 6."""

    wishing_well: WishingWellData
    leaf_gold: LeafGoldData
    glaziers: GlaziersData


Check = Callable[[bool, str, str], None]


def workbench_problems(prices: Sequence[object], path: str) -> list[str]:
    """Problems of a workbench price row (A6.1): 1-12 integers of 0-20 Thalers, slot 0 free
    (A6.6)."""
    if type(prices) is not tuple or not 1 <= len(prices) <= 12:
        return [f"the workbench has 1-12 slots, not {describe(prices)} @ {path}"]
    problems = []
    for j, price in enumerate(prices):
        if not is_int_in(price, 0, 20):
            problems.append(
                f"a slot price is an integer of 0-20 Thalers, not {describe(price)} @ {path}[{j}]"
            )
    if not problems and prices[0] != 0:
        problems.append(f"slot 0 is the price-0 end (A6.6) @ {path}[0]")
    return problems


def segment_problems(segments: Sequence[object], path: str, count: int) -> list[str]:
    """Problems of a set of window-bordering segments (A6.2): ``count`` distinct grid cells
    other than the centre."""
    if type(segments) is not tuple or len(segments) > 24:
        return [f"at most 24 (row, col) cells, not {describe(segments)} @ {path}"]
    problems = []
    seen: set[tuple[int, int]] = set()
    for j, cell in enumerate(segments):
        if not (is_tuple_of(cell, int) and len(cell) == 2 and all(0 <= x < GRID for x in cell)):
            problems.append(
                f"{describe(cell)} is not a (row, col) cell of the 5x5 grid @ {path}[{j}]"
            )
            continue
        key = (cell[0], cell[1])
        if key == CENTRE:
            problems.append(f"the centre segment borders no window @ {path}[{j}]")
        elif key in seen:
            problems.append(f"segment {key} listed twice @ {path}[{j}]")
        seen.add(key)
    if len(segments) != count:
        problems.append(f"{len(segments)} segments, but {count} border a window (R6.11) @ {path}")
    return problems


def module_problems(
    data: ModuleData,
    path: str,
    *,
    market_ids: set[str],
    sides: dict[str, tuple[int, ...]],
    provenances: tuple[str, ...],
) -> list[str]:
    """Semantic checks of the module section; each problem names its path. ``market_ids`` are
    the market tile IDs and ``sides`` maps board-side names to their booth capacities."""
    problems: list[str] = []

    def check(ok: bool, where: str, message: str) -> None:
        if not ok:
            problems.append(f"{message} @ {where}")

    def provenance(value: str, where: str) -> None:
        check(value in provenances, f"{where}.provenance", f"unknown provenance {describe(value)}")

    def count(value: int, where: str) -> None:
        check(value >= 0, where, "must not be negative")

    well, p = data.wishing_well, f"{path}.wishing_well"
    provenance(well.provenance, p)
    for name in ("pennies", "start_pennies", "penny_value"):
        count(getattr(well, name), f"{p}.{name}")
    check(well.well_capacity >= 1, f"{p}.well_capacity", "the well holds 1 penny or more")
    check(well.max_on_symbol >= 1, f"{p}.max_on_symbol", "must be 1 or more")
    check(
        well.pennies >= 4 * well.start_pennies,
        f"{p}.pennies",
        f"{well.pennies} pennies cannot give 4 players {well.start_pennies} each",
    )
    kinds: set[str] = set()
    for i, card in enumerate(well.cards):
        where = f"{p}.cards[{i}]"
        provenance(card.provenance, where)
        known = card.kind in CARD_LOCATIONS
        check(known, f"{where}.kind", f"unknown card kind {card.kind!r}")
        check(card.kind not in kinds, f"{where}.kind", f"card kind {card.kind!r} listed twice")
        kinds.add(card.kind)
        count(card.count, f"{where}.count")
        if known:
            expected = CARD_LOCATIONS[card.kind]
            check(
                card.location == expected,
                f"{where}.location",
                f"{card.kind} is played at {expected}, not {card.location!r}",
            )
    free = sum(card.count for card in well.cards if card.kind == "free_paints")
    check(
        len(well.free_paints) == free,
        f"{p}.free_paints",
        f"{len(well.free_paints)} pictures for {free} Free Paints cards",
    )
    for i, picture in enumerate(well.free_paints):
        where = f"{p}.free_paints[{i}]"
        provenance(picture.provenance, where)
        check(picture.tile in market_ids, f"{where}.tile", f"no market tile {picture.tile!r}")

    gold, p = data.leaf_gold, f"{path}.leaf_gold"
    provenance(gold.provenance, p)
    for name in ("total", "value", "on_segment", "neighbour", "elsewhere"):
        count(getattr(gold, name), f"{p}.{name}")
    provenance(gold.discs.provenance, f"{p}.discs")
    colours = gold.discs.base + gold.discs.module3
    for name, discs in (("base", gold.discs.base), ("module3", gold.discs.module3)):
        offset = 0 if name == "base" else len(gold.discs.base)
        for j, disc in enumerate(discs):
            check(
                colours.index(disc) == offset + j,
                f"{p}.discs.{name}[{j}]",
                f"disc {disc.value} listed twice",
            )
    check(
        len(gold.discs.base) >= 2,
        f"{p}.discs.base",
        "at least 2 discs, so that the colour changes each round (R5.11)",
    )
    arrows: set[tuple[str, int, int]] = set()
    for i, arrow in enumerate(gold.arrows):
        where = f"{p}.arrows[{i}]"
        provenance(arrow.provenance, where)
        capacities = sides.get(arrow.side)
        check(capacities is not None, f"{where}.side", f"no board side {arrow.side!r}")
        if capacities is not None:
            booth_ok = 0 <= arrow.booth < len(capacities)
            check(booth_ok, f"{where}.booth", f"side {arrow.side} has no booth {arrow.booth}")
        # whether the slot exists depends on the booth capacities in use (A0.3): see LeafGold
        check(arrow.slot >= 0, f"{where}.slot", "must not be negative")
        check(arrow.gold >= 1, f"{where}.gold", "an arrow shows 1 leaf gold or more")
        key = (arrow.side, arrow.booth, arrow.slot)
        check(key not in arrows, where, "two arrows point at the same slot")
        arrows.add(key)

    glass, p = data.glaziers, f"{path}.glaziers"
    provenance(glass.provenance, p)
    count(glass.offer_per_player, f"{p}.offer_per_player")
    check(
        tuple(kind.colour for kind in glass.glass) == GLASS,
        f"{p}.glass",
        "list the four colours once each: " + ", ".join(g.value for g in GLASS),
    )
    for i, kind in enumerate(glass.glass):
        where = f"{p}.glass[{i}]"
        provenance(kind.provenance, where)
        for name in ("count", "price", "penalty"):
            count(getattr(kind, name), f"{where}.{name}")
    ids: set[str] = set()
    for i, window in enumerate(glass.windows):
        where = f"{p}.windows[{i}]"
        provenance(window.provenance, where)
        check(window.id not in ids, f"{where}.id", f"duplicate id {window.id!r}")
        check(window.id not in market_ids, f"{where}.id", f"{window.id!r} is a market tile id")
        ids.add(window.id)
        check(len(window.panes) >= 1, f"{where}.panes", "a window has 1 pane or more")
        count(window.vp, f"{where}.vp")
    bench = glass.workbench
    provenance(bench.provenance, f"{p}.workbench")
    problems.extend(workbench_problems(bench.prices, f"{p}.workbench.prices"))
    cells = glass.window_segments
    provenance(cells.provenance, f"{p}.window_segments")
    problems.extend(
        segment_problems(cells.segments, f"{p}.window_segments.segments", len(cells.segments))
    )
    check(
        len(glass.windows) >= len(cells.segments) + len(bench.prices),
        f"{p}.windows",
        f"{len(glass.windows)} windows cannot fill {len(cells.segments)} openings and "
        f"{len(bench.prices)} workbench slots",
    )
    altar = glass.altar_window
    provenance(altar.provenance, f"{p}.altar_window")
    check(
        len(set(altar.panes)) == len(altar.panes),
        f"{p}.altar_window.panes",
        "one pane of each colour at most",
    )
    count(altar.vp_per_token, f"{p}.altar_window.vp_per_token")
    works = glass.glassworks
    provenance(works.provenance, f"{p}.glassworks")
    count(works.printed, f"{p}.glassworks.printed")
    check(
        works.spaces >= works.printed,
        f"{p}.glassworks.spaces",
        "fewer spaces than printed apprentices",
    )
    return problems


def disc_colours(data: LeafGoldData, *, all_seven: bool, module3: bool) -> tuple[Paint, ...]:
    """The discs in the bag at setup (A5.1)."""
    return data.discs.base + (data.discs.module3 if all_seven or module3 else ())


__all__ = [
    "CARD_LOCATIONS",
    "AltarWindowData",
    "CardKind",
    "Discs",
    "GlassKind",
    "GlassworksTile",
    "GlaziersData",
    "GoldArrow",
    "LeafGoldData",
    "ModuleData",
    "PicturedTile",
    "WindowSegments",
    "WindowTile",
    "WishingWellData",
    "Workbench",
    "disc_colours",
    "module_problems",
    "segment_problems",
    "workbench_problems",
]
