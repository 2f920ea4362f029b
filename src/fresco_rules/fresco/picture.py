"""An SVG picture of a Fresco position, like ``chess.svg.board``: the cathedral grid with the
tile values, the bishop and Leonardo's painter, the market booths, the hostel, the mood columns,
the victory-point track and the players, then the part of each module in play (its plug-in's
``picture``: a panel below, pieces on the board; see ``drawing.py``). Every drawn piece carries a
class and data attributes (``class="tile" data-segment="c3"``) so a program can check the picture
against the state. A game without modules is drawn exactly as the base picture."""

from __future__ import annotations

from html import escape

from ..kernel.picture import svg_document
from .drawing import (
    CELL,
    GRID_ORIGIN,
    HEIGHT,
    LEONARDO_COLOUR,
    SEAT_COLOURS,
    WIDTH,
    PicturePart,
    actor_colour,
)
from .drawing import text as _text
from .plugins import PLUGINS
from .state import State, actor_name
from .vocab import GRID, paints_text
from .words import COLUMN_LETTERS, booth_label, segment_label

__all__ = [
    "CELL",
    "GRID_ORIGIN",
    "HEIGHT",
    "LEONARDO_COLOUR",
    "RESTORED_FILL",
    "SEAT_COLOURS",
    "TILE_FILL",
    "WIDTH",
    "actor_colour",
    "module_parts",
    "svg",
]

TILE_FILL = "#d9a441"
RESTORED_FILL = "#b7d3a8"
_GRID_X, _GRID_Y = GRID_ORIGIN
_RIGHT_X = 390


def _cathedral(state: State) -> list[str]:
    tables = state.tables
    parts = [
        _text(
            _GRID_X,
            _GRID_Y - 30,
            f"cathedral: {state.tiles_left()} tiles left",
            size=14,
            weight="bold",
        )
    ]
    for c in range(GRID):
        parts.append(
            _text(_GRID_X + c * CELL + CELL / 2, _GRID_Y - 8, COLUMN_LETTERS[c], anchor="middle")
        )
    for r in range(GRID):
        parts.append(
            _text(_GRID_X - 14, _GRID_Y + r * CELL + CELL / 2 + 5, str(r + 1), anchor="middle")
        )
        for c in range(GRID):
            x, y = _GRID_X + c * CELL, _GRID_Y + r * CELL
            label = segment_label((r, c))
            tile = state.tile_at((r, c))
            if tile is None:
                parts.append(
                    f'<rect class="restored" data-segment="{label}" x="{x + 2}" y="{y + 2}" '
                    f'width="{CELL - 4}" height="{CELL - 4}" fill="{RESTORED_FILL}" '
                    f'stroke="#7a9a6a"/>'
                )
            else:
                value = tables.fresco_value[tile]
                parts.append(
                    f'<rect class="tile" data-segment="{label}" data-tile="{escape(tile)}" '
                    f'data-value="{value}" x="{x + 2}" y="{y + 2}" width="{CELL - 4}" '
                    f'height="{CELL - 4}" rx="4" fill="{TILE_FILL}" stroke="#8a6416"/>'
                )
                parts.append(
                    _text(
                        x + CELL / 2,
                        y + CELL / 2 + 7,
                        str(value),
                        size=20,
                        anchor="middle",
                        weight="bold",
                        cls="tile-value",
                    )
                )
    br, bc = state.bishop
    parts.append(
        f'<circle class="bishop" data-segment="{segment_label(state.bishop)}" '
        f'cx="{_GRID_X + bc * CELL + CELL - 14}" cy="{_GRID_Y + br * CELL + 14}" r="9" '
        f'fill="#6a1b9a" stroke="white" stroke-width="2"/>'
    )
    if state.leonardo_at is not None:
        lr, lc = state.leonardo_at
        parts.append(
            f'<rect class="leonardo" data-segment="{segment_label(state.leonardo_at)}" '
            f'x="{_GRID_X + lc * CELL + 6}" y="{_GRID_Y + lr * CELL + 6}" width="14" '
            f'height="14" fill="{LEONARDO_COLOUR}"/>'
        )
    return parts


def _market(state: State) -> list[str]:
    tables = state.tables
    y0 = _GRID_Y - 30
    parts = [_text(_RIGHT_X, y0, f"market (bag {len(state.bag)})", size=14, weight="bold")]
    for b, slots in enumerate(state.booths):
        y = y0 + 14 + b * 44
        parts.append(_text(_RIGHT_X, y + 25, booth_label(b), size=14, weight="bold"))
        for i, tile in enumerate(slots):
            x = _RIGHT_X + 34 + i * 96
            if tile is None:
                parts.append(
                    f'<rect class="empty-slot" x="{x}" y="{y}" width="90" height="36" '
                    f'fill="none" stroke="#bbb" stroke-dasharray="4 3"/>'
                )
                continue
            parts.append(
                f'<rect class="market-tile" data-booth="{booth_label(b)}" data-slot="{i + 1}" '
                f'data-tile="{escape(tile)}" x="{x}" y="{y}" width="90" height="36" rx="3" '
                f'fill="#fff8e1" stroke="#b08d57"/>'
            )
            parts.append(_text(x + 4, y + 14, f"{booth_label(b)}:{i + 1} {tile}", size=11))
            parts.append(_text(x + 4, y + 29, tables.market_labels[tile], size=10))
    return parts


def _hostel(state: State, y: int) -> list[str]:
    parts = [_text(_RIGHT_X, y, "hostel", size=14, weight="bold")]
    for slot, space in enumerate(state.tables.hostel):
        x = _RIGHT_X + slot * 84
        parts.append(
            f'<rect class="hostel-space" x="{x}" y="{y + 8}" width="78" height="40" '
            f'fill="#eceff1" stroke="#90a4ae"/>'
        )
        parts.append(_text(x + 6, y + 24, space.time, size=12))
        for actor, chosen in enumerate(state.hostel):
            if chosen == slot:
                parts.append(
                    f'<circle class="hostel-painter" data-actor="{actor}" cx="{x + 60}" '
                    f'cy="{y + 36}" r="8" fill="{actor_colour(state, actor)}"/>'
                )
    return parts


def _mood(state: State, y: int) -> list[str]:
    mood = state.tables.mood
    parts = [_text(_RIGHT_X, y, "mood", size=14, weight="bold")]
    for seat in range(state.tables.players):
        x = _RIGHT_X + 60 + seat * 40
        parts.append(_text(x + 8, y, str(seat), anchor="middle"))
        for row in range(mood.rows):
            fill = (
                "#c8e6c9"
                if row in mood.plus_rows
                else "#ffcdd2"
                if row in mood.minus_rows
                else "#f5f5f5"
            )
            top = y + 8 + (mood.rows - 1 - row) * 16
            parts.append(
                f'<rect class="mood-row" x="{x}" y="{top}" width="16" height="14" '
                f'fill="{fill}" stroke="#bbb"/>'
            )
            if row == state.mood[seat]:
                parts.append(
                    f'<circle class="mood-painter" data-seat="{seat}" data-row="{row}" '
                    f'cx="{x + 8}" cy="{top + 7}" r="6" fill="{actor_colour(state, seat)}"/>'
                )
    return parts


def _track(state: State, y: int) -> list[str]:
    tables = state.tables
    end = max(60, *state.track) + 5
    x0, length = 40, WIDTH - 80
    parts = [
        _text(x0, y - 12, "victory-point track", size=14, weight="bold"),
        f'<line x1="{x0}" y1="{y}" x2="{x0 + length}" y2="{y}" stroke="#555" stroke-width="3"/>',
    ]
    for space in range(0, end + 1, 10):
        x = x0 + length * space / end
        parts.append(f'<line x1="{x:g}" y1="{y - 5}" x2="{x:g}" y2="{y + 5}" stroke="#555"/>')
        parts.append(_text(x, y + 20, str(space), size=10, anchor="middle"))
    for actor in range(tables.actors):
        if state.start[actor]:
            continue
        x = x0 + length * state.track[actor] / end
        parts.append(
            f'<circle class="track-marker" data-actor="{actor}" data-space="{state.track[actor]}"'
            f' cx="{x:g}" cy="{y}" r="7" fill="{actor_colour(state, actor)}" stroke="white"/>'
        )
    return parts


def _players(state: State, y: int) -> list[str]:
    parts = []
    for actor in range(state.tables.actors):
        name = actor_name(state, actor)
        if state.is_leonardo(actor):
            text = f"{name}: {len(state.held[actor])} fresco tiles, track {state.track[actor]}"
        else:
            text = (
                f"{name}: {state.money[actor]} Thalers, paints "
                f"{paints_text(state.paints[actor])}, {len(state.held[actor])} fresco tiles, "
                f"track {state.track[actor]}"
            )
        row = y + actor * 20
        parts.append(f'<circle cx="48" cy="{row - 5}" r="6" fill="{actor_colour(state, actor)}"/>')
        parts.append(_text(62, row, text, cls="player"))
    return parts


def module_parts(state: State) -> tuple[tuple[int, PicturePart], ...]:
    """The parts of the modules in play (each plug-in's ``picture``), in module order, with
    their module numbers."""
    if not state.tables.modules:
        return ()
    in_play = state.config.modules
    return tuple(
        (plugin.module.value, part)
        for plugin in PLUGINS
        if plugin.module in in_play and (part := plugin.picture(state)) is not None
    )


def _panels(parts: tuple[tuple[int, PicturePart], ...]) -> list[str]:
    """Each module's panel in its band below the base picture, then its pieces on the board."""
    drawn: list[str] = []
    top = HEIGHT
    for module, part in parts:
        drawn.append(
            f'<g class="module-panel" data-module="{module}" transform="translate(0,{top})">'
            f'<line x1="16" y1="2" x2="{WIDTH - 16}" y2="2" stroke="#ccc"/>'
            + "".join(part.panel)
            + "</g>"
        )
        top += part.height
    for module, part in parts:
        if part.board:
            drawn.append(
                f'<g class="module-board" data-module="{module}">' + "".join(part.board) + "</g>"
            )
    return drawn


def svg(state: State) -> str:
    """The position as a standalone SVG document (a string): the base picture, then the part
    of each module in play (its panel below, its pieces on the board)."""
    if not isinstance(state, State):
        raise TypeError(f"expected a Fresco State, got {type(state).__name__}")
    parts = module_parts(state)
    height = HEIGHT + sum(part.height for _, part in parts)
    body = [
        f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="white"/>',
        _text(16, 20, f"Fresco: {state.where()}", size=14, cls="title"),
        *_cathedral(state),
        *_market(state),
        *_hostel(state, 250),
        *_mood(state, 330),
        *_players(state, 410),
        *_track(state, 545),
        *_panels(parts),
    ]
    return svg_document("fresco", WIDTH, height, body)
