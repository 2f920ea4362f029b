"""Positions (issue 25): ``position_to_json`` writes a state of any game down and
``load_position`` reads it back, refusing a position no play can reach with an
``InvalidPosition`` naming its JSON path and the rule or ledger it breaks; hostile documents
(mutated fields, wrong types, huge values) get only that error, never another exception."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fresco_rules
from fresco_rules import InvalidPosition, RulesError, load_position, position_to_json
from fresco_rules.fresco import GameConfig, Module
from fresco_rules.games import game_names, get_game
from fresco_rules.kernel.history import GameHistory
from fresco_rules.kernel.position import MAX_POSITION_BYTES

GAMES = game_names()
CASES = {
    **{name: (name, None) for name in GAMES},
    "fresco-modules": ("fresco", GameConfig(players=3, modules=frozenset(Module))),
}
"""A label: a game and its config (None: the default)."""


def played(label: str, seed: int, steps: int) -> Any:
    """The state after ``steps`` random legal steps (fewer when the game ends first)."""
    name, config = CASES[label]
    history = GameHistory(get_game(name), config, seed)
    rng = random.Random(seed)
    while len(history) < steps and not history.is_over():
        history.push(rng.choice(list(history.legal_actions())))
    return history.state


STATES = {
    label: [played(label, seed, steps) for seed, steps in ((1, 0), (2, 25), (3, 60))]
    for label in CASES
}


def document(name: str, index: int = 1) -> dict[str, Any]:
    plain: dict[str, Any] = json.loads(json.dumps(position_to_json(STATES[name][index])))
    return plain


def refusal(data: Any) -> InvalidPosition:
    with pytest.raises(InvalidPosition) as refused:
        load_position(data)
    assert isinstance(refused.value, RulesError)
    return refused.value


@pytest.mark.parametrize("label", CASES)
def test_a_position_written_down_loads_back_equal(label: str, tmp_path: Path) -> None:
    name = CASES[label][0]
    for state in STATES[label]:
        data = position_to_json(state)
        assert data["format"] == "fresco_rules.position" and data["format_version"] == 1
        assert data["game"] == name and set(data) == {
            "format",
            "format_version",
            "library_version",
            "game",
            "state",
        }
        text = json.dumps(data)
        assert load_position(text) == state
        assert load_position(text.encode()) == state
        file = tmp_path / f"{name}.json"
        file.write_text(text, encoding="utf-8")
        assert load_position(str(file)) == state == load_position(file)


@pytest.mark.rule("R0.66", "A0.10")
def test_the_issues_example_seat_0_with_999_money_breaks_the_money_ledger() -> None:
    data = document("fresco", 0)
    assert data["state"]["money"] == [12, 12, 12, 12]
    data["state"]["money"][0] = 999
    refused = refusal(data)
    assert refused.rule == "R0.66" and refused.path == "$.state.money"
    assert "money totals 1183, a new game's 196 (supply 148, seat 0 999, seat 1 12" in str(refused)


@pytest.mark.rule("R4.6", "R6.27")
def test_a_modules_ledger_is_checked_by_the_kernel_against_a_new_games_totals() -> None:
    for field, part, said in (
        ("glass", "bag", "glass_tokens total 27, but the game has 26 (bag 21, offer 6"),
        ("well", "pennies", "lucky_pennies total 21, but the game has 20 (supply 11"),
    ):
        data = document("fresco-modules", 0)
        data["state"][field][part][0] += 1
        refused = refusal(data)
        assert refused.rule == f"token ledger {said.split()[0]!r}" and refused.path == "$.state"
        assert said in str(refused)


@pytest.mark.parametrize(
    ("name", "field", "index", "value", "rule", "path"),
    [
        ("fresco", "mood", 0, 9, "R0.22", "$.state.mood[0]"),
        ("fresco", "money", 1, -1, "R0.4", "$.state.money[1]"),
        ("fresco", "track", 0, 7, "R0.49", "$.state.start[0]"),
        ("barbarossa", "jewels", 0, 14, "B22", "$.state.jewels[0]"),
        ("barbarossa", "curses", 2, 2, "B17", "$.state.discarded"),
        ("barbarossa", "discs", 3, -1, "A-B.3", "$.state.discs[3]"),
        ("carcassonne", "supply", 1, 6, "C0.1", "$.state.supply[1]"),
        ("carcassonne", "points", 0, -3, "C14", "$.state.points[0]"),
    ],
)
def test_a_broken_law_names_its_rule_and_path(
    name: str, field: str, index: int, value: int, rule: str, path: str
) -> None:
    data = document(name, 0)
    data["state"][field][index] = value
    refused = refusal(data)
    assert (refused.rule, refused.path) == (rule, path), str(refused)


def test_seats_out_of_range_and_per_seat_lists_of_the_wrong_length_are_refused() -> None:
    data = document("barbarossa", 0)
    data["state"]["active"] = 4
    refused = refusal(data)
    assert (refused.rule, refused.path) == ("B4", "$.state.active")
    assert "seat 4 in a 4-player game (seats are 0 to 3)" in str(refused)
    data = document("fresco", 0)
    data["state"]["money"].append(12)
    refused = refusal(data)
    assert refused.path == "$.state.money" and "5 entries, not 4" in str(refused)


@pytest.mark.rule("C0.1", "C1", "C3")
def test_carcassonne_tiles_are_the_boxs_and_the_board_what_the_placed_tiles_make() -> None:
    data = document("carcassonne", 2)
    data["state"]["stack"].append("A")
    refused = refusal(data)
    assert (refused.rule, refused.path) == ("C0.1", "$.state.stack")
    assert "tile 'A' is there 3 times, the box has 2" in str(refused)
    data = document("carcassonne", 2)
    data["state"]["placed"][3]["rotation"] = (data["state"]["placed"][3]["rotation"] + 1) % 4
    refused = refusal(data)
    assert refused.rule in {"C3", "C10"} and refused.path.startswith("$.state.placed[3]")
    data = document("carcassonne", 2)
    data["state"]["open_patterns"][0] ^= 1
    refused = refusal(data)
    assert (refused.rule, refused.path) == ("C3", "$.state.open_patterns")


@pytest.mark.rule("R4.6", "R1.5", "M.6", "G.1")
def test_the_modules_laws_name_their_rule_and_path() -> None:
    cases: list[tuple[Callable[[dict[str, Any]], object], str, str, str]] = [
        (lambda s: s["well"].update(well=3), "R4.6", "$.state.well.well", "is 3, not 0 to 2"),
        (
            lambda s: s["portraits"]["taken"].__setitem__(1, 2),
            "R1.5",
            "$.state.portraits.taken[1]",
            "",
        ),
        (
            lambda s: s["portraits"]["deck"].__setitem__(0, "PT04"),
            "M.6",
            "$.state.portraits",
            "PT04",
        ),
        (
            lambda s: s["well"]["pennies"].append(3),
            "M.6",
            "$.state.well.pennies",
            "4 entries, not 3",
        ),
        (lambda s: s.update(gold=None), "G.1", "$.state.gold", "but its module is in play"),
    ]
    for change, rule, path, said in cases:
        data = document("fresco-modules", 0)
        change(data["state"])
        refused = refusal(data)
        assert (refused.rule, refused.path) == (rule, path) and said in str(refused), str(refused)


@pytest.mark.rule("C14", "C13")
def test_carcassonne_points_are_the_scored_parts() -> None:
    data = document("carcassonne", 2)
    data["state"]["points"][1] += 1
    refused = refusal(data)
    assert (refused.rule, refused.path) == ("C14", "$.state.points")
    assert "but the scored parts add up to" in str(refused)


@pytest.mark.parametrize(
    ("change", "path", "said"),
    [
        (lambda d: d.update(format="fresco_rules.game_record"), "$.format", "not a position"),
        (lambda d: d.update(format_version=2), "$.format_version", "version 2 is not known"),
        (lambda d: d.update(game="chess"), "$.game", "not 'chess'"),
        (lambda d: d.update(extra=1), "$", "unknown fields ['extra']"),
        (lambda d: d.update(state=[]), "$.state", "the state must be an object"),
        (lambda d: d["state"].update(money=["12", 12, 12, 12]), "$.state.money[0]", "expected int"),
        (lambda d: d["state"].update(round=True), "$.state.round", "got True"),
        (lambda d: d["state"].pop("phase"), "$.state.phase", "missing"),
        (lambda d: d["state"].update(colour="red"), "$.state", "colour"),
        (lambda d: d["state"]["config"].update(players=9), "$.state.config.players", "9"),
        (lambda d: d["state"]["chance"].update(rng=-1), "$.state.chance.rng", "64-bit"),
        (lambda d: d["state"].update(round=10**40), "$.state.round", "digits"),
    ],
)
def test_a_malformed_document_is_refused_by_path(change: Any, path: str, said: str) -> None:
    data = document("fresco", 0)
    change(data)
    refused = refusal(json.dumps(data))
    assert refused.path == path and said in str(refused), str(refused)


def test_hostile_sources_are_refused_within_bounds() -> None:
    assert refusal("{").path == "$" and "not JSON" in str(refusal("{"))
    assert "larger than" in str(refusal(" " * (MAX_POSITION_BYTES + 1) + "{}"))
    assert "JSON object" in str(refusal(b"[1]"))
    deep = '{"a": ' * 100 + "1" + "}" * 100
    assert "nested more than" in str(refusal(deep))
    assert refusal({"format": "fresco_rules.position", "format_version": True}).path == (
        "$.format_version"
    )
    with pytest.raises(InvalidPosition):
        position_to_json(object())


def test_the_package_exports_the_position_functions() -> None:
    assert fresco_rules.load_position is load_position
    assert fresco_rules.position_to_json is position_to_json
    assert issubclass(fresco_rules.InvalidPosition, RulesError)


JSON_LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, 1, -1, 2, 3, 4, 7, 13, 24, 25, 1000]),
    st.text(max_size=6),
    st.sampled_from(["", "A", "V", "M01", "place", "over", "seat 0", "market"]),
    st.floats(allow_nan=False, allow_infinity=False),
)
JSON_VALUES = st.recursive(
    JSON_LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node[:6]):
            found += _paths(value, (*prefix, index))
    return found


def _mutate(data: dict[str, Any], draw: Any) -> dict[str, Any]:
    changed = copy.deepcopy(data)
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        paths = [p for p in _paths(changed["state"]) if p]
        path = draw(st.sampled_from(paths))
        parent = changed["state"]
        for part in path[:-1]:
            parent = parent[part]
        last = path[-1]
        how = draw(st.sampled_from(["value", "value", "nudge", "delete"]))
        if how == "delete":
            if isinstance(parent, dict):
                del parent[last]
            else:
                parent.pop(last)
        elif how == "nudge" and type(parent[last]) is int:
            parent[last] += draw(st.sampled_from([-1, 1, 2, -100, 1000]))
        else:
            parent[last] = draw(JSON_VALUES)
    return changed


@pytest.mark.parametrize("label", CASES)
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_position_loads_or_is_an_invalid_position(label: str, data: Any) -> None:
    name = CASES[label][0]
    index = data.draw(st.integers(min_value=0, max_value=2))
    mutated = _mutate(document(label, index), data.draw)
    try:
        state = load_position(json.dumps(mutated))
    except InvalidPosition as refused:
        assert refused.path.startswith("$") and len(str(refused)) < 2_000
    else:  # what loads is a state of the game that plays on
        game = get_game(name)
        actions = game.legal_actions(state)
        if actions:
            game.apply(state, actions[0])
        assert position_to_json(state)["game"] == name
