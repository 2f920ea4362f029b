"""Positions for the worked examples of fresco-base.md section E.

The helpers start from ``new_game`` and drive real actions through ``apply`` wherever the
position can be reached that way (get-up choices, plans, turns), so the engine's own flow runs.
Only what no action can set up directly (paints, money, track spaces, which fresco tile lies on
which segment, which market tile lies in which booth) is placed with ``attrs.evolve``, and every
such helper keeps the component ledgers of R0.66/R0.67 balanced.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping

import pytest
from attrs import evolve

from fresco_rules.fresco import (
    Action,
    ChooseGetUp,
    EndTurn,
    GameConfig,
    Location,
    Phase,
    Segment,
    State,
    SubmitPlan,
    apply,
    explain,
    legal_actions,
    token_ledger,
)
from fresco_rules.fresco.flow import order_a
from fresco_rules.fresco.vocab import BASE_PAINTS, GRID, SEGMENTS
from fresco_rules.kernel.errors import IllegalAction, MalformedAction

# The common fixture of section E: 4 players Red, Blue, Green and Yellow.
RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3

# Get-up spaces of the hostel table (R0.19), by index.
AT_5, AT_6, AT_7, AT_8, AT_9 = 0, 1, 2, 3, 4

# Booths by index (R0.8).
BOOTH_I, BOOTH_II, BOOTH_III, BOOTH_IV = 0, 1, 2, 3

NOTHING = SubmitPlan()
"""A plan with no apprentice anywhere."""

MONEY_TOTAL = 196
PAINT_TOTALS = {"red": 17, "yellow": 17, "blue": 17, "orange": 9, "green": 9, "purple": 9}
"""Box counts of component-data.md section 1 (ledger starting counts)."""


def game(
    players: int = 4,
    start: tuple[int, ...] | None = None,
    config: GameConfig | None = None,
) -> State:
    """A new game in round 1, phase 1. ``start`` gives each seat's start space (S<k>); the
    first seed whose draw (R0.5) puts the seats there is used, so the set-up itself is real.
    The default for 4 players is Red S1, Blue S2, Green S3, Yellow S4."""
    from fresco_rules.fresco import new_game

    cfg = config if config is not None else GameConfig(players=players)
    if start is None:
        start = tuple(range(1, cfg.players + 1))
    for seed in range(2000):
        state = new_game(cfg, seed)
        if state.start[: cfg.players] == start:
            return state
    raise AssertionError(f"no seed below 2000 draws start spaces {start}")


# --- driving the flow with real actions -----------------------------------------------------


def get_up(state: State, slots: Mapping[int, int]) -> State:
    """Phase 1: every actor (Leonardo by his index) takes ``slots[actor]``, in order A."""
    assert state.phase is Phase.GET_UP
    number = state.round
    while state.phase is Phase.GET_UP and state.round == number:
        actor = state.order[state.step]
        state = apply(state, ChooseGetUp(slots[actor]))
    return state


def submit_plans(state: State, plans: Mapping[int, SubmitPlan]) -> State:
    """Phase 2 planning: every seat whose plan is not in yet submits ``plans[seat]`` (default:
    nothing), lowest seat first."""
    assert state.phase is Phase.PLAN
    for seat in range(state.tables.players):
        if state.plans[seat] is None:
            state = apply(state, plans.get(seat, NOTHING))
    return state


def start_round(
    state: State, slots: Mapping[int, int], plans: Mapping[int, SubmitPlan] | None = None
) -> State:
    """Phase 1 and planning of one round: the first turn of phase 2 (or later) follows."""
    return submit_plans(get_up(state, slots), plans or {})


def end_turn(state: State) -> State:
    """Forfeit the rest of the active turn (R0.31)."""
    return apply(state, EndTurn())


def play_out_round(state: State) -> State:
    """Forfeit every human turn left in this round; Leonardo takes his first legal action."""
    number = state.round
    while state.phase is Phase.ACTION and state.round == number:
        assert state.turn is not None
        if state.is_leonardo(state.turn.actor):
            state = apply(state, legal_actions(state)[0])
        else:
            state = end_turn(state)
    return state


def at(state: State, location: Location, actor: int) -> None:
    """Assert that ``actor`` is the active one at ``location``."""
    assert state.phase is Phase.ACTION
    assert state.turn is not None, state.where()
    assert (state.turn.location, state.turn.actor) == (location, actor), state.where()


# --- placing what no action can set up (ledgers kept balanced) -------------------------------


def _put(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*values[:index], value, *values[index + 1 :])


def with_paints(state: State, seat: int, **counts: int) -> State:
    """Give ``seat`` exactly these paints (keyword per colour, missing colours 0); the supply
    takes up the difference (R0.66)."""
    unknown = set(counts) - {p.value for p in BASE_PAINTS}
    assert not unknown, unknown
    new = tuple(counts.get(p.value, 0) for p in BASE_PAINTS)
    old = state.paints[seat]
    supply = tuple(s + o - n for s, o, n in zip(state.supply_paints, old, new, strict=True))
    paints = (*state.paints[:seat], new, *state.paints[seat + 1 :])
    return evolve(state, paints=paints, supply_paints=supply)


def with_money(state: State, seat: int, thalers: int) -> State:
    """Give ``seat`` exactly ``thalers``; the money supply takes up the difference (R0.66)."""
    supply = state.supply_money + state.money[seat] - thalers
    return evolve(state, money=_put(state.money, seat, thalers), supply_money=supply)


def with_track(state: State, spaces: Mapping[int, int]) -> State:
    """Put painters on VP track spaces (they leave their start spaces, R0.49). Before anybody
    has chosen a get-up time, order A is recomputed from the new positions (R0.15)."""
    track, start = state.track, state.start
    for actor, space in spaces.items():
        assert space >= 1
        track = _put(track, actor, space)
        start = _put(start, actor, 0)
    state = evolve(state, track=track, start=start)
    if state.phase is Phase.GET_UP and state.step == 0:
        state = evolve(state, order=order_a(state))
    return state


def index_of(segment: Segment) -> int:
    return segment[0] * GRID + segment[1]


def with_tiles(state: State, placed: Mapping[Segment, str]) -> State:
    """Put fresco tiles (IDs of component-data.md section 4) on segments by swapping them with
    the tiles there, so the 25 tiles stay conserved (R0.67). Every named tile must still be on
    the cathedral."""
    cathedral = list(state.cathedral)
    for segment, tile in placed.items():
        here = cathedral.index(tile)
        there = index_of(segment)
        cathedral[here], cathedral[there] = cathedral[there], cathedral[here]
    result = evolve(state, cathedral=tuple(cathedral))
    assert all(result.tile_at(seg) == tile for seg, tile in placed.items())
    return result


def with_only_tiles(state: State, placed: Mapping[Segment, str], holder: int) -> State:
    """Leave exactly the tiles ``placed`` on the cathedral; every other tile still there goes
    face down in front of ``holder`` (R0.42), so the 25 tiles stay conserved (R0.67)."""
    there = {tile for tile in state.cathedral if tile is not None}
    assert set(placed.values()) <= there
    taken = tuple(sorted(there - set(placed.values())))
    cathedral = tuple(placed.get(seg) for seg in SEGMENTS)
    held = (*state.held[:holder], (*state.held[holder], *taken), *state.held[holder + 1 :])
    return evolve(state, cathedral=cathedral, held=held)


def tiles_on_cathedral(state: State) -> dict[Segment, str]:
    """The tiles still on the cathedral by segment, in row-major order."""
    return {seg: tile for seg in SEGMENTS if (tile := state.tile_at(seg)) is not None}


def keep_first_tiles(state: State, count: int, holder: int) -> State:
    """Leave only the first ``count`` tiles (row-major) on the cathedral; ``holder`` holds the
    others face down (``with_only_tiles``)."""
    keep = dict(list(tiles_on_cathedral(state).items())[:count])
    state = with_only_tiles(state, keep, holder)
    assert state.tiles_left() == count
    return state


def with_booth(state: State, booth: int, tiles: tuple[str, ...]) -> State:
    """Display exactly ``tiles`` in ``booth`` (slot 0 upward). Tiles taken from other booths are
    replaced by the booth's old tiles or by tiles from the bag, so the number on display and
    the 14 market tiles stay conserved (R0.67)."""
    assert len(tiles) == len(state.booths[booth])
    spare = [t for t in state.booths[booth] if t is not None and t not in tiles]
    spare += [t for t in state.bag if t not in tiles]
    booths: list[tuple[str | None, ...]] = []
    for b, slots in enumerate(state.booths):
        if b == booth:
            booths.append(tiles)
            continue
        booths.append(tuple(spare.pop(0) if t in tiles else t for t in slots))
    shown = {t for slots in booths for t in slots if t is not None}
    pool = {t for slots in state.booths for t in slots if t is not None} | set(state.bag)
    return evolve(state, booths=tuple(booths), bag=tuple(sorted(pool - shown)))


# --- checks ---------------------------------------------------------------------------------


def assert_illegal(
    state: State, action: Action | object, rule: str, *, malformed: bool = False
) -> IllegalAction:
    """``explain`` names ``rule`` with the right kind of refusal (``MalformedAction`` when
    ``malformed``, else ``IllegalAction``); ``apply`` raises that same violation and leaves the
    state unchanged."""
    kept = copy.deepcopy(state)
    problem = explain(state, action)
    assert problem is not None, f"{action!r} was accepted"
    assert problem.rule == rule, f"{action!r}: {problem}"
    kind = MalformedAction if malformed else IllegalAction
    assert type(problem) is kind, f"{action!r}: {type(problem).__name__}, not {kind.__name__}"
    with pytest.raises(IllegalAction) as raised:
        apply(state, action)
    assert raised.value == problem
    assert state == kept
    return problem


def assert_legal(state: State, action: Action) -> State:
    """``explain`` accepts ``action``; return the state after it."""
    assert explain(state, action) is None, explain(state, action)
    return apply(state, action)


def assert_ledgers_balanced(state: State) -> None:
    """R0.66/R0.67: supply plus holdings equals the box count for money and each paint; 25
    fresco tiles; 14 market tiles."""
    ledger = token_ledger(state)
    assert sum(ledger["money"].values()) == MONEY_TOTAL
    for colour, total in PAINT_TOTALS.items():
        assert sum(ledger[f"paint.{colour}"].values()) == total, colour
    assert sum(ledger["fresco_tiles"].values()) == 25
    assert sum(ledger["market_tiles"].values()) == 14


def paints(state: State, seat: int) -> dict[str, int]:
    """The non-zero paint counts of a seat, by colour name."""
    return {p.value: n for p, n in zip(BASE_PAINTS, state.paints[seat], strict=True) if n}
