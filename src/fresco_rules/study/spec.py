"""A study's definition (game, players, seeds, arms, player) and the summary of one played game.

Common random numbers: game ``i`` of every arm is set up and played with the same seed, so the
arms differ only by their options; the comparison pairs game ``i`` of one arm with game ``i`` of
the other. ``Arm.seed_offset`` gives one arm other seeds (an A/A test with independent games).

Game ``i`` uses ``game_seed(seed, i)``, a SplitMix64 output (53 bits), so studies with
neighbouring seeds, or an arm with a ``seed_offset``, never share a game. (The kernel mixes every
seed too, ``kernel.rng.seed_state``, so neighbouring seeds play unrelated games.) ``games.csv``
lists every game's seed, and with the random player ``fresco-rules play --seed <that seed>``
plays the same game.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

import attrs
from attrs import frozen

from ..kernel.errors import RulesError
from ..kernel.notation import ascii_int
from ..kernel.play import GameDidNotEnd
from ..kernel.rng import next_u64, seed_state
from .adapters import GameAdapter, Step, StudyError, get_adapter
from .players import Choose, make_player

MAX_GAMES = 1_000_000
MAX_ARMS = 16
MAX_STEPS = 200_000
DEFAULT_ARM = "default"


@frozen
class Arm:
    """One configuration: options by name with their text values (``market_refill="redraw_all"``,
    ``booth_capacities="4+3+3+3"``, ``modules="4+5"``, ``components="box.toml"``); no options
    is the spec's defaults."""

    options: tuple[tuple[str, str], ...] = ()
    seed_offset: int = 0

    @property
    def label(self) -> str:
        text = ",".join(f"{name}={value}" for name, value in self.options) or DEFAULT_ARM
        return text if not self.seed_offset else f"{text} (seeds +{self.seed_offset})"


def parse_arm(text: str) -> Arm:
    """``OPTION=VALUE[,OPTION=VALUE...]`` (or ``default``) as an ``Arm``; values are checked when
    the study builds its configs."""
    if not isinstance(text, str):
        raise StudyError("an arm is a text OPTION=VALUE[,OPTION=VALUE...]")
    if text.strip() in ("", DEFAULT_ARM):
        return Arm()
    options: list[tuple[str, str]] = []
    for part in text.split(","):
        name, sep, value = part.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not name or not value:
            raise StudyError(f"arm {text[:80]!r}: {part[:40]!r} is not OPTION=VALUE")
        if any(name == known for known, _ in options):
            raise StudyError(f"arm {text[:80]!r} sets {name} twice")
        options.append((name, value))
    return Arm(tuple(options))


@frozen
class Study:
    """N games of each arm, seeds ``seed .. seed + games - 1``, every seat played by ``player``.

    ``modules`` ("4,5,6") and ``components`` (a TOML path) apply to every arm that does not set
    its own ``modules=4+5`` or ``components=FILE``.
    """

    game: str
    players: int
    games: int
    seed: int
    arms: tuple[Arm, ...]
    player: str = "random"
    modules: str = ""
    components: str | None = None
    level: float = 0.95

    def check(self) -> GameAdapter:
        """The game's adapter, after checking every field (``StudyError`` otherwise)."""
        adapter = get_adapter(self.game)
        for name in ("players", "games", "seed"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise StudyError(f"{name} must be a whole number, not {type(value).__name__}")
        if self.players not in adapter.player_counts:
            counts = ", ".join(map(str, adapter.player_counts))
            raise StudyError(f"{adapter.name} is for {counts} players, not {self.players}")
        if not 2 <= self.games <= MAX_GAMES:
            raise StudyError(f"games must be 2 to {MAX_GAMES} per arm, not {self.games}")
        if not isinstance(self.arms, tuple) or not all(isinstance(a, Arm) for a in self.arms):
            raise StudyError("arms must be a tuple of Arm")
        for arm in self.arms:
            options = arm.options
            if (
                not isinstance(options, tuple)
                or not all(
                    type(pair) is tuple and len(pair) == 2 and all(type(t) is str for t in pair)
                    for pair in options
                )
                or isinstance(arm.seed_offset, bool)
                or not isinstance(arm.seed_offset, int)
            ):
                raise StudyError("an Arm holds (name, value) text pairs and a whole seed_offset")
        if not isinstance(self.modules, str) or not (
            self.components is None or isinstance(self.components, str)
        ):
            raise StudyError("modules must be a text like '4,5,6' and components a path or None")
        if not 2 <= len(self.arms) <= MAX_ARMS:
            raise StudyError(f"a study compares 2 to {MAX_ARMS} arms, not {len(self.arms)}")
        labels = [arm.label for arm in self.arms]
        if len(set(labels)) != len(labels):
            raise StudyError("two arms are the same configuration: " + ", ".join(labels))
        if self.player != "mcts":  # mcts needs OpenSpiel: refused when it runs, as before
            make_player(self.player, adapter)
        if not isinstance(self.level, float) or not 0.5 <= self.level < 1:
            raise StudyError("level must be a confidence level such as 0.95")
        return adapter

    def configs(self, adapter: GameAdapter) -> tuple[Any, ...]:
        """Each arm's game config (``StudyError`` naming the arm and option on a bad value, or
        the arms whose configs are the same under two labels: ``default`` and an option at its
        default, ``01`` and ``1``)."""
        configs = tuple(arm_config(adapter, self, arm) for arm in self.arms)
        for later, (arm, config) in enumerate(zip(self.arms, configs, strict=True)):
            for earlier in range(later):
                twin = self.arms[earlier]
                if configs[earlier] == config and twin.seed_offset == arm.seed_offset:
                    raise StudyError(
                        f"arms {earlier} {twin.label[:80]!r} and {later} {arm.label[:80]!r} "
                        "are the same configuration (compared after the options are read): "
                        "keep one"
                    )
        return configs

    def seeds(self, arm: int) -> list[int]:
        """The seed of each game of arm ``arm``."""
        offset = self.arms[arm].seed_offset
        return [game_seed(self.seed, game, offset) for game in range(self.games)]

    def describe(self, configs: Sequence[Any]) -> dict[str, Any]:
        """The study as plain data, for ``summary.json`` and for checking a resumed ``--out``."""
        arms = []
        for arm, config in zip(self.arms, configs, strict=True):
            components = getattr(config, "components", None)
            arms.append(
                {
                    "label": arm.label,
                    "options": dict(arm.options),
                    "seed_offset": arm.seed_offset,
                    "components_digest": getattr(components, "digest", None),
                }
            )
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "player": self.player,
            "modules": self.modules,
            "level": self.level,
            "arms": arms,
        }


def game_seed(seed: int, game: int, offset: int = 0) -> int:
    """The seed of game ``game`` of a study seeded ``seed`` (arms with a ``seed_offset`` use
    another stream): a mixed 53-bit value, so that no two games share a shifted stream."""
    value, _ = next_u64(seed_state(seed + (offset << 32) + game))
    return value >> 11


INT_TUPLE = "tuple[int, ...] | None"
MAX_TUPLE = 64
WHOLE = re.compile(r"[+-]?[0-9]{1,18}")
"""A number option's value: ASCII digits only (``int`` would read ``\u0661`` as 1 and
``1_0`` as 10). ``01`` and ``+0`` are numbers; an arm equal to another is refused by config."""


def _int_fields(config_type: Any) -> set[str]:
    fields = attrs.fields(config_type) if attrs.has(config_type) else ()
    return {
        f.name
        for f in fields
        if type(f.default) is int and f.name != "players"  # e.g. unguessed_penalty
    }


def _int_tuple_fields(config_type: Any) -> set[str]:
    """Options that take whole numbers, written ``4+3+3+3`` (e.g. booth_capacities, A0.3)."""
    fields = attrs.fields(config_type) if attrs.has(config_type) else ()
    return {f.name for f in fields if f.type == INT_TUPLE}


def arm_config(adapter: GameAdapter, study: Study, arm: Arm) -> Any:
    """The config of one arm: the study's modules and components, then the arm's options."""
    chosen: dict[str, Any] = {}
    where = f"arm {arm.label[:80]!r}"
    options = dict(arm.options)
    modules = options.pop("modules", None)
    modules = study.modules if modules is None else modules.replace("+", ",")
    if modules and modules != "none":
        if adapter.parse_modules is None:
            raise StudyError(f"{where}: {adapter.name} has no expansion modules")
        try:
            chosen["modules"] = adapter.parse_modules(modules)
        except ValueError as exc:
            raise StudyError(f"{where}: modules: {exc}") from None
    components = options.pop("components", None) or study.components
    if components is not None:
        if adapter.load_components is None:
            raise StudyError(f"{where}: {adapter.name} takes no component file")
        try:
            chosen["components"] = adapter.load_components(components)
        except RulesError as exc:
            raise StudyError(f"{where}: components: {exc}") from None
    ints = _int_fields(adapter.config_type)
    int_tuples = _int_tuple_fields(adapter.config_type)
    for name, value in options.items():
        kind = adapter.option_types.get(name)
        if name in int_tuples:
            parts = value.split("+")
            numbers = tuple(
                n for p in parts[: MAX_TUPLE + 1] if (n := ascii_int(p.strip(), 18)) is not None
            )
            if len(parts) > MAX_TUPLE or len(numbers) != len(parts):
                raise StudyError(f"{where}: option {name} takes whole numbers like 4+3+3+3")
            chosen[name] = numbers
        elif kind is not None:
            try:
                chosen[name] = kind(value)
            except ValueError:
                values = ", ".join(str(member.value) for member in kind)
                raise StudyError(f"{where}: option {name} takes one of: {values}") from None
        elif name in ints:
            if not WHOLE.fullmatch(value):
                raise StudyError(
                    f"{where}: option {name} takes a whole number (ASCII digits 0-9, an "
                    "optional sign)"
                )
            chosen[name] = int(value)
        else:
            known = ", ".join(
                [*adapter.option_types, *sorted(ints | int_tuples), "modules", "components"]
            )
            raise StudyError(f"{where}: unknown option {name[:40]!r}; known: {known}")
    try:
        config = adapter.config_type(players=study.players, **chosen)
        adapter.game.new_game(config, study.seed)  # refuses a config that cannot start
    except RulesError as exc:
        raise StudyError(f"{where}: {exc}") from None
    return config


@frozen
class GameResult:
    """The summary of one finished game of one arm (a row of ``games.csv``)."""

    arm: int
    game: int
    seed: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: int
    steps: int
    figures: tuple[float, ...]
    """In the order of the adapter's ``figure_names``."""

    @property
    def margin(self) -> int:
        """The winner's score minus the best score of a seat that did not win (0 when all
        seats share the win)."""
        others = [p for s, p in enumerate(self.scores) if s not in self.winners]
        return max(self.scores) - max(others) if others else 0

    def win_share(self, seat: int) -> float:
        """1 for a sole winner, 1/k for each of k tied winners, 0 otherwise."""
        return 1 / len(self.winners) if seat in self.winners else 0.0

    def to_json(self, figure_names: Sequence[str]) -> dict[str, Any]:
        return {
            "arm": self.arm,
            "game": self.game,
            "seed": self.seed,
            "scores": list(self.scores),
            "winners": list(self.winners),
            "rounds": self.rounds,
            "steps": self.steps,
            "margin": self.margin,
            "figures": dict(zip(figure_names, self.figures, strict=True)),
        }


def result_from_json(data: Mapping[str, Any], figure_names: Sequence[str]) -> GameResult:
    """A ``GameResult`` from ``to_json`` output (``StudyError`` on any other shape)."""
    try:
        figures = data["figures"]
        result = GameResult(
            arm=_int(data["arm"]),
            game=_int(data["game"]),
            seed=_int(data["seed"]),
            scores=tuple(_int(p) for p in data["scores"]),
            winners=tuple(_int(s) for s in data["winners"]),
            rounds=_int(data["rounds"]),
            steps=_int(data["steps"]),
            figures=tuple(_number(figures[name]) for name in figure_names),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise StudyError(f"not a game summary ({type(exc).__name__}: {str(exc)[:80]})") from None
    return result


def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError("expected a whole number")
    return value


def _number(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError("expected a finite number")
    return float(value)


def run_game(
    adapter: GameAdapter, config: Any, arm: int, game: int, seed: int, choose: Choose
) -> GameResult:
    """Play game ``game`` of arm ``arm`` with ``seed`` to its end and summarise it."""
    rules = adapter.game
    state = rules.new_game(config, seed)
    rng = seed_state(seed)
    steps: list[Step] = []
    while not rules.is_over(state):
        if len(steps) >= MAX_STEPS:  # a game that does not end is a bug: name the game
            raise GameDidNotEnd(
                f"{adapter.name}: arm {arm} game {game} (seed {seed}) has no end after "
                f"{MAX_STEPS} steps"
            )
        actions = rules.legal_actions(state)
        seat = rules.current_player(state)
        index, rng = choose(state, actions, seat, rng)
        action = actions[index]
        steps.append((seat, action))
        state = rules.apply(state, action)
    figures = adapter.figures(state, steps)
    return GameResult(
        arm=arm,
        game=game,
        seed=seed,
        scores=tuple(rules.scores(state)),
        winners=tuple(adapter.winners(state)),
        rounds=adapter.rounds(state),
        steps=len(steps),
        figures=tuple(float(figures[name]) for name in adapter.figure_names),
    )
