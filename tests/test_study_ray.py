"""The Ray backend on a local Ray instance (``ray.init(num_cpus=2)``, started once for this
module): the same seeds give byte-identical files to the local backend, plots and report
included."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import ray

from fresco_rules.cli import main
from fresco_rules.study import Study, parse_arm, run_study

STUDY = Study(
    game="barbarossa",
    players=3,
    games=8,
    seed=21,
    arms=(parse_arm("default"), parse_arm("guess_resolution=both_then_check")),
)


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_and_local_backends_give_identical_files(local_ray: None, tmp_path: Path) -> None:
    on_ray, ray_games = run_study(STUDY, backend="ray", out=tmp_path / "ray", progress=False)
    local, local_games = run_study(STUDY, jobs=2, out=tmp_path / "local", progress=False)
    assert on_ray == local and ray_games == local_games
    files = sorted(path.name for path in (tmp_path / "ray").iterdir())
    assert files == sorted(path.name for path in (tmp_path / "local").iterdir())
    assert {"summary.json", "games.csv", "games.json", "report.html", "scores.svg"} <= set(files)
    for name in files:
        if name != "journal.jsonl":  # games in the order they finished
            ray_bytes = (tmp_path / "ray" / name).read_bytes()
            assert ray_bytes == (tmp_path / "local" / name).read_bytes(), name
    assert ray.is_initialized()  # the caller's instance is used and left running


def test_a_divergence_search_on_ray_writes_the_local_summary(
    local_ray: None, tmp_path: Path
) -> None:
    """Issue 26: ``diverge --backend ray`` (through the study's Ray backend) writes the same
    summary.json, byte for byte, as the local backend."""
    command = ["diverge", "--game", "carcassonne", "--players", "2", "--arm", "tiny_city=2"]
    command += ["--games", "4", "--seed", "2", "--quiet"]
    assert main([*command, "--backend", "ray", "--out", str(tmp_path / "ray")]) == 0
    assert main([*command, "--jobs", "2", "--out", str(tmp_path / "local")]) == 0
    summary = (tmp_path / "ray" / "summary.json").read_bytes()
    assert summary == (tmp_path / "local" / "summary.json").read_bytes()
    found = json.loads(summary)["by_player"]
    assert {kind: found[kind]["games"] for kind in found} == {"random": 4, "greedy": 4}
    assert ray.is_initialized()


def test_a_tournament_on_ray_writes_the_local_summary(local_ray: None, tmp_path: Path) -> None:
    """Issue 28: ``tournament --backend ray`` (the study's Ray backend) writes the same
    summary.json, byte for byte, as the local backend with two workers."""
    command = ["tournament", "--game", "barbarossa", "--players", "3", "--entrant", "random"]
    command += ["--entrant", "greedy", "--entrant", "heuristic", "--games", "2", "--quiet"]
    assert main([*command, "--backend", "ray", "--out", str(tmp_path / "ray")]) == 0
    assert main([*command, "--jobs", "2", "--out", str(tmp_path / "local")]) == 0
    summary = (tmp_path / "ray" / "summary.json").read_bytes()
    assert summary == (tmp_path / "local" / "summary.json").read_bytes()
    assert [row["games"] for row in json.loads(summary)["pairings"]] == [2, 2, 2]
    assert ray.is_initialized()
