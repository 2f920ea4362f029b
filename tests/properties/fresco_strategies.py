"""Hypothesis strategies and laws for Fresco shared by the property tests."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import strategies as st

from fresco_rules.fresco import (
    GLASS,
    Abbot,
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
    ChooseIncomePaint,
    ChooseTrackSpace,
    CloseBooth,
    DiscSet,
    EarnStudio,
    EndTurn,
    FreeTileGold,
    FulfilRequest,
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
    Module3Splashes,
    Paint,
    PlaceGlassworks,
    PlacePennies,
    Portraits,
    Praise,
    Restore,
    RestoreAltar,
    Scored,
    SecondCathedral,
    Sexton,
    SkipStreetMusician,
    StartRotation,
    State,
    SubmitPlan,
    TakePortrait,
    TakeWindow,
    TipWithPortrait,
    TrackCollision,
    UseAlchemy,
    UseBishopsPraise,
    UseBishopsVisit,
    UseFreePaints,
    UseLuckyFellow,
    UseReward,
    UseSexton,
    UseStreetMusician,
    UseTip,
    WindowRefill,
    WishingPurchase,
    window_penalty,
)
from fresco_rules.fresco.flow import apprentices_at
from fresco_rules.fresco.modules import (
    glaziers_state,
    leaf_gold_state,
    portraits_state,
    requests_state,
    wishing_well_state,
)
from fresco_rules.fresco.modules.glaziers_data import GLAZIERS_DATA
from fresco_rules.fresco.modules.portraits_data import PORTRAITS_DATA
from fresco_rules.fresco.modules.special_blends_data import BLENDS_DATA
from fresco_rules.fresco.state import Phase

from ..module_states import gold_of, requests_of

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
    module3_splashes=st.sampled_from(Module3Splashes),
    portraits=st.sampled_from(Portraits),
    abbot=st.sampled_from(Abbot),
    sexton=st.sampled_from(Sexton),
    tip_with_portrait=st.sampled_from(TipWithPortrait),
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
    # modules 1-3
    st.builds(TakePortrait, st.sampled_from([f"PT{n:02d}" for n in range(0, 20)])),
    st.builds(TakePortrait, odd_values, odd_values),
    st.builds(UseSexton, cells),
    st.builds(UseSexton, odd_values),
    st.builds(
        FulfilRequest,
        st.sampled_from(["general", "orange", "green", "purple", "pink"]),
        st.lists(st.sampled_from([f"F{n:02d}" for n in range(1, 33)]), max_size=4).map(tuple),
    ),
    st.builds(FulfilRequest, odd_values, odd_values),
    st.builds(ChooseIncomePaint, st.sampled_from(Paint)),
    st.builds(ChooseIncomePaint, odd_values),
    st.builds(Blend, st.sampled_from([Paint.PINK, Paint.BROWN])),
    st.builds(
        RestoreAltar,
        st.lists(
            st.sampled_from([Paint.PINK, Paint.BROWN, Paint.ORANGE]), min_size=3, max_size=3
        ).map(tuple),
    ),
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
    """The laws of the modules, checked after every step."""
    players = state.tables.players
    laws_123(state, previous)
    w = wishing_well_state.well_of(state)
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
    g = leaf_gold_state.gold_of(state)
    if g is not None and previous is not None and leaf_gold_state.gold_of(previous) is not None:
        if state.round == previous.round + 1:
            assert g.disc is not gold_of(previous).disc, "R5.11: the disc changes every round"
        assert g.disc not in g.bag
    glass = glaziers_state.glass_of(state)
    if glass is not None:
        box = {kind.colour: kind.count for kind in GLAZIERS_DATA.of(state.config.components).glass}
        for colour in GLASS:
            i = GLASS.index(colour)
            loose = glass.bag[i] + glass.offer[i] + glass.reserve[i]
            assert loose + sum(h[i] for h in glass.held) == box[colour], "R6.27 per colour"
    scored = state.scored
    # Only a restoration scored by the step just taken: an older record would be checked
    # against today's state (an Abbot taken since then adds to the bonus it recomputes).
    if scored is not None and previous is not None and scored is not previous.scored:
        assert scored.points >= 0, "G.6: a restoration never scores below zero"
        assert scored.points == expected_points(state, scored), "G.6: max(0, parts - penalties)"


def laws_123(state: State, previous: State | None) -> None:
    """Modules 1-3 (M.6 and the issue's laws): portraits taken at most once per player per
    round (A1.1 default), request stacks never reused and never loose again, pink and brown only
    from their recipes (R3.5, R3.7)."""
    p = portraits_state.portraits_of(state)
    if p is not None:
        if state.config.portraits is Portraits.ONE_PER_ROUND:
            assert all(n <= 1 for n in p.taken), "R1.5: one portrait per player per round"
        cards = [c for c in (*p.deck, *p.display, *p.removed) if c is not None]
        cards += [c for held in p.held for c in held]
        assert len(cards) == len(set(cards)) == 18, "M.6: every portrait once"
    q = requests_state.requests_of(state)
    if q is not None:
        stacked = [t for stacks in q.stacks for _, tiles in stacks for t in tiles]
        used = [*stacked, *q.removed_tiles]
        assert len(used) == len(set(used)), "R2.7: a tile serves one request only"
        loose = {t for held in state.held for t in held}
        assert not loose & set(used), "R2.7: a stacked tile is never loose again"
        if previous is not None and requests_state.requests_of(previous) is not None:
            for seat, stacks in enumerate(requests_of(previous).stacks):
                assert requests_state.requests_of(state) is not None
                assert q.stacks[seat][: len(stacks)] == stacks, "request stacks are kept"
    if state.tables.special_paints and previous is not None:
        for seat in range(players_of(state)):
            old, new = previous.paints[seat], state.paints[seat]
            for special, (first, second) in ((6, (5, 0)), (7, (3, 4))):
                gained = new[special] - old[special]
                if gained > 0:
                    turn = previous.turn
                    assert turn is not None and turn.location is Location.WORKSHOP, (
                        "R3.7: pink and brown come only from blending"
                    )
                    assert gained == 1 and new[first] == old[first] - 1, "R3.5: the recipe"
                    assert new[second] == old[second] - 1, "R3.5: the recipe"
    elif previous is not None:
        assert all(len(paints) == 6 for paints in state.paints), "R3.1: no pink or brown"


def players_of(state: State) -> int:
    return state.tables.players


def _abbots(state: State, actor: int) -> int:
    p = portraits_state.portraits_of(state)
    if p is None or state.is_leonardo(actor):
        return 0
    kinds = {c.id: c.kind for c in PORTRAITS_DATA.of(state.config.components).cards}
    return sum(kinds[card] == "abbot" for card in p.held[actor])


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
    values.update((tile.id, tile.value) for tile in BLENDS_DATA.of(data).fresco_tiles)
    assert r.base == values[r.tile or ""]
    dr, dc = abs(r.segment[0] - r.bishop[0]), abs(r.segment[1] - r.bishop[1])
    base = bonus = 3 if dr == dc == 0 else 2 if max(dr, dc) == 1 else 0
    abbots = _abbots(state, r.actor)
    if abbots and (config.abbot is Abbot.ALWAYS or base >= 2):
        bonus += abbots  # R1.9 (A1.2, A1.4): each Abbot on the base bonus
    if r.praise and (config.praise is Praise.ALWAYS or base >= 2):
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
    bordering = config.window_segments or GLAZIERS_DATA.of(data).window_segments.segments
    if glaziers_state.glass_of(state) is not None:
        assert (r.window is not None) == (r.segment in bordering), "R6.11"
    if r.window is not None:
        tile = next(w for w in GLAZIERS_DATA.of(data).windows if w.id == r.window)
        window = tile.vp
        if not state.is_leonardo(r.actor):
            prices = {kind.colour: kind.penalty for kind in GLAZIERS_DATA.of(data).glass}
            uncovered = Counter(tile.panes) - Counter(r.glass)
            assert not Counter(r.glass) - Counter(tile.panes), "A6.7: no surplus token"
            penalty = sum(prices[pane] * n for pane, n in uncovered.items())
            # the penalty law on this window: one more matching token never raises it
            assert window_penalty(tile.panes, r.glass) == penalty
            if r.glass:
                assert window_penalty(tile.panes, r.glass[:-1]) >= penalty
            assert window_penalty(tile.panes, tile.panes) == 0
    return max(0, r.base + bonus + gilding + window - penalty)
