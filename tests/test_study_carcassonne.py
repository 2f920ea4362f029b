"""Carcassonne in interpretation studies: its options per arm, points by feature kind, the
discard and Festival figures, and the greedy player."""

from __future__ import annotations

from typing import Any

import pytest

from fresco_rules import carcassonne
from fresco_rules.carcassonne import FestivalReturn, FirstPlayer, Kind, ReturnFigure
from fresco_rules.carcassonne.scoring import final_scoring
from fresco_rules.carcassonne.study_adapter import KIND_FIGURES, points_by_kind, standing
from fresco_rules.kernel.play import random_playout
from fresco_rules.study import (
    Arm,
    Study,
    StudyError,
    get_adapter,
    make_player,
    parse_arm,
    run_game,
    run_study,
)
from fresco_rules.study.spec import game_seed

ADAPTER = get_adapter("carcassonne")
FARMERS = (parse_arm("farmers=on"), parse_arm("farmers=off"))


def carcassonne_study(**changes: Any) -> Study:
    fields: dict[str, Any] = {
        "game": "carcassonne", "players": 2, "games": 4, "seed": 5, "arms": FARMERS,
    }  # fmt: skip
    fields.update(changes)
    return Study(**fields)


@pytest.fixture(scope="module")
def farmers_study() -> tuple[dict[str, Any], list[Any]]:
    return run_study(carcassonne_study(), progress=False)


def test_points_by_kind_add_up_to_every_games_scores(
    farmers_study: tuple[dict[str, Any], list[Any]],
) -> None:
    _, games = farmers_study
    kinds = list(KIND_FIGURES.values())
    for game in games:
        figures = dict(zip(ADAPTER.figure_names, game.figures, strict=True))
        assert sum(figures[name] for name in kinds) == sum(game.scores)
        assert sum(game.scores) > 0


def test_the_summary_has_the_figures_by_kind_and_farmers_off_scores_no_field(
    farmers_study: tuple[dict[str, Any], list[Any]],
) -> None:
    summary, games = farmers_study
    assert summary["figure_names"] == [
        "city points", "road points", "monastery points", "field points",
        "tiles discarded", "festival returns",
    ]  # fmt: skip
    on, off = (arm["figures"] for arm in summary["arms"])
    for name in summary["figure_names"]:
        assert f"figure.{name}" in on and f"figure.{name}" in off
    assert on["figure.field points"]["mean"] > 0
    assert off["figure.field points"] == {"mean": 0.0, "ci": [0.0, 0.0]}
    comparison = summary["comparisons"][0]
    assert "figure.field points" in str(comparison)
    assert [g.seed for g in games[:4]] == [g.seed for g in games[4:]]  # common random numbers


def test_the_random_player_plays_the_game_of_fresco_rules_play() -> None:
    config = carcassonne.GameConfig(players=3)
    seed = game_seed(9, 0)
    result = run_game(ADAPTER, config, 0, 0, seed, make_player("random", ADAPTER))
    playout = random_playout(carcassonne.GAME, config, seed)
    final = playout.final
    assert result.scores == carcassonne.scores(final) and result.steps == len(playout.steps)
    assert result.rounds == -(-final.turn // 3)
    figures = dict(zip(ADAPTER.figure_names, result.figures, strict=True))
    returns = sum(isinstance(action, ReturnFigure) for _, action in playout.steps)
    assert figures["festival returns"] == returns > 0
    assert figures["tiles discarded"] == len(final.discarded)
    by_kind = points_by_kind(final)
    assert figures["road points"] == by_kind[Kind.ROAD]
    assert sum(by_kind.values()) == sum(final.points)


def test_every_option_of_the_game_config_is_an_arm() -> None:
    arm = parse_arm(
        "festival=off,tiny_city=2,farmers=off,festival_return=follower,"
        "first_player_choice=random,first_player=1"
    )
    study = carcassonne_study(arms=(Arm(), arm))
    default, chosen = study.configs(ADAPTER)
    assert default == carcassonne.GameConfig(players=2)
    assert (chosen.festival, chosen.tiny_city, chosen.farmers) == (False, 2, False)
    assert chosen.festival_return is FestivalReturn.FOLLOWER
    assert chosen.first_player_choice is FirstPlayer.RANDOM and chosen.first_player == 1


@pytest.mark.parametrize(
    ("arm", "message"),
    [
        ("tiny_city=3", "option tiny_city takes one of: 4, 2"),
        ("festival_return=knight", "option festival_return takes one of: figure, follower"),
        ("first_player=2", "C0.2: the first player must be a seat 0-1"),
        ("modules=4", "carcassonne has no expansion modules"),
    ],
)
def test_bad_carcassonne_arms_are_refused_by_name(arm: str, message: str) -> None:
    with pytest.raises(StudyError, match="arm ") as caught:
        run_study(carcassonne_study(arms=(Arm(), parse_arm(arm))), progress=False)
    assert message in str(caught.value)


@pytest.mark.parametrize("farmers", [True, False])
def test_the_standing_is_the_final_scoring_of_the_board_now(farmers: bool) -> None:
    config = carcassonne.GameConfig(players=3, farmers=farmers)
    playout = random_playout(carcassonne.GAME, config, 21)
    state, checked = carcassonne.new_game(config, 21), 0
    for _, action in playout.steps:
        state = carcassonne.apply(state, action)
        if state.phase is carcassonne.Phase.PLACE:
            points, _ = final_scoring(state)
            assert [standing(state, seat) for seat in range(3)] == list(points)
            checked += points != state.points
    assert checked > 10  # followers stood on incomplete features: the check is not empty
    assert standing(playout.final, 0) == playout.final.points[0]


def test_the_greedy_player_outscores_random_play_on_the_same_seeds() -> None:
    config = carcassonne.GameConfig(players=2)
    totals = {}
    for player in ("random", "greedy"):
        choose = make_player(player, ADAPTER)
        results = [run_game(ADAPTER, config, 0, g, game_seed(2, g), choose) for g in range(2)]
        totals[player] = [sum(result.scores) for result in results]
    assert all(g > 2 * r for g, r in zip(totals["greedy"], totals["random"], strict=True)), totals
