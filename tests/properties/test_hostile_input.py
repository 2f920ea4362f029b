"""Hostile input of every shape gets a RulesError and nothing else, never a hang, and accepted
means canonical (hostile-input findings 1-3), over every game at reachable states.

Each attempt runs under a time limit (``kernel.fuzz.time_limit``) so a hang fails the test
instead of stalling it; the Hypothesis profile (``tests/hypothesis_profiles.py``) sets how
many examples run (the suite's by default, ten times more with ``HYPOTHESIS_PROFILE=long``).
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from fresco_rules import RulesError, barbarossa, carcassonne, fresco
from fresco_rules.fresco import GameConfig, Paint, RestoreAltar, parse_modules
from fresco_rules.kernel.errors import InvalidData, MalformedAction
from fresco_rules.kernel.fuzz import (
    Hang,
    HostileInt,
    HostileStr,
    forge,
    hostile_actions,
    hostile_values,
    reachable_states,
    time_limit,
    try_action,
)
from fresco_rules.kernel.play import random_playout
from fresco_rules.kernel.protocol import GameRules
from fresco_rules.kernel.records import validate

LIMIT = 10.0
"""Seconds one attempt may take before it counts as a hang (generous: a shared machine)."""

PHASES = (Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink)
"""Without Hypothesis's explain phase, whose line tracing slows the bounded walks of large
inputs far past the time limit."""

GAMES: dict[str, tuple[GameRules[Any, Any], Any, tuple[type, ...]]] = {
    "fresco 2p": (fresco.GAME, GameConfig(players=2), fresco.ACTION_TYPES),
    "fresco 3p modules 4,5,6": (
        fresco.GAME,
        GameConfig(players=3, modules=parse_modules("4,5,6")),
        fresco.ACTION_TYPES,
    ),
    "fresco 4p modules 4,6": (
        fresco.GAME,
        GameConfig(players=4, modules=parse_modules("4,6")),
        fresco.ACTION_TYPES,
    ),
    "fresco 2p modules 1-6": (
        fresco.GAME,
        GameConfig(players=2, modules=parse_modules("1,2,3,4,5,6")),
        fresco.ACTION_TYPES,
    ),
    "barbarossa 4p": (barbarossa.GAME, barbarossa.GameConfig(players=4), barbarossa.ACTION_TYPES),
    "carcassonne": (
        carcassonne.GAME,
        carcassonne.GAME.default_config(),
        carcassonne.ACTION_TYPES,
    ),
    "barbarossa 3p letters off, may_stop": (
        barbarossa.GAME,
        barbarossa.GameConfig(
            players=3,
            letter_check=barbarossa.LetterCheck.OFF,
            question_phase=barbarossa.QuestionPhase.MAY_STOP,
        ),
        barbarossa.ACTION_TYPES,
    ),
}


@cache
def states_of(name: str) -> tuple[Any, ...]:
    game, config, _ = GAMES[name]
    return tuple(reachable_states(game, config, 7, count=16))


json_like = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner),
    max_leaves=6,
)


@pytest.mark.rule("R0.14", "B5")
@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None, phases=PHASES)
@given(
    name=st.sampled_from(sorted(GAMES)),
    index=st.integers(0, 10_000),
    seed=st.integers(0, 2**32),
    extra=st.lists(json_like, max_size=3),
)
def test_hostile_actions_get_only_rules_errors(
    name: str, index: int, seed: int, extra: list[Any]
) -> None:
    """Every hostile action (self-referential lists, 10,000-deep nesting, raising dunders,
    str/int subclasses, NaN, bools where ints belong, ...) is refused with a RulesError by
    ``explain`` and ``apply`` alike, the state unchanged, or accepted and canonical:
    decode(encode(action)) == action and the successor state round-trips."""
    game, _, types = GAMES[name]
    states = states_of(name)
    state = states[index % len(states)]
    rng = random.Random(seed)
    legal = game.legal_actions(state)
    candidates = [*hostile_actions(types, legal, rng.randrange, extra), *legal[:3]]
    for action in candidates:
        attempt = try_action(game, state, action, seconds=LIMIT)
        assert not attempt.failed, f"{name}, {state.where()}: {attempt.kind}: {attempt.detail}"


@pytest.mark.rule("K.1", "R1.7", "R2.4")
def test_a_misshapen_field_never_reaches_a_validator_with_hostile_methods() -> None:
    """K.1: a field holding a value of another class than plain data (a ``str`` subclass whose
    ``__eq__`` raises) is refused as malformed before any validator compares it; found for
    the portrait and request actions of modules 1 and 2, whose validators compare the card
    and pile IDs."""
    config = GameConfig(players=2, modules=parse_modules("1,2,3,4,5,6"))
    seen: set[type] = set()
    steps: list[tuple[Any, Any]] = []
    for seed in range(6):
        random_playout(fresco.GAME, config, seed, on_step=lambda b, a, _: steps.append((b, a)))
    for before, action in steps:
        kind = type(action)
        for field in attrs.fields(kind):
            if attrs.fields_dict(kind)[field.name].type not in (str, "str"):
                continue
            for hostile in (HostileStr("A"), HostileStr("red")):
                odd = forge(kind, {**attrs.asdict(action, recurse=False), field.name: hostile})
                problem = fresco.explain(before, odd)
                assert type(problem) is MalformedAction, (kind, field.name, problem)
                assert problem.rule == "K.1" and "HostileStr" in problem.reason
                seen.add(kind)
    names = {kind.__name__ for kind in seen}
    assert {"TakePortrait", "FulfilRequest"} <= names, names


@pytest.mark.rule("R0.43", "B9", "A-B.12")
def test_accepted_actions_are_canonical() -> None:
    """The three accepted actions that did not round-trip: each is canonicalised by its
    constructor, or refused as malformed when built around the constructor."""
    altar = RestoreAltar(paints=[Paint.BLUE, Paint.YELLOW, Paint.RED])
    assert altar.paints == (Paint.RED, Paint.YELLOW, Paint.BLUE)
    state = next(s for s in states_of("fresco 2p") if s.phase.value == "action")
    for paints in ([Paint.RED, Paint.YELLOW, Paint.BLUE], (Paint.BLUE, Paint.YELLOW, Paint.RED)):
        problem = fresco.explain(state, forge(RestoreAltar, {"paints": paints}))
        assert problem is not None and problem.rule in ("R0.43", "R0.37")
    curse = barbarossa.CallCurses((2, 1))
    assert curse == barbarossa.CallCurses((1, 2)) and curse.callers == (1, 2)
    forged = forge(barbarossa.CallCurses, {"callers": (2, 1)})
    start = barbarossa.new_game(barbarossa.GameConfig(players=3), 0)
    problem = barbarossa.explain(start, forged)
    assert isinstance(problem, MalformedAction) and problem.rule == "A-B.12"
    assert isinstance(
        barbarossa.explain(start, barbarossa.CallCurses((HostileInt(1),))), MalformedAction
    )
    letter = barbarossa.GiveLetter(HostileStr("A"))
    assert type(letter.letter) is HostileStr  # not canonicalised: its methods never ran
    asked = _letter_asked()
    refused = barbarossa.explain(asked, letter)  # K.1: it never reaches B9's validator
    assert isinstance(refused, MalformedAction) and refused.rule == "K.1"
    assert refused.reason == "GiveLetter.letter must be str, not HostileStr('A')"


def _letter_asked() -> Any:
    state = barbarossa.new_game(barbarossa.GameConfig(players=3), 0, chance=[("die", "3")])
    state = barbarossa.apply(state, barbarossa.CallCurses(()))
    state = barbarossa.apply(state, barbarossa.RollDie())
    while state.window is not None:
        state = barbarossa.apply(state, barbarossa.CallCurses(()))
    return barbarossa.apply(state, barbarossa.AskLetter(3, 1))


# --- records (finding 3) ---------------------------------------------------------------------


@cache
def base_records() -> dict[str, tuple[GameRules[Any, Any], dict[str, Any]]]:
    fresco_config = GameConfig(players=2, modules=parse_modules("4,5,6"))
    fresco_play = random_playout(fresco.GAME, fresco_config, 5)
    b_config = barbarossa.GameConfig(players=3)
    b_play = random_playout(barbarossa.GAME, b_config, 5)
    return {
        "fresco": (
            fresco.GAME,
            fresco.record_game(fresco_config, 5, fresco_play.steps, fresco_play.final),
        ),
        "barbarossa": (
            barbarossa.GAME,
            barbarossa.record_game(b_config, 5, b_play.steps, b_play.final),
        ),
    }


def _huge_values() -> list[Any]:
    return [
        2**53,
        10**5000,
        -(10**30),
        "x" * 200_000,
        [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],
        [0] * 200_000,
        [{"time": "5:00", "mood_change": 0, "price": 1, "provenance": "decision"}] * 100_000,
        {"rows": 10**6, "start_row": 0, "minus_rows": [], "plus_rows": [], "theatre_step": 0},
        {"spaces": 10**6, "start": 5, "finish": 31, "provenance": "decision"},
        float("nan"),
        True,
        None,
    ]


def _paths(record: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Every path into a record's setup, a few steps and chance outcomes, and the envelope."""
    found: list[tuple[Any, ...]] = [(key,) for key in record]
    found += [("setup", key) for key in record["setup"]]
    found += [("setup", "components", key) for key in record["setup"]["components"]]
    for index in (0, 1, len(record["steps"]) // 2, len(record["steps"]) - 1):
        step = record["steps"][index]
        found += [("steps", index, "seat"), ("steps", index, "action")]
        found += [("steps", index, "action", key) for key in step["action"]]
    found += [("chance", 0), ("chance", 1, 1), ("result", "scores", 0)]
    return found


def _set(record: Any, path: tuple[Any, ...], value: Any) -> None:
    node = record
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


@pytest.mark.rule("R0.65", "B19")
@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None, phases=PHASES)
@given(
    game_name=st.sampled_from(["fresco", "barbarossa"]),
    data=st.data(),
    repeat=st.sampled_from([0, 0, 0, 50_000]),
)
def test_mutated_records_get_a_rules_error_in_time(
    game_name: str, data: st.DataObject, repeat: int
) -> None:
    """A record with hostile fields (huge numbers and lists, a 100,000-row hostel table, a
    10**6-space track, deep nesting, NaN, repeated steps) is judged within the time limit:
    valid, an illegal step, or malformed, and ``replay`` raises only RulesError."""
    game, base = base_records()[game_name]
    record = copy.deepcopy(base)
    paths = _paths(record)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        value = data.draw(st.sampled_from(_huge_values()) | json_like)
        with contextlib.suppress(KeyError, IndexError, TypeError):
            _set(record, path, value)
    if repeat and isinstance(record["steps"], list) and record["steps"]:
        record["steps"] = record["steps"] * (repeat // max(1, len(record["steps"])))
    with time_limit(LIMIT):  # validate is replay reporting instead of raising RulesError
        report = validate(game, record)
    assert report.ok or report.failure is not None or report.malformed


@pytest.mark.rule("R0.65")
@settings(deadline=None, phases=PHASES)
@given(text=st.sampled_from(["a", '"seed": 1, "seed"', "{[", "]"]), depth=st.integers(1, 3000))
def test_hostile_record_text_is_refused_by_path(text: str, depth: int) -> None:
    game, base = base_records()["fresco"]
    source = json.dumps(base).replace('"seed":', '"seed": 1, "seed":', 1)
    deep = json.dumps(base)[:-1] + ', "x": ' + "[" * depth + "]" * depth + "}"
    with time_limit(LIMIT):
        for candidate in (source, deep, text):
            report = validate(game, candidate)
            assert not report.ok and report.malformed


# --- component data (finding 3) --------------------------------------------------------------


def _data_paths(raw: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found: list[tuple[Any, ...]] = []
    if isinstance(raw, dict):
        for key, value in raw.items():
            found.append((*prefix, key))
            found += _data_paths(value, (*prefix, key))
    elif isinstance(raw, list):
        for index, value in enumerate(raw[:2]):
            found.append((*prefix, index))
            found += _data_paths(value, (*prefix, index))
    return found


DATA: dict[str, tuple[Any, Any, GameRules[Any, Any]]] = {
    "fresco": (fresco.components_to_mapping, fresco.components_from_mapping, fresco.GAME),
    "barbarossa": (
        barbarossa.components_to_mapping,
        barbarossa.components_from_mapping,
        barbarossa.GAME,
    ),
    "carcassonne": (
        carcassonne.components_to_mapping,
        carcassonne.components_from_mapping,
        carcassonne.GAME,
    ),
}


@pytest.mark.rule("R0.66", "R0.67", "B3", "C0.1")
@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None, phases=PHASES)
@given(game_name=st.sampled_from(sorted(DATA)), data=st.data())
def test_mutated_component_data_is_refused_or_plays_in_time(
    game_name: str, data: st.DataObject
) -> None:
    """Component data with hostile values (negative or huge counts, die sides 2**63-1,
    10**8 arrows, 100,000 mood rows, duplicate ids, wrong types) is refused with InvalidData
    naming a path, or loads and plays within the time limit."""
    to_mapping, from_mapping, game = DATA[game_name]
    shipped = game.default_config().components
    raw = to_mapping(shipped)
    paths = _data_paths(raw)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        value = data.draw(
            st.sampled_from([-1, 0, 1, 2**63 - 1, 10**8, 100_000, 10**7, "M01", [], True])
            | json_like
        )
        with contextlib.suppress(KeyError, IndexError, TypeError):
            _set(raw, path, value)
    with time_limit(LIMIT):
        try:
            loaded = from_mapping(raw)
        except InvalidData as refused:
            assert " @ $" in str(refused), refused
            return
        config = attrs.evolve(game.default_config(), components=loaded)
        try:
            state = game.new_game(config, 1)
        except RulesError:
            return
        for _ in range(40):
            if game.is_over(state):
                break
            state = game.apply(state, game.legal_actions(state)[0])


def test_the_hostile_values_include_what_the_findings_name() -> None:
    kinds = {type(value).__name__ for value in hostile_values()}
    assert {"HostileStr", "HostileInt", "Hostile", "float", "bool", "list"} <= kinds
    with pytest.raises(Hang), time_limit(0.05):
        while True:
            pass


@pytest.mark.rule("R0.67", "B3", "C0.1")
@pytest.mark.parametrize(
    "text",
    [
        "version = " + "9" * 5_000,
        "x = " + "[" * 5_000 + "]" * 5_000,
        'name = "a"\nname = "b"',
        "\udcff",
    ],
    ids=["huge_int", "deep", "repeated_key", "not_utf8"],
)
def test_hostile_component_files_are_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "box.toml"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    for load in (fresco.load_components, barbarossa.load_components, carcassonne.load_components):
        with time_limit(LIMIT), pytest.raises(InvalidData, match=str(path)):
            load(path)
