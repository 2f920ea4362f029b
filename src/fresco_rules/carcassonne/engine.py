"""The public game protocol for Carcassonne: legal actions, apply, explain and the read-outs.

``apply`` and ``explain`` come from the kernel's dispatch (``kernel.dispatch``) over this
game's table of action kinds, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Callable

from ..kernel.dispatch import ActionKinds
from ..kernel.errors import IllegalAction
from ..kernel.registry import implements
from .actions import Action, Deploy, Pass, PlaceTile, ReturnFigure
from .seat_view import PlayerView
from .state import Phase, State
from .turns import (
    check_deploy,
    check_pass,
    check_place,
    check_return,
    deploy_action,
    do_deploy,
    do_pass,
    do_place,
    do_return,
    free_features,
    placements,
)
from .turns import current_player as current_player
from .turns import decision_rule as decision_rule
from .turns import last_tile as last_tile
from .turns import returnable as returnable

_PASS = (Pass(),)


@implements("C0.3", "F2", "FA3", "FA6")
def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action of the active player, in a fixed order, without duplicates; empty
    exactly when the game is over. C0.3: a placement, then the same player's follower phase;
    F2: after a Festival tile DEPLOY, RETURN or PASS; FA3: PASS always; FA6: the same choices
    for an automated player. Placements in reading order of their position (by y, then
    x), then rotation; in the follower phase the free features of the tile (roads, cities,
    monastery, fields), then returns (Festival tile: own figures by position), then ``Pass``."""
    phase = state.phase
    if phase is Phase.PLACE:
        return placements(state)
    if phase is Phase.OVER:
        return ()
    actions: list[Action] = []
    if state.supply[state.active] > 0:
        tile = last_tile(state)
        actions.extend(deploy_action(tile.segments[j].name) for j in free_features(state))
    if last_tile(state).festival:
        own = sorted(
            (f for f in state.followers if returnable(state, f)),
            key=lambda f: (f.y, f.x, f.feature),
        )
        actions.extend(ReturnFigure(f.x, f.y, f.feature) for f in own)
    actions.extend(_PASS)
    return tuple(actions)


def is_over(state: State) -> bool:
    return state.phase is Phase.OVER


KINDS: ActionKinds[State] = ActionKinds(
    game="Carcassonne",
    state_type=State,
    state_rule="C0.3",
    over_rule="C15",
    is_over=is_over,
    current_player=current_player,
    kinds={
        PlaceTile: (check_place, do_place),
        Deploy: (check_deploy, do_deploy),
        ReturnFigure: (check_return, do_return),
        Pass: (check_pass, do_pass),
    },
)
"""The action kinds, each with its validator and effect (``kernel.dispatch``)."""
RULES = KINDS.kinds
"""The dispatch table: each action kind with its validator and effect."""

explain: Callable[[State, object], IllegalAction | None] = KINDS.explain
"""None when an action is legal in a state, otherwise the violation ``apply`` raises."""
apply: Callable[[State, object], State] = KINDS.apply
"""The state after an action; raises ``IllegalAction`` (rule ID and reason) when it is
illegal or malformed. The input state is never changed."""


@implements("C0.1", "C5")
def player_view(state: State, seat: int) -> PlayerView:
    """What one seat may see: the whole table (placed tiles, followers, the drawn tile, the
    tiles discarded face up under C5, supplies and points) and of the face-down stack (C0.1)
    only how many tiles it holds."""
    return PlayerView(
        seat=seat,
        turn=state.turn,
        phase=state.phase.value,
        active=state.active,
        tile=state.tile,
        stack=len(state.stack),
        discarded=state.discarded,
        placed=tuple((p.tile, p.x, p.y, p.rotation) for p in state.placed),
        followers=tuple((f.seat, f.x, f.y, f.feature) for f in state.followers),
        supply=state.supply,
        points=state.points,
        winners=winners(state),
    )


def scores(state: State) -> tuple[int, ...]:
    """Points per seat after every step, final scoring included once the game is over."""
    return state.points


@implements("C20", "CA6")
def winners(state: State) -> tuple[int, ...]:
    """C20: the seat(s) with the most points once the game is over (CA6: ties are co-winners);
    empty while the game goes on."""
    if state.phase is not Phase.OVER:
        return ()
    best = max(state.points)
    return tuple(seat for seat, points in enumerate(state.points) if points == best)


@implements("C0.1", "C9", "C13")
def token_ledger(state: State) -> dict[str, dict[str, int]]:
    """Every component's location; each kind's total is constant. Followers (C0.1: 7 per
    player): each seat's supply and board (C9, C13: they leave the board only when scored or
    returned). Tiles: the face-down stack, the drawn tile in hand, the board and the discards."""
    followers: dict[str, int] = {}
    on_board = [0] * state.tables.players
    for follower in state.followers:
        on_board[follower.seat] += 1
    for seat, left in enumerate(state.supply):
        followers[f"seat {seat} supply"] = left
        followers[f"seat {seat} board"] = on_board[seat]
    tiles = {
        "stack": len(state.stack),
        "drawn": 1 if state.phase is Phase.PLACE else 0,
        "board": len(state.placed),
        "discarded": len(state.discarded),
    }
    return {"followers": followers, "tiles": tiles}
