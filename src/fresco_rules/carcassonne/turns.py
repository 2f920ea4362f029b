"""The decisions of a game: for each action kind its legal instances, its validator and its
effect. ``engine`` dispatches to these; the validators are the only legality check, used by
``apply`` and ``explain`` alike."""

from __future__ import annotations

import reprlib

from ..kernel.errors import IllegalAction, MalformedAction
from ..kernel.registry import implements
from .actions import Deploy, Pass, PlaceTile, ReturnFigure
from .config import FestivalReturn
from .flow import end_turn
from .geometry import OFFSET, Oriented, key_of, xy_of
from .placement import open_pattern, place
from .state import Follower, Phase, State
from .vocab import DIRECTIONS, EDGE_KINDS, FESTIVAL_PLACE, Kind
from .words import feature_words, position, turn_words

_REPR = reprlib.Repr()
_REPR.maxstring = 40
_REPR.maxother = 40
MAX_FEATURE = 100
LIMIT = OFFSET - 1
"""Coordinates beyond this are off any possible board."""

_PLACE_CACHE: dict[int, tuple[PlaceTile, ...]] = {}
"""``key << 4 | rotation mask`` -> the placements (shared, immutable)."""
_DEPLOY_CACHE: dict[str, Deploy] = {}


def _show(value: object) -> str:
    try:
        return _REPR.repr(value)
    except Exception:  # a hostile __repr__ must not escape
        return f"<{type(value).__name__}>"


def _is_int(value: object) -> bool:
    return type(value) is int


def decision_rule(state: State) -> str:
    """The rule of the decision now due (named when something that is no action arrives)."""
    if state.phase is Phase.OVER:
        return "C15"
    return "C1" if state.phase is Phase.PLACE else "C6"


def current_player(state: State) -> int | None:
    """C0.2: the active player decides both phases of his turn; None once the game is over."""
    return None if state.phase is Phase.OVER else state.active


def last_tile(state: State) -> Oriented:
    """The last placed tile in its rotation."""
    last = state.placed[-1]
    return state.tables.geometry.oriented[last.tile][last.rotation]


def placements(state: State) -> tuple[PlaceTile, ...]:
    """The legal placements of the tile to place (C1-C4), shared tuples kept per position
    and rotation mask."""
    masks = state.tables.geometry.masks[state.tile]
    out: list[PlaceTile] = []
    cache = _PLACE_CACHE
    get = cache.get
    for key, pattern in zip(state.open_keys, state.open_patterns):  # noqa: B905 (parallel)
        mask = masks[pattern]
        if mask:
            code = key << 4 | mask
            found = get(code)
            if found is None:
                x, y = xy_of(key)
                rotations = [r for r in range(4) if mask >> r & 1]
                found = cache[code] = tuple(PlaceTile(x, y, r) for r in rotations)
            out += found
    return tuple(out)


def deploy_action(name: str) -> Deploy:
    """The one ``Deploy`` of a feature name (shared, immutable)."""
    found = _DEPLOY_CACHE.get(name)
    if found is None:
        found = _DEPLOY_CACHE[name] = Deploy(name)
    return found


@implements("F4", "F7", "FA2")
def returnable(state: State, follower: Follower) -> bool:
    """May the active player RETURN this figure? F4: only his own figures, never another
    player's. F7: any of his figures (the other expansions' figures are out of this library's
    scope, so these are his thieves, knights, monks and farmers). FA2: with ``festival_return =
    follower`` only followers, which in the base game are the same figures."""
    if follower.seat != state.active:
        return False
    return state.config.festival_return is FestivalReturn.FIGURE or _is_follower(follower)


def _is_follower(follower: Follower) -> bool:
    """Every figure this library places is a follower (thief, knight, monk or farmer); other
    expansions' figures (F7) are out of scope."""
    return isinstance(follower, Follower)


def free_features(state: State) -> list[int]:
    """Local indices of the last tile's features a follower may go on (C6, C7, V3)."""
    tile = last_tile(state)
    base = state.placed[-1].first_segment
    owner = state.segment_feature
    occupied = {owner[f.segment] for f in state.followers}
    farmers = state.config.farmers
    return [
        j
        for j, segment in enumerate(tile.segments)
        if owner[base + j] not in occupied and (farmers or segment.kind is not Kind.FIELD)
    ]


# --- validators --------------------------------------------------------------------------------


def _refuse(state: State, rule: str, reason: str) -> IllegalAction:
    return IllegalAction(rule, reason, seat=current_player(state), where=state.where())


def _malformed(state: State, reason: str) -> MalformedAction:
    return MalformedAction(
        decision_rule(state), reason, seat=current_player(state), where=state.where()
    )


def _in_follower_phase(state: State, what: str) -> IllegalAction | None:
    if state.phase is Phase.FOLLOWER:
        return None
    return _refuse(state, "C0.3", f"{what} belongs to the follower phase, after placing a tile")


@implements("C1", "C2", "C3", "C4")
def check_place(state: State, action: PlaceTile) -> IllegalAction | None:
    """C1: the tile must share a full edge with a placed tile (not a corner, not an occupied
    space); C2: rotation 0-3; C3: every touching edge matches in type; C4: empty neighbours
    impose nothing."""
    if state.phase is not Phase.PLACE:
        return _refuse(state, "C0.3", "the tile of this turn is already placed")
    x, y, rotation = action.x, action.y, action.rotation
    if not (_is_int(x) and _is_int(y) and _is_int(rotation)):
        return _malformed(state, f"PlaceTile takes integers, not {_show(action)}")
    if not 0 <= rotation <= 3:
        return _refuse(
            state,
            "C2",
            f"rotation is 0-3 clockwise quarter turns (0, 90, 180 or 270 degrees), not {rotation}",
        )
    if not (-LIMIT <= x <= LIMIT and -LIMIT <= y <= LIMIT):
        return _refuse(state, "C1", f"{_show(x)},{_show(y)} touches no placed tile")
    key = key_of(x, y)
    pattern = open_pattern(state, key)
    if pattern < 0:
        if state.tile_at(x, y) is not None:
            return _refuse(state, "C1", f"{position(x, y)} already holds a tile")
        return _refuse(
            state,
            "C1",
            f"{position(x, y)} shares no edge with a placed tile (a corner is not enough)",
        )
    if rotation in state.tables.geometry.fits[state.tile][pattern]:
        return None
    tile = state.tables.geometry.oriented[state.tile][rotation]
    clashes = []
    for d in range(4):
        wanted = (pattern >> (2 * d)) & 3
        if wanted and wanted != tile.edges[d]:
            clashes.append(
                f"{DIRECTIONS[d]} edge {EDGE_KINDS[tile.edges[d] - 1]} meets "
                f"{EDGE_KINDS[wanted - 1]}"
            )
    return _refuse(
        state,
        "C3",
        f"tile {state.tile} turned {turn_words(rotation)} does not match at {position(x, y)}: "
        + ", ".join(clashes),
    )


@implements("C6", "C7", "C8", "F3", "V3")
def check_deploy(state: State, action: Deploy) -> IllegalAction | None:
    """C6: one follower, on one feature of the tile just placed; C7: the whole connected
    feature holds no follower; C8: only with a follower in supply; F3: never on the festival
    place; V3: no farmers with ``farmers`` off."""
    problem = _in_follower_phase(state, "Deploy")
    if problem is not None:
        return problem
    name = action.feature
    if type(name) is not str or len(name) > MAX_FEATURE:
        return _malformed(state, f"Deploy takes a feature string, not {_show(name)}")
    tile = last_tile(state)
    last = state.placed[-1]
    local = tile.names.get(name)
    if local is None:
        if tile.festival and name.split(":")[0] == FESTIVAL_PLACE:
            return _refuse(state, "F3", "the festival place is not a feature: no figure goes there")
        return _refuse(
            state,
            "C6",
            f"tile {last.tile} at {position(last.x, last.y)} has no feature "
            f"{_show(feature_words(name))}; its features: "
            + ", ".join(feature_words(n) for n in tile.names),
        )
    if tile.segments[local].kind is Kind.FIELD and not state.config.farmers:
        return _refuse(state, "V3", "farmers are off in this game (farmers = off)")
    if state.supply[state.active] <= 0:
        return _refuse(state, "C8", "no follower left in supply")
    if local not in free_features(state):
        return _refuse(state, "C7", f"the {feature_words(name)} already holds a follower")
    return None


@implements("C9", "F2", "F4", "FA2", "FA4")
def check_return(state: State, action: ReturnFigure) -> IllegalAction | None:
    """C9: followers never leave the board voluntarily, except that F2 allows RETURN in the
    follower phase after placing a Festival tile; F4: only one of the
    active player's own figures on the board (FA4: none on the board, no RETURN); FA2: with
    ``festival_return = follower`` only followers."""
    problem = _in_follower_phase(state, "ReturnFigure")
    if problem is not None:
        return problem
    x, y, name = action.x, action.y, action.feature
    if not (_is_int(x) and _is_int(y) and type(name) is str and len(name) <= MAX_FEATURE):
        return _malformed(state, f"ReturnFigure takes x, y and a feature name, not {_show(action)}")
    if not last_tile(state).festival:
        return _refuse(state, "F2", "a figure may be returned only after placing a Festival tile")
    here = [f for f in state.followers if f.x == x and f.y == y and f.feature == name]
    if not here:
        return _refuse(
            state, "FA4", f"no figure stands on {_show(feature_words(name))} at {position(x, y)}"
        )
    own = [f for f in here if f.seat == state.active]
    if not own:
        owner = here[0].seat
        where = f"{feature_words(name)} at {position(x, y)}"
        return _refuse(state, "F4", f"the figure on {where} is seat {owner}'s")
    if not returnable(state, own[0]):
        return _refuse(state, "FA2", "only followers may be returned (festival_return = follower)")
    return None


@implements("C8", "FA3")
def check_pass(state: State, action: Pass) -> IllegalAction | None:
    """C8: deploying is optional; FA3: PASS is always legal in the follower phase, even with
    followers in supply."""
    return _in_follower_phase(state, "Pass")


def do_place(state: State, action: PlaceTile) -> State:
    return place(state, key_of(action.x, action.y), action.x, action.y, action.rotation)


def do_deploy(state: State, action: Deploy) -> State:
    last = state.placed[-1]
    local = last_tile(state).names[action.feature]
    follower = Follower(state.active, last.first_segment + local, last.x, last.y, action.feature)
    supply = list(state.supply)
    supply[state.active] -= 1
    return end_turn(state, (*state.followers, follower), tuple(supply))


@implements("F2", "F5", "F6", "FA1")
def do_return(state: State, action: ReturnFigure) -> State:
    """F2 RETURN: the figure goes back to its owner's supply in phase 2, so phase 3 scores this
    tile's completed features without it (F6, FA1) and it scores nothing (F5)."""
    seat = state.active
    gone = next(
        f
        for f in state.followers
        if f.seat == seat and f.x == action.x and f.y == action.y and f.feature == action.feature
    )
    supply = list(state.supply)
    supply[seat] += 1
    followers = tuple(f for f in state.followers if f is not gone)
    return end_turn(state, followers, tuple(supply))


def do_pass(state: State, action: Pass) -> State:
    return end_turn(state, state.followers, state.supply)
