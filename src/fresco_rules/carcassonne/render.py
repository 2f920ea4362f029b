"""Text forms: one-line action descriptions, the events between two states, and the board drawn
as character blocks (``print(board(state))``).

Each tile is a block of 5 rows by 7 columns: ``#`` city (``^`` a pennant), ``|`` and ``-``
roads, ``+`` a bend, ``o`` a junction, ``M`` a monastery, ``*`` the festival place, ``.`` field
(``:`` on every other tile, like the squares of a chessboard, so that the tiles stand apart).
A digit is a follower of that seat, standing on its feature.
"""

from __future__ import annotations

from .actions import Action, Deploy, Pass, PlaceTile, ReturnFigure
from .engine import apply, last_tile, legal_actions
from .geometry import Oriented
from .state import Phase, Placed, Scoring, State
from .vocab import FOLLOWER_NAMES, Kind
from .words import feature_words, position, turn_words

ROWS, COLS = 5, 7
_EDGE_CELLS = (
    [(0, c) for c in range(COLS)],
    [(r, COLS - 1) for r in range(ROWS)],
    [(ROWS - 1, c) for c in range(COLS)],
    [(r, 0) for r in range(ROWS)],
)
_SPOT = ((1, 3), (2, 5), (3, 3), (2, 1))
"""Per edge: where a thief or knight on that edge's feature stands."""
_PENNANT = ((0, 3), (2, 6), (4, 3), (2, 0))
_ROAD_ARM = (((0, 3), (1, 3)), ((2, 4), (2, 5), (2, 6)), ((3, 3), (4, 3)), ((2, 0), (2, 1), (2, 2)))
_CITY_ARM = (((1, 3),), ((2, 4), (2, 5)), ((3, 3),), ((2, 1), (2, 2)))
_FIELD_SPOT = ((1, 1), (1, 5), (1, 5), (3, 5), (3, 5), (3, 1), (3, 1), (1, 1))
"""Per half-edge NL NR EL ER SL SR WL WR: where a farmer on its field stands."""
_INNER_SPOT = (1, 3)
_MONK_SPOT = (2, 4)
CENTER = (2, 3)


def feature_spot(tile: Oriented, local: int) -> tuple[int, int]:
    """Where a follower on feature ``local`` of the tile is drawn."""
    segment = tile.segments[local]
    if segment.kind is Kind.MONASTERY:
        return _MONK_SPOT
    if segment.kind is Kind.FIELD:
        return _FIELD_SPOT[segment.halves[0]] if segment.halves else _INNER_SPOT
    return _SPOT[segment.edges[0]]


def tile_block(tile: Oriented, followers: dict[int, int] | None = None) -> list[str]:
    """The 5x7 character block of a tile; ``followers`` maps a local feature to a seat."""
    grid = [["."] * COLS for _ in range(ROWS)]
    ends = 0
    city_centre = False
    for segment in tile.segments:
        if segment.kind is Kind.CITY:
            for d in segment.edges:
                for r, c in _EDGE_CELLS[d]:
                    grid[r][c] = "#"
                r, c = _SPOT[d]
                grid[r][c] = "#"
            if len(segment.edges) > 1:
                city_centre = True
                for d in segment.edges:
                    for r, c in _CITY_ARM[d]:
                        grid[r][c] = "#"
            if segment.pennants:
                r, c = _PENNANT[segment.edges[0]]
                grid[r][c] = "^"
    for segment in tile.segments:
        if segment.kind is Kind.ROAD:
            for d in segment.edges:
                for r, c in _ROAD_ARM[d]:
                    grid[r][c] = "|" if d % 2 == 0 else "-"
            if len(segment.edges) == 1:
                ends += 1
            else:
                a, b = segment.edges
                grid[2][3] = ("|" if a % 2 == 0 else "-") if (b - a) == 2 else "+"
    r, c = CENTER
    if tile.monastery >= 0:
        grid[r][c] = "M"
    elif tile.festival:
        grid[r][c] = "*"
    elif ends >= 3:
        grid[r][c] = "o"
    elif (ends and city_centre) or city_centre:
        grid[r][c] = "#"
    for local, seat in (followers or {}).items():
        r, c = feature_spot(tile, local)
        grid[r][c] = str(seat)
    return ["".join(row) for row in grid]


def board_lines(state: State) -> list[str]:
    """The board as text: x labels above, y labels at the left (y grows to the south)."""
    if not state.placed:
        return ["(empty board)"]
    xs = [p.x for p in state.placed]
    ys = [p.y for p in state.placed]
    oriented = state.tables.geometry.oriented
    by_position: dict[tuple[int, int], Placed] = {(p.x, p.y): p for p in state.placed}
    on_tile: dict[tuple[int, int], dict[int, int]] = {}
    for follower in state.followers:
        placed = state.tile_at(follower.x, follower.y)
        if placed is None:
            continue
        local = follower.segment - placed.first_segment
        on_tile.setdefault((follower.x, follower.y), {})[local] = follower.seat
    label = max(len(str(y)) for y in ys) + 1
    header = " " * label + "".join(f"{x:^{COLS}}" for x in range(min(xs), max(xs) + 1))
    lines = [header.rstrip()]
    for y in range(min(ys), max(ys) + 1):
        blocks = []
        for x in range(min(xs), max(xs) + 1):
            placed = by_position.get((x, y))
            if placed is None:
                blocks.append([" " * COLS] * ROWS)
            else:
                tile = oriented[placed.tile][placed.rotation]
                block = tile_block(tile, on_tile.get((x, y)))
                if (x + y) % 2:
                    block = [row.replace(".", ":") for row in block]
                blocks.append(block)
        for row in range(ROWS):
            prefix = f"{y:>{label - 1}} " if row == ROWS // 2 else " " * label
            lines.append((prefix + "".join(block[row] for block in blocks)).rstrip())
    return lines


def board(state: State) -> str:
    """The position: turn, the tile to place, the board, and each seat's points and supply."""
    if state.phase is Phase.OVER:
        top = f"game over after {state.turn} turns"
    elif state.phase is Phase.PLACE:
        top = f"turn {state.turn}: seat {state.active} places tile {state.tile}"
    else:
        last = state.placed[-1]
        top = f"turn {state.turn}: seat {state.active}'s follower phase on ({last.x}, {last.y})"
    lines = [top, f"tiles: {len(state.stack)} face down, {len(state.discarded)} discarded", ""]
    lines += board_lines(state)
    lines.append("")
    for seat, points in enumerate(state.points):
        lines.append(f"seat {seat}: {points} points, {state.supply[seat]} followers in supply")
    return "\n".join(lines)


def _scoring_text(s: Scoring) -> str:
    when = "final" if s.final else "completed"
    who = ", ".join(f"seat {seat} +{s.points}" for seat in s.seats)
    who = who or f"worth {s.points}, nobody scores"
    return f"{s.rule} {when} {s.kind.value} of {s.tiles} tiles at {position(s.x, s.y)}: {who}"


def describe(state: State, action: Action) -> str:
    """A one-line description of ``action`` in ``state``, in the notation's words."""
    seat = state.active
    if isinstance(action, PlaceTile):
        where = position(action.x, action.y)
        return (
            f"seat {seat} places tile {state.tile} at {where} turned {turn_words(action.rotation)}"
        )
    if isinstance(action, Deploy):
        kind = Kind(action.feature.split(":")[0])
        last = state.placed[-1]
        who = FOLLOWER_NAMES[kind]
        return (
            f"seat {seat} deploys a {who} on {feature_words(action.feature)} at "
            f"{position(last.x, last.y)}"
        )
    if isinstance(action, ReturnFigure):
        who = FOLLOWER_NAMES[Kind(action.feature.split(":")[0])]
        return (
            f"seat {seat} returns his {who} from {feature_words(action.feature)} at "
            f"{position(action.x, action.y)} (F2)"
        )
    if isinstance(action, Pass):
        return f"seat {seat} passes"
    return repr(action)


def events(before: State, after: State) -> list[str]:
    """What happened between two states besides the action: scorings, discards, the next draw."""
    lines = ["  " + _scoring_text(s) for s in after.scored[len(before.scored) :]]
    for tile in after.discarded[len(before.discarded) :]:
        lines.append(f"  tile {tile} fits nowhere: discarded face up (C5)")
    if after.phase is Phase.PLACE and after.turn != before.turn:
        lines.append(f"  seat {after.active} draws {after.tile}")
    return lines


SHEET_PARTS = {
    Kind.CITY: "cities",
    Kind.ROAD: "roads",
    Kind.MONASTERY: "monasteries",
    Kind.FIELD: "farms",
}
"""The score sheet's columns: points by feature kind (C10-C19), then the Festival."""


class ScoreSheet:
    """The score sheet of one game, kept while it is logged: each seat's points by feature kind
    (cities, roads, monasteries, farms; completed and final scorings together) and the Festival,
    which scores nothing itself (F5, F8) but counts the figures each seat took back (F2)."""

    def __init__(self) -> None:
        self.returns: dict[int, int] = {}

    def record(self, before: State, after: State) -> None:
        """Count a RETURN between two consecutive states (found by replaying the candidates:
        the states alone do not say whether a follower left by RETURN or by scoring)."""
        if before.phase is not Phase.FOLLOWER or not last_tile(before).festival:
            return
        if len(after.followers) >= len(before.followers):
            return
        for action in legal_actions(before):
            if isinstance(action, ReturnFigure) and apply(before, action) == after:
                self.returns[before.active] = self.returns.get(before.active, 0) + 1
                return

    def parts(self, state: State, seat: int) -> dict[str, int]:
        """Seat ``seat``'s points per column of the sheet (they add up to its score)."""
        row = dict.fromkeys(SHEET_PARTS.values(), 0)
        for scoring in state.scored:
            if seat in scoring.seats:
                row[SHEET_PARTS[scoring.kind]] += scoring.points
        return row

    def lines(self, state: State) -> list[str]:
        """The final block: one line per seat, its parts then the total."""
        lines = ["score sheet:"]
        for seat in range(state.tables.players):
            parts = [f"{part} {points}" for part, points in self.parts(state, seat).items()]
            if state.config.festival:
                returns = self.returns.get(seat, 0)
                plural = "return" if returns == 1 else "returns"
                parts.append(f"festival 0 ({returns} {plural})")
            lines.append(f"  seat {seat}: {', '.join(parts)} = {state.points[seat]}")
        return lines
