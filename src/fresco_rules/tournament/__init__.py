"""``fresco-rules tournament``: a round robin among study players for any registered game.

The tournament needs the ``[study]`` extra (numpy, OpenSkill); its names are loaded on first
use, so the command line works without it."""

from importlib import import_module
from typing import Any


def __getattr__(name: str) -> Any:
    """``Entry``, ``Tournament`` and ``play_tournament``, from ``run`` on first use."""
    if name in ("Entry", "Tournament", "play_tournament"):
        return getattr(import_module(".run", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Entry", "Tournament", "play_tournament"]
