"""``fresco_rules.diverge``: two interpretations in lock-step stop where the rules say they part;
the witnesses replay and show the difference; the positions before it agree; identical arms
never part; the command line's files and refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fresco_rules.diverge as diverge_package
from fresco_rules.cli import main, parser
from fresco_rules.diverge import play_lockstep, state_fields
from fresco_rules.diverge.plan import Plan
from fresco_rules.diverge.search import diverge
from fresco_rules.exit_codes import TABLE
from fresco_rules.games import declaration, game_names
from fresco_rules.games import replay as replay_record
from fresco_rules.kernel.chance import MAX_SEED
from fresco_rules.kernel.study_spec import StudyError
from fresco_rules.study.players import make_player
from fresco_rules.study.spec import Arm, game_seed


def _configs(game: str, option: str, value: str) -> tuple[Any, Any]:
    found = declaration(game)
    return found.config_type(), found.config_type(**{option: found.option_types[option](value)})


def _play(game: str, option: str, value: str, index: int, player: str = "random") -> Any:
    found = declaration(game)
    choose = make_player(player, found.study)
    return play_lockstep(found, *_configs(game, option, value), game_seed(0, index), choose)


def _positions(record: dict[str, Any]) -> list[Any]:
    """Every position of a record: after the set-up, then after each step."""
    game = declaration(record["game"])
    codec = game.rules.codec
    assert codec is not None
    config = codec.config_from_json(record["setup"])
    chance = [tuple(pair) for pair in record["chance"]]
    state = codec.start(config, record["seed"], chance)
    found = [state]
    for step in record["steps"]:
        state = game.rules.apply(state, codec.action_from_json(step["action"]))
        found.append(state)
    return found


@pytest.mark.rule("A0.4")
def test_market_refill_parts_at_the_first_refill() -> None:
    """A0.4: topping up draws only for the emptied booths, redrawing draws for every booth: the
    first market refill of game 0 (step 22, the end of round 1's market) is where they part,
    and arm A draws no market card before it."""
    played = _play("fresco", "market_refill", "redraw_all", 0)
    found = played.divergence
    assert found is not None
    assert (found.kind, found.step, found.round) == ("chance", 22, 1)
    assert "arm A draws market:" in found.detail and "arm B makes a market draw" in found.detail
    assert "A0.4" in found.rules
    game = declaration("fresco")
    codec = game.rules.codec
    assert codec is not None
    set_up = game.rules.new_game(_configs("fresco", "market_refill", "top_up")[0], played.seed)
    later = codec.chance_log(played.final_a)[len(codec.chance_log(set_up)) :]
    assert not [kind for kind, _ in later if kind == "market"]
    assert len(played.steps) == 22 and played.pending is not None


@pytest.mark.rule("V1")
def test_tiny_city_parts_at_the_first_completed_two_tile_city() -> None:
    """V1: a completed two-tile city scores 4 by default and 2 with tiny_city=2; game 1 of a
    random search completes its first one at step 13 (seat 0 scores it)."""
    found = _play("carcassonne", "tiny_city", "2", 1).divergence
    assert found is not None
    assert (found.kind, found.step, found.round) == ("scores", 13, 4)
    assert found.scores == ((4, 0), (2, 0))
    assert "state.points[0]" in found.fields


@pytest.mark.rule("V1")
def test_tiny_city_without_a_follower_parts_in_the_scored_log_only() -> None:
    """A two-tile city nobody holds scores for no one, but its points (4 or 2) are logged:
    game 0 parts at step 7 in the log alone, with equal scores."""
    found = _play("carcassonne", "tiny_city", "2", 0).divergence
    assert found is not None
    assert (found.kind, found.step, found.fields) == ("state", 7, ("state.scored[1].points",))
    assert found.scores[0] == found.scores[1]


@pytest.mark.rule("A-B.10")
@pytest.mark.parametrize(
    ("value", "step", "only_a", "only_b"),
    [("may_stop", 42, (), ("stop",)), ("until_no", 34, ("stop",), ())],
)
def test_question_phase_parts_at_the_first_stop(
    value: str, step: int, only_a: tuple[str, ...], only_b: tuple[str, ...]
) -> None:
    """A-B.10: whether a questioner may stop without a guess (may_stop) or must go on until a
    NO (until_no); the default ends the phase only with a guess or a NO. The other arm refuses
    ``stop`` with A-B.10."""
    found = _play("barbarossa", "question_phase", value, 0).divergence
    assert found is not None
    assert (found.kind, found.step) == ("legal_actions", step)
    assert tuple(r.action for r in found.only_a) == only_a
    assert tuple(r.action for r in found.only_b) == only_b
    assert {r.rule for r in (*found.only_a, *found.only_b)} == {"A-B.10"}


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(["barbarossa", "carcassonne"]), seed=st.integers(0, MAX_SEED))
def test_identical_arms_never_part(game: str, seed: int) -> None:
    """Two arms with the same config play the same game to its end."""
    found = declaration(game)
    config = found.config_type()
    played = play_lockstep(found, config, config, seed, make_player("random", found.study))
    assert played.divergence is None
    assert found.rules.is_over(played.final_a) and played.final_a == played.final_b


def test_state_fields_of_equal_states_is_empty() -> None:
    found = declaration("carcassonne")
    state = found.rules.new_game(found.config_type(), 3)
    assert state_fields(found, state, state) == ()


@pytest.fixture(scope="module")
def searched(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    out = tmp_path_factory.mktemp("diverge") / "tiny"
    plan = Plan(
        game="carcassonne",
        players=2,
        arms=(Arm(), Arm((("tiny_city", "2"),))),
        games=4,
        player_kinds=("random", "greedy"),
    )
    summary, _ = diverge(plan, out=out, progress=False)
    return out, summary


def test_search_summary_counts_and_intervals(searched: tuple[Path, dict[str, Any]]) -> None:
    """Every game of both player kinds parts (4 of 4: Wilson's 95 % interval 51.0-100 %); the
    shortest scores witness is a greedy game's step 1."""
    out, summary = searched
    assert json.loads((out / "summary.json").read_text()) == summary
    for data in summary["by_player"].values():
        assert (data["games"], data["diverged"], data["share"]) == (4, 4, 1.0)
        assert data["low"] == pytest.approx(0.510, abs=1e-3) and data["high"] == 1.0
    witness = summary["witnesses"]["scores"]
    assert (witness["player"], witness["step"]) == ("greedy", 1)
    html = (out / "report.html").read_text()
    assert "<svg" in html and "Shortest witness: scores" in html


def test_witness_records_replay_and_show_the_difference(
    searched: tuple[Path, dict[str, Any]],
) -> None:
    """Each witness pair replays (``fresco-rules replay`` exits 0); every position before the
    last agrees in both arms (legal actions, scores, views) and the last differs as stated."""
    out, summary = searched
    game = declaration("carcassonne")
    rules = game.rules
    for kind, witness in summary["witnesses"].items():
        paths = [out / name for name in witness["records"]]
        for path in paths:
            assert main(["replay", "--quiet", str(path)]) == 0
        records = [json.loads(path.read_text()) for path in paths]
        assert records[0]["steps"] == records[1]["steps"]
        assert records[0]["chance"] == records[1]["chance"]
        positions = [_positions(record) for record in records]
        for a, b in zip(positions[0][:-1], positions[1][:-1], strict=True):
            assert rules.legal_actions(a) == rules.legal_actions(b)
            assert rules.scores(a) == rules.scores(b)
            assert all(game.player_view(a, s) == game.player_view(b, s) for s in range(2))
        last = (positions[0][-1], positions[1][-1])
        assert last[0] == replay_record(records[0])
        assert [list(rules.scores(state)) for state in last] == witness["scores"]
        assert list(state_fields(game, *last)) == witness["fields"], kind


def test_out_with_other_files_is_refused_without_force(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    command = ["diverge", "--game", "barbarossa", "--arm", "letter_check=off", "--games", "2"]
    command += ["--player", "random", "--quiet", "--out", str(tmp_path)]
    assert main(command) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]
    assert main([*command, "--force"]) == 0
    assert (tmp_path / "notes.txt").read_text() == "mine"
    assert (tmp_path / "witnesses" / "legal_actions-b.json").is_file()


def test_resumed_and_parallel_searches_write_the_same_summary(tmp_path: Path) -> None:
    """The journal makes a rerun play nothing again; 2 worker processes give the same bytes."""
    command = ["diverge", "--game", "barbarossa", "--arm", "max_jewel_move=5", "--quiet"]
    command += ["--games", "3", "--player", "random"]
    assert main([*command, "--out", str(tmp_path / "one")]) == 0
    first = (tmp_path / "one" / "summary.json").read_bytes()
    assert main([*command, "--out", str(tmp_path / "one")]) == 0
    assert (tmp_path / "one" / "summary.json").read_bytes() == first
    assert main([*command, "--jobs", "2", "--out", str(tmp_path / "two")]) == 0
    assert (tmp_path / "two" / "summary.json").read_bytes() == first


def test_bad_arms_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diverge", "--game", "fresco", "--arm", "market_refill=sideways"]) == 2
    assert "market_refill takes one of: top_up, redraw_all" in capsys.readouterr().err
    assert main(["diverge", "--game", "fresco", "--arm", "default"]) == 2
    assert "same configuration" in capsys.readouterr().err
    with pytest.raises(StudyError, match="unknown player"):
        Plan(
            "fresco",
            4,
            (Arm(), Arm((("market_refill", "redraw_all"),))),
            2,
            player_kinds=("clever",),
        ).configs()


@pytest.mark.rule("V1")
def test_the_strong_players_and_seat_tables_search_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 28: ``--player`` takes any study player with its budget, and a table per seat."""
    command = ["diverge", "--game", "carcassonne", "--players", "2", "--arm", "tiny_city=2"]
    players = ["--player", "search:2", "--player", "heuristic,greedy"]
    assert main([*command, "--games", "2", "--seed", "1", *players, "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "search:2: 2 of 2 games part" in out and "heuristic,greedy: 2 of 2 games part" in out
    assert main([*command, "--player", "nobody", "--quiet"]) == 2
    assert "unknown player 'nobody'" in capsys.readouterr().err


def test_every_game_can_be_searched() -> None:
    """The tool names no game: in each registered game, the last option's first alternative
    that can start parts or plays to its end alike, without error."""
    for name in game_names():
        found = declaration(name)
        option = found.options()[-1]
        value = next(v for v in option.values if v != option.default)
        played = _play(name, option.name, value, 0)
        assert played.divergence is not None or found.rules.is_over(played.final_a)


def test_the_package_offers_the_search() -> None:
    """``fresco_rules.diverge`` loads its search (the ``[study]`` extra) on first use."""
    package = diverge_package
    assert package.Plan is Plan and package.diverge is diverge
    with pytest.raises(AttributeError):
        package.no_such_name  # noqa: B018


def test_help_prints_the_exit_codes_and_usage_errors_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        parser().parse_args(["diverge", "--help"])
    assert TABLE in capsys.readouterr().out
    assert main(["diverge", "--game", "fresco"]) == 2  # no --arm
    assert capsys.readouterr().err.count("\n") == 1
    assert main(["diverge", "--arm", "a=b", "--arm", "c=d", "--arm", "e=f"]) == 2
    assert capsys.readouterr().err == (
        "fresco-rules: error: diverge compares two arms: give --arm once or twice\n"
    )


@pytest.mark.parametrize("first_line", [b"[1, 2]\n", b"\xff\xfe\n", b'{"search": 3}\n'])
def test_a_foreign_journal_is_refused_in_one_line(
    tmp_path: Path, first_line: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "journal.jsonl").write_bytes(first_line)
    command = ["diverge", "--game", "barbarossa", "--arm", "letter_check=off", "--games", "2"]
    assert main([*command, "--quiet", "--out", str(tmp_path)]) == 2
    assert "holds no journal of this search" in capsys.readouterr().err
