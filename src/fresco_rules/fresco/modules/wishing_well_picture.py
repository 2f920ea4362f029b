"""The Wishing Well's part of the picture (module 4): the well with its lucky pennies (R4.4),
the penny supply, the Wishing Card deck and discard pile, and per seat the pennies behind the
screen, those on the market symbol once the plans are revealed (R0.28, A4.10) and the number of
cards held (their faces stay behind the screen)."""

from __future__ import annotations

from ..drawing import PANEL_TITLE_Y, ROW, PicturePart, seat_dot, text
from ..state import Phase, State, in_play
from ..vocab import Module
from .wishing_well_state import well_of

MAX_COINS = 40
"""Coins drawn in the well at most (the count is always written beside it)."""
_COINS_PER_ROW = 20


def picture(state: State) -> PicturePart:
    """The well and its pennies, the supply, the deck, and each seat's pennies and cards."""
    w = in_play(well_of(state), Module.WISHING_WELL)
    pennies = "penny" if w.well == 1 else "pennies"
    panel = [
        text(16, PANEL_TITLE_Y, "wishing well", size=14, weight="bold"),
        text(
            150,
            PANEL_TITLE_Y,
            f"{w.well} lucky {pennies} in the well; supply {w.supply}; "
            f"Wishing Cards: deck {len(w.deck)}, used {len(w.used)}",
        ),
        f'<rect class="well" data-pennies="{w.well}" x="16" y="30" width="252" height="44" '
        f'rx="8" fill="#b3e5fc" stroke="#0277bd"/>',
    ]
    for coin in range(min(w.well, MAX_COINS)):
        row, col = divmod(coin, _COINS_PER_ROW)
        panel.append(
            f'<circle class="well-penny" cx="{28 + col * 12}" cy="{43 + row * 18}" r="5" '
            f'fill="#c9a227" stroke="#8d6e00"/>'
        )
    revealed = state.phase is not Phase.PLAN
    for seat in range(state.tables.players):
        y = 44 + seat * ROW
        symbol = f", {w.symbol[seat]} on the market symbol" if revealed else ""
        cards = len(w.hands[seat])
        words = (
            f"seat {seat}: {w.pennies[seat]} lucky pennies{symbol}, "
            f"{cards} Wishing Card{'' if cards == 1 else 's'}"
        )
        symbol_data = f' data-symbol="{w.symbol[seat]}"' if revealed else ""
        panel.append(
            f'<g class="seat-well" data-seat="{seat}" data-pennies="{w.pennies[seat]}"'
            f'{symbol_data} data-cards="{cards}">'
            + seat_dot(state, seat, 300, y)
            + text(312, y, words)
            + "</g>"
        )
    height = max(84, 44 + state.tables.players * ROW) + 8
    return PicturePart(height=height, panel=tuple(panel))
