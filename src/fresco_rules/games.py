"""The games this library knows, by the name their records carry, and record replay for any
of them: the registry.

``declaration(name)`` is a game's ``GameDeclaration`` (``kernel.declaration``): the built-in
games of ``PACKAGES`` and any installed package that declares a game in the entry-point group
``fresco_rules.games`` (``pig = "pig_rules:DECLARATION"``). A game that fails to load is
refused with ``GameUnavailable`` naming it; the other games still work.

``PACKAGES`` is the one list of the built-in games. Every tool (the command line, records,
OpenSpiel, PettingZoo, ``conform``, the study, the scripts) takes its games from here, through
``game_names`` and ``declaration``, and nothing else. A built-in game is one folder (a package)
whose ``declaration`` module holds its ``DECLARATION``; adding one is adding its folder and one
line to ``PACKAGES``."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from importlib import import_module
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeAlias, cast

from .kernel.declaration import GameDeclaration
from .kernel.errors import RulesError
from .kernel.history import GameHistory
from .kernel.protocol import GameRules
from .kernel.records import InvalidRecord, ValidationReport, parse_record
from .kernel.records import replay as _replay
from .kernel.records import validate as _validate
from .kernel.untrusted import describe

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

ENTRY_POINT_GROUP = "fresco_rules.games"
"""Where installed packages declare their games: name -> ``module:DECLARATION``."""

_GAME_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")


class GameUnavailable(RulesError):
    """A game that is not registered, or whose package fails to load or declares no valid
    ``GameDeclaration``."""


@cache
def _installed() -> Mapping[str, EntryPoint]:
    """The games installed packages declare (read once: installing a package needs a new
    process anyway). Built-in names cannot be taken over."""
    found: dict[str, EntryPoint] = {}
    for point in entry_points(group=ENTRY_POINT_GROUP):
        if point.name not in PACKAGES and _GAME_NAME.fullmatch(point.name):
            found.setdefault(point.name, point)
    return MappingProxyType(found)


def game_names() -> tuple[str, ...]:
    """The names of every registered game: the built-in games (the default first), then the
    installed ones in name order."""
    return (*PACKAGES, *sorted(_installed()))


def declaration(name: str) -> GameDeclaration:
    """The declaration of a registered game; ``GameUnavailable`` (naming the game) for an
    unknown name or a game that fails to load."""
    if type(name) is not str or name not in game_names():
        raise GameUnavailable(f"unknown game {describe(name)}; known: {', '.join(game_names())}")
    found = _load(name)
    if type(found) is str:
        raise GameUnavailable(found)
    assert type(found) is GameDeclaration
    return found


@cache
def _load(name: str) -> GameDeclaration | str:
    """A game's declaration, or why it is unavailable (kept too: a broken package's import is
    run once, not at every look-up)."""
    try:
        if name in PACKAGES:
            found: object = import_module(f"{PACKAGES[name]}.declaration").DECLARATION
        else:
            found = _installed()[name].load()
    except (Exception, SystemExit) as exc:  # a third-party game's import may fail in any way
        return f"game {name!r} failed to load: {type(exc).__name__}: {describe(str(exc))}"
    if type(found) is not GameDeclaration:
        return f"game {name!r} declares {describe(found)}, not a GameDeclaration"
    if found.name != name:
        return f"game {name!r} declares itself as {describe(found.name)}"
    return found


def get_game(name: str) -> GameRules[Any, Any]:
    """The ``GameRules`` of a game a record names (one of ``game_names()``); an
    ``InvalidRecord`` at ``$.game`` for an unknown game or one that fails to load."""
    return record_declaration({"game": name}).rules


def record_source(record: Any) -> Any:
    """What ``parse_record`` reads: a ``str`` is JSON text when it starts with ``{`` (after
    white space) and a file path otherwise; anything else is passed on as it is."""
    if isinstance(record, str) and not record.lstrip().startswith("{"):
        return Path(record)
    return record


def record_declaration(data: Mapping[str, Any]) -> GameDeclaration:
    """The declaration of the game a parsed record names in its ``game`` field; an
    ``InvalidRecord`` at ``$.game`` when the field is missing, not a string or no game that
    loads."""
    if "game" not in data:
        raise InvalidRecord(
            f"the record has no 'game' field (one of: {', '.join(game_names())})", path="$.game"
        )
    name = data["game"]
    if type(name) is not str:
        raise InvalidRecord(
            f"the game must be a name (one of: {', '.join(game_names())}), not {describe(name)}",
            path="$.game",
        )
    try:
        return declaration(name)
    except GameUnavailable as exc:
        raise InvalidRecord(str(exc), path="$.game") from None


def record_game(data: Mapping[str, Any]) -> GameRules[Any, Any]:
    """The ``GameRules`` of the game a parsed record names (see ``record_declaration``)."""
    return record_declaration(data).rules


def replay(record: Any) -> GameState:
    """Replay a game record of any known game (named in its ``game`` field) and return the
    final state (a Fresco, a Barbarossa or a Carcassonne ``State``). ``record`` is a path
    (``"game.json"`` or a ``Path``), JSON text (a ``str`` starting with ``{``), bytes or a
    parsed mapping. Raises ``ReplayError`` at the first illegal step and ``InvalidRecord`` for
    a malformed record (both ``RulesError``); see ``kernel.records.replay``."""
    data = parse_record(record_source(record))
    return cast("GameState", _replay(record_game(data), data))


def validate(record: Any) -> ValidationReport:
    """The ``ValidationReport`` of a game record (any form ``replay`` takes): valid with its
    scores, or the first failure; never raises. See ``kernel.records.validate``."""
    try:
        data = parse_record(record_source(record))
        game = record_game(data)
    except InvalidRecord as exc:
        return ValidationReport(False, 0, False, None, malformed=str(exc))
    return _validate(game, data)


def new_history(
    game: str | GameRules[Any, Any], config: Any = None, seed: int = 0
) -> GameHistory[Any, Any]:
    """A ``GameHistory`` of a new game: ``game`` by name (one of ``game_names()``) or as its
    ``GameRules``; ``config`` None for the game's default; ``seed`` as ``new_game`` takes it."""
    rules = get_game(game) if isinstance(game, str) else game
    return GameHistory(rules, config, seed)


def load_history(record: Any) -> GameHistory[Any, Any]:
    """The ``GameHistory`` of a game record of any known game (any form ``replay`` takes),
    replayed strictly (``InvalidRecord``, ``ReplayError`` as ``replay`` raises them)."""
    data = parse_record(record_source(record))
    return GameHistory.from_record(record_game(data), data)
