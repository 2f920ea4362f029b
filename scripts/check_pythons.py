"""Install-and-play on the other Python versions the package declares (issue 25).

    .venv/bin/python scripts/check_pythons.py              # 3.12 and 3.13, where found
    .venv/bin/python scripts/check_pythons.py --require    # fail when one is not found

For each version it finds (``pythonX.Y`` on PATH, else under pyenv's ``versions/``), it makes a
fresh virtual environment in a temporary folder, installs this checkout into it (``pip install
.``, no extras) and plays one seeded game of every game with ``fresco-rules play --quiet``; each
game's output must be byte for byte what the running interpreter's ``fresco-rules`` prints. The
test suite itself runs on the interpreter of ``.venv`` only; ``.ci/run`` calls this script.

Exit status: 0 when every version found installs and plays the same games, 1 otherwise (or,
with ``--require``, when a version is not found).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from fresco_rules.games import game_names

ROOT = Path(__file__).resolve().parent.parent
VERSIONS = ("3.12", "3.13")
SEED = "5"
PLAYERS = "3"
INSTALL_TIMEOUT = 600.0
PLAY_TIMEOUT = 300.0


def _runs(interpreter: Path, version: str) -> bool:
    """Whether ``interpreter`` starts and is ``version`` (a pyenv shim for a version that is
    installed but not selected fails here)."""
    try:
        done = subprocess.run(
            [str(interpreter), "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    except OSError:
        return False
    return done.returncode == 0 and done.stdout.strip() == version


def find(version: str) -> Path | None:
    """An interpreter of ``version`` that runs: on PATH, else the newest one pyenv installed."""
    candidates = []
    on_path = shutil.which(f"python{version}")
    if on_path:
        candidates.append(Path(on_path))
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    candidates += sorted(
        pyenv.glob(f"{version}.*/bin/python{version}"),
        key=lambda path: tuple(int(part) for part in path.parts[-3].split(".") if part.isdigit()),
        reverse=True,
    )
    return next((found for found in candidates if _runs(found, version)), None)


def play(script: Path, game: str) -> str:
    done = subprocess.run(
        [str(script), "play", "--game", game, "--players", PLAYERS, "--seed", SEED, "--quiet"],
        capture_output=True,
        text=True,
        timeout=PLAY_TIMEOUT,
        check=False,
    )
    return f"exit {done.returncode}\n{done.stdout}{done.stderr}"


def check(interpreter: Path, expected: dict[str, str]) -> list[str]:
    """The problems of ``interpreter``: none when it installs the package and plays every game
    as expected."""
    with tempfile.TemporaryDirectory(prefix="fresco-rules-python-") as folder:
        venv = Path(folder) / "venv"
        steps = [
            [str(interpreter), "-m", "venv", str(venv)],
            [str(venv / "bin" / "python"), "-m", "pip", "install", "-q", str(ROOT)],
        ]
        for step in steps:
            done = subprocess.run(
                step, capture_output=True, text=True, timeout=INSTALL_TIMEOUT, check=False
            )
            if done.returncode != 0:
                return [f"{' '.join(step[-3:])} failed: {done.stderr.strip()[-500:]}"]
        script = venv / "bin" / "fresco-rules"
        return [
            f"{game}: plays differently from Python {sys.version.split()[0]}"
            for game in expected
            if play(script, game) != expected[game]
        ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--require", action="store_true", help="fail when a version is missing")
    parser.add_argument("versions", nargs="*", default=list(VERSIONS), metavar="X.Y")
    args = parser.parse_args(argv)
    here = Path(sys.executable).parent / "fresco-rules"
    expected = {game: play(here, game) for game in game_names()}
    failed = False
    for version in args.versions:
        interpreter = find(version)
        if interpreter is None:
            print(f"Python {version}: not found (on PATH or in pyenv's versions)")
            failed = failed or args.require
            continue
        problems = check(interpreter, expected)
        where = f"Python {version} ({interpreter})"
        if problems:
            failed = True
            print(f"{where}: " + "; ".join(problems))
        else:
            print(f"{where}: installs and plays the same {len(expected)} seeded games")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
