"""The study's plots (matplotlib, Agg backend, no display needed), each as PNG and SVG:
``scores``: the score distribution of every seat per arm (box plots); ``win_rate``: every
seat's win rate per arm with its confidence interval as error bars; ``game_length``: histograms
of the game length in rounds and in steps per arm."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from ..kernel.files import write_atomic
from .spec import GameResult

PLOTS = ("scores", "win_rate", "game_length")
FORMATS = ("png", "svg")


def _save(figure: Figure, out: Path, name: str) -> list[Path]:
    written = []
    for fmt in FORMATS:
        path = out / f"{name}.{fmt}"
        # no date and fixed ids in SVG, no software stamp in PNG: the same study, the same files
        metadata: dict[str, Any] = {"Date": None} if fmt == "svg" else {"Software": None}
        image = io.BytesIO()
        with plt.rc_context({"svg.hashsalt": "fresco_rules.study"}):
            figure.savefig(image, format=fmt, dpi=80, metadata=metadata)
        write_atomic(path, image.getvalue(), overwrite=True, what="plot")
        written.append(path)
    plt.close(figure)
    return written


def _short(label: str, width: int = 48) -> str:
    return label if len(label) <= width else label[: width - 1] + "\u2026"


def write_plots(summary: dict[str, Any], games: Sequence[GameResult], out: Path) -> list[Path]:
    """Write the three plots into ``out``; returns the files written."""
    labels = [arm["label"] for arm in summary["arms"]]
    players = int(summary["study"]["players"])
    game = str(summary["study"]["game"]).title()
    by_arm = [[g for g in games if g.arm == i] for i in range(len(labels))]
    colours = [f"C{i}" for i in range(len(labels))]
    written: list[Path] = []

    figure, axes = plt.subplots(1, players, figsize=(2.6 * players + 1, 3.6), squeeze=False)
    for seat, ax in enumerate(axes[0]):
        data = [[g.scores[seat] for g in arm_games] for arm_games in by_arm]
        boxes = ax.boxplot(data, patch_artist=True, widths=0.6)
        for patch, colour in zip(boxes["boxes"], colours, strict=True):
            patch.set_facecolor(colour)
            patch.set_alpha(0.6)
        ax.set_title(f"seat {seat}")
        ax.set_xticks(range(1, len(labels) + 1), [f"{i}" for i in range(len(labels))])
        if seat == 0:
            ax.set_ylabel("final score")
    _legend(figure, labels, colours)
    figure.suptitle(f"{game}: final scores per seat")
    figure.tight_layout(rect=(0, 0.12, 1, 1))
    written += _save(figure, out, "scores")

    figure, ax = plt.subplots(figsize=(1.4 * players + 3, 3.6))
    width = 0.8 / len(labels)
    for i, arm in enumerate(summary["arms"]):
        rates = [arm["figures"][f"win.seat{s}"] for s in range(players)]
        means = [100 * r["mean"] for r in rates]
        lower = [100 * (r["mean"] - r["ci"][0]) for r in rates]
        upper = [100 * (r["ci"][1] - r["mean"]) for r in rates]
        xs = [s - 0.4 + width * (i + 0.5) for s in range(players)]
        ax.bar(xs, means, width, yerr=[lower, upper], capsize=3, color=colours[i], alpha=0.8)
    ax.set_xticks(range(players), [f"seat {s}" for s in range(players)])
    ax.set_ylabel(f"win rate (%), {round(100 * float(summary['study']['level']))} % CI")
    ax.axhline(100 / players, color="grey", linewidth=0.8, linestyle=":")
    _legend(figure, labels, colours)
    figure.suptitle(f"{game}: win rate by seat")
    figure.tight_layout(rect=(0, 0.12, 1, 1))
    written += _save(figure, out, "win_rate")

    figure, axes = plt.subplots(1, 2, figsize=(8, 3.6), squeeze=False)
    for ax, field in zip(axes[0], ("rounds", "steps"), strict=True):
        values = [[getattr(g, field) for g in arm_games] for arm_games in by_arm]
        low = min(min(v) for v in values)
        high = max(max(v) for v in values)
        bins = min(40, max(1, high - low + 1))
        for i, series in enumerate(values):
            ax.hist(
                series,
                bins=bins,
                range=(low, high + 1),
                histtype="step",
                color=colours[i],
                linewidth=1.5,
            )
        ax.set_xlabel(f"game length ({field})")
        ax.set_ylabel("games")
    _legend(figure, labels, colours)
    figure.suptitle(f"{game}: game length")
    figure.tight_layout(rect=(0, 0.12, 1, 1))
    written += _save(figure, out, "game_length")
    return written


def _legend(figure: Figure, labels: Sequence[str], colours: Sequence[str]) -> None:
    handles = [Rectangle((0, 0), 1, 1, color=c, alpha=0.7) for c in colours]
    names = [f"{i}: {_short(label)}" for i, label in enumerate(labels)]
    figure.legend(
        handles, names, loc="lower center", ncol=min(3, len(labels)), fontsize=8, frameon=False
    )
