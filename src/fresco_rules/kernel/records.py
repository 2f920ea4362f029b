"""Game records: a versioned JSON document holding a game's full setup, every chance outcome
and every action with its acting seat, and the replay that checks one against the rules.

The envelope is game-agnostic; each game supplies a ``RecordCodec`` for its config, actions and
states, and a JSON Schema for its record. ``replay`` stops at the FIRST illegal step and never
carries on past it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from attrs import frozen

from .chance import Outcome
from .errors import IllegalAction, RulesError
from .protocol import GameRules

RECORD_FORMAT = "fresco_rules.game_record"
RECORD_VERSION = 1
MAX_RECORD_BYTES = 64 * 1024 * 1024


class InvalidRecord(RulesError):
    """A record that is not well formed: bad JSON, a schema violation, an unknown game or
    component set. ``path`` names the bad field (``$.steps[3].action.segment``)."""

    def __init__(self, message: str, *, path: str = "$") -> None:
        self.path = path
        super().__init__(f"{message} @ {path}" if path else message)


class ReplayError(IllegalAction):
    """The first illegal step of a record: its index, seat and action, with the rule and reason
    the game gave."""

    def __init__(
        self,
        rule: str,
        reason: str,
        *,
        step: int | None,
        seat: int | None,
        action: Any,
        where: str = "",
    ) -> None:
        self.step = step
        self.action = action
        super().__init__(rule, reason, seat=seat, where=where)
        at = "after the last step" if step is None else f"step {step}"
        who = "null" if seat is None else seat  # the record's word for no seat
        self.args = (f"{at} (seat {who}, {_short(action)}): {rule}: {reason}",)


def _short(action: Any) -> str:
    plain = action is None or isinstance(action, dict)
    text = json.dumps(action, sort_keys=True) if plain else repr(action)
    return text if len(text) <= 200 else text[:197] + "..."


@frozen
class RecordCodec:
    """What a game provides so its games can be recorded and replayed."""

    schema: Mapping[str, Any]
    start: Callable[[Any, int, Sequence[Outcome]], Any]
    """``start(config, seed, chance)``: a new game replaying recorded chance outcomes."""
    config_to_json: Callable[[Any], Any]
    config_from_json: Callable[[Any], Any]
    action_to_json: Callable[[Any], Any]
    action_from_json: Callable[[Any], Any]
    state_to_json: Callable[[Any], Any]
    state_from_json: Callable[[Any], Any]
    chance_log: Callable[[Any], Sequence[Outcome]]
    seat_to_move: Callable[[Any], int | None]
    turn_rule: Callable[[Any], str]
    """The rule that says whose turn it is in a state (named when the wrong seat acts)."""
    where: Callable[[Any], str]
    """A short description of a state's position, for messages."""
    result_rule: str
    """The rule named when a record's stated result differs from its replay."""
    chance_rule: str
    """The rule of the game's random steps, named when recorded outcomes are left unused."""
    chance_left: Callable[[Any], int]
    """How many recorded chance outcomes a state has not used yet."""


@frozen
class StepFailure:
    step: int | None
    seat: int | None
    action: Any
    rule: str
    reason: str


@frozen
class ValidationReport:
    """What ``validate`` found: ``ok`` with the final scores, or the first failure."""

    ok: bool
    steps: int
    game_over: bool
    scores: tuple[int, ...] | None
    failure: StepFailure | None = None
    malformed: str | None = None


def parse_record(source: Any) -> dict[str, Any]:
    """Read a record from JSON text, bytes, a path or an already parsed mapping.

    Raises ``InvalidRecord`` for anything that is not a JSON object (bad JSON, too deep, too
    big). Schema checks come later, per game.
    """
    if isinstance(source, Path):
        try:
            source = source.read_bytes()
        except OSError as exc:
            raise InvalidRecord(f"cannot read {source}: {exc.strerror}", path="") from None
    if isinstance(source, bytes | bytearray):
        if len(source) > MAX_RECORD_BYTES:
            raise InvalidRecord(f"record larger than {MAX_RECORD_BYTES} bytes", path="")
        try:
            source = bytes(source).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidRecord(f"record is not UTF-8 ({exc.reason})", path="") from None
    if isinstance(source, str):
        if len(source) > MAX_RECORD_BYTES:
            raise InvalidRecord(f"record larger than {MAX_RECORD_BYTES} bytes", path="")
        try:
            source = json.loads(source)
        except json.JSONDecodeError as exc:
            raise InvalidRecord(
                f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}", path=""
            ) from None
        except RecursionError:
            raise InvalidRecord("JSON nested too deeply", path="") from None
        except ValueError as exc:  # e.g. integers with too many digits
            raise InvalidRecord(f"not acceptable JSON: {exc}", path="") from None
    if not isinstance(source, Mapping):
        raise InvalidRecord(f"a record is a JSON object, not {type(source).__name__}")
    try:  # plain JSON data only: tuples become lists, anything else is refused
        plain: dict[str, Any] = json.loads(json.dumps(source))
    except (TypeError, ValueError, RecursionError) as exc:
        raise InvalidRecord(f"not JSON data: {exc}") from None
    return plain


def check_schema(record: Mapping[str, Any], schema: Mapping[str, Any]) -> None:
    """Validate against a JSON Schema; the error names the path of the first bad field."""
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import best_match

    try:
        error = best_match(Draft202012Validator(schema).iter_errors(record))
    except RecursionError:
        raise InvalidRecord("record nested too deeply") from None
    if error is not None:
        path = "$" + "".join(
            f"[{part}]" if isinstance(part, int) else f".{part}" for part in error.absolute_path
        )
        message = error.message if len(error.message) <= 300 else error.message[:297] + "..."
        raise InvalidRecord(message, path=path)


def make_record(
    game: GameRules[Any, Any],
    *,
    library_version: str,
    config: Any,
    seed: int,
    steps: Sequence[tuple[int | None, Any]],
    final: Any,
    scores: Sequence[int] | None = None,
) -> dict[str, Any]:
    """The record of a game played from ``config`` and ``seed``."""
    codec = _codec(game)
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "format_version": RECORD_VERSION,
        "library_version": library_version,
        "game": game.name,
        "setup": codec.config_to_json(config),
        "seed": seed,
        "chance": [list(outcome) for outcome in codec.chance_log(final)],
        "steps": [{"seat": seat, "action": codec.action_to_json(action)} for seat, action in steps],
    }
    if scores is not None:
        record["result"] = {"scores": list(scores)}
    plain: dict[str, Any] = json.loads(json.dumps(record))
    return plain


def _decode(record: Mapping[str, Any], codec: RecordCodec) -> tuple[Any, list[Any]]:
    check_schema(record, codec.schema)
    try:
        config = codec.config_from_json(record["setup"])
    except InvalidRecord as exc:
        raise InvalidRecord(
            str(exc).removesuffix(f" @ {exc.path}"), path="$.setup" + exc.path.removeprefix("$")
        ) from None
    actions = []
    for index, step in enumerate(record["steps"]):
        try:
            actions.append(codec.action_from_json(step["action"]))
        except InvalidRecord as exc:
            raise InvalidRecord(
                str(exc).removesuffix(f" @ {exc.path}"),
                path=f"$.steps[{index}].action" + exc.path.removeprefix("$"),
            ) from None
    return config, actions


def _codec(game: GameRules[Any, Any]) -> RecordCodec:
    if game.codec is None:
        raise InvalidRecord(f"game {game.name!r} has no record codec", path="$.game")
    return game.codec


def _replay_data(
    game: GameRules[Any, Any],
    data: Mapping[str, Any],
    on_step: Callable[[Any, Any, Any], None] | None = None,
    stop_after: int | None = None,
) -> Any:
    codec = _codec(game)
    if data.get("game") != game.name:
        raise InvalidRecord(f"a {data.get('game')!r} record, not {game.name!r}", path="$.game")
    config, actions = _decode(data, codec)
    seed = data.get("seed") or 0
    chance = [(str(kind), str(outcome)) for kind, outcome in data["chance"]]
    try:
        state = codec.start(config, seed, chance)
    except IllegalAction as exc:
        raise ReplayError(
            exc.rule, f"set-up: {exc.reason}", step=None, seat=None, action=None
        ) from None
    except RulesError as exc:
        raise InvalidRecord(f"setup cannot start a game: {exc}", path="$.setup") from None
    for index, (step, action) in enumerate(zip(data["steps"], actions, strict=True)):
        if stop_after is not None and index >= stop_after:
            return state
        seat = step["seat"]
        expected = codec.seat_to_move(state)
        if seat != expected:
            raise ReplayError(
                codec.turn_rule(state),
                f"seat {seat} acted but seat {expected} is to move",
                step=index,
                seat=seat,
                action=step["action"],
                where=codec.where(state),
            )
        try:
            after = game.apply(state, action)
        except IllegalAction as exc:
            raise ReplayError(
                exc.rule, exc.reason, step=index, seat=seat, action=step["action"], where=exc.where
            ) from None
        if on_step is not None:
            on_step(state, action, after)
        state = after
    unused = codec.chance_left(state)
    if unused and game.is_over(state):
        raise ReplayError(
            codec.chance_rule,
            f"{unused} recorded chance outcomes were never drawn",
            step=None,
            seat=None,
            action=None,
        )
    result = data.get("result")
    if result is not None and list(game.scores(state)) != list(result["scores"]):
        raise ReplayError(
            codec.result_rule,
            f"recorded scores {result['scores']} but the replay gives {list(game.scores(state))}",
            step=None,
            seat=None,
            action=None,
        )
    return state


def replay(
    game: GameRules[Any, Any],
    record: Any,
    *,
    on_step: Callable[[Any, Any, Any], None] | None = None,
    stop_after: int | None = None,
) -> Any:
    """Replay a record of ``game`` and return the final state (or the state after
    ``stop_after`` steps); ``on_step(before, action, after)`` sees every applied step.

    Raises ``InvalidRecord`` when the document is malformed, and ``ReplayError`` (an
    ``IllegalAction``) at the FIRST step that is illegal or played by the wrong seat, or when
    the recorded result differs from the replayed one. It never carries on past a bad step.
    """
    return _replay_data(game, parse_record(record), on_step, stop_after)


def validate(game: GameRules[Any, Any], record: Any) -> ValidationReport:
    """``replay`` as a report with the same content; never raises for a bad record."""
    try:
        data = parse_record(record)
        final = _replay_data(game, data)
    except ReplayError as exc:
        failure = StepFailure(exc.step, exc.seat, exc.action, exc.rule, exc.reason)
        return ValidationReport(False, exc.step or 0, False, None, failure=failure)
    except RulesError as exc:
        return ValidationReport(False, 0, False, None, malformed=str(exc))
    return ValidationReport(
        True, len(data["steps"]), game.is_over(final), tuple(game.scores(final))
    )
