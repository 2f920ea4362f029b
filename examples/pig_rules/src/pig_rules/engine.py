"""Pig's rules as pure functions: set-up, legal actions, ``apply`` and ``explain`` (built by
the kernel's dispatch from the table of action kinds, so they cannot disagree), scores, winners
and the seat views."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from fresco_rules.kernel.chance import Outcome, checked_seed, draw, draw_several, start_chance
from fresco_rules.kernel.dispatch import ActionKinds
from fresco_rules.kernel.errors import SHAPE_RULE, IllegalAction
from fresco_rules.kernel.registry import implements

from .actions import Action, Hold, Roll
from .config import GameConfig, derive_tables
from .state import PlayerView, State
from .vocab import TURN_RULE

ROLL = Roll()
HOLD = Hold()


@implements("P1")
def new_game(
    config: GameConfig | None = None,
    seed: int = 0,
    chance: Sequence[Outcome] | None = None,
    *,
    chance_only: bool = False,
) -> State:
    """P1: deal each player a bonus card face down (chance kind ``bonus``); banks at 0; seat 0
    plays first. ``chance`` replays recorded outcomes; with ``chance_only`` (replaying a record,
    the adapters' chance nodes) a draw beyond them is refused instead of generated."""
    if config is None:
        config = GameConfig()
    seed = checked_seed(seed)
    tables = derive_tables(config)
    source = start_chance(seed, chance or (), scripted_only=chance_only)
    dealt, source = draw_several(source, "bonus", list(tables.bonus), tables.players, rule="P1")
    return State(
        config=config,
        tables=tables,
        chance=source,
        active=0,
        turn=1,
        turn_total=0,
        last_roll=0,
        banks=(0,) * tables.players,
        bonus=tuple(int(card) for card in dealt),
        over=False,
    )


@implements("P2", "P5", "P6")
def legal_actions(state: State) -> tuple[Action, ...]:
    """P2: the active player rolls or holds; P5: holding only after a roll this turn; P6:
    nothing once the game is over."""
    if state.over:
        return ()
    return (ROLL, HOLD) if state.turn_total > 0 else (ROLL,)


def current_player(state: State) -> int | None:
    """P2: the active seat; None once the game is over."""
    return None if state.over else state.active


def decision_rule(state: State) -> str:
    return TURN_RULE


def _next_turn(state: State, **changes: Any) -> State:
    return attrs.evolve(
        state,
        active=(state.active + 1) % state.tables.players,
        turn=state.turn + 1,
        turn_total=0,
        **changes,
    )


def check_roll(state: State, action: Roll) -> IllegalAction | None:
    """P3: the active player may always roll while the game goes on."""
    return None


@implements("P3", "P4")
def do_roll(state: State, action: Roll) -> State:
    """P3: roll the die (chance kind ``die``); a face adds to the turn total. P4: the bust face
    loses the turn total and passes the turn."""
    tables = state.tables
    index, source = draw(state.chance, "die", tables.faces, rule="P3")
    face = tables.faces[index]
    if face == tables.bust:
        return _next_turn(state, chance=source, last_roll=int(face))
    return attrs.evolve(
        state, chance=source, turn_total=state.turn_total + int(face), last_roll=int(face)
    )


def check_hold(state: State, action: Hold) -> IllegalAction | None:
    """P5: holding needs a turn total: a player rolls at least once first."""
    if state.turn_total == 0:
        return IllegalAction(
            "P5", "roll at least once before holding", seat=state.active, where=state.where()
        )
    return None


@implements("P5", "P6")
def do_hold(state: State, action: Hold) -> State:
    """P5: bank the turn total and pass the turn; P6: a bank at the target ends the game."""
    banks = list(state.banks)
    banks[state.active] += state.turn_total
    if banks[state.active] >= state.tables.target:
        return attrs.evolve(state, banks=tuple(banks), turn_total=0, last_roll=0, over=True)
    return _next_turn(state, banks=tuple(banks), last_roll=0)


def is_over(state: State) -> bool:
    return state.over


KINDS: ActionKinds[State] = ActionKinds(
    game="Pig",
    state_type=State,
    state_rule=SHAPE_RULE,
    over_rule="P6",
    is_over=is_over,
    current_player=current_player,
    kinds={
        Roll: (check_roll, do_roll),
        Hold: (check_hold, do_hold),
    },
)
"""Each action kind with its validator and effect; the kernel's dispatch builds ``apply`` and
``explain`` from it (the K.1 shape check, the game-over rule, then the kind's validator)."""
RULES = KINDS.kinds

explain: Callable[[State, object], IllegalAction | None] = KINDS.explain
"""None when an action is legal in a state, otherwise the violation ``apply`` raises."""
apply: Callable[[State, object], State] = KINDS.apply
"""The state after an action; ``IllegalAction`` (rule ID and reason) when it is illegal."""


@implements("P7")
def scores(state: State) -> tuple[int, ...]:
    """P7: the banks while the game goes on; once it is over each bank plus its bonus card."""
    if not state.over:
        return state.banks
    return tuple(bank + card for bank, card in zip(state.banks, state.bonus, strict=True))


@implements("P7")
def winners(state: State) -> tuple[int, ...]:
    """P7: the seats with the highest score once the game is over (ties all win); empty
    while it goes on."""
    if not state.over:
        return ()
    final = scores(state)
    best = max(final)
    return tuple(seat for seat, score in enumerate(final) if score == best)


@implements("P8")
def player_view(state: State, seat: int) -> PlayerView:
    """P8: a seat's own bonus card, every bank, the turn total and the last roll; the other
    bonus cards only once the game is over."""
    return PlayerView(
        seat=seat,
        turn=state.turn,
        active=state.active,
        turn_total=state.turn_total,
        last_roll=state.last_roll,
        banks=state.banks,
        own_bonus=state.bonus[seat],
        bonuses=state.bonus if state.over else tuple(None for _ in state.bonus),
        over=state.over,
        winners=winners(state),
    )


@implements("P1")
def token_ledger(state: State) -> dict[str, dict[str, int]]:
    """P1: every bonus card is in a player's hand or left in the deck."""
    dealt = len(state.bonus)
    return {"bonus cards": {"dealt": dealt, "deck": len(state.tables.bonus) - dealt}}
