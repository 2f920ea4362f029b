"""Helpers that drive the analysis board in Debian's Chromium through Playwright (the system
browser: ``executable_path``, nothing downloaded), shared by the browser tests, and the script
that takes the docs' screenshots and times a 1,000-step static page:

    python -m tests.board_browser docs/images      # docs/images/board-<game>.png, timings
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import socket
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import uvicorn
from playwright.sync_api import ViewportSize, sync_playwright

from fresco_rules.board.analysis import Line, open_record
from fresco_rules.board.export import page
from fresco_rules.board.server import create_app
from fresco_rules.games import declaration, game_names
from fresco_rules.kernel.errors import IllegalAction, NotationError

LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
VIEWPORT: ViewportSize = {"width": 1400, "height": 950}


def chromium() -> str | None:
    """The system Chromium, or None."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def sample_record(name: str, seed: int, steps: int) -> dict[str, Any]:
    """The record of the first ``steps`` steps of a seeded random game of ``name``, with the
    game's default players and options."""
    game = declaration(name)
    config = game.config_type(players=game.default_players)
    state = game.rules.new_game(config, seed)
    rng = random.Random(seed)
    played = []
    codec = game.rules.codec
    assert codec is not None
    for _ in range(steps):
        if game.rules.is_over(state):
            break
        action = rng.choice(list(game.rules.legal_actions(state)))
        played.append((codec.seat_to_move(state), action))
        state = game.rules.apply(state, action)
    return game.record_game(config, seed, played, state)


def illegal_move(line: Line, step: int) -> tuple[str, str]:
    """A move text that names an action the rules refuse at ``step`` (taken from the legal
    moves of the line's other positions) and the rule that refuses it."""
    state, legal = line.states[step], set(line.forms(step))
    for other in range(line.total + 1):
        for text in line.forms(other):
            if text in legal:
                continue
            try:
                line.game.notation.parse(state, text)
            except IllegalAction as exc:
                return text, exc.rule
            except NotationError:
                continue
    raise AssertionError(f"no illegal move found for step {step}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def running_board(
    files: list[Path], folder: Path, pair: tuple[Path, Path] | None = None
) -> Iterator[str]:
    """The board served on a free port of 127.0.0.1 in a thread; yields its URL."""
    port = free_port()
    config = uvicorn.Config(
        create_app(files, folder, pair=pair), host="127.0.0.1", port=port, log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the board did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def write_static(record: dict[str, Any], out: Path) -> Line:
    line = open_record(json.dumps(record))
    out.write_text(page(line), encoding="utf-8")
    return line


def main(images: Path) -> None:
    """Screenshots of each game's board (served, after a few steps) and the time Chromium
    takes to show a static page of a 1,000-step record."""
    images.mkdir(parents=True, exist_ok=True)
    work = Path(os.environ.get("TMPDIR", "/tmp")) / f"board-shots-{os.getpid()}"
    work.mkdir()
    files = []
    for name in game_names():
        path = work / f"{name}.json"
        path.write_text(json.dumps(sample_record(name, 7, 30)), encoding="utf-8")
        files.append(path)
    executable = chromium()
    assert executable, "chromium is needed (apt-get install chromium)"
    with sync_playwright() as driver, running_board([], work) as url:
        browser = driver.chromium.launch(executable_path=executable, args=LAUNCH_ARGS)
        tab = browser.new_page(viewport=VIEWPORT)
        for name, path in zip(game_names(), files, strict=True):
            tab.goto(f"{url}/?open={quote(path.name)}")
            tab.wait_for_selector("body[data-ready=true] #board svg")
            shot = images / f"board-{name}.png"
            tab.screenshot(path=str(shot))
            print(f"{shot}")
        long_game = None
        for seed in range(1, 200):  # the first seed whose game lasts 1,000 steps
            record = sample_record(game_names()[0], seed, 1000)
            if len(record["steps"]) == 1000:
                long_game = record
                break
        assert long_game is not None
        started = time.perf_counter()
        write_static(long_game, work / "long.html")
        written = time.perf_counter() - started
        size = (work / "long.html").stat().st_size
        times = []
        for _ in range(3):
            started = time.perf_counter()
            tab.goto((work / "long.html").as_uri())
            tab.wait_for_selector("body[data-ready=true] #board svg")
            times.append(time.perf_counter() - started)
        print(
            f"1,000-step {game_names()[0]} record (seed {long_game['seed']}): page written in "
            f"{written:.1f} s, {size / 1e6:.2f} MB; shown by Chromium in "
            + ", ".join(f"{t:.2f}" for t in times)
            + " s"
        )
        browser.close()
    shutil.rmtree(work)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images"))
