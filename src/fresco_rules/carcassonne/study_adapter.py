"""Carcassonne in a study: a round is one turn of every seat (tiles placed, ``turn``, over the
players); figures are the points scored by feature kind (roads, cities, monasteries, fields),
the tiles discarded (C5) and the figures taken back on Festival turns (F2).

Points by kind come from ``state.scored``, the log of every scored feature (C10-C12 during the
game, C16-C19 at the end): a feature's value goes to each of its scoring seats (C10: tied
majorities score in full), so the four kinds add up to the sum of the final scores.

The greedy player looks at the acting seat's own turn only. A follower action (deploy, return,
pass) ends the turn; its value is, in order, the points the seat gained (the features the tile
completed, C14), the gain of the seat's *standing* (its points plus what the final scoring,
C15-C19, would give it if the game ended now: a farmer by completed cities, a thief on a long
road), and the followers it keeps in its supply (so it does not spend one for nothing). A tile
placement is worth the best follower action it allows. None of these depend on the tile the next
turn draws: the drawn tile changes no points, and whether every remaining tile fits nowhere (C5,
the only way a draw ends the game) does not depend on their order."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .. import carcassonne
from ..kernel.study_spec import GameAdapter, Step
from . import Follower, Kind, Phase, PlaceTile, ReturnFigure, players
from .config import OPTION_TYPES
from .scoring import final_points, majority

KIND_FIGURES = {
    Kind.CITY: "city points",
    Kind.ROAD: "road points",
    Kind.MONASTERY: "monastery points",
    Kind.FIELD: "field points",
}
"""The figure name of the points scored on each feature kind."""

FIGURE_NAMES = (*KIND_FIGURES.values(), "tiles discarded", "festival returns")


def points_by_kind(final: Any) -> dict[Kind, int]:
    """The points every seat together scored on each feature kind (each scoring seat of a feature
    gets its full value, so the kinds add up to the sum of the scores)."""
    totals = dict.fromkeys(KIND_FIGURES, 0)
    for scoring in final.scored:
        totals[scoring.kind] += scoring.points * len(scoring.seats)
    return totals


def _figures(final: Any, steps: Sequence[Step]) -> dict[str, float]:
    figures = {KIND_FIGURES[kind]: float(points) for kind, points in points_by_kind(final).items()}
    figures["tiles discarded"] = float(len(final.discarded))
    figures["festival returns"] = float(sum(isinstance(a, ReturnFigure) for _, a in steps))
    return figures


def _rounds(final: Any) -> int:
    return int(-(-final.turn // final.tables.players))


def standing(state: Any, seat: int) -> int:
    """The seat's points plus what the final scoring would add if the game ended now (C15-C19;
    a finished game's points already include it): ``final_scoring``'s points for the seat,
    without building its log. Meant for a state between turns: in a follower phase the
    features the tile completed are not scored yet."""
    points = int(state.points[seat])
    if state.phase is Phase.OVER:
        return points
    owner = state.segment_feature
    held: dict[int, list[Follower]] = {}
    for follower in state.followers:
        held.setdefault(owner[follower.segment], []).append(follower)
    players, farmers = state.tables.players, state.config.farmers
    for root, followers in held.items():
        feature = state.features[root]
        if feature.kind is Kind.FIELD:
            if not farmers:
                continue
        elif feature.open == 0:
            continue
        if seat in majority(followers, players):
            points += final_points(state, feature)
    return points


def _turn_value(before: Any, base: int, after: Any, seat: int) -> tuple[float, ...]:
    """The value of a turn ended in ``after`` for the seat that began it in ``before`` (whose
    standing is ``base``)."""
    gained = after.points[seat] - before.points[seat]
    return (float(gained), float(standing(after, seat) - base), float(after.supply[seat]))


def _greedy_key(before: Any, action: Any, after: Any, seat: int) -> tuple[float, ...]:
    base = standing(before, seat)
    if isinstance(action, PlaceTile) and after.phase is Phase.FOLLOWER:
        follow_ups = carcassonne.legal_actions(after)
        return max(_turn_value(before, base, carcassonne.apply(after, a), seat) for a in follow_ups)
    return _turn_value(before, base, after, seat)


ADAPTER = GameAdapter(
    name="carcassonne",
    game=carcassonne.GAME,
    config_type=carcassonne.GameConfig,
    option_types=OPTION_TYPES,
    player_counts=(2, 3, 4, 5),
    winners=carcassonne.winners,
    rounds=_rounds,
    figure_names=FIGURE_NAMES,
    figures=_figures,
    greedy_key=_greedy_key,
    greedy_doc=(
        "over its own turn: the most points gained, then the largest gain of its standing (points "
        "plus what the final scoring would give now), then the most followers kept; a tile "
        "placement is worth its best follower action; ties drawn at random"
    ),
    heuristic_key=players.heuristic_key,
    heuristic_values=players.heuristic_values,
    heuristic_doc=(
        "the greedy turn value with farms counted in proportion to the game's progress and "
        "followers kept worth a third of a point"
    ),
    sample_hidden=players.sample_hidden,
    load_components=carcassonne.load_components,
)
