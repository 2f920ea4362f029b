"""Issue 13 as a new user meets it: an unseeded game names its seed, ``replay`` takes a path
as well as JSON text, results are typed values, a non-action is malformed under the kernel's
rule in every game, and a state prints as its board with a bounded repr."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from fresco_rules import ValidationReport, barbarossa, carcassonne, fresco, replay, validate
from fresco_rules.cli import main
from fresco_rules.games import declaration, game_names
from fresco_rules.kernel.errors import SHAPE_RULE, MalformedAction
from fresco_rules.kernel.records import InvalidRecord, StepFailure


def _run(*argv: str) -> str:
    out = io.StringIO()
    assert main(list(argv), out=out) == 0
    return out.getvalue()


def test_an_unseeded_game_names_its_seed_and_the_seed_plays_it_again() -> None:
    first, *rest = _run("play", "--game", "barbarossa", "--quiet").splitlines()
    words = first.split()
    assert words[0] == "seed" and first.endswith("plays this game again)")
    seed = words[1]
    assert f"--seed {seed} plays" in first
    again = _run("play", "--game", "barbarossa", "--quiet", "--seed", seed).splitlines()
    assert again == rest


@pytest.fixture(scope="module")
def record_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("game") / "game.json"
    _run("play", "--players", "3", "--seed", "5", "--quiet", "--record", str(path))
    return path


def test_replay_takes_a_path_json_text_bytes_or_a_mapping(record_path: Path) -> None:
    text = record_path.read_text(encoding="utf-8")
    final = replay(str(record_path))
    assert isinstance(final, fresco.State) and fresco.is_over(final)
    assert replay(record_path) == final
    assert replay(text) == final and replay(text.encode()) == final
    assert replay(json.loads(text)) == final
    with pytest.raises(InvalidRecord, match=r"^cannot read record missing\.json: "):
        replay("missing.json")
    with pytest.raises(InvalidRecord, match=r"^not JSON: "):
        replay("{ not json")


def test_validate_returns_a_typed_report(record_path: Path) -> None:
    report = validate(str(record_path))
    assert isinstance(report, ValidationReport) and attrs.has(ValidationReport)
    assert report.ok and report.game_over and report.failure is None
    assert isinstance(report.steps, int) and isinstance(report.scores, tuple)
    record = json.loads(record_path.read_text(encoding="utf-8"))
    record["steps"][0]["seat"] = 2
    failed = validate(record)
    assert not failed.ok and isinstance(failed.failure, StepFailure)
    assert failed.failure.step == 0 and failed.failure.rule == "R0.15"


@pytest.mark.parametrize(
    ("package", "config"),
    [
        (fresco, fresco.GameConfig(players=3)),
        (barbarossa, barbarossa.GameConfig()),
        (carcassonne, carcassonne.GameConfig()),
    ],
    ids=["fresco", "barbarossa", "carcassonne"],
)
def test_views_errors_and_printing_are_typed_and_bounded(package: object, config: object) -> None:
    game = package
    state = game.new_game(config, 1)  # type: ignore[attr-defined]
    view = game.player_view(state, 0)  # type: ignore[attr-defined]
    assert type(view).__name__ == "PlayerView" and attrs.has(type(view))
    assert not isinstance(view, dict)
    for thing in (42, None, "roll", object()):
        problem = game.explain(state, thing)  # type: ignore[attr-defined]
        assert isinstance(problem, MalformedAction) and problem.rule == SHAPE_RULE
    text = str(state)
    assert "to decide" in text or "turn 1" in text
    assert "State(" not in text and len(repr(state)) <= 200
    assert state._repr_svg_().lstrip().startswith("<svg")


@pytest.mark.parametrize("package", [fresco, barbarossa, carcassonne])
def test_every_built_in_game_package_exports_the_same_protocol(package: Any) -> None:
    """What a user imports of a built-in game: the notation trio, the picture, the typed
    player view, and a ``str(state)`` that is the board."""
    for public in ("notation", "parse_action", "legal_forms", "svg", "player_view", "explain"):
        assert callable(getattr(package, public)), public
        assert public in package.__all__
    state = package.new_game(package.GameConfig(), 3)
    assert not str(state).startswith("State(")


@pytest.mark.parametrize("name", game_names())
def test_every_game_declares_the_same_protocol(name: str) -> None:
    """What the command line and the adapters use of a game, its declaration holds: the
    notation, whose text of a legal action reads back as that action, and the board view."""
    game = declaration(name)
    state = game.rules.new_game(game.config_type(), 3)
    assert game.board.view(state) == str(state)
    form = game.notation.legal_forms(state)[0]
    assert game.notation.format(state, game.notation.parse(state, form)) == form
