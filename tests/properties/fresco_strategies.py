"""Hypothesis strategies and laws for Fresco shared by the property tests."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import strategies as st

from fresco_rules.fresco import (
    GLASS,
    AlchemyInputs,
    AltarLimit,
    AltarWindow,
    AttendTheatre,
    BishopMoveLimit,
    BishopVisit,
    Blend,
    BuyGlass,
    BuyTile,
    BuyWishingCard,
    ChooseGetUp,
    ChooseTrackSpace,
    CloseBooth,
    DiscSet,
    EarnStudio,
    EndTurn,
    FreeTileGold,
    GameConfig,
    Gild,
    GildingAdjacency,
    Glass,
    GlassworksSlot,
    HandInGlass,
    Location,
    M3Setup,
    MarketRefill,
    Module,
    Paint,
    PlaceGlassworks,
    PlacePennies,
    Praise,
    Restore,
    RestoreAltar,
    Scored,
    SecondCathedral,
    SkipStreetMusician,
    StartRotation,
    State,
    SubmitPlan,
    TakeWindow,
    TrackCollision,
    UseAlchemy,
    UseBishopsPraise,
    UseBishopsVisit,
    UseFreePaints,
    UseLuckyFellow,
    UseReward,
    UseStreetMusician,
    UseTip,
    WindowRefill,
    WishingPurchase,
    window_penalty,
)
from fresco_rules.fresco.flow import apprentices_at
from fresco_rules.fresco.state import Phase

OTHER_WINDOW_CELLS = (
    (0, 0),
    (0, 4),
    (4, 0),
    (4, 4),
    (1, 1),
    (1, 2),
    (1, 3),
    (2, 1),
    (2, 3),
    (3, 1),
    (3, 2),
    (3, 3),
)
"""An A6.2 alternative: the corners and the ring around the centre."""

configs = st.builds(
    GameConfig,
    players=st.sampled_from([2, 3, 4]),
    market_refill=st.sampled_from(MarketRefill),
    bishop_move_limit=st.sampled_from(BishopMoveLimit),
    altar_limit=st.sampled_from(AltarLimit),
    second_cathedral=st.sampled_from(SecondCathedral),
    start_rotation=st.sampled_from(StartRotation),
    track_collision=st.sampled_from(TrackCollision),
    modules=st.frozensets(st.sampled_from(Module)),
    wishing_purchase=st.sampled_from(WishingPurchase),
    praise=st.sampled_from(Praise),
    bishop_visit=st.sampled_from(BishopVisit),
    alchemy_inputs=st.sampled_from(AlchemyInputs),
    free_tile_gold=st.sampled_from(FreeTileGold),
    disc_set=st.sampled_from(DiscSet),
    gilding_adjacency=st.sampled_from(GildingAdjacency),
    workbench_prices=st.sampled_from([None, (0, 0, 1, 1, 2, 3)]),
    window_segments=st.sampled_from([None, OTHER_WINDOW_CELLS]),
    window_refill=st.sampled_from(WindowRefill),
    glassworks_slot=st.sampled_from(GlassworksSlot),
    altar_window=st.sampled_from(AltarWindow),
    m3_setup=st.sampled_from(M3Setup),
)
"""Every player count with every combination of modules (4, 5, 6) and interpretation options."""

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
    # modules 4-6
    st.just(UseStreetMusician()),
    st.just(SkipStreetMusician()),
    st.builds(PlacePennies, st.integers(-1, 4)),
    st.just(BuyWishingCard()),
    st.just(UseLuckyFellow()),
    st.builds(UseFreePaints, st.sampled_from(["M01", "M06", "M11", "M12", "W01", ""])),
    st.builds(UseBishopsVisit, cells),
    st.just(UseBishopsPraise()),
    st.just(UseTip()),
    st.builds(
        UseAlchemy,
        st.tuples(st.sampled_from(Paint), st.sampled_from(Paint), st.sampled_from(Paint)),
        st.sampled_from(Paint),
    ),
    st.just(UseReward()),
    st.builds(Gild, st.booleans()),
    st.builds(PlaceGlassworks, st.one_of(st.none(), st.sampled_from(Location)), st.booleans()),
    st.builds(BuyGlass, st.sampled_from(Glass)),
    st.builds(TakeWindow, st.integers(-1, 7)),
    st.builds(HandInGlass, st.lists(st.sampled_from(Glass), max_size=5).map(tuple)),
    # wrong shapes: odd field values, and things that are no action at all
    st.builds(ChooseGetUp, odd_values),
    st.builds(BuyTile, odd_values, odd_values),
    st.builds(Restore, odd_values, odd_values),
    st.builds(RestoreAltar, odd_values),
    st.builds(Blend, odd_values),
    st.builds(SubmitPlan, odd_values, odd_values),
    st.builds(PlacePennies, odd_values),
    st.builds(UseFreePaints, odd_values),
    st.builds(UseBishopsVisit, odd_values),
    st.builds(UseAlchemy, odd_values, odd_values),
    st.builds(Gild, odd_values),
    st.builds(PlaceGlassworks, odd_values, odd_values),
    st.builds(BuyGlass, odd_values),
    st.builds(TakeWindow, odd_values),
    st.builds(HandInGlass, odd_values),
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
    if state.tables.modules:
        module_laws(state, previous)


def module_laws(state: State, previous: State | None) -> None:
    """The laws of modules 4-6, checked after every step."""
    players = state.tables.players
    w = state.well
    if w is not None:
        assert 0 <= w.well <= 2, "R4.6: the well holds at most 2 pennies"
        for seat in range(players):
            played = w.played[seat]
            assert played.count("phase1") <= 1, "R4.11: one Street Musician a round"
            plan = state.plans[seat]
            for where in set(played) - {"phase1"}:
                assert plan is not None
                used = played.count(where)
                assert used <= apprentices_at(state, plan, Location(where)), (
                    "R4.8: no apprentice uses two wishing cards in a round"
                )
    g = state.gold
    if g is not None and previous is not None and previous.gold is not None:
        if state.round == previous.round + 1:
            assert g.disc is not previous.gold.disc, "R5.11: the disc changes every round"
        assert g.disc not in g.bag
    glass = state.glass
    if glass is not None:
        box = {kind.colour: kind.count for kind in state.config.components.modules.glaziers.glass}
        for colour in GLASS:
            i = GLASS.index(colour)
            loose = glass.bag[i] + glass.offer[i] + glass.reserve[i]
            assert loose + sum(h[i] for h in glass.held) == box[colour], "R6.27 per colour"
    scored = state.scored
    if scored is not None and (previous is None or scored is not previous.scored):
        assert scored.points >= 0, "G.6: a restoration never scores below zero"
        assert scored.points == expected_points(state, scored), "G.6: max(0, parts - penalties)"


def expected_points(state: State, scored: Scored) -> int:
    """One restoration's score computed from its facts alone (G.6), without the engine's
    scoring functions: tile value, bishop distance, Praise, leaf gold, window VP and the
    penalty of every pane that no token covers."""
    config = state.config
    data = config.components
    r = scored.restoration
    if r.segment is None:
        assert not r.gild and r.window is None, "R5.10: nothing but glass at the altar"
        assert len(set(r.glass)) == len(r.glass) <= 4, "R6.19"
        return max(0, r.base + len(r.glass))
    values = {tile.id: tile.value for tile in data.fresco_tiles}
    values.update((tile.id, tile.value) for tile in data.modules_123.special_blends.fresco_tiles)
    assert r.base == values[r.tile or ""]
    dr, dc = abs(r.segment[0] - r.bishop[0]), abs(r.segment[1] - r.bishop[1])
    bonus = 3 if dr == dc == 0 else 2 if max(dr, dc) == 1 else 0
    if r.praise and (config.praise is Praise.ALWAYS or bonus >= 2):
        bonus += 1
    gilding = 0
    if r.gild:
        near = (
            dr + dc == 1
            if config.gilding_adjacency is GildingAdjacency.ORTHOGONAL
            else max(dr, dc) == 1
        )
        gilding = 3 if dr == dc == 0 else 2 if near else 1
    window = penalty = 0
    bordering = config.window_segments or data.modules.glaziers.window_segments.segments
    if state.glass is not None:
        assert (r.window is not None) == (r.segment in bordering), "R6.11"
    if r.window is not None:
        tile = next(w for w in data.modules.glaziers.windows if w.id == r.window)
        window = tile.vp
        if not state.is_leonardo(r.actor):
            prices = {kind.colour: kind.penalty for kind in data.modules.glaziers.glass}
            uncovered = Counter(tile.panes) - Counter(r.glass)
            assert not Counter(r.glass) - Counter(tile.panes), "A6.7: no surplus token"
            penalty = sum(prices[pane] * n for pane, n in uncovered.items())
            # the penalty law on this window: one more matching token never raises it
            assert window_penalty(tile.panes, r.glass) == penalty
            if r.glass:
                assert window_penalty(tile.panes, r.glass[:-1]) >= penalty
            assert window_penalty(tile.panes, tile.panes) == 0
    return max(0, r.base + bonus + gilding + window - penalty)
