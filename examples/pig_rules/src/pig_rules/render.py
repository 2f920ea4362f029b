"""Pig's text board, its one-line descriptions of actions and the events of a step. Nothing
here shows a bonus card before the game is over (P8)."""

from __future__ import annotations

from .actions import Action, Hold
from .engine import scores, winners
from .state import State


def board(state: State) -> str:
    """The text board: the target, every bank, the turn in progress; bonus cards face down
    until the end (P8)."""
    lines = [f"Pig, target {state.tables.target}: {state.where()}"]
    final = scores(state)
    for seat, bank in enumerate(state.banks):
        mark = ">" if seat == state.active and not state.over else " "
        line = f"{mark} seat {seat}: bank {bank}"
        if state.over:
            line += f" + bonus {state.bonus[seat]} = {final[seat]}"
        lines.append(line)
    if not state.over:
        roll = f", last roll {state.last_roll}" if state.last_roll else ""
        lines.append(f"turn total {state.turn_total}{roll}; bonus cards face down")
    else:
        lines.append("winners: " + ", ".join(f"seat {seat}" for seat in winners(state)))
    return "\n".join(lines)


def describe(state: State, action: Action) -> str:
    """A one-line description of ``action`` by the active seat of ``state``."""
    if type(action) is Hold:
        return f"seat {state.active} holds {state.turn_total}"
    return f"seat {state.active} rolls"


def events(before: State, after: State) -> list[str]:
    """What one step did, for a log."""
    seat = before.active
    if after.turn_total > before.turn_total:
        return [f"seat {seat} rolled {after.last_roll} (turn total {after.turn_total})"]
    if after.banks != before.banks:
        found = [f"seat {seat} held {before.turn_total} (bank {after.banks[seat]})"]
        if after.over:
            found.append("game over: " + ", ".join(f"seat {s}" for s in winners(after)) + " won")
        return found
    if after.turn != before.turn:
        return [f"seat {seat} rolled {after.last_roll}: bust, {before.turn_total} lost"]
    return []
