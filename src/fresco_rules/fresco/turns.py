"""The decisions of a game: for each action kind its legal instances, its validator and its
effect. ``engine`` dispatches to these; the validators are the only legality check, used by
``apply`` and ``explain`` alike. Expansion modules add their own action kinds in
``fresco/modules`` and join the base ones at named extension points (``extensions``)."""

from __future__ import annotations

from functools import cache
from operator import ge
from typing import Any, TypeVar

from ..kernel.errors import IllegalAction, MalformedAction
from ..kernel.evolve import evolve
from ..kernel.memo import memo_last
from ..kernel.registry import implements
from ..kernel.untrusted import describe, is_int
from . import extensions as ext
from .actions import (
    AttendTheatre,
    Blend,
    BuyTile,
    ChooseGetUp,
    ChooseTrackSpace,
    CloseBooth,
    EarnStudio,
    EndTurn,
    Restore,
    RestoreAltar,
    SubmitPlan,
    canonical_paints,
)
from .base_data import BOOTH_CAPACITY_MAX, BOOTHS_MAX, HOSTEL_SPACES_MAX
from .config import AltarLimit, BishopMoveLimit, Tables, TrackCollision
from .flow import add_paints, finish_turn_and_begin_next, plan_due, return_booth
from .scoring import (
    BISHOP_BONUS_TABLE,
    NEIGHBOURS,
    ORTHOGONAL,
    altar_points,
    bishop_bonus,
    restoration_points,
    track_options,
)
from .state import (
    Phase,
    Restoration,
    Scored,
    ScoreParts,
    State,
    Turn,
    actor_name,
    booth_name,
)
from .vocab import (
    GRID,
    PAINT_INDEX,
    PLAN_COLUMNS,
    SEGMENTS,
    SPECIAL_PAINTS,
    Location,
    Paint,
    PaintCounts,
    Segment,
    paint_counts,
)
from .words import location_label, segment_label, segment_labels, slot_range

T = TypeVar("T")

# Enum members bound to module names for the hot paths: in Python 3.11 ``Phase.OVER`` goes
# through the enum metaclass's ``__getattr__`` hook, several times slower than a global.
_GET_UP, _PLANNING, _ACTING, _OVER = Phase.GET_UP, Phase.PLAN, Phase.ACTION, Phase.OVER
_MARKET, _CATHEDRAL, _CATHEDRAL_2 = Location.MARKET, Location.CATHEDRAL, Location.CATHEDRAL_2
_STUDIO, _WORKSHOP, _THEATRE = Location.STUDIO, Location.WORKSHOP, Location.THEATRE
_CATHEDRALS = (_CATHEDRAL, _CATHEDRAL_2)
_PER_VISIT, _ONCE_A_ROUND = BishopMoveLimit.PER_VISIT, AltarLimit.ONCE_PER_PLAYER_PER_ROUND
_FORWARD = TrackCollision.FORWARD

STUDIO_PAY = 3
"""R0.46: Thalers per studio apprentice."""
MAX_PER_COLUMN = 3
"""R0.25: spaces per action-sheet column."""


_is_int = is_int
"""A plain ``int`` (not a bool, not a subclass whose ``__eq__`` could run)."""


def is_segment(value: object) -> bool:
    """``value`` is a fresco segment: a tuple of two plain ``int`` inside the fresco."""
    # unrolled, with the exact type tests of ``is_int``: every restoration is checked
    if type(value) is not tuple or len(value) != 2:
        return False
    row, col = value
    return type(row) is int and type(col) is int and 0 <= row < GRID and 0 <= col < GRID


def refusal(state: State, rule: str, reason: str, *, malformed: bool = False) -> IllegalAction:
    """The refusal of an action by ``rule`` (a ``MalformedAction`` when ``malformed``), with
    the seat to move and the state's place in the game; validators return it."""
    cls = MalformedAction if malformed else IllegalAction
    return cls(rule, reason, seat=current_player(state), where=state.where())


def covers(have: PaintCounts, need: PaintCounts) -> bool:
    """The paints ``have`` include ``need`` (counts in ``Paint`` order; a shorter tuple holds
    no pink or brown, which only games with module 3 have)."""
    if len(need) > len(have) and any(need[len(have) :]):
        return False
    return all(map(ge, have, need))


def replaced(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with the item at ``index`` (a valid index) replaced."""
    items = list(values)  # a small list changed in place: faster than joining two slices
    items[index] = value
    return tuple(items)


def active_turn(state: State, location: Location | tuple[Location, ...]) -> Turn | None:
    """The turn in progress when it is at ``location`` (or one of them) and nothing else is
    pending; None otherwise."""
    turn = state.turn
    if state.phase is not _ACTING or state.pending_track or turn is None:
        return None
    wanted = location if isinstance(location, tuple) else (location,)
    return turn if turn.location in wanted else None


def turn_spent(state: State, turn: Turn) -> IllegalAction | None:
    """R0.31: every apprentice of the turn has acted (a module may keep the turn open for its
    card plays, but no further action of the location is left)."""
    if turn.left > 0:
        return None
    return refusal(
        state, "R0.31", f"no action is left at the {location_label(turn.location)} this turn"
    )


# --- phase 1: get-up time (R0.17-R0.20, R0.74) ---------------------------------------------


def legal_get_up(state: State) -> tuple[ChooseGetUp, ...]:
    """The get-up spaces nobody has taken yet (R0.17)."""
    tables = state.tables  # few ways to fill the hostel recur: each worked out once
    return tables.free_get_ups.get(tables, state.hostel, free_get_ups)


def free_get_ups(tables: Tables, hostel: tuple[int, ...]) -> tuple[ChooseGetUp, ...]:
    """The get-up spaces of the hostel that ``hostel`` (each actor's space, -1: none yet)
    leaves free (R0.17)."""
    taken = set(hostel)
    return tuple(get_up for get_up in _GET_UPS[: len(tables.hostel)] if get_up.slot not in taken)


_GET_UPS = tuple(ChooseGetUp(slot) for slot in range(HOSTEL_SPACES_MAX))
"""The choice of each get-up space, built once."""


@implements("R0.17")
def check_get_up(state: State, action: ChooseGetUp) -> IllegalAction | None:
    """R0.17: in order A each actor takes a free get-up space; a space holds one painter."""
    if state.phase is not _GET_UP:
        return refusal(state, "R0.17", "get-up times are chosen in phase 1 only")
    if not _is_int(action.slot) or not 0 <= action.slot < len(state.tables.hostel):
        return refusal(
            state,
            "R0.17",
            f"no get-up space {describe(action.slot)}; spaces are 0-{len(state.tables.hostel) - 1} "
            f"({state.tables.hostel[0].time}-{state.tables.hostel[-1].time})",
            malformed=True,
        )
    if action.slot in state.hostel:
        time = state.tables.hostel[action.slot].time
        return refusal(state, "R0.17", f"get-up space {time} is already taken")
    return None


@implements("R0.18", "R0.20", "R0.22", "R0.24", "R0.74")
def do_get_up(state: State, action: ChooseGetUp) -> State:
    """R0.18/R0.20: the chosen space's mood change applies at once, clamped to the column
    (R0.22), and fixes this round's apprentices (R0.24). R0.74: Leonardo has no mood."""
    actor = state.order[state.step]
    hostel = replaced(state.hostel, actor, action.slot)
    if actor == state.tables.leonardo:
        return evolve(state, hostel=hostel, step=state.step + 1)
    mood = clamp_mood(state, state.mood[actor] + state.tables.hostel[action.slot].mood_change)
    state = evolve(
        state,
        hostel=hostel,
        step=state.step + 1,
        mood=replaced(state.mood, actor, mood),
        apprentices=replaced(state.apprentices, actor, state.tables.apprentices_by_row[mood]),
    )
    if state.tables.modules:
        return ext.fold(state.tables.hooks.after_get_up, state, actor)
    return state


@implements("R0.21", "R0.22")
def clamp_mood(state: State, row: int) -> int:
    """R0.21/R0.22: a mood painter stays within the column; movement past an end is lost."""
    return max(0, min(state.tables.mood.rows - 1, row))


# --- phase 2: planning (R0.25-R0.28) --------------------------------------------------------


def plans_for(apprentices: int, side: int) -> tuple[SubmitPlan, ...]:
    """Every legal plan for an apprentice count and sheet side (R0.25-R0.27), in a fixed order:
    at most ``MAX_PER_COLUMN`` apprentices per column and ``apprentices`` in all."""
    if apprentices < 0:
        return ()
    return _PLANS[side - 1][min(apprentices, _MOST_PLANNED)]


_MOST_PLANNED = 5 * MAX_PER_COLUMN
"""Apprentices that fill every column: more make no further plan."""


def _plans(apprentices: int, side: int) -> tuple[SubmitPlan, ...]:
    found = []
    rng = range(MAX_PER_COLUMN + 1)
    for m in rng:
        for c in rng:
            for s in rng:
                for w in rng:
                    for last in rng:
                        if m + c + s + w + last > apprentices:
                            continue
                        if side == 1:
                            found.append(SubmitPlan(m, c, s, w, theatre=last))
                        else:
                            found.append(SubmitPlan(m, c, s, w, cathedral_2=last))
    return tuple(found)


_PLANS = tuple(
    tuple(
        tuple(plan for plan in every if sum(plan.counts) <= apprentices)
        for apprentices in range(_MOST_PLANNED + 1)
    )
    for every in (_plans(_MOST_PLANNED, 1), _plans(_MOST_PLANNED, 2))
)
"""``plans_for`` of each sheet side (index ``side - 1``) and apprentice count, built once."""


def planner(state: State) -> int:
    """The lowest seat whose plan is not in yet (plans are simultaneous, R0.25), or whose
    module planning decisions are still due (extension point ``plan_step``)."""
    due = plan_due(state)
    if due is None:
        raise StopIteration("no seat is planning")
    return due[0]


def current_player(state: State) -> int | None:
    """The seat to decide now (Leonardo's controller when he acts, R0.73); None once over."""
    phase = state.phase
    if state.tables.modules and phase is not _OVER:
        due = ext.pending(state)  # remembered for the last state: asked every step
        if due is not None:
            return state.controller if due.actor == state.tables.leonardo else due.actor
    if phase is _GET_UP:
        actor = state.order[state.step]
    elif phase is _PLANNING:
        return planner(state)
    elif phase is _ACTING and state.turn is not None:
        actor = state.turn.actor
    else:
        return None
    return state.controller if actor == state.tables.leonardo else actor


def plans_within(tables: Tables, key: tuple[int, int, Location | None]) -> tuple[SubmitPlan, ...]:
    """``plans_for`` without the plans that use the ``closed`` column (module 6, R6.7), by
    (apprentices, side, closed); ``tables.plans_within`` keeps them."""
    apprentices, side, closed = key
    plans = plans_for(max(apprentices, 0), side)
    if closed is None:
        return plans
    column = PLAN_COLUMNS.index(closed)
    return tuple(plan for plan in plans if plan.counts[column] == 0)


def legal_plans(state: State) -> tuple[SubmitPlan, ...]:
    """The plans the planner may submit (R0.25-R0.27, within the modules' limits)."""
    seat = planner(state)
    if state.tables.modules:
        reserved, closed = ext.plan_limits(state, seat)
        tables = state.tables
        key = (state.apprentices[seat] - reserved, state.side, closed)
        return tables.plans_within.get(tables, key, plans_within)
    return plans_for(state.apprentices[seat], state.side)


@implements("R0.25", "R0.26", "R0.27")
def check_plan(state: State, action: SubmitPlan) -> IllegalAction | None:
    """R0.25: 0 up to the available apprentices, at most 3 per column. R0.26/R0.27: side 1 has
    the theatre column, side 2 (final round) a second cathedral column instead."""
    if state.phase is not _PLANNING:
        if state.phase is _ACTING:
            return refusal(state, "R0.28", "plans are revealed and can no longer be changed")
        return refusal(state, "R0.25", "plans are made in phase 2, after every get-up choice")
    counts = action.counts
    if not all(map(_is_int, counts)):
        return refusal(
            state, "R0.25", f"plan counts must be integers: {describe(counts)}", malformed=True
        )
    if min(counts) < 0:  # plain ints from here on
        return refusal(state, "R0.25", f"plan counts cannot be negative: {describe(counts)}")
    if max(counts) > MAX_PER_COLUMN:
        return refusal(state, "R0.25", "a column has only 3 spaces, so at most 3 apprentices")
    seat = planner(state)
    if state.tables.modules:
        hooks = state.tables.hooks.check_plan
        problem: IllegalAction | None = ext.first(hooks, state, seat, action)
        if problem is not None:
            return problem
    if sum(counts) > state.apprentices[seat]:
        return refusal(
            state,
            "R0.25",
            f"{sum(counts)} apprentices planned but only {state.apprentices[seat]} available",
        )
    if state.side == 1 and action.cathedral_2:
        return refusal(state, "R0.26", "side 1 has no second cathedral column (final round only)")
    if state.side == 2 and action.theatre:
        return refusal(state, "R0.27", "the theatre cannot be visited in the final round (side 2)")
    return None


def do_plan(state: State, action: SubmitPlan) -> State:
    return evolve(state, plans=replaced(state.plans, planner(state), action))


# --- market (R0.32-R0.36, R0.75) ------------------------------------------------------------


@implements("R0.18", "R0.19")
def price(state: State, actor: int) -> int:
    """R0.18/R0.19: the actor's price per market tile this round, from the hostel table."""
    return state.tables.hostel[state.hostel[actor]].price


def legal_market(state: State, turn: Turn) -> list[BuyTile | CloseBooth | EndTurn]:
    actions: list[BuyTile | CloseBooth | EndTurn] = []
    if turn.actor == state.tables.leonardo:
        return [_CLOSE_BOOTHS[b] for b, slots in enumerate(state.booths) if any(slots)]
    affordable = state.money[turn.actor] >= price(state, turn.actor)
    for b, slots in enumerate(state.booths):
        if turn.booth not in (-1, b) or not any(slots):
            continue
        if affordable:
            actions.extend(_BUY_TILES[b][i] for i, tile in enumerate(slots) if tile is not None)
        if turn.booth == -1:
            actions.append(_CLOSE_BOOTHS[b])
    actions.append(_END_TURN)
    return actions


_BUY_TILES = tuple(
    tuple(BuyTile(booth, slot) for slot in range(BOOTH_CAPACITY_MAX)) for booth in range(BOOTHS_MAX)
)
"""Each purchase by booth and slot, built once."""
_CLOSE_BOOTHS = tuple(CloseBooth(booth) for booth in range(BOOTHS_MAX))


def _check_booth(state: State, booth: object, rule: str) -> IllegalAction | None:
    if not _is_int(booth) or not 0 <= booth < len(state.booths):
        last = len(state.booths) - 1
        return refusal(
            state,
            rule,
            f"no booth {describe(booth)}; booths are 0-{last} ({booth_name(0)}-{booth_name(last)})",
            malformed=True,
        )
    if not any(state.booths[booth]):
        return refusal(state, "R0.32", f"booth {booth_name(booth)} is closed this round")
    return None


@implements("R0.32", "R0.33", "R0.34", "R0.31", "R0.75")
def check_buy(state: State, action: BuyTile) -> IllegalAction | None:
    """R0.33/R0.34: with a market apprentice left, buy one tile of the one booth chosen this
    round; R0.32 the booth must be open; R0.31 the price must be payable. R0.75: Leonardo
    never buys."""
    turn = active_turn(state, _MARKET)
    if turn is None:
        return refusal(state, "R0.34", "tiles are bought by market apprentices at the market only")
    if turn.actor == state.tables.leonardo:
        return refusal(state, "R0.75", "Leonardo never buys; his controller closes a booth")
    problem = turn_spent(state, turn) or _check_booth(state, action.booth, "R0.33")
    if problem:
        return problem
    if turn.booth not in (-1, action.booth):
        return refusal(
            state,
            "R0.33",
            f"one booth per round: already buying at booth {booth_name(turn.booth)}",
        )
    slots = state.booths[action.booth]
    if not _is_int(action.slot) or not 0 <= action.slot < len(slots):
        return refusal(
            state,
            "R0.34",
            f"no slot {describe(action.slot)} in booth {booth_name(action.booth)}; "
            f"slots are 0-{len(slots) - 1} ({slot_range(action.booth, len(slots))})",
            malformed=True,
        )
    if slots[action.slot] is None:
        return refusal(state, "R0.34", "that tile has been bought already (each tile once)")
    cost = price(state, turn.actor)
    if state.money[turn.actor] < cost:
        return refusal(
            state,
            "R0.31",
            f"a tile costs {cost} Thalers but only {state.money[turn.actor]} are held",
        )
    return None


def do_buy(state: State, action: BuyTile) -> State:
    """R0.34: pay the price to the supply and take the tile's paints; the bought tile joins the
    bag now, the rest of the booth when the turn ends (R0.35)."""
    turn = state.turn
    assert turn is not None
    actor, cost = turn.actor, price(state, turn.actor)
    tile = state.booths[action.booth][action.slot]
    assert tile is not None
    pieces = state.tables.market_pieces[tile]
    slots = replaced(state.booths[action.booth], action.slot, None)
    state = evolve(
        state,
        money=replaced(state.money, actor, state.money[actor] - cost),
        supply_money=state.supply_money + cost,
        paints=replaced(state.paints, actor, add_paints(state.paints[actor], pieces)),
        supply_paints=add_paints(state.supply_paints, pieces, -1),
        booths=replaced(state.booths, action.booth, slots),
        bag=tuple(sorted((*state.bag, tile))),
        turn=evolve(turn, left=turn.left - 1, booth=action.booth),
    )
    if state.tables.modules:
        return ext.after_tile_taken(state, actor, action.booth, action.slot, bought=True)
    return state


@implements("R0.36", "R0.33")
def check_close(state: State, action: CloseBooth) -> IllegalAction | None:
    """R0.36: a player with a market apprentice may instead close an open booth, buying
    nothing; R0.33 not after buying at a booth (one booth per round)."""
    turn = active_turn(state, _MARKET)
    if turn is None:
        return refusal(state, "R0.36", "booths are closed by market apprentices at the market only")
    problem = turn_spent(state, turn) or _check_booth(state, action.booth, "R0.36")
    if problem:
        return problem
    if turn.booth != -1:
        return refusal(state, "R0.33", "one booth per round: tiles were already bought this turn")
    return None


def do_close(state: State, action: CloseBooth) -> State:
    turn = state.turn
    assert turn is not None
    return evolve(state, turn=evolve(turn, left=0), **return_booth(state, action.booth))


# --- cathedral (R0.37-R0.45, R0.76-R0.77) ---------------------------------------------------


@implements("R0.76", "A0.15")
@memo_last
def leonardo_destinations(state: State) -> tuple[Segment, ...]:
    """R0.76 (A0.15): the orthogonal neighbours of Leonardo's fresco painter that still hold a
    tile; if none, every segment holding a lowest-value tile; if no tile is left, none.
    (Remembered for the last state: his legal actions and their validation both ask.)"""
    at = state.leonardo_at
    assert at is not None
    cathedral = state.cathedral
    near = tuple(seg for seg in ORTHOGONAL[at] if cathedral[seg[0] * GRID + seg[1]] is not None)
    if near:
        return near
    values = state.tables.fresco_value
    held = zip(SEGMENTS, cathedral, strict=True)
    left = [(values[tile], seg) for seg, tile in held if tile is not None]
    if not left:
        return ()
    lowest = min(value for value, _ in left)
    return tuple(seg for value, seg in left if value == lowest)


def may_move_bishop(state: State, turn: Turn) -> bool:
    """The restorer of ``turn`` can pay for a bishop step and the move limit allows one."""
    limit = state.config.bishop_move_limit
    return state.money[turn.actor] >= 1 and not (limit is _PER_VISIT and turn.bishop_moved)


def _altar_allowed(state: State, actor: int) -> bool:
    return not (state.config.altar_limit is _ONCE_A_ROUND and state.altar_used[actor] > 0)


def legal_cathedral(state: State, turn: Turn) -> list[Restore | RestoreAltar | EndTurn]:
    if turn.actor == state.tables.leonardo:
        return [RESTORES[row * GRID + col] for row, col in leonardo_destinations(state)]
    actions: list[Restore | RestoreAltar | EndTurn] = []
    have = state.paints[turn.actor]
    payable = coverable(state, have)
    bishop = state.bishop if may_move_bishop(state, turn) else None
    for index, tile in enumerate(state.cathedral):
        if tile is not None and tile in payable:
            actions.append(RESTORES[index])
            if bishop is not None:
                actions.extend(restores_moving(index, bishop))
    if _altar_allowed(state, turn.actor):
        tables = state.tables  # the hand-ins a holding can make, kept per holding
        actions.extend(tables.altar_options.get(tables, have, altar_options))
    actions.append(_END_TURN)
    return actions


def coverable(state: State, have: PaintCounts) -> frozenset[str]:
    """The fresco tiles whose required paints ``have`` includes (R0.39); a game meets a few
    hundred paint holdings, so each is worked out once (``Tables.coverable``)."""
    tables = state.tables
    return tables.coverable.get(tables, have, _coverable)


def _coverable(tables: Tables, have: PaintCounts) -> frozenset[str]:
    pieces = tables.fresco_pieces
    return frozenset(tile for tile, need in pieces.items() if covers(have, need))


_END_TURN = EndTurn()
RESTORES = tuple(Restore(segment) for segment in SEGMENTS)
"""The restoration of each segment (row-major) without a bishop move."""


def restores_moving(index: int, bishop: Segment) -> tuple[Restore, ...]:
    """The restorations of segment ``index`` with a paid bishop step from ``bishop`` (R0.38)."""
    return _RESTORES_MOVING[index, bishop]


_RESTORES_MOVING = {
    (index, bishop): tuple(Restore(segment, to) for to in NEIGHBOURS[bishop])
    for index, segment in enumerate(SEGMENTS)
    for bishop in SEGMENTS
}
"""Every restoration with a paid bishop step, by segment index and bishop segment, built once."""


def altar_options(tables: Tables, have: PaintCounts) -> tuple[RestoreAltar, ...]:
    """The altar hand-ins (R0.43; module 3: R3.8) a player holding ``have`` can make, in
    hand-in order."""
    return tuple(action for need, action in tables.altar_actions if covers(have, need))


@implements("R0.37", "R0.38", "R0.39", "R0.31", "R0.76", "R0.77", "A0.5", "A0.16", "A0.17")
def check_restore(state: State, action: Restore) -> IllegalAction | None:
    """R0.37/R0.39: a cathedral apprentice restores a segment that still holds a tile, handing
    in its paints (R0.31: unaffordable actions are forfeited). R0.38 (A0.5): before it, at
    most one paid bishop step to a neighbouring cell (per restoration, or per visit).
    R0.76/R0.77 (A0.15, A0.16, A0.17): Leonardo must restore at an orthogonal neighbour holding
    a tile, else at a lowest tile, and never moves the bishop."""
    turn = active_turn(state, _CATHEDRALS)
    if turn is None:
        return refusal(state, "R0.37", "segments are restored by cathedral apprentices only")
    spent = turn_spent(state, turn)
    if spent is not None:
        return spent
    if not is_segment(action.segment):
        return refusal(
            state,
            "R0.39",
            f"segment {describe(action.segment)} is not (row, col) on the 5x5 grid (a1-e5)",
            malformed=True,
        )
    if action.bishop_to is not None and not is_segment(action.bishop_to):
        return refusal(
            state,
            "R0.38",
            f"bishop target {describe(action.bishop_to)} is not on the grid (a1-e5)",
            malformed=True,
        )
    tile = state.tile_at(action.segment)
    if tile is None:
        return refusal(
            state, "R0.39", f"segment {segment_label(action.segment)} is already restored"
        )
    if turn.actor == state.tables.leonardo:
        if action.bishop_to is not None:
            return refusal(state, "R0.77", "Leonardo never moves the bishop (A0.16)")
        allowed = leonardo_destinations(state)
        if action.segment not in allowed:
            return refusal(
                state, "R0.76", f"Leonardo must move to one of {segment_labels(allowed)}"
            )
        return None
    if action.bishop_to is not None:
        if action.bishop_to not in NEIGHBOURS[state.bishop]:
            return refusal(
                state,
                "R0.38",
                f"the bishop moves one step from {segment_label(state.bishop)}, "
                f"not to {segment_label(action.bishop_to)}",
            )
        if state.money[turn.actor] < 1:
            return refusal(state, "R0.31", "moving the bishop costs 1 Thaler")
        if not may_move_bishop(state, turn):
            return refusal(state, "R0.38", "only one paid bishop move per cathedral visit (A0.5)")
    need = state.tables.fresco_pieces[tile]
    if not covers(state.paints[turn.actor], need):
        return refusal(
            state, "R0.31", f"segment {segment_label(action.segment)} needs paints the player lacks"
        )
    return None


@implements("R0.38", "R0.39", "R0.77")
def do_restore(state: State, action: Restore) -> State:
    """R0.38/R0.39: pay for any bishop move and hand in the paints, then the restoration runs
    its course (``start_restoration``). R0.77: Leonardo hands in nothing."""
    turn = state.turn
    assert turn is not None
    actor, segment = turn.actor, action.segment
    tile = state.tile_at(segment)
    assert tile is not None
    changes: dict[str, Any] = {
        "turn": evolve(
            turn, left=turn.left - 1, bishop_moved=turn.bishop_moved or action.bishop_to is not None
        )
    }
    bishop = state.bishop
    if action.bishop_to is not None:
        bishop = action.bishop_to
        changes["money"] = replaced(state.money, actor, state.money[actor] - 1)
        changes["supply_money"] = state.supply_money + 1
    if actor != state.tables.leonardo:
        need = state.tables.fresco_pieces[tile]
        changes["paints"] = replaced(state.paints, actor, add_paints(state.paints[actor], need, -1))
        changes["supply_paints"] = add_paints(state.supply_paints, need)
    restoration = Restoration(actor, segment, tile, state.tables.fresco_value[tile], bishop)
    if not state.tables.modules:
        return hand_in_and_score(state, restoration, changes)
    return start_restoration(evolve(state, bishop=bishop, **changes), restoration)


def hand_in_and_score(state: State, restoration: Restoration, changes: dict[str, Any]) -> State:
    """The fast form of ``start_restoration(evolve(state, bishop=restoration.bishop,
    **changes), restoration)`` in a game without modules, where no stage reads the state in
    between: the hand-in (``changes``, the bishop's move) and the scoring in one new state (the
    scoring reads none of the hand-in's fields, and sets the bishop itself). It must agree with
    that plain form (tests/properties/test_fast_forms.py)."""
    return complete_with_changes(state, restoration, changes)


@implements("R6.26", "A6.13", "G.6")
def start_restoration(state: State, restoration: Restoration) -> State:
    """R6.26 (A6.13): "A segment restoration with modules runs in this order: 1. optional
    bishop moves (R0.38, Bishop's Visit); 2. hand in the paints, plus optional leaf gold (R5.6);
    3. if the segment borders a window: choose a window and pay its price (R6.12), then hand in
    glass (R6.15); 4. score by G.6; 5. the tile goes face down to the player, the window goes
    into its opening, and the bishop moves onto the segment; 6. the workbench shifts and
    refills (R6.13)."

    Called once the paints are handed in (``do_restore``, ``do_altar``): the module stages
    follow in order (``enter_stages``: leaf gold, window, glass; the altar window after an
    altar restoration), each a decision of the player when it is due, then the restoration is
    scored (``complete_restoration``). The live path runs ``enter_stages``'s fast form
    ``continue_restoration``."""
    if state.tables.modules:
        state, restoration = ext.start_restoration(state, restoration)
        return continue_restoration(state, restoration)
    return complete_restoration(state, restoration)


@implements("R6.26", "A6.13")
def enter_stages(state: State, restoration: Restoration) -> State:
    """R6.26 (A6.13), stage by stage: the module stages after the one the restoration last
    waited at (``restoration.step``, -1 before the first) are entered in order; the restoration
    waits (in ``state.restoring``) at the first stage that needs the player's decision, and is
    scored by ``complete_restoration`` when none does."""
    stages = ext.stages(state, restoration)
    for index in range(restoration.step + 1, len(stages)):
        module, stage = stages[index]
        restoration = evolve(restoration, step=index)
        state, restoration, due = module.enter_stage(state, restoration, stage)
        if due:
            return evolve(state, restoring=restoration)
    return complete_restoration(state, restoration)


def continue_restoration(
    state: State, restoration: Restoration, changes: dict[str, Any] | None = None
) -> State:
    """The fast form of ``enter_stages`` that the game runs, with ``changes`` (fields the stage
    action changed, for a decision that continues the restoration) made first: one new record
    when the restoration waits or is scored, not one per stage (the stages entered in between
    see the ``step`` the restoration had, ``ModuleRules.enter_stage``), and ``changes`` made in
    the first new state (the scoring's, when no stage is left). It must equal ``enter_stages``
    of ``evolve(state, **changes)`` (tests/properties/test_fast_forms.py)."""
    stages = ext.stages(state, restoration)
    first, count = restoration.step + 1, len(stages)
    if first >= count:
        return complete_with_changes(state, restoration, {} if changes is None else changes)
    if changes is not None:
        state = evolve(state, **changes)
    for index in range(first, count):
        module, stage = stages[index]
        state, restoration, due = module.enter_stage(state, restoration, stage)
        if due:
            return evolve(state, restoring=evolve(restoration, step=index))
    return complete_with_changes(state, evolve(restoration, step=count - 1), {})


@implements("R0.40", "R0.41", "R0.42", "R0.61", "R0.77", "A0.13", "G.6")
def complete_restoration(state: State, restoration: Restoration) -> State:
    """Score a restoration. R0.41: "The player scores the tile's value plus the bishop bonus
    and moves his painter on the VP track" (R0.40: ``bishop_bonus``; G.6: plus the modules'
    terms, floored at 0 by ``restoration_points``). R0.42: "The player takes the tile and keeps
    it face down in front of him ... The bishop then moves onto the restored segment." R0.77:
    "Then both the bishop and his fresco painter move onto that segment" (Leonardo). R0.61
    (A0.13): "If the last fresco tile is restored during a round that is not the final round,
    that round becomes the final round." An altar restoration scores its altar VP (plus the
    altar window) and gives no tile. The game runs the fast form ``complete_with_changes``."""
    r, modules = restoration, state.tables.modules
    bonus = 0 if r.segment is None else bishop_bonus(r.segment, r.bishop)
    parts = ScoreParts(fresco=r.base, bishop=bonus)
    if modules:
        parts = ext.thread(state.tables.hooks.score_parts, state, r, parts)
    points = restoration_points(
        fresco=parts.fresco,
        window=parts.window,
        bishop=parts.bishop,
        gilding=parts.gilding,
        extra=parts.extra,
        penalty=parts.penalty,
    )
    state = evolve(state, restoring=None, scored=Scored(r, parts, points))
    if r.segment is not None:
        assert r.tile is not None
        row, col = r.segment
        cathedral = replaced(state.cathedral, row * GRID + col, None)
        state = evolve(
            state,
            cathedral=cathedral,
            held=replaced(state.held, r.actor, (*state.held[r.actor], r.tile)),
            bishop=r.segment,
            leonardo_at=r.segment if r.actor == state.tables.leonardo else state.leonardo_at,
            final=state.final or all(tile is None for tile in cathedral),
        )
    state = move_painter(state, r.actor, points)
    if modules:
        state = ext.fold(state.tables.hooks.finish_restoration, state, r)
    return state


def complete_with_changes(state: State, r: Restoration, changes: dict[str, Any]) -> State:
    """The fast form of ``complete_restoration`` that the game runs, with ``changes`` (fields an
    earlier step of the same action changed, none of which the scoring reads) made in the same
    new state: one new state for every change, the bishop bonus from ``BISHOP_BONUS_TABLE``.
    It must equal ``complete_restoration`` of ``evolve(state, **changes)`` (the agreement
    properties of ``continue_restoration`` and ``hand_in_and_score`` run each of them against
    its plain form, tests/properties/test_fast_forms.py)."""
    actor, segment = r.actor, r.segment
    if segment is None:
        parts = _base_parts(r.base, 0)
    else:
        parts = _base_parts(r.base, BISHOP_BONUS_TABLE[segment, r.bishop])
    modules = state.tables.modules
    if modules:
        parts = ext.thread(state.tables.hooks.score_parts, state, r, parts)
    points = restoration_points(
        fresco=parts.fresco,
        window=parts.window,
        bishop=parts.bishop,
        gilding=parts.gilding,
        extra=parts.extra,
        penalty=parts.penalty,
    )
    # a scored restoration no longer waits, and its painter moves (R0.41): one new state for
    # every change, before the modules finish theirs (their hooks read the state it leaves)
    if state.restoring is not None:
        changes["restoring"] = None
    if segment is not None:
        assert r.tile is not None
        index = segment[0] * GRID + segment[1]
        cathedral = replaced(state.cathedral, index, None)
        changes["cathedral"] = cathedral
        changes["held"] = replaced(state.held, actor, (*state.held[actor], r.tile))
        changes["bishop"] = segment
        changes["leonardo_at"] = segment if actor == state.tables.leonardo else state.leonardo_at
        changes["final"] = state.final or cathedral.count(None) == len(cathedral)
    changes["scored"] = Scored(r, parts, points)
    changes.update(painter_changes(state, actor, points))
    state = evolve(state, **changes)
    if modules:
        state = ext.fold(state.tables.hooks.finish_restoration, state, r)
    return state


@cache
def _base_parts(fresco: int, bishop: int) -> ScoreParts:
    """The base game's terms of a restoration (R0.40/R0.41), one record per pair (a frozen
    record, so restorations share it)."""
    return ScoreParts(fresco=fresco, bishop=bishop)


@implements("R0.43", "R0.44", "R0.45", "A0.6", "A0.20")
def check_altar(state: State, action: RestoreAltar) -> IllegalAction | None:
    """R0.43/R0.44: a legal hand-in the player holds. R0.45 (A0.6): the altar is never used up;
    ``once_per_player_per_round`` limits each player to one altar restoration a round. A0.20:
    the action has no bishop move."""
    turn = active_turn(state, _CATHEDRALS)
    if turn is None:
        return refusal(state, "R0.37", "the altar is restored by cathedral apprentices only")
    if turn.actor == state.tables.leonardo:
        return refusal(state, "R0.76", "Leonardo restores exactly one segment, never the altar")
    paints = action.paints
    if type(paints) is not tuple or not all(type(p) is Paint for p in paints):
        return refusal(
            state,
            "R0.43",
            f"the altar takes a tuple of three Paints, not {describe(paints)}",
            malformed=True,
        )
    if paints != canonical_paints(paints):  # hand-built, bypassing RestoreAltar's converter
        return refusal(
            state,
            "R0.43",
            f"a hand-in lists its paints in Paint order: {describe(paints)}",
            malformed=True,
        )
    try:
        altar_points(paints, bonus=state.tables.altar_bonus)
    except IllegalAction as exc:
        return refusal(state, exc.rule, exc.reason)
    if not state.tables.special_paints and any(p in SPECIAL_PAINTS for p in paints):
        return refusal(state, "R3.1", "pink and brown pieces are in play only with module 3")
    if not _altar_allowed(state, turn.actor):
        return refusal(state, "R0.45", "the altar may be restored once per player per round (A0.6)")
    spent = turn_spent(state, turn)
    if spent is not None:
        return spent
    if not covers(state.paints[turn.actor], paint_counts(tuple(action.paints))):
        return refusal(state, "R0.31", "the player does not hold those paints")
    return None


def do_altar(state: State, action: RestoreAltar) -> State:
    turn = state.turn
    assert turn is not None
    actor = turn.actor
    need = paint_counts(tuple(action.paints))
    changes: dict[str, Any] = {
        "paints": replaced(state.paints, actor, add_paints(state.paints[actor], need, -1)),
        "supply_paints": add_paints(state.supply_paints, need),
        "altar_used": replaced(state.altar_used, actor, state.altar_used[actor] + 1),
        "turn": evolve(turn, left=turn.left - 1),
    }
    points = altar_points(action.paints, bonus=state.tables.altar_bonus)
    altar = Restoration(actor, None, None, points, state.bishop)
    if not state.tables.modules:
        return hand_in_and_score(state, altar, changes)
    return start_restoration(evolve(state, **changes), altar)


@implements("R0.41", "R0.50", "R0.51", "R0.53", "A0.11")
def move_painter(state: State, actor: int, gain: int) -> State:
    """R0.41/R0.50: move the actor's painter by its gain. R0.51 (A0.11): if the target is taken,
    ``choice`` leaves the owner to pick the nearest free space behind or in front (a pending
    decision when both exist); ``forward`` takes the one in front. R0.53: Leonardo's painter
    blocks spaces like any other. (``painter_changes`` gives the same as field changes.)"""
    changes = painter_changes(state, actor, gain)
    return evolve(state, **changes) if changes else state


def painter_changes(state: State, actor: int, gain: int) -> dict[str, Any]:
    """``move_painter``'s field changes, for a caller that makes one new state of them and its
    own (none when the painter stays)."""
    track = state.track
    others = [space for a, space in enumerate(track) if a != actor and space > 0]
    forward = state.config.track_collision is _FORWARD
    options = track_options(others, track[actor], gain, forward_only=forward)
    if len(options) > 1:
        return {"pending_track": options}
    return _placed(state, actor, options[0])


def _placed(state: State, actor: int, space: int) -> dict[str, Any]:
    """The fields after the actor's painter is put on ``space`` (none when it is there)."""
    if space == state.track[actor]:
        return {}
    return {
        "track": replaced(state.track, actor, space),
        "start": replaced(state.start, actor, 0),
        "pending_track": (),
    }


@implements("R0.51")
def check_track_space(state: State, action: ChooseTrackSpace) -> IllegalAction | None:
    """R0.51: the owner of a painter whose target is taken picks one of the two offered spaces."""
    if not state.pending_track:
        return refusal(state, "R0.51", "no track space choice is pending")
    if not _is_int(action.space) or action.space not in state.pending_track:
        return refusal(
            state,
            "R0.51",
            f"space {describe(action.space)} is not one of "
            + ", ".join(map(str, state.pending_track)),
        )
    return None


def do_track_space(state: State, action: ChooseTrackSpace) -> State:
    turn = state.turn
    assert turn is not None
    return evolve(state, **_placed(state, turn.actor, action.space) | {"pending_track": ()})


# --- studio, workshop, theatre (R0.46-R0.48) ------------------------------------------------


@implements("R0.46")
def check_studio(state: State, action: EarnStudio) -> IllegalAction | None:
    """R0.46: each studio apprentice earns 3 Thalers."""
    turn = active_turn(state, _STUDIO)
    if turn is None:
        return refusal(state, "R0.46", "only studio apprentices earn at the studio")
    if turn.actor == state.tables.leonardo:
        return refusal(state, "R1.25", "Leonardo never earns Thalers at the studio")
    return turn_spent(state, turn)


def do_studio(state: State, action: EarnStudio) -> State:
    turn = state.turn
    assert turn is not None
    return evolve(
        state,
        money=replaced(state.money, turn.actor, state.money[turn.actor] + STUDIO_PAY),
        supply_money=state.supply_money - STUDIO_PAY,
        turn=evolve(turn, left=turn.left - 1),
    )


@implements("R0.47", "R0.31", "R3.5", "R3.6")
def check_blend(state: State, action: Blend) -> IllegalAction | None:
    """R0.47: up to 2 blends per workshop apprentice, each turning two held primaries into a
    secondary (R+Y -> O, R+B -> P, Y+B -> G); R0.31 without the primaries it is forfeited.
    R3.5/R3.6 (module 3, ``tables.blends``): P+R -> Pk and O+G -> Bn too, and a piece just
    blended can be used in the next blend at once."""
    turn = active_turn(state, _WORKSHOP)
    if turn is None:
        return refusal(state, "R0.47", "blends are made by workshop apprentices (2 each) only")
    if turn.actor == state.tables.leonardo:
        return refusal(state, "R2.15", "Leonardo never blends")
    spent = turn_spent(state, turn)
    if spent is not None:
        return spent
    blends = state.tables.blends
    result = action.result
    if type(result) is not Paint or result not in blends:
        made = ", ".join(p.value for p in blends)
        return refusal(
            state,
            "R3.5" if type(result) is Paint and result in SPECIAL_PAINTS else "R0.47",
            f"{describe(result)} is not a blend in this game ({made})",
            malformed=type(result) is not Paint,
        )
    first, second = blends[action.result]
    have = state.paints[turn.actor]
    if have[PAINT_INDEX[first]] < 1 or have[PAINT_INDEX[second]] < 1:
        return refusal(
            state, "R0.31", f"{action.result.value} needs {first.value} and {second.value}"
        )
    return None


def do_blend(state: State, action: Blend) -> State:
    turn = state.turn
    assert turn is not None
    first, second = state.tables.blends[action.result]
    delta = paint_counts((action.result,))
    used = paint_counts((first, second))
    paints = add_paints(add_paints(state.paints[turn.actor], used, -1), delta)
    return evolve(
        state,
        paints=replaced(state.paints, turn.actor, paints),
        supply_paints=add_paints(add_paints(state.supply_paints, used), delta, -1),
        turn=evolve(turn, left=turn.left - 1),
    )


@implements("R0.48", "R0.24")
def check_theatre(state: State, action: AttendTheatre) -> IllegalAction | None:
    """R0.48: each theatre apprentice moves the mood painter up; R0.24 the apprentice count
    changes only at the next phase 1."""
    turn = active_turn(state, _THEATRE)
    if turn is None:
        return refusal(state, "R0.48", "only theatre apprentices act at the theatre")
    return turn_spent(state, turn)


def do_theatre(state: State, action: AttendTheatre) -> State:
    turn = state.turn
    assert turn is not None
    step = state.tables.mood.theatre_step
    if state.tables.modules:
        step = ext.thread(state.tables.hooks.theatre_step, state, turn.actor, step)
    mood = clamp_mood(state, state.mood[turn.actor] + step)
    return evolve(
        state, mood=replaced(state.mood, turn.actor, mood), turn=evolve(turn, left=turn.left - 1)
    )


# --- ending a turn (R0.31) ------------------------------------------------------------------


@implements("R0.31", "A0.17")
def check_end_turn(state: State, action: EndTurn) -> IllegalAction | None:
    """R0.31: a player may forfeit the rest of his actions at a location. A0.17: Leonardo's
    actions are compulsory."""
    turn = state.turn
    if state.phase is not _ACTING or turn is None:
        return refusal(state, "R0.30", "no turn at a location is in progress")
    if state.pending_track:
        return refusal(state, "R0.51", "choose a track space first")
    if turn.actor == state.tables.leonardo:
        if state.tables.modules:
            own: ext.Pending | None = ext.first(state.tables.hooks.leonardo_turn, state, turn)
            if own is not None:
                if any(isinstance(a, EndTurn) for a in own.actions):
                    return None
                return refusal(state, own.rule, own.reason)
        rule = "R0.75" if turn.location is _MARKET else "R0.76"
        return refusal(state, rule, f"{actor_name(state, turn.actor)}'s action is compulsory")
    return None


def do_end_turn(state: State, action: EndTurn) -> State:
    return finish_turn_and_begin_next(state)
