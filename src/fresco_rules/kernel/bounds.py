"""Declared ranges for every number and size in plain data (component files, record setups).

A game declares, per field pattern, the range a physical box (or a sane setup) can have:
``"money.total": (1, 1000)``, ``"sides[].hostel[].price": (0, 20)``, and list sizes as
``"len(sides[].hostel)": (1, 12)``. Patterns are paths without the ``$.`` prefix, list
indices written ``[]`` and mapping keys of free-form tables written ``*``
(``"paints.totals.*"``). ``bound_problems`` walks the data without recursion and names the
path of every value outside its range, of every integer without a declared range and of every
list longer than ``max_items`` when no size is declared, so nothing proportional to a count is
built before the count is known to be sane.
"""

from __future__ import annotations

from collections.abc import Mapping

from .untrusted import describe

Bounds = Mapping[str, tuple[int, int]]

DEFAULT_MAX_ITEMS = 200
"""The longest list a field may hold when its size has no declared range."""

MAX_TEXT = 200
"""The longest string in component data or a record setup (characters)."""

MAX_DEPTH = 16
"""The deepest nesting of component data or a record setup."""


def bound_problems(
    plain: object,
    bounds: Bounds,
    *,
    free_keys: frozenset[str] = frozenset(),
    max_items: int = DEFAULT_MAX_ITEMS,
    root: str = "$",
) -> list[str]:
    """Problems of plain data (dicts with str keys, lists or tuples, str, int, float, bool, None)
    against
    declared ``bounds``; each names its path (``... @ $.sides[0].hostel[2].price``).
    ``free_keys`` are the patterns of tables whose keys are data (their items match
    ``pattern.*``)."""
    problems: list[str] = []
    # (value, pattern, path, depth); walked with a stack: data may nest arbitrarily deep.
    stack: list[tuple[object, str, str, int]] = [(plain, "", root, 0)]
    while stack:
        value, pattern, path, depth = stack.pop()
        kind = type(value)
        if kind is bool or value is None or kind is float:
            continue
        if kind is int:
            declared = bounds.get(pattern)
            if declared is None:
                problems.append(f"no range is declared for this number @ {path}")
            elif not declared[0] <= value <= declared[1]:  # type: ignore[operator]
                problems.append(
                    f"must lie within {declared[0]}..{declared[1]}, not {describe(value)} @ {path}"
                )
            continue
        if kind is str:
            if len(value) > MAX_TEXT:  # type: ignore[arg-type]
                problems.append(f"a text of at most {MAX_TEXT} characters @ {path}")
            continue
        if depth >= MAX_DEPTH:
            problems.append(f"nested more than {MAX_DEPTH} levels deep @ {path}")
            continue
        if kind is list or kind is tuple:
            items: list[object] = list(value)  # type: ignore[call-overload]
            size = bounds.get(f"len({pattern})", (0, max_items))
            if not size[0] <= len(items) <= size[1]:
                problems.append(f"holds {size[0]}..{size[1]} items, not {len(items)} @ {path}")
                continue
            stack.extend(
                (item, f"{pattern}[]", f"{path}[{i}]", depth + 1)
                for i, item in reversed(list(enumerate(items)))
            )
            continue
        if kind is dict:
            table: dict[object, object] = value  # type: ignore[assignment]
            if len(table) > max_items:
                problems.append(f"holds at most {max_items} entries, not {len(table)} @ {path}")
                continue
            free = pattern in free_keys
            for key, item in reversed(list(table.items())):
                if type(key) is not str:
                    problems.append(f"a key must be a string, not {describe(key)} @ {path}")
                    continue
                child = f"{pattern}.*" if free else (f"{pattern}.{key}" if pattern else key)
                stack.append((item, child, f"{path}.{key}", depth + 1))
            continue
        problems.append(f"{describe(value)} is not plain data @ {path}")
    return problems


def int_patterns(plain: object) -> set[str]:
    """The patterns of every integer in plain data (to check that each has a declared range)."""
    found: set[str] = set()
    stack: list[tuple[object, str]] = [(plain, "")]
    while stack:
        value, pattern = stack.pop()
        if type(value) is int:
            found.add(pattern)
        elif type(value) is list or type(value) is tuple:
            stack.extend((item, f"{pattern}[]") for item in value)
        elif type(value) is dict:
            for key, item in value.items():
                stack.append((item, f"{pattern}.{key}" if pattern else str(key)))
    return found
