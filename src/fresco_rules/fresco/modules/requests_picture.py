"""The Bishop's Requests' part of the picture (module 2): the four request piles with the top
tile's victory points and the tiles left (R2.2), and each seat's request stacks, which lie face
up in front of it (A2.3)."""

from __future__ import annotations

from ..drawing import PANEL_TITLE_Y, ROW, PicturePart, seat_dot, text
from ..state import State, in_play
from ..vocab import Module
from .requests_data import REQUEST_TYPES, REQUESTS_DATA
from .requests_state import requests_of

PILE_WIDTH = 180


def picture(state: State) -> PicturePart:
    """The request piles and each seat's request stacks."""
    q = in_play(requests_of(state), Module.REQUESTS)
    vp = {tile.id: tile.vp for tile in REQUESTS_DATA.of(state.config.components).tiles}
    panel = [
        text(16, PANEL_TITLE_Y, "bishop's requests", size=14, weight="bold"),
        text(190, PANEL_TITLE_Y, f"{len(q.removed)} request tiles removed"),
    ]
    for i, (kind, pile) in enumerate(zip(REQUEST_TYPES, q.piles, strict=True)):
        x = 16 + i * (PILE_WIDTH + 8)
        if not pile:
            panel.append(
                f'<rect class="request-pile" data-type="{kind}" data-left="0" x="{x}" y="30" '
                f'width="{PILE_WIDTH}" height="26" fill="none" stroke="#bbb" '
                f'stroke-dasharray="4 3"/>'
            )
            panel.append(text(x + 6, 47, f"{kind}: empty", size=12))
            continue
        top = pile[0]
        panel.append(
            f'<rect class="request-pile" data-type="{kind}" data-top="{top}" '
            f'data-vp="{vp.get(top, 0)}" data-left="{len(pile)}" x="{x}" y="30" '
            f'width="{PILE_WIDTH}" height="26" rx="3" fill="#fff3e0" stroke="#ef6c00"/>'
        )
        panel.append(
            text(x + 6, 47, f"{kind} {top}: {vp.get(top, 0)} VP, {len(pile)} left", size=12)
        )
    first = 76
    for seat, stacks in enumerate(q.stacks):
        y = first + seat * ROW
        shown = "; ".join(f"{request} on {' '.join(tiles)}" for request, tiles in stacks)
        requests = " ".join(request for request, _ in stacks)
        panel.append(
            f'<g class="request-stacks" data-seat="{seat}" data-requests="{requests}">'
            + seat_dot(state, seat, 22, y)
            + text(34, y, f"seat {seat} stacks: {shown or 'none'}", size=12)
            + "</g>"
        )
    return PicturePart(height=first + len(q.stacks) * ROW, panel=tuple(panel))
