"""Scoring: the guesser's and sculptor's moves, the track's ends and the two ends of the game
(B14-B16, B19, B20, B23, A-B.3-A-B.8, A-B.13, A-B.17)."""

from __future__ import annotations

from ..kernel.evolve import evolve
from ..kernel.registry import implements
from .config import FinishTiebreak, GuessResolution
from .data import ComponentData, default_components
from .state import State, Step
from .state import replace_at as _replace


@implements("B16", "E-B.1")
def sculptor_delta(total_arrows: int, components: ComponentData | None = None) -> int:
    """B16: the sculptor's move after a right guess, by the total number of arrows on the Gem
    with the new one: 1-2 -> -2, 3 -> -1, 4 -> 0, 5-6 -> +1, 7-8 -> +2, 9 -> +1, 10 -> 0,
    11 -> -1, 12-13 -> -2 (E-B.1). ``components`` defaults to the shipped data.

    Raises ``ValueError`` for a total outside 1..(the number of arrows)."""
    data = default_components() if components is None else components
    table = data.sculptor_table
    if isinstance(total_arrows, bool) or not isinstance(total_arrows, int):
        raise ValueError(f"B16: the arrow total must be an integer, not {total_arrows!r}")
    if not 1 <= total_arrows <= len(table):
        raise ValueError(f"B16: the Gem holds 1-{len(table)} arrows after a right guess")
    return table[total_arrows - 1].move


@implements("A-B.3", "A-B.4", "A-B.6")
def move_disc(state: State, seat: int, delta: int) -> State:
    """Move a scoring disc by ``delta``: A-B.3 it stops at index 0 going down; A-B.4 reaching
    or passing Finish stops it on Finish, and A-B.6 remembers by how much it passed."""
    finish = state.tables.track.finish
    target = state.discs[seat] + delta
    overshoot = state.overshoot
    if target >= finish:
        overshoot = _replace(overshoot, seat, target - finish)
    return evolve(
        state,
        discs=_replace(state.discs, seat, max(0, min(finish, target))),
        overshoot=overshoot,
    )


def end_game(state: State, winners: tuple[int, ...]) -> State:
    return evolve(
        state,
        step=Step.OVER,
        winners=tuple(sorted(winners)),
        window=None,
        request=None,
        callers=(),
    )


@implements("B19", "A-B.6")
def check_finish(state: State, seats: tuple[int, ...]) -> State:
    """B19: a disc among ``seats`` (those just moved) on Finish wins at once. A-B.6: several at
    once are co-winners, or under ``finish_tiebreak = overshoot`` the largest overshoot wins
    (equal overshoots share)."""
    finish = state.tables.track.finish
    arrived = tuple(seat for seat in seats if state.discs[seat] == finish)
    if not arrived:
        return state
    if state.config.finish_tiebreak is FinishTiebreak.OVERSHOOT:
        best = max(state.overshoot[seat] for seat in arrived)
        arrived = tuple(seat for seat in arrived if state.overshoot[seat] == best)
    return end_game(state, arrived)


@implements("B7", "A-B.19")
def dragon(state: State) -> State:
    """B7: every other player moves his disc 1 space forward; the mover gains nothing.
    A-B.19: nothing special near Finish: those who reach it win (A-B.6)."""
    others = tuple(seat for seat in range(state.tables.players) if seat != state.active)
    for seat in others:
        state = move_disc(state, seat, 1)
    return check_finish(state, others)


@implements("B14", "B15", "B16", "B21", "A-B.5", "A-B.8", "A-B.13")
def score_right_guess(state: State, guesser: int, obj: int) -> State:
    """B14: the arrow goes into the object. B15: the guesser moves 5 for the object's first
    arrow, 3 for its second. B16: the sculptor moves by the table for the total on the Gem.
    A-B.5: ``guesser_first`` moves the guesser and checks Finish before the sculptor moves
    (and checks again); ``both_then_check`` moves both, then checks. A-B.13: a curse's guess
    scores the same way. A-B.8: after the 13th arrow and those checks the game ends. B21: a
    right guess earns no further guess (the caller ends the turn)."""
    tables = state.tables
    holders = state.arrows[obj]
    gain = tables.guesser_gain[len(holders)]
    state = evolve(state, arrows=_replace(state.arrows, obj, (*holders, guesser)))
    total = state.arrows_placed()
    sculptor = state.owner(obj)
    delta = tables.sculptor_moves[total]
    if state.config.guess_resolution is GuessResolution.GUESSER_FIRST:
        state = check_finish(move_disc(state, guesser, gain), (guesser,))
        if state.step is Step.OVER:
            return state
        state = check_finish(move_disc(state, sculptor, delta), (sculptor,))
    else:
        state = move_disc(move_disc(state, guesser, gain), sculptor, delta)
        state = check_finish(state, (guesser, sculptor))
    if state.step is Step.OVER or total < tables.arrows_total:
        return state
    return end_by_arrows(state)


@implements("B19", "B23", "A-B.7", "A-B.8", "A-B.17")
def end_by_arrows(state: State) -> State:
    """B19/A-B.8: all arrows are in objects and nobody reached Finish: the disc furthest along
    wins; A-B.7 equal furthest discs share the win. A-B.17: with ``unguessed_penalty = n``
    each object without an arrow first moves its sculptor n spaces back. B23: nothing else is
    scored."""
    penalty = state.config.unguessed_penalty
    if penalty:
        for obj, holders in enumerate(state.arrows):
            if not holders:
                state = move_disc(state, state.owner(obj), -penalty)
    best = max(state.discs)
    return end_game(state, tuple(s for s, disc in enumerate(state.discs) if disc == best))
