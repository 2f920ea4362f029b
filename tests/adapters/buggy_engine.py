"""Deliberately buggy Fresco engines for the conformance harness: this library with one rule
changed each. Run as a script to speak the JSON-lines protocol:
``python tests/adapters/buggy_engine.py bishop|income|altar|none``."""

from __future__ import annotations

import sys
from itertools import combinations_with_replacement
from typing import Any

from attrs import evolve

from fresco_rules import IllegalAction
from fresco_rules.conform import ReferenceEngine, serve
from fresco_rules.fresco import RestoreAltar, altar_points
from fresco_rules.fresco.vocab import BASE_PAINTS, Location, paint_counts


class DiagonalBlindBishop(ReferenceEngine):
    """R0.40 changed: the bishop bonus ignores the diagonal neighbours (+2 only orthogonally)."""

    def __init__(self) -> None:
        super().__init__()
        self.lost: list[int] = []

    def new_game(self, game: str, setup: dict[str, Any], chance: Any) -> None:
        super().new_game(game, setup, chance)
        self.lost = [0] * self.state.tables.players

    def after(self, before: Any, action: Any, state: Any) -> Any:
        scored = state.scored
        if scored is not None and scored is not before.scored:
            restoration = scored.restoration
            segment, bishop = restoration.segment, restoration.bishop
            actor = restoration.actor
            diagonal = (
                segment is not None
                and abs(segment[0] - bishop[0]) == 1
                and abs(segment[1] - bishop[1]) == 1
            )
            if diagonal and actor < len(self.lost):
                self.lost[actor] += scored.parts.bishop
        return state

    def scores(self) -> tuple[list[int], bool]:
        scores, over = super().scores()
        return [s - lost for s, lost in zip(scores, self.lost, strict=True)], over


class NoFinalIncome(ReferenceEngine):
    """R0.56 changed: no income is paid in the preparation that begins the final round."""

    def after(self, before: Any, action: Any, state: Any) -> Any:
        if state.final and not before.final and state.round != before.round:
            players = state.tables.players
            income = [len(state.held[seat]) for seat in range(players)]
            money = tuple(m - i for m, i in zip(state.money, income, strict=True))
            return evolve(state, money=money, supply_money=state.supply_money + sum(income))
        return state


class LooseAltar(ReferenceEngine):
    """R0.43 changed: the altar also takes three paints with a primary twice (scored as 2)."""

    def legal(self) -> list[Any]:
        actions = super().legal()
        state = self.state
        turn = state.turn
        if (
            turn is None
            or turn.location not in (Location.CATHEDRAL, Location.CATHEDRAL_2)
            or state.is_leonardo(turn.actor)
            or turn.left <= 0
            or state.pending_track
            or state.restoring is not None
        ):
            return actions
        have = state.paints[turn.actor]
        for paints in combinations_with_replacement(BASE_PAINTS, 3):
            need = paint_counts(paints)
            if any(n > h for n, h in zip(need, have, strict=True)):
                continue
            try:
                altar_points(paints)
            except IllegalAction:
                actions.append(RestoreAltar(paints))
        return actions


BUGS = {
    "none": ReferenceEngine,
    "bishop": DiagonalBlindBishop,
    "income": NoFinalIncome,
    "altar": LooseAltar,
}

if __name__ == "__main__":
    raise SystemExit(serve(BUGS[sys.argv[1]]()))
