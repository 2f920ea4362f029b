"""Pig's SVG picture: one bar per seat, its bank against the target; bonus cards face down
until the game is over (P8)."""

from __future__ import annotations

from xml.sax.saxutils import escape

from .engine import scores
from .state import State

WIDTH = 320
ROW = 28


def svg(state: State) -> str:
    """The position as a small SVG picture."""
    target = state.tables.target
    height = ROW * (len(state.banks) + 2)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}">',
        f'<text x="8" y="18" font-size="13">{escape(f"Pig to {target}: {state.where()}")}</text>',
    ]
    final = scores(state)
    for seat, bank in enumerate(state.banks):
        y = ROW * (seat + 1)
        share = min(bank, target) / target
        fill = "#c0392b" if seat == state.active and not state.over else "#7f8c8d"
        parts.append(f'<rect x="70" y="{y + 6}" width="200" height="14" fill="#ecf0f1"/>')
        parts.append(
            f'<rect x="70" y="{y + 6}" width="{200 * share:.1f}" height="14" fill="{fill}"/>'
        )
        card = f"+{state.bonus[seat]}={final[seat]}" if state.over else "+?"
        parts.append(f'<text x="8" y="{y + 18}" font-size="12">seat {seat}</text>')
        parts.append(f'<text x="274" y="{y + 18}" font-size="12">{bank}{card}</text>')
    parts.append(
        f'<text x="8" y="{height - 8}" font-size="12">turn total {state.turn_total}</text>'
    )
    parts.append("</svg>")
    return "\n".join(parts)
