"""Game-agnostic hostile-input fuzzing: hostile values, forged actions, and the one check that
every attempt must pass (used by the property tests and ``scripts/fuzz_counts.py``).

An attempt passes when ``explain`` and ``apply`` raise nothing but ``RulesError``, agree with
each other, leave the input state unchanged, finish within a time limit, and, when the action
is accepted, the action and the successor state round-trip through the game's record codec
(``decode(encode(action)) == action``: accepted means canonical).
"""

from __future__ import annotations

import contextlib
import copy
import json
import math
import signal
from collections.abc import Callable, Iterator, Sequence
from enum import Enum
from typing import Any

import attrs
from attrs import frozen

from .errors import IllegalAction, RulesError
from .play import random_playout
from .protocol import GameRules
from .untrusted import describe


class Hang(Exception):
    """Raised inside an attempt that ran past its time limit."""


class Hostile:
    """An object whose every dunder a careless validator could touch raises."""

    def __repr__(self) -> str:
        raise RuntimeError("hostile __repr__")

    def __str__(self) -> str:
        raise RuntimeError("hostile __str__")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("hostile __eq__")

    def __ne__(self, other: object) -> bool:
        raise RuntimeError("hostile __ne__")

    def __hash__(self) -> int:
        raise RuntimeError("hostile __hash__")

    def __lt__(self, other: object) -> bool:
        raise RuntimeError("hostile __lt__")

    def __len__(self) -> int:
        raise RuntimeError("hostile __len__")

    def __iter__(self) -> Iterator[Any]:
        raise RuntimeError("hostile __iter__")

    def __index__(self) -> int:
        raise RuntimeError("hostile __index__")

    def __bool__(self) -> bool:
        raise RuntimeError("hostile __bool__")


class HostileStr(str):
    """A ``str`` subclass with methods of its own."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("hostile str __eq__")

    def __hash__(self) -> int:
        raise RuntimeError("hostile str __hash__")

    def upper(self) -> str:
        raise RuntimeError("hostile str upper")

    def __repr__(self) -> str:
        raise RuntimeError("hostile str __repr__")


class HostileInt(int):
    """An ``int`` subclass with methods of its own."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("hostile int __eq__")

    def __hash__(self) -> int:
        raise RuntimeError("hostile int __hash__")

    def __lt__(self, other: object) -> bool:
        raise RuntimeError("hostile int __lt__")

    def __repr__(self) -> str:
        raise RuntimeError("hostile int __repr__")


class _Colour(Enum):
    """A foreign enum (a member of the wrong type for any field)."""

    RED = "red"


def _self_list() -> list[Any]:
    items: list[Any] = [1]
    items.append(items)
    return items


def _deep(levels: int) -> list[Any]:
    root: list[Any] = []
    node = root
    for _ in range(levels):
        child: list[Any] = []
        node.append(child)
        node = child
    return root


def hostile_values() -> list[object]:
    """Fresh hostile values (self-referential lists, 10,000-deep nesting, raising dunders,
    str/int subclasses, NaN, bools where ints belong, huge and negative numbers, ...)."""
    loop: dict[str, Any] = {}
    loop["self"] = loop
    return [
        _self_list(),
        _deep(10_000),
        tuple(_deep(50)),
        loop,
        Hostile(),
        [Hostile(), Hostile()],
        (Hostile(),),
        HostileStr("A"),
        HostileStr("red"),
        HostileInt(1),
        (HostileInt(1), HostileInt(2)),
        [HostileInt(0)],
        math.nan,
        math.inf,
        -math.inf,
        1.0,
        True,
        False,
        None,
        0,
        1,
        -1,
        2,
        7,
        10**400,
        -(2**63),
        "",
        "a",
        "x" * 100_000,
        b"red",
        [1, 2, 3],
        [0, 1],
        (0, 1),
        (2, 2),
        (9, 9),
        [[0, 1]],
        frozenset({1, 2}),
        {"kind": "x"},
        _Colour.RED,
        object(),
        Exception("boom"),
        type,
        print,
    ]


def forge(cls: type, fields: dict[str, Any]) -> Any:
    """An instance of an attrs class with exactly ``fields`` (missing ones keep their
    defaults), bypassing converters and validators, as a caller's hand-built object can."""
    obj: Any = object.__new__(cls)
    for field in attrs.fields(cls):
        if field.name in fields:
            value = fields[field.name]
        elif isinstance(field.default, attrs.Factory):  # type: ignore[arg-type]
            value = field.default.factory()
        elif field.default is not attrs.NOTHING:
            value = field.default
        else:
            value = None
        object.__setattr__(obj, field.name, value)
    return obj


def hostile_actions(
    action_types: Sequence[type],
    legal: Sequence[Any],
    pick: Callable[[int], int],
    extra: Sequence[object] = (),
) -> Iterator[Any]:
    """Hostile actions for one state: each action kind with one field set to a hostile value
    (``hostile_values`` and ``extra``), both through the constructor (converters run) and
    forged; a legal action with one field replaced; and a non-action. ``pick(n)`` chooses an
    index below ``n``."""
    values = [*hostile_values(), *extra]
    yield values[pick(len(values))]
    for cls in action_types:
        names = [field.name for field in attrs.fields(cls)]
        if not names:
            yield cls()
            continue
        name = names[pick(len(names))]
        value = values[pick(len(values))]
        with contextlib.suppress(Exception):
            yield cls(**{name: value})
        yield forge(cls, {name: value})
    if legal:
        base = legal[pick(len(legal))]
        names = [field.name for field in attrs.fields(type(base))]
        if names:
            name = names[pick(len(names))]
            fields = {n: getattr(base, n) for n in names}
            fields[name] = values[pick(len(values))]
            yield forge(type(base), fields)
            with contextlib.suppress(Exception):
                yield type(base)(**fields)


@contextlib.contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise ``Hang`` in the block after ``seconds`` (main thread, Unix; no limit elsewhere)."""

    def on_alarm(signum: int, frame: Any) -> None:
        raise Hang(f"no answer within {seconds} s")

    try:
        previous = signal.signal(signal.SIGALRM, on_alarm)
    except (ValueError, AttributeError):  # not the main thread, or no SIGALRM
        yield
        return
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@frozen
class Attempt:
    """What one hostile attempt did: ``kind`` is ``accepted`` or ``refused`` (both pass), or a
    failure: ``escape`` (another exception), ``hang``, ``disagree`` (explain vs apply),
    ``mutated`` (the input state changed) or ``not_canonical`` (an accepted action or its
    successor does not round-trip)."""

    kind: str
    detail: str = ""

    @property
    def failed(self) -> bool:
        return self.kind not in ("accepted", "refused")


def _name(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {describe(str(exc) if type(exc) is not Hang else exc.args)}"


def try_action(
    game: GameRules[Any, Any], state: Any, action: Any, *, seconds: float = 5.0
) -> Attempt:
    """Run one attempt with ``action`` at ``state`` and classify it (see ``Attempt``)."""
    snapshot = copy.deepcopy(state)
    try:
        with time_limit(seconds):
            problem = game.explain(state, action)
            try:
                after = game.apply(state, action)
            except RulesError as raised:
                if not isinstance(raised, IllegalAction) or problem is None:
                    return Attempt("disagree", f"apply refused, explain did not: {raised}")
                if (raised.rule, raised.reason) != (problem.rule, problem.reason):
                    return Attempt("disagree", f"apply: {raised}; explain: {problem}")
                if state != snapshot:
                    return Attempt("mutated", f"refused with {raised.rule} but changed the state")
                return Attempt("refused", raised.rule)
            if problem is not None:
                return Attempt("disagree", f"apply accepted what explain refused: {problem}")
            if state != snapshot:
                return Attempt("mutated", "an accepted action changed its input state")
            return _round_trip(game, action, after)
    except Hang as exc:
        return Attempt("hang", _name(exc))
    except Exception as exc:
        return Attempt("escape", _name(exc))


def _round_trip(game: GameRules[Any, Any], action: Any, after: Any) -> Attempt:
    codec = game.codec
    if codec is None:
        return Attempt("accepted")
    try:
        decoded = codec.action_from_json(json.loads(json.dumps(codec.action_to_json(action))))
        same = type(decoded) is type(action) and decoded == action
    except Exception as exc:
        return Attempt("not_canonical", f"the action does not encode: {_name(exc)}")
    if not same:
        return Attempt("not_canonical", f"decode(encode(action)) differs: {type(action).__name__}")
    try:
        restored = codec.state_from_json(json.loads(json.dumps(codec.state_to_json(after))))
        ok = restored == after
    except Exception as exc:
        return Attempt("not_canonical", f"the successor does not encode: {_name(exc)}")
    if not ok:
        return Attempt("not_canonical", "the successor state does not round-trip")
    return Attempt("accepted")


def reachable_states(
    game: GameRules[Any, Any], config: Any, seed: int, *, count: int = 12
) -> list[Any]:
    """About ``count`` states spread over one seeded random game, the start and the end."""
    states: list[Any] = []
    playout = random_playout(
        game, config, seed, on_step=lambda before, action, after: states.append(before)
    )
    step = max(1, len(states) // count)
    return [*states[::step], playout.final]
