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


def __getattr__(name: str) -> Any:
    """The search's names, from their modules on first use (they need the ``[study]`` extra)."""
    if name in ("Plan", "Outcome"):
        return getattr(import_module(".plan", __name__), name)
    if name == "diverge":
        return import_module(".search", __name__).diverge
    if name == "run_search":
        return import_module(".run", __name__).run_search
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
