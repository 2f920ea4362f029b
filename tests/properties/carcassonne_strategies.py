"""Hypothesis strategies and game laws for Carcassonne (shared by the state machine and the
playout tests)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from fresco_rules.carcassonne import (
    Deploy,
    FestivalReturn,
    FirstPlayer,
    GameConfig,
    Kind,
    Pass,
    Phase,
    PlaceTile,
    ReturnFigure,
    State,
)

configs = st.builds(
    GameConfig,
    players=st.integers(2, 5),
    festival=st.booleans(),
    tiny_city=st.sampled_from([4, 2]),
    farmers=st.booleans(),
    festival_return=st.sampled_from(list(FestivalReturn)),
    first_player=st.just(0),
    first_player_choice=st.sampled_from(list(FirstPlayer)),
)

FEATURES = st.sampled_from(
    [
        "road:E,W",
        "city:N",
        "city:N,W",
        "field:EL,SR,WL,WR",
        "field:inner",
        "monastery",
        "festival",
        "road:N",
        "field:NL,NR,EL,ER,SL,SR,WL,WR",
        "",
        "x" * 200,
    ]
)
junk_actions: st.SearchStrategy[Any] = st.one_of(
    st.builds(PlaceTile, st.integers(-3, 3), st.integers(-3, 3), st.integers(-1, 4)),
    st.builds(PlaceTile, st.integers(-(10**6), 10**6), st.integers(), st.integers()),
    st.builds(Deploy, FEATURES),
    st.builds(ReturnFigure, st.integers(-3, 3), st.integers(-3, 3), FEATURES),
    st.just(Pass()),
    st.builds(PlaceTile, st.just(True), st.just(0), st.just(0)),
    st.builds(Deploy, st.integers()),
    st.sampled_from(["pass", None, 3, ("place", 1, 0, 0)]),
)


def total_tiles(state: State) -> int:
    data = state.config.components
    return 72 + (sum(t.count for t in data.festival) if state.config.festival else 0)


def carcassonne_laws(state: State, previous: State | None) -> None:
    """Follower and tile conservation, scores never fall, a completed feature is scored once
    and keeps no follower, and the points are the sum of the scored parts."""
    players = state.tables.players
    on_board = [0] * players
    for follower in state.followers:
        on_board[follower.seat] += 1
    assert all(state.supply[s] + on_board[s] == 7 for s in range(players)), "followers lost"
    drawn = 1 if state.phase is Phase.PLACE else 0
    count = len(state.stack) + drawn + len(state.placed) + len(state.discarded)
    assert count == total_tiles(state), "tiles lost"
    if previous is not None:
        assert all(a <= b for a, b in zip(previous.points, state.points, strict=True)), "score fell"
    sums = [0] * players
    for part in state.scored:
        for seat in part.seats:
            sums[seat] += part.points
    assert tuple(sums) == state.points, "points differ from the sum of the scored parts"
    if state.phase is Phase.FOLLOWER:
        return
    owner = state.segment_feature
    for follower in state.followers:
        feature = state.features[owner[follower.segment]]
        assert feature is not None
        assert feature.kind is Kind.FIELD or feature.open > 0, "a follower on a completed feature"
    complete = sum(
        1 for f in state.features if f is not None and f.kind is not Kind.FIELD and f.open == 0
    )
    assert complete == sum(1 for part in state.scored if not part.final), "scored != completed"
