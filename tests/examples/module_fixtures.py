"""Positions for the worked examples of fresco-modules-456.md (modules 4, 5 and 6).

As in ``fixtures``, the flow is driven with real actions through ``apply`` (get-up times, the
Street Musician, Glassworks tiles, plans, pennies, turns); only what no action can set up
directly (cards in a hand, pennies, leaf gold, glass, the disc on the basket, the windows on the
workbench, the next chance outcome) is placed with ``attrs.evolve``, and every helper keeps the
module ledgers (R4.16, R5.14, R6.27) balanced.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from attrs import evolve

from fresco_rules.fresco import (
    GLASS,
    Action,
    EndTurn,
    GameConfig,
    Glass,
    Location,
    Module,
    Paint,
    PlaceGlassworks,
    PlacePennies,
    SkipStreetMusician,
    State,
    SubmitPlan,
    apply,
    legal_actions,
    token_ledger,
)
from fresco_rules.fresco.extensions import pending
from fresco_rules.fresco.modules import glaziers_state, leaf_gold_state, wishing_well_state
from fresco_rules.fresco.state import Phase, Restoration, Scored
from fresco_rules.fresco.turns import planner

from ..module_states import glass_of as glass_of
from ..module_states import gold_of as gold_of
from ..module_states import well_of as well_of
from .fixtures import NOTHING, game

WELL, GOLD, GLAZIERS = Module.WISHING_WELL, Module.LEAF_GOLD, Module.GLAZIERS
ALL = (WELL, GOLD, GLAZIERS)
GY, GB, GR, GG = Glass.YELLOW, Glass.BLUE, Glass.RED, Glass.GREEN

MODULE_TOTALS = {
    "lucky_pennies": 20,
    "wishing_cards": 20,
    "leaf_gold": 24,
    "glass_tokens": 26,
    "window_tiles": 18,
}
"""Box counts of component-data.md sections 5-7 (R4.16, R5.14, R6.27)."""


def mgame(
    *modules: Module,
    players: int = 4,
    start: tuple[int, ...] | None = None,
    **options: Any,
) -> State:
    """A new game with ``modules`` in round 1, phase 1; the seats on their start spaces as in
    ``fixtures.game`` (4 players: seat 0 on S1 ... seat 3 on S4)."""
    config = GameConfig(players=players, modules=frozenset(modules), **options)
    return game(players, start, config)


# --- driving the flow ----------------------------------------------------------------------------


def get_up(
    state: State, slots: Mapping[int, int], musicians: Mapping[int, bool] | None = None
) -> State:
    """Phase 1: every actor takes ``slots[actor]`` in order A; a player asked about his Street
    Musician (R4.11) plays it when ``musicians[seat]`` is true, else keeps it."""
    from fresco_rules.fresco import ChooseGetUp, UseStreetMusician

    number = state.round
    while state.phase is Phase.GET_UP and state.round == number:
        due = pending(state) if state.tables.modules else None
        if due is not None:
            play = (musicians or {}).get(due.actor, False)
            state = apply(state, UseStreetMusician() if play else SkipStreetMusician())
            continue
        state = apply(state, ChooseGetUp(slots[state.order[state.step]]))
    return state


def plan(
    state: State,
    plans: Mapping[int, SubmitPlan] | None = None,
    *,
    covers: Mapping[int, PlaceGlassworks] | None = None,
    pennies: Mapping[int, int] | None = None,
) -> State:
    """Planning: each seat in turn decides on his Glassworks tile (``covers``, default: not
    used), submits ``plans[seat]`` (default: nothing) and puts ``pennies[seat]`` (default 0) on
    the market symbol when asked (R4.3, R6.7)."""
    assert state.phase is Phase.PLAN
    while state.phase is Phase.PLAN:
        seat = planner(state)
        undecided = (
            glaziers_state.glass_of(state) is not None and glass_of(state).covers[seat] is None
        )
        if state.plans[seat] is None and undecided:
            state = apply(state, (covers or {}).get(seat, PlaceGlassworks(None)))
            continue
        if state.plans[seat] is None:
            state = apply(state, (plans or {}).get(seat, NOTHING))
            continue
        state = apply(state, PlacePennies((pennies or {}).get(seat, 0)))
    return state


def start_round(
    state: State,
    slots: Mapping[int, int],
    plans: Mapping[int, SubmitPlan] | None = None,
    **options: Any,
) -> State:
    """Phase 1 and planning of one round; ``options`` go to ``plan`` (and ``musicians`` to
    ``get_up``)."""
    musicians = options.pop("musicians", None)
    return plan(get_up(state, slots, musicians), plans, **options)


def play_out_round(state: State) -> State:
    """Finish the round: every human turn is forfeited and every module decision takes its
    first legal choice; Leonardo takes his first legal action."""
    number = state.round
    while state.phase is Phase.ACTION and state.round == number:
        due = pending(state) if state.tables.modules else None
        if due is not None:
            state = apply(state, due.actions[0])
            continue
        assert state.turn is not None
        if state.is_leonardo(state.turn.actor) or state.pending_track:
            state = apply(state, legal_actions(state)[0])
        else:
            state = apply(state, EndTurn())
    return state


def end_turns_until(state: State, location: Location, actor: int) -> State:
    """Forfeit the turns before ``actor``'s turn at ``location`` (Leonardo acts first legal)."""
    while not (
        state.turn is not None and (state.turn.location, state.turn.actor) == (location, actor)
    ):
        assert state.phase is Phase.ACTION, state.where()
        assert state.turn is not None
        if state.is_leonardo(state.turn.actor):
            state = apply(state, legal_actions(state)[0])
        else:
            state = apply(state, EndTurn())
    return state


def choose(state: State, action: Action) -> State:
    """Apply ``action`` after checking that it is listed among the legal actions."""
    assert action in legal_actions(state), (action, legal_actions(state))
    return apply(state, action)


# --- placing components (ledgers kept balanced) --------------------------------------------------


def script(state: State, *outcomes: tuple[str, str]) -> State:
    """The next chance draws give ``outcomes`` (``(kind, outcome)``), e.g. the top card of the
    Wishing Card deck or the next window turned up."""
    return evolve(state, chance=evolve(state.chance, script=(*outcomes, *state.chance.script)))


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def with_hand(state: State, seat: int, *faces: str) -> State:
    """Move cards (by face: ``"tip"``, ``"free_paints:M11"``) from the deck to ``seat``'s hand."""
    w = well_of(state)
    assert w is not None
    deck = list(w.deck)
    for face in faces:
        deck.remove(face)
    hand = tuple(sorted((*w.hands[seat], *faces)))
    return wishing_well_state.with_well(
        state, evolve(w, deck=tuple(deck), hands=_put(w.hands, seat, hand))
    )


def with_pennies(state: State, seat: int, count: int) -> State:
    """``seat`` holds exactly ``count`` pennies behind his screen; the supply makes up the rest."""
    w = well_of(state)
    assert w is not None
    supply = w.supply + w.pennies[seat] - count
    assert supply >= 0
    return wishing_well_state.with_well(
        state, evolve(w, supply=supply, pennies=_put(w.pennies, seat, count))
    )


def with_gold(state: State, seat: int, count: int) -> State:
    """``seat`` holds exactly ``count`` leaf gold; the supply makes up the rest."""
    g = gold_of(state)
    assert g is not None
    supply = g.supply + g.held[seat] - count
    assert supply >= 0
    return leaf_gold_state.with_gold(
        state, evolve(g, supply=supply, held=_put(g.held, seat, count))
    )


def with_disc(state: State, colour: Paint) -> State:
    """The disc of ``colour`` lies on the basket tile (swapped with the one there)."""
    g = gold_of(state)
    assert g is not None
    if g.disc is colour:
        return state
    bag = list(g.bag)
    bag.remove(colour)
    order = list(Paint)
    return leaf_gold_state.with_gold(
        state, evolve(g, disc=colour, bag=tuple(sorted((*bag, g.disc), key=order.index)))
    )


def counts(**by_colour: int) -> tuple[int, ...]:
    """Glass counts in ``GLASS`` order from keywords (``red=2``)."""
    unknown = set(by_colour) - {g.value for g in GLASS}
    assert not unknown, unknown
    return tuple(by_colour.get(g.value, 0) for g in GLASS)


def with_glass(state: State, seat: int, **by_colour: int) -> State:
    """``seat`` holds exactly this glass; the bag makes up the difference."""
    g = glass_of(state)
    assert g is not None
    new = counts(**by_colour)
    bag = tuple(b + o - n for b, o, n in zip(g.bag, g.held[seat], new, strict=True))
    assert min(bag) >= 0, bag
    return glaziers_state.with_glass(state, evolve(g, bag=bag, held=_put(g.held, seat, new)))


def with_offer(state: State, **by_colour: int) -> State:
    """The glass offer holds exactly this; the bag makes up the difference."""
    g = glass_of(state)
    assert g is not None
    new = counts(**by_colour)
    bag = tuple(b + o - n for b, o, n in zip(g.bag, g.offer, new, strict=True))
    assert min(bag) >= 0, bag
    return glaziers_state.with_glass(state, evolve(g, bag=bag, offer=new))


def with_workbench(state: State, windows: tuple[str | None, ...]) -> State:
    """The workbench shows exactly ``windows`` (slot 0 first); windows come from the pile and
    the windows shown before go back to it."""
    g = glass_of(state)
    assert g is not None
    pool = set(g.pile) | {w for w in g.workbench if w is not None}
    placed = {w for w in windows if w is not None}
    assert placed <= pool, placed - pool
    return glaziers_state.with_glass(
        state, evolve(g, workbench=windows, pile=tuple(sorted(pool - placed)))
    )


def assert_module_ledgers(state: State) -> None:
    """R4.16, R5.14, R6.27: every module component is somewhere, and only once."""
    ledger = token_ledger(state)
    for kind, total in MODULE_TOTALS.items():
        if kind in ledger:
            assert sum(ledger[kind].values()) == total, (kind, ledger[kind])


# --- typed access to the module sub-states -------------------------------------------------------


def scored_of(state: State) -> Scored:
    assert state.scored is not None, "no restoration was scored"
    return state.scored


def restoring_of(state: State) -> Restoration:
    assert state.restoring is not None, "no restoration is waiting"
    return state.restoring
