"""Barbarossa vocabulary: event tiles, answers, verdicts, rule IDs and secret words."""

from __future__ import annotations

import re
from enum import Enum

RULE_ID = re.compile(r"B[0-9]+|[AE]-B\.[0-9]+")
"""The shape of a Barbarossa spec ID: rules ``B12``, decisions ``A-B.5``, examples ``E-B.2``."""
RULE_SPECS = ("barbarossa.md",)
"""The spec files (in the shared rules folder) the rule catalogue is extracted from."""


class EventKind(Enum):
    """The four kinds of event tile around the Mystery Gem (B7-B10)."""

    QUESTION = "question"
    """The "?" tile: question phase, then solution phase (B10, B11)."""
    JEWEL = "jewel"
    DRAGON = "dragon"
    LETTER_DWARF = "letter_dwarf"


EVENT_LABELS = {
    EventKind.QUESTION: '"?"',
    EventKind.JEWEL: "Jewel",
    EventKind.DRAGON: "Dragon",
    EventKind.LETTER_DWARF: "Letter Dwarf",
}


class Reply(Enum):
    """A sculptor's answer to a general question (B10)."""

    YES = "yes"
    IT_DEPENDS = "it_depends"
    CANT_ANSWER = "cant_answer"
    NO = "no"


REPLY_LABELS = {
    Reply.YES: "YES",
    Reply.IT_DEPENDS: "IT DEPENDS",
    Reply.CANT_ANSWER: "CAN'T ANSWER",
    Reply.NO: "NO",
}


class Verdict(Enum):
    """A sculptor's verdict on a guess (B13)."""

    RIGHT = "right"
    WRONG = "wrong"


LAST_LETTER = -1
"""A-B.15: the position of a letter request that asks for the last letter (as Python's -1)."""

NO_SUCH_LETTER = ""
"""A-B.15: a letter note's letter when the sculptor answered "no such letter"."""

BASIC_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""The letters a sculptor may write besides those of the stored words (A-B.15)."""


def normalise_letter(char: str) -> str:
    """One character in the form letters are compared in: upper case where that stays one
    character (``ß`` stays ``ß``)."""
    upper = char.upper()
    return upper if len(upper) == 1 else char


def normalise_word(word: str) -> str:
    """A stored word as letters are counted in it (A-B.15): spaces removed, case ignored."""
    return "".join(normalise_letter(char) for char in word if not char.isspace())


_ARTICLES = frozenset(
    {
        "a",
        "an",
        "the",
        "il",
        "lo",
        "la",
        "i",
        "gli",
        "le",
        "un",
        "uno",
        "una",
        "der",
        "die",
        "das",
        "ein",
        "eine",
        "l'",
        "un'",
    }
)


def guess_matches(word: str, guess: str) -> bool:
    """A-B.16's optional helper: whether a written guess names the stored word, after ignoring
    case, spaces and a leading article (English, Italian, German). Only advice: the sculptor's
    verdict always decides."""

    def core(text: str) -> str:
        lowered = text.strip().casefold()
        for article in sorted(_ARTICLES, key=len, reverse=True):
            if article.endswith("'") and lowered.startswith(article):
                lowered = lowered[len(article) :]
                break
            if lowered.startswith(article + " "):
                lowered = lowered[len(article) + 1 :]
                break
        return "".join(lowered.split())

    return bool(core(word)) and core(word) == core(guess)
