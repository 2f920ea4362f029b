"""``--option NAME=VALUE`` takes every option of every game's ``GameConfig``: enum options by
value or name, numbers, tuples as ``3,3,3,4`` or JSON, structured options as JSON; a bad value
is one error line naming the rule and the valid values."""

from __future__ import annotations

import contextlib
import io
import json
from enum import Enum
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pytest

from fresco_rules import barbarossa, carcassonne, fresco
from fresco_rules.cli import main
from fresco_rules.fresco.data import default_components as fresco_components

_HOSTEL = [attrs.asdict(space) for space in fresco_components().sides[0].hostel]
_HOSTEL[0]["price"] = 4
_MOOD = attrs.asdict(fresco_components().mood)
_MOOD["theatre_step"] = 1

STRUCTURED: dict[str, dict[str, tuple[str, Any]]] = {
    "fresco": {
        "hostel_table": (json.dumps(_HOSTEL), 4),
        "mood_track": (json.dumps(_MOOD), 1),
        "booth_capacities": ("3,3,3,4", (3, 3, 3, 4)),
        "workbench_prices": ("[0, 0, 1, 1, 2, 3]", (0, 0, 1, 1, 2, 3)),
        "window_segments": ("[[0, 0], [0, 4], [4, 0], [4, 4]]", ((0, 0), (0, 4), (4, 0), (4, 4))),
    },
    "barbarossa": {
        "first_player": ("2", 2),
        "unguessed_penalty": ("3", 3),
        "objects": (
            "owl,cup;map,egg;axe,bee;oak,ink",
            (("owl", "cup"), ("map", "egg"), ("axe", "bee"), ("oak", "ink")),
        ),
        "event_ring": (
            "question,dragon,jewel,letter_dwarf,jewel,dragon",
            tuple(
                barbarossa.EventKind(k)
                for k in ("question", "dragon", "jewel", "letter_dwarf", "jewel", "dragon")
            ),
        ),
        "track": (
            '{"spaces": 20, "start": 2, "finish": 19, "provenance": "decision"}',
            barbarossa.Track(20, 2, 19, "decision"),
        ),
    },
    "carcassonne": {"first_player": ("1", 1)},
}
"""Per game, every option that is not an enum: the text typed and the value it stands for
(for ``hostel_table`` and ``mood_track`` the changed price and theatre step)."""

PACKAGES: dict[str, ModuleType] = {
    "fresco": fresco,
    "barbarossa": barbarossa,
    "carcassonne": carcassonne,
}
NOT_OPTIONS = {"players", "modules", "components"}


def _new(tmp_path: Path, game: str, *options: str) -> tuple[int, str, dict[str, Any]]:
    path = tmp_path / "game.json"
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = main(
            ["new", str(path), "--force", "--game", game, "--players", "4", "--seed", "1"]
            + [word for option in options for word in ("--option", option)],
            out=io.StringIO(),
        )
    setup = json.loads(path.read_text())["setup"] if code == 0 else {}
    return code, err.getvalue(), setup


def _enum_choice(package: ModuleType, name: str, kind: type[Enum]) -> Enum:
    default = getattr(package.GameConfig(), name)
    others = [m for m in kind if m != default and m.value != default]
    return others[-1]


@pytest.mark.parametrize("game", sorted(PACKAGES))
def test_every_option_is_covered_here(game: str) -> None:
    package = PACKAGES[game]
    fields = {f.name for f in attrs.fields(package.GameConfig)} - NOT_OPTIONS
    assert fields == set(package.config.OPTION_TYPES) | set(STRUCTURED[game])


@pytest.mark.parametrize(
    ("game", "name"),
    [
        (game, name)
        for game, package in sorted(PACKAGES.items())
        for name in (*package.config.OPTION_TYPES, *STRUCTURED[game])
    ],
)
def test_option_on_the_command_line(tmp_path: Path, game: str, name: str) -> None:
    package = PACKAGES[game]
    kind = package.config.OPTION_TYPES.get(name)
    extra: tuple[str, ...] = ()
    if kind is not None:
        member = _enum_choice(package, name, kind)
        text = str(member.value).upper().replace("_", "-")  # a value as people type it
        expected: Any = member
        if game == "carcassonne" and name in ("festival", "farmers"):
            expected = member.value == "on"
        elif game == "carcassonne" and name == "tiny_city":
            expected = int(member.value)
        if name == "ring":  # A-B.1: a strict ring must be a checked one
            extra = ("event_ring=question,jewel,dragon,letter_dwarf,jewel,dragon",)
    else:
        text, expected = STRUCTURED[game][name]
    code, err, setup = _new(tmp_path, game, f"{name}={text}", *extra)
    assert code == 0, err
    config = package.GAME.codec.config_from_json(setup)
    value = getattr(config, name)
    if name == "hostel_table":
        value = value[0].price
    elif name == "mood_track":
        value = value.theatre_step
    assert value == expected


@pytest.mark.parametrize(
    ("game", "option", "message"),
    [
        (
            "fresco",
            "market_refill=redraw",
            "A0.4: market_refill takes one of: top_up, redraw_all; not 'redraw'",
        ),
        (
            "barbarossa",
            "max_jewel_move=7",
            "A-B.9: max_jewel_move takes one of: 6, 5, unlimited; not '7'",
        ),
        ("carcassonne", "tiny_city=3", "V1: tiny_city takes one of: 4, 2; not '3'"),
        (
            "barbarossa",
            "unguessed_penalty=x",
            "--option unguessed_penalty: 'x' does not read as int; structured values are JSON",
        ),
    ],
)
def test_a_bad_option_is_one_error_line(
    tmp_path: Path, game: str, option: str, message: str
) -> None:
    code, err, _ = _new(tmp_path, game, option)
    assert code == 2
    assert err == f"fresco-rules: error: {message}\n"


def test_reading_options_leaves_the_config_classes_as_declared(tmp_path: Path) -> None:
    declared = {name: [f.type for f in attrs.fields(p.GameConfig)] for name, p in PACKAGES.items()}
    structured = {
        "fresco": "workbench_prices=[0, 0, 1, 1, 2, 3]",
        "barbarossa": "unguessed_penalty=2",
        "carcassonne": "first_player=1",
    }
    for game, option in structured.items():  # each read through the JSON path
        assert _new(tmp_path, game, option)[0] == 0
    after = {name: [f.type for f in attrs.fields(p.GameConfig)] for name, p in PACKAGES.items()}
    assert after == declared  # the study's arms read these field types
