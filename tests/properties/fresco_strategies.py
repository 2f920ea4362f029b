"""Hypothesis strategies and laws for Fresco shared by the property tests."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from fresco_rules.fresco import (
    AltarLimit,
    AttendTheatre,
    BishopMoveLimit,
    Blend,
    BuyTile,
    ChooseGetUp,
    ChooseTrackSpace,
    CloseBooth,
    EarnStudio,
    EndTurn,
    GameConfig,
    MarketRefill,
    Paint,
    Restore,
    RestoreAltar,
    SecondCathedral,
    StartRotation,
    State,
    SubmitPlan,
    TrackCollision,
)
from fresco_rules.fresco.state import Phase

configs = st.builds(
    GameConfig,
    players=st.sampled_from([2, 3, 4]),
    market_refill=st.sampled_from(MarketRefill),
    bishop_move_limit=st.sampled_from(BishopMoveLimit),
    altar_limit=st.sampled_from(AltarLimit),
    second_cathedral=st.sampled_from(SecondCathedral),
    start_rotation=st.sampled_from(StartRotation),
    track_collision=st.sampled_from(TrackCollision),
)
"""Every player count with every combination of interpretation options."""

small = st.integers(-2, 6)
cells = st.tuples(st.integers(-1, 5), st.integers(-1, 5))
odd_values: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.text(max_size=3),
    st.floats(allow_nan=True),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.lists(st.integers(), max_size=3),
)

junk_actions: st.SearchStrategy[Any] = st.one_of(
    st.builds(ChooseGetUp, small),
    st.builds(
        SubmitPlan,
        *(st.integers(-1, 4) for _ in range(6)),
    ),
    st.builds(BuyTile, small, small),
    st.builds(CloseBooth, small),
    st.builds(Restore, cells, st.one_of(st.none(), cells)),
    st.builds(
        RestoreAltar,
        st.tuples(st.sampled_from(Paint), st.sampled_from(Paint), st.sampled_from(Paint)),
    ),
    st.just(EarnStudio()),
    st.builds(Blend, st.sampled_from(Paint)),
    st.just(AttendTheatre()),
    st.builds(ChooseTrackSpace, st.integers(-1, 200)),
    st.just(EndTurn()),
    # wrong shapes: odd field values, and things that are no action at all
    st.builds(ChooseGetUp, odd_values),
    st.builds(BuyTile, odd_values, odd_values),
    st.builds(Restore, odd_values, odd_values),
    st.builds(RestoreAltar, odd_values),
    st.builds(Blend, odd_values),
    st.builds(SubmitPlan, odd_values, odd_values),
    odd_values,
)
"""Arbitrary, mostly illegal actions, malformed ones included."""


def fresco_laws(state: State, previous: State | None) -> None:
    """Fresco's own invariants, checked after every step."""
    tables = state.tables
    for plan in state.plans:
        if plan is not None:
            assert all(0 <= n <= 3 for n in plan.counts), "R0.25: at most 3 per location"
    for seat in range(tables.players):
        plan = state.plans[seat]
        if plan is not None:
            assert sum(plan.counts) <= state.apprentices[seat], "R0.25: too many apprentices"
        assert 0 <= state.mood[seat] < tables.mood.rows, "R0.22: mood off its column"
    on_track = [space for space in state.track if space > 0]
    assert len(on_track) == len(set(on_track)), "R0.51: two painters share a track space"
    for actor in range(tables.actors):
        assert (state.track[actor] > 0) != (state.start[actor] > 0), "painter on track xor start"
    if previous is not None:
        for old, new in zip(previous.track, state.track, strict=True):
            assert new >= old, "scores never go down"
    assert state.phase is Phase.OVER or state.round >= 1
