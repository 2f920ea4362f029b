"""Carcassonne (Klaus-Jürgen Wrede) base game with the mini-expansion "The Festival", for 2-5
players, on the same kernel as Fresco and Barbarossa.

The public protocol: ``new_game``, ``legal_actions``, ``apply``, ``explain``, ``is_over``,
``scores``, ``current_player``, ``token_ledger``, ``player_view`` (a typed ``PlayerView``);
the actions ``PlaceTile``, ``Deploy``, ``ReturnFigure`` and ``Pass``; their text forms
``notation``, ``parse_action`` and ``legal_forms`` (``place 2,-1 90``, ``deploy city N-W``,
``return farm SSE at 0,1``, ``pass``); the views ``str(state)`` (``text_view``) and
``svg(state)``. Board coordinates: the start tile at (0, 0), x grows to the east, y to the
SOUTH; rotations are clockwise quarter turns 0-3 (written 0, 90, 180, 270 degrees in the
notation). Tile draws are chance events of kind
``"tile"`` (outcomes ``"A"``..``"X"``, ``"FE1"``..``"FE10"``).
"""

from ..kernel.view import Views as _Views
from ..kernel.view import register_views as _register_views
from .actions import ACTION_TYPES, ACTIONS_BY_KIND, Action, Deploy, Pass, PlaceTile, ReturnFigure
from .board_view import text_view
from .config import (
    OPTION_TYPES,
    FestivalReturn,
    FirstPlayer,
    GameConfig,
    InvalidConfig,
    Switch,
    Tables,
    TinyCity,
    derive_tables,
)
from .data import (
    ComponentData,
    TileType,
    components_from_mapping,
    components_to_mapping,
    default_components,
    load_components,
)
from .engine import (
    apply,
    current_player,
    explain,
    is_over,
    legal_actions,
    player_view,
    scores,
    token_ledger,
    winners,
)
from .flow import new_game
from .game import GAME, record_game
from .geometry import key_of, xy_of
from .picture import svg
from .records import make_codec
from .render import board, describe
from .seat_view import PlayerView
from .state import Feature, Follower, Phase, Placed, Scoring, State
from .text_notation import legal_forms, notation, parse_action
from .vocab import RULE_ID, RULE_SPECS, Kind

__all__ = [
    "ACTIONS_BY_KIND",
    "ACTION_TYPES",
    "GAME",
    "OPTION_TYPES",
    "RULE_ID",
    "RULE_SPECS",
    "Action",
    "ComponentData",
    "Deploy",
    "Feature",
    "FestivalReturn",
    "FirstPlayer",
    "Follower",
    "GameConfig",
    "InvalidConfig",
    "Kind",
    "Pass",
    "Phase",
    "PlaceTile",
    "Placed",
    "PlayerView",
    "ReturnFigure",
    "Scoring",
    "State",
    "Switch",
    "Tables",
    "TileType",
    "TinyCity",
    "apply",
    "board",
    "components_from_mapping",
    "components_to_mapping",
    "current_player",
    "default_components",
    "derive_tables",
    "describe",
    "explain",
    "is_over",
    "key_of",
    "legal_actions",
    "legal_forms",
    "load_components",
    "make_codec",
    "new_game",
    "notation",
    "parse_action",
    "player_view",
    "record_game",
    "scores",
    "svg",
    "text_view",
    "token_ledger",
    "winners",
    "xy_of",
]

_register_views(State, _Views("carcassonne", text_view, svg))
