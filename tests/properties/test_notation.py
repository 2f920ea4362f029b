"""The action notation of both games: over random games of every config, every legal action has
a text form distinct from the others', which parses back to the same action; text that names
no legal action is refused with a rule ID and the closest legal forms."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fresco_rules import (
    IllegalAction,
    MalformedAction,
    NotationError,
    barbarossa,
    carcassonne,
    fresco,
)
from fresco_rules.games import declaration, game_names
from fresco_rules.kernel.declaration import GameDeclaration
from fresco_rules.kernel.errors import SHAPE_RULE

from . import barbarossa_strategies, fresco_strategies

STEPS = 80
"""Random steps per generated game; deep positions come from the golden-game seeds below."""


PARSED = 12
"""Legal actions parsed back per state (each parse lists the legal actions again; every form
is checked for distinctness)."""


def check_round_trip(package: Any, state: Any, rng: random.Random) -> None:
    actions = package.legal_actions(state)
    forms = [package.notation(state, action) for action in actions]
    assert len({form.lower() for form in forms}) == len(forms), forms
    pairs = list(zip(actions, forms, strict=True))
    for action, form in rng.sample(pairs, min(PARSED, len(pairs))):
        assert package.parse_action(state, form) == action, form
        assert package.parse_action(state, f"  {form.upper()} ") == action, form


def walk(package: Any, config: Any, seed: int, steps: int) -> None:
    state = package.new_game(config, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if package.is_over(state):
            break
        check_round_trip(package, state, rng)
        state = package.apply(state, rng.choice(package.legal_actions(state)))


@given(fresco_strategies.configs, st.integers(0, 2**32))
def test_fresco_notation_round_trips(config: fresco.GameConfig, seed: int) -> None:
    walk(fresco, config, seed, STEPS)


@given(barbarossa_strategies.configs, st.integers(0, 2**32))
def test_barbarossa_notation_round_trips(config: barbarossa.GameConfig, seed: int) -> None:
    walk(barbarossa, config, seed, STEPS)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fresco_notation_round_trips_whole_games_with_modules(players: int) -> None:
    config = fresco.GameConfig(players=players, modules=fresco.parse_modules("4,5,6"))
    walk(fresco, config, players, 10_000)


def test_barbarossa_notation_round_trips_whole_games() -> None:
    for seed in range(3):
        walk(barbarossa, barbarossa.GameConfig(players=3 + seed % 2), seed, 10_000)


@pytest.mark.rule("R0.17", "R0.19")
def test_fresco_forms_use_the_players_words() -> None:
    state = fresco.new_game(fresco.GameConfig(players=3), seed=1)
    assert fresco.notation(state, fresco.ChooseGetUp(2)) == "up 7:00"
    assert fresco.notation(None, fresco.BuyTile(3, 1)) == "buy IV:2"
    assert fresco.notation(None, fresco.Restore((1, 1), (1, 2))) == "restore b2 bishop c2"
    assert fresco.notation(None, fresco.Restore(fresco.CENTRE)) == "restore c3"
    assert fresco.parse_action(state, "Up 7:00") == fresco.ChooseGetUp(2)


@pytest.mark.rule("R0.17")
def test_fresco_text_naming_an_illegal_action_is_refused_with_its_rule() -> None:
    state = fresco.new_game(fresco.GameConfig(players=3), seed=1)
    taken = fresco.apply(state, fresco.ChooseGetUp(2))
    with pytest.raises(IllegalAction) as refused:
        fresco.parse_action(taken, "up 7:00")
    assert refused.value.rule == "R0.17"
    assert "already taken" in refused.value.reason
    assert "closest legal: up " in refused.value.reason


@pytest.mark.rule("R0.34")
def test_fresco_unknown_text_lists_the_closest_legal_forms() -> None:
    state = fresco.new_game(fresco.GameConfig(players=3), seed=1)
    with pytest.raises(NotationError) as refused:  # no rule is broken: no rule ID
        fresco.parse_action(state, "up 7:30")
    assert refused.value.reason.startswith("'up 7:30' names no action")
    assert "closest legal: up 7:00" in refused.value.reason
    with pytest.raises(IllegalAction) as market:
        fresco.parse_action(state, "buy IV:2")
    assert market.value.rule == "R0.34"


@pytest.mark.rule("B12")
def test_barbarossa_text_naming_an_illegal_action_is_refused_with_its_rule() -> None:
    state = barbarossa.new_game(barbarossa.GameConfig(players=3), seed=1)
    assert barbarossa.parse_action(state, "no curse") == barbarossa.CallCurses(())  # A-B.12
    state = barbarossa.apply(state, barbarossa.CallCurses(()))
    assert barbarossa.parse_action(state, "roll") == barbarossa.RollDie()
    with pytest.raises(IllegalAction) as refused:
        barbarossa.parse_action(state, "guess 1b")
    assert refused.value.rule == "B12"
    assert "closest legal:" in refused.value.reason


def _started(game: GameDeclaration) -> Any:
    """A game of three players (or the game's default count when it cannot seat three)."""
    players = 3 if 3 in game.players else game.default_players
    return game.rules.new_game(game.config_type(players=players), 1)


@pytest.mark.parametrize("name", game_names())
def test_non_text_is_a_malformed_action_under_the_kernel_rule(name: str) -> None:
    game = declaration(name)
    state = _started(game)
    not_text: tuple[Any, ...] = (42, None, [1, 2], b"roll")
    for value in not_text:
        with pytest.raises(MalformedAction) as refused:
            game.notation.parse(state, value)
        assert refused.value.rule == SHAPE_RULE
    huge = "roll " * 10_000
    with pytest.raises(NotationError) as long_text:
        game.notation.parse(state, huge)
    assert len(str(long_text.value)) < 600


class HostileText(str):
    """A str whose own methods must never run."""

    def __getitem__(self, index: object) -> str:
        raise RuntimeError("ran __getitem__")

    def __len__(self) -> int:
        raise RuntimeError("ran __len__")

    def split(self, *args: object, **kwargs: object) -> list[str]:
        raise RuntimeError("ran split")


@pytest.mark.parametrize("name", game_names())
def test_a_str_subclass_is_read_without_running_its_methods(name: str) -> None:
    game = declaration(name)
    state = _started(game)
    first = game.rules.legal_actions(state)[0]
    assert game.notation.parse(state, HostileText(game.notation.format(state, first))) == first
    with pytest.raises((IllegalAction, NotationError)):
        game.notation.parse(state, HostileText("no such move"))


@pytest.mark.parametrize("package", [fresco, barbarossa, carcassonne])
def test_notation_takes_the_state_first_and_the_old_order_is_deprecated(package: Any) -> None:
    """``notation(state, action)`` like ``apply`` and ``parse_action``; the old order
    ``notation(action, state)`` / ``notation(action)`` warns and gives the same text."""
    state = package.new_game(package.GameConfig(players=3), seed=1)
    action = package.legal_actions(state)[0]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        text = package.notation(state, action)
        assert package.notation(None, action) == package.notation(state=None, action=action)
    with pytest.warns(DeprecationWarning, match=r"notation\(state, action\)"):
        assert package.notation(action, state) == text
    with pytest.warns(DeprecationWarning):
        assert package.notation(action) == package.notation(None, action)
    with pytest.raises(MalformedAction) as refused:
        package.notation("not a state", action)
    assert refused.value.rule == SHAPE_RULE
    with pytest.raises(MalformedAction):
        package.notation(state)
