"""Barbarossa (Klaus Teuber, 2005 Catan GmbH edition) for 3-4 players, on the same kernel as
Fresco.

The public protocol: ``new_game``, ``legal_actions``, ``apply``, ``explain``, ``is_over``,
``scores``, ``current_player`` and ``token_ledger``; the pure table ``sculptor_delta``; the
vocabulary and the action records. Human judgements (the sculptor's answers, letters and
verdicts, and who calls a curse) are actions; die rolls come from the state's chance source.
"""

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
from .scoring import sculptor_delta
from .state import Event, Judgement, Note, Request, State, Step
from .vocab import (
    LAST_LETTER,
    NO_SUCH_LETTER,
    RULE_ID,
    EventKind,
    Reply,
    Verdict,
    guess_matches,
    normalise_word,
)

__all__ = [
    "ACTIONS_BY_KIND",
    "ACTION_TYPES",
    "LAST_LETTER",
    "NO_SUCH_LETTER",
    "OPTION_TYPES",
    "RULE_ID",
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
    "explain",
    "guess_matches",
    "is_over",
    "legal_actions",
    "load_components",
    "new_game",
    "normalise_word",
    "order_callers",
    "player_view",
    "public_log",
    "scores",
    "sculptor_delta",
    "token_ledger",
    "winners",
]

from ..kernel.protocol import GameRules as _GameRules
from .records import make_codec, record_game
from .render import describe

GAME: _GameRules[State, Action] = _GameRules(
    name="barbarossa",
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
"""Barbarossa as a kernel ``GameRules`` value (random play, state machines, records)."""

__all__ += ["GAME", "describe", "make_codec", "record_game"]
