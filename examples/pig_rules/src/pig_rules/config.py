"""Pig's configuration: players (2-4), the target (AP.1) and the component data."""

from __future__ import annotations

from enum import Enum
from typing import Any

import attrs
from attrs import frozen

from fresco_rules.kernel.errors import RulesError
from fresco_rules.kernel.options import to_enum
from fresco_rules.kernel.registry import implements
from fresco_rules.kernel.untrusted import describe

from .data import MAX_PLAYERS, ComponentData, default_components

MIN_PLAYERS = 2


class InvalidConfig(RulesError):
    """A ``GameConfig`` that cannot start a game (player count, option value)."""


class Target(Enum):
    """AP.1: the bank that ends the game (P6): 50 or 100."""

    FIFTY = "50"
    HUNDRED = "100"


OPTION_TYPES: dict[str, type[Enum]] = {"target": Target}
"""Every interpretation option as the command line spells it (``--option target=100``)."""


def _target(value: Any) -> Any:
    if isinstance(value, str | int | Target) and not isinstance(value, bool):
        return to_enum(Target, "target", "AP.1", InvalidConfig, value)
    return value


@frozen
class GameConfig:
    """Everything that fixes a game before the seed: ``players`` (2-4), ``target`` (AP.1) and
    the ``components`` (die and bonus deck)."""

    players: int = 2
    target: Target = attrs.field(default=Target.FIFTY, converter=_target)
    components: ComponentData = attrs.field(factory=default_components)


@frozen
class Tables:
    """What a config fixes, checked and ready for play."""

    players: int
    target: int
    faces: tuple[str, ...]
    bust: str
    bonus: tuple[str, ...]


@implements("P1", "AP.1")
def derive_tables(config: GameConfig) -> Tables:
    """P1: 2-4 players, each dealt a card of the bonus deck; AP.1: the target. A config that
    cannot start a game raises ``InvalidConfig``."""
    players = config.players
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidConfig(
            f"P1: Pig takes {MIN_PLAYERS}-{MAX_PLAYERS} players, not {describe(players)}"
        )
    if type(config.target) is not Target:
        raise InvalidConfig(f"AP.1: the target is 50 or 100, not {describe(config.target)}")
    data = config.components
    if type(data) is not ComponentData:
        raise InvalidConfig(f"components must be Pig component data, not {describe(data)}")
    return Tables(
        players=players,
        target=int(config.target.value),
        faces=tuple(str(face) for face in data.faces),
        bust=str(data.bust),
        bonus=tuple(str(card) for card in data.bonus),
    )
