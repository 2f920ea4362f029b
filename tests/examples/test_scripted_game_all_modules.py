"""A scripted 2-player game (with Leonardo) with all six modules, played to its end, with every
player's score asserted after every step.

In round 1 Red (seat 0) restores the module-3 centre tile F32 with the pink and brown he is
given and blends a pink at the workshop, and Blue takes a portrait at the studio; after that both
players plan no apprentice, so only Leonardo scores during the game:
each of his restorations scores the tile's value plus the bishop bonus (R0.40) plus, on a
window-bordering segment, the full VP of the window he takes (R6.25); each portrait he takes
scores its printed VP (R1.24); each request he fulfils scores the VP of its pile's top tile
(R2.15). The expected numbers below are computed from those rules and the
data tables alone; the engine supplies only the inputs chance decides (the deal, which window a
restoration takes). With module 1 the game ends after round 9 at the latest (R1.21); then each
player converts his pennies (R4.14), leaf gold (R5.12) and Thalers (R0.63).
"""

from __future__ import annotations

import pytest

from fresco_rules.fresco import (
    CENTRE,
    Blend,
    ChooseTrackSpace,
    FulfilRequest,
    GameConfig,
    Module,
    Paint,
    PlaceGlassworks,
    PlacePennies,
    Restore,
    SkipStreetMusician,
    State,
    SubmitPlan,
    TakePortrait,
    TakeWindow,
    apply,
    legal_actions,
    new_game,
    scores,
    token_ledger,
)
from fresco_rules.fresco.extensions import pending
from fresco_rules.fresco.modules import portraits_state
from fresco_rules.fresco.modules.glaziers_data import GLAZIERS_DATA
from fresco_rules.fresco.modules.portraits_data import PORTRAITS_DATA
from fresco_rules.fresco.modules.requests_data import REQUESTS_DATA
from fresco_rules.fresco.modules.special_blends_data import BLENDS_DATA
from fresco_rules.fresco.state import Phase

from ..module_states import gold_of, portraits_of, well_of
from .module123_fixtures import paints8, with_paints8

RED, BLUE = 0, 1
ALL_SIX = frozenset(Module)


def _bonus(segment: tuple[int, int], bishop: tuple[int, int]) -> int:
    if segment == bishop:
        return 3
    return 2 if max(abs(segment[0] - bishop[0]), abs(segment[1] - bishop[1])) == 1 else 0


ROUND_1_PLANS = {RED: SubmitPlan(cathedral=1, workshop=1), BLUE: SubmitPlan(studio=1)}


def _choose(state: State) -> object:
    """The script: in round 1 Red restores F32 and blends a pink (R3.5), Blue takes the first
    displayed portrait (R1.4); otherwise nobody places an apprentice, every decision takes its
    first choice and Leonardo takes his first legal action."""
    legal = legal_actions(state)
    actor = None if state.turn is None else state.turn.actor
    if actor == RED and Restore(CENTRE) in legal:
        return Restore(CENTRE)
    if actor == RED and Blend(Paint.PINK) in legal:
        return Blend(Paint.PINK)
    if actor == BLUE:
        portraits = [a for a in legal if isinstance(a, TakePortrait)]
        if portraits:
            return portraits[0]
    if state.phase is Phase.PLAN and isinstance(legal[0], SubmitPlan):
        seat = next(s for s in (RED, BLUE) if state.plans[s] is None)
        return ROUND_1_PLANS[seat] if state.round == 1 else SubmitPlan()
    for kind in (SkipStreetMusician, PlaceGlassworks, PlacePennies):
        for action in legal:
            plain = getattr(action, "location", None) is None
            if isinstance(action, kind) and plain and getattr(action, "count", 0) == 0:
                return action
    return legal[0]


@pytest.mark.rule(
    "M.1", "M.2", "R1.21", "R1.24", "R2.15", "R3.10", "R6.25", "R0.40", "R0.63", "R4.14"
)
def test_scripted_game_with_all_six_modules() -> None:
    config = GameConfig(players=2, modules=ALL_SIX)
    state = new_game(config, 7)
    leo = state.tables.leonardo
    assert state.tile_at(CENTRE) == "F32"
    state = with_paints8(state, RED, pink=1, brown=1, purple=1, red=1)
    data = config.components
    values = {t.id: t.value for t in data.fresco_tiles}
    values.update((t.id, t.value) for t in BLENDS_DATA.of(data).fresco_tiles)
    window_vp = {w.id: w.vp for w in GLAZIERS_DATA.of(data).windows}
    portrait_vp = {c.id: c.vp for c in PORTRAITS_DATA.of(data).cards}
    bordering = set(GLAZIERS_DATA.of(data).window_segments.segments)
    # R2.2: each pile's values from the top down (the highest first)
    pile_vps = {
        kind: sorted((t.vp for t in REQUESTS_DATA.of(data).tiles if t.type == kind), reverse=True)
        for kind in ("general", "orange", "green", "purple")
    }
    expected = [0, 0, 0]  # Red, Blue, Leonardo
    totals = {kind: sum(places.values()) for kind, places in token_ledger(state).items()}
    steps = 0
    blue_took: list[str] = []
    while state.phase is not Phase.OVER:
        action = _choose(state)
        if isinstance(action, TakePortrait) and state.turn is not None and state.turn.actor == BLUE:
            blue_took.append(action.card)
        before = state
        state = apply(state, action)
        steps += 1
        actor = None if before.turn is None else before.turn.actor
        if isinstance(action, Restore) and actor is not None:
            tile = before.tile_at(action.segment)
            assert tile is not None
            points = values[tile] + _bonus(action.segment, before.bishop)
            if action.segment in bordering and actor == leo:
                # R6.25: he takes the price-0 window at once, full VP, no penalty
                assert state.scored is not None and state.scored.restoration.window is not None
                points += window_vp[state.scored.restoration.window]
            expected[2 if actor == leo else actor] += points
        elif isinstance(action, TakeWindow):
            raise AssertionError("only Leonardo restores windows here, and he takes slot 0")
        elif isinstance(action, TakePortrait) and actor is not None:
            expected[2 if actor == leo else actor] += portrait_vp[action.card]
        elif isinstance(action, FulfilRequest) and actor is not None:
            expected[2 if actor == leo else actor] += pile_vps[action.pile].pop(0)
        elif isinstance(action, ChooseTrackSpace) and actor is not None:
            expected[2 if actor == leo else actor] = action.space
        if state.phase is Phase.OVER:
            w, g = well_of(before), gold_of(before)
            assert w is not None and g is not None
            for seat in (RED, BLUE):
                thalers = before.money[seat] + w.pennies[seat] + g.held[seat]
                expected[seat] += thalers // 2
        got = [*scores(state), state.track[leo]]
        if state.pending_track:
            continue  # the painter moves when the space is chosen (R0.51)
        assert got == expected, (steps, action, state.where())
    assert state.round <= 9
    assert paints8(state, RED).get("pink", 0) == 1 and "F32" in state.held[RED]
    assert (
        portraits_state.portraits_of(state) is not None
        and blue_took[0] in portraits_of(state).removed + portraits_of(state).held[BLUE]
    )
    assert expected[RED] >= 27  # F32 from the centre: 24 + 3
    after = {kind: sum(places.values()) for kind, places in token_ledger(state).items()}
    assert after == totals
    assert pending(state) is None
    assert legal_actions(state) == ()
