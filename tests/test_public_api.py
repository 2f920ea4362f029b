"""What a new user meets first in the Python API (issue 25): the package's names, the seed of
``new_game``, the errors of ``replay`` and the message when an optional extra is missing."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path
from typing import Any

import pytest

import fresco_rules
from fresco_rules import barbarossa, carcassonne, fresco
from fresco_rules.cli import main
from fresco_rules.games import game_names
from fresco_rules.kernel.chance import MAX_SEED
from fresco_rules.kernel.errors import InvalidSeed, RulesError
from fresco_rules.kernel.records import InvalidRecord, ReplayError

PACKAGES = [fresco, barbarossa, carcassonne]
BAD_SEEDS: list[object] = ["abc", "1", True, False, 1.0, None, -1, MAX_SEED + 1, 10**400, [1]]


def test_the_package_exports_the_errors_replay_raises_and_no_helpers() -> None:
    assert fresco_rules.InvalidRecord is InvalidRecord
    assert fresco_rules.ReplayError is ReplayError
    assert fresco_rules.InvalidSeed is InvalidSeed
    assert set(fresco_rules.__all__) <= set(dir(fresco_rules))
    for leaked in ("Any", "TYPE_CHECKING", "annotations", "replay_any", "validate_any"):
        assert leaked not in dir(fresco_rules)


@pytest.mark.parametrize(
    ("record", "said"),
    [
        ({"a": 1}, "the record has no 'game' field (one of: fresco, barbarossa, carcassonne)"),
        ({"game": 5}, "the game must be a name (one of: fresco, barbarossa, carcassonne), not 5"),
        ({"game": ["fresco"]}, "the game must be a name"),
        ({"game": "chess"}, "unknown game 'chess'"),
    ],
)
def test_replay_names_a_missing_or_bad_game_field(record: dict[str, Any], said: str) -> None:
    with pytest.raises(fresco_rules.InvalidRecord) as refused:
        fresco_rules.replay(json.dumps(record))
    assert said in str(refused.value) and refused.value.path == "$.game"
    report = fresco_rules.validate(record)
    assert not report.ok and said in str(report.malformed)


def test_the_command_line_refuses_a_game_field_that_is_no_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "list.json"
    record.write_text(json.dumps({"format": "fresco_rules.game_record", "game": ["fresco"]}))
    assert main(["replay", str(record)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("fresco-rules: error: ") and "the game must be a name" in err
    assert err.count("\n") == 1


@pytest.mark.parametrize("package", PACKAGES)
def test_a_bad_seed_is_an_invalid_seed_error_about_the_seed(package: Any) -> None:
    for seed in BAD_SEEDS:
        with pytest.raises(InvalidSeed) as refused:
            package.new_game(package.GameConfig(), seed)
        assert type(refused.value) is InvalidSeed and isinstance(refused.value, RulesError)
        assert str(refused.value).startswith("the seed must be a whole number from 0 to 2**64 - 1")
        assert len(str(refused.value)) < 200


@pytest.mark.parametrize("package", PACKAGES)
def test_the_seed_is_0_when_left_out_and_any_64_bit_number_works(package: Any) -> None:
    config = package.GameConfig()
    assert package.new_game() == package.new_game(config) == package.new_game(config, 0)
    assert package.new_game(config, MAX_SEED) != package.new_game(config, 0)


@pytest.mark.parametrize("package", PACKAGES)
def test_a_record_with_a_bad_seed_is_refused_at_the_seed(package: Any) -> None:
    config = package.GameConfig()
    record = package.record_game(config, 0, [], package.new_game(config, 0))
    record["seed"] = -1
    with pytest.raises(InvalidRecord) as refused:
        fresco_rules.replay(record)
    assert refused.value.path == "$.seed" and "seed" in str(refused.value)


def test_the_command_line_refuses_a_bad_seed_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["new", str(tmp_path / "g.json"), "--seed", "-1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("fresco-rules: error: ") and "seed" in err and err.count("\n") == 1
    assert not (tmp_path / "g.json").exists()


MISSING_EXTRA = textwrap.dedent(
    """
    import importlib, sys
    for module, blocked in [
        ("fresco_rules.openspiel", "numpy"),
        ("fresco_rules.openspiel", "pyspiel"),
        ("fresco_rules.pettingzoo", "pettingzoo"),
        ("fresco_rules.pettingzoo", "gymnasium"),
    ]:
        saved = sys.modules.get(blocked)
        sys.modules[blocked] = None
        try:
            importlib.import_module(module)
        except ImportError as error:
            print(type(error).__name__, error.name, "|", error)
        finally:
            sys.modules.pop(module, None)
            if saved is None:
                del sys.modules[blocked]
            else:
                sys.modules[blocked] = saved
    """
)


def test_a_missing_extra_says_in_one_line_which_extra_to_install() -> None:
    done = subprocess.run(
        [sys.executable, "-c", MISSING_EXTRA], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    extra = {"numpy": "openspiel", "pyspiel": "openspiel"}
    lines = done.stdout.splitlines()
    assert len(lines) == 4, done.stdout
    for line, blocked in zip(lines, ["numpy", "pyspiel", "pettingzoo", "gymnasium"], strict=True):
        wanted = extra.get(blocked, "pettingzoo")
        assert line == (
            f"MissingExtra {blocked} | fresco_rules.{wanted} needs the {wanted!r} extra "
            f"({blocked} is not installed): pip install 'fresco_rules[{wanted}]'"
        )


WITHOUT_EXTRAS = textwrap.dedent(
    """
    import sys
    # every package of an optional extra, as on a plain `pip install fresco_rules`
    for blocked in ("numpy", "scipy", "matplotlib", "tqdm", "openskill", "ray", "pyspiel",
                    "open_spiel", "pettingzoo", "gymnasium", "starlette", "uvicorn"):
        sys.modules[blocked] = None
    from fresco_rules.cli import main
    sys.exit(main(sys.argv[1:]))
    """
)


@pytest.mark.parametrize(
    "command",
    [
        ["--help"],
        *(["play", "--game", name, "--seed", "3", "--quiet"] for name in game_names()),
        [
            "tournament",
            "--game",
            "fresco",
            "--players",
            "2",
            "--entrant",
            "random",
            "--entrant",
            "greedy",
            "--games",
            "1",
            "--seed",
            "1",
        ],
        ["study", "--game", "fresco", "--games", "1", "--arm", "default", "--arm", "default"],
        ["serve"],
        ["diverge", "--game", "fresco", "--arm", "market_refill=redraw_all"],
    ],
    ids=lambda command: " ".join(command[:3]),
)
def test_the_command_line_works_without_any_extra(command: list[str]) -> None:
    """A plain install has no extra: every command imports, plays, or names the extra to
    install in one line (exit 2), never a traceback."""
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_EXTRAS, *command],
        capture_output=True,
        text=True,
        timeout=120,
    )
    extra = {"tournament": "study", "study": "study", "diverge": "study", "serve": "web"}.get(
        command[0]
    )
    if extra is not None:
        assert done.returncode == 2, done.stderr
        assert done.stderr.count("\n") == 1, done.stderr
        assert f"pip install 'fresco_rules[{extra}]'" in done.stderr
    else:
        assert (done.returncode, done.stderr) == (0, ""), done.stderr
        assert done.stdout


def test_the_package_metadata_names_every_game_and_no_placeholder() -> None:
    text = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text(encoding="utf-8")
    project = tomllib.loads(text)["project"]
    assert "example.org" not in text and "urls" not in project
    assert "Fresco first" not in project["description"]
    for game in ("Fresco", "Barbarossa", "Carcassonne"):
        assert game in project["keywords"] and game in project["description"]
    classifiers = project["classifiers"]
    assert any(c.startswith("Development Status :: ") for c in classifiers)
    for version in ("3.11", "3.12", "3.13"):
        assert f"Programming Language :: Python :: {version}" in classifiers
