"""The human board view of a Carcassonne position, ``str(state)``: who decides, the drawn tile in
its four turns, the tiles left, the board with the followers (columns and rows labelled with
the positions the notation uses), and each seat's points, followers in supply and followers on
the board in the notation's words."""

from __future__ import annotations

from .engine import current_player
from .render import COLS, ROWS, board_lines, tile_block
from .state import Phase, State
from .vocab import FOLLOWER_NAMES, Kind
from .words import DEGREES, feature_words, position

LEGEND = (
    "# city, ^ pennant, | - road, + bend, o junction, M monastery, * festival place,\n"
    "  . and : farmland (on alternate tiles), a digit: that seat's follower"
)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def drawn_tile_lines(state: State) -> list[str]:
    """The drawn tile in each of its four turns, side by side under its degrees."""
    turns = state.tables.geometry.oriented[state.tile]
    blocks = [tile_block(turn) for turn in turns]
    lines = ["  " + "   ".join(f"{degrees:^{COLS}}" for degrees in DEGREES)]
    for row in range(ROWS):
        lines.append("  " + "   ".join(block[row] for block in blocks))
    return lines


def _kind_of(feature: str) -> Kind:
    return Kind(feature.split(":")[0])


def text_view(state: State) -> str:
    """The whole position for people (what ``print(state)`` shows)."""
    tables = state.tables
    festival = ", with The Festival" if state.config.festival else ""
    lines = [f"Carcassonne, {tables.players} players{festival}: {state.where()}"]
    seat = current_player(state)
    if state.phase is Phase.OVER:
        best = max(state.points)
        won = [f"seat {s}" for s, p in enumerate(state.points) if p == best]
        lines.append(f"the game is over: winner {', '.join(won)}")
    elif seat is not None:
        lines.append(f"to decide: seat {seat}")
    discarded = f", discarded {' '.join(state.discarded)} (C5)" if state.discarded else ""
    lines.append(f"tiles left: {len(state.stack)} face down{discarded}")
    if state.phase is Phase.PLACE:
        lines.append(f"drawn tile {state.tile}, in its four turns (degrees clockwise):")
        lines.extend(drawn_tile_lines(state))
    elif state.phase is Phase.FOLLOWER:
        last = state.placed[-1]
        lines.append(f"tile {last.tile} just placed at {position(last.x, last.y)}")
    lines.append(f"board (x east, y south): {LEGEND}")
    lines.extend(board_lines(state))
    for s in range(tables.players):
        mine = sorted((f for f in state.followers if f.seat == s), key=lambda f: (f.y, f.x))
        lines.append(
            f"seat {s}: {_plural(state.points[s], 'point')}, "
            f"{_plural(state.supply[s], 'follower')} in supply, {len(mine)} on the board"
        )
        for f in mine:
            who = FOLLOWER_NAMES[_kind_of(f.feature)]
            lines.append(f"  {who} on {feature_words(f.feature)} at {position(f.x, f.y)}")
    return "\n".join(lines)
