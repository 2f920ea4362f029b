"""The files of a study's ``--out`` directory: ``summary.json`` (the statistics only: no
timings, host names or backend, so the same study on two backends gives byte-identical files),
``games.json`` and ``games.csv`` (every game's summary, reloadable with ``load_study``), the
plots and ``report.html`` (one self-contained page embedding them)."""

from __future__ import annotations

import base64
import csv
import html
import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..kernel.files import write_atomic
from .adapters import get_adapter
from .plots import write_plots
from .spec import GameResult
from .stats import arm_lines, verdict_lines

GAMES_FORMAT = "fresco_rules.study_games"
PLAYER_WORDS = {
    "random": "uniform among the legal actions",
    "greedy": "one action ahead: ",
    "mcts": "Monte Carlo tree search (OpenSpiel)",
}


def summary_text(summary: dict[str, Any]) -> str:
    return json.dumps(summary, indent=1, ensure_ascii=False) + "\n"


def write_outputs(out: Path, summary: dict[str, Any], games: Sequence[GameResult]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    names: list[str] = summary["figure_names"]
    players = int(summary["study"]["players"])
    labels = [arm["label"] for arm in summary["arms"]]
    write_atomic(out / "summary.json", summary_text(summary), overwrite=True, what="summary")
    rows = [game.to_json(names) for game in games]
    document = {
        "format": GAMES_FORMAT,
        "format_version": 1,
        "study": summary["study"],
        "figure_names": names,
        "games": rows,
    }
    text = json.dumps(document, indent=None) + "\n"
    write_atomic(out / "games.json", text, overwrite=True, what="games")
    table = io.StringIO(newline="")
    writer = csv.writer(table, lineterminator="\n")
    writer.writerow(
        [
            "arm",
            "label",
            "game",
            "seed",
            *[f"score_{s}" for s in range(players)],
            "winners",
            "rounds",
            "steps",
            "margin",
            *names,
        ]
    )
    for game in games:
        writer.writerow(
            [
                game.arm,
                labels[game.arm],
                game.game,
                game.seed,
                *game.scores,
                ";".join(map(str, game.winners)),
                game.rounds,
                game.steps,
                game.margin,
                *(_number(v) for v in game.figures),
            ]
        )
    write_atomic(out / "games.csv", table.getvalue(), overwrite=True, what="games table")
    write_plots(summary, games, out)
    write_atomic(out / "report.html", report_html(summary, out), overwrite=True, what="report")


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.6g}"


def report_html(summary: dict[str, Any], out: Path) -> str:
    """One page: the study, the verdicts, the per-arm figures and the plots (PNG, inline)."""
    study = summary["study"]
    title = (
        f"{str(study['game']).title()} study: {study['players']} players, "
        f"{study['games']} games per arm, study seed {study['seed']}, player {study['player']}"
    )
    images = []
    for name, caption in (
        ("scores", "Final scores per seat"),
        ("win_rate", "Win rate by seat with confidence intervals"),
        ("game_length", "Game length"),
    ):
        data = base64.b64encode((out / f"{name}.png").read_bytes()).decode("ascii")
        images.append(
            f'<figure><img alt="{html.escape(caption)}" src="data:image/png;base64,{data}">'
            f'<figcaption>{html.escape(caption)} (<a href="{name}.svg">SVG</a>)</figcaption>'
            "</figure>"
        )
    arms = "\n".join(
        f"<li>{i}: <code>{html.escape(arm['label'])}</code></li>"
        for i, arm in enumerate(summary["arms"])
    )
    modules = f", modules {html.escape(study['modules'])}" if study["modules"] else ""
    words = PLAYER_WORDS.get(str(study["player"]), "")
    if study["player"] == "greedy":
        words += get_adapter(str(study["game"])).greedy_doc
    player = f"<p>Player <b>{html.escape(study['player'])}</b> at every seat: "
    player += f"{html.escape(words)}.</p>\n"
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title>"
        "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto;padding:0 1em}"
        "pre{background:#f4f4f4;padding:1em;overflow-x:auto}img{max-width:100%}</style>"
        f"</head><body>\n<h1>{html.escape(title)}{modules}</h1>\n"
        f"{player}<h2>Arms</h2><ul>{arms}</ul>\n"
        "<h2>Verdicts</h2>\n<p>Each arm against arm 0, game by game (the same seeds): the "
        "difference, its confidence interval, the paired test's p-value.</p>\n"
        f"<pre>{html.escape(chr(10).join(verdict_lines(summary)))}</pre>\n"
        f"<h2>Plots</h2>\n{''.join(images)}\n"
        f"<h2>Per arm</h2>\n<pre>{html.escape(chr(10).join(arm_lines(summary)))}</pre>\n"
        '<p>Files: <a href="summary.json">summary.json</a>, <a href="games.csv">games.csv'
        '</a>, <a href="games.json">games.json</a>.</p>\n</body></html>\n'
    )
