"""The human board view of a Barbarossa position, ``str(state)``: who decides, the ring with
the pawns, the objects with their labels and arrows, the track and the players. Secret words
and written letters are not shown: they are not on the table (B24)."""

from __future__ import annotations

from .engine import current_player
from .state import State, Step
from .vocab import EVENT_LABELS
from .words import object_label


def text_view(state: State) -> str:
    """The whole public position for people (what ``print(state)`` shows)."""
    tables = state.tables
    lines = [f"Barbarossa, {tables.players} players: {state.where()}"]
    seat = current_player(state)
    if state.step is Step.OVER:
        lines.append("the game is over: winner " + ", ".join(f"seat {s}" for s in state.winners))
    elif seat is not None:
        lines.append(f"to decide: seat {seat}")
    lines.append("ring (tile: event, pawns):")
    for tile, kind in enumerate(tables.ring):
        pawns = [f"seat {s}" for s, at in enumerate(state.pawns) if at == tile]
        here = f"  <- {', '.join(pawns)}" if pawns else ""
        lines.append(f"  {tile + 1:>2}: {EVENT_LABELS[kind]}{here}")
    n = tables.objects_per_player
    lines.append(f"objects (label: arrows, {state.arrows_placed()}/{tables.arrows_total} placed):")
    for obj, holders in enumerate(state.arrows):
        marks = ", ".join(f"seat {s}" for s in holders) or "-"
        lines.append(f"  {object_label(obj, n)} by seat {state.owner(obj)}: {marks}")
    track = tables.track
    lines.append(f"track: start {track.start}, finish {track.finish}")
    for s in range(tables.players):
        lines.append(
            f"seat {s}: disc {state.discs[s]}, pawn on tile {state.pawns[s] + 1}, "
            f"{state.jewels[s]} jewels, {state.curses[s]} curse tokens"
        )
    return "\n".join(lines)
