"""K.1, the shape of an action: each field holds a value of exactly its declared type.

The engines check an action's shape before its rules run. A validator may then assume its
fields have their declared types, so an exception from a validator of a well-shaped action is
a bug and surfaces instead of being reported as a refusal. The check is by exact type, as
``strict_key`` compares fields: ``True`` is not an ``int``, and a ``str`` subclass (whose
methods could be hostile) is not a ``str``; general runtime type checkers (typeguard, beartype)
accept both, which is why this small checker exists.
"""

from __future__ import annotations

import builtins
import enum
import types
import typing
from collections.abc import Callable
from enum import Enum
from itertools import repeat
from operator import is_
from typing import Any

import attrs

from .errors import SHAPE_RULE, IllegalAction, MalformedAction
from .untrusted import describe

MAX_ITEMS = 64
"""The longest variable-length tuple field any action may hold (bounded before it is read)."""
MAX_TEXT = 200
"""The longest text field any action may hold."""

Checker = Callable[[object], bool]


def _exact(kind: type) -> Checker:
    if kind is str:
        return lambda value: type(value) is str and len(value) <= MAX_TEXT
    return lambda value: type(value) is kind


def _checker(hint: Any) -> tuple[Checker, str]:
    """A predicate for values of the type ``hint`` and a short name of that type."""
    if hint is None or hint is type(None):
        return (lambda value: value is None), "None"
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        parts = [_checker(arg) for arg in typing.get_args(hint)]
        return (
            lambda value: any(check(value) for check, _ in parts),
            " or ".join(name for _, name in parts),
        )
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            item, item_name = _checker(args[0])
            return (
                lambda value: (
                    type(value) is tuple and len(value) <= MAX_ITEMS and all(item(x) for x in value)
                ),
                f"a tuple of at most {MAX_ITEMS} {item_name}",
            )
        items = [_checker(arg) for arg in args]
        return (
            lambda value: (
                type(value) is tuple
                and len(value) == len(items)
                and all(check(x) for (check, _), x in zip(items, value, strict=True))
            ),
            f"a tuple ({', '.join(name for _, name in items)})",
        )
    if isinstance(hint, type) and (hint in (int, bool, str) or issubclass(hint, Enum)):
        return _exact(hint), hint.__name__
    raise TypeError(f"no shape check for field type {hint!r}")


_SHAPES: dict[type, tuple[tuple[str, Checker, str], ...]] = {}


def field_shapes(cls: type) -> tuple[tuple[str, Checker, str], ...]:
    """``(field name, predicate, type name)`` for each field of the action class ``cls``
    (a trusted class: the engines look it up by identity first)."""
    found = _SHAPES.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = tuple((field.name, *_checker(hints[field.name])) for field in attrs.fields(cls))
        _SHAPES[cls] = found
    return found


def _test(hint: Any, value: str, names: dict[str, object], depth: int = 0) -> str:
    """The test of ``_checker(hint)`` as a Python expression on the variable ``value``; the
    types it names are put into ``names``."""
    if hint is None or hint is type(None):
        return f"{value} is None"
    origin = typing.get_origin(hint)
    if origin is typing.Union or origin is types.UnionType:
        parts = [_test(arg, value, names, depth) for arg in typing.get_args(hint)]
        return f"({' or '.join(parts)})"
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            sized = f"type({value}) is tuple and len({value}) <= {MAX_ITEMS}"
            kind = args[0]
            if isinstance(kind, type) and (kind in (int, bool, str) or issubclass(kind, Enum)):
                # items of one exact type: their types compared by identity in C, not in a
                # generator (a tuple of paints, glass or tile IDs in many an action)
                name = f"_type_{len(names)}"
                names.update({name: kind, "_is": is_, "_repeat": repeat})
                same = f"all(map(_is, map(type, {value}), _repeat({name})))"
                if kind is str:
                    same += f" and max(map(len, {value}), default=0) <= {MAX_TEXT}"
                return f"({sized} and {same})"
            item = f"_x{depth}"
            each = _test(args[0], item, names, depth + 1)
            return f"({sized} and all({each} for {item} in {value}))"
        tests = [f"type({value}) is tuple", f"len({value}) == {len(args)}"]
        tests += [_test(arg, f"{value}[{i}]", names, depth) for i, arg in enumerate(args)]
        return f"({' and '.join(tests)})"
    if isinstance(hint, type) and (hint in (int, bool, str) or issubclass(hint, Enum)):
        name = f"_type_{len(names)}"
        names[name] = hint
        if hint is str:
            return f"(type({value}) is {name} and len({value}) <= {MAX_TEXT})"
        return f"type({value}) is {name}"
    raise TypeError(f"no shape check for field type {hint!r}")


def _compiled(cls: type) -> Checker:
    """The test of every field of the action class ``cls`` at once, compiled once per class
    from its field types (as attrs compiles ``__init__``): the K.1 check runs for every action
    applied, and the closures of ``field_shapes`` cost up to 2 µs a call, this 0.1-0.3 µs.
    ``cls`` is trusted, as for ``field_shapes`` (the engines find it by identity first): its
    field names, attrs identifiers, go into the compiled source."""
    found = _WELL_SHAPED.get(cls)
    if found is None:
        field_shapes(cls)  # raises TypeError for a field type with no check
        hints = typing.get_type_hints(cls)
        names: dict[str, object] = {}
        reads, tests = [], []
        for i, field in enumerate(attrs.fields(cls)):
            reads.append(f"    _v{i} = action.{field.name}\n")
            tests.append(_test(hints[field.name], f"_v{i}", names))
        source = (
            "def well_shaped(action):\n"
            + "".join(reads)
            + f"    return {' and '.join(tests) or 'True'}\n"
        )
        exec(compile(source, f"<K.1 shape check of {cls.__qualname__}>", "exec"), names)
        found = _WELL_SHAPED[cls] = typing.cast(Checker, names["well_shaped"])
    return found


_WELL_SHAPED: dict[type, Checker] = {}


def shape_checker(cls: type) -> Checker:
    """``well_shaped`` for the instances of the action class ``cls``, compiled now (an engine
    keeps it beside the class's validator, so the check of every action applied is one call)."""
    return _compiled(cls)


def well_shaped(action: object) -> bool:
    """K.1: every field of ``action`` (an instance of a game's action class) holds a value of
    its declared type (the test ``field_shapes`` states field by field)."""
    compiled = _WELL_SHAPED.get(type(action))
    return (compiled or _compiled(type(action)))(action)


def shape_problem(action: object) -> str | None:
    """K.1: None when every field of ``action`` (an instance of a game's action class) holds a
    value of its declared type, otherwise which field does not, and what it must be."""
    if well_shaped(action):
        return None
    kind = type(action)
    for name, check, expected in field_shapes(kind):
        value = getattr(action, name)
        if not check(value):
            return f"{kind.__name__}.{name} must be {expected}, not {describe(value)}"
    return None


def misshapen_refusal(
    check: Callable[[Any, Any], IllegalAction | None],
    state: object,
    action: object,
    problem: str,
    *,
    seat: int | None,
    where: str,
) -> IllegalAction:
    """K.1: the refusal of an action with a field of the wrong type (``problem``, from
    ``shape_problem``): the validator's own when it has one (naming the precise rule),
    otherwise ``MalformedAction`` under K.1. Only here may a validator's exception be read as
    a refusal: the odd field reached code that assumes the declared type. The validator sees
    the action only when every field holds plain data: a value of another class (a ``str``
    subclass, say) could run hostile code in the validator's comparisons and hashes."""
    found = None
    if all(map(_plain, attrs.astuple(typing.cast(Any, action), recurse=False))):
        try:
            found = check(state, action)
        except (TypeError, ValueError, AttributeError, KeyError, IndexError):
            found = None
    if found is not None:
        return found
    return MalformedAction(SHAPE_RULE, problem, seat=seat, where=where)


_PLAIN = frozenset({int, bool, float, str, bytes, type(None)})


def _plain(value: object, depth: int = 0) -> bool:
    """``value`` is plain data: of a built-in data type, an enum member whose comparisons are
    the built-in ones, or a short tuple or list of such; bounded in depth and length. Comparing or
    hashing it runs no code of the sender's."""
    kind = type(value)
    if kind in _PLAIN:
        return kind is not str or len(value) <= MAX_TEXT  # type: ignore[arg-type]
    if kind is tuple or kind is list:
        items: tuple[object, ...] = value  # type: ignore[assignment]
        return depth < 3 and len(items) <= MAX_ITEMS and all(_plain(x, depth + 1) for x in items)
    return type(kind) is type(Enum) and all(map(_builtin_comparisons, kind.__mro__))


def _builtin_comparisons(cls: type) -> bool:
    """``cls`` defines no ``__eq__`` or ``__hash__`` of its own beyond the built-in ones."""
    if any(getattr(module, cls.__name__, None) is cls for module in (builtins, enum)):
        return True  # the built-in and enum classes themselves, by identity
    own = vars(cls)
    return "__eq__" not in own and own.get("__hash__", object.__hash__) is object.__hash__
