"""The Leaf Gold's part of the picture (module 5): the basket tile with this round's gilding
disc (R5.4), the leaf gold in the supply, the discs left in the bag (their number), and each
seat's leaf gold behind the screen."""

from __future__ import annotations

from ..drawing import PAINT_COLOURS, PANEL_TITLE_Y, ROW, PicturePart, seat_dot, text
from ..state import State, in_play
from ..vocab import Module
from .leaf_gold_state import gold_of


def picture(state: State) -> PicturePart:
    """The basket with its disc, the supply and each seat's leaf gold."""
    g = in_play(gold_of(state), Module.LEAF_GOLD)
    panel = [
        text(16, PANEL_TITLE_Y, "leaf gold", size=14, weight="bold"),
        text(
            150,
            PANEL_TITLE_Y,
            f"gilding colour {g.disc.value}; supply {g.supply} leaf gold; "
            f"{len(g.bag)} discs in the bag",
        ),
        '<rect class="basket" x="16" y="30" width="120" height="44" rx="6" fill="#f5e6c8" '
        'stroke="#a1887f"/>',
        text(24, 56, "basket", size=12),
        f'<circle class="gilding-disc" data-paint="{g.disc.value}" cx="106" cy="52" r="14" '
        f'fill="{PAINT_COLOURS[g.disc]}" stroke="#333"/>',
    ]
    for seat in range(state.tables.players):
        y = 44 + seat * ROW
        panel.append(
            f'<g class="seat-leaf-gold" data-seat="{seat}" data-gold="{g.held[seat]}">'
            + seat_dot(state, seat, 300, y)
            + text(312, y, f"seat {seat}: {g.held[seat]} leaf gold")
            + "</g>"
        )
    height = max(84, 44 + state.tables.players * ROW) + 8
    return PicturePart(height=height, panel=tuple(panel))
