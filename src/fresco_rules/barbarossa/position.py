"""Barbarossa's laws of a position (``kernel.position``): what a state made by play always
satisfies, checked on a loaded one before anything reads it."""

from __future__ import annotations

from ..kernel.position import Laws, PositionProblem
from .state import State, Step


def position_problems(state: State) -> list[PositionProblem]:
    """The laws ``state`` breaks (empty: none), each with its JSON path and rule ID: per-seat
    lists one entry a seat, B22 jewels 0-13, B17 curse tokens 0-3 each and conserved, discs on
    the track, pawns on the ring, B14 arrows (at most 2 an object, one per guesser, none of
    the sculptor's own), seats in range, the winners exactly at the end (B19)."""
    laws = Laws()
    tables = state.tables
    players = tables.players
    laws.seat("$.active", state.active, players, "B4")
    laws.within("$.turn", state.turn, 1, 1_000_000, "B4", "the turn")
    laws.within("$.die", state.die, 0, tables.die_sides, "B5", "the die")
    sized = all(
        [
            laws.sized(f"$.{name}", getattr(state, name), players, "B1", f"{name} per seat")
            for name in ("pawns", "discs", "overshoot", "jewels", "curses")
        ]
    )
    if sized:
        laws.each_within("$.pawns", state.pawns, 0, len(tables.ring) - 1, "B5", "a pawn's tile")
        finish = tables.track.finish
        laws.each_within("$.discs", state.discs, 0, finish, "A-B.3", "a disc's space")
        laws.each_within("$.overshoot", state.overshoot, 0, 1_000, "A-B.6", "an overshoot")
        laws.each_within("$.jewels", state.jewels, 0, tables.jewel_max, "B22", "jewels")
        most = tables.curses_per_player
        if laws.each_within("$.curses", state.curses, 0, most, "B17", "curse tokens"):
            laws.check(
                sum(state.curses) + state.discarded == most * players,
                "$.discarded",
                "B17",
                f"{sum(state.curses)} curse tokens held and {state.discarded} discarded, "
                f"not {most * players} in all",
            )
    if laws.sized("$.arrows", state.arrows, len(tables.owners), "B14", "arrows per object"):
        for obj, holders in enumerate(state.arrows):
            path = f"$.arrows[{obj}]"
            laws.check(
                len(holders) <= tables.arrows_per_object,
                path,
                "B14",
                f"{len(holders)} arrows in one object (at most {tables.arrows_per_object})",
            )
            if all([laws.seat(f"{path}[{i}]", s, players, "B14") for i, s in enumerate(holders)]):
                laws.check(len(set(holders)) == len(holders), path, "A-B.14", "one arrow each")
                laws.check(
                    tables.owners[obj] not in holders, path, "A-B.14", "a sculptor's own arrow"
                )
    for name in ("callers", "winners"):
        for i, seat in enumerate(getattr(state, name)):
            laws.seat(f"$.{name}[{i}]", seat, players, "B18" if name == "callers" else "B19")
    over = state.step is Step.OVER
    laws.check(
        over == bool(state.winners),
        "$.winners",
        "B19",
        "winners are named exactly when the game is over",
    )
    for i, note in enumerate(state.notes):
        laws.seat(f"$.notes[{i}].seat", note.seat, players, "B24")
        laws.within(f"$.notes[{i}].obj", note.obj, 0, len(tables.owners) - 1, "B2", "an object")
    request = state.request
    if request is not None:
        laws.seat("$.request.asker", request.asker, players, "B9")
        laws.within("$.request.obj", request.obj, 0, len(tables.owners) - 1, "B2", "an object")
    return laws.problems
