"""The witnesses of a search and its files: ``witnesses/`` (a record pair and a description
per kind), ``summary.json`` and ``report.html``.

A witness is the shortest divergence of its kind played again: two ordinary game records, one
per arm, with the same steps and the same chance outcomes, each replayable with
``fresco-rules replay``; the divergence is at their end (for a ``chance`` divergence, the step
whose draws differ is the next one, named in the description: arm B cannot make it with arm A's
draws, so neither record holds it).

``--out DIR`` must be a new or empty folder, or hold the journal of the same search (which is
resumed). Anything else is refused unless ``force``; then the files a search writes there
(``journal.jsonl``, ``summary.json``, ``report.html`` and ``witnesses/``) are replaced and
other files are left alone.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from attrs import frozen

from ..games import declaration
from ..kernel.declaration import GameDeclaration
from ..kernel.files import read_limited, write_atomic
from ..kernel.study_spec import StudyError
from ..study.journal import prepare_out as shared_prepare_out
from ..study.players import make_player
from .core import Divergence, play_lockstep
from .plan import Outcome, Plan
from .run import JOURNAL
from .stats import percent, player_lines, shortest

SUMMARY = "summary.json"
REPORT = "report.html"
WITNESSES = "witnesses"
WRITTEN = (JOURNAL, SUMMARY, REPORT, WITNESSES)


@frozen
class Witness:
    """The shortest divergence of one kind, played again, with its records and pictures."""

    outcome: Outcome
    divergence: Divergence
    records: tuple[dict[str, Any], dict[str, Any]]
    boards: tuple[str, str]
    pictures: tuple[str, str]
    pending: str
    """The diverging step neither record holds (a chance divergence), in notation."""

    def files(self) -> tuple[str, str, str]:
        kind = self.divergence.kind
        return (
            f"{WITNESSES}/{kind}-a.json",
            f"{WITNESSES}/{kind}-b.json",
            f"{WITNESSES}/{kind}.txt",
        )

    def to_json(self) -> dict[str, Any]:
        a, b, text = self.files()
        return {
            "player": self.outcome.player,
            "game": self.outcome.game,
            "seed": self.outcome.seed,
            **self.divergence.to_json(),
            "records": [a, b],
            "text": text,
        }


def make_witness(game: GameDeclaration, configs: tuple[Any, Any], outcome: Outcome) -> Witness:
    """Play ``outcome``'s game again and make its witness (``StudyError`` if it does not part
    as the search found: a game that is not a pure function of its seed)."""
    choose = make_player(outcome.player, game.study)
    played = play_lockstep(game, *configs, outcome.seed, choose)
    found = played.divergence
    if found is None or (found.kind, found.step) != (outcome.kind, outcome.step):
        raise StudyError(
            f"game {outcome.game} (seed {outcome.seed}, {outcome.player}) did not part as "
            "before when played again"
        )
    final_b = played.final_b
    if final_b is None:  # arm B's set-up cannot use arm A's draws: its own set-up
        final_b = game.rules.new_game(configs[1], outcome.seed)
    records = (
        game.record_game(configs[0], outcome.seed, played.steps, played.final_a),
        game.record_game(configs[1], outcome.seed, played.steps, final_b),
    )
    pending = ""
    if played.pending is not None:
        pending = game.notation.format(played.final_a, played.pending[1])
    return Witness(
        outcome,
        found,
        records,
        (game.board.text(played.final_a), game.board.text(final_b)),
        (game.board.svg(played.final_a), game.board.svg(final_b)),
        pending,
    )


def _resumes(out: Path, plan: Plan) -> bool:
    """Whether ``out`` holds the journal of ``plan``'s search."""
    journal = out / JOURNAL
    header = None
    if journal.is_file() and not journal.is_symlink():
        first = read_limited(journal, 1 << 30, what="journal").split(b"\n", 1)[0]
        try:
            header = json.loads(first)
        except (ValueError, RecursionError):
            header = None
    same = {**plan.describe(), "games": None}
    return isinstance(header, dict) and header.get("search") == same


def prepare_out(out: Path, plan: Plan, *, force: bool) -> None:
    """Make ``out`` ready for ``plan`` (see the module's words), or refuse it."""
    resumes = partial(_resumes, plan=plan)
    written = (JOURNAL, SUMMARY, REPORT)
    if not shared_prepare_out(out, force=force, resumes=resumes, run="search", written=written):
        return
    folder = out / WITNESSES
    if folder.is_dir() and not folder.is_symlink():
        for entry in folder.iterdir():
            if entry.is_file() or entry.is_symlink():
                entry.unlink()


def witnesses(plan: Plan, configs: tuple[Any, Any], outcomes: Sequence[Outcome]) -> list[Witness]:
    """The witness of every kind met, shortest first by kind order."""
    game = declaration(plan.game)
    return [make_witness(game, configs, o) for o in shortest(plan, outcomes).values()]


def with_witnesses(summary: dict[str, Any], found: Sequence[Witness]) -> dict[str, Any]:
    return {**summary, "witnesses": {w.divergence.kind: w.to_json() for w in found}}


def _dump(data: Any) -> str:
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def witness_text(witness: Witness, labels: tuple[str, str]) -> str:
    a, b, _ = witness.files()
    lines = [
        f"{witness.divergence.kind}: {witness.divergence.description()}",
        f"arm A: {labels[0]}; arm B: {labels[1]}",
        f"player {witness.outcome.player}, game {witness.outcome.game}, seed "
        f"{witness.outcome.seed}",
    ]
    if witness.pending:
        lines.append(f"the step whose draws differ (in neither record): {witness.pending}")
    if witness.divergence.rules:
        lines.append(f"rules: {', '.join(witness.divergence.rules)}")
    lines += [
        "both records replay:",
        f"  fresco-rules replay {Path(a).name}",
        f"  fresco-rules replay {Path(b).name}",
    ]
    return "\n".join(lines) + "\n"


def write_outputs(out: Path, summary: dict[str, Any], found: Sequence[Witness]) -> dict[str, Any]:
    """Write ``witnesses/``, ``summary.json`` and ``report.html``; the summary written."""
    full = with_witnesses(summary, found)
    labels = tuple(arm["label"] for arm in summary["search"]["arms"])
    (out / WITNESSES).mkdir(exist_ok=True)
    for witness in found:
        a, b, text = witness.files()
        write_atomic(out / a, _dump(witness.records[0]), overwrite=True, what="witness")
        write_atomic(out / b, _dump(witness.records[1]), overwrite=True, what="witness")
        write_atomic(
            out / text,
            witness_text(witness, (labels[0], labels[1])),
            overwrite=True,
            what="witness",
        )
    write_atomic(out / SUMMARY, _dump(full), overwrite=True, what="summary")
    write_atomic(out / REPORT, report_html(full, found), overwrite=True, what="report")
    return full


def _refusals(divergence: Divergence) -> list[str]:
    items = []
    for label, other, refusals in (("A", "B", divergence.only_a), ("B", "A", divergence.only_b)):
        for refusal in refusals:
            rule = f"{refusal.rule}: " if refusal.rule else ""
            items.append(
                f"<li><code>{html.escape(refusal.action)}</code> legal in arm {label} only; arm "
                f"{other} refuses: {html.escape(rule + refusal.reason)}</li>"
            )
    return items


def report_html(summary: Mapping[str, Any], found: Sequence[Witness]) -> str:
    """A short self-contained page: the frequencies, then each witness with its position."""
    search = summary["search"]
    arms = search["arms"]
    esc = html.escape
    title = (
        f"Where the readings part: {search['game']}, {arms[1]['label']} against {arms[0]['label']}"
    )
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{esc(title)}</title>",
        "<style>body{font-family:sans-serif;max-width:60em;margin:auto}"
        "pre{background:#f4f4f4;padding:.5em;overflow:auto;font-size:80%}"
        ".boards{display:flex;gap:1em;flex-wrap:wrap}.boards>div{flex:1;min-width:20em}"
        "svg{max-width:100%;height:auto}</style></head><body>",
        f"<h1>{esc(title)}</h1>",
        f"<p>{search['players']} players, {search['games']} games per player kind, seed "
        f"{search['seed']}{', modules ' + esc(search['modules']) if search['modules'] else ''}. "
        f"Arm A: <code>{esc(arms[0]['label'])}</code> (draws the chance outcomes); arm B: "
        f"<code>{esc(arms[1]['label'])}</code>.</p>",
        "<h2>How often they part</h2><ul>",
        *[f"<li>{esc(line)}</li>" for line in player_lines(dict(summary))],
        "</ul>",
    ]
    if not found:
        parts.append("<p>No divergence in these games: no witness.</p>")
    for witness in found:
        divergence = witness.divergence
        a, b, text = witness.files()
        parts += [
            f"<h2>Shortest witness: {esc(divergence.kind)}</h2>",
            f"<p>{esc(divergence.description())}</p>",
            f"<p>Player {esc(witness.outcome.player)}, game {witness.outcome.game}, seed "
            f"{witness.outcome.seed}. Records: <code>{esc(a)}</code>, <code>{esc(b)}</code> "
            f"(each replays with <code>fresco-rules replay</code>); <code>{esc(text)}</code>.</p>",
        ]
        if witness.pending:
            parts.append(f"<p>The step whose draws differ: <code>{esc(witness.pending)}</code></p>")
        refusals = _refusals(divergence)
        if refusals:
            parts += ["<ul>", *refusals, "</ul>"]
        if divergence.rules:
            parts.append(f"<p>Rules involved: {esc(', '.join(divergence.rules))}</p>")
        same = witness.boards[0] == witness.boards[1]
        shown = (("both arms", 0),) if same else (("arm A", 0), ("arm B", 1))
        parts.append('<div class="boards">')
        for label, index in shown:
            parts += [
                f"<div><h3>{label}</h3><pre>{esc(witness.boards[index])}</pre>",
                witness.pictures[index],
                "</div>",
            ]
        parts.append("</div>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


__all__ = [
    "REPORT",
    "SUMMARY",
    "WITNESSES",
    "Witness",
    "make_witness",
    "percent",
    "prepare_out",
    "report_html",
    "witnesses",
    "write_outputs",
]
