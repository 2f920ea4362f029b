"""``attrs.evolve`` for the hot paths of the rules: the same new instance, several times faster.

``attrs.evolve`` looks up the class's fields and reads them one by one with ``getattr`` on every
call (about 20 µs for a 36-field state). Here each class gets a plan once: its field names in
``__init__`` order and one C-level ``attrgetter`` for all of them. A frozen class with
``__dict__`` (``@frozen(slots=False)``) and no converter, validator or ``__attrs_post_init__``
(a game state) is copied dict to dict without running ``__init__``; any other class is rebuilt
positionally through its ``__init__`` (so converters and validators run, as with
``attrs.evolve``). A class with init-less, keyword-only or aliased fields falls back to
``attrs.evolve``.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar

import attrs

T = TypeVar("T")

_new = object.__new__
_setattr = object.__setattr__


class _Plan:
    __slots__ = ("copy_dict", "fallback", "index", "values")

    def __init__(self, cls: type) -> None:
        fields = attrs.fields(cls)
        names = tuple(field.name for field in fields)
        self.index = {name: i for i, name in enumerate(names)}
        self.values: Callable[[Any], Any] = attrgetter(*names) if names else (lambda _: ())
        self.fallback = any(
            not field.init or field.kw_only or field.alias != field.name for field in fields
        )
        plain = all(
            field.converter is None and field.validator is None and field.on_setattr is None
            for field in fields
        )
        self.copy_dict = (
            plain and "__slots__" not in cls.__dict__ and not hasattr(cls, "__attrs_post_init__")
        )


_PLANS: dict[type, _Plan] = {}
_DICT_COPIED: dict[type, Callable[[Any, dict[str, Any]], None]] = {}
"""The classes whose plan copies dict to dict (the game states), each with the setter of its
instances' ``__dict__`` (the descriptor's own ``__set__``: a frozen class refuses
``setattr``, and ``object.__setattr__`` looks the descriptor up at every call)."""


def _dict_setter(cls: type) -> Callable[[Any, dict[str, Any]], None]:
    for base in cls.__mro__:
        descriptor = base.__dict__.get("__dict__")
        if descriptor is not None:
            setter: Callable[[Any, dict[str, Any]], None] = descriptor.__set__
            return setter
    return lambda inst, fields: _setattr(inst, "__dict__", fields)  # pragma: no cover


def evolve(inst: T, **changes: Any) -> T:
    """A copy of the attrs instance ``inst`` with ``changes`` (field name -> new value)."""
    cls = type(inst)
    set_dict = _DICT_COPIED.get(cls)
    if set_dict is not None:  # the plan's copy_dict branch, without reading the plan
        old = inst.__dict__
        fields = old | changes  # copy and update in one C call (the field order stays)
        if len(fields) != len(old):
            unknown = sorted(set(fields) - set(old))
            raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
        new = _new(cls)
        set_dict(new, fields)
        return new
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = _Plan(cls)
        if plan.copy_dict and not plan.fallback:
            _DICT_COPIED[cls] = _dict_setter(cls)
    if plan.fallback:
        return attrs.evolve(inst, **changes)  # type: ignore[misc]
    index = plan.index
    if plan.copy_dict:
        old = inst.__dict__
        fields = old | changes
        if len(fields) != len(old):
            unknown = sorted(set(changes) - set(index))
            raise TypeError(f"{cls.__name__} has no field {unknown[0]!r}")
        new = _new(cls)
        _setattr(new, "__dict__", fields)
        return new
    if len(index) < 2:
        return attrs.evolve(inst, **changes)  # type: ignore[misc]
    values = list(plan.values(inst))
    for name, value in changes.items():
        try:
            values[index[name]] = value
        except KeyError:
            raise TypeError(f"{cls.__name__} has no field {name!r}") from None
    return cls(*values)
