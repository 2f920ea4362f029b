"""The words a Barbarossa player uses: objects by their sculptor's seat and a letter (``1b``
is seat 1's second object), tiles 1-based as on the ring, letter positions 1-based."""

from __future__ import annotations

from ..kernel.notation import ascii_int

OBJECT_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def object_label(obj: int, per_player: int) -> str:
    """Object index ``obj`` as ``<seat><letter>``: with 2 objects each, object 3 is ``1b``."""
    if obj < 0 or per_player < 1 or per_player > len(OBJECT_LETTERS):
        return str(obj)
    seat, nth = divmod(obj, per_player)
    return f"{seat}{OBJECT_LETTERS[nth]}"


def parse_object(text: str, per_player: int) -> int | None:
    """The object index of a label such as ``1b`` (case ignored), or None."""
    word = text.strip().lower()
    seat = ascii_int(word[:-1], 3)
    if seat is None:
        return None
    nth = OBJECT_LETTERS.find(word[-1])
    if nth < 0 or nth >= per_player:
        return None
    return seat * per_player + nth


def object_range(objects: int, per_player: int) -> str:
    """All ``objects`` as labels, first to last: 8 objects, 2 each, are ``0a-3b``."""
    return f"{object_label(0, per_player)}-{object_label(objects - 1, per_player)}"
