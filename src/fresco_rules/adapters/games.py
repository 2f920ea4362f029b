"""The games the adapters know, by name."""

from __future__ import annotations

from .barbarossa_spec import SPEC as BARBAROSSA
from .carcassonne_spec import SPEC as CARCASSONNE
from .core import AdapterError, GameSpec, Params, Table, table_for
from .fresco_spec import SPEC as FRESCO

__all__ = ["BARBAROSSA", "CARCASSONNE", "FRESCO", "SPECS", "AdapterError", "spec", "table"]

SPECS: dict[str, GameSpec] = {
    "fresco": FRESCO,
    "barbarossa": BARBAROSSA,
    "carcassonne": CARCASSONNE,
}


def spec(name: str) -> GameSpec:
    found = SPECS.get(name)
    if found is None:
        raise AdapterError(f"unknown game {name!r}; known: {', '.join(SPECS)}")
    return found


def table(name: str, params: Params | None = None) -> Table:
    """A game configuration by game name and parameters."""
    return table_for(spec(name), params)
