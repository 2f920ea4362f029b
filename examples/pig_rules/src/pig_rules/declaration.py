"""Pig declared once for every tool (``fresco_rules.kernel.declaration``): the object the
entry point ``pig = "pig_rules.declaration:DECLARATION"`` names."""

from __future__ import annotations

from fresco_rules.kernel.declaration import Board, Components, GameDeclaration, Notation

from . import data, render, text_notation
from ._version import __version__
from .adapter_spec import SPEC
from .config import OPTION_TYPES, GameConfig, InvalidConfig
from .engine import player_view, winners
from .game import GAME
from .picture import svg
from .records import make_codec
from .study_adapter import ADAPTER
from .vocab import GAME_NAME, RULE_ID

DECLARATION = GameDeclaration(
    name=GAME_NAME,
    title="Pig",
    players=tuple(range(SPEC.min_players, SPEC.max_players + 1)),
    default_players=SPEC.default_players,
    rules=GAME,
    version=__version__,
    config_type=GameConfig,
    option_types=OPTION_TYPES,
    invalid_config=InvalidConfig,
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
    board=Board(text=render.board, svg=svg, events=render.events),
    player_view=player_view,
    winners=winners,
    rule_id=RULE_ID,
    rule_specs=(),
    package=__package__ or "pig_rules",
    adapter=SPEC,
    study=ADAPTER,
)
"""Pig, as every tool sees it."""
