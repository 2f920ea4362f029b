"""Barbarossa (Klaus Teuber, 2005 Catan GmbH edition) for 3-4 players, on the same kernel as
Fresco.

The public protocol: ``new_game``, ``legal_actions``, ``apply``, ``explain``, ``is_over``,
``scores``, ``current_player`` and ``token_ledger``; the pure table ``sculptor_delta``; the
vocabulary and the action records. Human judgements (the sculptor's answers, letters and
verdicts, and who calls a curse) are actions; die rolls come from the state's chance source.
"""

from ..kernel.view import Views as _Views
from ..kernel.view import register_views as _register_views
from .actions import (
    ACTION_TYPES,
    ACTIONS_BY_KIND,
    Action,
    Answer,
    AskLetter,
    AskQuestion,
    CallCurses,
    DeclineLetter,
    GiveLetter,
    Guess,
    Judge,
    NoSuchLetter,
    RollDie,
    SpendJewels,
    StopAsking,
)
from .board_view import text_view
from .config import (
    OPTION_TYPES,
    CurseInOwnSolution,
    FinishTiebreak,
    FirstPlayer,
    GameConfig,
    GuessResolution,
    InvalidConfig,
    JewelMove,
    LetterCheck,
    QuestionPhase,
    RingMode,
)
from .data import (
    ComponentData,
    Track,
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
    public_log,
    scores,
    token_ledger,
    winners,
)
from .flow import new_game, order_callers
from .game import GAME, record_game
from .picture import svg
from .records import make_codec
from .render import describe
from .scoring import sculptor_delta
from .seat_view import PlayerView
from .state import Event, Judgement, Note, Request, State, Step
from .text_notation import legal_forms, notation, parse_action
from .vocab import (
    LAST_LETTER,
    NO_SUCH_LETTER,
    RULE_ID,
    RULE_SPECS,
    EventKind,
    Reply,
    Verdict,
    guess_matches,
    normalise_word,
)

__all__ = [
    "ACTIONS_BY_KIND",
    "ACTION_TYPES",
    "GAME",
    "LAST_LETTER",
    "NO_SUCH_LETTER",
    "OPTION_TYPES",
    "RULE_ID",
    "RULE_SPECS",
    "Action",
    "Answer",
    "AskLetter",
    "AskQuestion",
    "CallCurses",
    "ComponentData",
    "CurseInOwnSolution",
    "DeclineLetter",
    "Event",
    "EventKind",
    "FinishTiebreak",
    "FirstPlayer",
    "GameConfig",
    "GiveLetter",
    "Guess",
    "GuessResolution",
    "InvalidConfig",
    "JewelMove",
    "Judge",
    "Judgement",
    "LetterCheck",
    "NoSuchLetter",
    "Note",
    "PlayerView",
    "QuestionPhase",
    "Reply",
    "Request",
    "RingMode",
    "RollDie",
    "SpendJewels",
    "State",
    "Step",
    "StopAsking",
    "Track",
    "Verdict",
    "apply",
    "components_from_mapping",
    "components_to_mapping",
    "current_player",
    "default_components",
    "describe",
    "explain",
    "guess_matches",
    "is_over",
    "legal_actions",
    "legal_forms",
    "load_components",
    "make_codec",
    "new_game",
    "normalise_word",
    "notation",
    "order_callers",
    "parse_action",
    "player_view",
    "public_log",
    "record_game",
    "scores",
    "sculptor_delta",
    "svg",
    "text_view",
    "token_ledger",
    "winners",
]

_register_views(State, _Views("barbarossa", text_view, svg))
