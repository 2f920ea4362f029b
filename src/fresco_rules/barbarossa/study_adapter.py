"""Barbarossa in a study: a round is one turn of every seat; figures are the arrows per object
and the objects nobody guessed.

The greedy player takes the move that gains its own disc the most over the others' mean gain.
A die roll is neutral (its value would peek at the die the action rolls), and so are the
sculptor's judgements (answers, letters, verdicts): judged for gain, every right guess would
be called wrong, so they stay random as in random play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import barbarossa
from ..kernel.study_spec import GameAdapter, Step
from . import Answer, GiveLetter, Judge, RollDie, players
from .config import OPTION_TYPES


def _figures(final: Any, steps: Sequence[Step]) -> dict[str, float]:
    arrows = final.arrows
    return {
        "arrows per object": final.arrows_placed() / len(arrows),
        "objects never guessed": float(sum(not holders for holders in arrows)),
    }


def _rounds(final: Any) -> int:
    players = final.tables.players
    return int(-(-final.turn // players))


NEUTRAL = (RollDie, Answer, GiveLetter, Judge)


def _greedy_key(before: Any, action: Any, after: Any, seat: int) -> tuple[float, ...]:
    if isinstance(action, NEUTRAL):
        return (0.0,)
    old, new = barbarossa.scores(before), barbarossa.scores(after)
    others = [new[s] - old[s] for s in range(len(new)) if s != seat]
    return (float(new[seat] - old[seat]) - sum(others) / len(others),)


ADAPTER = GameAdapter(
    name="barbarossa",
    game=barbarossa.GAME,
    config_type=barbarossa.GameConfig,
    option_types=OPTION_TYPES,
    player_counts=(3, 4),
    winners=barbarossa.winners,
    rounds=_rounds,
    figure_names=("arrows per object", "objects never guessed"),
    figures=_figures,
    greedy_key=_greedy_key,
    greedy_doc=(
        "the largest gain of the own disc over the other discs' mean gain; die rolls and the "
        "sculptor's judgements neutral (random); ties drawn at random"
    ),
    heuristic_key=players.heuristic_key,
    heuristic_doc=(
        "moves to the tile worth most (jewels spent when it pays), asks the letter that splits "
        "an object's candidate words most, guesses the object with the fewest candidates, "
        "curses to guess one down to two; as sculptor gives true letters and honest verdicts"
    ),
    judgement=players.is_judgement,
    sample_hidden=players.sample_hidden,
    load_components=barbarossa.load_components,
)
