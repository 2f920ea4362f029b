"""Pig's rules as pure functions: set-up, legal actions, ``apply`` and ``explain`` (one
validator per action kind, so they cannot disagree), scores, winners and the seat views."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from fresco_rules.kernel.chance import Outcome, checked_seed, draw, draw_several, start_chance
from fresco_rules.kernel.errors import SHAPE_RULE, IllegalAction, MalformedAction
from fresco_rules.kernel.registry import implements
from fresco_rules.kernel.shapes import misshapen_refusal, shape_problem
from fresco_rules.kernel.untrusted import describe

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


Check = Callable[[State, Any], IllegalAction | None]
Effect = Callable[[State, Any], State]

RULES: dict[type, tuple[Check, Effect]] = {
    Roll: (check_roll, do_roll),
    Hold: (check_hold, do_hold),
}
"""Each action kind with its validator and effect."""


def _rules_for(action: object) -> tuple[Check, Effect] | None:
    kind = type(action)
    for known, rules in RULES.items():
        if known is kind:
            return rules
    return None


def _violation(state: State, action: object) -> IllegalAction | None:
    if type(state) is not State:
        return MalformedAction(SHAPE_RULE, f"expected a Pig State, got {describe(state)}")
    rules = _rules_for(action)
    if rules is None:
        return MalformedAction(
            SHAPE_RULE,
            f"{describe(action)} is not a Pig action",
            seat=current_player(state),
            where=state.where(),
        )
    if state.over:
        return IllegalAction("P6", "the game is over", where=state.where())
    problem = shape_problem(action)
    if problem is None:
        return rules[0](state, action)
    return misshapen_refusal(
        rules[0], state, action, problem, seat=current_player(state), where=state.where()
    )


def explain(state: State, action: object) -> IllegalAction | None:
    """None when ``action`` is legal in ``state``, otherwise the violation ``apply`` raises."""
    return _violation(state, action)


def apply(state: State, action: object) -> State:
    """The state after ``action``; ``IllegalAction`` (rule ID and reason) when it is illegal."""
    problem = _violation(state, action)
    if problem is not None:
        raise problem
    rules = _rules_for(action)
    assert rules is not None
    return rules[1](state, action)


def is_over(state: State) -> bool:
    return state.over


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
