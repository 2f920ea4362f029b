"""Running studies: arms and configs, the players, the local backend, the files of --out, the
plots, resuming an interrupted study, and the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

import fresco_rules.study as study_api
from fresco_rules import barbarossa, fresco
from fresco_rules.cli import main
from fresco_rules.fresco.data import template_text
from fresco_rules.games import declaration, game_names
from fresco_rules.kernel.play import random_playout
from fresco_rules.kernel.rng import next_below
from fresco_rules.openspiel import study_player
from fresco_rules.study import (
    Arm,
    GameResult,
    Study,
    StudyError,
    get_adapter,
    load_study,
    make_player,
    parse_arm,
    run_game,
    run_study,
)
from fresco_rules.study import batch as study_batch
from fresco_rules.study import run as study_run
from fresco_rules.study.report import summary_text
from fresco_rules.study.spec import game_seed

SCRIPT = Path(sys.executable).parent / "fresco-rules"
REFILL = (parse_arm("market_refill=top_up"), parse_arm("market_refill=redraw_all"))


def small_study(**changes: Any) -> Study:
    fields: dict[str, Any] = {"game": "fresco", "players": 2, "games": 6, "seed": 3, "arms": REFILL}
    fields.update(changes)
    return Study(**fields)


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    out = tmp_path_factory.mktemp("study") / "out"
    summary, _ = run_study(small_study(), out=out, progress=False)
    return out, summary


def test_parse_arm() -> None:
    assert parse_arm("market_refill=redraw_all,track_collision=forward").options == (
        ("market_refill", "redraw_all"),
        ("track_collision", "forward"),
    )
    assert parse_arm("default") == parse_arm("") == Arm()
    assert Arm().label == "default"
    for bad in ("market_refill", "=x", "a=1,a=2"):
        with pytest.raises(StudyError):
            parse_arm(bad)


@pytest.mark.parametrize(
    ("arm", "message"),
    [
        ("market_refill=sideways", "option market_refill takes one of: top_up, redraw_all"),
        ("colour=blue", "unknown option 'colour'; known: market_refill"),
        ("modules=7", "modules"),
        ("components=/no/such/file.toml", "cannot read"),
        ("booth_capacities=4+x", "option booth_capacities takes whole numbers like 4+3+3+3"),
        ("booth_capacities=4+\u00b2", "option booth_capacities takes whole numbers like 4+3+3+3"),
        ("booth_capacities=4+4+4+4", "A0.3: booth_capacities (4, 4, 4, 4) must be"),
    ],
)
def test_bad_arms_are_refused_by_name(arm: str, message: str) -> None:
    study = small_study(arms=(Arm(), parse_arm(arm)))
    with pytest.raises(StudyError, match="arm ") as caught:
        run_study(study, progress=False)
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"game": "chess"},
            "no study adapter for game 'chess'; known: fresco, barbarossa, carcassonne",
        ),
        ({"players": 5}, "fresco is for 2, 3, 4 players"),
        ({"game": "barbarossa", "players": 2}, "barbarossa is for 3, 4 players"),
        ({"games": 1}, "games must be 2 to"),
        ({"arms": (Arm(),)}, "2 to 16 arms"),
        ({"arms": (Arm(), parse_arm("default"))}, "two arms are the same configuration"),
        ({"player": "minimax"}, "unknown player 'minimax'"),
    ],
)
def test_bad_studies_are_refused(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(StudyError) as caught:
        run_study(small_study(**changes), progress=False)
    assert message in str(caught.value)


def test_bad_backends_are_refused() -> None:
    with pytest.raises(StudyError, match="unknown backend 'dask'"):
        run_study(small_study(), backend="dask", progress=False)
    with pytest.raises(StudyError, match="--ray-address needs --backend ray"):
        run_study(small_study(), ray_address="auto", progress=False)
    with pytest.raises(StudyError, match="jobs must be"):
        run_study(small_study(), jobs=0, progress=False)


def test_the_mcts_player_searches_with_the_openspiel_adapter() -> None:
    adapter = get_adapter("barbarossa")
    choose = study_player(adapter, simulations=4, rollout_length=8)
    assert make_player("mcts", adapter) is not None
    state = barbarossa.new_game(barbarossa.GameConfig(players=3), seed=4)
    for _ in range(12):
        actions = barbarossa.legal_actions(state)
        seat = barbarossa.current_player(state)
        index, rng = choose(state, actions, seat, 99)
        assert 0 <= index < len(actions) and rng != 99
        assert choose(state, actions, seat, 99) == (index, rng)  # a pure function of its seed
        state = barbarossa.apply(state, actions[index])


def test_the_mcts_player_passes_forced_and_chance_steps_through() -> None:
    adapter = get_adapter("fresco")
    choose = study_player(adapter, simulations=2, rollout_length=4)
    state = fresco.new_game(fresco.GameConfig(players=2), seed=1)
    actions = fresco.legal_actions(state)
    assert choose(state, actions[:1], 0, 5) == (0, next_below(5, 1)[1])
    assert choose(state, actions, None, 5) == next_below(5, len(actions))


def test_the_random_player_plays_the_game_of_fresco_rules_play() -> None:
    adapter = get_adapter("fresco")
    config = fresco.GameConfig(players=3)
    seed = game_seed(5, 0)
    result = run_game(adapter, config, 0, 0, seed, make_player("random", adapter))
    playout = random_playout(fresco.GAME, config, seed)
    assert result.scores == fresco.scores(playout.final)
    assert result.steps == len(playout.steps) and result.rounds == playout.final.round
    assert result.winners == fresco.winners(playout.final)
    altar = sum(isinstance(action, fresco.RestoreAltar) for _, action in playout.steps)
    assert dict(zip(adapter.figure_names, result.figures, strict=True))["altar uses"] == altar


def test_game_seeds_are_mixed_not_consecutive() -> None:
    seeds = [game_seed(7, game) for game in range(50)]
    assert len(set(seeds)) == 50 and all(0 <= s < 2**53 for s in seeds)
    assert all(abs(b - a) > 1000 for a, b in pairwise(seeds))
    assert game_seed(7, 0, offset=1) not in seeds


@pytest.mark.parametrize("game", game_names())
def test_the_greedy_player_takes_an_action_of_the_best_immediate_value(game: str) -> None:
    adapter = get_adapter(game)
    rules = adapter.game
    choose = make_player("greedy", adapter)
    seats = declaration(game).players
    state = rules.new_game(adapter.config_type(players=3 if 3 in seats else seats[0]), 11)
    rng, checked, scoring = 11, 0, 0
    while not rules.is_over(state) and checked < 400:
        actions = rules.legal_actions(state)
        seat = rules.current_player(state)
        index, rng = choose(state, actions, seat, rng)
        if seat is not None and len(actions) > 1:
            values = [adapter.greedy_key(state, a, rules.apply(state, a), seat) for a in actions]
            assert values[index] == max(values)
            scoring += min(values) != max(values)
            checked += 1
        state = rules.apply(state, actions[index])
    assert checked == 400 or rules.is_over(state)
    assert scoring > 0, "no decision between unequal values was met: the check is empty"


def test_number_options_of_both_games() -> None:
    study = small_study(games=2, players=4, arms=(Arm(), parse_arm("booth_capacities=4+3+3+3")))
    config = study.configs(get_adapter("fresco"))[1]
    assert config.booth_capacities == (4, 3, 3, 3)
    study = small_study(
        game="barbarossa", players=3, arms=(Arm(), parse_arm("unguessed_penalty=2"))
    )
    assert study.configs(get_adapter("barbarossa"))[1].unguessed_penalty == 2


def test_fresco_with_modules_and_a_component_file(tmp_path: Path) -> None:
    box = tmp_path / "box.toml"
    box.write_text(template_text(), encoding="utf-8")
    study = small_study(
        games=2,
        modules="4,5,6",
        arms=(Arm(), parse_arm(f"components={box},modules=4+5")),
    )
    summary, games = run_study(study, progress=False)
    assert len(games) == 4
    arms = summary["study"]["arms"]
    assert arms[1]["options"] == {"components": str(box), "modules": "4+5"}
    assert arms[1]["components_digest"] == fresco.default_components().digest
    assert summary["study"]["modules"] == "4,5,6"


def test_jobs_do_not_change_the_summary(written: tuple[Path, dict[str, Any]]) -> None:
    _, summary = written
    parallel, _ = run_study(small_study(), jobs=2, progress=False)
    assert summary_text(parallel) == summary_text(summary)


def test_the_out_directory(written: tuple[Path, dict[str, Any]]) -> None:
    out, summary = written
    assert (out / "summary.json").read_text(encoding="utf-8") == summary_text(summary)
    text = (out / "summary.json").read_text(encoding="utf-8")
    for word in ("time", "host", "backend", "local"):
        assert word not in text
    rows = (out / "games.csv").read_text(encoding="utf-8").splitlines()
    assert rows[0].startswith("arm,label,game,seed,score_0,score_1,winners,rounds,steps,margin")
    assert rows[0].endswith("tiles restored,altar uses,money converted")
    assert len(rows) == 1 + 12
    reloaded, games = load_study(out)
    assert summary_text(reloaded) == summary_text(summary)
    assert [g.seed for g in games[:6]] == [g.seed for g in games[6:]]  # common random numbers
    assert isinstance(games[0], GameResult)


def test_plots_are_written_and_not_empty(written: tuple[Path, dict[str, Any]]) -> None:
    out, _ = written
    for name in ("scores", "win_rate", "game_length"):
        png = (out / f"{name}.png").read_bytes()
        assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 5000
        svg = (out / f"{name}.svg").read_text(encoding="utf-8")
        assert "<svg" in svg and svg.count("<path") > 10
    page = (out / "report.html").read_text(encoding="utf-8")
    assert page.count('src="data:image/png;base64,') == 3
    assert "market_refill=redraw_all vs market_refill=top_up:" in page
    assert "seat 1&#x27;s win rate differs by" in page


def test_an_interrupted_study_resumes_to_the_same_numbers(
    tmp_path: Path, written: tuple[Path, dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, complete = written
    out = tmp_path / "out"
    calls = []
    original = study_batch.play_batch

    def interrupted(payload: Any, tasks: Any) -> list[GameResult]:
        calls.append(len(tasks))
        if len(calls) == 3:
            raise KeyboardInterrupt
        return original(payload, tasks)

    monkeypatch.setattr(study_run, "play_batch", interrupted)
    with pytest.raises(KeyboardInterrupt):
        run_study(small_study(), out=out, progress=False)
    monkeypatch.undo()
    journal = (out / "journal.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(journal) == 1 + calls[0] + calls[1]  # header + the games of 2 batches
    with (out / "journal.jsonl").open("a", encoding="utf-8") as handle:
        handle.write('{"arm": 0, "ga')  # a line torn by the interruption
    played = []

    def counting(payload: Any, tasks: Any) -> list[GameResult]:
        played.extend(tasks)
        return original(payload, tasks)

    monkeypatch.setattr(study_run, "play_batch", counting)
    summary, _ = run_study(small_study(), out=out, progress=False)
    assert len(played) == 12 - (len(journal) - 1)  # only the missing games were played
    assert summary_text(summary) == summary_text(complete)
    assert (out / "summary.json").read_text(encoding="utf-8") == summary_text(complete)
    played.clear()
    run_study(small_study(), out=out, progress=False)  # complete: nothing left to play
    assert played == []


def test_a_study_grows_in_the_same_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    run_study(small_study(games=3), out=out, progress=False)
    played: list[Any] = []
    original = study_batch.play_batch

    def counting(payload: Any, tasks: Any) -> list[GameResult]:
        played.extend(tasks)
        return original(payload, tasks)

    monkeypatch.setattr(study_run, "play_batch", counting)
    grown, _ = run_study(small_study(games=4), out=out, progress=False)
    assert sorted(played) == [(0, 3, game_seed(3, 3)), (1, 3, game_seed(3, 3))]
    fresh, _ = run_study(small_study(games=4), progress=False)
    assert summary_text(grown) == summary_text(fresh)
    played.clear()
    shrunk, _ = run_study(small_study(games=2), out=out, progress=False)
    assert played == [] and shrunk["arms"][0]["games"] == 2


def test_a_journal_of_another_study_is_refused(written: tuple[Path, dict[str, Any]]) -> None:
    out, _ = written
    with pytest.raises(StudyError, match="belongs to another study"):
        run_study(small_study(seed=4), out=out, progress=False)


def run_cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), "study", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_command_line(tmp_path: Path, written: tuple[Path, dict[str, Any]]) -> None:
    done = run_cli(
        "--game", "fresco", "--players", "2", "--games", "6", "--seed", "3",
        "--arm", "market_refill=top_up", "--arm", "market_refill=redraw_all",
        "--jobs", "2", "--out", tmp_path / "cli",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Fresco study: 2 players, 6 games per arm (study seed 3), player random"
    assert "market_refill=redraw_all vs market_refill=top_up:" in lines
    assert any(line.startswith("  seat 0's win rate differs by ") for line in lines)
    assert "12/12" in done.stderr and "game/s" in done.stderr  # the tqdm progress bar
    out, _ = written
    assert (tmp_path / "cli" / "summary.json").read_bytes() == (out / "summary.json").read_bytes()
    summary = json.loads((tmp_path / "cli" / "summary.json").read_text(encoding="utf-8"))
    assert summary["study"]["arms"][1]["options"] == {"market_refill": "redraw_all"}


def test_the_command_line_refuses_bad_arms(capsys: pytest.CaptureFixture[str]) -> None:
    study = ["study", "--games", "4", "--arm", "default"]
    assert main([*study, "--arm", "x=1", "--player", "mcts"]) == 2
    assert "error: arm 'x=1': unknown option 'x'" in capsys.readouterr().err
    assert main([*study, "--arm", "market_refill=never"]) == 2
    assert "option market_refill takes one of: top_up, redraw_all" in capsys.readouterr().err


def test_an_interrupted_command_says_how_to_continue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(study_api, "run_study", interrupted)
    command = ["study", "--games", "4", "--arm", "default", "--arm", "market_refill=redraw_all"]
    assert main([*command, "--out", str(tmp_path)]) == 130
    assert f"kept in {tmp_path}; the same command continues" in capsys.readouterr().err
    assert main(command) == 130
    assert "use --out DIR to make a study resumable" in capsys.readouterr().err


def test_malformed_arms_built_in_python_are_refused() -> None:
    bad: list[Any] = [(("market_refill", 3),), "x=1"]
    for arm in (*(Arm(options=options) for options in bad), Arm(seed_offset=True)):
        with pytest.raises(StudyError, match="an Arm holds"):
            run_study(small_study(arms=(Arm(), arm)), progress=False)
    with pytest.raises(StudyError, match="modules must be a text"):
        run_study(small_study(modules=4), progress=False)
