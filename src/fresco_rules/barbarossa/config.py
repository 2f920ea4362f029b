"""Game configuration: players, the secret words, interpretation options (A-B.x) and the
component data."""

from __future__ import annotations

from enum import Enum
from typing import Any

import attrs
from attrs import frozen

from ..kernel.errors import RulesError
from ..kernel.options import to_enum
from ..kernel.registry import implements
from ..kernel.untrusted import describe, is_int, is_int_in
from .data import (
    ComponentData,
    Track,
    default_components,
    ring_problems,
    track_problems,
    word_problems,
)
from .vocab import BASIC_LETTERS, EventKind, normalise_word

SETUP_BOUNDS: dict[str, tuple[int, int]] = {
    "first_player": (0, 3),
    "len(objects)": (3, 4),
    "len(objects[])": (1, 10),
    "len(objects[][])": (1, 64),
    "len(event_ring)": (6, 6),
    "track.spaces": (2, 200),
    "track.start": (0, 199),
    "track.finish": (1, 199),
    "len(track.provenance)": (1, 20),
    "unguessed_penalty": (0, 200),
}
"""The range of every number and size in a record's ``setup`` (B1, B2, B4, A-B.1, A-B.2,
A-B.17), stated in the record schema and checked by ``derive_tables`` before any work
proportional to them (``kernel.bounds`` patterns; a word's letters are bounded by the data's
``word_limit`` as well)."""


class InvalidConfig(RulesError):
    """A ``GameConfig`` that cannot start a game (wrong player count, bad option value)."""


class RingMode(Enum):
    """A-B.1: which event ring is used."""

    PROVISIONAL = "provisional"
    """The component data's ring (PROVISIONAL as shipped), or ``event_ring`` when given."""
    STRICT = "strict"
    """Only a checked ring: ``event_ring``, or a component ring not marked provisional."""


class GuessResolution(Enum):
    """A-B.5: the order of the two moves after a right guess."""

    GUESSER_FIRST = "guesser_first"
    BOTH_THEN_CHECK = "both_then_check"


class FinishTiebreak(Enum):
    """A-B.6: several discs reaching Finish at once."""

    CO_WINNERS = "co_winners"
    OVERSHOOT = "overshoot"


class JewelMove(Enum):
    """A-B.9: the most tiles a player may move by spending jewels."""

    SIX = "6"
    """k = 6 returns the pawn to its own tile, which takes effect."""
    FIVE = "5"
    """The pawn cannot return to its own tile."""
    UNLIMITED = "unlimited"
    """Any k up to the jewels held; the pawn wraps around the ring."""


class QuestionPhase(Enum):
    """A-B.10: may the player stop asking before a NO, and where does stopping lead?"""

    STOP_TO_GUESS = "stop_to_guess"
    """He may stop asking at any time and go on to the solution phase, which ends only with a
    guess or a NO; before his first question he may still decline the "?" tile."""
    MAY_STOP = "may_stop"
    """Stopping (in the question or the solution phase) ends his turn with no guess."""
    UNTIL_NO = "until_no"
    """He may not stop: only a NO ends the question phase, a guess or a NO the solution one."""


class CurseInOwnSolution(Enum):
    """A-B.11: may a player call a curse during his own solution phase?"""

    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"


class LetterCheck(Enum):
    """A-B.15: is the sculptor's letter checked against the stored word?"""

    ON = "on"
    OFF = "off"


class FirstPlayer(Enum):
    """A-B.18: how the first player is fixed."""

    SETUP = "setup"
    """``GameConfig.first_player`` (whoever finished sculpting first, B4)."""
    RANDOM = "random"
    """Drawn from the seeded chance source."""


def _nested(value: Any) -> Any:
    """Lists (as read from JSON or TOML) become tuples, nested one level; anything else is left
    for ``derive_tables`` to refuse."""
    if type(value) is list or type(value) is tuple:
        return tuple(
            tuple(item) if type(item) is list or type(item) is tuple else item for item in value
        )
    return value


_TEXT_MAX = 2000
"""The longest option text split into words (``objects``, ``event_ring``)."""


def _to_objects(value: Any) -> Any:
    """B2: the secret words seat by seat: tuples or lists, or text with seats separated by
    ``;`` and words by ``,`` (``hedgehog,anchor;teapot,snail;...``)."""
    if type(value) is str and len(value) <= _TEXT_MAX:
        return tuple(tuple(word.strip() for word in seat.split(",")) for seat in value.split(";"))
    return _nested(value)


def _to_event_ring(value: Any) -> Any:
    """A-B.1: the ring's kinds as ``EventKind`` members, their values or names, in a tuple, a
    list or text such as ``question,jewel,dragon,letter_dwarf,jewel,dragon``; a word that names
    no kind fails at once with the kinds. Other shapes are left for ``derive_tables``."""
    if type(value) is str and len(value) <= _TEXT_MAX:
        value = [word.strip() for word in value.split(",")]
    if (type(value) is list or type(value) is tuple) and len(value) <= _TEXT_MAX:
        return tuple(
            to_enum(EventKind, "event_ring", "A-B.1", InvalidConfig, item)
            if type(item) is str
            else item
            for item in value
        )
    return value


OPTION_TYPES: dict[str, type[Enum]] = {
    "ring": RingMode,
    "guess_resolution": GuessResolution,
    "finish_tiebreak": FinishTiebreak,
    "max_jewel_move": JewelMove,
    "question_phase": QuestionPhase,
    "curse_in_own_solution": CurseInOwnSolution,
    "letter_check": LetterCheck,
    "first_player_choice": FirstPlayer,
}
"""Every enumerated interpretation option of ``GameConfig`` and its type."""


def _to_ring(value: object) -> RingMode:
    return to_enum(RingMode, "ring", "A-B.1", InvalidConfig, value)


def _to_guess_resolution(value: object) -> GuessResolution:
    return to_enum(GuessResolution, "guess_resolution", "A-B.5", InvalidConfig, value)


def _to_finish_tiebreak(value: object) -> FinishTiebreak:
    return to_enum(FinishTiebreak, "finish_tiebreak", "A-B.6", InvalidConfig, value)


def _to_max_jewel_move(value: object) -> JewelMove:
    return to_enum(JewelMove, "max_jewel_move", "A-B.9", InvalidConfig, value)


def _to_question_phase(value: object) -> QuestionPhase:
    return to_enum(QuestionPhase, "question_phase", "A-B.10", InvalidConfig, value)


def _to_curse_in_own_solution(value: object) -> CurseInOwnSolution:
    return to_enum(CurseInOwnSolution, "curse_in_own_solution", "A-B.11", InvalidConfig, value)


def _to_letter_check(value: object) -> LetterCheck:
    return to_enum(LetterCheck, "letter_check", "A-B.15", InvalidConfig, value)


def _to_first_player_choice(value: object) -> FirstPlayer:
    return to_enum(FirstPlayer, "first_player_choice", "A-B.18", InvalidConfig, value)


@frozen
class GameConfig:
    """Everything that fixes a game before the seed.

    ``objects`` holds each seat's secret words (B2), seat by seat; None uses the component
    data's stand-in words. ``first_player`` is the seat that finished sculpting first (B4).
    ``event_ring`` (A-B.1) and ``track`` (A-B.2) replace the component data's ring and track;
    ``unguessed_penalty`` (A-B.17) is 0 (none) by default.
    """

    players: int = 4
    """B1: the number of players, 3-4."""
    first_player: int = 0
    """B4: the seat that finished sculpting first (used when ``first_player_choice`` is
    ``setup``)."""
    objects: tuple[tuple[str, ...], ...] | None = attrs.field(default=None, converter=_to_objects)
    """B2: each seat's secret words, seat by seat; None takes the component data's stand-in
    words."""
    ring: RingMode = attrs.field(default=RingMode.PROVISIONAL, converter=_to_ring)
    """A-B.1: which event ring is used (``RingMode``)."""
    event_ring: tuple[EventKind, ...] | None = attrs.field(default=None, converter=_to_event_ring)
    """A-B.1: the event ring's tiles in order; None takes the component data's ring."""
    track: Track | None = None
    """A-B.2: the jewel track (spaces, Start, Finish); None takes the component data's."""
    guess_resolution: GuessResolution = attrs.field(
        default=GuessResolution.GUESSER_FIRST, converter=_to_guess_resolution
    )
    """A-B.5: the order of the two moves after a right guess (``GuessResolution``)."""
    finish_tiebreak: FinishTiebreak = attrs.field(
        default=FinishTiebreak.CO_WINNERS, converter=_to_finish_tiebreak
    )
    """A-B.6: several discs reaching Finish at once (``FinishTiebreak``)."""
    max_jewel_move: JewelMove = attrs.field(default=JewelMove.SIX, converter=_to_max_jewel_move)
    """A-B.9: the most tiles a player may move by spending jewels (``JewelMove``)."""
    question_phase: QuestionPhase = attrs.field(
        default=QuestionPhase.STOP_TO_GUESS, converter=_to_question_phase
    )
    """A-B.10: may the player stop asking before a NO, and where does stopping lead?
    (``QuestionPhase``)."""
    curse_in_own_solution: CurseInOwnSolution = attrs.field(
        default=CurseInOwnSolution.ALLOWED, converter=_to_curse_in_own_solution
    )
    """A-B.11: may a player call a curse during his own solution phase? (``CurseInOwnSolution``)."""
    letter_check: LetterCheck = attrs.field(default=LetterCheck.ON, converter=_to_letter_check)
    """A-B.15: is the sculptor's letter checked against the stored word? (``LetterCheck``)."""
    first_player_choice: FirstPlayer = attrs.field(
        default=FirstPlayer.SETUP, converter=_to_first_player_choice
    )
    """A-B.18: how the first player is fixed (``FirstPlayer``)."""
    unguessed_penalty: int = 0
    """A-B.17: spaces a sculptor's disc moves back per object never guessed when the arrows
    run out; 0 for none."""
    components: ComponentData = attrs.field(factory=default_components)
    """The component data (ring, track, word limit, stand-in words); ``load_components(path)``
    reads your own."""


@frozen
class Tables:
    """Values derived once from a config, shared by every state of a game (not compared)."""

    players: int
    objects_per_player: int
    owners: tuple[int, ...]
    """Per object: its sculptor. Seat s sculpts objects ``s*n .. s*n + n - 1``."""
    words: tuple[str, ...]
    """Per object: the secret word as written."""
    letters: tuple[str, ...]
    """Per object: the word as letters are counted (A-B.15)."""
    alphabets: tuple[tuple[str, ...], ...]
    """Per seat: the letters that seat may write as sculptor under ``letter_check = off``:
    A-Z and every letter of his own words (never another seat's, A-B.15)."""
    max_letters: int
    """A-B.15: letter requests name positions 1..max_letters (or "last") for every object."""
    ring: tuple[EventKind, ...]
    start_tile: int
    """0-based index of the "?" tile the pawns start on (B3)."""
    track: Track
    jewel_start: int
    jewel_max: int
    arrows_total: int
    arrows_per_object: int
    guesser_gain: tuple[int, ...]
    curses_per_player: int
    die_sides: int
    sculptor_moves: tuple[int, ...]
    """Index = total arrows on the Gem (index 0 unused)."""
    jewel_limit: int | None
    """A-B.9: the most tiles bought with jewels, None for no limit."""


_is_int = is_int


def _objects(config: GameConfig, players: int, per_player: int) -> tuple[str, ...]:
    if config.objects is None:
        return config.components.stand_in_objects.words[: players * per_player]
    objects = config.objects
    if type(objects) is not tuple or len(objects) != players:
        raise InvalidConfig(f"B1: objects must hold {players} tuples of words, one per seat")
    words: list[str] = []
    limit = config.components.word_limit.max_letters
    for seat, own in enumerate(objects):
        if type(own) is not tuple or len(own) != per_player:
            raise InvalidConfig(
                f"B1: with {players} players seat {seat} sculpts {per_player} objects, "
                f"not {describe(own)} @ objects[{seat}]"
            )
        problems = word_problems(own, limit, f"objects[{seat}]")
        if problems:
            raise InvalidConfig(f"B2: seat {seat}'s secret words: " + "; ".join(problems))
        words.extend(own)
    return tuple(words)


def _ring(config: GameConfig) -> tuple[EventKind, ...]:
    data_ring = tuple(tile.kind for tile in config.components.ring)
    provisional = any(tile.provenance == "provisional" for tile in config.components.ring)
    if config.event_ring is None:
        if config.ring is RingMode.STRICT and provisional:
            raise InvalidConfig(
                "A-B.1: ring=strict needs a checked event ring: pass event_ring or component "
                "data whose ring is not provisional"
            )
        return data_ring
    ring = config.event_ring
    if type(ring) is not tuple:
        raise InvalidConfig(f"A-B.1: event_ring must be a tuple of EventKind, not {describe(ring)}")
    problems = ring_problems(ring, "event_ring")
    if problems:
        raise InvalidConfig("A-B.1: " + "; ".join(problems))
    return ring


@implements("B1", "B2", "B4", "A-B.1", "A-B.2", "A-B.9", "A-B.17", "A-B.18")
def derive_tables(config: GameConfig) -> Tables:
    """Check a config and derive its tables: B1 the player count and the objects per player,
    B2 every secret word stored (not empty), B4 the first player a seat, the A-B.1 ring (a
    strict ring is never the provisional one), the A-B.2 track, the A-B.9 jewel limit, the
    A-B.17 penalty (0 or more) and the A-B.18 first-player option."""
    if type(config) is not GameConfig:
        raise InvalidConfig(f"expected a GameConfig, got {describe(config)}")
    data = config.components
    if type(data) is not ComponentData:
        raise InvalidConfig("components must be a ComponentData (see load_components)")
    players = config.players
    per_player = data.objects_for(players) if _is_int(players) else None
    if per_player is None:
        counts = ", ".join(str(row.players) for row in data.objects_per_player)
        raise InvalidConfig(f"B1: Barbarossa is for {counts} players, not {describe(players)}")
    for name, kind in OPTION_TYPES.items():
        if type(getattr(config, name)) is not kind:
            raise InvalidConfig(
                f"{name} must be a {kind.__name__}, got {describe(getattr(config, name))}"
            )
    if not _is_int(config.first_player) or not 0 <= config.first_player < players:
        raise InvalidConfig(f"B4: the first player must be a seat 0-{players - 1}")
    track = data.track if config.track is None else config.track
    if type(track) is not Track:
        raise InvalidConfig("A-B.2: track must be a Track")
    problems = track_problems(track, "track")
    if problems:
        raise InvalidConfig("A-B.2: " + "; ".join(problems))
    penalty = config.unguessed_penalty
    if not is_int_in(penalty, 0, track.spaces):
        raise InvalidConfig(
            f"A-B.17: unguessed_penalty must lie within 0..{track.spaces} (the track), "
            f"not {describe(penalty)}"
        )
    ring = _ring(config)
    words = _objects(config, players, per_player)
    letters = tuple(normalise_word(word) for word in words)
    per_seat = [letters[seat * per_player : (seat + 1) * per_player] for seat in range(players)]
    alphabets = tuple(tuple(sorted(set(BASIC_LETTERS).union(*own))) for own in per_seat)
    limit = {JewelMove.SIX: 6, JewelMove.FIVE: 5, JewelMove.UNLIMITED: None}[config.max_jewel_move]
    return Tables(
        players=players,
        objects_per_player=per_player,
        owners=tuple(seat for seat in range(players) for _ in range(per_player)),
        words=words,
        letters=letters,
        alphabets=alphabets,
        max_letters=data.word_limit.max_letters,
        ring=ring,
        start_tile=ring.index(EventKind.QUESTION),
        track=track,
        jewel_start=data.jewels.start,
        jewel_max=data.jewels.maximum,
        arrows_total=data.arrows.total,
        arrows_per_object=data.arrows.per_object,
        guesser_gain=data.arrows.guesser_gain,
        curses_per_player=data.curses.per_player,
        die_sides=data.die.sides,
        sculptor_moves=(0, *(row.move for row in data.sculptor_table)),
        jewel_limit=limit,
    )
