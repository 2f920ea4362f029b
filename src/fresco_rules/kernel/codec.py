"""JSON codecs for attrs-based games: strict cattrs structuring and a record codec built from a
game's config, state and action classes.

A game describes itself once in a ``CodecSpec``; ``build_codec`` gives the ``RecordCodec`` that
``kernel.records`` replays with, and ``build_schema`` the JSON Schema of the game's records.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import Enum, IntEnum, StrEnum
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import attrs
import cattrs
from attrs import frozen

from .chance import MAX_SEED, Chance, ChanceRecord, Outcome
from .errors import InvalidData, RulesError
from .files import FileRefused, read_limited
from .jsonschema_gen import record_schema
from .protocol import RecordCodec
from .records import (
    MAX_CHANCE,
    MAX_STEPS,
    RECORD_FORMAT,
    RECORD_VERSION,
    InvalidRecord,
    check_plain,
    check_schema,
    make_record,
)
from .untrusted import describe

T = TypeVar("T")

SCHEMA_RESOURCE = "data/record.schema.json"


def strict_int(value: object, _: type) -> int:
    # cattrs' default would turn "5" or True into an int; a file must say what it means.
    if type(value) is not int:
        raise TypeError(f"expected an integer, got {describe(value)}")
    return value


def strict_str(value: object, _: type) -> str:
    if type(value) is not str:
        raise TypeError(f"expected a string, got {describe(value)}")
    return value


def strict_bool(value: object, _: type) -> bool:
    if type(value) is not bool:
        raise TypeError(f"expected true or false, got {describe(value)}")
    return value


def strict_converter() -> cattrs.Converter:
    """A cattrs converter that refuses unknown keys and values of the wrong JSON type, and
    writes enums as their values and tuples as lists."""
    converter = cattrs.Converter(forbid_extra_keys=True)
    converter.register_structure_hook(int, strict_int)
    converter.register_structure_hook(str, strict_str)
    converter.register_structure_hook(bool, strict_bool)
    # StrEnum and IntEnum list str/int before Enum in their MRO: without their own hooks a
    # member would be written as itself, which the strict structure hooks refuse on reading
    for enum_type in (Enum, StrEnum, IntEnum):
        converter.register_unstructure_hook(enum_type, lambda member: member.value)
    converter.register_unstructure_hook(
        tuple, lambda values: [converter.unstructure(v) for v in values]
    )
    # a Chance keeps its log as a persistent list; records and state JSON see the plain fields
    converter.register_unstructure_hook(
        Chance, lambda chance: converter.unstructure(ChanceRecord.of(chance))
    )
    converter.register_structure_hook(
        Chance, lambda raw, _: converter.structure(raw, ChanceRecord).chance()
    )
    return converter


STRUCTURE_ERRORS = (
    cattrs.BaseValidationError,
    ValueError,
    TypeError,
    KeyError,
    AttributeError,  # cattrs reading an optional attrs class from a list or a string
    RecursionError,
)


def structure_error(exc: Exception, prefix: str = "$") -> InvalidRecord:
    """An ``InvalidRecord`` naming the first bad path of a structuring error, under ``prefix``."""
    if isinstance(exc, cattrs.BaseValidationError):
        first = cattrs.transform_error(exc, path="$")[0]
        message, _, path = first.rpartition(" @ ")
        return InvalidRecord(message or first, path=prefix + (path or "$").removeprefix("$"))
    return InvalidRecord(str(exc), path=prefix)


@frozen
class CodecSpec:
    """What the generic codec needs to know about a game."""

    game: str
    config_cls: type
    state_cls: type
    action_types: Sequence[type]
    """Action classes, each with a unique ``kind`` ClassVar."""
    default_components: Callable[[], Any]
    """The shipped component data; a component set has ``name``, ``version`` and ``digest``."""
    derive: Callable[[Any], Any]
    """Derives the state's ``derived_field`` from a config; raises ``RulesError`` for a config
    that cannot start a game."""
    start: Callable[[Any, int, Sequence[Outcome]], Any]
    seat_to_move: Callable[[Any], int | None]
    turn_rule: Callable[[Any], str]
    result_rule: str
    chance_rule: str
    players: tuple[int, int]
    """The smallest and largest player count."""
    package: str
    """The package holding ``data/record.schema.json``."""
    derived_field: str = "tables"
    action_fields: frozenset[str] = frozenset()
    """State fields holding a tuple of actions (or None), stored with their kinds."""
    setup_bounds: Mapping[str, tuple[int, int]] = attrs.field(factory=dict)
    """The ranges of the setup's numbers and sizes (``kernel.bounds`` patterns), stated in
    the record schema and checked before any work proportional to them."""

    @property
    def actions_by_kind(self) -> dict[str, type]:
        return {cls.kind: cls for cls in self.action_types}  # type: ignore[attr-defined]


_CONVERTER = strict_converter()


def _identity(data: Any) -> dict[str, Any]:
    return {"name": data.name, "version": data.version, "digest": data.digest}


class Codec:
    """The JSON forms of one game's configs, actions and states."""

    def __init__(self, spec: CodecSpec, components: Iterable[Any]) -> None:
        self.spec = spec
        self.known = (spec.default_components(), *components)
        self.kinds = spec.actions_by_kind

    @cached_property
    def setup_schema(self) -> Mapping[str, Any]:
        """The record schema's ``setup`` part (read when first needed)."""
        schema: Mapping[str, Any] = shipped_schema(self.spec)["properties"]["setup"]
        return schema

    def config_to_json(self, config: Any) -> dict[str, Any]:
        raw: dict[str, Any] = {}
        for field in attrs.fields(self.spec.config_cls):
            value = getattr(config, field.name)
            if field.name == "components":
                raw["components"] = _identity(value)
            elif isinstance(value, frozenset):
                raw[field.name] = sorted(_CONVERTER.unstructure(v) for v in value)
            else:
                raw[field.name] = _CONVERTER.unstructure(value)
        return raw

    def config_from_json(self, raw: Any) -> Any:
        if not isinstance(raw, Mapping):
            raise InvalidRecord("setup must be an object")
        body = dict(raw)
        # a setup may come from anywhere (a state file, a conform request): the record's
        # bounds and shape before any field is structured
        check_plain(body)
        check_schema(body, self.setup_schema)
        identity = body.pop("components", None)
        if not isinstance(identity, Mapping) or "digest" not in identity:
            raise InvalidRecord("setup must name its component data", path="$.components")
        data = next((c for c in self.known if c.digest == identity["digest"]), None)
        if data is None:
            raise InvalidRecord(
                f"component data {identity.get('name')!r} (digest {identity.get('digest')}) is "
                "not loaded: pass the matching component file (--components)",
                path="$.components",
            )
        hints = typing.get_type_hints(self.spec.config_cls)
        values: dict[str, Any] = {"components": data}
        for field in attrs.fields(self.spec.config_cls):
            if field.name == "components" or field.name not in body:
                continue
            try:
                values[field.name] = _CONVERTER.structure(body.pop(field.name), hints[field.name])
            except STRUCTURE_ERRORS as exc:
                raise structure_error(exc, f"$.{field.name}") from None
        if body:
            raise InvalidRecord(f"unknown setup fields {sorted(body)}", path="$")
        config = self.spec.config_cls(**values)
        try:
            self.spec.derive(config)
        except RulesError as exc:
            raise InvalidRecord(f"setup cannot start a game: {exc}", path="$") from None
        return config

    def action_to_json(self, action: Any) -> dict[str, Any]:
        body: dict[str, Any] = _CONVERTER.unstructure(action)
        return {"kind": action.kind, **body}

    def action_from_json(self, raw: Any) -> Any:
        if not isinstance(raw, Mapping):
            raise InvalidRecord("an action is an object with a 'kind'")
        kind = raw.get("kind")
        cls = self.kinds.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise InvalidRecord(f"unknown action kind {kind!r}", path="$.kind")
        body = {key: value for key, value in raw.items() if key != "kind"}
        try:
            return _CONVERTER.structure(body, cls)
        except STRUCTURE_ERRORS as exc:
            raise structure_error(exc) from None

    def state_to_json(self, state: Any) -> dict[str, Any]:
        """Every field of a state except the derived one, as plain JSON data."""
        raw: dict[str, Any] = {}
        for field in attrs.fields(self.spec.state_cls):
            value = getattr(state, field.name)
            if field.name == self.spec.derived_field:
                continue
            if field.name == "config":
                raw["config"] = self.config_to_json(value)
            elif field.name in self.spec.action_fields:
                raw[field.name] = [None if a is None else self.action_to_json(a) for a in value]
            else:
                raw[field.name] = _CONVERTER.unstructure(value)
        return raw

    def state_from_json(self, raw: Any) -> Any:
        if not isinstance(raw, Mapping):
            raise InvalidRecord("a state is an object")
        config = self.config_from_json(raw.get("config"))
        hints = typing.get_type_hints(self.spec.state_cls)
        values: dict[str, Any] = {
            "config": config,
            self.spec.derived_field: self.spec.derive(config),
        }
        for field in attrs.fields(self.spec.state_cls):
            if field.name in values:
                continue
            if field.name not in raw:
                raise InvalidRecord("missing state field", path=f"$.{field.name}")
            try:
                if field.name in self.spec.action_fields:
                    values[field.name] = tuple(
                        None if a is None else self.action_from_json(a) for a in raw[field.name]
                    )
                else:
                    values[field.name] = _CONVERTER.structure(raw[field.name], hints[field.name])
            except STRUCTURE_ERRORS as exc:
                raise structure_error(exc, f"$.{field.name}") from None
        return self.spec.state_cls(**values)


def shipped_schema(spec: CodecSpec) -> dict[str, Any]:
    """The record JSON Schema shipped in the game's package."""
    text = resources.files(spec.package).joinpath(SCHEMA_RESOURCE).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def build_codec(spec: CodecSpec, components: Iterable[Any] = ()) -> RecordCodec:
    """The game's record codec; ``components`` adds component sets a record may name."""
    codec = Codec(spec, components)
    return RecordCodec(
        schema=shipped_schema(spec),
        start=spec.start,
        config_to_json=codec.config_to_json,
        config_from_json=codec.config_from_json,
        action_to_json=codec.action_to_json,
        action_from_json=codec.action_from_json,
        state_to_json=codec.state_to_json,
        state_from_json=codec.state_from_json,
        chance_log=lambda state: state.chance.log,
        seat_to_move=spec.seat_to_move,
        turn_rule=spec.turn_rule,
        where=lambda state: state.where(),
        result_rule=spec.result_rule,
        chance_rule=spec.chance_rule,
        chance_left=lambda state: len(state.chance.script),
    )


def build_schema(spec: CodecSpec) -> dict[str, Any]:
    """The JSON Schema of the game's records, generated from its config and action types."""
    identity = {
        "type": "object",
        "properties": {
            "name": {"type": "string", "maxLength": 200},
            "version": {"type": "integer", "minimum": 1, "maximum": 1_000_000},
            "digest": {"type": "string", "pattern": "^[0-9a-f]{16}$"},
        },
        "required": ["name", "version", "digest"],
        "additionalProperties": False,
    }
    low, high = spec.players
    players = {"type": "integer", "minimum": low, "maximum": high}
    setup = record_schema(
        spec.config_cls,
        overrides={"components": identity, "players": players},
        bounds=spec.setup_bounds,
    )
    setup["required"] = ["players", "components"]
    action: dict[str, Any] = {
        "type": "object",
        "required": ["kind"],
        "properties": {"kind": {"enum": sorted(spec.actions_by_kind)}},
        "allOf": [
            {
                "if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]},
                "then": record_schema(cls, tag=("kind", kind)),
            }
            for kind, cls in spec.actions_by_kind.items()
        ],
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"{spec.game.title()} game record (fresco_rules)",
        "type": "object",
        "required": [
            "format",
            "format_version",
            "library_version",
            "game",
            "setup",
            "chance",
            "steps",
        ],
        "additionalProperties": False,
        "properties": {
            "format": {"const": RECORD_FORMAT},
            "format_version": {"const": RECORD_VERSION},
            "library_version": {"type": "string", "maxLength": 100},
            "game": {"const": spec.game},
            "setup": setup,
            "seed": {
                "anyOf": [
                    {"type": "integer", "minimum": 0, "maximum": MAX_SEED},
                    {"type": "null"},
                ]
            },
            "chance": {
                "type": "array",
                "maxItems": MAX_CHANCE,
                "items": {
                    "type": "array",
                    "prefixItems": [
                        {"type": "string", "maxLength": 100},
                        {"type": "string", "maxLength": 100},
                    ],
                    "items": False,
                    "minItems": 2,
                },
            },
            "steps": {
                "type": "array",
                "maxItems": MAX_STEPS,
                "items": {
                    "type": "object",
                    "required": ["seat", "action"],
                    "additionalProperties": False,
                    "properties": {
                        "seat": {
                            "anyOf": [
                                {"type": "integer", "minimum": 0, "maximum": high - 1},
                                {"type": "null"},
                            ]
                        },
                        "action": action,
                    },
                },
            },
            "result": {
                "type": "object",
                "required": ["scores"],
                "additionalProperties": False,
                "properties": {
                    "scores": {"type": "array", "maxItems": high, "items": {"type": "integer"}}
                },
            },
        },
    }


def provisional_paths(raw: object, path: str = "$") -> tuple[str, ...]:
    """Paths of every table in plain data whose ``provenance`` is ``provisional``."""
    found: list[str] = []

    def walk(node: object, where: str) -> None:
        if isinstance(node, dict):
            if node.get("provenance") == "provisional":
                found.append(where)
            for key, value in node.items():
                walk(value, f"{where}.{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{where}[{i}]")

    walk(raw, path)
    return tuple(found)


def record_game(
    game: Any,
    library_version: str,
    config: Any,
    seed: int,
    steps: Sequence[tuple[int | None, Any]],
    final: Any,
) -> dict[str, Any]:
    """The record of a game played with ``game`` (a ``GameRules`` with a codec), with its
    result when it is over."""
    return make_record(
        game,
        library_version=library_version,
        config=config,
        seed=seed,
        steps=steps,
        final=final,
        scores=game.scores(final) if game.is_over(final) else None,
    )


def recorder(
    game: Any, library_version: str
) -> Callable[[Any, int, Sequence[tuple[int | None, Any]], Any], dict[str, Any]]:
    """``record_game(config, seed, steps, final)`` of one game (see ``record_game``)."""

    def record(
        config: Any, seed: int, steps: Sequence[tuple[int | None, Any]], final: Any
    ) -> dict[str, Any]:
        """The record of a game (see ``kernel.records`` for the format)."""
        return record_game(game, library_version, config, seed, steps, final)

    return record


class DigestIdentity:
    """Mixin for a validated, immutable data set (``@frozen(eq=False)``): equality and hashing
    go by its ``digest`` (content identity), and a deep copy is the object itself (keeps the
    snapshots of the test harnesses cheap)."""

    __slots__ = ()
    digest: str

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.digest == self.digest

    def __hash__(self) -> int:
        return hash(self.digest)

    def __deepcopy__(self, memo: dict[int, object]) -> DigestIdentity:
        return self


MAX_DATA_FILE_BYTES = 1_000_000
"""The largest component data file read (the shipped ones are a few kilobytes)."""


class DataFileRefused(FileRefused, InvalidData):
    """A component data file refused before its content is read: missing or unreadable, not a
    regular file (a pipe, a device, a folder), or larger than ``MAX_DATA_FILE_BYTES``. An
    ``InvalidData``, like every other problem ``load_components`` finds, and a ``FileRefused``:
    the command line answers it with exit code 2 (no data file at all), not 1."""


MAX_PROBLEM = 200
"""The longest TOML problem quoted (the parser's words may quote keys of the file)."""


def toml_problem(exc: tomllib.TOMLDecodeError) -> str:
    """The parser's own words on one line, whole: ``Unclosed array (at line 3, column 1)``;
    only an over-long one is cut, before its position, which is always kept."""
    text = " ".join(str(exc).split())
    head, bracket, where = text.rpartition(" (at ")
    if not bracket:
        head, where = text, ""
    if len(head) > MAX_PROBLEM:
        head = head[: MAX_PROBLEM - 3] + "..."
    if not head.isprintable():
        head = describe(head)
    return f"{head} (at {where}" if where else head


def read_toml_file(path: str | Path) -> Any:
    """The parsed content of a TOML data file; ``InvalidData`` (never another exception) when
    it cannot be read, is not a regular file, is larger than ``MAX_DATA_FILE_BYTES`` (then
    ``DataFileRefused``), is not TOML, or is hostile TOML (nested too deeply for the parser,
    an integer of more than 4,300 digits). Nothing past the bound is read, whatever the size
    the file claims (``/dev/zero`` claims 0)."""
    file = Path(path)
    try:
        data = read_limited(file, MAX_DATA_FILE_BYTES, what="component data file")
    except FileRefused as exc:
        raise DataFileRefused(str(exc)) from None
    try:
        return tomllib.loads(data.decode("utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise InvalidData(f"{file}: not valid TOML: {toml_problem(exc)}") from None
    except UnicodeDecodeError as exc:
        raise InvalidData(f"{file}: not valid TOML: not UTF-8 ({exc.reason})") from None
    except RecursionError:
        raise InvalidData(f"{file}: nested too deeply") from None
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise InvalidData(f"{file}: not valid TOML ({describe(str(exc))})") from None


def structure_data(converter: cattrs.Converter, cls: type, body: Any, source: str) -> Any:
    """Structure a component table into ``cls``; ``InvalidData`` names every bad path."""
    try:
        return converter.structure(body, cls)
    except STRUCTURE_ERRORS as exc:
        if isinstance(exc, cattrs.BaseValidationError):
            details = "; ".join(cattrs.transform_error(exc, path="$"))
        else:
            details = str(exc)
        raise InvalidData(f"{source}: {details}") from None


def content_digest(plain: Any) -> str:
    """A short, stable identity of plain JSON data (16 hex digits of its SHA-256)."""
    canonical = json.dumps(plain, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


def checked_data(
    converter: cattrs.Converter,
    cls: type,
    raw: Mapping[str, Any],
    source: str,
    problems_in: Callable[[Any], list[str]],
) -> Any:
    """A component table structured into ``cls`` (its ``digest`` key ignored), checked by
    ``problems_in`` and given the digest of its content. ``InvalidData`` names ``source`` and
    every problem at once."""
    if not isinstance(raw, Mapping):
        raise InvalidData(f"{source}: the top level must be a table, not {type(raw).__name__}")
    body = {key: value for key, value in raw.items() if key != "digest"}
    data = structure_data(converter, cls, body, source)
    problems = problems_in(data)
    if problems:
        raise InvalidData(f"{source}: " + "; ".join(problems))
    return attrs.evolve(data, digest=content_digest(converter.unstructure(data)))


def data_to_mapping(converter: cattrs.Converter, data: Any) -> dict[str, Any]:
    """The plain-data form of a component set without its digest (what ``checked_data``
    structures again): a game's ``components_to_mapping``."""
    raw: dict[str, Any] = converter.unstructure(data)
    raw.pop("digest", None)
    return raw


def load_data_file(path: str | Path, from_mapping: Callable[..., T]) -> T:
    """A TOML data file read by ``read_toml_file`` and checked by the game's
    ``from_mapping(raw, source=...)``, which names the file in its errors."""
    return from_mapping(read_toml_file(path), source=str(Path(path)))


def shipped_text(package: str | None, name: str) -> str:
    """The text of a data file shipped inside ``package`` (a game module's ``__package__``;
    ``name`` such as ``data/components.toml``)."""
    if package is None:
        raise ValueError("shipped_text needs the package the data file ships in")
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")
