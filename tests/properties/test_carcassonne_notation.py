"""The Carcassonne action notation: over random seeded games of every config, every legal action
has a text form distinct from the others', which parses back to the same action; text naming an
illegal action is refused with the rule that forbids it, text naming none with the rule the
position asks for, and hostile text with a bounded RulesError."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fresco_rules import IllegalAction, MalformedAction, NotationError, RulesError
from fresco_rules.carcassonne import (
    Deploy,
    GameConfig,
    Pass,
    PlaceTile,
    ReturnFigure,
    State,
    apply,
    is_over,
    legal_actions,
    legal_forms,
    new_game,
    notation,
    parse_action,
)
from fresco_rules.carcassonne.words import feature_words, parse_feature
from fresco_rules.kernel.errors import SHAPE_RULE

from ..examples.carcassonne_fixtures import Turn, last_turn, place_only, play
from . import carcassonne_strategies

STEPS = 80


def check_round_trip(state: State) -> None:
    """Every legal action: a distinct form (case ignored), parsed back to itself."""
    actions = legal_actions(state)
    forms = legal_forms(state)
    assert list(forms) == [notation(None, action) for action in actions]
    assert len({form.lower() for form in forms}) == len(forms), forms
    for action, form in zip(actions, forms, strict=True):
        assert parse_action(state, form) == action, form


def walk(config: GameConfig, seed: int, steps: int) -> set[type]:
    """Check every state of a seeded random game; the action kinds seen."""
    state = new_game(config, seed)
    rng = random.Random(seed)
    seen: set[type] = set()
    for _ in range(steps):
        if is_over(state):
            break
        check_round_trip(state)
        seen.update(type(action) for action in legal_actions(state))
        state = apply(state, rng.choice(legal_actions(state)))
    return seen


@pytest.mark.rule("C0.3", "F2")
@given(carcassonne_strategies.configs, st.integers(0, 2**32))
def test_notation_round_trips_and_is_distinct(config: GameConfig, seed: int) -> None:
    walk(config, seed, STEPS)


@pytest.mark.rule("C0.3", "F2", "FA3")
def test_notation_round_trips_whole_games_with_festival_returns() -> None:
    seen: set[type] = set()
    for seed in (1, 5):
        seen |= walk(GameConfig(players=2 + seed % 4), seed, 10_000)
    assert seen == {PlaceTile, Deploy, ReturnFigure, Pass}, seen


def test_feature_words_round_trip_for_every_feature_of_every_tile() -> None:
    state = new_game(GameConfig(), 0)
    names = {
        name
        for turns in state.tables.geometry.oriented.values()
        for tile in turns
        for name in tile.names
    }
    assert len(names) > 40
    for name in names:
        words = feature_words(name)
        assert ":" not in words and "," not in words, words
        assert parse_feature(words.lower().split()) == name, (name, words)


@pytest.mark.rule("C2", "C6")
def test_forms_use_the_players_words() -> None:
    assert notation(None, PlaceTile(2, -1, 1)) == "place 2,-1 90"
    assert notation(None, PlaceTile(0, 3, 3)) == "place 0,3 270"
    assert notation(None, Deploy("city:N,W")) == "deploy city N-W"
    assert notation(None, Deploy("road:E,W")) == "deploy road E-W"
    assert notation(None, Deploy("monastery")) == "deploy monastery"
    assert notation(None, Deploy("field:NL,NR,EL")) == "deploy farm N-ENE"
    assert notation(None, Deploy("field:ER,SL")) == "deploy farm ESE-SSE"
    assert notation(None, Deploy("field:inner")) == "deploy farm inner"
    returned = ReturnFigure(0, -1, "field:NL,NR,EL,ER,WL,WR")
    assert notation(None, returned) == "return farm N-E-W at 0,-1"
    assert notation(None, Pass()) == "pass"
    # the start tile's city faces north: the E tile fits north of it only turned 180 (EC.1)
    state = new_game(GameConfig(), 0, chance=[("tile", "E")])
    assert parse_action(state, "place 0,-1 180") == PlaceTile(0, -1, 2)
    assert parse_action(state, "Place 0 -1 180°") == PlaceTile(0, -1, 2)
    placed = apply(state, PlaceTile(0, -1, 2))
    assert legal_forms(placed) == ("deploy city S", "deploy farm N-E-W", "pass")
    assert parse_action(placed, "city S") == Deploy("city:S")
    assert parse_action(placed, "deploy farm W-N-E") == Deploy("field:NL,NR,EL,ER,WL,WR")


def _refused(state: State, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as refused:
        parse_action(state, text)
    assert type(refused.value) is IllegalAction, refused.value  # not a MalformedAction
    assert "closest legal: " in refused.value.reason
    return refused.value


@pytest.mark.rule("C1", "C2", "C3", "C0.3")
def test_placements_naming_an_illegal_action_are_refused_with_its_rule() -> None:
    state = new_game(GameConfig(), 0, chance=[("tile", "E")])
    assert _refused(state, "place 1,1 0").rule == "C1"  # a corner is not enough
    assert _refused(state, "place 0,0 0").rule == "C1"  # occupied
    clash = _refused(state, "place 0,1 0")
    assert clash.rule == "C3" and "at 0,1" in clash.reason
    assert "place 0,1 90" in clash.reason  # among the closest legal forms
    assert _refused(state, "pass").rule == "C0.3"
    assert _refused(state, "deploy city N").rule == "C0.3"
    for turn in ("45", "1", "ninety"):  # degrees the notation does not know, quarter turns
        bad = _refused(state, f"place 0,1 {turn}")
        assert bad.rule == "C2" and f"not '{turn}'" in bad.reason and "place 0,1 90" in bad.reason
    with pytest.raises(NotationError) as unknown:  # names no action at all: no rule ID
        parse_action(state, "place 0,1")
    assert "names no action; closest legal: place 0,1 90" in unknown.value.reason


@pytest.mark.rule("C6", "C7", "F3")
def test_deployments_naming_an_illegal_action_are_refused_with_its_rule() -> None:
    state = place_only([], ("W", 0, 1, 0, None))
    missing = _refused(state, "deploy city N")
    assert missing.rule == "C6" and "its features: road E, road S, road W" in missing.reason
    with pytest.raises(NotationError):  # no feature of any tile is called "festival"
        parse_action(state, "deploy festival")
    occupied = place_only([("U", 1, 0, 0, "field:ER,SL,SR,WL")], ("W", 0, 1, 0, None))
    taken = _refused(occupied, "deploy farm N-ENE-WNW")
    assert taken.rule == "C7" and "farm N-ENE-WNW" in taken.reason
    festival = place_only([], ("FE10", 1, 0, 0, None))
    assert _refused(festival, "deploy monastery").rule == "C6"


@pytest.mark.rule("F2", "F4", "FA4", "C15")
def test_returns_naming_an_illegal_action_are_refused_with_its_rule() -> None:
    turns: list[Turn] = [("U", -1, 0, 0, None), ("E", 0, -1, 2, "field:NL,NR,EL,ER,WL,WR")]
    blue = place_only(turns, ("FE10", 1, 0, 0, None))  # seat 1's farmer, seat 0's turn
    other = _refused(blue, "return farm N-E-W at 0,-1")
    assert other.rule == "F4" and "seat 1's" in other.reason
    assert _refused(blue, "return city S at 0,-1").rule == "FA4"
    on_base = place_only([("U", -1, 0, 0, "road:E,W")], ("U", 1, 0, 0, None))
    assert _refused(on_base, "return road E-W at -1,0").rule == "F2"
    own: list[Turn] = [("E", 0, -1, 2, "field:NL,NR,EL,ER,WL,WR"), ("U", -1, 0, 0, None)]
    festival = place_only(own, ("FE10", 1, 0, 0, None))
    back = ReturnFigure(0, -1, "field:NL,NR,EL,ER,WL,WR")
    assert parse_action(festival, "return farm N-E-W at 0,-1") == back
    over = apply(last_turn(festival), back)
    assert is_over(over) and legal_forms(over) == ()
    with pytest.raises(IllegalAction) as ended:
        parse_action(over, "pass")
    assert ended.value.rule == "C15" and "closest legal" not in ended.value.reason


HOSTILE = [
    "x" * 1_000_000,
    "place " + "9" * 5_000 + ",0 0",
    "place \u0660,\u0661 \u0669\u0660",  # digits to str.isdigit, not to the notation
    "place 0,1 ²",
    "\ud800\udfff",
    "\x00" * 300,
    "\u202eplace 0,1 90",
    "deploy " + "farm " * 10_000,
    "return farm at at at",
    "",
]


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_text_gets_a_bounded_rules_error(text: str) -> None:
    state = play([("W", 0, 1, 0, None)])
    placed = apply(state, legal_actions(state)[0])
    for position in (state, placed):
        with pytest.raises((IllegalAction, NotationError)) as refused:
            parse_action(position, text)
        assert len(str(refused.value)) < 600


class Hostile(str):
    """A str whose own methods must never run."""

    def __getitem__(self, index: object) -> str:
        raise RuntimeError("ran __getitem__")

    def split(self, *args: object, **kwargs: object) -> list[str]:
        raise RuntimeError("ran split")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("ran __eq__")

    __hash__ = None  # type: ignore[assignment]


def test_non_text_is_a_malformed_action_under_the_kernel_rule() -> None:
    state = new_game(GameConfig(), 0, chance=[("tile", "E")])
    for value in (42, None, [1, 2], b"pass", ("place", 0, 1, 1), 1.5):
        with pytest.raises(MalformedAction) as refused:
            parse_action(state, value)  # type: ignore[arg-type]
        assert refused.value.rule == SHAPE_RULE
    with pytest.raises(MalformedAction):
        parse_action("not a state", "pass")  # type: ignore[arg-type]
    assert parse_action(state, Hostile("place 0,-1 180")) == PlaceTile(0, -1, 2)
    for junk in (Deploy(3), PlaceTile(True, 0, 0), "pass", None):  # type: ignore[arg-type]
        with pytest.raises(RulesError) as bad:
            notation(None, junk)  # type: ignore[arg-type]
        assert isinstance(bad.value, MalformedAction) and len(str(bad.value)) < 300
