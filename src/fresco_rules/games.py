"""The games this library knows, by the name their records carry, and record replay for any
of them.

``PACKAGES`` is the one list of the built-in games: every tool (the command line, OpenSpiel,
PettingZoo, ``conform``, the study, the scripts) takes its games from it through
``game_names`` and ``game_package``. A game is one folder (a package) holding its rules
(``GAME``), and the modules ``adapter_spec`` (its ``GameSpec``, as ``SPEC``) and
``study_adapter`` (its study ``GameAdapter``, as ``ADAPTER``); adding a game is adding its
folder and one line here."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeAlias, cast

from .kernel.protocol import GameRules
from .kernel.records import InvalidRecord, ValidationReport, parse_record
from .kernel.records import replay as _replay
from .kernel.records import validate as _validate

GameState: TypeAlias = Any
"""The state of any game of this library (what ``replay`` returns): the ``State`` of the
record's game package."""

PACKAGES = MappingProxyType(
    {
        "fresco": "fresco_rules.fresco",
        "barbarossa": "fresco_rules.barbarossa",
        "carcassonne": "fresco_rules.carcassonne",
    }
)
"""The built-in games: name -> package. The first is the default of every tool."""

DEFAULT_GAME = next(iter(PACKAGES))
"""The game a tool plays when none is named."""


def game_names() -> tuple[str, ...]:
    """The names of the built-in games, the default game first."""
    return tuple(PACKAGES)


def game_package(name: str) -> str:
    """The package (module name) of a built-in game; a ``KeyError`` for an unknown name (a
    tool checks the name against ``game_names`` first and refuses it in its own words)."""
    return PACKAGES[name]


def get_game(name: str) -> GameRules[Any, Any]:
    """The ``GameRules`` of a game by name (one of ``game_names()``)."""
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


def record_source(record: Any) -> Any:
    """What ``parse_record`` reads: a ``str`` is JSON text when it starts with ``{`` (after
    white space) and a file path otherwise; anything else is passed on as it is."""
    if isinstance(record, str) and not record.lstrip().startswith("{"):
        return Path(record)
    return record


def replay(record: Any) -> GameState:
    """Replay a game record of any known game (named in its ``game`` field): a path (``str``
    or ``Path``), JSON text, bytes or a parsed mapping; see ``kernel.records.replay``."""
    data = parse_record(record_source(record))
    return cast("GameState", _replay(get_game(str(data.get("game"))), data))


def validate(record: Any) -> ValidationReport:
    """``replay`` as a report that never raises; see ``kernel.records.validate``."""
    try:
        data = parse_record(record_source(record))
        game = get_game(str(data.get("game")))
    except InvalidRecord as exc:
        return ValidationReport(False, 0, False, None, malformed=str(exc))
    return _validate(game, data)
