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
from fresco_rules.fresco.state import State


def portraits_of(state: State) -> PortraitState:
    found = portraits_state.portraits_of(state)
    assert found is not None, "module 1 is not in play"
    return found


def requests_of(state: State) -> RequestState:
    found = requests_state.requests_of(state)
    assert found is not None, "module 2 is not in play"
    return found


def specials_of(state: State) -> SpecialState:
    found = special_blends_state.specials_of(state)
    assert found is not None, "module 3 is not in play"
    return found


def well_of(state: State) -> WellState:
    found = wishing_well_state.well_of(state)
    assert found is not None, "module 4 is not in play"
    return found


def gold_of(state: State) -> GoldState:
    found = leaf_gold_state.gold_of(state)
    assert found is not None, "module 5 is not in play"
    return found


def glass_of(state: State) -> GlassState:
    found = glaziers_state.glass_of(state)
    assert found is not None, "module 6 is not in play"
    return found
