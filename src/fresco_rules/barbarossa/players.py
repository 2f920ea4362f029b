"""Barbarossa's heuristic player and its determinization for the search player (issue 28).

The heuristic reasons about the words an object can still be, from its own seat's notes only:
the stand-in words that are not its own and fit every letter it was told (B9, A-B.15), its
*candidates*. General questions narrow nothing in this model (their answers are the sculptors'
inputs, not words), and a wrong guess costs nothing (B20), so:

- moving (B5): rolls, unless spending jewels lands on a better tile; a tile is worth the best
  guess it offers ("?": the points of an arrow over the candidates left), a letter's
  information (Letter Dwarf), a jewel, or the others' point (Dragon);
- on the "?" tile it asks one question (stopping before one declines the tile, A-B.10), stops
  and guesses the object with the fewest candidates; a Letter Dwarf's or curse's letter goes
  to the object and position that split its candidates the most;
- it calls a curse (B17) alone, to guess an object down to two candidates or fewer;
- as a sculptor it plays honestly: the true letter (A-B.15), answers at random, and a verdict
  (B13) that says whether the word the guesser wrote is the right one, the guesser writing one
  of its candidates (the ``k``-th guess on an object: its candidates in turn), so a guess
  from ``n`` candidates is right about once in ``n``.

``sample_hidden`` (B24): other seats' secret words are unknown to the seat, and so are the
letters given to others: the search player draws other seats' words from the stand-in words
(those fitting every letter the seat was told), rebuilds the game's tables from them and
reseeds the chance generator (die rolls).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs

from . import actions
from .config import derive_tables
from .engine import scores
from .state import Step
from .vocab import LAST_LETTER, NO_SUCH_LETTER, EventKind, Verdict, normalise_word

FIRST_ARROW, SECOND_ARROW = 5, 3
"""B15: the guesser's points for an object's first and second arrow."""
JEWEL_VALUE = 0.08
"""What a jewel is worth to the heuristic when it spends or gains one (B8, B22)."""
CURSE_CANDIDATES = 2
"""A curse is called to guess an object with at most this many candidates."""


def _letter_at(letters: str, position: int) -> str:
    if position == LAST_LETTER:
        return letters[-1] if letters else NO_SUCH_LETTER
    return letters[position - 1] if 1 <= position <= len(letters) else NO_SUCH_LETTER


def _told(state: Any, seat: int, obj: int) -> list[tuple[int, str]]:
    return [
        (note.position, note.letter)
        for note in state.notes
        if note.seat == seat and note.obj == obj and note.position != 0
    ]


def candidates(state: Any, seat: int, obj: int) -> list[str]:
    """The words (normalised) ``obj`` can be for ``seat``: stand-in words not its own that fit
    every letter it was told (all of them when none fits: a sculptor gave a false letter)."""
    tables = state.tables
    per = tables.objects_per_player
    own = {tables.letters[o] for o in range(seat * per, (seat + 1) * per)}
    pool = [
        word
        for word in map(normalise_word, state.config.components.stand_in_objects.words)
        if word not in own
    ]
    told = _told(state, seat, obj)
    return [word for word in pool if _fits(word, told)] or pool


def _guess_value(state: Any, seat: int, obj: int) -> float:
    points = FIRST_ARROW if not state.arrows[obj] else SECOND_ARROW
    return points / len(candidates(state, seat, obj))


def _best_guess(state: Any, seat: int) -> float:
    """The best guess ``seat`` could make now (B14: objects of others with fewer than 2
    arrows, none of them its own)."""
    values = [
        _guess_value(state, seat, obj)
        for obj, holders in enumerate(state.arrows)
        if state.tables.owners[obj] != seat and len(holders) < 2 and seat not in holders
    ]
    return max(values, default=0.0)


def _split(state: Any, seat: int, obj: int, position: int) -> float:
    """The share of ``obj``'s candidates a letter at ``position`` is expected to rule out."""
    words = candidates(state, seat, obj)
    groups = Counter(_letter_at(word, position) for word in words)
    left = sum(size * size for size in groups.values()) / len(words)
    return (len(words) - left) / len(words)


def _written(state: Any, guesser: int, obj: int) -> str:
    """The word the guesser writes (model): its candidates in turn, one per guess on ``obj``."""
    words = candidates(state, guesser, obj)
    tried = sum(
        1
        for note in state.notes
        if note.seat == guesser and note.obj == obj and note.position == 0 and note.reply is None
    )
    return words[(tried + guesser + obj) % len(words)]


def _tile_value(state: Any, seat: int, tile: int) -> float:
    kind = state.tables.ring[tile]
    if kind is EventKind.QUESTION:
        return _best_guess(state, seat)
    if kind is EventKind.LETTER_DWARF:
        return 0.3
    if kind is EventKind.JEWEL:
        return JEWEL_VALUE
    return -1.0  # Dragon: every other disc moves one (B7)


def is_judgement(state: Any) -> bool:
    """The sculptor owes a judgement (an answer, a letter or a verdict: inputs of the rules,
    "Human judgements are inputs"), outside a curse window."""
    return state.window is None and state.request is not None


def heuristic_key(before: Any, action: Any, after: Any, seat: int) -> tuple[float, ...]:
    """The heuristic value of ``action`` for ``seat`` (see the module's docstring)."""
    request = before.request
    if isinstance(action, actions.GiveLetter | actions.NoSuchLetter) and request is not None:
        truth = _letter_at(before.tables.letters[request.obj], request.position)
        given = action.letter if isinstance(action, actions.GiveLetter) else NO_SUCH_LETTER
        return (1.0 if normalise_word(given) == truth else 0.0,)
    if isinstance(action, actions.Judge) and request is not None:
        right = _written(before, request.asker, request.obj) == before.tables.letters[request.obj]
        return (1.0 if (action.verdict is Verdict.RIGHT) == right else 0.0,)
    if isinstance(action, actions.Guess):
        return (2.0 + _guess_value(before, seat, action.obj),)
    if isinstance(action, actions.AskLetter):
        return (1.0 + _split(before, seat, action.obj, action.position),)
    if isinstance(action, actions.DeclineLetter):
        return (0.0,)
    if isinstance(action, actions.AskQuestion):
        return (1.0,)
    if isinstance(action, actions.StopAsking):
        return (1.5 if before.step is Step.QUESTION and before.asked else -1.0,)
    if isinstance(action, actions.RollDie | actions.SpendJewels):
        ring = len(before.tables.ring)
        here = before.pawns[seat]
        if isinstance(action, actions.RollDie):  # every tile one to six steps on, alike (B5)
            return (sum(_tile_value(before, seat, (here + k) % ring) for k in range(1, 7)) / 6,)
        tile = (here + action.count) % ring
        return (_tile_value(before, seat, tile) - JEWEL_VALUE * action.count,)
    if isinstance(action, actions.CallCurses):
        if not action.callers:
            return (0.0,)
        alone = action.callers == (seat,)
        good = _best_guess(before, seat) >= SECOND_ARROW / CURSE_CANDIDATES
        return (1.0 if alone and good else -1.0,)
    old, new = scores(before), scores(after)
    others = [new[s] - old[s] for s in range(len(new)) if s != seat]
    return (float(new[seat] - old[seat]) - sum(others) / max(1, len(others)),)


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
