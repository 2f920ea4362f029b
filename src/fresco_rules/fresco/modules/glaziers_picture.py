"""The Glaziers' part of the picture (module 6): each window in its segment's opening on the
cathedral (R6.12), the glass offer (R6.4), the workbench's face-up windows (R6.2), the window
pile and the reserve, and per seat the glass behind the screen and the column its Glassworks
tile covers once the plans are revealed (R6.7, R0.28)."""

from __future__ import annotations

from ..drawing import PANEL_TITLE_Y, ROW, PicturePart, cell_origin, seat_dot, segment_data, text
from ..state import Phase, State, in_play
from ..vocab import GLASS, GRID, GlassCounts, Module
from ..words import location_label
from .glaziers_state import GlassState, glass_of

GLASS_COLOURS = ("#fff176", "#64b5f6", "#e57373", "#81c784")
"""The fill of each glass colour's swatch, in ``GLASS`` order."""


def _counts(counts: GlassCounts) -> str:
    """Glass counts as ``Y2 B1`` (``-`` when none)."""
    parts = [f"{g.name[0]}{n}" for g, n in zip(GLASS, counts, strict=True) if n]
    return " ".join(parts) if parts else "-"


def _windows(g: GlassState) -> tuple[str, ...]:
    """The windows in the segments' openings, on the cathedral's cells."""
    drawn = []
    for cell, window in enumerate(g.openings):
        if window is None:
            continue
        segment = divmod(cell, GRID)
        x, y = cell_origin(segment)
        drawn.append(
            f'<rect class="window" {segment_data(segment)} data-window="{window}" x="{x + 20}" '
            f'y="{y + 44}" width="32" height="10" rx="2" fill="#81d4fa" stroke="#0277bd"/>'
        )
    return tuple(drawn)


def picture(state: State) -> PicturePart:
    """The windows on the cathedral, the offer, the workbench and each seat's glass."""
    g = in_play(glass_of(state), Module.GLAZIERS)
    panel = [
        text(16, PANEL_TITLE_Y, "glaziers", size=14, weight="bold"),
        text(
            150,
            PANEL_TITLE_Y,
            f"glass offer {_counts(g.offer)}; bag {sum(g.bag)}; reserve {_counts(g.reserve)}; "
            f"window pile {len(g.pile)}",
        ),
    ]
    for i, (glass, count) in enumerate(zip(GLASS, g.offer, strict=True)):
        x = 16 + i * 62
        panel.append(
            f'<rect class="glass-offer" data-glass="{glass.value}" data-count="{count}" '
            f'x="{x}" y="30" width="56" height="20" fill="{GLASS_COLOURS[i]}" stroke="#555"/>'
        )
        panel.append(text(x + 6, 45, f"{glass.name[0]} {count}", size=12))
    panel.append(text(16, 68, "workbench", size=12))
    for slot, window in enumerate(g.workbench):
        x = 84 + slot * 52
        if window is None:
            panel.append(
                f'<rect class="workbench-slot" data-slot="{slot + 1}" x="{x}" y="56" '
                f'width="46" height="18" fill="none" stroke="#bbb" stroke-dasharray="4 3"/>'
            )
            continue
        panel.append(
            f'<rect class="workbench-slot" data-slot="{slot + 1}" data-window="{window}" '
            f'x="{x}" y="56" width="46" height="18" fill="#e1f5fe" stroke="#0277bd"/>'
        )
        panel.append(text(x + 4, 70, window, size=11))
    revealed = state.phase is not Phase.PLAN
    first = 96
    for seat in range(state.tables.players):
        y = first + seat * ROW
        cover = g.covers[seat] if revealed else None
        covered = cover.location if cover is not None else None
        words = f"seat {seat}: glass {_counts(g.held[seat])}"
        cover_data = ""
        if covered is not None:
            words += f", Glassworks on the {location_label(covered)}"
            cover_data = f' data-glassworks="{covered.value}"'
        panel.append(
            f'<g class="seat-glass" data-seat="{seat}" data-glass="{_counts(g.held[seat])}"'
            f"{cover_data}>" + seat_dot(state, seat, 22, y) + text(34, y, words) + "</g>"
        )
    height = first + state.tables.players * ROW
    return PicturePart(height=height, panel=tuple(panel), board=_windows(g))
