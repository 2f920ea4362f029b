"""Each module draws its part of the SVG picture (its plug-in's ``picture``): a panel below the
base picture and pieces on the board, with the numbers the state holds; a game without modules
is drawn exactly as before; every picture is well-formed XML."""

from __future__ import annotations

import hashlib
import random
import xml.etree.ElementTree as ET
from typing import Any

import attrs
import pytest

from fresco_rules import fresco
from fresco_rules.board.analysis import new_line
from fresco_rules.fresco.drawing import HEIGHT
from fresco_rules.fresco.modules.glaziers_state import Cover
from fresco_rules.fresco.modules.special_blends_data import BLENDS_DATA
from fresco_rules.fresco.plugins import PLUGINS
from fresco_rules.fresco.state import Phase, module_changes, module_slot


def played(config: fresco.GameConfig, steps: int, seed: int = 1) -> fresco.State:
    state = fresco.new_game(config, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if fresco.is_over(state):
            break
        state = fresco.apply(state, rng.choice(fresco.legal_actions(state)))
    return state


def planning(config: fresco.GameConfig, seed: int = 1) -> fresco.State:
    """The first state of the first planning phase."""
    state = fresco.new_game(config, seed)
    rng = random.Random(seed)
    while state.phase is not Phase.PLAN:
        state = fresco.apply(state, rng.choice(fresco.legal_actions(state)))
    return state


def _slot(name: str) -> int:
    """The slot of ``State.modules`` of the module whose sub-state records call ``name``."""
    return module_slot(next(p.module for p in PLUGINS if p.state_name == name))


def module_state(state: fresco.State, name: str) -> Any:
    """The module sub-state ``name`` (the one place this file reads a module's sub-state)."""
    return state.modules[_slot(name)]


def with_module(state: fresco.State, name: str, **changes: Any) -> fresco.State:
    """``state`` with fields of the module sub-state ``name`` changed."""
    slot = _slot(name)
    changed = attrs.evolve(module_state(state, name), **changes)
    return attrs.evolve(state, **module_changes(state, slot, changed))


def pieces(picture: str, cls: str) -> list[ET.Element]:
    return [e for e in ET.fromstring(picture).iter() if e.get("class") == cls]


def game(modules: str, players: int = 3) -> fresco.State:
    return fresco.new_game(
        fresco.GameConfig(players=players, modules=fresco.parse_modules(modules)), 1
    )


# --- a game without modules: the picture of before, byte for byte ---------------------------

BEFORE = {
    (2, 0, 1): "e217ee4582677a6aa51f8bbfae140ecda41e9401a87863c111af5b992b9e2201",
    (3, 150, 2): "d7e7781b75e6e5925cbb4ebf8fdaa023ebbdc5f7ea27c7e94b244e34a9fe4c92",
    (4, 400, 3): "44fcceca8241fb5405a6583d511eece85398604faf41f61444b0f92aa4637b94",
    (2, 10_000, 4): "6581a77a85e7ef5040e585a9b24240ce31a84659211634a0682485fb1164b01c",
}
"""SHA-256 of the base picture of seeded games, taken on main before modules drew a part."""


@pytest.mark.parametrize(("players", "steps", "seed"), list(BEFORE))
def test_a_game_without_modules_is_drawn_as_before(players: int, steps: int, seed: int) -> None:
    picture = fresco.svg(played(fresco.GameConfig(players=players), steps, seed))
    assert hashlib.sha256(picture.encode()).hexdigest() == BEFORE[(players, steps, seed)]
    assert not pieces(picture, "module-panel")


# --- each module's part --------------------------------------------------------------------


@pytest.mark.rule("R4.4", "A4.10")
def test_the_wishing_well_shows_its_pennies_and_each_seats() -> None:
    state = with_module(game("4"), "well", well=5, pennies=(2, 0, 4), symbol=(1, 0, 2))
    state = with_module(state, "well", hands=(("tip",), (), ("reward", "tip")))
    picture = fresco.svg(state)
    [well] = pieces(picture, "well")
    assert well.get("data-pennies") == "5"
    assert len(pieces(picture, "well-penny")) == 5
    seats = {s.get("data-seat"): s for s in pieces(picture, "seat-well")}
    assert [seats[str(s)].get("data-pennies") for s in range(3)] == ["2", "0", "4"]
    assert [seats[str(s)].get("data-cards") for s in range(3)] == ["1", "0", "2"]
    assert [seats[str(s)].get("data-symbol") for s in range(3)] == ["1", "0", "2"]
    assert "supply 11; Wishing Cards: deck 20, used 0" in picture  # R4.1-R4.2: 20 - 3 x 3
    assert "tip" not in picture and "reward" not in picture  # card faces stay behind screens


@pytest.mark.rule("R0.28", "A4.10")
def test_pennies_on_the_market_symbol_stay_hidden_while_planning() -> None:
    state = with_module(
        planning(fresco.GameConfig(players=3, modules=fresco.parse_modules("4"))),
        "well",
        symbol=(2, 1, 0),
    )
    picture = fresco.svg(state)
    assert all(s.get("data-symbol") is None for s in pieces(picture, "seat-well"))
    assert "market symbol" not in picture


@pytest.mark.rule("R5.1", "R5.4")
def test_the_leaf_gold_shows_the_disc_on_the_basket_and_each_seats_gold() -> None:
    state = with_module(game("5"), "gold", held=(0, 3, 1), supply=20)
    picture = fresco.svg(state)
    [disc] = pieces(picture, "gilding-disc")
    assert disc.get("data-paint") == "yellow"
    assert [s.get("data-gold") for s in pieces(picture, "seat-leaf-gold")] == ["0", "3", "1"]
    assert "gilding colour yellow; supply 20 leaf gold; 5 discs in the bag" in picture


@pytest.mark.rule("R6.4", "R6.12", "R6.2")
def test_the_glaziers_show_windows_on_segments_the_offer_and_each_seats_glass() -> None:
    state = game("6")
    openings = list(module_state(state, "glass").openings)
    openings[2 * 5 + 3] = "W08"  # d3
    state = with_module(
        state,
        "glass",
        openings=tuple(openings),
        held=((1, 0, 2, 0), (0, 0, 0, 0), (0, 3, 0, 1)),
        covers=(Cover(fresco.Location.STUDIO), None, None),
    )
    picture = fresco.svg(state)
    [window] = pieces(picture, "window")
    assert (window.get("data-segment"), window.get("data-window")) == ("d3", "W08")
    offer = {p.get("data-glass"): p.get("data-count") for p in pieces(picture, "glass-offer")}
    assert offer == {"yellow": "3", "blue": "1", "red": "0", "green": "2"}
    bench = [p.get("data-window") for p in pieces(picture, "workbench-slot")]
    assert bench == ["W08", "W03", "W16", "W13", "W18", "W10"]
    seats = pieces(picture, "seat-glass")
    assert [s.get("data-glass") for s in seats] == ["Y1 R2", "-", "B3 G1"]
    assert [s.get("data-glassworks") for s in seats] == ["studio", None, None]


@pytest.mark.rule("R6.7", "R0.28")
def test_a_glassworks_tile_stays_hidden_while_planning() -> None:
    config = fresco.GameConfig(players=3, modules=fresco.parse_modules("6"))
    state = with_module(planning(config), "glass", covers=(Cover(fresco.Location.STUDIO),) * 3)
    assert all(s.get("data-glassworks") is None for s in pieces(fresco.svg(state), "seat-glass"))


@pytest.mark.rule("R1.3", "R1.7", "A1.10")
def test_the_portraits_show_the_display_and_each_seats_cards() -> None:
    state = with_module(game("1"), "portraits", held=((), ("PT05", "PT07"), ()))
    picture = fresco.svg(state)
    shown = [(p.get("data-slot"), p.get("data-card")) for p in pieces(picture, "portrait")]
    assert shown == [("1", "PT02"), ("2", "PT01")]
    held = [p.get("data-cards") for p in pieces(picture, "held-portraits")]
    assert held == ["", "PT05 PT07", ""]
    assert "deck 16 face down; 0 removed" in picture
    assert "PT04" not in picture  # the deck's top card: its order is hidden (A1.10)


@pytest.mark.rule("R2.2", "A2.3")
def test_the_requests_show_the_piles_and_each_seats_stacks() -> None:
    stack = ("RQ03", ("F01", "F02", "F03"))
    state = with_module(game("2"), "requests", stacks=((), (stack,), ()))
    picture = fresco.svg(state)
    piles = [
        (p.get("data-type"), p.get("data-top"), p.get("data-left"))
        for p in pieces(picture, "request-pile")
    ]
    assert piles == [
        ("general", "RQ03", "3"),
        ("orange", "RQ06", "3"),
        ("green", "RQ09", "3"),
        ("purple", "RQ12", "3"),
    ]
    assert [p.get("data-requests") for p in pieces(picture, "request-stacks")] == ["", "RQ03", ""]
    assert "seat 1 stacks: RQ03 on F01 F02 F03" in picture


@pytest.mark.rule("R3.1", "R3.3", "A3.1")
def test_the_special_blends_show_their_paints_and_tiles_not_the_removed_ones() -> None:
    state = game("3")
    picture = fresco.svg(state)
    supply = {p.get("data-paint"): p.get("data-supply") for p in pieces(picture, "special-paint")}
    assert supply == {"pink": "6", "brown": "6"}
    assert "7 fresco tiles removed face down" in picture
    assert not any(
        tile in picture for tile in module_state(state, "specials").removed
    )  # hidden (A3.1)
    own = {t.id for t in BLENDS_DATA.of(state.config.components).fresco_tiles}
    on_board = {tile for tile in state.cathedral if tile in own}
    assert {p.get("data-tile") for p in pieces(picture, "special-tile")} == on_board
    assert "F32" in on_board  # R3.3: on the centre


# --- every module together ------------------------------------------------------------------


@pytest.mark.parametrize(("players", "steps"), [(2, 0), (3, 300), (4, 700), (2, 10_000)])
def test_every_module_draws_a_panel_in_module_order_in_a_well_formed_picture(
    players: int, steps: int
) -> None:
    config = fresco.GameConfig(players=players, modules=fresco.parse_modules("1,2,3,4,5,6"))
    picture = fresco.svg(played(config, steps, seed=players))
    root = ET.fromstring(picture)
    panels = [p.get("data-module") for p in pieces(picture, "module-panel")]
    assert panels == ["1", "2", "3", "4", "5", "6"]
    assert int(root.get("height", "0")) > HEIGHT
    assert root.get("viewBox") == f"0 0 820 {root.get('height')}"
    assert all(plugin.picture(played(config, 0)) is not None for plugin in PLUGINS)


def test_the_analysis_board_shows_the_module_parts() -> None:
    line = new_line({"game": "fresco", "players": 3, "seed": 1, "modules": "4,5"})
    found = line.position(0)
    assert [p.get("data-module") for p in pieces(found["svg"], "module-panel")] == ["4", "5"]
