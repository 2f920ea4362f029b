"""Hand-built Carcassonne mini boards, played through the public API: the tile draws are
scripted chance outcomes, every placement and follower decision is a legal action."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from fresco_rules.carcassonne import (
    Deploy,
    GameConfig,
    Pass,
    Phase,
    PlaceTile,
    ReturnFigure,
    State,
    apply,
    legal_actions,
    new_game,
)

Turn = tuple[str, int, int, int, Any]
"""``(tile, x, y, rotation, follower decision)``: the decision is None (pass), a feature string
(deploy there) or an action."""


def play(
    turns: Sequence[Turn], config: GameConfig | None = None, *, more: Sequence[str] = ()
) -> State:
    """Play ``turns`` in order from a new game (seats alternate as the rules say), drawing
    exactly the listed tiles, then ``more`` scripted draws; the next draw after that comes from
    the seed."""
    config = config or GameConfig()
    script = [("tile", turn[0]) for turn in turns] + [("tile", tile) for tile in more]
    state = new_game(config, 0, chance=script)
    for tile, x, y, rotation, decision in turns:
        assert state.phase is Phase.PLACE and state.tile == tile, (state.where(), tile)
        state = apply(state, PlaceTile(x, y, rotation))
        state = apply(state, follower_action(decision))
    return state


def place(state: State, x: int, y: int, rotation: int) -> State:
    return apply(state, PlaceTile(x, y, rotation))


def follower_action(decision: Any) -> Any:
    if decision is None:
        return Pass()
    if isinstance(decision, str):
        return Deploy(decision)
    return decision


def place_only(turns: Sequence[Turn], last: Turn, config: GameConfig | None = None) -> State:
    """``turns``, then the last turn's tile placed: the state in its follower phase."""
    state = play(turns, config, more=(last[0],))
    return place(state, last[1], last[2], last[3])


def last_turn(state: State) -> State:
    """The same position with no tile left face down: the turn in progress is the last one
    (C15), so its end runs final scoring."""
    return attrs.evolve(state, stack=())


def returns(state: State) -> list[ReturnFigure]:
    return [a for a in legal_actions(state) if isinstance(a, ReturnFigure)]


def deploys(state: State) -> list[str]:
    return [a.feature for a in legal_actions(state) if isinstance(a, Deploy)]


# EC.3: a 3-tile road W(0,1).E - U(1,1) - W(2,1).W joining two thieves.
SHARED_ROAD: list[Turn] = [
    ("W", 0, 1, 0, "road:E"),
    ("U", 1, 0, 0, None),
    ("U", 2, 0, 0, None),
    ("W", 2, 1, 0, "road:W"),
    ("U", 1, 1, 0, None),
]

# Two cities, seat 0's (with the start tile's) and seat 1's, joined by one F tile.
JOINED_CITIES: list[Turn] = [
    ("N", 0, -1, 2, "city:E,S"),
    ("U", 1, 0, 0, None),
    ("U", 2, 0, 0, None),
    ("E", 2, -1, 3, "city:W"),
    ("F", 1, -1, 0, None),
]

# A 2x2 ring of city corners south of the start tile; the last one touches the city twice.
CITY_RING: list[Turn] = [
    ("N", 0, 1, 2, "city:E,S"),
    ("N", 1, 1, 3, None),
    ("N", 0, 2, 1, None),
    ("M", 1, 2, 0, None),
]

# A 2x2 loop of road curves south of the start tile.
ROAD_LOOP: list[Turn] = [
    ("V", 0, 1, 3, "road:E,S"),
    ("V", 1, 1, 0, None),
    ("V", 0, 2, 2, None),
    ("V", 1, 2, 1, None),
]

# A monastery at (0, 1) with a monk of seat 0, then its 7 missing neighbours.
MONASTERY: list[Turn] = [
    ("B", 0, 1, 0, "monastery"),
    ("U", -1, 0, 0, None),
    ("U", 1, 0, 0, None),
    ("E", -1, 1, 3, None),
    ("E", 1, 1, 1, None),
    ("E", -1, 2, 3, None),
    ("E", 0, 2, 2, None),
    ("E", 1, 2, 1, None),
]

# EC.5: one field with two farmers of seat 0 and one of seat 1, touching the completed cities
# D+E at (0,-1)/(0,0) (twice: from north and south of it) and (0,1)+(0,2), and the incomplete
# city of (1,1).
FARMERS: list[Turn] = [
    ("U", 1, 0, 0, "field:NL,NR,EL,WR"),
    ("E", 0, -1, 2, "field:NL,NR,EL,ER,WL,WR"),
    ("U", -1, 0, 0, "field:ER,SL,SR,WL"),
    ("B", 1, -1, 0, None),
    ("A", 2, 0, 1, None),
    ("E", 0, 1, 2, None),
    ("E", 0, 2, 0, None),
    ("E", 1, 1, 2, None),
]
