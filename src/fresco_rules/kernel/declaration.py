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
from typing import Any, Protocol

import attrs
from attrs import frozen

from . import codec as generic
from .adapter_spec import GameSpec
from .catalogue import CatalogueSection, RuleEntry, load_sections
from .errors import RulesError
from .position import PositionCheck, PositionProblem
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


def _nothing(_: Any) -> tuple[()]:
    """No result notes, no position problems: the default of a game that has none."""
    return ()


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
    result_notes: Callable[[Any], Sequence[str]] = _nothing
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
    """The game's package, holding its data files: ``data/rules.toml`` (the rule catalogue,
    or the sections of ``catalogue_sections``)
    and the record schema (``kernel.codec.SCHEMA_RESOURCE``)."""
    adapter: GameSpec
    """Its description for OpenSpiel and PettingZoo (action space, tensors)."""
    study: GameAdapter
    """Its description for studies (players, game-specific figures)."""
    build_schema: Callable[[], Mapping[str, Any]] | None = None
    """The record JSON Schema derived from the game's actions and config (what
    ``scripts/make_record_schema.py`` ships in the package); None: the game writes its own."""
    state_type: type | None = None
    """The class of the game's states (``position_to_json`` finds a state's game by it)."""
    position_problems: PositionCheck = _nothing
    """The game's own laws of a loaded position (``kernel.position``): each problem names
    its JSON path and rule."""
    catalogue_sections: tuple[CatalogueSection, ...] = (CatalogueSection("data/rules.toml"),)
    """The files of the rule catalogue in the package (a game with expansion modules ships
    the base game's and one per module); the catalogue is their union."""
    catalogue_order: Callable[[RuleEntry], Any] | None = None
    """The order of the union (a sort key, stable): None keeps the sections' order."""

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
        return load_sections(
            self.package,
            self.catalogue_sections,
            id_pattern=self.rule_id,
            order=self.catalogue_order,
        )

    def record_game(
        self, config: Any, seed: int, steps: Sequence[tuple[int | None, Any]], final: Any
    ) -> dict[str, Any]:
        """The record of a game played with ``config`` and ``seed`` (``kernel.records``)."""
        return generic.record_game(self.rules, self.version, config, seed, steps, final)


# The modules every game package has, by name (``declare``): a module is an implementation of
# a Protocol when it defines the names the Protocol lists, so mypy checks each game's modules.


class ConfigModule(Protocol):
    """``config.py``: the config class, its interpretation options and its error."""

    @property
    def GameConfig(self) -> Callable[..., Any]: ...
    @property
    def OPTION_TYPES(self) -> Mapping[str, type[Enum]]: ...
    @property
    def InvalidConfig(self) -> type[RulesError]: ...


class DataModule(Protocol):
    """``data.py``: the component data."""

    def load_components(self, path: str | Path, /) -> Any: ...
    def components_from_mapping(self, raw: Any, /, *, source: str = ...) -> Any: ...
    def components_to_mapping(self, data: Any, /) -> Any: ...
    def template_text(self) -> str: ...
    def default_components(self) -> Any: ...


class EngineModule(Protocol):
    """``engine.py``: what one seat sees, and who won."""

    def player_view(self, state: Any, seat: int, /) -> Any: ...
    def winners(self, state: Any, /) -> tuple[int, ...]: ...


class GameModule(Protocol):
    """``game.py``: the rules as one ``GameRules`` value."""

    @property
    def GAME(self) -> GameRules[Any, Any]: ...


class TextNotationModule(Protocol):
    """``text_notation.py``: the text notation of actions."""

    def notation(self, state: Any, action: Any, /) -> str: ...
    def parse_action(self, state: Any, text: str, /) -> Any: ...
    def legal_forms(self, state: Any, /) -> tuple[str, ...]: ...


class RenderModule(Protocol):
    """``render.py``: the text board and the log lines."""

    def board(self, state: Any, /) -> str: ...
    def events(self, before: Any, after: Any, /) -> list[str]: ...


class PictureModule(Protocol):
    """``picture.py``: the SVG picture."""

    def svg(self, state: Any, /) -> str: ...


class RecordsModule(Protocol):
    """``records.py``: the record codec and schema."""

    def make_codec(self, components: Any = ..., /) -> RecordCodec: ...
    def build_schema(self) -> Mapping[str, Any]: ...


class VocabModule(Protocol):
    """``vocab.py``: the shape of the game's spec IDs."""

    @property
    def RULE_ID(self) -> re.Pattern[str]: ...


class AdapterSpecModule(Protocol):
    """``adapter_spec.py``: the game for OpenSpiel and PettingZoo."""

    @property
    def SPEC(self) -> GameSpec: ...


class StudyAdapterModule(Protocol):
    """``study_adapter.py``: the game for studies."""

    @property
    def ADAPTER(self) -> GameAdapter: ...


class BoardViewModule(Protocol):
    """``board_view.py``: the whole position for people."""

    def text_view(self, state: Any, /) -> str: ...


class PositionModule(Protocol):
    """``position.py``: the game's own laws of a loaded position."""

    def position_problems(self, state: Any, /) -> Sequence[PositionProblem]: ...


class StateModule(Protocol):
    """``state.py``: the class of the game's states."""

    @property
    def State(self) -> type: ...


def declare(
    *,
    title: str,
    version: str,
    package: str,
    adapter_spec: AdapterSpecModule,
    config: ConfigModule,
    data: DataModule,
    engine: EngineModule,
    game: GameModule,
    picture: PictureModule,
    records: RecordsModule,
    render: RenderModule,
    study_adapter: StudyAdapterModule,
    text_notation: TextNotationModule,
    vocab: VocabModule,
    board_view: BoardViewModule | None = None,
    position: PositionModule | None = None,
    state: StateModule | None = None,
    rule_specs: tuple[str, ...] = (),
    option_rules: Mapping[str, str] | None = None,
    parse_modules: Callable[[str], Any] | None = None,
    score_sheet: Callable[[], Any] | None = None,
    result_notes: Callable[[Any], Sequence[str]] = _nothing,
    catalogue_sections: tuple[CatalogueSection, ...] = (CatalogueSection("data/rules.toml"),),
    catalogue_order: Callable[[RuleEntry], Any] | None = None,
) -> GameDeclaration:
    """A game's declaration built from its modules by convention: each part comes from the
    same-named function of the same-named module (``data.load_components``,
    ``text_notation.parse_action``, ``adapter_spec.SPEC``, ...). The game passes what really
    differs: its title, its optional modules and the optional parts of its board and config.
    The name and the player counts come from the rules and the adapter spec."""
    spec = adapter_spec.SPEC
    board = Board(
        text=render.board,
        svg=picture.svg,
        events=render.events,
        view=str if board_view is None else board_view.text_view,
        score_sheet=score_sheet,
        result_notes=result_notes,
    )
    return GameDeclaration(
        name=game.GAME.name,
        title=title,
        players=tuple(range(spec.min_players, spec.max_players + 1)),
        default_players=spec.default_players,
        rules=game.GAME,
        version=version,
        config_type=config.GameConfig,
        option_types=config.OPTION_TYPES,
        invalid_config=config.InvalidConfig,
        option_rules={} if option_rules is None else option_rules,
        parse_modules=parse_modules,
        components=Components(
            load=data.load_components,
            from_mapping=data.components_from_mapping,
            to_mapping=data.components_to_mapping,
            template_text=data.template_text,
            default=data.default_components,
        ),
        make_codec=records.make_codec,
        notation=Notation(
            format=text_notation.notation,
            parse=text_notation.parse_action,
            legal_forms=text_notation.legal_forms,
        ),
        board=board,
        player_view=engine.player_view,
        winners=engine.winners,
        rule_id=vocab.RULE_ID,
        rule_specs=rule_specs,
        package=package,
        adapter=spec,
        study=study_adapter.ADAPTER,
        build_schema=records.build_schema,
        state_type=None if state is None else state.State,
        position_problems=_nothing if position is None else position.position_problems,
        catalogue_sections=catalogue_sections,
        catalogue_order=catalogue_order,
    )
