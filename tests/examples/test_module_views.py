"""Player views and ledgers of modules 5 and 6, per seat (issue 15).

Hidden information is a rule: R5.14/A5.4 leaf gold lies behind the large screens and the
gilding disc is public; R6.27/G.4 glass lies behind the large screens, the Glassworks tiles
behind the small screens are revealed with the plans (R6.7, R0.28), the offer, the reserve
board, the workbench and the window openings are public, the window pile is face down (only its
size shows). Each seat sees its own holdings and nobody else's.
"""

from __future__ import annotations

import pytest

from fresco_rules.fresco import (
    Location,
    PlaceGlassworks,
    SubmitPlan,
    apply,
    player_view,
    token_ledger,
)

from .fixtures import AT_6, AT_7, AT_8, AT_9
from .module_fixtures import (
    GLAZIERS,
    GOLD,
    counts,
    get_up,
    glass_of,
    gold_of,
    mgame,
    plan,
    with_glass,
    with_gold,
)

EARLY = {0: AT_6, 1: AT_7, 2: AT_8, 3: AT_9}
GOLD_HELD = (2, 0, 5, 1)


@pytest.mark.rule("R5.14", "A5.4")
@pytest.mark.parametrize("seat", range(4))
def test_leaf_gold_view_shows_only_the_seats_own_gold(seat: int) -> None:
    state = mgame(GOLD)
    for s, n in enumerate(GOLD_HELD):
        state = with_gold(state, s, n)
    g = gold_of(state)
    view = player_view(state, seat)
    assert view["leaf_gold"] == tuple(n if s == seat else None for s, n in enumerate(GOLD_HELD))
    assert view["leaf_gold_supply"] == g.supply == 24 - sum(GOLD_HELD)
    assert view["gilding_colour"] is g.disc  # the disc on the basket tile is public


@pytest.mark.rule("R5.14")
def test_leaf_gold_ledger_counts_supply_seats_and_discs() -> None:
    state = mgame(GOLD)
    for s, n in enumerate(GOLD_HELD):
        state = with_gold(state, s, n)
    ledger = token_ledger(state)
    assert ledger["leaf_gold"] == {
        "supply": 24 - sum(GOLD_HELD),
        **{f"seat {s}": n for s, n in enumerate(GOLD_HELD)},
    }
    assert ledger["colour_discs"] == {"bag": len(gold_of(state).bag), "basket": 1}


@pytest.mark.rule("R6.27", "G.4")
@pytest.mark.parametrize("seat", range(4))
def test_glass_view_shows_only_the_seats_own_glass(seat: int) -> None:
    state = mgame(GLAZIERS)
    holdings: list[dict[str, int]] = [{"yellow": 1}, {"blue": 2}, {"red": 1, "green": 1}, {}]
    for s, by_colour in enumerate(holdings):
        state = with_glass(state, s, **by_colour)
    held = [counts(**by_colour) for by_colour in holdings]
    g = glass_of(state)
    view = player_view(state, seat)
    assert view["glass"] == tuple(h if s == seat else None for s, h in enumerate(held))
    assert view["glass_offer"] == g.offer
    assert view["glass_bag"] == sum(g.bag)
    assert view["glass_reserve"] == g.reserve
    assert view["workbench"] == g.workbench
    assert view["window_pile"] == len(g.pile)  # face down: only the size shows
    assert view["windows"] == g.openings


@pytest.mark.rule("R6.7", "R0.28")
def test_glassworks_tiles_are_hidden_while_planning_and_revealed_with_the_plans() -> None:
    state = get_up(mgame(GLAZIERS), EARLY)
    state = plan(
        state,
        {0: SubmitPlan(market=1), 1: SubmitPlan(studio=1)},
        covers={0: PlaceGlassworks(Location.STUDIO), 1: PlaceGlassworks(Location.MARKET)},
    )
    revealed = glass_of(state).covers
    assert [c.location if c else None for c in revealed] == [
        Location.STUDIO,
        Location.MARKET,
        None,
        None,
    ]
    for seat in range(4):
        assert player_view(state, seat)["glassworks"] == revealed
    # during planning: seat 0 has placed his tile, seat 1 not yet; nobody sees another's
    planning = get_up(mgame(GLAZIERS), EARLY)
    planning = apply(planning, PlaceGlassworks(Location.STUDIO))
    own = glass_of(planning).covers[0]
    assert own is not None and own.location is Location.STUDIO
    assert player_view(planning, 0)["glassworks"] == (own, None, None, None)
    for seat in (1, 2, 3):
        assert player_view(planning, seat)["glassworks"] == (None, None, None, None)


@pytest.mark.rule("R6.27")
def test_glass_ledger_counts_every_place() -> None:
    state = with_glass(mgame(GLAZIERS, players=3), 1, red=2)
    g = glass_of(state)
    ledger = token_ledger(state)
    assert ledger["glass_tokens"] == {
        "bag": sum(g.bag),
        "offer": sum(g.offer),
        "reserve": 0,
        "seat 0": 0,
        "seat 1": 2,
        "seat 2": 0,
    }
    assert sum(ledger["glass_tokens"].values()) == 26
    assert ledger["window_tiles"] == {"pile": 12, "workbench": 6, "openings": 0}
