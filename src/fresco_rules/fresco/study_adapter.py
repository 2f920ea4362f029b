"""Fresco in a study: rounds are ``state.round``; figures are tiles restored, altar uses and
the VP converted from money at the end; the greedy player takes the most VP, then the most
Thalers earned."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import fresco
from ..kernel.study_spec import GameAdapter, Step
from . import players
from .config import OPTION_TYPES


def _figures(final: Any, steps: Sequence[Step]) -> dict[str, float]:
    players = final.tables.players
    return {
        "tiles restored": float(sum(tile is None for tile in final.cathedral)),
        "altar uses": float(sum(isinstance(action, fresco.RestoreAltar) for _, action in steps)),
        "money converted": float(sum(fresco.money_points(final.money[s]) for s in range(players))),
    }


def _greedy_key(before: Any, action: Any, after: Any, seat: int) -> tuple[float, ...]:
    gain = fresco.scores(after)[seat] - fresco.scores(before)[seat]
    income = max(0, after.money[seat] - before.money[seat])
    return (float(gain), float(income))


ADAPTER = GameAdapter(
    name="fresco",
    game=fresco.GAME,
    config_type=fresco.GameConfig,
    option_types=OPTION_TYPES,
    player_counts=(2, 3, 4),
    winners=fresco.winners,
    rounds=lambda final: int(final.round),
    figure_names=("tiles restored", "altar uses", "money converted"),
    figures=_figures,
    greedy_key=_greedy_key,
    greedy_doc=(
        "the most VP gained at once (track spaces, counting only the acting seat), then the most "
        "Thalers earned (a payment counts as 0, so buying stays possible); ties drawn at random"
    ),
    heuristic_key=players.heuristic_key,
    heuristic_doc=(
        "VP now, mood kept up, Thalers and paints bought; plans by what the seat can afford "
        "(cathedral with paints, up to two at the market, studio when short of money)"
    ),
    sample_hidden=players.sample_hidden,
    load_components=fresco.load_components,
    parse_modules=fresco.parse_modules,
)
