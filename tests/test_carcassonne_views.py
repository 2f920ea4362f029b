"""Carcassonne's readable values: ``str(state)`` is the text board (the tiles with the
followers, the drawn tile in its four turns, points, followers and tiles left), ``repr`` is
bounded and tells states apart, and the SVG picture draws what the state holds (checked here
by parsing the XML; tests/test_browser.py checks the rendered picture)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from fresco_rules import carcassonne
from fresco_rules.carcassonne import GameConfig, Phase, State
from fresco_rules.carcassonne.render import COLS, ROWS, tile_block
from fresco_rules.carcassonne.vocab import FOLLOWER_NAMES, Kind
from fresco_rules.carcassonne.words import feature_words, position


def played(config: GameConfig, steps: int, seed: int = 1) -> State:
    state = carcassonne.new_game(config, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if carcassonne.is_over(state):
            break
        state = carcassonne.apply(state, rng.choice(carcassonne.legal_actions(state)))
    return state


def drawn(svg: str, cls: str) -> list[ET.Element]:
    return [e for e in ET.fromstring(svg).iter() if e.get("class") == cls]


CONFIGS = [GameConfig(players=2), GameConfig(players=5, farmers=False)]


@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("steps", [0, 41, 10_000])
def test_str_is_the_text_board(config: GameConfig, steps: int) -> None:
    state = played(config, steps)
    text = str(state)
    assert text == carcassonne.text_view(state)
    lines = text.splitlines()
    assert lines[0] == f"Carcassonne, {config.players} players, with The Festival: {state.where()}"
    assert f"tiles left: {len(state.stack)} face down" in text
    for seat in range(config.players):
        assert f"seat {seat}: {state.points[seat]} point" in text
        on_board = sum(1 for f in state.followers if f.seat == seat)
        assert f"{state.supply[seat]} follower" in text and f"{on_board} on the board" in text
    for f in state.followers:
        who = FOLLOWER_NAMES[Kind(f.feature.split(":")[0])]
        assert f"  {who} on {feature_words(f.feature)} at {position(f.x, f.y)}" in lines
    # the board: the x labels, then ROWS lines per row of positions; every placed tile holds at
    # most one follower (deployed as it was placed), drawn as its seat's digit
    header = next(i for i, line in enumerate(lines) if line.startswith("board (x east"))
    ys = [p.y for p in state.placed]
    xs = [p.x for p in state.placed]
    label = max(len(str(y)) for y in ys) + 1
    board = lines[header + 3 : header + 3 + ROWS * (max(ys) - min(ys) + 1)]
    assert lines[header + 2].split() == [str(x) for x in range(min(xs), max(xs) + 1)]
    assert [int(line[:label]) for line in board[ROWS // 2 :: ROWS]] == list(
        range(min(ys), max(ys) + 1)
    )
    digits = sorted(ch for line in board for ch in line[label:] if ch.isdigit())
    assert digits == sorted(str(f.seat) for f in state.followers)
    assert max(len(line) for line in board) <= label + COLS * (max(xs) - min(xs) + 1)
    if state.phase is Phase.PLACE:
        at = lines.index(f"drawn tile {state.tile}, in its four turns (degrees clockwise):")
        assert lines[at + 1].split() == ["0", "90", "180", "270"]
        assert len(lines[at + 2].split()) == 4
    elif state.phase is Phase.OVER:
        best = max(state.points)
        winners = [f"seat {s}" for s, p in enumerate(state.points) if p == best]
        assert lines[1] == f"the game is over: winner {', '.join(winners)}"


def test_a_lone_start_tile_is_its_block_with_the_labels() -> None:
    state = carcassonne.new_game(GameConfig(players=2), 0, chance=[("tile", "E")])
    lines = str(state).splitlines()
    at = lines.index("  . and : farmland (on alternate tiles), a digit: that seat's follower")
    start = state.tables.geometry.oriented[state.placed[0].tile][0]
    block = tile_block(start)
    assert lines[at + 1] == "     0"  # x 0 centred over the 7 columns of the block
    assert lines[at + 2 : at + 7] == [
        ("0 " if row == ROWS // 2 else "  ") + text for row, text in enumerate(block)
    ]
    assert "-------" in block[ROWS // 2]  # the start tile's road runs west-east


def test_repr_is_bounded_and_tells_states_apart() -> None:
    config = GameConfig(players=4)
    first = carcassonne.new_game(config, 1)
    later = played(config, 60)
    assert len(repr(later)) < 300
    assert repr(first) != repr(later)
    assert repr(first) == repr(carcassonne.new_game(config, 1))
    assert repr(first).startswith("<carcassonne.State ") and first.where() in repr(first)


@pytest.mark.parametrize("config", CONFIGS)
@pytest.mark.parametrize("steps", [0, 41, 10_000])
def test_svg_draws_the_state(config: GameConfig, steps: int) -> None:
    state = played(config, steps)
    picture = carcassonne.svg(state)
    assert state._repr_svg_() == picture and picture in state._repr_html_()
    tiles = drawn(picture, "tile")
    assert sorted((int(t.get("data-x", "")), int(t.get("data-y", ""))) for t in tiles) == sorted(
        (p.x, p.y) for p in state.placed
    )
    assert [t.get("data-tile") for t in tiles] == [p.tile for p in state.placed]
    followers = sorted(
        (
            int(f.get("data-seat", "")),
            int(f.get("data-x", "")),
            int(f.get("data-y", "")),
            f.get("data-feature"),
        )
        for f in drawn(picture, "follower")
    )
    assert followers == sorted(
        (f.seat, f.x, f.y, feature_words(f.feature)) for f in state.followers
    )
    players = drawn(picture, "player")
    assert [(p.get("data-points"), p.get("data-supply")) for p in players] == [
        (str(points), str(supply))
        for points, supply in zip(state.points, state.supply, strict=True)
    ]
    [left] = drawn(picture, "tiles-left")
    assert left.get("data-count") == str(len(state.stack))
    monasteries = sum(
        state.tables.geometry.oriented[p.tile][p.rotation].monastery >= 0 for p in state.placed
    )
    assert len(drawn(picture, "monastery")) == monasteries
    places = {
        (a.x, a.y) for a in carcassonne.legal_actions(state) if isinstance(a, carcassonne.PlaceTile)
    }
    assert {
        (int(o.get("data-x", "")), int(o.get("data-y", ""))) for o in drawn(picture, "open")
    } == places
    assert len(drawn(picture, "drawn-tile")) == (state.phase is Phase.PLACE)


def test_svg_refuses_what_is_no_state() -> None:
    with pytest.raises(TypeError):
        carcassonne.svg("board")  # type: ignore[arg-type]
