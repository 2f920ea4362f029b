"""Modules 4-6 together: the general rules G.1-G.6, the module set in ``GameConfig``, every
combination with 2, 3 and 4 players, and the module component data (component-data.md 5-7)."""

from __future__ import annotations

import copy
import itertools
import re
from collections.abc import Callable
from typing import Any

import pytest

from fresco_rules import RulesError
from fresco_rules.fresco import (
    GAME,
    BuyGlass,
    BuyWishingCard,
    ComponentData,
    GameConfig,
    Gild,
    Glass,
    HandInGlass,
    InvalidConfig,
    Location,
    Module,
    PlaceGlassworks,
    PlacePennies,
    State,
    SubmitPlan,
    apply,
    components_from_mapping,
    components_to_mapping,
    default_components,
    explain,
    new_game,
    parse_modules,
    token_ledger,
)
from fresco_rules.fresco.modules import glaziers_state, leaf_gold_state, wishing_well_state
from fresco_rules.fresco.modules.glaziers_state import Cover
from fresco_rules.kernel.errors import InvalidData
from fresco_rules.kernel.play import random_playout
from fresco_rules.kernel.protocol import ledger_totals

from .fixtures import AT_6, AT_7, AT_8, AT_9, MONEY_TOTAL, PAINT_TOTALS, assert_legal, at
from .module_fixtures import (
    ALL,
    GLAZIERS,
    MODULE_TOTALS,
    get_up,
    glass_of,
    gold_of,
    mgame,
    start_round,
    well_of,
    with_offer,
)

COMBINATIONS = [frozenset(c) for n in range(4) for c in itertools.combinations(ALL, n)]


def combo_id(modules: frozenset[Module]) -> str:
    return "+".join(str(m.value) for m in sorted(modules, key=lambda m: m.value)) or "base"


# --- G.1: the modules and their combinations -----------------------------------------------------


@pytest.mark.rule("G.1")
def test_G_1_module_numbers() -> None:
    assert Module.from_number(4) is Module.WISHING_WELL
    assert Module.from_number("5") is Module.LEAF_GOLD
    assert Module.from_number(6) is Module.GLAZIERS
    assert parse_modules("4,5,6") == frozenset(ALL)
    assert parse_modules(" 6, 4 ") == {Module.GLAZIERS, Module.WISHING_WELL}
    assert parse_modules("") == frozenset()
    for bad in ("7", "4,x", "0"):
        with pytest.raises(ValueError, match=r"G.1"):
            parse_modules(bad)
    assert GameConfig(modules="4,6").modules == {Module.WISHING_WELL, Module.GLAZIERS}
    assert GameConfig(modules=[Module.LEAF_GOLD]).modules == {Module.LEAF_GOLD}
    assert GameConfig().modules == frozenset()
    assert GameConfig(modules={4, 6}).modules == {Module.WISHING_WELL, Module.GLAZIERS}
    assert GameConfig(modules=6).modules == {Module.GLAZIERS}
    for bad_set in ("4,7", [7], 3.5, [None]):
        with pytest.raises(InvalidConfig, match=r"G.1"):
            GameConfig(modules=bad_set)


@pytest.mark.rule("G.1", "R4.16", "R5.14", "R6.27", "R0.62")
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("modules", COMBINATIONS, ids=combo_id)
def test_G_1_every_combination_plays_to_the_end(modules: frozenset[Module], players: int) -> None:
    config = GameConfig(players=players, modules=modules)
    start = new_game(config, 11)
    totals = ledger_totals(token_ledger(start))
    playout = random_playout(GAME, config, 11, on_step=_ledger_check(totals))
    final = playout.final
    assert final.phase.value == "over"
    assert (wishing_well_state.well_of(final) is not None) == (Module.WISHING_WELL in modules)
    assert (leaf_gold_state.gold_of(final) is not None) == (Module.LEAF_GOLD in modules)
    assert (glaziers_state.glass_of(final) is not None) == (Module.GLAZIERS in modules)
    for kind, total in MODULE_TOTALS.items():
        assert (kind in totals) == (kind in _kinds(modules))
        if kind in totals:
            assert totals[kind] == total
    # the end-of-game exchanges (R4.14, R5.12) leave nothing behind the screens
    if Module.WISHING_WELL in modules:
        assert well_of(final).pennies == (0,) * players
    if Module.LEAF_GOLD in modules:
        assert gold_of(final).held == (0,) * players


def _kinds(modules: frozenset[Module]) -> set[str]:
    found = set()
    if Module.WISHING_WELL in modules:
        found |= {"lucky_pennies", "wishing_cards"}
    if Module.LEAF_GOLD in modules:
        found |= {"leaf_gold"}
    if Module.GLAZIERS in modules:
        found |= {"glass_tokens", "window_tiles"}
    return found


def _ledger_check(totals: dict[str, int]) -> Callable[[State, Any, State], None]:
    def check(before: State, action: Any, after: State) -> None:
        assert ledger_totals(token_ledger(after)) == totals, action

    return check


@pytest.mark.rule("G.1", "G.2", "G.3", "G.5")
def test_G_2_G_3_G_5_the_extra_boards_change_no_base_rule() -> None:
    base = new_game(GameConfig(players=3), 5)
    full = new_game(GameConfig(players=3, modules=frozenset(ALL)), 5)
    base_ledger, full_ledger = token_ledger(base), token_ledger(full)
    # the paints depot and the bank hold the same supplies as before
    assert sum(full_ledger["money"].values()) == MONEY_TOTAL
    for colour, total in PAINT_TOTALS.items():
        assert sum(full_ledger[f"paint.{colour}"].values()) == total
    for kind in base_ledger:
        assert full_ledger[kind] == base_ledger[kind]
    # and the base set-up is the same (module draws come after the base draws)
    assert (full.start, full.booths, full.cathedral) == (base.start, base.booths, base.cathedral)
    assert base.chance.log == full.chance.log[: len(base.chance.log)]


@pytest.mark.rule("G.1", "R0.14")
def test_G_1_without_modules_nothing_changes() -> None:
    state = new_game(GameConfig(players=4), 3)
    assert state.modules == (None,) * 6 and state.restoring is None
    assert state.tables.modules == ()
    # the module actions are refused, naming G.1
    for action in (BuyWishingCard(), Gild(True), HandInGlass(()), BuyGlass(Glass.RED)):
        problem = explain(state, action)
        assert problem is not None and problem.rule == "G.1", problem


# --- the Glassworks with the other modules -------------------------------------------------------


@pytest.mark.rule("G.1", "R4.3", "R6.7")
def test_G_1_planning_order_with_every_module() -> None:
    state = get_up(mgame(*ALL), {0: AT_6, 1: AT_7, 2: AT_8, 3: AT_9})
    # seat 0: the Glassworks tile, then the plan, then the pennies
    state = assert_legal(state, PlaceGlassworks(Location.STUDIO))
    state = assert_legal(state, SubmitPlan(market=1, cathedral=1))
    state = assert_legal(state, PlacePennies(1))
    assert glaziers_state.glass_of(state) is not None and glass_of(state).covers[0] == Cover(
        Location.STUDIO
    )
    state = start_round(state, {}, {})
    at(state, Location.MARKET, 0)


# --- the module component data -------------------------------------------------------------------

Mapping = dict[str, Any]


def shipped() -> Mapping:
    return copy.deepcopy(components_to_mapping(default_components()))


def setter(*path: str | int, value: Any) -> Callable[[Mapping], object]:
    def change(raw: Mapping) -> None:
        node: Any = raw
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


M = ("modules",)
WELL_PATH, GOLD_PATH, GLASS_PATH = (*M, "wishing_well"), (*M, "leaf_gold"), (*M, "glaziers")

MALFORMED: list[tuple[str, Callable[[Mapping], object], str]] = [
    ("unknown card kind", setter(*WELL_PATH, "cards", 2, "kind", value="joker"), "cards[2].kind"),
    (
        "wrong card location",
        setter(*WELL_PATH, "cards", 4, "location", value="market"),
        "cards[4].location",
    ),
    ("string count", setter(*WELL_PATH, "cards", 0, "count", value="3"), "cards[0].count"),
    (
        "pictures and cards",
        setter(*WELL_PATH, "cards", 1, "count", value=2),
        "wishing_well.free_paints",
    ),
    (
        "unknown pictured tile",
        setter(*WELL_PATH, "free_paints", 1, "tile", value="M99"),
        "free_paints[1].tile",
    ),
    ("too few pennies", setter(*WELL_PATH, "pennies", value=11), "wishing_well.pennies"),
    ("one disc", setter(*GOLD_PATH, "discs", "base", value=["red"]), "discs.base"),
    ("disc twice", setter(*GOLD_PATH, "discs", "base", 1, value="red"), "discs.base[1]"),
    ("unknown disc", setter(*GOLD_PATH, "discs", "base", 0, value="gold"), "discs.base[0]"),
    ("arrow side", setter(*GOLD_PATH, "arrows", 0, "side", value="five"), "arrows[0].side"),
    ("arrow booth", setter(*GOLD_PATH, "arrows", 2, "booth", value=3), "arrows[2].booth"),
    ("arrow gold", setter(*GOLD_PATH, "arrows", 1, "gold", value=0), "arrows[1].gold"),
    ("negative leaf gold", setter(*GOLD_PATH, "total", value=-1), "leaf_gold.total"),
    (
        "glass colour order",
        setter(*GLASS_PATH, "glass", 0, "colour", value="blue"),
        "glaziers.glass",
    ),
    (
        "unknown glass",
        setter(*GLASS_PATH, "windows", 3, "panes", 1, value="purple"),
        "windows[3].panes[1]",
    ),
    ("negative price", setter(*GLASS_PATH, "glass", 2, "price", value=-2), "glass[2].price"),
    ("duplicate window", setter(*GLASS_PATH, "windows", 5, "id", value="W01"), "windows[5].id"),
    (
        "window without panes",
        setter(*GLASS_PATH, "windows", 0, "panes", value=[]),
        "windows[0].panes",
    ),
    (
        "slot 0 not free",
        setter(*GLASS_PATH, "workbench", "prices", 0, value=1),
        "workbench.prices[0]",
    ),
    (
        "segment off the grid",
        setter(*GLASS_PATH, "window_segments", "segments", 0, value=[0, 5]),
        "segments[0][1]",
    ),
    (
        "centre segment",
        setter(*GLASS_PATH, "window_segments", "segments", 3, value=[2, 2]),
        "segments[3]",
    ),
    (
        "altar pane twice",
        setter(*GLASS_PATH, "altar_window", "panes", 1, value="yellow"),
        "altar_window.panes",
    ),
    (
        "bad provenance",
        setter(*GLASS_PATH, "windows", 7, "provenance", value="guess"),
        "windows[7].provenance",
    ),
    ("unknown key", setter(*GLASS_PATH, "colour", value="x"), "$.modules.glaziers"),
]


@pytest.mark.rule("R4.1", "R5.1", "R6.14", "R6.27", "A6.1", "A6.2")
@pytest.mark.parametrize(
    ("change", "path"), [m[1:] for m in MALFORMED], ids=[m[0] for m in MALFORMED]
)
def test_R6_14_malformed_module_data_names_the_bad_path(
    change: Callable[[Mapping], object], path: str
) -> None:
    raw = shipped()
    change(raw)
    with pytest.raises(InvalidData) as refused:
        components_from_mapping(raw, source="mine.toml")
    message = str(refused.value)
    assert message.startswith("mine.toml: ")
    assert re.search(re.escape(path) + r"(?![\w\[])", message), message


@pytest.mark.rule("R4.1", "R5.1", "R6.2", "R6.14")
def test_R6_14_module_data_round_trips_and_keeps_the_base_digest() -> None:
    data = default_components()
    again = components_from_mapping(components_to_mapping(data))
    assert again == data
    # without a modules table the shipped module data is used, with the same digest
    base_only = components_to_mapping(data)
    del base_only["modules"]
    assert components_from_mapping(base_only).digest == data.digest
    # changed module data is another component set
    raw = shipped()
    raw["modules"]["glaziers"]["glass"][1]["price"] = 3
    changed = components_from_mapping(raw)
    assert changed != data


@pytest.mark.rule("R6.9", "R6.14", "R6.17")
def test_R6_9_replaced_glass_prices_and_window_values_change_the_game() -> None:
    raw = shipped()
    raw["modules"]["glaziers"]["glass"][1]["price"] = 3  # blue
    data: ComponentData = components_from_mapping(raw)
    state = mgame(GLAZIERS, components=data)
    state = with_offer(state, blue=1)
    state = get_up(state, {0: AT_6, 1: AT_7, 2: AT_8, 3: AT_9})
    state = apply(state, PlaceGlassworks(Location.MARKET))
    state = start_round(state, {}, {})
    money = state.money[0]
    state = assert_legal(state, BuyGlass(Glass.BLUE))
    assert state.money[0] == money - 3


@pytest.mark.rule("R5.5", "A0.3")
def test_R5_5_an_arrow_needs_its_slot() -> None:
    with pytest.raises(InvalidConfig, match=r"R5.5"):
        new_game(GameConfig(modules={Module.LEAF_GOLD}, booth_capacities=(4, 3, 3, 3)))
    # without module 5 the same capacities are fine
    assert new_game(GameConfig(booth_capacities=(4, 3, 3, 3))).booths[3][2] is not None


@pytest.mark.rule("G.1")
def test_G_1_errors_are_rules_errors() -> None:
    state = mgame(*ALL)
    odd: list[object] = [BuyGlass("red"), PlaceGlassworks("studio")]  # type: ignore[arg-type]
    for action in (*odd, SubmitPlan(market=1)):
        problem = GAME.explain(state, action)
        assert isinstance(problem, RulesError)


# --- the play log ------------------------------------------------------------------------------


def test_the_log_describes_module_actions_and_events() -> None:
    from fresco_rules.fresco.render import describe, events

    seen_kinds: set[str] = set()
    lines: list[str] = []

    def log(before: State, action: Any, after: State) -> None:
        text = describe(before, action)
        assert repr(action) not in text, text
        seen_kinds.add(action.kind)
        lines.append(text)
        lines.extend(events(before, after))

    for seed in range(1, 4):
        random_playout(GAME, GameConfig(players=3, modules=frozenset(ALL)), seed, on_step=log)
    text = "\n".join(lines)
    for phrase in (
        "puts 2 lucky pennies on the market symbol",
        "draws a Wishing Card",
        "the well holds",
        "leaf gold",
        "new gilding colour",
        "covers the",
        "buys red glass",
        "takes window",
        "goes into the opening",
        "glass offer:",
        "workbench:",
        "scores ",
    ):
        assert phrase in text, phrase
    assert {"place_glassworks", "buy_glass", "take_window", "place_pennies"} <= seen_kinds
