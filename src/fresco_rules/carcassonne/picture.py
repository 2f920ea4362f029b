"""An SVG picture of a Carcassonne position: the placed tiles with their cities, pennants,
roads, monasteries and festival places on farmland, the followers in their seat's colour, the
empty positions where the drawn tile fits, the drawn tile, the tiles left and a score table.

Drawn pieces carry a class and data attributes (``class="tile" data-x="2" data-y="-1"``,
``class="follower" data-seat="1" data-feature="city N"``) so a program can check the picture
against the state. Every point of a tile is painted in a colour of its own (farmland, city,
road, ...), none of them white like the background.
"""

from __future__ import annotations

from html import escape

from attrs import frozen

from ..kernel.picture import svg_document
from .actions import PlaceTile
from .engine import legal_actions
from .geometry import Oriented
from .state import Phase, State
from .vocab import Kind
from .words import feature_words, turn_words

SEAT_COLOURS = ("#d32f2f", "#1565c0", "#f9a825", "#212121", "#2e7d32")
"""Red, blue, yellow, black, green: the colours of the five sets of meeples."""
FIELD_FILL = "#9ccc65"
CITY_FILL = "#a1887f"
ROAD_FILL = "#efe3c8"
ROAD_EDGE = "#6d4c41"
MONASTERY_FILL = "#90a4ae"
FESTIVAL_FILL = "#f48fb1"
PENNANT_FILL = "#fff8e1"
PENNANT_EDGE = "#3e2723"
BACKGROUND = "#ffffff"
PANEL_WIDTH = 280
BOARD_AREA = 640
"""The longest side of the board drawing (pixels); tiles shrink to fit a large board."""
MARGIN = 16
TOP = 40

_CORNERS = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))
"""Tile corners NW NE SE SW in tile units (y down); edge d runs from corner d to d + 1."""
_MIDDLES = ((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5))
_HALF_SPOTS = (
    (0.27, 0.17),
    (0.73, 0.17),
    (0.83, 0.27),
    (0.83, 0.73),
    (0.73, 0.83),
    (0.27, 0.83),
    (0.17, 0.73),
    (0.17, 0.27),
)
"""Per half-edge NL NR EL ER SL SR WL WR: where a farmer on its field stands."""


@frozen
class Layout:
    """Where the board is drawn: the pixel origin of position ``(min_x, min_y)``, the tile size
    and the number of columns and rows (the placed tiles and one ring of empty positions)."""

    origin_x: int
    origin_y: int
    tile: int
    min_x: int
    min_y: int
    columns: int
    rows: int

    def corner(self, x: int, y: int) -> tuple[int, int]:
        """The pixel position of the north-west corner of board position ``(x, y)``."""
        return (
            self.origin_x + (x - self.min_x) * self.tile,
            self.origin_y + (y - self.min_y) * self.tile,
        )

    @property
    def width(self) -> int:
        return self.columns * self.tile

    @property
    def height(self) -> int:
        return self.rows * self.tile


def layout(state: State) -> Layout:
    """The board's place in the picture of ``state``."""
    xs = [p.x for p in state.placed] or [0]
    ys = [p.y for p in state.placed] or [0]
    min_x, min_y = min(xs) - 1, min(ys) - 1
    columns, rows = max(xs) + 2 - min_x, max(ys) + 2 - min_y
    tile = max(8, min(56, BOARD_AREA // max(columns, rows)))
    return Layout(MARGIN, TOP, tile, min_x, min_y, columns, rows)


def _text(x: float, y: float, text: str, *, size: int = 12, cls: str = "label") -> str:
    return (
        f'<text class="{cls}" x="{x:g}" y="{y:g}" font-size="{size}" '
        f'font-family="sans-serif">{escape(text)}</text>'
    )


def _points(points: list[tuple[float, float]], x0: float, y0: float, size: float) -> str:
    return " ".join(f"{x0 + u * size:.1f},{y0 + v * size:.1f}" for u, v in points)


def _towards_centre(point: tuple[float, float], share: float) -> tuple[float, float]:
    u, v = point
    return (u + (0.5 - u) * share, v + (0.5 - v) * share)


def follower_spot(tile: Oriented, local: int) -> tuple[float, float]:
    """Where a follower on feature ``local`` of the tile stands, in tile units."""
    segment = tile.segments[local]
    if segment.kind is Kind.MONASTERY:
        return (0.5, 0.5)
    if segment.kind is Kind.FIELD:
        return _HALF_SPOTS[segment.halves[0]] if segment.halves else (0.5, 0.25)
    if segment.kind is Kind.CITY and len(segment.edges) == 1:
        return _towards_centre(_MIDDLES[segment.edges[0]], 0.3)
    return _towards_centre(_MIDDLES[segment.edges[0]], 0.55)


def _tile_shapes(tile: Oriented, x0: float, y0: float, size: float) -> list[str]:
    parts = [
        f'<rect x="{x0:g}" y="{y0:g}" width="{size:g}" height="{size:g}" fill="{FIELD_FILL}"/>'
    ]
    for segment in tile.segments:
        if segment.kind is not Kind.CITY:
            continue
        for d in segment.edges:
            a, b = _CORNERS[d], _CORNERS[(d + 1) % 4]
            if len(segment.edges) == 1:
                shape = [a, b, _towards_centre(b, 0.55), _towards_centre(a, 0.55)]
            else:
                shape = [a, b, (0.5, 0.5)]
            parts.append(
                f'<polygon class="city" points="{_points(shape, x0, y0, size)}" '
                f'fill="{CITY_FILL}"/>'
            )
        if len(segment.edges) > 1:
            centre = [(0.32, 0.32), (0.68, 0.32), (0.68, 0.68), (0.32, 0.68)]
            parts.append(f'<polygon points="{_points(centre, x0, y0, size)}" fill="{CITY_FILL}"/>')
        if segment.pennants:
            u, v = _towards_centre(_MIDDLES[segment.edges[0]], 0.4)
            flag = [(u - 0.07, v - 0.08), (u + 0.07, v - 0.08), (u, v + 0.08)]
            parts.append(
                f'<polygon class="pennant" points="{_points(flag, x0, y0, size)}" '
                f'fill="{PENNANT_FILL}" stroke="{PENNANT_EDGE}" stroke-width="0.8"/>'
            )
    width = max(1.5, size * 0.1)
    for segment in tile.segments:
        if segment.kind is not Kind.ROAD:
            continue
        ends = [_MIDDLES[d] for d in segment.edges]
        line = [ends[0], (0.5, 0.5), ends[1]] if len(ends) == 2 else [ends[0], (0.5, 0.5)]
        if len(ends) == 1:
            line = [ends[0], _towards_centre(ends[0], 0.62)]
        for colour, stroke in ((ROAD_EDGE, width + 2), (ROAD_FILL, width)):
            parts.append(
                f'<polyline class="road" points="{_points(line, x0, y0, size)}" fill="none" '
                f'stroke="{colour}" stroke-width="{stroke:.1f}" stroke-linejoin="round"/>'
            )
    if tile.monastery >= 0:
        parts.append(
            f'<rect class="monastery" x="{x0 + size * 0.32:.1f}" y="{y0 + size * 0.32:.1f}" '
            f'width="{size * 0.36:.1f}" height="{size * 0.36:.1f}" fill="{MONASTERY_FILL}"/>'
        )
    if tile.festival:
        star = [(0.5, 0.3), (0.56, 0.44), (0.7, 0.44), (0.59, 0.54), (0.63, 0.7)]
        star += [(0.5, 0.6), (0.37, 0.7), (0.41, 0.54), (0.3, 0.44), (0.44, 0.44)]
        parts.append(
            f'<polygon class="festival-place" points="{_points(star, x0, y0, size)}" '
            f'fill="{FESTIVAL_FILL}" stroke="{ROAD_EDGE}" stroke-width="0.5"/>'
        )
    return parts


def _board(state: State, where: Layout) -> list[str]:
    oriented = state.tables.geometry.oriented
    size = where.tile
    parts: list[str] = []
    for placed in state.placed:
        x0, y0 = where.corner(placed.x, placed.y)
        tile = oriented[placed.tile][placed.rotation]
        parts.append(
            f'<g class="tile" data-tile="{escape(placed.tile)}" data-x="{placed.x}" '
            f'data-y="{placed.y}" data-turn="{turn_words(placed.rotation)}">'
        )
        parts.extend(_tile_shapes(tile, x0, y0, size))
        parts.append("</g>")
    if state.phase is Phase.PLACE:
        fits = {(a.x, a.y) for a in legal_actions(state) if isinstance(a, PlaceTile)}
        for x, y in sorted(fits):
            x0, y0 = where.corner(x, y)
            parts.append(
                f'<rect class="open" data-x="{x}" data-y="{y}" x="{x0 + 2}" y="{y0 + 2}" '
                f'width="{size - 4}" height="{size - 4}" fill="none" stroke="#757575" '
                f'stroke-dasharray="4 3"/>'
            )
    for follower in state.followers:
        under = state.tile_at(follower.x, follower.y)
        if under is None:
            continue
        tile = oriented[under.tile][under.rotation]
        u, v = follower_spot(tile, follower.segment - under.first_segment)
        x0, y0 = where.corner(follower.x, follower.y)
        parts.append(
            f'<circle class="follower" data-seat="{follower.seat}" data-x="{follower.x}" '
            f'data-y="{follower.y}" data-feature="{escape(feature_words(follower.feature))}" '
            f'cx="{x0 + u * size:.1f}" cy="{y0 + v * size:.1f}" r="{max(3.0, size * 0.11):.1f}" '
            f'fill="{SEAT_COLOURS[follower.seat % len(SEAT_COLOURS)]}" stroke="white"/>'
        )
    return parts


def _labels(where: Layout) -> list[str]:
    if where.tile < 24:
        return []
    parts = []
    for i in range(where.columns):
        x0, _ = where.corner(where.min_x + i, where.min_y)
        parts.append(_text(x0 + where.tile / 2 - 4, TOP - 4, str(where.min_x + i), size=10))
    for j in range(where.rows):
        _, y0 = where.corner(where.min_x, where.min_y + j)
        parts.append(_text(1, y0 + where.tile / 2 + 4, str(where.min_y + j), size=9))
    return parts


def _panel(state: State, x0: int) -> list[str]:
    parts = [_text(x0, TOP + 10, "seats", size=14, cls="heading")]
    for seat in range(state.tables.players):
        y = TOP + 34 + seat * 24
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        parts.append(f'<circle cx="{x0 + 6}" cy="{y - 4}" r="7" fill="{colour}"/>')
        parts.append(
            f'<text class="player" data-seat="{seat}" data-points="{state.points[seat]}" '
            f'data-supply="{state.supply[seat]}" x="{x0 + 20}" y="{y}" font-size="12" '
            f'font-family="sans-serif">seat {seat}: {state.points[seat]} points, '
            f"{state.supply[seat]} in supply</text>"
        )
    y = TOP + 44 + state.tables.players * 24
    parts.append(
        f'<text class="tiles-left" data-count="{len(state.stack)}" x="{x0}" y="{y}" '
        f'font-size="12" font-family="sans-serif">tiles left: {len(state.stack)} face down, '
        f"{len(state.discarded)} discarded</text>"
    )
    if state.phase is Phase.PLACE:
        size = 64
        parts.append(_text(x0, y + 28, f"drawn tile {state.tile}", size=12))
        tile = state.tables.geometry.oriented[state.tile][0]
        parts.append(f'<g class="drawn-tile" data-tile="{escape(state.tile)}">')
        parts.extend(_tile_shapes(tile, x0, y + 38, size))
        parts.append("</g>")
    return parts


def svg(state: State) -> str:
    """The position as a standalone SVG document (a string)."""
    if not isinstance(state, State):
        raise TypeError(f"expected a Carcassonne State, got {type(state).__name__}")
    where = layout(state)
    board_right = where.origin_x + where.width
    width = board_right + MARGIN + PANEL_WIDTH
    height = max(where.origin_y + where.height + MARGIN, 360)
    body = [
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="{BACKGROUND}"/>',
        _text(MARGIN, 20, f"Carcassonne: {state.where()}", size=14, cls="title"),
        *_labels(where),
        *_board(state, where),
        *_panel(state, board_right + MARGIN),
    ]
    return svg_document("carcassonne", width, height, body)
