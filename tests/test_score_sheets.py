"""The game log ends with a score sheet that breaks each seat's points down before the winner
(issue 13): Fresco's victory points by source, Barbarossa's disc by source (B3 start, B15 right
guesses, B16 own objects guessed, B7 Dragons, A-B.17 unguessed objects). Every row adds up to
the seat's final score, and ``move`` prints the sheet of the whole game at the last move."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from fresco_rules import barbarossa, fresco, replay
from fresco_rules.cli import main

LONG_TRACK = '{"spaces": 200, "start": 5, "finish": 199, "provenance": "decision"}'
"""A track nobody finishes: the arrows end the game and A-B.17's penalty applies."""


def _run(*argv: str) -> list[str]:
    out = io.StringIO()
    assert main(list(argv), out=out) == 0
    return out.getvalue().splitlines()


def _sheet(lines: list[str], seats: int) -> list[str]:
    start = lines.index("score sheet:")
    return lines[start + 1 : start + 1 + seats]


def _rows(sheet: list[str]) -> list[tuple[dict[str, int], int]]:
    rows = []
    for seat, line in enumerate(sheet):
        head, total = line.split(" = ")
        label, parts = head.split(": ", 1)
        assert label == f"  seat {seat}"
        values = {}
        for part in parts.split(", "):
            name, _, points = part.rpartition(" ")
            values[name] = int(points)
        rows.append((values, int(total)))
    return rows


@pytest.mark.rule("B3", "B7", "B15", "B16", "B19", "A-B.8", "A-B.17")
@pytest.mark.parametrize(
    "options",
    [(), ("--option", f"track={LONG_TRACK}", "--option", "unguessed_penalty=3")],
    ids=["finish", "arrows"],
)
@pytest.mark.parametrize("seed", [3, 6])
def test_barbarossa_log_ends_with_a_score_sheet(options: tuple[str, ...], seed: int) -> None:
    lines = _run("play", "--game", "barbarossa", "--seed", str(seed), *options)
    over = next(i for i, line in enumerate(lines) if line.startswith("== game over: "))
    assert lines[over + 1] == "score sheet:"
    assert lines.index("score sheet:") < lines.index(
        next(x for x in lines if x.startswith("winner:"))
    )
    finals = dict(part.split(": ") for part in lines[-2].removeprefix("final scores: ").split(", "))
    rows = _rows(_sheet(lines, 4))
    for seat, (parts, total) in enumerate(rows):
        assert sum(parts.values()) == total
        assert int(finals[f"seat {seat}"]) == total
        assert parts["start"] == 5
        assert {"right guesses", "own objects guessed", "Dragons"} <= set(parts)
        assert "other moves" not in parts  # every move has its source
    if options:
        assert "all 13 arrows are on the Gem" in lines[over]
        assert any("unguessed objects" in parts for parts, _ in rows)
    else:
        assert "reach" in lines[over] and "Finish" in lines[over]


@pytest.mark.parametrize(
    ("game", "package", "seats"), [("fresco", fresco, 3), ("barbarossa", barbarossa, 4)]
)
def test_the_last_move_prints_the_sheet_of_the_whole_game(
    tmp_path: Path, game: str, package: Any, seats: int
) -> None:
    path = tmp_path / "game.json"
    played = _run(
        "play", "--game", game, "--players", str(seats), "--seed", "3", "--record", str(path)
    )
    record = json.loads(path.read_text())
    last = record["steps"].pop()
    record.pop("result")
    path.write_text(json.dumps(record))
    state = replay(json.dumps(record))
    text = package.notation(state, package.GAME.codec.action_from_json(last["action"]))
    moved = _run("move", str(path), text)
    assert _sheet(moved, seats) == _sheet(played, seats)
