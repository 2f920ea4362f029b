"""What Fresco's SVG picture (``picture.py``) and each module's part of it share: the layout of
the base picture, the seats' colours, the label style and the record of a module's part.

A module draws its part with a function from the state to a ``PicturePart`` (the ``picture``
field of its plug-in): pieces on the base board (a window in a segment's opening) and a panel of
its own, which the picture stacks below the base picture. Every piece carries a class and data
attributes (``class="well" data-pennies="3"``) so a program can check the picture against the
state. The picture shows the whole board as the text board does (each seat's money, paints and
module pieces behind the screens included, as counts), never what no player knows (a deck's
order, the tiles module 3 removes face down) nor a plan while the plans are secret (R0.28)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from attrs import frozen

from ..kernel.picture import text_label
from .vocab import Paint
from .words import segment_label

if TYPE_CHECKING:
    from .state import State
    from .vocab import Segment

SEAT_COLOURS = ("#c62828", "#1565c0", "#2e7d32", "#ef6c00")
LEONARDO_COLOUR = "#424242"
CELL = 60
WIDTH, HEIGHT = 820, 590
"""The base picture's size; each module's panel adds to the height."""
GRID_ORIGIN = (44, 70)
"""Top-left corner of the cathedral grid (cell a1) in the picture."""
PANEL_TITLE_Y = 20
"""Where a panel's title line sits, from the panel's top."""
ROW = 18
"""The height of one line of a panel."""
PAINT_COLOURS: dict[Paint, str] = {
    Paint.RED: "#d32f2f",
    Paint.YELLOW: "#fbc02d",
    Paint.BLUE: "#1976d2",
    Paint.ORANGE: "#f57c00",
    Paint.GREEN: "#388e3c",
    Paint.PURPLE: "#7b1fa2",
    Paint.PINK: "#f06292",
    Paint.BROWN: "#795548",
}
"""The fill of a paint's swatch (the gilding disc, module 3's special colours)."""


text = partial(text_label, size=13)
"""A label; Fresco's are a size larger than the other games'."""


def actor_colour(state: State, actor: int) -> str:
    """The colour of a seat's pieces (Leonardo's are grey)."""
    if state.is_leonardo(actor):
        return LEONARDO_COLOUR
    return SEAT_COLOURS[actor % len(SEAT_COLOURS)]


def cell_origin(segment: Segment) -> tuple[int, int]:
    """The top-left corner of a segment's cell in the picture."""
    row, col = segment
    return GRID_ORIGIN[0] + col * CELL, GRID_ORIGIN[1] + row * CELL


def segment_data(segment: Segment) -> str:
    """The data attribute naming a segment (``data-segment="c3"``)."""
    return f'data-segment="{segment_label(segment)}"'


def seat_dot(state: State, seat: int, x: float, y: float) -> str:
    """The small disc in a seat's colour that starts a seat's line of a panel."""
    return f'<circle cx="{x:g}" cy="{y - 5:g}" r="6" fill="{actor_colour(state, seat)}"/>'


@frozen
class PicturePart:
    """A module's part of the picture: ``panel`` is drawn below the base picture in a band
    ``height`` tall (its coordinates start at the band's top-left corner, the band is the
    picture's width), ``board`` on the base picture itself (its coordinates)."""

    height: int
    panel: tuple[str, ...]
    board: tuple[str, ...] = ()
