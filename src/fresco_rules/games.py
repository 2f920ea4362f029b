"""The games this library knows, by the name their records carry, and record replay for any
of them."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .kernel.protocol import GameRules
from .kernel.records import InvalidRecord, ValidationReport, parse_record
from .kernel.records import replay as _replay
from .kernel.records import validate as _validate

PACKAGES = {
    "fresco": "fresco_rules.fresco",
    "barbarossa": "fresco_rules.barbarossa",
    "carcassonne": "fresco_rules.carcassonne",
}


def get_game(name: str) -> GameRules[Any, Any]:
    """The ``GameRules`` of a game by name (``"fresco"``, ``"barbarossa"``,
    ``"carcassonne"``)."""
    package = PACKAGES.get(name)
    if package is None:
        raise InvalidRecord(f"unknown game {name!r}; known: {', '.join(PACKAGES)}", path="$.game")
    try:
        game: GameRules[Any, Any] = import_module(package).GAME
    except (ImportError, AttributeError):
        raise InvalidRecord(
            f"game {name!r} is not available in this version", path="$.game"
        ) from None
    return game


def replay(record: Any) -> Any:
    """Replay a game record of any known game (named in its ``game`` field); see
    ``kernel.records.replay``."""
    data = parse_record(record)
    return _replay(get_game(str(data.get("game"))), data)


def validate(record: Any) -> ValidationReport:
    """``replay`` as a report that never raises; see ``kernel.records.validate``."""
    try:
        data = parse_record(record)
        game = get_game(str(data.get("game")))
    except InvalidRecord as exc:
        return ValidationReport(False, 0, False, None, malformed=str(exc))
    return _validate(game, data)
