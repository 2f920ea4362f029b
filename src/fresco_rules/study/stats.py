"""The statistics of a study: per arm and per difference between arms, each with a confidence
interval at the study's level (95 % by default).

- A mean (score per seat, win rate per seat, margin of victory, rounds, steps, each game figure):
  per arm the t interval of the mean (``scipy.stats.ttest_1samp``), but for a win rate the
  Wilson score interval of a proportion, which stays within 0-100 %; between arms the paired
  t-test on the per-game differences (``scipy.stats.ttest_rel``), since game ``i`` of both arms
  has the same seed. Win rates are means of the win share (1, 1/k for a k-way tie, 0).
- A spread (the standard deviation of a seat's score): per arm and for the difference of two
  arms' spreads a percentile bootstrap (``scipy.stats.bootstrap``, paired for differences) with
  a generator seeded from the study's seed, so the numbers are reproducible.
- A difference is *significant* when its interval excludes 0. With many figures some
  differences look significant by chance: the overall verdict of a comparison counts those that
  stay significant after the Benjamini-Hochberg correction over its paired t-tests
  (``scipy.stats.false_discovery_control``), which under "no difference at all" errs with a
  probability of at most 1 - level.
- Data without variation (e.g. two arms that play identical games) gives the point itself as
  the interval and p = 1 for a zero difference (p = 0 otherwise), where scipy would return NaN.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from attrs import frozen
from numpy.typing import NDArray
from scipy import stats

from .spec import GameResult

BOOTSTRAP_RESAMPLES = 2000
DIGITS = 6

Vector = NDArray[np.float64]


@frozen
class Metric:
    """One figure measured on every game: a key for files, words for verdicts, a unit."""

    key: str
    label: str
    unit: str
    value: Callable[[GameResult], float]
    scale: float = 1.0
    """Printed values are multiplied by this (100: a rate printed in points)."""
    proportion: bool = False
    """A share between 0 and 1 per game (a win rate): its interval is Wilson's."""


def mean_metrics(players: int, figure_names: Sequence[str]) -> list[Metric]:
    """The figures reported as means, in report order."""

    def score(seat: int) -> Callable[[GameResult], float]:
        return lambda g: float(g.scores[seat])

    def win(seat: int) -> Callable[[GameResult], float]:
        return lambda g: g.win_share(seat)

    def figure(index: int) -> Callable[[GameResult], float]:
        return lambda g: g.figures[index]

    found = [
        Metric(f"score.seat{s}", f"seat {s}'s mean score", "", score(s)) for s in range(players)
    ]
    found += [
        Metric(
            f"win.seat{s}", f"seat {s}'s win rate", "points", win(s), scale=100.0, proportion=True
        )
        for s in range(players)
    ]
    found += [
        Metric("margin", "the margin of victory", "", lambda g: float(g.margin)),
        Metric("rounds", "the game length in rounds", "rounds", lambda g: float(g.rounds)),
        Metric("steps", "the game length in steps", "steps", lambda g: float(g.steps)),
    ]
    found += [Metric(f"figure.{name}", name, "", figure(i)) for i, name in enumerate(figure_names)]
    return found


def spread_metrics(players: int) -> list[Metric]:
    def score(seat: int) -> Callable[[GameResult], float]:
        return lambda g: float(g.scores[seat])

    return [
        Metric(f"spread.seat{s}", f"the spread (SD) of seat {s}'s score", "", score(s))
        for s in range(players)
    ]


def _r(value: float) -> float:
    return round(float(value), DIGITS) + 0.0  # + 0.0 turns -0.0 into 0.0


def _constant(x: Vector) -> bool:
    return bool(np.all(x == x[0]))


def mean_ci(x: Vector, level: float) -> tuple[float, float, float]:
    """(mean, low, high): the t interval of the mean."""
    mean = float(np.mean(x))
    if _constant(x):
        return mean, mean, mean
    ci = stats.ttest_1samp(x, 0.0).confidence_interval(level)
    return mean, float(ci.low), float(ci.high)


def proportion_ci(x: Vector, level: float) -> tuple[float, float, float]:
    """(mean, low, high): the Wilson score interval of a proportion, within 0-1 whatever the
    games (a t interval runs below 0 for a seat that rarely wins). A tie's share 1/k counts as
    that much of a win, so the formula is used with the mean share rather than a count."""
    n = len(x)
    share = float(np.mean(x))
    z = float(stats.norm.ppf((1 + level) / 2))
    denominator = 1 + z * z / n
    centre = (share + z * z / (2 * n)) / denominator
    half = z / denominator * float(np.sqrt(share * (1 - share) / n + z * z / (4 * n * n)))
    return share, max(0.0, centre - half), min(1.0, centre + half)


def paired_difference(b: Vector, a: Vector, level: float) -> tuple[float, float, float, float]:
    """(mean of b - a, low, high, p): the paired t-test."""
    d = b - a
    mean = float(np.mean(d))
    if _constant(d):
        return mean, mean, mean, 1.0 if mean == 0 else 0.0
    result = stats.ttest_rel(b, a)
    ci = result.confidence_interval(level)
    return mean, float(ci.low), float(ci.high), float(result.pvalue)


def _sd(x: Vector, axis: int = -1) -> Any:
    return np.std(x, ddof=1, axis=axis)


def sd_ci(x: Vector, level: float, rng: np.random.Generator) -> tuple[float, float, float]:
    """(sample SD, low, high): a percentile bootstrap of the standard deviation."""
    sd = float(_sd(x))
    if _constant(x):
        return sd, sd, sd
    result = stats.bootstrap(
        (x,),
        _sd,
        n_resamples=BOOTSTRAP_RESAMPLES,
        confidence_level=level,
        method="percentile",
        rng=rng,
        vectorized=True,
    )
    return sd, float(result.confidence_interval.low), float(result.confidence_interval.high)


def sd_difference(
    b: Vector, a: Vector, level: float, rng: np.random.Generator
) -> tuple[float, float, float]:
    """(SD(b) - SD(a), low, high): a paired percentile bootstrap (games resampled as pairs)."""
    diff = float(_sd(b) - _sd(a))
    if _constant(b - a):  # the same games shifted: the spreads are equal in every resample
        return diff, diff, diff

    def statistic(y: Vector, x: Vector, axis: int = -1) -> Any:
        return _sd(y, axis) - _sd(x, axis)

    result = stats.bootstrap(
        (b, a),
        statistic,
        n_resamples=BOOTSTRAP_RESAMPLES,
        confidence_level=level,
        method="percentile",
        paired=True,
        rng=rng,
        vectorized=True,
    )
    return diff, float(result.confidence_interval.low), float(result.confidence_interval.high)


def summarize(
    study: dict[str, Any], games: Sequence[GameResult], figure_names: Sequence[str]
) -> dict[str, Any]:
    """The statistics of a finished study as plain data (``summary.json``): per arm, and for
    each arm after the first its difference from the first arm (the baseline).

    ``study`` is ``Study.describe``; ``games`` every game of every arm (any order).
    """
    level = float(study["level"])
    players = int(study["players"])
    labels = [arm["label"] for arm in study["arms"]]
    ordered = sorted(games, key=lambda g: (g.arm, g.game))
    by_arm = [[g for g in ordered if g.arm == i] for i in range(len(labels))]
    counts = {len(arm_games) for arm_games in by_arm}
    if len(counts) != 1 or 0 in counts:
        raise ValueError("every arm needs the same number of games (one per seed)")
    means, spreads = mean_metrics(players, figure_names), spread_metrics(players)
    seed = int(study["seed"]) % 2**32

    def column(arm: int, metric: Metric) -> Vector:
        return np.array([metric.value(g) for g in by_arm[arm]], dtype=np.float64)

    arms: list[dict[str, Any]] = []
    for i, label in enumerate(labels):
        rng = np.random.default_rng([seed, i])
        figures: dict[str, Any] = {}
        for metric in means:
            interval = proportion_ci if metric.proportion else mean_ci
            mean, low, high = interval(column(i, metric), level)
            figures[metric.key] = {"mean": _r(mean), "ci": [_r(low), _r(high)]}
        for metric in spreads:
            sd, low, high = sd_ci(column(i, metric), level, rng)
            figures[metric.key] = {"sd": _r(sd), "ci": [_r(low), _r(high)]}
        arms.append({"label": label, "games": len(by_arm[i]), "figures": figures})

    comparisons: list[dict[str, Any]] = []
    for j in range(1, len(labels)):
        rng = np.random.default_rng([seed, 1000 + j])
        figures = {}
        for metric in means:
            diff, low, high, p = paired_difference(column(j, metric), column(0, metric), level)
            figures[metric.key] = {
                "difference": _r(diff),
                "ci": [_r(low), _r(high)],
                "p": _r(p),
                "significant": bool(low > 0 or high < 0),
            }
        tested = [metric.key for metric in means]
        adjusted = stats.false_discovery_control([figures[key]["p"] for key in tested])
        for key, q in zip(tested, adjusted, strict=True):
            figures[key]["p_adjusted"] = _r(min(1.0, float(q)))
        for metric in spreads:
            diff, low, high = sd_difference(column(j, metric), column(0, metric), level, rng)
            figures[metric.key] = {
                "difference": _r(diff),
                "ci": [_r(low), _r(high)],
                "significant": bool(low > 0 or high < 0),
            }
        alpha = 1 - level
        survivors = [key for key in tested if figures[key]["p_adjusted"] < alpha]
        comparisons.append(
            {
                "arm": labels[j],
                "baseline": labels[0],
                "figures": figures,
                "significant_after_correction": survivors,
                "tests": len(tested),
            }
        )
    return {
        "format": "fresco_rules.study_summary",
        "format_version": 1,
        "study": study,
        "figure_names": list(figure_names),
        "arms": arms,
        "comparisons": comparisons,
    }


def _fmt(value: float, scale: float = 1.0, sign: bool = False) -> str:
    shown = round(value * scale, 2) + 0.0  # never "-0.00"
    return f"{shown:+.2f}" if sign else f"{shown:.2f}"


def _metric_words(summary: dict[str, Any]) -> dict[str, Metric]:
    players = int(summary["study"]["players"])
    names = summary["figure_names"]
    return {m.key: m for m in [*mean_metrics(players, names), *spread_metrics(players)]}


def _unit_and_interval(metric: Metric, figure: dict[str, Any]) -> tuple[str, str]:
    """The metric's unit (with its leading space, or ``""``) and the figure's interval
    ``[low, high]``, in the metric's scale."""
    low, high = figure["ci"]
    unit = f" {metric.unit}" if metric.unit else ""
    return unit, f"[{_fmt(low, metric.scale)}, {_fmt(high, metric.scale)}]"


def arm_lines(summary: dict[str, Any]) -> list[str]:
    """Per arm: every figure with its interval ``[low, high]``."""
    words = _metric_words(summary)
    percent = round(float(summary["study"]["level"]) * 100)
    lines: list[str] = []
    for arm in summary["arms"]:
        lines.append(f"arm {arm['label']} ({arm['games']} games), {percent} % CIs:")
        for key, figure in arm["figures"].items():
            metric = words[key]
            value = figure.get("mean", figure.get("sd"))
            unit, interval = _unit_and_interval(metric, figure)
            lines.append(f"  {metric.label}: {_fmt(value, metric.scale)}{unit} {interval}")
    return lines


def verdict_lines(summary: dict[str, Any]) -> list[str]:
    """Plain-words verdicts: each difference from the baseline with its interval, then the
    overall verdict after the multiple-testing correction."""
    words = _metric_words(summary)
    percent = round(float(summary["study"]["level"]) * 100)
    lines: list[str] = []
    for comparison in summary["comparisons"]:
        lines.append(f"{comparison['arm']} vs {comparison['baseline']}:")
        for key, figure in comparison["figures"].items():
            metric = words[key]
            unit, interval = _unit_and_interval(metric, figure)
            p = f", p = {figure['p']:.3f}" if "p" in figure else ""
            p = p.replace("p = 0.000", "p < 0.001")
            outcome = "significant" if figure["significant"] else "no significant difference"
            lines.append(
                f"  {metric.label} differs by {_fmt(figure['difference'], metric.scale, True)}"
                f"{unit}, {percent} % CI {interval}{p}: {outcome}"
            )
        survivors = comparison["significant_after_correction"]
        tests = comparison["tests"]
        if survivors:
            names = ", ".join(words[key].label for key in survivors)
            lines.append(
                f"  overall: {len(survivors)} of {tests} means differ after the "
                f"Benjamini-Hochberg correction: {names}"
            )
        else:
            lines.append(
                f"  overall: no significant difference in any of {tests} means after the "
                "Benjamini-Hochberg correction"
            )
    return lines
