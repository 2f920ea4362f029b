"""Special blend colours' part of the picture (module 3): the pink and brown paints in the
supply and behind each seat's screen (R3.1), the module's fresco tiles still on the cathedral
(marked on their cells), and the number of tiles removed at set-up (which ones stays hidden,
A3.1)."""

from __future__ import annotations

from ..drawing import (
    PAINT_COLOURS,
    PANEL_TITLE_Y,
    ROW,
    PicturePart,
    cell_origin,
    seat_dot,
    segment_data,
    text,
)
from ..state import State, in_play
from ..vocab import PAINT_INDEX, SEGMENTS, SPECIAL_PAINTS, Module
from .special_blends_data import BLENDS_DATA
from .special_blends_state import specials_of


def _special_tiles(state: State) -> tuple[str, ...]:
    """Marks on the cells of the module's fresco tiles still on the cathedral."""
    own = {tile.id for tile in BLENDS_DATA.of(state.config.components).fresco_tiles}
    drawn = []
    for segment in SEGMENTS:
        tile = state.tile_at(segment)
        if tile is None or tile not in own:
            continue
        x, y = cell_origin(segment)
        drawn.append(
            f'<circle class="special-tile" {segment_data(segment)} data-tile="{tile}" '
            f'cx="{x + 11}" cy="{y + 49}" r="5" fill="{PAINT_COLOURS[SPECIAL_PAINTS[0]]}" '
            f'stroke="{PAINT_COLOURS[SPECIAL_PAINTS[1]]}" stroke-width="2"/>'
        )
    return tuple(drawn)


def picture(state: State) -> PicturePart:
    """The special paints in the supply and with each seat, the removed tiles' number and the
    module's tiles on the cathedral."""
    specials = in_play(specials_of(state), Module.SPECIAL_BLENDS)
    panel = [
        text(16, PANEL_TITLE_Y, "special blends", size=14, weight="bold"),
        text(150, PANEL_TITLE_Y, f"{len(specials.removed)} fresco tiles removed face down"),
    ]
    for i, paint in enumerate(SPECIAL_PAINTS):
        count = state.supply_paints[PAINT_INDEX[paint]]
        x = 16 + i * 130
        panel.append(
            f'<rect class="special-paint" data-paint="{paint.value}" data-supply="{count}" '
            f'x="{x}" y="30" width="20" height="20" fill="{PAINT_COLOURS[paint]}" '
            f'stroke="#333"/>'
        )
        panel.append(text(x + 26, 45, f"{paint.value}: supply {count}", size=12))
    for seat in range(state.tables.players):
        y = 44 + seat * ROW
        held = [state.paints[seat][PAINT_INDEX[paint]] for paint in SPECIAL_PAINTS]
        words = ", ".join(f"{n} {p.value}" for p, n in zip(SPECIAL_PAINTS, held, strict=True))
        data = " ".join(f'data-{p.value}="{n}"' for p, n in zip(SPECIAL_PAINTS, held, strict=True))
        panel.append(
            f'<g class="seat-special-paints" data-seat="{seat}" {data}>'
            + seat_dot(state, seat, 300, y)
            + text(312, y, f"seat {seat}: {words}")
            + "</g>"
        )
    height = max(60, 44 + state.tables.players * ROW) + 8
    return PicturePart(height=height, panel=tuple(panel), board=_special_tiles(state))
