"""Carcassonne's laws of a position (``kernel.position``): what a state made by play always
satisfies, checked on a loaded one before anything reads it. The board's lookup tables and
merged features are rebuilt from the placed tiles and must be the position's own."""

from __future__ import annotations

from collections import Counter

import attrs

from ..kernel.position import Laws, PositionProblem
from .flow import new_game
from .geometry import OFFSET, key_of
from .placement import open_pattern, place
from .state import Phase, State

DERIVED = (
    "board_keys",
    "board_index",
    "open_keys",
    "open_patterns",
    "segment_feature",
    "features",
    "monasteries",
)
"""The board's lookup tables and features: what the placed tiles make of the board."""


def position_problems(state: State) -> list[PositionProblem]:
    """The laws ``state`` breaks (empty: none), each with its JSON path and rule ID: seats
    in range, C0.1 each seat's 7 followers in its supply or on the board, scores never below
    zero, the tiles those of the box each once (C0.1, F1), the drawn tile only in the place
    phase, every placed tile fitting its neighbours (C1) on a position next to the board (C2),
    and the board's tables and features those the placed tiles make (C3, C10-C12)."""
    laws = Laws()
    tables = state.tables
    players = tables.players
    laws.seat("$.active", state.active, players, "C0.3")
    laws.within("$.turn", state.turn, 0, 1_000, "C0.3", "the turn")
    sized = laws.sized("$.supply", state.supply, players, "C0.1", "supply per seat")
    sized = laws.sized("$.points", state.points, players, "C0.1", "points per seat") and sized
    laws.each_within("$.points", state.points, 0, 100_000, "C14", "a score")
    followers_ok = all(
        [
            laws.seat(f"$.followers[{i}].seat", f.seat, players, "C9")
            for i, f in enumerate(state.followers)
        ]
    )
    if sized and followers_ok:
        on_board = Counter(follower.seat for follower in state.followers)
        for seat in range(players):
            laws.check(
                state.supply[seat] >= 0 and state.supply[seat] + on_board[seat] == tables.followers,
                f"$.supply[{seat}]",
                "C0.1",
                f"seat {seat} has {state.supply[seat]} followers in supply and {on_board[seat]} "
                f"on the board, not {tables.followers} in all",
            )
    drawn = state.phase is Phase.PLACE
    laws.check(
        (state.tile != "") == drawn,
        "$.tile",
        "C0.3",
        "a drawn tile is there in the place phase only",
    )
    fresh = new_game(state.config)
    box = Counter((*fresh.stack, *(p.tile for p in fresh.placed), fresh.tile))
    here = Counter((*state.stack, *state.discarded, *(p.tile for p in state.placed)))
    if drawn:
        here[state.tile] += 1
    extra = here - box
    missing = box - here
    if extra or missing:
        tile = min(extra or missing)
        laws.check(
            False,
            "$.stack",
            "C0.1",
            f"tile {tile!r} is there {here[tile]} times, the box has {box[tile]}",
        )
        return laws.problems
    _check_board(laws, state, fresh)
    return laws.problems


def _check_board(laws: Laws, state: State, fresh: State) -> None:
    """Rebuild the board from the placed tiles, first to last, from the start tile on."""
    geometry = state.tables.geometry
    if not state.placed or state.placed[0] != fresh.placed[0]:
        laws.check(False, "$.placed[0]", "C0.1", "the start tile is first, as set up")
        return
    board = fresh
    for index, placed in enumerate(state.placed[1:], start=1):
        path = f"$.placed[{index}]"
        if not (
            laws.within(f"{path}.x", placed.x, -OFFSET + 1, OFFSET - 1, "C2", "a column")
            and laws.within(f"{path}.y", placed.y, -OFFSET + 1, OFFSET - 1, "C2", "a row")
            and laws.within(f"{path}.rotation", placed.rotation, 0, 3, "C1", "a rotation")
        ):
            return
        key = key_of(placed.x, placed.y)
        pattern = open_pattern(board, key)
        if not laws.check(pattern >= 0, path, "C2", "the tile is not next to the board"):
            return
        if not laws.check(
            placed.rotation in geometry.fits[placed.tile][pattern],
            path,
            "C1",
            f"tile {placed.tile} turned {placed.rotation * 90} does not fit its neighbours",
        ):
            return
        board = place(
            attrs.evolve(board, tile=placed.tile), key, placed.x, placed.y, placed.rotation
        )
        if not laws.check(
            board.placed[-1] == placed,
            f"{path}.first_segment",
            "C3",
            f"the tile's first segment is {board.placed[-1].first_segment}",
        ):
            return
    for name in DERIVED:
        laws.check(
            getattr(board, name) == getattr(state, name),
            f"$.{name}",
            "C3",
            f"the board's {name.replace('_', ' ')} are not those its placed tiles make",
        )
