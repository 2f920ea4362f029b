"""Positions of any game of this library: ``position_to_json(state)`` writes one down,
``load_position(source)`` reads it back and checks it (``kernel.position`` says what). Each
game's own laws come from its declaration (``position_problems``)."""

from __future__ import annotations

from typing import Any

from .games import GameState, declaration, game_names, get_game, record_source
from .kernel.position import (
    InvalidPosition,
    PositionCheck,
    load_state,
    position_document,
    read_document,
)
from .kernel.records import InvalidRecord
from .kernel.untrusted import describe


def position_checks(name: str) -> PositionCheck:
    """The ``position_problems`` of a game by name (one of ``game_names()``)."""
    return declaration(name).position_problems


def position_to_json(state: GameState) -> dict[str, Any]:
    """The position document of a state of any game (plain JSON data, ``json.dumps`` writes
    it): ``format``, ``format_version``, ``library_version``, ``game`` and ``state``, the
    state's fields as the game's record codec writes them."""
    for name in game_names():
        if type(state) is declaration(name).state_type:
            return position_document(get_game(name), state)
    raise InvalidPosition(f"{describe(state)} is no state of a game of this library", path="$")


def load_position(source: Any) -> GameState:
    """The state a position document describes, checked: ``source`` is JSON text, bytes, a
    path or a parsed mapping (as ``replay`` takes). The document's bounds and shape, the
    state's fields and their types, the game's laws (bounds, seats, counts, invariants) and its
    token ledger are checked; the first problem raises ``InvalidPosition`` (a ``RulesError``)
    naming its JSON path and the rule or ledger it breaks."""
    data = read_document(record_source(source))
    name = data.get("game")
    if type(name) is not str or name not in game_names():
        raise InvalidPosition(
            f"the game must be one of {', '.join(game_names())}, not {describe(name)}",
            path="$.game",
        )
    try:
        game = get_game(name)
    except InvalidRecord as exc:
        raise InvalidPosition(str(exc), path="$.game") from None
    state: GameState = load_state(game, data, position_checks(name))
    return state
