"""An SVG picture of a Barbarossa position: the ring of event tiles around the Mystery Gem
with the pawns, the objects with their arrows, the score track with the discs, and the
players' jewels and curse tokens. Drawn pieces carry a class and data attributes
(``class="arrow" data-object="1b"``) so a program can check the picture against the state."""

from __future__ import annotations

import math

from ..kernel.picture import svg_document, text_label
from .state import State
from .vocab import EVENT_LABELS, EventKind
from .words import object_label

SEAT_COLOURS = ("#c62828", "#1565c0", "#2e7d32", "#ef6c00")
EVENT_FILLS = {
    EventKind.QUESTION: "#fff59d",
    EventKind.JEWEL: "#b3e5fc",
    EventKind.DRAGON: "#ffab91",
    EventKind.LETTER_DWARF: "#d1c4e9",
}
WIDTH, HEIGHT = 820, 560
_CX, _CY, _RADIUS = 210, 262, 150


def _ring(state: State) -> list[str]:
    ring = state.tables.ring
    parts = [
        f'<polygon class="gem" points="{_CX},{_CY - 50} {_CX + 44},{_CY} {_CX},{_CY + 50} '
        f'{_CX - 44},{_CY}" fill="#80deea" stroke="#00838f" stroke-width="2"/>',
        text_label(_CX, _CY + 4, f"{state.arrows_placed()} arrows", anchor="middle", size=11),
    ]
    for tile, kind in enumerate(ring):
        angle = 2 * math.pi * tile / len(ring) - math.pi / 2
        x, y = _CX + _RADIUS * math.cos(angle), _CY + _RADIUS * math.sin(angle)
        parts.append(
            f'<circle class="ring-tile" data-tile="{tile + 1}" data-event="{kind.value}" '
            f'cx="{x:.1f}" cy="{y:.1f}" r="28" fill="{EVENT_FILLS[kind]}" stroke="#555"/>'
        )
        parts.append(text_label(x, y - 4, str(tile + 1), anchor="middle", weight="bold"))
        parts.append(text_label(x, y + 10, EVENT_LABELS[kind], anchor="middle", size=8))
        here = [s for s, at in enumerate(state.pawns) if at == tile]
        for k, seat in enumerate(here):
            px = _CX + (_RADIUS + 42 + 14 * k) * math.cos(angle)
            py = _CY + (_RADIUS + 42 + 14 * k) * math.sin(angle)
            parts.append(
                f'<circle class="pawn" data-seat="{seat}" data-tile="{tile + 1}" '
                f'cx="{px:.1f}" cy="{py:.1f}" r="7" fill="{SEAT_COLOURS[seat % 4]}" '
                f'stroke="white"/>'
            )
    return parts


def _objects(state: State) -> list[str]:
    n = state.tables.objects_per_player
    x0, y0 = 460, 60
    parts = [text_label(x0, y0 - 16, "objects and arrows", size=14, weight="bold")]
    for obj, holders in enumerate(state.arrows):
        x = x0 + (obj % n) * 170
        y = y0 + (obj // n) * 56
        label = object_label(obj, n)
        owner = state.owner(obj)
        parts.append(
            f'<rect class="object" data-object="{label}" data-seat="{owner}" x="{x}" y="{y}" '
            f'width="160" height="46" rx="6" fill="#efebe9" '
            f'stroke="{SEAT_COLOURS[owner % 4]}" stroke-width="2"/>'
        )
        parts.append(text_label(x + 8, y + 18, f"{label} (seat {owner})", weight="bold"))
        for k, seat in enumerate(holders):
            parts.append(
                f'<rect class="arrow" data-object="{label}" data-seat="{seat}" '
                f'x="{x + 8 + k * 34}" y="{y + 26}" width="28" height="12" '
                f'fill="{SEAT_COLOURS[seat % 4]}"/>'
            )
    return parts


def _track(state: State) -> list[str]:
    track = state.tables.track
    x0, y, length = 40, 480, WIDTH - 80
    end = max(track.spaces - 1, 1)
    parts = [
        text_label(
            x0,
            y - 20,
            f"track (start {track.start}, finish {track.finish})",
            size=14,
            weight="bold",
        ),
        f'<line x1="{x0}" y1="{y}" x2="{x0 + length}" y2="{y}" stroke="#555" stroke-width="3"/>',
    ]
    for mark, name in ((track.start, "start"), (track.finish, "finish")):
        x = x0 + length * mark / end
        parts.append(f'<line x1="{x:g}" y1="{y - 8}" x2="{x:g}" y2="{y + 8}" stroke="#000"/>')
        parts.append(text_label(x, y + 22, f"{name} {mark}", anchor="middle", size=10))
    for seat, disc in enumerate(state.discs):
        x = x0 + length * min(disc, end) / end
        below = state.discs[:seat].count(disc)
        parts.append(
            f'<circle class="disc" data-seat="{seat}" data-space="{disc}" cx="{x:g}" '
            f'cy="{y - 14 * below}" r="7" fill="{SEAT_COLOURS[seat % 4]}" stroke="white"/>'
        )
    return parts


def _players(state: State) -> list[str]:
    parts = []
    for seat in range(state.tables.players):
        y = 340 + seat * 22
        text = (
            f"seat {seat}: disc {state.discs[seat]}, {state.jewels[seat]} jewels, "
            f"{state.curses[seat]} curse tokens"
        )
        parts.append(f'<circle cx="470" cy="{y - 4}" r="6" fill="{SEAT_COLOURS[seat % 4]}"/>')
        parts.append(text_label(484, y, text, cls="player"))
    return parts


def svg(state: State) -> str:
    """The position as a standalone SVG document (a string)."""
    if not isinstance(state, State):
        raise TypeError(f"expected a Barbarossa State, got {type(state).__name__}")
    body = [
        f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        text_label(16, 20, f"Barbarossa: {state.where()}", size=14, cls="title"),
        *_ring(state),
        *_objects(state),
        *_players(state),
        *_track(state),
    ]
    return svg_document("barbarossa", WIDTH, HEIGHT, body)
