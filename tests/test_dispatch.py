"""kernel/dispatch.py: one validation for ``explain`` and ``apply`` of every game, from its
table of action kinds (issue 23, item 3), on a toy counting game."""

from __future__ import annotations

import attrs
import pytest

from fresco_rules.kernel.dispatch import ActionKinds
from fresco_rules.kernel.errors import IllegalAction, MalformedAction


@attrs.frozen
class Count:
    total: int
    over: bool = False

    def where(self) -> str:
        return f"total {self.total}"


@attrs.frozen
class Add:
    amount: int


@attrs.frozen
class Stop:
    pass


def _check_add(state: Count, action: Add) -> IllegalAction | None:
    if action.amount > 3:
        return IllegalAction("T2", "add at most 3", seat=0, where=state.where())
    return None


def _add(state: Count, action: Add) -> Count:
    return attrs.evolve(state, total=state.total + action.amount)


def _stop(state: Count, action: Stop) -> Count:
    return attrs.evolve(state, over=True)


def _no_sevens(state: Count, action: object) -> IllegalAction | None:
    return IllegalAction("T3", "no move at 7", where=state.where()) if state.total == 7 else None


def _settle(state: Count) -> Count:
    return attrs.evolve(state, over=True) if state.total >= 10 else state


KINDS = ActionKinds(
    game="Toy",
    state_type=Count,
    state_rule="T0",
    over_rule="T9",
    is_over=lambda state: state.over,
    current_player=lambda state: None if state.over else 0,
    kinds={Add: (_check_add, _add), Stop: (lambda state, action: None, _stop)},
    gate=_no_sevens,
    settle=_settle,
)


def _refusal(state: object, action: object) -> IllegalAction | None:
    """``explain``'s answer, checked to be exactly what ``apply`` raises."""
    found = KINDS.explain(state, action)  # type: ignore[arg-type]
    if found is None:
        KINDS.apply(state, action)  # type: ignore[arg-type]
    else:
        with pytest.raises(IllegalAction) as raised:
            KINDS.apply(state, action)  # type: ignore[arg-type]
        assert raised.value is not found and raised.value == found
    return found


class _Sneaky(type):
    def __eq__(cls, other: object) -> bool:
        raise AssertionError("the dispatch compared a class with ==")

    __hash__ = type.__hash__


class _Impostor(Add, metaclass=_Sneaky):
    """Looks like ``Add`` (a subclass) but is not one of the table's classes."""


@pytest.mark.rule("K.1")
def test_each_check_in_order_with_its_rule_and_explain_agrees_with_apply() -> None:
    state = Count(2)
    assert _refusal(state, Add(3)) is None
    assert KINDS.apply(state, Add(3)) == Count(5)
    assert KINDS.apply(Count(8), Add(2)) == Count(10, over=True)  # settle follows the effect
    cases: list[tuple[object, object, str, str, int | None]] = [
        ("no state", Add(1), "T0", "expected a Toy State, got 'no state'", None),
        (state, "Add(1)", "K.1", "'Add(1)' is not a Toy action", 0),
        (state, _Impostor(1), "K.1", "<_Impostor object> is not a Toy action", 0),
        (Count(3, over=True), Add(1), "T9", "the game is over", None),
        (Count(7), Add(1), "T3", "no move at 7", None),
        (state, Add(True), "K.1", "Add.amount must be int, not True", 0),
        (state, Add(4), "T2", "add at most 3", 0),
    ]
    for where, action, rule, reason, seat in cases:
        found = _refusal(where, action)
        assert found is not None
        assert (found.rule, found.reason, found.seat) == (rule, reason, seat), action
        assert type(found) is (
            IllegalAction if rule.startswith("T") and rule != "T0" else MalformedAction
        )


@pytest.mark.rule("K.1")
def test_a_replaced_kind_changes_only_the_new_table() -> None:
    lenient = KINDS.with_kind(Add, lambda state, action: None, _add)
    assert lenient.explain(Count(0), Add(9)) is None
    assert lenient.apply(Count(0), Add(9)) == Count(9)
    assert KINDS.explain(Count(0), Add(9)) == IllegalAction(
        "T2", "add at most 3", seat=0, where="total 0"
    )
    assert dict(lenient.kinds)[Stop] == dict(KINDS.kinds)[Stop]
    with pytest.raises(TypeError):
        KINDS.kinds[Add] = (_check_add, _add)  # type: ignore[index]
