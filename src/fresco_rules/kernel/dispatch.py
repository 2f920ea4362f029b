"""Validation and dispatch of actions, written once for every game (K.1).

A game declares its action kinds in one frozen table, ``ActionKinds``: each action class with
its validator (``check(state, action)``: the violation, or None) and its effect
(``effect(state, action)``: the next state). The table builds the game's ``explain`` and
``apply`` from the same validation, so ``explain`` returns exactly what ``apply`` raises:

1. the state is the game's own state class (else ``MalformedAction`` under ``state_rule``);
2. the action is exactly one of the table's classes, found by identity (a hostile metaclass's
   ``__eq__``/``__hash__`` never runs; else ``MalformedAction`` under K.1);
3. the game is not over (else ``IllegalAction`` under ``over_rule``);
4. the game's ``gate``, when it has one (a refusal that comes before any kind's own rules,
   such as Fresco's module decision that must be taken first);
5. K.1: every field holds a value of its declared type (``kernel.shapes``); a misshapen action
   gets its validator's own refusal when that names a precise rule, else K.1;
6. the kind's validator.

``apply`` then runs the kind's effect and the game's ``settle`` step, when it has one (the
automatic steps that follow every action, such as ending a round). ``explain`` and ``apply``
are closures over the table's parts, built once: the dispatch of every action applied is one
dictionary lookup by the class's identity and no further call layer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Generic, Protocol, TypeVar

import attrs

from .errors import SHAPE_RULE, IllegalAction, MalformedAction
from .shapes import Checker, misshapen_refusal, shape_checker, shape_problem
from .untrusted import describe


class Positioned(Protocol):
    def where(self) -> str:
        """A short description of the position, named in every refusal."""
        ...


S = TypeVar("S", bound=Positioned)

Check = Callable[[Any, Any], IllegalAction | None]
"""A kind's validator: the violation of a well-shaped action in a state, or None."""
Effect = Callable[[Any, Any], Any]
"""A kind's effect: the state after a legal action."""
Entry = tuple[type, Check, Effect, Checker]
"""One row of the dispatch: the action class, its validator, its effect, its K.1 check."""


def _frozen_kinds(
    kinds: Mapping[type, tuple[Check, Effect]],
) -> Mapping[type, tuple[Check, Effect]]:
    return MappingProxyType(dict(kinds))


@attrs.frozen(eq=False)
class ActionKinds(Generic[S]):
    """A game's action kinds and the few facts the shared validation needs; ``explain`` and
    ``apply`` are built from them (see the module's docstring for the order of the checks)."""

    game: str
    """The game's title, named in refusals ("... is not a Fresco action")."""
    state_type: type[S]
    """The game's state class: any other object is refused under ``state_rule``."""
    state_rule: str
    """The rule that names what a state is (a non-state is refused under it)."""
    over_rule: str
    """The rule that ends the game (every action is refused under it once the game is over)."""
    is_over: Callable[[S], bool]
    current_player: Callable[[S], int | None]
    """The seat named in refusals of malformed actions."""
    kinds: Mapping[type, tuple[Check, Effect]] = attrs.field(converter=_frozen_kinds)
    """Each action class with its validator and effect."""
    gate: Callable[[S, object], IllegalAction | None] | None = None
    """Game-specific hook: a refusal before the kind's own checks (after the game-over check),
    or None to go on; the action is of one of ``kinds`` but may be misshapen."""
    settle: Callable[[S], S] | None = None
    """Game-specific hook: the state after the automatic steps that follow every effect."""
    explain: Callable[[S, object], IllegalAction | None] = attrs.field(init=False)
    """None when an action is legal in a state, otherwise the violation ``apply`` raises."""
    apply: Callable[[S, object], S] = attrs.field(init=False)
    """The state after an action; raises ``IllegalAction`` (rule ID and reason) when it is
    illegal or malformed. The input state is never changed."""

    def __attrs_post_init__(self) -> None:
        validate = _validation(self)
        object.__setattr__(self, "explain", _explainer(validate))
        object.__setattr__(self, "apply", _applier(validate, self.settle))

    def with_kind(self, kind: type, check: Check, effect: Effect) -> ActionKinds[S]:
        """This table with ``kind``'s validator and effect replaced (or added)."""
        return attrs.evolve(self, kinds={**self.kinds, kind: (check, effect)})


Validation = Callable[[Any, object], "IllegalAction | Entry"]


def _validation(table: ActionKinds[Any]) -> Validation:
    """The one validation of ``explain`` and ``apply``: the violation of an action in a state,
    or (legal) its dispatch entry."""
    state_type = table.state_type
    game, state_rule, over_rule = table.game, table.state_rule, table.over_rule
    is_over, current_player, gate = table.is_over, table.current_player, table.gate
    entries: dict[int, Entry] = {
        id(kind): (kind, check, effect, shape_checker(kind))
        for kind, (check, effect) in table.kinds.items()
    }
    entry_of = entries.get

    def validate(state: Any, action: object) -> IllegalAction | Entry:
        if type(state) is not state_type:
            return MalformedAction(state_rule, f"expected a {game} State, got {describe(state)}")
        kind = type(action)
        found = entry_of(id(kind))  # an int key: no class's __hash__ runs
        if found is None or found[0] is not kind:
            return MalformedAction(
                SHAPE_RULE,
                f"{describe(action)} is not a {game} action",
                seat=current_player(state),
                where=state.where(),
            )
        if is_over(state):
            return IllegalAction(over_rule, "the game is over", where=state.where())
        if gate is not None:
            refused = gate(state, action)
            if refused is not None:
                return refused
        check = found[1]
        # K.1: the class's compiled shape check, one call when well-shaped
        shape = None if found[3](action) else shape_problem(action)
        if shape is None:
            problem = check(state, action)  # well-shaped: an exception here is a bug, and surfaces
            return found if problem is None else problem
        return misshapen_refusal(
            check, state, action, shape, seat=current_player(state), where=state.where()
        )

    return validate


def _explainer(validate: Validation) -> Callable[[Any, object], IllegalAction | None]:
    def explain(state: Any, action: object) -> IllegalAction | None:
        """None when ``action`` is legal in ``state``, otherwise the violation ``apply``
        raises."""
        found = validate(state, action)
        return None if type(found) is tuple else found  # type: ignore[return-value]

    return explain


def _applier(
    validate: Validation, settle: Callable[[Any], Any] | None
) -> Callable[[Any, object], Any]:
    if settle is None:

        def apply(state: Any, action: object) -> Any:
            """The state after ``action``; raises ``IllegalAction`` (rule ID and reason) when
            it is illegal or malformed. The input state is never changed."""
            found = validate(state, action)
            if type(found) is not tuple:
                raise found  # type: ignore[misc]
            return found[2](state, action)

        return apply

    def apply_and_settle(state: Any, action: object) -> Any:
        """The state after ``action`` and the automatic steps that follow it; raises
        ``IllegalAction`` (rule ID and reason) when it is illegal or malformed. The input state
        is never changed."""
        found = validate(state, action)
        if type(found) is not tuple:
            raise found  # type: ignore[misc]
        return settle(found[2](state, action))

    return apply_and_settle
