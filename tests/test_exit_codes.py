"""Issue 25: one table of exit codes for every command, printed by every ``--help``, and each
command run in each outcome it can meet (0 success, 1 refused by the rules, 2 malformed or
unreadable input or a bad command line, 3 move text that is not notation). Every error is one
line on stderr with the ``fresco-rules: error:`` prefix; ``replay``'s and ``data check``'s
verdicts are their result, on stdout."""

from __future__ import annotations

import json
import pickle
from collections.abc import Callable
from pathlib import Path

import pytest

from fresco_rules import IllegalAction, NotationError, RulesError, carcassonne, fresco
from fresco_rules.cli import main, parser
from fresco_rules.exit_codes import MALFORMED, NOT_NOTATION, REFUSED, SUCCESS, TABLE
from fresco_rules.games import game_names
from fresco_rules.kernel.notation import read_action

PREFIX = "fresco-rules: error: "


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A record with one move, the same record with an illegal step, a malformed record, and
    every game's data template with one bad value."""
    folder = tmp_path_factory.mktemp("exit")
    game = folder / "game.json"
    assert main(["new", str(game), "--players", "3", "--seed", "5"]) == 0
    assert main(["move", str(game), "up 7:00"]) == 0
    record = json.loads(game.read_text())
    record["steps"][0]["action"]["slot"] = 9
    illegal = folder / "illegal.json"
    illegal.write_text(json.dumps(record))
    malformed = folder / "malformed.json"
    malformed.write_text("{not json")
    made = {"game": game, "illegal": illegal, "malformed": malformed, "folder": folder}
    for name in game_names():
        template = folder / f"{name}.toml"
        with template.open("w") as out:
            assert main(["data", "template", "--game", name], out=out) == 0
        made[name] = template
        bad = folder / f"{name}-bad.toml"
        bad.write_text(template.read_text().replace("version = 1", "version = -1", 1))
        made[f"{name}-bad"] = bad
    return made


def _copy(files: dict[str, Path], tmp_path: Path) -> str:
    copy = tmp_path / "copy.json"
    copy.write_bytes(files["game"].read_bytes())
    return str(copy)


Case = Callable[[dict[str, Path], Path], list[str]]
CASES: list[tuple[str, Case, int]] = [
    ("play ok", lambda f, t: ["play", "--seed", "1", "--quiet"], SUCCESS),
    ("play usage", lambda f, t: ["play", "--players", "99"], MALFORMED),
    ("new ok", lambda f, t: ["new", str(t / "n.json"), "--seed", "1"], SUCCESS),
    ("new existing", lambda f, t: ["new", str(f["game"])], MALFORMED),
    ("legal ok", lambda f, t: ["legal", str(f["game"])], SUCCESS),
    ("legal illegal record", lambda f, t: ["legal", str(f["illegal"])], REFUSED),
    ("legal malformed", lambda f, t: ["legal", str(f["malformed"])], MALFORMED),
    ("legal missing", lambda f, t: ["legal", str(t / "none.json")], MALFORMED),
    ("move ok", lambda f, t: ["move", _copy(f, t), "up 9:00"], SUCCESS),
    ("move illegal", lambda f, t: ["move", _copy(f, t), "up 7:00"], REFUSED),
    ("move not notation", lambda f, t: ["move", _copy(f, t), "xyzzy"], NOT_NOTATION),
    ("move empty text", lambda f, t: ["move", _copy(f, t), ""], NOT_NOTATION),
    ("move illegal record", lambda f, t: ["move", str(f["illegal"]), "up 9:00"], REFUSED),
    ("move malformed", lambda f, t: ["move", str(f["malformed"]), "up 9:00"], MALFORMED),
    ("move usage", lambda f, t: ["move", str(f["game"])], MALFORMED),
    ("replay ok", lambda f, t: ["replay", str(f["game"]), "--quiet"], SUCCESS),
    ("replay illegal", lambda f, t: ["replay", str(f["illegal"]), "--quiet"], REFUSED),
    ("replay malformed", lambda f, t: ["replay", str(f["malformed"])], MALFORMED),
    ("replay missing", lambda f, t: ["replay", str(t / "none.json")], MALFORMED),
    ("show ok", lambda f, t: ["show", str(f["game"])], SUCCESS),
    ("show illegal", lambda f, t: ["show", str(f["illegal"])], REFUSED),
    ("show malformed", lambda f, t: ["show", str(f["malformed"])], MALFORMED),
    ("show usage", lambda f, t: ["show", str(f["game"]), "--step", "9"], MALFORMED),
    ("rules ok", lambda f, t: ["rules", "R0.17"], SUCCESS),
    ("rules usage", lambda f, t: ["rules", "Z9.99"], MALFORMED),
    ("data template ok", lambda f, t: ["data", "template"], SUCCESS),
    ("data check ok", lambda f, t: ["data", "check", str(f["fresco"])], SUCCESS),
    ("data check problems", lambda f, t: ["data", "check", str(f["fresco-bad"])], REFUSED),
    ("data check missing", lambda f, t: ["data", "check", str(t / "none.toml")], MALFORMED),
    ("data usage", lambda f, t: ["data", "check"], MALFORMED),
    ("conform usage", lambda f, t: ["conform", "--games", "1"], MALFORMED),
    ("study usage", lambda f, t: ["study", "--games", "1"], MALFORMED),
    ("no command", lambda f, t: [], MALFORMED),
]
"""Every command in each outcome it can meet; ``conform``'s 0 and 1 are tested with its
engines in tests/adapters/test_conform.py, ``study``'s 0 in tests/test_study_run.py."""


@pytest.mark.parametrize(("args", "code"), [(c[1], c[2]) for c in CASES], ids=[c[0] for c in CASES])
def test_every_command_exits_with_the_table_s_code(
    args: Case,
    code: int,
    files: dict[str, Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    got = main(args(files, tmp_path))
    captured = capsys.readouterr()
    assert got == code, captured
    is_verdict = args(files, tmp_path)[:1] in (["replay"], ["data"]) and code == REFUSED
    if code == SUCCESS or is_verdict:
        assert captured.err == "" or "games" in captured.err  # play's progress line
    else:  # one error line on stderr
        assert captured.err.startswith(PREFIX) and captured.err.count("\n") == 1, captured.err


def test_an_illegal_move_names_its_rule_on_stderr_and_a_typo_none(
    files: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _copy(files, tmp_path)
    before = Path(record).read_bytes()
    assert main(["move", record, "up 7:00"]) == REFUSED
    illegal = capsys.readouterr()
    assert illegal.out == "" and illegal.err.startswith(
        f"{PREFIX}illegal move 'up 7:00': rule R0.17"
    )
    assert main(["move", record, "xyzzy"]) == NOT_NOTATION
    typo = capsys.readouterr()
    assert typo.out == "" and typo.err.startswith(f"{PREFIX}not a move: 'xyzzy' names no action")
    assert "rule" not in typo.err.removeprefix(PREFIX) and "closest legal: up 9:00" in typo.err
    assert Path(record).read_bytes() == before


def test_every_help_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    commands = ["play", "new", "legal", "move", "replay", "show", "rules", "data"]
    for command in [*commands, "conform", "study", None]:
        with pytest.raises(SystemExit):
            parser().parse_args([command, "--help"] if command else ["--help"])
        assert TABLE in capsys.readouterr().out, command


@pytest.mark.parametrize("game", game_names())
def test_data_check_reads_the_game_from_the_file(
    game: str, files: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 25: a Carcassonne or Barbarossa file checked without ``--game`` once got the
    Fresco schema's false errors (``required field missing @ $.money``)."""
    assert main(["data", "check", str(files[game])]) == SUCCESS
    assert "valid component data" in capsys.readouterr().out
    assert main(["data", "check", str(files[f"{game}-bad"])]) == REFUSED
    found = capsys.readouterr().out
    assert "$.version" in found and "$.money" not in found and "$.base" not in found


# --- the Python API -------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["xyzzy", "", "up", "up 7:30", "plan market", " " * 300])
def test_text_that_names_no_action_is_a_notation_error(text: str) -> None:
    state = fresco.new_game(fresco.GameConfig(players=3), seed=5)
    with pytest.raises(NotationError) as refused:
        fresco.parse_action(state, text)
    assert not isinstance(refused.value, IllegalAction) and isinstance(refused.value, RulesError)
    assert not hasattr(refused.value, "rule") and "closest legal: up " in refused.value.reason


def test_a_carcassonne_typo_is_not_c1() -> None:
    state = carcassonne.new_game(carcassonne.GAME.default_config(), seed=2)
    with pytest.raises(NotationError):
        carcassonne.parse_action(state, "plce 0,1 0")
    with pytest.raises(IllegalAction) as clash:  # well written, but the edges do not match
        carcassonne.parse_action(state, "place 0,1 0")
    assert clash.value.rule == "C3"


def test_a_notation_error_pickles_and_compares() -> None:
    error = NotationError("'x' names no action", seat=1, where="round 1")
    assert pickle.loads(pickle.dumps(error)) == error and hash(error) == hash(
        NotationError("'x' names no action", seat=1, where="round 1")
    )
    assert str(error) == "seat 1: 'x' names no action [round 1]"


def test_text_two_legal_actions_share_is_ambiguous() -> None:
    """No game's notation writes two legal actions alike (the property tests check it); a
    notation that did would say so rather than pick one."""
    with pytest.raises(NotationError, match="'Same' is ambiguous: it names 2 legal actions"):
        read_action(
            None,
            "Same",
            legal=[1, 2],
            form=lambda action: "same",
            grammar=lambda wanted, raw: None,
            explain=lambda state, action: None,
            seat=0,
            where="here",
        )
