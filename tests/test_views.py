"""Readable values: ``str(state)`` is the board view, ``repr`` is bounded and tells states
apart, and the SVG view draws what the state holds (checked here by parsing the XML; the
headless-browser test checks the rendered picture)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from fresco_rules import barbarossa, fresco
from fresco_rules.fresco.words import segment_label

SVG = "{http://www.w3.org/2000/svg}"


def played(package: Any, config: Any, steps: int, seed: int = 1) -> Any:
    state = package.new_game(config, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if package.is_over(state):
            break
        state = package.apply(state, rng.choice(package.legal_actions(state)))
    return state


def drawn(svg: str, cls: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [e for e in root.iter() if e.get("class") == cls]


FRESCO_CONFIGS = [
    fresco.GameConfig(players=2),
    fresco.GameConfig(players=4, modules=fresco.parse_modules("4,5,6")),
]


@pytest.mark.parametrize("config", FRESCO_CONFIGS)
def test_fresco_str_is_the_board_view(config: fresco.GameConfig) -> None:
    state = played(fresco, config, 200)
    text = str(state)
    assert text == fresco.text_view(state)
    assert text.startswith("Fresco, ") and f"{state.tiles_left()} fresco tiles left" in text
    assert f"bishop on {segment_label(state.bishop)}" in text
    assert "         a    b    c    d    e" in text
    for line in text.splitlines()[4:9]:  # every cell stays apart from its neighbours
        assert len(line.split()) == 6, line


@pytest.mark.parametrize(
    ("package", "config"),
    [
        (fresco, FRESCO_CONFIGS[1]),
        (barbarossa, barbarossa.GameConfig(players=4)),
    ],
)
def test_repr_is_bounded_and_tells_states_apart(package: Any, config: Any) -> None:
    first = package.new_game(config, 1)
    later = played(package, config, 40)
    assert len(repr(later)) < 300
    assert repr(first) != repr(later)
    assert repr(first) == repr(package.new_game(config, 1))
    assert first.where() in repr(first)


@pytest.mark.parametrize("config", FRESCO_CONFIGS)
@pytest.mark.parametrize("steps", [0, 150, 10_000])
def test_fresco_svg_draws_the_state(config: fresco.GameConfig, steps: int) -> None:
    state = played(fresco, config, steps)
    picture = fresco.svg(state)
    assert state._repr_svg_() == picture and picture in state._repr_html_()
    tiles = drawn(picture, "tile")
    assert len(tiles) == state.tiles_left()
    expected = {segment_label((r, c)) for r in range(5) for c in range(5) if state.tile_at((r, c))}
    assert {t.get("data-segment") for t in tiles} == expected
    assert len(drawn(picture, "restored")) == 25 - state.tiles_left()
    [bishop] = drawn(picture, "bishop")
    assert bishop.get("data-segment") == segment_label(state.bishop)
    market = sum(tile is not None for slots in state.booths for tile in slots)
    assert len(drawn(picture, "market-tile")) == market
    placed = [a for a in range(state.tables.actors) if not state.start[a]]
    assert [m.get("data-space") for m in drawn(picture, "track-marker")] == [
        str(state.track[a]) for a in placed
    ]


@pytest.mark.parametrize("steps", [0, 120, 10_000])
def test_barbarossa_svg_and_text_view_draw_the_state(steps: int) -> None:
    words = (
        ("walrus", "quince"),
        ("gondola", "pretzel"),
        ("lantern", "mitten"),
        ("zeppelin", "cactus"),
    )
    state = played(barbarossa, barbarossa.GameConfig(players=4, objects=words), steps)
    assert str(state) == barbarossa.text_view(state)
    picture = barbarossa.svg(state)
    assert len(drawn(picture, "ring-tile")) == len(state.tables.ring)
    assert len(drawn(picture, "arrow")) == state.arrows_placed()
    pawns = {
        (int(p.get("data-seat", -1)), int(p.get("data-tile", -1))) for p in drawn(picture, "pawn")
    }
    assert pawns == {(s, tile + 1) for s, tile in enumerate(state.pawns)}
    discs = [int(d.get("data-space", -1)) for d in drawn(picture, "disc")]
    assert discs == list(state.discs)
    for word in state.tables.words:
        assert word.lower() not in picture.lower() and word.lower() not in str(state).lower()


def test_player_views_are_typed_and_read_like_mappings() -> None:
    state = played(fresco, FRESCO_CONFIGS[1], 30)
    view = fresco.player_view(state, 1)
    assert isinstance(view, fresco.PlayerView)
    assert view.money[1] == state.money[1] and view.money[0] is None
    assert view["money"] == view.money and view["seat"] == 1
    assert "cards" in view and set(view) >= {"track", "booths", "cards"}
    b_state = played(barbarossa, barbarossa.GameConfig(players=3), 30)
    b_view = barbarossa.player_view(b_state, 0)
    assert isinstance(b_view, barbarossa.PlayerView)
    assert b_view.discs == b_state.discs and b_view["log"] == b_view.log
