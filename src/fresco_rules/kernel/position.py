"""Positions: a game's state written down as JSON and loaded back with every check a state
made by play passes, for any game (through its ``GameRules`` and ``RecordCodec``).

A position document is ``{"format": "fresco_rules.position", "format_version": 1,
"library_version": ..., "game": ..., "state": STATE}`` where ``STATE`` is the game's state
JSON (its codec's ``state_to_json``). Loading checks, in order: the JSON's bounds (size,
depth, exact types), the state's shape (``state_from_json``: known fields, JSON types), the
chance generator's range, the game's own laws (its ``position_problems``: bounds, seats in
range, counts, invariants), the token ledger (every kind's total equals a new game's from the
same config) and that the game's protocol functions can read the state. The first problem is
an ``InvalidPosition`` naming its JSON path and the rule or ledger it breaks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from attrs import frozen

from .._version import __version__
from .chance import MAX_SEED
from .errors import RulesError
from .protocol import GameRules, RecordCodec, ledger_totals
from .records import MAX_CHANCE, InvalidRecord, parse_record
from .untrusted import describe

S = TypeVar("S")

POSITION_FORMAT = "fresco_rules.position"
POSITION_VERSION = 1
MAX_POSITION_BYTES = 2 * 1024 * 1024
"""A position larger than this is refused before it is parsed (a long Carcassonne game's state
is a few tens of kilobytes)."""

_ENVELOPE = ("format", "format_version", "library_version", "game", "state")


class InvalidPosition(RulesError):
    """A position that is not one the game can be in: malformed JSON, a field of the wrong
    type, a number out of bounds, a broken token ledger or invariant. ``path`` names the
    field (``$.state.money[0]``), ``rule`` the rule ID or ledger broken (None for a
    malformed document)."""

    def __init__(self, message: str, *, path: str = "$", rule: str | None = None) -> None:
        self.path = path
        self.rule = rule
        self.reason = message
        said = f"{rule}: {message}" if rule else message
        super().__init__(f"{said} @ {path}")


@frozen
class PositionProblem:
    """One broken law of a state, found by a game's ``position_problems``."""

    path: str
    """The JSON path in the state (``$.money[0]``)."""
    rule: str
    """The rule ID (``R0.22``) the state breaks."""
    reason: str
    """What is wrong, in a sentence."""


PositionCheck = Callable[[Any], Sequence[PositionProblem]]
"""A game's ``position_problems(state)``: the laws the state breaks (empty: none)."""


def position_document(game: GameRules[Any, Any], state: Any) -> dict[str, Any]:
    """The position document of ``state`` (a state of ``game``)."""
    return {
        "format": POSITION_FORMAT,
        "format_version": POSITION_VERSION,
        "library_version": __version__,
        "game": game.name,
        "state": _codec(game).state_to_json(state),
    }


def read_document(source: Any) -> dict[str, Any]:
    """A position document read within bounds from JSON text, bytes, a path or a mapping
    (``InvalidPosition`` for anything that is no plain JSON object of the envelope's shape)."""
    if isinstance(source, str | bytes | bytearray) and len(source) > MAX_POSITION_BYTES:
        raise InvalidPosition(f"a position larger than {MAX_POSITION_BYTES} bytes", path="$")
    try:
        data = parse_record(source)
    except InvalidRecord as exc:
        said = _bare(exc).replace("a record", "a position").replace("record ", "position ")
        raise InvalidPosition(said, path=exc.path or "$") from None
    if data.get("format") != POSITION_FORMAT:
        raise InvalidPosition(
            f"not a position: the format must be {POSITION_FORMAT!r}, "
            f"not {describe(data.get('format'))}",
            path="$.format",
        )
    if data.get("format_version") != POSITION_VERSION or type(data["format_version"]) is not int:
        raise InvalidPosition(
            f"format version {describe(data.get('format_version'))} is not known "
            f"(this library reads version {POSITION_VERSION})",
            path="$.format_version",
        )
    extra = sorted(set(data) - set(_ENVELOPE))
    if extra:
        raise InvalidPosition(f"unknown fields {extra}", path="$")
    if type(data.get("library_version", "")) is not str:
        raise InvalidPosition("the library version must be a string", path="$.library_version")
    if type(data.get("state")) is not dict:
        raise InvalidPosition(
            f"the state must be an object, not {describe(data.get('state'))}", path="$.state"
        )
    return data


def load_state(game: GameRules[S, Any], data: Mapping[str, Any], check: PositionCheck) -> S:
    """The state of a position document of ``game`` (read by ``read_document``), checked:
    ``InvalidPosition`` at the first problem (see the module's docstring)."""
    codec = _codec(game)
    raw = data["state"]
    if "config" not in raw:
        raise InvalidPosition("missing state field", path="$.state.config")
    try:  # first on its own, so that its problems are named under $.state.config
        codec.config_from_json(raw["config"])
    except InvalidRecord as exc:
        path = "$.state.config" + exc.path.removeprefix("$")
        raise InvalidPosition(_bare(exc).removeprefix("setup "), path=path) from None
    except RulesError as exc:  # the config's own checks (an option's value, a player count)
        raise InvalidPosition(str(exc), path="$.state.config") from None
    _check_chance(raw, codec.chance_rule)
    try:
        state: S = codec.state_from_json(raw)
    except InvalidRecord as exc:
        raise InvalidPosition(_bare(exc), path="$.state" + exc.path.removeprefix("$")) from None
    except RulesError as exc:
        raise InvalidPosition(str(exc), path="$.state") from None
    except (ValueError, TypeError, LookupError, AttributeError) as exc:  # the class refused it
        raise InvalidPosition(
            f"the state's fields do not fit together: {describe(exc)}", path="$.state"
        ) from None
    extra = sorted(set(raw) - set(codec.state_to_json(state)))
    if extra:
        raise InvalidPosition(f"unknown state fields {extra}", path="$.state")
    problems = _guarded(lambda: list(check(state)), "its laws be checked")
    if problems:
        first = problems[0]
        raise InvalidPosition(
            first.reason, path="$.state" + first.path.removeprefix("$"), rule=first.rule
        )
    _check_ledger(game, state)
    _guarded(lambda: _read_through_protocol(game, state), "the game read it")
    return state


def _check_chance(raw: Mapping[str, Any], rule: str) -> None:
    """The generator's state is a 64-bit number and the outcome lists within a record's
    bounds (``rule``: the game's rule of random steps)."""
    chance = raw.get("chance")
    if type(chance) is not dict:
        return  # state_from_json has refused it already
    rng = chance.get("rng")
    if type(rng) is int and not 0 <= rng <= MAX_SEED:
        raise InvalidPosition(
            f"the generator's state {rng} is not a 64-bit number (0 to 2**64 - 1)",
            path="$.state.chance.rng",
            rule=rule,
        )
    for name in ("log", "script"):
        items = chance.get(name)
        if type(items) is list and len(items) > MAX_CHANCE:
            raise InvalidPosition(
                f"{len(items)} chance outcomes (at most {MAX_CHANCE})",
                path=f"$.state.chance.{name}",
                rule=rule,
            )


def _check_ledger(game: GameRules[Any, Any], state: Any) -> None:
    """Every kind of component totals what a new game from the same config holds."""
    config = getattr(state, "config", None)
    fresh = _guarded(lambda: game.new_game(config, 0), "a new game start from its config")
    want = ledger_totals(game.token_ledger(fresh))
    ledger = _guarded(lambda: game.token_ledger(state), "its token ledger be counted")
    have = ledger_totals(ledger)
    for kind in sorted(set(want) | set(have)):
        if have.get(kind) != want.get(kind):
            places = ", ".join(f"{where} {count}" for where, count in ledger.get(kind, {}).items())
            raise InvalidPosition(
                f"{kind} total {have.get(kind, 0)}, but the game has {want.get(kind, 0)} "
                f"({places})",
                path="$.state",
                rule=f"token ledger {kind!r}",
            )


def _read_through_protocol(game: GameRules[Any, Any], state: Any) -> None:
    game.is_over(state)
    game.scores(state)
    game.current_player(state)
    game.legal_actions(state)


_T = TypeVar("_T")


def _guarded(work: Callable[[], _T], what: str) -> _T:
    """``work()``, with a failure of the game's code on an inconsistent state turned into an
    ``InvalidPosition`` (the per-game laws come first and name the usual problems by path;
    this catches the combinations they do not foresee)."""
    try:
        return work()
    except InvalidPosition:
        raise
    except RulesError as exc:
        raise InvalidPosition(f"the state cannot let {what}: {exc}", path="$.state") from None
    except (
        ArithmeticError,
        LookupError,
        TypeError,
        ValueError,
        AttributeError,
        AssertionError,
        StopIteration,
        RecursionError,
    ) as exc:
        raise InvalidPosition(
            f"the state's fields do not fit together (they do not let {what}: "
            f"{type(exc).__name__})",
            path="$.state",
        ) from None


def _bare(exc: InvalidRecord) -> str:
    return str(exc).removesuffix(f" @ {exc.path}")


def _codec(game: GameRules[Any, Any]) -> RecordCodec:
    if game.codec is None:
        raise InvalidPosition(f"game {game.name!r} has no codec", path="$.game")
    return game.codec


class Laws:
    """A collector of ``PositionProblem`` for a game's ``position_problems``: each check
    records a problem when it fails and says whether it held, so later checks that rely on it
    (a per-seat list's length before its items are read) can be skipped."""

    def __init__(self) -> None:
        self.problems: list[PositionProblem] = []

    def check(self, holds: bool, path: str, rule: str, reason: str) -> bool:
        """Record ``reason`` at ``path`` unless ``holds``."""
        if not holds:
            self.problems.append(PositionProblem(path, rule, reason))
        return holds

    def within(self, path: str, value: int, low: int, high: int, rule: str, what: str) -> bool:
        """``low <= value <= high``."""
        return self.check(
            low <= value <= high, path, rule, f"{what} is {value}, not {low} to {high}"
        )

    def sized(self, path: str, values: Sequence[Any], size: int, rule: str, what: str) -> bool:
        """``values`` holds exactly ``size`` items."""
        return self.check(
            len(values) == size, path, rule, f"{what}: {len(values)} entries, not {size}"
        )

    def each_within(
        self, path: str, values: Sequence[int], low: int, high: int, rule: str, what: str
    ) -> bool:
        """Every item of ``values`` is within ``low`` to ``high``."""
        return all(
            [
                self.within(f"{path}[{i}]", value, low, high, rule, what)
                for i, value in enumerate(values)
            ]
        )

    def seat(self, path: str, seat: int, players: int, rule: str) -> bool:
        """``seat`` is one of the game's seats."""
        return self.check(
            0 <= seat < players,
            path,
            rule,
            f"seat {seat} in a {players}-player game (seats are 0 to {players - 1})",
        )
