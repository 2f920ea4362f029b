"""Typed access to the module sub-states in tests: each module's accessor (its slot of
``State.modules``), asserting that the module is in play."""

from __future__ import annotations

from fresco_rules.fresco.modules import (
    glaziers_state,
    leaf_gold_state,
    portraits_state,
    requests_state,
    special_blends_state,
    wishing_well_state,
)
from fresco_rules.fresco.modules.glaziers_state import GlassState
from fresco_rules.fresco.modules.leaf_gold_state import GoldState
from fresco_rules.fresco.modules.portraits_state import PortraitState
from fresco_rules.fresco.modules.requests_state import RequestState
from fresco_rules.fresco.modules.special_blends_state import SpecialState
from fresco_rules.fresco.modules.wishing_well_state import WellState
from fresco_rules.fresco.state import State, in_play
from fresco_rules.fresco.vocab import Module


def portraits_of(state: State) -> PortraitState:
    return in_play(portraits_state.portraits_of(state), Module.PORTRAITS)


def requests_of(state: State) -> RequestState:
    return in_play(requests_state.requests_of(state), Module.REQUESTS)


def specials_of(state: State) -> SpecialState:
    return in_play(special_blends_state.specials_of(state), Module.SPECIAL_BLENDS)


def well_of(state: State) -> WellState:
    return in_play(wishing_well_state.well_of(state), Module.WISHING_WELL)


def gold_of(state: State) -> GoldState:
    return in_play(leaf_gold_state.gold_of(state), Module.LEAF_GOLD)


def glass_of(state: State) -> GlassState:
    return in_play(glaziers_state.glass_of(state), Module.GLAZIERS)
