"""Issue 23: games installed by other packages join every tool through the entry-point group
``fresco_rules.games``; one that fails to load is refused by name, and the others still work.

A fake installed distribution (a ``*.dist-info`` folder with ``entry_points.txt``) declares
two broken games: one whose module raises on import, one whose entry point is no
``GameDeclaration``. Everything runs in one subprocess with that folder on ``sys.path``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

PROBE = textwrap.dedent(
    """
    import contextlib, io, json, sys
    from fresco_rules.cli import main
    from fresco_rules.games import game_names
    from fresco_rules import validate

    def run(*argv):
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(argv))
        return [code, out.getvalue(), err.getvalue()]

    record = sys.argv[1]
    report = validate({"game": "broken", "seed": 0, "steps": []})
    import pyspiel
    import fresco_rules.openspiel
    spiel = sorted(n for n in pyspiel.registered_names() if n.startswith("fresco_rules_"))
    print(json.dumps({
        "names": game_names(),
        "help": run("--help"),
        "play_help": run("play", "--help"),
        "new": run("new", record, "--game", "fresco", "--seed", "3"),
        "legal": run("legal", record),
        "broken": run("play", "--game", "broken", "--quiet"),
        "not_a_game": run("new", record + "2", "--game", "not_a_game"),
        "unknown": run("play", "--game", "nim"),
        "record": report.malformed,
        "openspiel": spiel,
    }))
    """
)


def _fake_distribution(site: Path) -> None:
    info = site / "broken_games-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: broken-games\nVersion: 0.1\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        "[fresco_rules.games]\n"
        "broken = broken_game:DECLARATION\n"
        "not_a_game = not_a_game:DECLARATION\n"
        "fresco = not_a_game:DECLARATION\n",  # a built-in name cannot be taken over
        encoding="utf-8",
    )
    (site / "broken_game.py").write_text('raise RuntimeError("boom")\n', encoding="utf-8")
    (site / "not_a_game.py").write_text("DECLARATION = 42\n", encoding="utf-8")


def test_a_broken_third_party_game_is_refused_by_name_and_the_others_still_work(
    tmp_path: Path,
) -> None:
    site = tmp_path / "site"
    site.mkdir()
    _fake_distribution(site)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), *sys.path])}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(tmp_path / "g.json")],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    found = json.loads(done.stdout)
    assert found["names"] == ["fresco", "barbarossa", "carcassonne", "broken", "not_a_game"]
    assert found["help"][0] == 0 and "play" in found["help"][1]
    code, out, _ = found["play_help"]
    assert code == 0 and "broken" in out and "Fresco 2-4" in out.replace("\n", " ")
    assert found["new"][0] == 0 and "new Fresco game, 4 players, seed 3" in found["new"][1]
    assert found["legal"][0] == 0 and "seat" in found["legal"][1]
    code, out, err = found["broken"]
    assert (code, out) == (2, "")
    assert err == ("fresco-rules: error: game 'broken' failed to load: RuntimeError: 'boom'\n")
    code, _, err = found["not_a_game"]
    assert code == 2 and err.count("\n") == 1
    assert err.startswith("fresco-rules: error: game 'not_a_game' declares 42, not a")
    assert found["unknown"][0] == 2 and "invalid choice: 'nim'" in found["unknown"][2]
    assert found["record"].startswith("game 'broken' failed to load: RuntimeError")
    assert found["openspiel"] == [
        "fresco_rules_barbarossa",
        "fresco_rules_carcassonne",
        "fresco_rules_fresco",
    ]
