"""The one declaration a game fills, once, at the end of its own folder: everything every tool
(command line, records, adapters, ``conform``, studies, board) needs of a game.

A game package (built in, or anyone's, found through the entry-point group
``fresco_rules.games``) exposes one ``GameDeclaration`` value. Tools never name a game: they
take its declaration from the registry (``fresco_rules.games``) and call what it declares.
What can be derived from the declared parts is derived here (the options with their spec IDs,
values and defaults; the record of a game; the rule catalogue), not declared twice.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from pathlib import Path
from typing import Any

import attrs
from attrs import frozen

from . import codec as generic
from .adapter_spec import GameSpec
from .catalogue import RuleEntry, load_catalogue
from .errors import RulesError
from .position import PositionCheck
from .protocol import GameRules, RecordCodec
from .study_spec import GameAdapter

_SPEC_ID = re.compile(r"^\s*([A-Z][A-Za-z-]*\.?[0-9]+(?:\.[0-9]+)*)\b")


@frozen
class Option:
    """One interpretation option of a game's config, derived from its enum type."""

    name: str
    """The config field (``market_refill``)."""
    rule: str
    """The spec ID of the decision it follows (``A0.4``), from the enum's docstring; "" if
    the docstring names none."""
    values: tuple[str, ...]
    """Every value it takes, as written on the command line and in records."""
    default: str
    """The value of the game's default config."""


def _option_text(value: Any, values: tuple[str, ...]) -> str:
    """An option's value as the command line writes it: an enum by its value, a flag stored
    as a bool by its switch word (the first value is "on")."""
    if isinstance(value, Enum):
        return str(value.value)
    if type(value) is bool:
        return values[0] if value else values[-1]
    return str(value)


@frozen
class Components:
    """A game's replaceable component data (PROVISIONAL values ship as a data file)."""

    load: Callable[[str | Path], Any]
    """``load(path)``: read and validate a data file (a ``RulesError`` on a bad one)."""
    from_mapping: Callable[..., Any]
    """``from_mapping(raw, source=...)``: validate parsed data."""
    to_mapping: Callable[[Any], Any]
    """The plain-data form (the inverse of ``from_mapping``)."""
    template_text: Callable[[], str]
    """The shipped data as an editable file (what ``load`` reads)."""
    default: Callable[[], Any]
    """The shipped data."""


@frozen
class Notation:
    """A game's text notation for actions."""

    format: Callable[[Any, Any], str]
    """``format(state, action)``: the text of an action in a state."""
    parse: Callable[[Any, str], Any]
    """``parse(state, text)``: the action a text names (``NotationError`` when it names none,
    ``IllegalAction`` when it names an illegal one)."""
    legal_forms: Callable[[Any], tuple[str, ...]]
    """The text of every legal action in a state."""


@frozen
class Board:
    """How a game shows a position and what happened."""

    text: Callable[[Any], str]
    """The compact text board a game's log starts and ends with."""
    svg: Callable[[Any], str]
    """The SVG picture."""
    events: Callable[[Any, Any], list[str]]
    """``events(before, after)``: what one step did, in lines for a log."""
    view: Callable[[Any], str] = str
    """The whole position for people (by default ``str(state)``)."""
    score_sheet: Callable[[], Any] | None = None
    """A new score sheet (``record(before, after)`` each step, ``lines(final)`` at the end);
    None when the game keeps none."""
    result_notes: Callable[[Any], Sequence[str]] = lambda state: ()
    """Lines a result adds after the scores (Fresco's Leonardo, who cannot win)."""


@frozen(kw_only=True)
class GameDeclaration:
    """Everything a game is to the tools. Fill it once in the game's own folder."""

    name: str
    """The name records carry and tools take (``--game NAME``): lowercase letters, digits,
    ``_``."""
    title: str
    players: tuple[int, ...] = attrs.field()
    """The player counts the game supports, ascending."""
    default_players: int
    rules: GameRules[Any, Any]
    """The pure rule functions and the record codec."""
    version: str
    """The version written into records."""
    config_type: Callable[..., Any]
    """The config class (attrs): ``config_type(players=N, ...)``."""
    option_types: Mapping[str, type[Enum]]
    """Every enumerated interpretation option of the config and its enum type."""
    invalid_config: type[RulesError]
    """What the config raises on a bad value (a ``RulesError``)."""
    option_rules: Mapping[str, str] = attrs.field(factory=dict)
    """The spec ID of an option whose enum type does not name it first in its docstring (a
    type shared by several options)."""
    parse_modules: Callable[[str], Any] | None = None
    """``parse_modules("1,4")``: the value of the config's ``modules`` field; None when the
    game has no expansion modules."""
    components: Components
    make_codec: Callable[..., RecordCodec]
    """``make_codec(components_tuple)``: the codec for games played with other data."""
    notation: Notation
    board: Board
    player_view: Callable[[Any, int], Any]
    """What one seat sees: nothing in it may depend on what that seat cannot see."""
    winners: Callable[[Any], tuple[int, ...]]
    rule_id: re.Pattern[str]
    """The shape of the game's spec IDs (its own namespace)."""
    rule_specs: tuple[str, ...]
    """The spec files its catalogue is extracted from."""
    package: str
    """The game's package, holding its data files: ``data/rules.toml`` (the rule catalogue)
    and the record schema (``kernel.codec.SCHEMA_RESOURCE``)."""
    adapter: GameSpec
    """Its description for OpenSpiel and PettingZoo (action space, tensors)."""
    study: GameAdapter
    """Its description for studies (players, game-specific figures)."""
    build_schema: Callable[[], Mapping[str, Any]] | None = None
    state_type: type | None = None
    """The class of the game's states (``position_to_json`` finds a state's game by it)."""
    position_problems: PositionCheck = lambda state: ()
    """The game's own laws of a loaded position (``kernel.position``): each problem names
    its JSON path and rule."""
    """The record JSON Schema derived from the game's actions and config (what
    ``scripts/make_record_schema.py`` ships in the package); None: the game writes its own."""

    @players.validator
    def _check_players(self, _: attrs.Attribute[Any], value: tuple[int, ...]) -> None:
        if not value or list(value) != sorted(set(value)):
            raise ValueError(f"{self.name}: players must be ascending counts, got {value!r}")

    def options(self) -> tuple[Option, ...]:
        """The interpretation options, derived from the config and its enum types."""
        default = self.config_type()
        found = []
        for name, kind in self.option_types.items():
            match = _SPEC_ID.match(kind.__doc__ or "")
            rule = self.option_rules.get(name, match.group(1) if match else "")
            values = tuple(str(member.value) for member in kind)
            found.append(
                Option(
                    name=name,
                    rule=rule,
                    values=values,
                    default=_option_text(getattr(default, name), values),
                )
            )
        return tuple(found)

    def catalogue(self) -> tuple[RuleEntry, ...]:
        """The game's rule catalogue (IDs in its own namespace)."""
        return load_catalogue(self.package, "data/rules.toml", id_pattern=self.rule_id)

    def record_game(
        self, config: Any, seed: int, steps: Sequence[tuple[int | None, Any]], final: Any
    ) -> dict[str, Any]:
        """The record of a game played with ``config`` and ``seed`` (``kernel.records``)."""
        return generic.record_game(self.rules, self.version, config, seed, steps, final)
