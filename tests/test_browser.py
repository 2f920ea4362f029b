"""The SVG board views in a real headless browser (Chromium from Debian's packages): the page
is rendered, its DOM queried after layout and a screenshot taken, and what the picture shows
is compared with what the state holds.

Without Chromium the test skips, except under CI (``CI`` set), where a missing browser fails:
``.ci/run`` installs it.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from fresco_rules import barbarossa, carcassonne, fresco
from fresco_rules.barbarossa.picture import HEIGHT as BARBAROSSA_HEIGHT
from fresco_rules.carcassonne.picture import BACKGROUND, layout
from fresco_rules.fresco.picture import CELL, GRID_ORIGIN, RESTORED_FILL, TILE_FILL, WIDTH
from fresco_rules.fresco.picture import HEIGHT as FRESCO_HEIGHT
from fresco_rules.fresco.words import segment_label

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
)

# After layout, list every drawn piece with its class, data attributes and rendered box.
PROBE = """
<script>
const pieces = [...document.querySelectorAll("svg [class]")].map((e) => {
  const box = e.getBoundingClientRect();
  return {cls: e.getAttribute("class"), data: {...e.dataset},
          box: [box.left, box.top, box.width, box.height]};
});
document.getElementById("result").textContent = JSON.stringify(pieces);
</script>
"""


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is missing under CI: .ci/run must install it (apt-get)")
        pytest.skip("chromium not installed (apt-get install chromium); CI installs it")
    return found


def browse(tmp: Path, page: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    profile = tmp / f"profile-{len(list(tmp.iterdir()))}"
    return subprocess.run(
        [chromium(), *FLAGS, f"--user-data-dir={profile}", *extra, page.as_uri()],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def rendered_pieces(tmp: Path, svg: str) -> list[dict[str, Any]]:
    page = tmp / "page.html"
    page.write_text(
        f'<!doctype html><html><body style="margin:0">{svg}<pre id="result"></pre>'
        f"{PROBE}</body></html>",
        encoding="utf-8",
    )
    done = browse(tmp, page, "--dump-dom")
    assert done.returncode == 0, done.stderr[-2000:]
    found = re.search(r'<pre id="result">(.*?)</pre>', done.stdout, flags=re.DOTALL)
    assert found is not None and found.group(1), "the page script did not run"
    pieces: list[dict[str, Any]] = json.loads(found.group(1).replace("&amp;", "&"))
    return pieces


def screenshot(tmp: Path, svg: str, name: str, height: int, width: int = WIDTH) -> Image.Image:
    page = tmp / f"{name}.svg"
    page.write_text(svg, encoding="utf-8")
    shot = tmp / f"{name}.png"
    done = browse(tmp, page, f"--screenshot={shot}", f"--window-size={width},{height}")
    assert done.returncode == 0 and shot.exists(), done.stderr[-2000:]
    keep = os.environ.get("FRESCO_SCREENSHOTS")
    if keep:
        shutil.copy(shot, Path(keep) / shot.name)
    return Image.open(shot).convert("RGB")


def mid_game(steps: int, seed: int) -> fresco.State:
    state = fresco.new_game(fresco.GameConfig(players=3), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if fresco.is_over(state):
            break
        state = fresco.apply(state, rng.choice(fresco.legal_actions(state)))
    return state


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def near(pixel: tuple[int, ...], colour: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 12 for a, b in zip(pixel, colour, strict=False))


@pytest.mark.parametrize(("steps", "seed"), [(0, 1), (900, 2)])
def test_fresco_board_in_a_browser_shows_the_state(tmp_path: Path, steps: int, seed: int) -> None:
    state = mid_game(steps, seed)
    picture = fresco.svg(state)

    pieces = rendered_pieces(tmp_path, picture)
    tiles = [p for p in pieces if p["cls"] == "tile"]
    assert len(tiles) == state.tiles_left()
    assert all(p["box"][2] > 40 and p["box"][3] > 40 for p in tiles), "tiles not laid out"
    [bishop] = [p for p in pieces if p["cls"] == "bishop"]
    assert bishop["data"]["segment"] == segment_label(state.bishop)
    market = sum(tile is not None for slots in state.booths for tile in slots)
    assert len([p for p in pieces if p["cls"] == "market-tile"]) == market

    image = screenshot(tmp_path, picture, f"fresco-{steps}", FRESCO_HEIGHT)
    x0, y0 = GRID_ORIGIN
    tile_colour, restored_colour = hex_rgb(TILE_FILL), hex_rgb(RESTORED_FILL)
    drawn_tiles = 0
    for r in range(5):
        for c in range(5):
            # The lower-left corner of a cell: clear of the value, the bishop and Leonardo.
            pixel = image.getpixel((x0 + c * CELL + 9, y0 + r * CELL + CELL - 9))
            assert isinstance(pixel, tuple)
            holds_tile = state.tile_at((r, c)) is not None
            expected = tile_colour if holds_tile else restored_colour
            assert near(pixel, expected), (segment_label((r, c)), pixel, expected)
            drawn_tiles += near(pixel, tile_colour)
    assert drawn_tiles == state.tiles_left()


def test_barbarossa_board_in_a_browser_shows_the_state(tmp_path: Path) -> None:
    state = barbarossa.new_game(barbarossa.GameConfig(players=4), 3)
    rng = random.Random(3)
    for _ in range(150):
        state = barbarossa.apply(state, rng.choice(barbarossa.legal_actions(state)))
    picture = barbarossa.svg(state)
    pieces = rendered_pieces(tmp_path, picture)
    assert len([p for p in pieces if p["cls"] == "arrow"]) == state.arrows_placed()
    assert len([p for p in pieces if p["cls"] == "ring-tile"]) == len(state.tables.ring)
    pawns = sorted(
        (int(p["data"]["seat"]), int(p["data"]["tile"])) for p in pieces if p["cls"] == "pawn"
    )
    assert pawns == [(seat, tile + 1) for seat, tile in enumerate(state.pawns)]
    image = screenshot(tmp_path, picture, "barbarossa", BARBAROSSA_HEIGHT)
    assert image.size == (WIDTH, BARBAROSSA_HEIGHT)
    colours = {image.getpixel((x, y)) for x in range(0, WIDTH, 7) for y in range(0, 500, 7)}
    assert len(colours) > 20, "the screenshot is blank"


@pytest.mark.parametrize(("steps", "seed"), [(0, 4), (70, 4)])
def test_carcassonne_board_in_a_browser_shows_the_state(
    tmp_path: Path, steps: int, seed: int
) -> None:
    state = carcassonne.new_game(carcassonne.GameConfig(players=3), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state = carcassonne.apply(state, rng.choice(carcassonne.legal_actions(state)))
    picture = carcassonne.svg(state)
    where = layout(state)

    pieces = rendered_pieces(tmp_path, picture)
    tiles = [p for p in pieces if p["cls"] == "tile"]
    assert len(tiles) == len(state.placed)
    for piece in tiles:  # each tile group fills its square of the board
        x0, y0 = where.corner(int(piece["data"]["x"]), int(piece["data"]["y"]))
        assert [round(v) for v in piece["box"]] == [x0, y0, where.tile, where.tile], piece
    followers = sorted(
        (int(p["data"]["seat"]), int(p["data"]["x"]), int(p["data"]["y"]))
        for p in pieces
        if p["cls"] == "follower"
    )
    assert followers == sorted((f.seat, f.x, f.y) for f in state.followers)
    players = [p for p in pieces if p["cls"] == "player"]
    assert [int(p["data"]["points"]) for p in players] == list(state.points)

    width, height = where.origin_x * 2 + where.width + 300, where.origin_y + where.height + 40
    image = screenshot(tmp_path, picture, f"carcassonne-{steps}", max(height, 400), width)
    background = hex_rgb(BACKGROUND)
    drawn_tiles = 0
    for column in range(where.columns):
        for row in range(where.rows):
            x, y = where.min_x + column, where.min_y + row
            x0, y0 = where.corner(x, y)
            # every point of a tile is painted (farmland, city, road, ...), never the background
            pixel = image.getpixel((x0 + where.tile // 2, y0 + where.tile // 2))
            assert isinstance(pixel, tuple)
            holds_tile = state.tile_at(x, y) is not None
            assert near(pixel, background) != holds_tile, ((x, y), pixel)
            drawn_tiles += not near(pixel, background)
    assert drawn_tiles == len(state.placed)
