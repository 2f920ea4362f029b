"""``fresco-rules show FILE --html OUT.html``: the analysis board of a record (or, with
``--pair B``, of a witness pair side by side) as one self-contained, read-only HTML file
(no server, nothing fetched: the page's script and style are inlined, the positions
embedded).

Every step's picture, text board, legal moves and seat views are embedded as one gzip-compressed
JSON document (base64), which the page unpacks with the browser's own ``DecompressionStream``:
successive pictures differ little, so a 1,000-step record stays a few megabytes instead of the
tens its pictures take as text. This module needs no web framework.
"""

from __future__ import annotations

import base64
import gzip
import json
from importlib import resources
from typing import Any

from .analysis import Line
from .pair import pair_summary

_STYLE = '<link rel="stylesheet" href="/board.css">'
_SCRIPT = '<script src="/board.js"></script>'
_DATA = "<!--BOARD-DATA-->"


def positions(line: Line) -> list[dict[str, Any]]:
    """Every position of the line as the page shows it: as the analyst sees it, and each
    seat's view with the legal moves only for the seat to move."""
    found = []
    for step in range(line.total + 1):
        position = line.position(step)
        position["views"] = [line.position(step, seat)["view"] for seat in range(line.players)]
        for key in ("step", "total", "seat"):
            position.pop(key)
        found.append(position)
    return found


def page(line: Line) -> str:
    """The HTML text of the line's static board."""
    return _fill({"summary": line.summary(), "positions": positions(line)})


def pair_page(a: Line, b: Line, name: str, shown: dict[str, Any] | None = None) -> str:
    """The HTML text of a witness pair's static board: both arms' pictures at every step,
    their configs and the difference at the end (``shown``: ``pair_summary``'s, made when
    not given)."""
    arms = [
        [
            {"svg": line.game.board.svg(line.states[step]), "status": line.status(step)}
            for step in range(a.total + 1)
        ]
        for line in (a, b)
    ]
    found = shown if shown is not None else pair_summary(a, b)
    return _fill(
        {"pair": {"pair": name, "a": a.summary(), "b": b.summary(), **found}, "arms": arms}
    )


def _fill(document: dict[str, Any]) -> str:
    """The page template with its script, style and ``document`` (packed) inlined."""
    static = resources.files(__package__ or "").joinpath("static")
    html = static.joinpath("index.html").read_text(encoding="utf-8")
    style = static.joinpath("board.css").read_text(encoding="utf-8")
    script = static.joinpath("board.js").read_text(encoding="utf-8")
    packed = gzip.compress(json.dumps(document, separators=(",", ":")).encode(), mtime=0)
    data = base64.b64encode(packed).decode("ascii")
    for marker in (_STYLE, _SCRIPT, _DATA):
        assert html.count(marker) == 1, marker  # the page template holds each once
    return (
        html.replace(_STYLE, f"<style>\n{style}</style>")
        .replace(_SCRIPT, f"<script>\n{script}</script>")
        .replace(_DATA, f'<script id="board-data" type="application/octet-stream">{data}</script>')
    )
