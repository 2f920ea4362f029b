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
from .vocab import Kind

DERIVED = {
    "board_keys": "C1",
    "board_index": "C1",
    "open_keys": "C1",
    "open_patterns": "C3",
    "segment_feature": "C10",
    "features": "C10",
    "monasteries": "C12",
}
"""The board's lookup tables and features (what the placed tiles make of the board), with the
rule each one serves."""


def position_problems(state: State) -> list[PositionProblem]:
    """The laws ``state`` breaks (empty: none), each with its JSON path and rule ID: seats
    in range, C0.1 each seat's 7 followers in its supply or on the board, scores never below
    zero, the tiles those of the box each once (C0.1, F1), the drawn tile only in the place
    phase, every placed tile sharing an edge with the board (C1), turned one of 4 ways (C2) and
    fitting its neighbours (C3), the board's tables and features those the placed tiles make
    (C10-C12), followers on open features (C13) and the points those of the scored parts (C14)."""
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
            laws.within(f"{path}.x", placed.x, -OFFSET + 1, OFFSET - 1, "C1", "a column")
            and laws.within(f"{path}.y", placed.y, -OFFSET + 1, OFFSET - 1, "C1", "a row")
            and laws.within(f"{path}.rotation", placed.rotation, 0, 3, "C2", "a rotation")
        ):
            return
        key = key_of(placed.x, placed.y)
        pattern = open_pattern(board, key)
        if not laws.check(
            pattern >= 0, path, "C1", "the tile shares no edge with the tiles before it"
        ):
            return
        if not laws.check(
            placed.rotation in geometry.fits[placed.tile][pattern],
            path,
            "C3",
            f"tile {placed.tile} turned {placed.rotation * 90} does not fit its neighbours",
        ):
            return
        board = place(
            attrs.evolve(board, tile=placed.tile), key, placed.x, placed.y, placed.rotation
        )
        if not laws.check(
            board.placed[-1] == placed,
            f"{path}.first_segment",
            "C10",
            f"the tile's first segment is {board.placed[-1].first_segment}",
        ):
            return
    for name, rule in DERIVED.items():
        laws.check(
            getattr(board, name) == getattr(state, name),
            f"$.{name}",
            rule,
            f"the board's {name.replace('_', ' ')} are not those its placed tiles make",
        )
    if not laws.problems:
        _check_followers_and_scores(laws, state)


def _check_followers_and_scores(laws: Laws, state: State) -> None:
    """Followers on segments of the board, none on a scored road, city or monastery outside
    the follower phase (C13: they return when it is scored); the points the sum of the scored
    parts (C14-C19), each naming seats in range."""
    players = state.tables.players
    owner = state.segment_feature
    for i, follower in enumerate(state.followers):
        path = f"$.followers[{i}]"
        if not laws.within(
            f"{path}.segment", follower.segment, 0, len(owner) - 1, "C6", "a segment"
        ):
            continue
        feature = state.features[owner[follower.segment]]
        if not laws.check(feature is not None, path, "C6", "the follower stands on no feature"):
            continue
        assert feature is not None
        laws.check(
            state.phase is Phase.FOLLOWER or feature.kind is Kind.FIELD or feature.open > 0,
            path,
            "C13",
            f"a follower on a completed {feature.kind.value}",
        )
    sums = [0] * players
    for i, part in enumerate(state.scored):
        for j, seat in enumerate(part.seats):
            if laws.seat(f"$.scored[{i}].seats[{j}]", seat, players, "C14"):
                sums[seat] += part.points
    if len(state.points) == players:
        laws.check(
            tuple(sums) == state.points,
            "$.points",
            "C14",
            f"points {list(state.points)}, but the scored parts add up to {sums}",
        )
