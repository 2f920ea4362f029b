"""How a game state shows itself: ``str(state)`` is the game's text board view, ``repr`` is
bounded and unambiguous (a short position summary and a digest of every compared field), and
Jupyter draws the SVG board (``_repr_svg_``, ``_repr_html_``).

A game registers its views once with ``register_views``; its state class inherits ``Viewable``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import attrs
from attrs import frozen

TextView = Callable[[Any], str]


@frozen
class Views:
    """A game's text and SVG board views and its name for ``repr``."""

    game: str
    text: TextView
    svg: TextView


_VIEWS: dict[type, Views] = {}


def register_views(state_class: type, views: Views) -> None:
    """Make ``views`` the views of every instance of ``state_class``."""
    _VIEWS[state_class] = views


def state_digest(state: Any) -> str:
    """16 hex digits of SHA-256 over the repr of every compared field: equal states have equal
    digests, and different ones differ (up to a hash collision)."""
    values = tuple(getattr(state, field.name) for field in attrs.fields(type(state)) if field.eq)
    return hashlib.sha256(repr(values).encode("utf-8")).hexdigest()[:16]


class Viewable:
    """Mixin of a frozen attrs state class (declared with ``repr=False``)."""

    __slots__ = ()

    def _views(self) -> Views | None:
        return _VIEWS.get(type(self))

    def __str__(self) -> str:
        views = self._views()
        return repr(self) if views is None else views.text(self)

    def __repr__(self) -> str:
        views = self._views()
        where = getattr(self, "where", None)
        summary = where() if callable(where) else ""
        game = "" if views is None else f"{views.game}."
        return f"<{game}{type(self).__name__} {summary}; digest {state_digest(self)}>"

    def _repr_svg_(self) -> str:
        views = self._views()
        return "" if views is None else views.svg(self)

    def _repr_html_(self) -> str:
        return f"<div>{self._repr_svg_()}</div>"


class MappingView(Mapping[str, object]):
    """Mixin of a frozen attrs player view: its fields are typed attributes, and the view is
    also a read-only mapping of field name to value (plus the names in ``extra``, e.g. the
    modules' parts), so ``view.money`` and ``view["money"]`` agree."""

    __slots__ = ()

    def _items(self) -> dict[str, object]:
        fields: tuple[attrs.Attribute[Any], ...] = attrs.fields(type(self))  # type: ignore[arg-type]
        items = {f.name: getattr(self, f.name) for f in fields if f.name != "extra"}
        extra = getattr(self, "extra", None)
        if isinstance(extra, Mapping):
            items.update(extra)
        return items

    def __getitem__(self, key: str) -> object:
        return self._items()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items())

    def __len__(self) -> int:
        return len(self._items())
