"""Game configuration: players, the first player (CA1), the Festival (F1), the edition variants
V1 and V3, the Festival reading FA2 and the tile set (FA5)."""

from __future__ import annotations

from enum import Enum, StrEnum
from functools import lru_cache
from typing import Any

import attrs
from attrs import frozen

from ..kernel.errors import RulesError
from ..kernel.notation import ascii_int
from ..kernel.options import to_enum
from ..kernel.registry import implements
from ..kernel.untrusted import describe
from .data import ComponentData, default_components
from .geometry import Geometry, build_geometry


class InvalidConfig(RulesError):
    """A ``GameConfig`` that cannot start a game (wrong player count, bad option value)."""


class FestivalReturn(StrEnum):
    """FA2: which of his figures a player may take back on a Festival turn."""

    FIGURE = "figure"
    """Any of his figures on the board (the publisher's reading)."""
    FOLLOWER = "follower"
    """Only followers (thief, knight, monk, farmer). In the base game the same figures."""


class FirstPlayer(StrEnum):
    """CA1: how the first player is fixed."""

    SETUP = "setup"
    """``GameConfig.first_player``."""
    RANDOM = "random"
    """Drawn from the seeded chance source (chance kind ``"first_player"``)."""


class TinyCity(Enum):
    """V1 on the command line: ``tiny_city=4`` or ``2``."""

    FOUR = "4"
    TWO = "2"


class Switch(Enum):
    """V3 and the Festival on the command line: ``farmers=on`` / ``off``."""

    ON = "on"
    OFF = "off"


OPTION_TYPES: dict[str, type[Enum]] = {
    "festival": Switch,
    "tiny_city": TinyCity,
    "farmers": Switch,
    "festival_return": FestivalReturn,
    "first_player_choice": FirstPlayer,
}
"""Every option of ``GameConfig`` as the command line spells it (``--option farmers=off``)."""


def _switch(name: str, rule: str, value: Any) -> Any:
    """An on/off option from True/False, a ``Switch`` or its text (``"off"``); other text fails
    at once with the values, other shapes are left for ``derive_tables``."""
    if isinstance(value, str | Switch):
        return to_enum(Switch, name, rule, InvalidConfig, value) is Switch.ON
    return value


def _festival(value: Any) -> Any:
    return _switch("festival", "F1", value)


def _farmers(value: Any) -> Any:
    return _switch("farmers", "V3", value)


def _tiny(value: Any) -> Any:
    """V1: 4 or 2, as a number, a ``TinyCity`` or text; any other number or text fails at once."""
    if isinstance(value, str | int | TinyCity) and not isinstance(value, bool):
        return int(to_enum(TinyCity, "tiny_city", "V1", InvalidConfig, value).value)
    return value


def _by_value(kind: type[Enum], name: str, rule: str, value: Any) -> Any:
    """A string option value as its enum member (``"follower"``, ``"FOLLOWER"``); text that
    names no member fails at once with the values, other shapes are left for
    ``derive_tables``."""
    if isinstance(value, str):
        return to_enum(kind, name, rule, InvalidConfig, value)
    return value


def _festival_return(value: Any) -> Any:
    return _by_value(FestivalReturn, "festival_return", "FA2", value)


def _first_player(value: Any) -> Any:
    return _by_value(FirstPlayer, "first_player_choice", "CA1", value)


@frozen
class GameConfig:
    """Everything that fixes a game before the seed.

    ``festival`` shuffles the Festival tiles in (F1); ``tiny_city`` is V1 (4 or 2 points for a
    completed 2-tile city); ``farmers`` is V3; ``festival_return`` is FA2 (``"figure"`` or
    ``"follower"``); ``first_player`` and ``first_player_choice`` are CA1; ``components`` is the
    tile set (FA5).
    """

    players: int = 2
    """C0.1: the number of players, 2-5."""
    festival: bool = attrs.field(default=True, converter=_festival)
    """F1: the 10 Festival tiles are shuffled into the stack (``on``) or left out (``off``)."""
    tiny_city: int = attrs.field(default=4, converter=_tiny)
    """V1: a completed 2-tile city scores 4 (current rules) or 2 (first edition)."""
    farmers: bool = attrs.field(default=True, converter=_farmers)
    """V3: farmers may be deployed and fields score (``on``), or neither (``off``)."""
    festival_return: FestivalReturn = attrs.field(
        default=FestivalReturn.FIGURE, converter=_festival_return
    )
    """FA2: which of his figures a player may take back on a Festival turn (``FestivalReturn``)."""
    first_player: int = 0
    """CA1: the first player's seat (used when ``first_player_choice`` is ``setup``)."""
    first_player_choice: FirstPlayer = attrs.field(
        default=FirstPlayer.SETUP, converter=_first_player
    )
    """CA1: how the first player is fixed (``FirstPlayer``)."""
    components: ComponentData = attrs.field(factory=default_components)
    """FA5: the tile set (the shipped tiles, or ``load_components(path)``)."""


@frozen
class Tables:
    """Values derived once from a config, shared by every state of a game (not compared)."""

    players: int
    geometry: Geometry
    start: str
    stack: tuple[str, ...]
    """The tiles shuffled face down at set-up (C0.1, F1), sorted."""
    festival_tiles: frozenset[str]
    followers: int
    """C0.1: 7 followers per player (8 meeples, one is the score marker)."""

    def __deepcopy__(self, memo: dict[int, object]) -> Tables:
        # derived, immutable and shared by every state of a game: a copy is the object itself
        return self


FOLLOWERS = 7


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@implements("C0.1", "C0.2", "CA1", "V1", "V2", "V3", "F1", "FA2", "FA5")
def derive_tables(config: GameConfig) -> Tables:
    """Check a config and derive its tables. C0.1: 2-5 players, 7 followers each, the start tile
    and the other 71 tiles; F1: with ``festival`` the Festival tiles (FA5: of the given tile
    set) are shuffled in; C0.2/CA1: the first player is a seat, or random; V1: ``tiny_city`` is
    4 or 2; V2 (first-edition farmers) is not offered; V3: ``farmers`` on or off; FA2:
    ``festival_return`` is ``figure`` or ``follower``."""
    if not isinstance(config, GameConfig):
        raise InvalidConfig(f"expected a GameConfig, got {type(config).__name__}")
    data = config.components
    if not isinstance(data, ComponentData):
        raise InvalidConfig("components must be a ComponentData (see load_components)")
    players = config.players
    if not _is_int(players) or not 2 <= players <= 5:
        raise InvalidConfig(f"C0.1: Carcassonne is for 2-5 players, not {describe(players)}")
    for name in ("festival", "farmers"):
        if not isinstance(getattr(config, name), bool):
            value = describe(getattr(config, name))
            raise InvalidConfig(f"{name} must be True or False, not {value}")
    if config.tiny_city not in (4, 2) or not _is_int(config.tiny_city):
        raise InvalidConfig(f"V1: tiny_city is 4 or 2, not {describe(config.tiny_city)}")
    if not isinstance(config.festival_return, FestivalReturn):
        raise InvalidConfig(
            "FA2: festival_return is 'figure' or 'follower', not "
            + describe(config.festival_return)
        )
    if not isinstance(config.first_player_choice, FirstPlayer):
        raise InvalidConfig(
            "CA1: first_player_choice is 'setup' or 'random', not "
            + describe(config.first_player_choice)
        )
    if not _is_int(config.first_player) or not 0 <= config.first_player < players:
        raise InvalidConfig(f"C0.2: the first player must be a seat 0-{players - 1}")
    tiles = [tile.id for tile in data.base for _ in range(tile.count)]
    tiles.remove(data.start)
    festival = frozenset(tile.id for tile in data.festival)
    if config.festival:
        tiles += [tile.id for tile in data.festival for _ in range(tile.count)]
    return Tables(
        players=players,
        geometry=_geometry(data),
        start=data.start,
        stack=tuple(sorted(tiles, key=_tile_order)),
        festival_tiles=festival,
        followers=FOLLOWERS,
    )


def _tile_order(tile: str) -> tuple[int, int, str]:
    """A-X first, then FE1, FE2 ... FE10 by number."""
    number = ascii_int(tile[2:], 18) if tile.startswith("FE") else None
    return (0, 0, tile) if number is None else (1, number, tile)


@lru_cache(maxsize=8)
def _geometry(data: ComponentData) -> Geometry:
    """One geometry per tile set (data sets compare by digest), shared by every game that uses
    it; bounded, so loading many data files cannot grow memory without end."""
    return build_geometry(data)
