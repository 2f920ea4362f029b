"""What every game's SVG picture shares: the document around its drawing and its text labels.

A picture is one ``<svg>`` element with the class ``<game>-board`` (what the analysis board
and the tests find it by) and a view box of its own size."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape


def text_label(
    x: float,
    y: float,
    words: str,
    *,
    size: int = 12,
    anchor: str = "start",
    weight: str = "normal",
    cls: str = "label",
) -> str:
    """A ``<text>`` label at (x, y), its words escaped."""
    return (
        f'<text class="{cls}" x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}" '
        f'font-weight="{weight}" font-family="sans-serif">{escape(words)}</text>'
    )


def svg_document(game: str, width: int, height: int, body: Iterable[str]) -> str:
    """The standalone SVG document (a string) of a game's picture, ``width`` by ``height``."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{game}-board" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}">' + "".join(body) + "</svg>"
    )
