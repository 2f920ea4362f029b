"""``fresco-rules tournament``: a round robin among study players for any registered game."""

from .run import Entry, Tournament, play_tournament

__all__ = ["Entry", "Tournament", "play_tournament"]
