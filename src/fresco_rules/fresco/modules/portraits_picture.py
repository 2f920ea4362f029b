"""The Portraits' part of the picture (module 1): the studio's display of face-up portraits
(R1.3), the deck's size (its order is hidden, A1.10), the removed cards' number, and each seat's
permanent cards, which lie face up (R1.7)."""

from __future__ import annotations

from ..drawing import PANEL_TITLE_Y, ROW, PicturePart, seat_dot, text
from ..state import State, in_play
from ..vocab import Module
from .portraits_data import PORTRAITS_DATA
from .portraits_state import portraits_of

CARD_WIDTH = 124


def picture(state: State) -> PicturePart:
    """The display, the deck and the removed cards, and each seat's permanent cards."""
    p = in_play(portraits_of(state), Module.PORTRAITS)
    names = {card.id: card.name for card in PORTRAITS_DATA.of(state.config.components).cards}
    panel = [
        text(16, PANEL_TITLE_Y, "portraits", size=14, weight="bold"),
        text(150, PANEL_TITLE_Y, f"deck {len(p.deck)} face down; {len(p.removed)} removed"),
    ]
    for slot, card in enumerate(p.display):
        x = 16 + slot * (CARD_WIDTH + 6)
        if card is None:
            panel.append(
                f'<rect class="portrait-space" data-slot="{slot + 1}" x="{x}" y="30" '
                f'width="{CARD_WIDTH}" height="36" fill="none" stroke="#bbb" '
                f'stroke-dasharray="4 3"/>'
            )
            continue
        panel.append(
            f'<rect class="portrait" data-slot="{slot + 1}" data-card="{card}" x="{x}" y="30" '
            f'width="{CARD_WIDTH}" height="36" rx="3" fill="#f3e5f5" stroke="#8e24aa"/>'
        )
        panel.append(text(x + 4, 44, card, size=11))
        panel.append(text(x + 4, 59, names.get(card, "?"), size=10))
    top = 86
    for seat, held in enumerate(p.held):
        y = top + seat * ROW
        shown = ", ".join(f"{card} {names.get(card, '?')}" for card in held) or "none"
        panel.append(
            f'<g class="held-portraits" data-seat="{seat}" data-cards="{" ".join(held)}">'
            + seat_dot(state, seat, 22, y)
            + text(34, y, f"seat {seat} holds {shown}", size=12)
            + "</g>"
        )
    return PicturePart(height=top + len(p.held) * ROW, panel=tuple(panel))
