"""K.1: the compiled shape test of each action class (``well_shaped``) says exactly what the
per-field checks say, for every action kind of every game, with hostile, wrong and legal field
values."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from fresco_rules import barbarossa, carcassonne, fresco
from fresco_rules.fresco import Paint
from fresco_rules.kernel.fuzz import forge, hostile_values
from fresco_rules.kernel.play import random_playout
from fresco_rules.kernel.shapes import MAX_ITEMS, MAX_TEXT, field_shapes, shape_problem, well_shaped

ACTION_TYPES: tuple[type, ...] = (
    *fresco.ACTION_TYPES,
    *barbarossa.ACTION_TYPES,
    *carcassonne.ACTION_TYPES,
)


SEEN: dict[type, object] = {}
"""An action of each kind met in the seeded games below."""


def _legal_values() -> list[object]:
    """Field values of real actions (from seeded games), so well-shaped fields are tried too."""
    found: list[object] = [Paint.RED, (Paint.RED, Paint.BLUE), "x" * MAX_TEXT, "x" * (MAX_TEXT + 1)]
    found += [("x" * MAX_TEXT,), ("x" * (MAX_TEXT + 1),), ("a", 1), (1, "a")]
    for item in (Paint.RED, "a", 1):  # variable-length tuples at and past their bound
        found += [(item,) * MAX_ITEMS, (item,) * (MAX_ITEMS + 1)]
    games: list[tuple[Any, Any]] = [
        (fresco.GAME, fresco.GameConfig(players=2, modules=fresco.parse_modules("1,2,3,4,5,6"))),
        (barbarossa.GAME, barbarossa.GameConfig(players=4)),
        (carcassonne.GAME, carcassonne.GameConfig(players=2)),
    ]
    for game, config in games:
        for _, action in random_playout(game, config, 1).steps:
            SEEN.setdefault(type(action), action)
            found.extend(getattr(action, field.name) for field in attrs.fields(type(action)))
    return found


VALUES = [*hostile_values(), *_legal_values()]


def _per_field(action: object) -> bool:
    return all(check(getattr(action, name)) for name, check, _ in field_shapes(type(action)))


@pytest.mark.rule("K.1")
@pytest.mark.parametrize("cls", ACTION_TYPES, ids=lambda cls: cls.__name__)
def test_compiled_shape_check_agrees_with_the_field_checks(cls: type) -> None:
    """Each field set to each value in turn, the others those of a real action of the kind
    (or their defaults, None without one)."""
    seen = SEEN.get(cls)
    base = {} if seen is None else {f.name: getattr(seen, f.name) for f in attrs.fields(cls)}
    tried = 0
    for field in attrs.fields(cls):
        for value in VALUES:
            action = forge(cls, {**base, field.name: value})
            fine = _per_field(action)
            assert well_shaped(action) == fine, (field.name, value)
            assert (shape_problem(action) is None) == fine
            tried += 1
    assert tried == len(attrs.fields(cls)) * len(VALUES)


@pytest.mark.rule("K.1")
def test_the_actions_of_a_game_are_well_shaped() -> None:
    game, config = (
        fresco.GAME,
        fresco.GameConfig(players=2, modules=fresco.parse_modules("1,2,3,4,5,6")),
    )
    playout = random_playout(game, config, 3)
    assert playout.steps
    for _, action in playout.steps:
        assert shape_problem(action) is None
