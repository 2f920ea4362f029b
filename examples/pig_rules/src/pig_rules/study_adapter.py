"""Pig in a study: a round is one turn of every seat; the figures are the turns played and
the busts (P4). The greedy player holds once its turn total reaches ``HOLD_AT`` (a roll is
worth ``HOLD_AT``, a hold its turn total): a roll reveals a die, so its value must not look
at the result."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fresco_rules.kernel.study_spec import GameAdapter, Step

from .actions import Hold
from .config import OPTION_TYPES, GameConfig
from .data import load_components
from .engine import winners
from .game import GAME
from .vocab import GAME_NAME

HOLD_AT = 20
FIGURE_NAMES = ("turns", "busts")


def _figures(final: Any, steps: Sequence[Step]) -> dict[str, float]:
    bust = ("die", final.tables.bust)
    busts = sum(1 for outcome in final.chance.log if tuple(outcome) == bust)
    return {"turns": float(final.turn), "busts": float(busts)}


def _rounds(final: Any) -> int:
    return int(-(-final.turn // final.tables.players))


def _greedy_key(before: Any, action: Any, after: Any, seat: int) -> tuple[float, ...]:
    if type(action) is Hold:
        return (float(before.turn_total),)
    return (float(HOLD_AT) - 0.5,)


ADAPTER = GameAdapter(
    name=GAME_NAME,
    game=GAME,
    config_type=GameConfig,
    option_types=OPTION_TYPES,
    player_counts=(2, 3, 4),
    winners=winners,
    rounds=_rounds,
    figure_names=FIGURE_NAMES,
    figures=_figures,
    greedy_key=_greedy_key,
    greedy_doc=f"its turn total: it rolls until the turn total reaches {HOLD_AT}, then holds",
    load_components=load_components,
)
"""Pig as the study sees it."""
