"""Barbarossa's heuristic player and its determinization for the search player (issue 28).

The heuristic asks about the objects it knows most about (questions and letters narrow an
object down, B10-B12) and guesses an object once it was told a letter of it (B13: a guess is
likely right then); as a sculptor it gives the true letter (A-B.15), answers at random and
calls a guess right when the guesser was told a letter of the object; everything else as the
greedy player (its disc's gain over the others' mean gain).

``sample_hidden`` (B24): other seats' secret words are unknown to the seat, and so are the
letters given to others: the search player draws other seats' words from the stand-in words
(those fitting every letter the seat was told), rebuilds the game's tables from them and
reseeds the chance generator (die rolls).
"""

from __future__ import annotations

import random
from typing import Any

import attrs

from .actions import AskLetter, AskQuestion, GiveLetter, Guess, Judge, NoSuchLetter, StopAsking
from .config import derive_tables
from .engine import scores
from .vocab import LAST_LETTER, NO_SUCH_LETTER, Verdict, normalise_word


def _notes_on(state: Any, seat: int, obj: int) -> int:
    return sum(1 for note in state.notes if note.seat == seat and note.obj == obj)


def _letter_at(letters: str, position: int) -> str:
    if position == LAST_LETTER:
        return letters[-1] if letters else NO_SUCH_LETTER
    return letters[position - 1] if 1 <= position <= len(letters) else NO_SUCH_LETTER


def heuristic_key(before: Any, action: Any, after: Any, seat: int) -> tuple[float, ...]:
    """The heuristic value of ``action`` for ``seat`` (see the module's docstring)."""
    old, new = scores(before), scores(after)
    others = [new[s] - old[s] for s in range(len(new)) if s != seat]
    gain = float(new[seat] - old[seat]) - sum(others) / max(1, len(others))
    request = before.request
    if isinstance(action, GiveLetter | NoSuchLetter) and request is not None:
        truth = _letter_at(before.tables.letters[request.obj], request.position)
        given = action.letter if isinstance(action, GiveLetter) else NO_SUCH_LETTER
        return (1.0 if normalise_word(given) == truth else 0.0,)
    if isinstance(action, Judge) and request is not None:
        likely = _notes_on(before, request.asker, request.obj) >= 1
        return (1.0 if (action.verdict is Verdict.RIGHT) == likely else 0.0,)
    if isinstance(action, Guess):
        known = _notes_on(before, seat, action.obj)
        return (3.0 + known if known >= 1 else -1.0,)
    if isinstance(action, AskQuestion | AskLetter):
        return (1.0 + 0.1 * _notes_on(before, seat, action.obj),)
    if isinstance(action, StopAsking):
        return (0.5,)
    return (gain,)


def _fits(letters: str, told: list[tuple[int, str]]) -> bool:
    return all(_letter_at(letters, position) == letter for position, letter in told)


def sample_hidden(state: Any, seat: int, rng: random.Random) -> Any:
    """A state the seat cannot tell from ``state`` (B24), drawn from ``rng``."""
    tables = state.tables
    per_player = tables.objects_per_player
    own = set(range(seat * per_player, (seat + 1) * per_player))
    pool = [
        word
        for word in state.config.components.stand_in_objects.words
        if word not in {tables.words[obj] for obj in own}
    ]
    rng.shuffle(pool)
    words = list(tables.words)
    for obj in range(len(words)):
        if obj in own:
            continue
        told = [
            (note.position, note.letter)
            for note in state.notes
            if note.seat == seat and note.obj == obj and note.position != 0
        ]
        fitting = [w for w in pool if _fits(normalise_word(w), told)] or pool or ["a"]
        words[obj] = fitting[0]
        if pool:
            pool.remove(fitting[0])
    objects = tuple(
        tuple(words[s * per_player : (s + 1) * per_player]) for s in range(tables.players)
    )
    config = attrs.evolve(state.config, objects=objects)
    new_tables = derive_tables(config)
    notes = tuple(
        note
        if note.position == 0 or seat in (note.seat, tables.owners[note.obj])
        else attrs.evolve(note, letter=_letter_at(new_tables.letters[note.obj], note.position))
        for note in state.notes
    )
    chance = attrs.evolve(state.chance, rng=rng.getrandbits(64))
    return attrs.evolve(state, config=config, tables=new_tables, notes=notes, chance=chance)
