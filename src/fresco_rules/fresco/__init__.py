"""Fresco (Queen Games, 2010): the base game and the two-player Leonardo rules.

The public protocol: ``new_game``, ``legal_actions``, ``apply``, ``explain``, ``is_over``,
``scores``, ``current_player`` and ``token_ledger``; pure scoring laws ``bishop_bonus`` and
``altar_points``; the vocabulary ``Paint`` and the action records.
"""

from .actions import (
    ACTION_TYPES,
    ACTIONS_BY_KIND,
    Action,
    AttendTheatre,
    Blend,
    BuyTile,
    ChooseGetUp,
    ChooseTrackSpace,
    CloseBooth,
    EarnStudio,
    EndTurn,
    Restore,
    RestoreAltar,
    SubmitPlan,
)
from .config import (
    AltarLimit,
    BishopMoveLimit,
    GameConfig,
    InvalidConfig,
    MarketRefill,
    SecondCathedral,
    StartRotation,
    TrackCollision,
)
from .data import (
    ComponentData,
    HostelSpace,
    MoodTrack,
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
    leonardo_score,
    player_view,
    scores,
    token_ledger,
    winners,
)
from .flow import new_game
from .scoring import altar_points, bishop_bonus, money_points, track_options
from .state import Phase, State, Turn
from .vocab import BASE_PAINTS, CENTRE, Location, Paint, Segment

__all__ = [
    "ACTIONS_BY_KIND",
    "ACTION_TYPES",
    "BASE_PAINTS",
    "CENTRE",
    "Action",
    "AltarLimit",
    "AttendTheatre",
    "BishopMoveLimit",
    "Blend",
    "BuyTile",
    "ChooseGetUp",
    "ChooseTrackSpace",
    "CloseBooth",
    "ComponentData",
    "EarnStudio",
    "EndTurn",
    "GameConfig",
    "HostelSpace",
    "InvalidConfig",
    "Location",
    "MarketRefill",
    "MoodTrack",
    "Paint",
    "Phase",
    "Restore",
    "RestoreAltar",
    "SecondCathedral",
    "Segment",
    "StartRotation",
    "State",
    "SubmitPlan",
    "TrackCollision",
    "Turn",
    "altar_points",
    "apply",
    "bishop_bonus",
    "components_from_mapping",
    "components_to_mapping",
    "current_player",
    "default_components",
    "explain",
    "is_over",
    "legal_actions",
    "leonardo_score",
    "load_components",
    "money_points",
    "new_game",
    "player_view",
    "scores",
    "token_ledger",
    "track_options",
    "winners",
]

from ..kernel.protocol import GameRules as _GameRules
from .records import make_codec, record_game
from .render import describe

GAME: _GameRules[State, Action] = _GameRules(
    name="fresco",
    default_config=GameConfig,
    new_game=new_game,
    legal_actions=legal_actions,
    apply=apply,
    explain=explain,
    is_over=is_over,
    scores=scores,
    current_player=current_player,
    token_ledger=token_ledger,
    describe=describe,
    codec=make_codec(),
)
"""Fresco as a kernel ``GameRules`` value (random play, state machines, records)."""

__all__ += ["GAME", "describe", "make_codec", "record_game"]
