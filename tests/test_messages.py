"""The words of the messages a new user meets (issue 25): one line, whole words, no JSON
``null`` in prose, a limit that is the record's own, a pool without its duplicates, no seed for
a game that cannot start, the rules of the game in play, a win-rate interval within 0-100."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from scipy import stats

from fresco_rules import carcassonne, fresco, replay
from fresco_rules.cli import main
from fresco_rules.conform import conform
from fresco_rules.kernel.chance import pool_words
from fresco_rules.kernel.codec import read_toml_file
from fresco_rules.kernel.errors import InvalidData
from fresco_rules.kernel.play import random_playout
from fresco_rules.kernel.records import InvalidRecord, ReplayError
from fresco_rules.study.stats import proportion_ci

from .adapters.buggy_engine import BUGS


def _fresco_record(players: int = 3, seed: int = 5) -> dict[str, Any]:
    config = fresco.GameConfig(players=players)
    playout = random_playout(fresco.GAME, config, seed)
    return fresco.record_game(config, seed, playout.steps, playout.final)


def _cli(*args: str | Path) -> tuple[int, str]:
    out = io.StringIO()
    return main([str(arg) for arg in args], out), out.getvalue()


def test_bad_json_says_where_once(tmp_path: Path) -> None:
    text = json.dumps(_fresco_record(), indent=1)
    cut = text.index('"kind"', len(text) // 2)
    with pytest.raises(InvalidRecord) as refused:
        replay(text[:cut] + '"kind')
    message = str(refused.value)
    assert "at at" not in message
    line = text[:cut].count("\n") + 1
    assert message.startswith(f"not JSON: Unterminated string starting at line {line}, column")


def test_a_set_up_problem_is_told_as_one_with_no_null(tmp_path: Path) -> None:
    record = fresco.record_game(
        fresco.GameConfig(players=3), 1, [], fresco.new_game(fresco.GameConfig(players=3), 1)
    )
    record["chance"] = record["chance"][:-1]  # the last fresco tile of the set-up is missing
    with pytest.raises(ReplayError) as refused:
        replay(record)
    assert refused.value.setup and refused.value.step is None
    assert str(refused.value) == "set-up: A0.18: the record holds no outcome for this fresco draw"
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    code, printed = _cli("replay", "--quiet", path)
    assert code == 1
    assert printed.splitlines() == [
        "illegal set-up: the record's chance outcomes do not start the game",
        "rule A0.18: the record holds no outcome for this fresco draw",
    ]
    assert "null" not in printed


@pytest.mark.rule("R0.62")
def test_a_result_after_the_last_step_has_no_seat_and_no_action(tmp_path: Path) -> None:
    record = _fresco_record()
    record["result"]["scores"][0] += 1
    with pytest.raises(ReplayError) as refused:
        replay(record)
    assert str(refused.value).startswith("after the last step: ")
    assert "null" not in str(refused.value) and not refused.value.setup
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    code, printed = _cli("replay", "--quiet", path)
    assert code == 1 and "illegal after the last step\nrule " in printed
    assert "null" not in printed


def test_a_seat_beyond_the_records_players_names_their_limit() -> None:
    record = copy.deepcopy(_fresco_record(players=3))
    record["steps"][5]["seat"] = 7
    with pytest.raises(InvalidRecord) as refused:
        replay(record)
    assert str(refused.value) == (
        "seat 7 in a 3-player record (seats are 0 to 2) @ $.steps[5].seat"
    )
    record["steps"][5]["seat"] = 3  # within the schema's 0-3 (four players at most)
    with pytest.raises(InvalidRecord, match=r"seat 3 in a 3-player record \(seats are 0 to 2\)"):
        replay(record)


def test_a_draw_that_does_not_fit_lists_the_pool_once_per_item() -> None:
    assert pool_words(["B", "A", "B", "C", "B"]) == "A, B x3, C"
    config = carcassonne.GameConfig(players=2)
    state = carcassonne.new_game(config, 1)
    record = carcassonne.record_game(config, 1, [], state)
    record["chance"][0][1] = "ZZ"
    with pytest.raises(ReplayError) as refused:
        replay(record)
    reason = refused.value.reason
    assert "(possible: A x2, B x4, C, D x3," in reason and "U x8, V x9, W x4, X)" in reason
    assert "B, B" not in reason and len(reason) < 300


def test_a_toml_problem_is_quoted_whole(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("name = 'x'\n[a]\nx = 1\n[a]\n")
    with pytest.raises(InvalidData) as refused:
        read_toml_file(path)
    assert str(refused.value) == (
        f"{path}: not valid TOML: Cannot declare ('a',) twice (at line 4, column 3)"
    )
    path.write_text("a.b.c = 1\n" + "[" + "k" * 300 + "]\nx = 1\n[" + "k" * 300 + "]\n")
    with pytest.raises(InvalidData) as refused:
        read_toml_file(path)
    message = str(refused.value)
    assert message.endswith("... (at line 4, column 302)") and "\n" not in message
    assert len(message) < len(str(path)) + 250


def test_play_refuses_a_bad_player_count_before_it_announces_a_seed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for args in (("play", "--players", "5"), ("new", "--players", "5", tmp_path / "n.json")):
        code, printed = _cli(*args)
        assert code == 2 and printed == ""
        assert capsys.readouterr().err == (
            "fresco-rules: error: R0.1: Fresco is for 2-4 players, not 5\n"
        )


@pytest.mark.rule("R0.40")
def test_a_score_divergence_names_the_scoring_rules_of_the_game_in_play() -> None:
    found = conform("fresco", BUGS["bishop"](), games=5, seed=1, params={"players": 2}).divergence
    assert found is not None and found.kind == "scores"
    assert found.rules == ("R0.40", "A0.11", "A0.21", "R0.50", "R0.51", "R0.52", "R0.53")


def test_the_rules_in_play_leave_out_modules_and_leonardo() -> None:
    from fresco_rules.fresco.adapter_spec import SPEC

    rules = ("R0.40", "R0.77", "G.6", "R5.3", "R6.17", "M.2", "A1.3", "(ours too: 'x')")
    base_4p = fresco.new_game(fresco.GameConfig(players=4), 1)
    assert SPEC.rules_in_play(base_4p, rules) == ("R0.40", "(ours too: 'x')")
    modules = fresco.GameConfig(players=2, modules=fresco.parse_modules("1,5"))
    with_5 = fresco.new_game(modules, 1)
    assert SPEC.rules_in_play(with_5, rules) == (
        "R0.40",
        "R0.77",
        "G.6",
        "R5.3",
        "M.2",
        "A1.3",
        "(ours too: 'x')",
    )


def test_a_win_rate_interval_stays_within_0_and_1() -> None:
    rarely = np.array([1.0] * 2 + [0.0] * 18)
    share, low, high = proportion_ci(rarely, 0.95)
    wilson = stats.binomtest(2, 20).proportion_ci(0.95, method="wilson")
    assert share == 0.1 and low == pytest.approx(wilson.low) and high == pytest.approx(wilson.high)
    assert proportion_ci(np.zeros(20), 0.95)[1] == 0.0
    assert proportion_ci(np.ones(20), 0.95)[2] == 1.0
    ties = np.array([0.5, 0.0, 1.0, 1 / 3])  # a tie's share counts as that much of a win
    share, low, high = proportion_ci(ties, 0.9)
    assert 0.0 <= low < share < high <= 1.0
