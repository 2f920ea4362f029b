"""Carcassonne declared once for every tool (see ``kernel.declaration``): the top of the
game's folder, which nothing in the folder imports."""

from __future__ import annotations

from .._version import __version__
from ..kernel.declaration import Board, Components, GameDeclaration, Notation
from . import data, render, text_notation
from .adapter_spec import SPEC
from .board_view import text_view
from .config import OPTION_TYPES, GameConfig, InvalidConfig
from .engine import player_view, winners
from .game import GAME
from .picture import svg
from .position import position_problems
from .records import build_schema, make_codec
from .state import State
from .study_adapter import ADAPTER
from .vocab import RULE_ID, RULE_SPECS

DECLARATION = GameDeclaration(
    state_type=State,
    position_problems=position_problems,
    name=GAME.name,
    title="Carcassonne",
    players=tuple(range(SPEC.min_players, SPEC.max_players + 1)),
    default_players=SPEC.default_players,
    rules=GAME,
    version=__version__,
    config_type=GameConfig,
    option_types=OPTION_TYPES,
    invalid_config=InvalidConfig,
    option_rules={"festival": "F1", "farmers": "V3"},
    parse_modules=None,
    components=Components(
        load=data.load_components,
        from_mapping=data.components_from_mapping,
        to_mapping=data.components_to_mapping,
        template_text=data.template_text,
        default=data.default_components,
    ),
    make_codec=make_codec,
    notation=Notation(
        format=text_notation.notation,
        parse=text_notation.parse_action,
        legal_forms=text_notation.legal_forms,
    ),
    board=Board(
        text=render.board,
        view=text_view,
        svg=svg,
        events=render.events,
        score_sheet=render.ScoreSheet,
    ),
    player_view=player_view,
    winners=winners,
    rule_id=RULE_ID,
    rule_specs=RULE_SPECS,
    package=__package__ or "",
    adapter=SPEC,
    study=ADAPTER,
    build_schema=build_schema,
)
"""Carcassonne, as every tool sees it."""
