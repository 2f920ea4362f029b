"""The component data of module 6, the Glaziers (component-data.md 7), and its checks
(its ``GLAZIERS_DATA`` section is ``$.modules.glaziers`` of a data file)."""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from ...kernel.data_checks import DataProblems
from ...kernel.untrusted import describe, is_int_in, is_tuple_of
from ..base_data import BoxFacts, DataSection
from ..vocab import CENTRE, GLASS, GRID, Glass


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


def glaziers_problems(
    data: GlaziersData,
    path: str,
    *,
    market_ids: set[str],
    provenances: tuple[str, ...],
) -> list[str]:
    """Semantic checks of module 6's data at ``path``; ``market_ids`` are the market tile IDs."""
    checks = DataProblems(provenances=provenances)
    problems = checks.found

    glass, p = data, path
    checks.provenance(glass.provenance, p)
    checks.count(glass.offer_per_player, f"{p}.offer_per_player")
    checks.check(
        tuple(kind.colour for kind in glass.glass) == GLASS,
        f"{p}.glass",
        "list the four colours once each: " + ", ".join(g.value for g in GLASS),
    )
    for i, kind in enumerate(glass.glass):
        where = f"{p}.glass[{i}]"
        checks.provenance(kind.provenance, where)
        for name in ("count", "price", "penalty"):
            checks.count(getattr(kind, name), f"{where}.{name}")
    ids: set[str] = set()
    for i, window in enumerate(glass.windows):
        where = f"{p}.windows[{i}]"
        checks.provenance(window.provenance, where)
        checks.check(window.id not in ids, f"{where}.id", f"duplicate id {describe(window.id)}")
        checks.check(
            window.id not in market_ids, f"{where}.id", f"{describe(window.id)} is a market tile id"
        )
        ids.add(window.id)
        checks.check(len(window.panes) >= 1, f"{where}.panes", "a window has 1 pane or more")
        checks.count(window.vp, f"{where}.vp")
    bench = glass.workbench
    checks.provenance(bench.provenance, f"{p}.workbench")
    problems.extend(workbench_problems(bench.prices, f"{p}.workbench.prices"))
    cells = glass.window_segments
    checks.provenance(cells.provenance, f"{p}.window_segments")
    problems.extend(
        segment_problems(cells.segments, f"{p}.window_segments.segments", len(cells.segments))
    )
    checks.check(
        len(glass.windows) >= len(cells.segments) + len(bench.prices),
        f"{p}.windows",
        f"{len(glass.windows)} windows cannot fill {len(cells.segments)} openings and "
        f"{len(bench.prices)} workbench slots",
    )
    altar = glass.altar_window
    checks.provenance(altar.provenance, f"{p}.altar_window")
    checks.check(
        len(set(altar.panes)) == len(altar.panes),
        f"{p}.altar_window.panes",
        "one pane of each colour at most",
    )
    checks.count(altar.vp_per_token, f"{p}.altar_window.vp_per_token")
    works = glass.glassworks
    checks.provenance(works.provenance, f"{p}.glassworks")
    checks.count(works.printed, f"{p}.glassworks.printed")
    checks.check(
        works.spaces >= works.printed,
        f"{p}.glassworks.spaces",
        "fewer spaces than printed apprentices",
    )
    return problems


def _glaziers_section_problems(data: GlaziersData, path: str, box: BoxFacts) -> list[str]:
    return glaziers_problems(data, path, market_ids=box.market_ids, provenances=box.provenances)


GLAZIERS_DATA: DataSection[GlaziersData] = DataSection(
    group="modules",
    key="glaziers",
    record=GlaziersData,
    bounds={
        "offer_per_player": (0, 10),
        "glass[].count": (0, 100),
        "glass[].price": (0, 20),
        "glass[].penalty": (0, 50),
        "len(windows)": (1, 100),
        "windows[].vp": (0, 50),
        "len(workbench.prices)": (1, 12),
        "workbench.prices[]": (0, 20),
        "len(window_segments.segments)": (1, 24),
        "window_segments.segments[][]": (0, 4),
        "altar_window.vp_per_token": (0, 20),
        "glassworks.printed": (0, 12),
        "glassworks.spaces": (0, 12),
    },
    problems=_glaziers_section_problems,
)
"""The component data of module 6, ``$.modules.glaziers`` of a data file; its bounds are
the range of every number and list a physical box can have (R0.66, R0.67)."""
