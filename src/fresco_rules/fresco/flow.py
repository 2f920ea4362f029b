"""Round structure, set-up, round preparation and the end of the game (R0.5-R0.16, R0.29,
R0.30, R0.54-R0.65, R0.69-R0.74, R0.78).

``advance`` runs every automatic step after an action until somebody has a decision to make.
Expansion modules join at the named extension points of ``extensions`` (set-up, round start,
location visits, turn ends, round preparation, final scoring).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import add, sub
from typing import Any

from ..kernel.chance import Outcome, checked_seed, draw_several, start_chance
from ..kernel.evolve import evolve
from ..kernel.memo import memo_last
from ..kernel.registry import implements
from . import extensions as ext
from .actions import SubmitPlan
from .config import (
    GameConfig,
    MarketRefill,
    SecondCathedral,
    StartRotation,
    Tables,
)
from .scoring import money_points, track_options
from .state import Phase, State, Turn, replace
from .vocab import CENTRE, SEGMENTS, Location, PaintCounts

# Enum members bound to module names for the hot paths: in Python 3.11 ``Phase.OVER`` goes
# through the enum metaclass's ``__getattr__`` hook, several times slower than a global.
_GET_UP, _PLANNING, _ACTING, _OVER = Phase.GET_UP, Phase.PLAN, Phase.ACTION, Phase.OVER
_MARKET, _CATHEDRAL, _CATHEDRAL_2 = Location.MARKET, Location.CATHEDRAL, Location.CATHEDRAL_2
_STUDIO, _WORKSHOP, _THEATRE = Location.STUDIO, Location.WORKSHOP, Location.THEATRE
_WITH_FIRST = SecondCathedral.WITH_FIRST
_REDRAW_ALL, _FRONT_TO_REAR = MarketRefill.REDRAW_ALL, StartRotation.FRONT_TO_REAR

_CENTRE_INDEX = SEGMENTS.index(CENTRE)
"""The centre's place in the row-major segment order."""

FINAL_ROUND_TILES = 6
"""R0.60: a round that starts with this many tiles or fewer on the cathedral is the last."""


@implements(
    "R0.3",
    "R0.4",
    "R0.5",
    "R0.6",
    "R0.7",
    "R0.8",
    "R0.10",
    "R0.11",
    "R0.12",
    "R0.13",
    "R0.70",
    "R0.71",
    "R0.72",
    "A0.18",
)
def new_game(
    config: GameConfig,
    seed: int = 0,
    *,
    tables: Tables,
    chance: Sequence[Outcome] = (),
    chance_only: bool = False,
) -> State:
    """Set up a game (R0.3-R0.13; Leonardo R0.70-R0.72) from the config, its ``tables`` (derived
    with the plug-ins by ``engine.new_game``, the public entry) and a seed.

    The seed is an ``int`` from 0 to 2**64 - 1 (anything else: ``InvalidSeed``); left out it
    is 0, so ``new_game()`` is the same game every time (the library never picks a seed by
    itself; ``fresco-rules play`` picks one at random and prints it).

    Chance comes from a generator carried in the state (A0.18): first the start spaces (R0.5,
    the two players for S1/S2 with Leonardo on S3, R0.71), then the market booths in fill
    order (R0.8-R0.10), then the fresco deal in row-major order around the centre (R0.12).
    R0.3/R0.4/R0.6/R0.7: each player starts with the box's money and paints, his hostel
    painter asleep and his mood painter on the start row. R0.11: supplies are ledgers.
    R0.13: the bishop (and R0.71 Leonardo's fresco painter) start on the centre.

    ``chance`` replays recorded draw outcomes (``(kind, outcome)`` pairs, as in
    ``state.chance.log``) instead of the generator's, e.g. for a record made by another program;
    with ``chance_only`` a draw beyond them is refused instead of generated.
    """
    seed = checked_seed(seed)
    rng = start_chance(seed, chance, scripted_only=chance_only)
    players, actors = tables.players, tables.actors

    # each deal is a run of draws in a row (draw_several: the same draws as one at a time)
    start = [0] * actors
    seats, rng = draw_several(
        rng, "start_space", [str(seat) for seat in range(players)], players, rule="A0.18"
    )
    for space, seat in enumerate(seats, start=1):
        start[int(seat)] = space
    if tables.leonardo >= 0:
        start[tables.leonardo] = 3

    # the booths in fill order, one after another from the same pool: one run of draws
    pool = sorted(tables.market_in_play)
    capacities = tables.booth_capacities
    slots, rng = draw_several(rng, "market", pool, sum(capacities), rule="A0.18")
    booths = []
    for capacity in capacities:
        booths.append(tuple(slots[:capacity]))
        del slots[:capacity]

    pile = list(tables.dealt_tiles)
    if tables.modules:
        pile, rng = ext.deal_pool(tables, pile, rng)
    dealt, rng = draw_several(rng, "fresco", pile, len(SEGMENTS) - 1, rule="A0.18")
    # row-major order around the centre
    cathedral: list[str | None] = [*dealt[:_CENTRE_INDEX], tables.centre_tile]
    cathedral += dealt[_CENTRE_INDEX:]

    start_row = tables.mood.start_row
    supply_paints = tuple(
        total - players * each
        for total, each in zip(tables.paint_totals, tables.start_paints, strict=True)
    )
    track = (0,) * actors
    state = State(
        config=config,
        tables=tables,
        chance=rng,
        track=track,
        start=tuple(start),
        held=((),) * actors,
        money=(tables.start_money,) * players,
        paints=(tables.start_paints,) * players,
        mood=(start_row,) * players,
        apprentices=(tables.apprentices_by_row[start_row],) * players,
        supply_money=tables.money_total - players * tables.start_money,
        supply_paints=supply_paints,
        cathedral=tuple(cathedral),
        bishop=CENTRE,
        leonardo_at=CENTRE if tables.leonardo >= 0 else None,
        bag=tuple(sorted(pool)),
        booths=tuple(booths),
        removed=tables.market_removed,
        pending_track=(),
        **_round_fields(
            tables,
            1,
            final=sum(tile is not None for tile in cathedral) <= FINAL_ROUND_TILES,
            controller=start.index(1) if tables.leonardo >= 0 else -1,
            track=track,
            start=tuple(start),
        ),
    )
    if tables.modules:
        state = ext.fold(tables.hooks.setup, state)
        state = ext.fold(tables.hooks.begin_round, evolve(state, **ext.reset_marks(state)))
    return state


@implements("R0.15", "R0.59")
def order_a(state: State) -> tuple[int, ...]:
    """R0.15: get-up order, last on the VP track first; painters on start spaces are behind
    every painter on the track and S1 is the rearmost. R0.59: it follows the positions after
    round preparation."""
    return _order_a(state.track, state.start)


def _order_a(track: tuple[int, ...], start: tuple[int, ...]) -> tuple[int, ...]:
    """``order_a`` from the track and start spaces (one entry per actor)."""
    return tuple(sorted(range(len(track)), key=lambda a: (track[a], start[a])))


@implements("R0.16")
def order_b(hostel: tuple[int, ...]) -> tuple[int, ...]:
    """R0.16: action order follows the chosen get-up times, earliest first."""
    return tuple(sorted(range(len(hostel)), key=lambda a: hostel[a]))


@implements("R0.29", "R0.27", "A0.7")
def location_sequence(state: State) -> tuple[Location, ...]:
    """R0.29: the order in which locations are resolved. On side 2 (R0.27) the second cathedral
    column takes the theatre's place (A0.7 ``theatre_slot``) or joins the first (``with_first``).
    Modules may add a visit (extension point ``location_sequence``). Both sides' sequences are
    worked out with the tables (``Tables.location_sequences``, ``config.base_tables``)."""
    return state.tables.location_sequences[state.side - 1]


@implements("A0.7")
def apprentices_at(state: State, plan: SubmitPlan, location: Location) -> int:
    """Apprentices of a plan acting at a location; with A0.7 ``with_first`` both cathedral
    columns act together at the first cathedral visit."""
    if location is _MARKET:
        return plan.market
    if location is _CATHEDRAL:
        if state.side == 2 and state.config.second_cathedral is _WITH_FIRST:
            return plan.cathedral + plan.cathedral_2
        return plan.cathedral
    if location is _STUDIO:
        return plan.studio
    if location is _WORKSHOP:
        return plan.workshop
    if location is _THEATRE:
        return plan.theatre
    if location is _CATHEDRAL_2:
        return plan.cathedral_2
    return 0


@implements("R0.72", "R0.78")
def leonardo_plan(state: State) -> SubmitPlan:
    """R0.72: Leonardo's apprentices stand on his market and cathedral columns all game;
    R0.78: in the final round his cathedral apprentice is removed. Both plans, with the
    modules' extra apprentices, are worked out with the tables (``Tables.leonardo_plans``)."""
    return state.tables.leonardo_plans[state.final]


@implements("R0.60", "R0.73", "R0.57")
def begin_round(state: State, number: int) -> State:
    """Start round ``number`` (2 or later; ``new_game`` starts round 1): R0.60 the end-game
    check (6 or fewer tiles left makes it the final round, played on side 2), then phase 1 in
    order A with every hostel painter back in the sleeping area (R0.57). R0.73: Leonardo's
    controller is the player on S1 in round 1 and alternates each round after. The modules'
    round marks are reset in the same new state (extension point ``round_marks``)."""
    controller = state.controller
    modules = state.tables.modules
    state = evolve(
        state,
        **_round_fields(
            state.tables,
            number,
            final=state.final or state.tiles_left() <= FINAL_ROUND_TILES,
            controller=1 - controller if controller >= 0 else controller,
            track=state.track,
            start=state.start,
        ),
        **(ext.reset_marks(state) if modules else {}),
    )
    if modules:
        state = ext.fold(state.tables.hooks.begin_round, state)
    return state


def _round_fields(
    tables: Tables,
    number: int,
    *,
    final: bool,
    controller: int,
    track: tuple[int, ...],
    start: tuple[int, ...],
) -> dict[str, Any]:
    """The fields of a state at the start of round ``number``, before phase 1 (those that are
    the same every round in ``Tables.round_start``)."""
    return {
        **tables.round_start,
        "phase": Phase.GET_UP,
        "round": number,
        "final": final,
        "side": 2 if final else 1,
        "controller": controller,
        "order": _order_a(track, start),
    }


def queue_for(state: State, location: Location) -> tuple[int, ...]:
    """R0.30: the actors with at least one apprentice at a location, in order B. Modules may
    add visits of their own (extension point ``queue``)."""
    found = []
    for actor in state.order:
        plan = state.plans[actor]
        if plan is not None and apprentices_at(state, plan, location) > 0:
            found.append(actor)
    if state.tables.modules:
        hooks = state.tables.hooks.queue
        visits: tuple[int, ...] = ext.thread(hooks, state, location, tuple(found))
        return visits
    return tuple(found)


@implements("R0.30", "R0.47", "R0.75", "R0.76")
def begin_turn(state: State, actor: int, location: Location) -> Turn | None:
    """R0.30: the actor's turn at a location with one action per apprentice (R0.47: two blends
    per workshop apprentice). Leonardo's turn is skipped when he has nothing to do: no open
    booth (R0.75) or no tile left (R0.76). A negative queue entry is a module's visit
    (extension point ``module_turn``)."""
    if actor < 0:
        visit: Turn | None = ext.first(state.tables.hooks.module_turn, state, actor, location)
        return visit
    plan = state.plans[actor]
    assert plan is not None
    count = apprentices_at(state, plan, location)
    if actor == state.tables.leonardo:
        if location is _MARKET and not any(any(b) for b in state.booths):
            return None
        if location is _CATHEDRAL and state.tiles_left() == 0:
            return None
    if location is _WORKSHOP:
        count *= 2
    return Turn(location, actor, count)


@memo_last
def plan_due(state: State) -> tuple[int, ext.Pending | None] | None:
    """While planning: the lowest seat whose plan is not in yet or whose module planning
    decisions are still due (R0.25, extension point ``plan_step``), with the module decision due
    from it (None: its plan); None when every plan is in and no module decision is left."""
    plans = state.plans
    if not state.tables.modules:
        return next(
            ((seat, None) for seat in range(state.tables.players) if plans[seat] is None), None
        )
    for seat in range(state.tables.players):
        step: ext.Pending | None = ext.first(state.tables.hooks.plan_step, state, seat)
        if step is not None or plans[seat] is None:
            return seat, step
    return None


@implements("R0.35")
def finish_turn(state: State) -> State:
    """End the active turn. R0.35: "When he has finished buying, all tiles of that booth go
    back into the bag, the bought ones included. The booth stays empty for the rest of the
    round, so each booth serves at most one player per round." Modules end their part of the
    turn first (extension point ``finish_turn``). ``advance`` and ``EndTurn`` run its fast
    form ``finish_turn_and_begin_next``."""
    turn = state.turn
    assert turn is not None
    if state.tables.modules:
        state = ext.fold(state.tables.hooks.finish_turn, state, turn)
    if turn.location is _MARKET and turn.booth >= 0:
        return replace(state, turn=None, **return_booth(state, turn.booth))
    return replace(state, turn=None)


def finish_turn_and_begin_next(state: State) -> State:
    """The fast form of ``finish_turn`` that ``advance`` and ``EndTurn`` run: when the next
    queued actor's turn at the location (R0.30) is what ``advance`` would begin next, it begins
    in the same new state, one new state instead of two. That is so when no module has a
    decision between two turns (``pending_between_turns``), no track choice or restoration
    waits, and no booth goes back to the bag (the start of a turn reads the plans, booths and
    tiles, not the turn that ended). ``advance`` of it must equal ``advance`` of
    ``finish_turn`` (tests/properties/test_fast_forms.py)."""
    turn = state.turn
    assert turn is not None
    if state.tables.modules:
        state = ext.fold(state.tables.hooks.finish_turn, state, turn)
    if turn.location is _MARKET and turn.booth >= 0:
        return replace(state, turn=None, **return_booth(state, turn.booth))
    if (
        state.queue
        and state.restoring is None
        and not state.pending_track
        and not state.tables.hooks.pending_between
    ):
        # R0.30: the next actor's turn at the location begins in the same new state (no
        # module has a decision between two turns, ``pending_between_turns``; the start of
        # a turn reads the plans, booths and tiles, not the turn that ended)
        actor = state.queue[0]
        location = location_sequence(state)[state.step]
        return replace(state, queue=state.queue[1:], turn=begin_turn(state, actor, location))
    return replace(state, turn=None)


def return_booth(state: State, booth: int) -> dict[str, Any]:
    """The fields after every tile of a booth goes back into the bag (R0.35, R0.36)."""
    tiles = [tile for tile in state.booths[booth] if tile is not None]
    empty = (None,) * len(state.booths[booth])
    booths = (*state.booths[:booth], empty, *state.booths[booth + 1 :])
    return {"bag": tuple(sorted(state.bag + tuple(tiles))), "booths": booths}


@implements("R0.14", "R0.28", "R0.62")
def advance(state: State) -> State:
    """Run the automatic steps of R0.14's round structure until a decision is due: phase 1 ends
    when every actor has a get-up space, planning ends when every plan is in (R0.28: then all
    are revealed at once), locations and turns follow R0.29/R0.30, the final round ends the game
    (R0.62) and any other round is followed by round preparation. A module decision that is due
    (extension points ``pending`` and ``plan_step``) stops the automatic steps, and a module may
    keep a turn open after its last apprentice (``turn_open``)."""
    modules = state.tables.modules
    # the pending hooks asked here directly, at every automatic step (``ext.pending`` without
    # its memo: each step makes a new state); the answer for the state returned is remembered
    hooks = state.tables.hooks
    idle, restoring, between = hooks.pending_idle, hooks.pending_restoring, hooks.pending_between
    asked: State | None = None
    due: ext.Pending | None = None
    while True:
        phase = state.phase
        if modules and phase is not _OVER:
            due = None
            asked = state  # remembered below: every hook that may answer is asked
            if state.restoring is not None:
                asking = restoring
            elif state.turn is None and phase is _ACTING and not state.pending_track:
                asking = between  # between two turns (``pending_between_turns``)
                asked = None
            else:
                asking = idle[phase]  # the hooks that may name a decision in this phase
            for hook in asking:
                due = hook(state)
                if due is not None:
                    break
            if due is not None:
                break
        if phase is _GET_UP:
            if state.step < len(state.order):
                break
            plans = tuple(
                leonardo_plan(state) if a == state.tables.leonardo else None
                for a in range(state.tables.actors)
            )
            state = replace(state, phase=_PLANNING, plans=plans)
        elif phase is _PLANNING:
            if not all(state.plans):  # a plan still missing (None; a SubmitPlan is truthy)
                break
            if modules and plan_due(state) is not None:
                break
            state = replace(state, phase=_ACTING, order=order_b(state.hostel), step=0)
            state = replace(state, queue=queue_for(state, location_sequence(state)[0]))
        elif phase is _ACTING:
            if state.pending_track:
                break
            turn = state.turn
            if turn is not None:
                if turn.left > 0 or (modules and ext.turn_open(state, turn)):
                    break
                state = finish_turn_and_begin_next(state)
            elif state.queue:
                actor = state.queue[0]
                location = location_sequence(state)[state.step]
                state = replace(
                    state, queue=state.queue[1:], turn=begin_turn(state, actor, location)
                )
            elif state.step + 1 < len(sequence := location_sequence(state)):
                step = state.step + 1
                # the queue depends on order B and the plans, not on the step: one new state
                queue = queue_for(state, sequence[step])
                state = replace(state, step=step, queue=queue)
            elif state.final:
                return final_scoring(state)
            else:
                state = prepare_round(state)
        else:
            break
    if asked is state:
        ext.remember_pending(state, due)
    return state


@implements("R0.54", "R0.62")
def prepare_round(state: State) -> State:
    """R0.54: "After every round except the final one, prepare the next round in this order:
    1. refill the market (R0.55); 2. pay income (R0.56); 3. return the hostel painters (R0.57);
    4. rotate the start spaces (R0.58). Then the next round begins with the end-game check."
    R0.62: the final round is followed by final scoring instead. Modules prepare their parts
    right after the market refill (extension point ``prepare_round``)."""
    state = refill_market(state)
    if state.tables.modules:
        state = ext.fold(state.tables.hooks.prepare_round, state)
    state = pay_income(state)
    state = return_hostel_painters(state)
    state = rotate_start_spaces(state)
    return begin_round(state, state.round + 1)


@implements("R0.55", "R0.10", "A0.4")
def refill_market(state: State) -> State:
    """R0.55 (A0.4): ``top_up`` refills every empty booth from the bag in fill order (R0.10);
    ``redraw_all`` first returns every displayed tile to the bag, then fills all booths."""
    booths = state.booths
    if state.config.market_refill is _REDRAW_ALL:
        bag = list(state.bag)
        for slots in booths:
            bag.extend(tile for tile in slots if tile is not None)
        bag.sort()
        empty = list(range(len(booths)))
    else:
        empty = [booth for booth, slots in enumerate(booths) if not any(slots)]
        if not empty:
            return state
        bag = list(state.bag)
    # the booths in fill order draw one after another from the same bag: one run of draws,
    # dealt out booth by booth (a booth the bag runs out in keeps its other slots empty)
    want = sum(len(booths[booth]) for booth in empty)
    drawn, chance = draw_several(state.chance, "market", bag, min(want, len(bag)), rule="A0.18")
    filled = list(booths)
    taken = 0
    for booth in empty:
        size = len(booths[booth])
        tiles = tuple(drawn[taken : taken + size])
        taken += len(tiles)
        filled[booth] = tiles + (None,) * (size - len(tiles))
    return evolve(state, chance=chance, bag=tuple(bag), booths=tuple(filled))


@implements("R0.56", "A0.12")
def pay_income(state: State) -> State:
    """R0.56 (A0.12): each player gets 1 Thaler from the supply per fresco tile he holds;
    Leonardo gets nothing."""
    return evolve(state, **_income(state))


def _income(state: State) -> dict[str, Any]:
    """The money fields after R0.56's income."""
    income = tuple(map(len, state.held[: state.tables.players]))  # the seats: Leonardo comes after
    return {
        "money": tuple(map(add, state.money, income)),
        "supply_money": state.supply_money - sum(income),
    }


@implements("R0.57")
def return_hostel_painters(state: State) -> State:
    """R0.57: every hostel painter goes back to the sleeping area."""
    return evolve(state, hostel=_asleep(state))


def _asleep(state: State) -> tuple[int, ...]:
    """R0.57: every hostel painter in the sleeping area."""
    return (-1,) * state.tables.actors


@implements("R0.58", "A0.8")
def rotate_start_spaces(state: State) -> State:
    """R0.58 (A0.8): with two or more painters on start spaces, ``front_to_rear`` moves the
    frontmost to the rearmost occupied start space and the others one occupied space forward;
    ``rear_to_front`` does the reverse. The set of occupied start spaces stays the same."""
    return evolve(state, start=_rotation(state.start, state.config))


def _rotation(start: tuple[int, ...], config: GameConfig) -> tuple[int, ...]:
    """``start`` after R0.58's rotation (A0.8)."""
    waiting = sorted((space, actor) for actor, space in enumerate(start) if space > 0)
    if len(waiting) < 2:
        return start
    spaces = [space for space, _ in waiting]
    actors = [actor for _, actor in waiting]
    if config.start_rotation is _FRONT_TO_REAR:
        actors = actors[-1:] + actors[:-1]
    else:
        actors = actors[1:] + actors[:1]
    rotated = list(start)
    for space, actor in zip(spaces, actors):  # noqa: B905 (two lists of one list's items)
        rotated[actor] = space
    return tuple(rotated)


@implements("R0.63", "R0.64", "R0.52", "R0.79")
def final_scoring(state: State) -> State:
    """R0.63/R0.64: in order B of the final round each player converts his Thalers (2 per VP)
    and moves forward past taken spaces (R0.52). R0.79: Leonardo converts nothing. Modules
    exchange their components for Thalers first (extension point ``before_final_scoring``)."""
    if state.tables.modules:
        state = ext.fold(state.tables.hooks.before_final_scoring, state)
    track = list(state.track)
    start = list(state.start)
    for actor in state.order:
        if actor == state.tables.leonardo:
            continue
        gain = money_points(state.money[actor])
        others = [track[a] for a in range(len(track)) if a != actor and track[a] > 0]
        (space,) = track_options(others, track[actor], gain, forward_only=True)
        if space != track[actor]:
            track[actor] = space
            start[actor] = 0
    # reached once the last location's queue is done: no turn or queue is left to clear
    return evolve(state, phase=Phase.OVER, track=tuple(track), start=tuple(start))


def add_paints(a: PaintCounts, b: PaintCounts, sign: int = 1) -> PaintCounts:
    """``a + sign * b``; a shorter tuple (no pink or brown, module 3) counts them as 0."""
    if len(a) != len(b):
        width = max(len(a), len(b))
        a, b = (*a, *(0,) * (width - len(a))), (*b, *(0,) * (width - len(b)))
    if sign == 1:
        return tuple(map(add, a, b))
    if sign == -1:
        return tuple(map(sub, a, b))
    return tuple(x + sign * y for x, y in zip(a, b))  # noqa: B905 (padded to one width above)
