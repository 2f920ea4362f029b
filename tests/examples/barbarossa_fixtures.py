"""Positions for the Barbarossa examples (barbarossa.md section E) and rule tests.

Games start from ``new_game`` and are driven by real actions through ``apply``. Die rolls are
given as recorded chance outcomes (``new_game(..., chance=[("die", "3")])``), so every roll in a
test is stated in the test. Only what no short sequence of actions sets up (discs, jewels,
arrows already placed, a pawn's tile) is placed with ``attrs.evolve``, keeping every ledger
total of ``token_ledger`` constant.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from attrs import evolve

from fresco_rules.barbarossa import (
    Action,
    CallCurses,
    GameConfig,
    State,
    apply,
    explain,
    new_game,
    token_ledger,
)
from fresco_rules.kernel.errors import IllegalAction, MalformedAction
from fresco_rules.kernel.protocol import ledger_totals

# The common fixture of section E: 4 players A, B, C and D, clockwise.
A, B, C, D = 0, 1, 2, 3

WORDS_4 = (("hedgehog", "anchor"), ("teapot", "snail"), ("bicycle", "mushroom"), ("crown", "key"))
"""Secret words by seat (B2); objects are numbered seat by seat: A's are 0 and 1, B's 2 and 3,
C's 4 and 5, D's 6 and 7."""
WORDS_3 = (
    ("hedgehog", "anchor", "teapot"),
    ("snail", "bicycle", "mushroom"),
    ("crown", "key", "penguin"),
)
"""3 players: A's objects are 0-2, B's 3-5, C's 6-8."""

# The provisional ring (component-data.md section 8), as 0-based indices of tiles 1-6.
QUESTION_TILE, JEWEL_TILE, DRAGON_TILE, DWARF_TILE, JEWEL_TILE_2, DRAGON_TILE_2 = range(6)

TOTALS_4 = {"arrows": 13, "curses": 12, "jewels": 52}
"""Ledger totals with 4 players: 13 arrows, 3 curse tokens each, jewel tracks of 13 each."""


def game(players: int = 4, dice: Iterable[int] = (), seed: int = 0, **options: Any) -> State:
    """A new game with the words above; ``dice`` are the die rolls to come, in order. The
    curse window before the first move (A-B.12) is closed: nobody calls."""
    words = WORDS_4 if players == 4 else WORDS_3
    config = GameConfig(players=players, objects=words, **options)
    return quiet(new_game(config, seed, chance=[("die", str(value)) for value in dice]))


def close_window(state: State) -> State:
    """Nobody calls a curse at an open window (A-B.12)."""
    assert state.window is not None, f"no curse window is open: {state.where()}"
    return apply(state, CallCurses(()))


def quiet(state: State) -> State:
    """Close every curse window until a decision other than a curse call is due."""
    while state.window is not None:
        state = apply(state, CallCurses(()))
    return state


def play(state: State, *actions: Action) -> State:
    """Apply each action, closing the curse windows that follow it (nobody calls)."""
    for action in actions:
        state = quiet(apply(state, action))
        assert_ledgers_balanced(state)
    return state


def refused(state: State, action: object, rule: str, *, malformed: bool = False) -> IllegalAction:
    """Check that ``action`` is refused with ``rule`` and the right kind of refusal
    (``MalformedAction`` when ``malformed``, else ``IllegalAction``) by both ``explain`` and
    ``apply``, and that the state is unchanged; returns the violation."""
    problem = explain(state, action)
    assert problem is not None, f"{action!r} was accepted"
    assert problem.rule == rule, f"{action!r}: {problem}"
    kind = MalformedAction if malformed else IllegalAction
    assert type(problem) is kind, f"{action!r}: {type(problem).__name__}, not {kind.__name__}"
    try:
        apply(state, action)
    except IllegalAction as raised:
        assert raised == problem
    else:  # pragma: no cover - explain and apply are one validator
        raise AssertionError("apply accepted what explain refused")
    return problem


def assert_ledgers_balanced(state: State) -> None:
    players = state.tables.players
    totals = ledger_totals(token_ledger(state))
    assert totals == {"arrows": 13, "curses": 3 * players, "jewels": 13 * players}, totals


def with_discs(state: State, discs: Mapping[int, int]) -> State:
    """Put scoring discs on track indices."""
    values = list(state.discs)
    for seat, index in discs.items():
        values[seat] = index
    return evolve(state, discs=tuple(values))


def with_jewels(state: State, jewels: Mapping[int, int]) -> State:
    """Set jewel cubes (the ledger's ``track`` part takes up the difference)."""
    values = list(state.jewels)
    for seat, count in jewels.items():
        values[seat] = count
    return evolve(state, jewels=tuple(values))


def with_pawn(state: State, seat: int, tile: int) -> State:
    """Put a pawn on a tile (0-based ring index)."""
    pawns = list(state.pawns)
    pawns[seat] = tile
    return evolve(state, pawns=tuple(pawns))


def with_arrows(state: State, arrows: Mapping[int, tuple[int, ...]]) -> State:
    """Put arrows into objects from the supply: ``{object: (guessers, ...)}``."""
    values = list(state.arrows)
    for obj, holders in arrows.items():
        values[obj] = tuple(holders)
    result = evolve(state, arrows=tuple(values))
    assert result.arrows_placed() <= 13
    return result


def with_active(state: State, seat: int) -> State:
    """Make it ``seat``'s turn, at its start."""
    return evolve(state, active=seat)
