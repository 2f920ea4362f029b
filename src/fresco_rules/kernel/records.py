"""Game records: a versioned JSON document holding a game's full setup, every chance outcome
and every action with its acting seat, and the replay that checks one against the rules.

The envelope is game-agnostic; each game supplies a ``RecordCodec`` for its config, actions and
states, and a JSON Schema for its record. ``replay`` stops at the FIRST illegal step and never
carries on past it.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from attrs import frozen

from .errors import IllegalAction, InvalidSeed, RulesError
from .files import FileRefused, read_limited
from .protocol import GameRules, RecordCodec
from .untrusted import describe

RECORD_FORMAT = "fresco_rules.game_record"
RECORD_VERSION = 1
MAX_RECORD_BYTES = 8 * 1024 * 1024
"""A record larger than this is refused before it is parsed (the longest games recorded are
a few hundred kilobytes)."""
MAX_STEPS = 20_000
"""The most steps a record may hold (random 4-player games with every module take about
1,300; checked before any step is read)."""
MAX_CHANCE = 20_000
"""The most chance outcomes a record may hold."""
MAX_DEPTH = 32
"""The deepest nesting of a record (real records nest 5 levels)."""
MAX_ITEMS = max(MAX_STEPS, MAX_CHANCE)
"""The longest list anywhere in a record (setup lists are far shorter, by the schema)."""
MAX_VALUES = 500_000
"""The most JSON values (numbers, strings, lists, objects) a record may hold (20,000 steps
take about 120,000)."""
MAX_DIGITS = 30
"""The longest integer in a record (a 64-bit seed has 20 digits)."""


class InvalidRecord(RulesError):
    """A record that is not well formed: bad JSON, a schema violation, an unknown game or
    component set. ``path`` names the bad field (``$.steps[3].action.segment``)."""

    path: str
    """The JSON path of the bad field (``$.steps[3].action.segment``); ``$`` is the whole
    record."""

    def __init__(self, message: str, *, path: str = "$") -> None:
        self.path = path
        super().__init__(f"{message} @ {path}" if path else message)


class ReplayError(IllegalAction):
    """The first illegal step of a record: its index, seat and action, with the rule and reason
    the game gave. ``step`` is None for a set-up the record's chance outcomes cannot make
    (``setup`` true) and for a problem after the last step (outcomes left, another result)."""

    step: int | None
    """The index of the illegal step in the record's ``steps``, or None (set-up, after the end)."""
    action: Any
    """The step's action as the record holds it (its JSON object when it is no action)."""
    setup: bool
    """True when the record's chance outcomes cannot make the game's set-up."""

    def __init__(
        self,
        rule: str,
        reason: str,
        *,
        step: int | None,
        seat: int | None,
        action: Any,
        where: str = "",
        setup: bool = False,
    ) -> None:
        self.step = step
        self.action = action
        super().__init__(rule, reason, seat=seat, where=where)
        self.setup = setup
        if setup:
            self.args = (f"set-up: {rule}: {reason}",)
        elif step is None:
            self.args = (f"after the last step: {rule}: {reason}",)
        else:  # a step's seat as the record writes it (``null`` is the record's own word)
            who = json.dumps(seat) if seat is None else seat
            self.args = (f"step {step} (seat {who}, {_short(action)}): {rule}: {reason}",)


def _short(action: Any) -> str:
    plain = action is None or isinstance(action, dict)
    text = json.dumps(action, sort_keys=True) if plain else repr(action)
    return text if len(text) <= 200 else text[:197] + "..."


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


class _Huge:
    """An integer literal longer than ``MAX_DIGITS`` (named by path after parsing)."""

    def __init__(self, digits: int) -> None:
        self.digits = digits


class _Constant:
    """``NaN``, ``Infinity`` or ``-Infinity``: Python reads them, JSON has no such value."""

    def __init__(self, name: str) -> None:
        self.name = name


class _Duplicate(dict[str, Any]):
    """An object with a repeated key (the JSON reader would keep the last silently)."""

    def __init__(self, key: str) -> None:
        super().__init__()
        self.key = key


def _parse_int(text: str) -> int | _Huge:
    digits = len(text.lstrip("-"))
    return _Huge(digits) if digits > MAX_DIGITS else int(text)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            return _Duplicate(key)
        result[key] = value
    return result


def _json_path(parts: list[str | int]) -> str:
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in parts)


def _plain_problem(data: Any, max_items: int = MAX_ITEMS) -> InvalidRecord | None:
    """The first thing in parsed (or caller-built) data that is no plain JSON value, named by
    path: a repeated key, an over-long integer, NaN, nesting deeper than ``MAX_DEPTH``, a list
    of more than ``max_items``, a non-string key, a value of a type JSON has not. Walked
    without recursion."""
    stack: list[tuple[Any, list[str | int]]] = [(data, [])]
    seen = 0
    while stack:
        node, parts = stack.pop()
        seen += 1
        if seen > MAX_VALUES:
            return InvalidRecord(f"more than {MAX_VALUES} values", path=_json_path(parts))
        kind = type(node)
        if kind is str:
            if _lone_surrogate(node):
                return InvalidRecord(
                    f"{describe(node)} holds a lone surrogate (not Unicode text)",
                    path=_json_path(parts),
                )
            continue
        if kind is bool or kind is float or node is None:
            if kind is float and not math.isfinite(node):
                return InvalidRecord(f"{node} is not a JSON number", path=_json_path(parts))
            continue
        if kind is int:
            if node.bit_length() > MAX_DIGITS * 4:
                return InvalidRecord(
                    f"an integer of {node.bit_length()} bits (at most {MAX_DIGITS} digits)",
                    path=_json_path(parts),
                )
            continue
        if kind is _Huge:
            return InvalidRecord(
                f"an integer of {node.digits} digits (at most {MAX_DIGITS})",
                path=_json_path(parts),
            )
        if kind is _Constant:
            return InvalidRecord(f"{node.name} is not JSON", path=_json_path(parts))
        if kind is _Duplicate:
            return InvalidRecord(
                f"the key {describe(node.key)} appears twice", path=_json_path(parts)
            )
        if len(parts) >= MAX_DEPTH:
            return InvalidRecord(
                f"nested more than {MAX_DEPTH} levels deep", path=_json_path(parts)
            )
        if kind is list or kind is tuple:
            if len(node) > max_items:
                return InvalidRecord(
                    f"a list of {len(node)} items (at most {max_items})", path=_json_path(parts)
                )
            stack.extend((item, [*parts, i]) for i, item in reversed(list(enumerate(node))))
        elif kind is dict:
            for key, item in reversed(list(node.items())):
                if type(key) is not str:
                    return InvalidRecord(
                        f"a key must be a string, not {describe(key)}", path=_json_path(parts)
                    )
                if _lone_surrogate(key):
                    return InvalidRecord(
                        f"the key {describe(key)} holds a lone surrogate (not Unicode text)",
                        path=_json_path(parts),
                    )
                stack.append((item, [*parts, key]))
        else:
            return InvalidRecord(f"{describe(node)} is not JSON data", path=_json_path(parts))
    return None


def _lone_surrogate(text: str) -> bool:
    """Whether ``text`` holds a UTF-16 surrogate on its own: JSON's ``"\\ud800"`` reads as
    one, but it is no character (it cannot be printed or written as UTF-8)."""
    return not text.isascii() and _SURROGATE.search(text) is not None


_SURROGATE = re.compile("[\ud800-\udfff]")
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{},:]')


def _deep_path(text: str) -> str:
    """The path of the first container nested deeper than ``MAX_DEPTH`` in JSON text (for
    text too deep for the JSON reader itself)."""
    frames: list[list[Any]] = []  # [is_object, key or index, expecting_key]
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in "[{":
            if len(frames) >= MAX_DEPTH:
                break
            frames.append([token == "{", 0, token == "{"])
        elif token in "]}":
            if frames:
                frames.pop()
        elif token == ",":
            if frames:
                frame = frames[-1]
                if frame[0]:
                    frame[2] = True
                else:
                    frame[1] += 1
        elif token.startswith('"') and frames and frames[-1][0] and frames[-1][2]:
            try:
                frames[-1][1] = json.loads(token)
            except ValueError:
                frames[-1][1] = "?"
            frames[-1][2] = False
    return _json_path([frame[1] for frame in frames])


def _loads(text: str) -> Any:
    """JSON text parsed with over-long integers, repeated keys and NaN kept as markers for
    ``_plain_problem``; ``InvalidRecord`` for bad JSON or nesting too deep for the reader."""
    try:
        return json.loads(
            text, object_pairs_hook=_object, parse_int=_parse_int, parse_constant=_Constant
        )
    except json.JSONDecodeError as exc:
        raise InvalidRecord(
            # "Unterminated string starting at": the position follows, said once
            f"not JSON: {exc.msg.removesuffix(' at')} at line {exc.lineno}, column {exc.colno}",
            path="",
        ) from None
    except RecursionError:
        raise InvalidRecord(
            f"nested more than {MAX_DEPTH} levels deep", path=_deep_path(text)
        ) from None


def parse_json(text: str, *, max_items: int = MAX_ITEMS) -> Any:
    """JSON text (bounded in length by the caller) read within a record's bounds: no repeated
    key, no integer of more than ``MAX_DIGITS`` digits, no NaN, at most ``MAX_DEPTH`` levels,
    ``MAX_VALUES`` values and lists of ``max_items``. ``InvalidRecord`` names the first
    problem by path (for messages and replies of the JSON-lines protocols)."""
    data = _loads(text)
    check_plain(data, max_items=max_items)
    return data


def check_plain(data: Any, *, max_items: int = MAX_ITEMS) -> None:
    """Raise ``InvalidRecord`` (naming the path) when parsed or caller-built data is not plain
    JSON within a record's bounds (see ``parse_json``)."""
    problem = _plain_problem(data, max_items)
    if problem is not None:
        raise problem


def _too_many(data: Mapping[str, Any]) -> InvalidRecord | None:
    for name, most in (("steps", MAX_STEPS), ("chance", MAX_CHANCE)):
        items = data.get(name)
        if type(items) is list and len(items) > most:
            return InvalidRecord(
                f"{len(items)} {name}, more than the {most} a record may hold", path=f"$.{name}"
            )
    return None


def parse_record(source: Any) -> dict[str, Any]:
    """Read a record from JSON text, bytes, a path or an already parsed mapping.

    Raises ``InvalidRecord`` naming the path for anything that is not a plain JSON object
    within bounds: bad JSON, larger than ``MAX_RECORD_BYTES``, a repeated key, an integer of
    more than ``MAX_DIGITS`` digits, NaN, nesting deeper than ``MAX_DEPTH``, more than
    ``MAX_STEPS`` steps or ``MAX_CHANCE`` chance outcomes. All this is checked before any work
    proportional to the record's content; schema checks come later, per game.
    """
    if isinstance(source, Path):
        try:  # a regular file only, and no more than the bound plus one byte of it
            source = read_limited(source, MAX_RECORD_BYTES, what="record")
        except FileRefused as exc:
            raise InvalidRecord(str(exc), path="") from None
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
        source = _loads(source)
    if type(source) is _Duplicate:
        raise InvalidRecord(f"the key {describe(source.key)} appears twice", path="$")
    if type(source) is not dict and not isinstance(source, Mapping):
        raise InvalidRecord(f"a record is a JSON object, not {describe(source)}")
    if type(source) is not dict:
        try:
            source = dict(source.items())
        except Exception as exc:  # a caller's own Mapping: its methods may raise anything
            raise InvalidRecord(f"cannot read the mapping: {describe(exc)}") from None
    problem = _too_many(source) or _plain_problem(source)
    if problem is not None:
        raise problem
    # Plain JSON data only: tuples become lists; cannot fail after the checks above.
    plain: dict[str, Any] = json.loads(json.dumps(source))
    return plain


def _raise_first(errors: Any, prefix: str = "$") -> None:
    from jsonschema.exceptions import best_match

    error = best_match(errors)
    if error is not None:
        path = prefix + "".join(
            f"[{part}]" if isinstance(part, int) else f".{part}" for part in error.absolute_path
        )
        message = _json_words(error)
        message = message if len(message) <= 300 else message[:297] + "..."
        raise InvalidRecord(message, path=path)


def _json_text(value: object) -> str:
    """A value of a record as JSON writes it (``null``, ``true``, ``"top_up"``), bounded."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 80 else text[:77] + "..."


def _json_words(error: Any) -> str:
    """A JSON Schema error in the words of the record (``null is not of type 'object'``, not
    Python's ``None``): the offending value, and an enum's values, written as JSON."""
    message: str = error.message
    instance = repr(error.instance)
    if message.startswith(instance):
        message = _json_text(error.instance) + message[len(instance) :]
    if error.validator == "enum" and isinstance(error.validator_value, list):
        values = ", ".join(_json_text(value) for value in error.validator_value)
        message = message.replace(repr(error.validator_value), values)
    return message


_SPLIT: dict[int, tuple[Mapping[str, Any], Any, dict[str, Any]]] = {}


def _split_schema(schema: Mapping[str, Any]) -> tuple[Any, dict[str, Any]] | None:
    """The record schema as an envelope validator (each step's action checked for its kind
    only) and one validator per action kind: the same verdicts as the whole schema, without
    trying every kind's ``if`` on every step."""
    from jsonschema import Draft202012Validator

    cached = _SPLIT.get(id(schema))
    if cached is not None and cached[0] is schema:
        return cached[1], cached[2]
    try:
        action = schema["properties"]["steps"]["items"]["properties"]["action"]
        branches = action["allOf"]
        kinds = {
            branch["if"]["properties"]["kind"]["const"]: Draft202012Validator(branch["then"])
            for branch in branches
        }
    except (KeyError, TypeError):
        return None
    envelope = json.loads(json.dumps(schema))
    del envelope["properties"]["steps"]["items"]["properties"]["action"]["allOf"]
    split = (Draft202012Validator(envelope), kinds)
    _SPLIT[id(schema)] = (schema, *split)
    return split


def check_schema(record: Mapping[str, Any], schema: Mapping[str, Any]) -> None:
    """Validate against a JSON Schema; the error names the path of the first bad field."""
    from jsonschema import Draft202012Validator

    split = _split_schema(schema)
    try:
        if split is None:
            _raise_first(Draft202012Validator(schema).iter_errors(record))
            return
        envelope, kinds = split
        _raise_first(envelope.iter_errors(record))
        for index, step in enumerate(record["steps"]):
            action = step["action"]
            _raise_first(kinds[action["kind"]].iter_errors(action), f"$.steps[{index}].action")
    except RecursionError:
        raise InvalidRecord("record nested too deeply") from None


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


def _seat_beyond_players(record: Mapping[str, Any]) -> InvalidRecord | None:
    """A step's seat the record's own player count has no room for (the schema only knows
    the game's largest count): ``seat 7 in a 3-player record``, not "greater than 3"."""
    setup, steps = record.get("setup"), record.get("steps")
    if type(setup) is not dict or type(steps) is not list:
        return None
    players = setup.get("players")
    if type(players) is not int or players < 1:
        return None
    for index, step in enumerate(steps):
        seat = step.get("seat") if type(step) is dict else None
        if type(seat) is int and seat >= players:
            return InvalidRecord(
                f"seat {seat} in a {players}-player record (seats are 0 to {players - 1})",
                path=f"$.steps[{index}].seat",
            )
    return None


def _decode(record: Mapping[str, Any], codec: RecordCodec) -> tuple[Any, list[Any]]:
    problem = _seat_beyond_players(record)
    if problem is not None:
        raise problem
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
        named = describe(data.get("game"))
        raise InvalidRecord(f"a {named} record, not {game.name!r}", path="$.game")
    config, actions = _decode(data, codec)
    seed = data.get("seed") or 0
    chance = [(str(kind), str(outcome)) for kind, outcome in data["chance"]]
    try:
        state = codec.start(config, seed, chance)
    except IllegalAction as exc:
        raise ReplayError(
            exc.rule, exc.reason, step=None, seat=None, action=None, setup=True
        ) from None
    except InvalidSeed as exc:
        raise InvalidRecord(str(exc), path="$.seed") from None
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
                f"seat {json.dumps(seat)} acted but "
                + ("no seat is to move" if expected is None else f"seat {expected} is to move"),
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
