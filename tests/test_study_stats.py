"""The study's statistics on synthetic data with known answers, the verdict wording, and a
calibration check: A/A studies of one configuration rarely report a difference."""

from __future__ import annotations

import math
import re
from typing import Any

import numpy as np
import pytest
from scipy import stats

from fresco_rules.study import Arm, GameResult, Study, run_study, summarize, verdict_lines
from fresco_rules.study.stats import (
    arm_lines,
    mean_ci,
    paired_difference,
    sd_ci,
    sd_difference,
)

T_975_DF9 = 2.262157  # Student t quantile, 97.5 %, 9 degrees of freedom (statistical tables)
T_975_DF19 = 2.093024


def test_mean_ci_is_the_t_interval() -> None:
    x = np.arange(1.0, 11.0)  # mean 5.5, sample variance 55/6
    mean, low, high = mean_ci(x, 0.95)
    half = T_975_DF9 * math.sqrt(55 / 6) / math.sqrt(10)
    assert mean == 5.5
    assert low == pytest.approx(5.5 - half, abs=1e-5)
    assert high == pytest.approx(5.5 + half, abs=1e-5)


def test_constant_data_gives_the_point_as_interval() -> None:
    assert mean_ci(np.full(5, 3.0), 0.95) == (3.0, 3.0, 3.0)
    assert paired_difference(np.full(4, 2.0), np.full(4, 2.0), 0.95) == (0.0, 0.0, 0.0, 1.0)
    # every game exactly 1 better: certain, p = 0
    a = np.array([1.0, 5.0, 2.0, 7.0])
    assert paired_difference(a + 1, a, 0.95) == (1.0, 1.0, 1.0, 0.0)


def test_paired_difference_is_the_t_interval_of_the_differences() -> None:
    a = np.array([10, 12, 9, 14, 11, 13, 8, 12, 10, 11, 9, 15, 12, 10, 13, 11, 12, 9, 14, 10.0])
    d = np.array([1, 3, -1, 2, 0, 4, 1, 2, 3, -2, 1, 2, 0, 1, 3, 2, -1, 1, 2, 1.0])
    diff, low, high, p = paired_difference(a + d, a, 0.95)
    half = T_975_DF19 * float(np.std(d, ddof=1)) / math.sqrt(20)
    assert diff == pytest.approx(1.25)
    assert (low, high) == pytest.approx((1.25 - half, 1.25 + half), abs=1e-5)
    assert 0 < p < 0.01


def test_t_intervals_cover_the_true_mean_about_95_percent_of_the_time() -> None:
    rng = np.random.default_rng(7)
    covered = 0
    for _ in range(400):
        a = rng.normal(10.0, 2.0, 30)
        b = a + rng.normal(0.5, 1.0, 30)  # the true paired difference is 0.5
        _, low, high, _ = paired_difference(b, a, 0.95)
        covered += low <= 0.5 <= high
    assert 0.92 <= covered / 400 <= 0.98


def test_bootstrap_spread_finds_the_true_sd() -> None:
    rng = np.random.default_rng(3)
    x = rng.normal(0.0, 3.0, 2000)
    sd, low, high = sd_ci(x, 0.95, np.random.default_rng(0))
    assert low < 3.0 < high and high - low < 0.4
    assert sd == pytest.approx(float(np.std(x, ddof=1)))
    # doubling the spread: the difference of SDs is about 3 and clearly positive
    diff, low, high = sd_difference(2 * x, x, 0.95, np.random.default_rng(0))
    assert diff == pytest.approx(sd)
    assert 0 < low < sd < high


def _game(arm: int, game: int, scores: tuple[int, ...], *, rounds: int = 10) -> GameResult:
    best = max(scores)
    winners = tuple(s for s, p in enumerate(scores) if p == best)
    return GameResult(arm, game, game, scores, winners, rounds, 100 + rounds, (float(rounds),))


def _study(games: int, players: int = 2) -> dict[str, Any]:
    arms: list[dict[str, Any]] = [
        {"label": label, "options": {}, "seed_offset": 0, "components_digest": None}
        for label in ("a", "b")
    ]
    return {
        "game": "fresco",
        "players": players,
        "games": games,
        "seed": 0,
        "player": "random",
        "modules": "",
        "level": 0.95,
        "arms": arms,
    }


def test_win_rates_margins_and_ties() -> None:
    game = _game(0, 0, (5, 5, 2))
    assert game.winners == (0, 1) and game.win_share(0) == 0.5 and game.win_share(2) == 0
    assert game.margin == 3
    assert _game(0, 0, (4, 4)).margin == 0  # everybody shares the win


def test_summary_of_a_known_win_rate_shift() -> None:
    # arm a: seat 0 wins games 0-4 of every 10; arm b: games 0-6 -> +20 points exactly
    games = []
    for i in range(100):
        games.append(_game(0, i, (9, 3) if i % 10 < 5 else (3, 9), rounds=10))
        games.append(_game(1, i, (9, 3) if i % 10 < 7 else (3, 9), rounds=12))
    summary = summarize(_study(100), games, ["length"])
    arm_a, arm_b = summary["arms"]
    assert arm_a["figures"]["win.seat0"]["mean"] == 0.5
    assert arm_b["figures"]["win.seat0"]["mean"] == 0.7
    win = summary["comparisons"][0]["figures"]["win.seat0"]
    d = np.array([1.0 if i % 10 in (5, 6) else 0.0 for i in range(100)])
    half = 1.984217 * float(np.std(d, ddof=1)) / 10  # t quantile, 99 degrees of freedom
    assert win["difference"] == 0.2
    assert win["ci"] == pytest.approx([0.2 - half, 0.2 + half], abs=1e-5)
    assert win["significant"] is True
    rounds = summary["comparisons"][0]["figures"]["rounds"]
    assert rounds == {
        "difference": 2.0,
        "ci": [2.0, 2.0],
        "p": 0.0,
        "significant": True,
        "p_adjusted": 0.0,
    }
    assert summary["comparisons"][0]["figures"]["figure.length"]["difference"] == 2.0
    lines = verdict_lines(summary)
    expected = (
        f"  seat 0's win rate differs by +20.00 points, 95 % CI "
        f"[{100 * (0.2 - half):.2f}, {100 * (0.2 + half):.2f}], p < 0.001: significant"
    )
    assert expected in lines
    assert "  the game length in rounds differs by +2.00 rounds, 95 % CI [2.00, 2.00]" in "\n".join(
        lines
    )
    assert lines[-1].startswith("  overall: ") and "seat 0's win rate" in lines[-1]


def test_identical_arms_report_no_difference() -> None:
    games = [
        _game(arm, i, (i % 7, (3 * i) % 5), rounds=8 + i % 3) for arm in (0, 1) for i in range(30)
    ]
    summary = summarize(_study(30), games, ["length"])
    comparison = summary["comparisons"][0]
    for figure in comparison["figures"].values():
        assert figure["difference"] == 0 and figure["ci"] == [0, 0]
        assert figure["significant"] is False
    assert comparison["significant_after_correction"] == []
    assert verdict_lines(summary)[-1] == (
        "  overall: no significant difference in any of 8 means after the Benjamini-Hochberg "
        "correction"
    )
    interval = re.compile(r"CI \[-?\d+\.\d\d, -?\d+\.\d\d\]")
    assert all(interval.search(line) for line in verdict_lines(summary)[1:-1])


def test_calibration_two_identical_configurations_rarely_differ() -> None:
    """A/A studies: one configuration against itself with independent seeds (``seed_offset``;
    with the same seeds the games would be identical). 20 studies of 20 games per arm: at the
    95 % level about 1 in 20 single figures and, after the correction, about 1 in 20 studies
    show a difference; fixed seeds make this deterministic. (This check failed, 5 of 20 studies
    and 12 % of figures, while game i used seed S+i: see ``spec.game_seed``.)"""
    runs, flagged_studies, flagged, tested = 20, 0, 0, 0
    for run in range(runs):
        study = Study(
            game="barbarossa",
            players=3,
            games=20,
            seed=1000 * run,
            arms=(Arm(), Arm(seed_offset=500)),
        )
        summary, _ = run_study(study, progress=False)
        comparison = summary["comparisons"][0]
        flagged_studies += bool(comparison["significant_after_correction"])
        flagged += sum(f["significant"] for f in comparison["figures"].values())
        tested += len(comparison["figures"])
    assert flagged_studies <= 3, f"{flagged_studies} of {runs} A/A studies report a difference"
    assert flagged / tested <= 0.10, f"{flagged} of {tested} A/A figures significant"


def test_a_rare_winners_rate_interval_stays_within_0_and_100() -> None:
    # seat 1 wins 1 game of 12: a t interval would run below 0; Wilson's stays within 0-1
    games = [_game(arm, i, (3, 9) if i == 0 else (9, 3)) for arm in (0, 1) for i in range(12)]
    summary = summarize(_study(12), games, ["rounds"])
    low, high = summary["arms"][0]["figures"]["win.seat1"]["ci"]
    wilson = stats.binomtest(1, 12).proportion_ci(0.95, method="wilson")
    assert 0.0 < low < 1 / 12 < high < 1.0
    assert (low, high) == pytest.approx((wilson.low, wilson.high), abs=1e-6)
    lines = arm_lines(summary)
    assert "  seat 1's win rate: 8.33 points [1.49, 35.39]" in lines
