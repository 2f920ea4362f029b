"""Pig declared once for every tool (``fresco_rules.kernel.declaration``): the object the
entry point ``pig = "pig_rules.declaration:DECLARATION"`` names."""

from __future__ import annotations

from fresco_rules.kernel.declaration import declare

from . import (
    adapter_spec,
    config,
    data,
    engine,
    game,
    picture,
    records,
    render,
    study_adapter,
    text_notation,
    vocab,
)
from ._version import __version__

DECLARATION = declare(
    title="Pig",
    version=__version__,
    package=__package__ or "pig_rules",
    adapter_spec=adapter_spec,
    config=config,
    data=data,
    engine=engine,
    game=game,
    picture=picture,
    records=records,
    render=render,
    study_adapter=study_adapter,
    text_notation=text_notation,
    vocab=vocab,
)
"""Pig, as every tool sees it."""
