"""Fresco declared once for every tool (see ``kernel.declaration``): the top of the
game's folder, which nothing in the folder imports."""

from __future__ import annotations

from .._version import __version__
from ..kernel.declaration import declare
from . import (
    adapter_spec,
    board_view,
    config,
    data,
    engine,
    game,
    picture,
    position,
    records,
    render,
    rule_catalogue,
    state,
    study_adapter,
    text_notation,
    vocab,
)
from .plugins import PLUGINS

DECLARATION = declare(
    title="Fresco",
    version=__version__,
    package=__package__ or "",
    adapter_spec=adapter_spec,
    board_view=board_view,
    config=config,
    data=data,
    engine=engine,
    game=game,
    picture=picture,
    position=position,
    records=records,
    render=render,
    state=state,
    study_adapter=study_adapter,
    text_notation=text_notation,
    vocab=vocab,
    rule_specs=vocab.RULE_SPECS,
    parse_modules=vocab.parse_modules,
    score_sheet=render.ScoreSheet,
    result_notes=render.result_notes,
    catalogue_sections=rule_catalogue.sections(PLUGINS),
    catalogue_order=rule_catalogue.spec_order(PLUGINS),
)
"""Fresco, as every tool sees it."""
