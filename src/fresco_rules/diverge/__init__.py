"""Where two readings part: two interpretations (configs) of one game played in lock-step
over many seeded games, each stopped at the first position where they disagree, with witness
records you can replay (``fresco-rules diverge``).

``play_lockstep`` (one game) needs nothing beyond the library; the search over many games
(``Plan``, ``diverge``, ``run_search``) needs the ``[study]`` extra and is loaded when first
used, so the command line works without it.
"""

from importlib import import_module
from typing import Any

from .core import KINDS, Divergence, LockStep, Refusal, play_lockstep, state_fields

_SEARCH = {"Plan": "plan", "Outcome": "plan", "diverge": "search", "run_search": "run"}


def __getattr__(name: str) -> Any:
    """The search's names, from their modules on first use (they need the ``[study]`` extra)."""
    module = _SEARCH.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{module}"), name)


__all__ = [
    "KINDS",
    "Divergence",
    "LockStep",
    "Outcome",
    "Plan",
    "Refusal",
    "diverge",
    "play_lockstep",
    "run_search",
    "state_fields",
]
