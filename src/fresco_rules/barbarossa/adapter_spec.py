"""Barbarossa for the adapters: parameters, the fixed action space, chance outcomes, tensors.

Parameters: ``players`` (3-4), ``max_length`` and every interpretation option of
``GameConfig`` by name with its value string (``letter_check=off``); ``max_jewel_move`` is an
integer (6, 5, or 0 for ``unlimited``) because OpenSpiel reads ``6`` in a game string as one.
The secret words are the library's stand-in words (``GameConfig.objects`` left empty).

The action space depends on the configuration and the component data, never on the words:
``GiveLetter`` for each of A-Z (``vocab.BASIC_LETTERS``), then, last, ``objects per player x
max_letters`` (the data's word limit) ``own_letter`` slots, enough for every other character a
seat's words can hold (``Ü``, ``ß``, a digit): slot k gives the k-th such character of the
sculptor's own words (sorted), offered and named (``letter Ü``) only where it is legal, else
named ``own_letter#k``. Words may hold any character (A-B.15: "a character"), so none is
refused; the slots keep the size, the action names and the mask the same for every word.

Tensor layout (``BarbarossaSpec.tensor_layout``), from ``player_view(state, seat)`` and the
public decision in progress: ``observer`` (one-hot seat), ``to_move`` (one-hot seat),
``active`` (one-hot seat), ``step`` (one-hot ``Step``), ``turn``, per seat ``pawns``,
``discs``, ``jewels``, ``curses``, per object ``arrows`` and ``own_object`` (1 for the
observer's objects), per object ``letters_known`` (letters the observer was given or gave),
``window`` (a curse window is open), ``callers`` (one-hot seats queued to curse),
``request`` (one-hot judgement x 3, one-hot asker, one-hot object), ``log`` (public events).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from .. import barbarossa as ba
from ..kernel.adapter_spec import (
    AdapterError,
    GameSpec,
    Params,
    Slot,
    enum_params,
    one_hot,
    parse_int,
)
from ..kernel.chance import Outcome
from ..kernel.errors import RulesError
from ..kernel.protocol import GameRules
from . import engine as ba_engine
from .config import OPTION_TYPES, GameConfig, JewelMove, derive_tables
from .flow import new_game
from .state import Judgement, State, Step
from .vocab import BASIC_LETTERS, Reply, Verdict

_STEPS = tuple(Step)
_JUDGEMENTS = tuple(Judgement)
OWN_LETTER = "own_letter"
"""The slot kind of a sculptor's letter outside A-Z (the k-th of his words' own characters)."""
MIN_POSITIONS = 16
"""Letter positions offered in the action space: at least this many, so its size says little
about the words."""


def _defaults() -> dict[str, Any]:
    config = GameConfig()
    params: dict[str, Any] = {"players": config.players, "max_length": 3000}
    for name in OPTION_TYPES:
        params[name] = getattr(config, name).value
    # OpenSpiel reads "6" in a game string as an integer, so this option is one: 0 = unlimited
    params["max_jewel_move"] = _jewel_param(config.max_jewel_move)
    return params


def _jewel_param(value: JewelMove) -> int:
    return 0 if value is JewelMove.UNLIMITED else int(value.value)


def _read_option(name: str, value: Any) -> Any:
    """The jewel move's parameter is a number, 0 for unlimited."""
    if name != "max_jewel_move":
        return value
    return "unlimited" if value in (0, "0", "unlimited") else str(value)


class BarbarossaSpec(GameSpec):
    name = "barbarossa"
    min_players = 3
    max_players = 4
    default_params: Mapping[str, Any] = _defaults()
    default_max_length = 3000
    max_draws_per_step = 16
    action_kinds = ba_engine.RULES

    def config(self, params: Params) -> GameConfig:
        players = parse_int(params, "players", 3, 4)
        chosen = enum_params(params, OPTION_TYPES, _read_option)
        config = GameConfig(players=players, **chosen)
        try:
            derive_tables(config)
        except RulesError as exc:
            raise AdapterError(str(exc)) from None
        return config

    def new_game(self, config: Any, script: Sequence[Outcome]) -> State:
        return new_game(config, 0, chance=script, chance_only=True)

    def view(self, state: Any, seat: int) -> Mapping[str, object]:
        return ba.player_view(state, seat)

    def public_context(self, state: Any) -> str:
        parts = [f"window={state.window is not None}", f"callers={state.callers}"]
        request = state.request
        if request is not None:
            parts.append(f"request={request.judgement.value},{request.asker},{request.obj}")
        return "; ".join(parts)

    def notation(self, state: Any, action: object) -> str:
        """The library's Barbarossa notation (``barbarossa.notation``: ``roll``,
        ``letter 1b 2``)."""
        text: str = ba.notation(state, action)  # type: ignore[call-overload]
        return text

    def parse(self, state: Any, text: str) -> object:
        return ba.parse_action(state, text)

    def rules(self) -> GameRules[Any, Any]:
        return ba.GAME

    def summary(self, state: Any) -> str:
        return (
            f"turn {state.turn}, seat {state.active} {state.step.value}; "
            f"discs {state.discs}; jewels {state.jewels}"
        )

    def actions(self, config: Any) -> Sequence[object]:
        tables = derive_tables(config)
        objects = range(len(tables.owners))
        # A-B.15: positions 1..N for every object alike, then the last letter.
        most = max(MIN_POSITIONS, tables.max_letters)
        positions = [*range(1, most + 1), ba.LAST_LETTER]
        found: list[object] = [ba.RollDie()]
        found.extend(ba.SpendJewels(n) for n in range(1, tables.jewel_max + 1))
        found.extend(ba.AskLetter(obj, pos) for obj in objects for pos in positions)
        found.append(ba.DeclineLetter())
        found.extend(ba.GiveLetter(letter) for letter in BASIC_LETTERS)
        found.append(ba.NoSuchLetter())
        found.extend(ba.AskQuestion(obj) for obj in objects)
        found.extend(ba.Answer(reply) for reply in Reply)
        found.append(ba.StopAsking())
        found.extend(ba.Guess(obj) for obj in objects)
        found.extend(ba.Judge(verdict) for verdict in Verdict)
        seats = range(tables.players)
        for size in range(tables.players + 1):
            found.extend(ba.CallCurses(group) for group in combinations(seats, size))
        own_letters = tables.objects_per_player * tables.max_letters
        found.extend(Slot(OWN_LETTER, k) for k in range(own_letters))
        return found

    def slot_of(self, state: Any, action: object) -> Slot | None:
        if type(action) is ba.GiveLetter:
            own = _own_letters(state)
            if action.letter in own:
                return Slot(OWN_LETTER, own.index(action.letter))
        return None

    def resolve_slot(self, state: Any, slot: Slot) -> object | None:
        own = _own_letters(state)
        if slot.kind != OWN_LETTER or slot.index >= len(own):
            return None
        action = ba.GiveLetter(own[slot.index])
        return action if action in ba.legal_actions(state) else None

    def chance_outcomes(self, config: Any) -> Sequence[Outcome]:
        tables = derive_tables(config)
        faces = [str(face) for face in range(1, tables.die_sides + 1)]
        found: list[Outcome] = [("first_player", str(s)) for s in range(tables.players)]
        found += [("die", face) for face in faces]
        found += [("curse_roll", face) for face in faces]
        return found

    def tensor_layout(self, config: Any) -> tuple[tuple[str, int], ...]:
        tables = derive_tables(config)
        p, objects = tables.players, len(tables.owners)
        return (
            ("observer", p),
            ("to_move", p),
            ("active", p),
            ("step", len(_STEPS)),
            ("turn", 1),
            ("pawns", p),
            ("discs", p),
            ("jewels", p),
            ("curses", p),
            ("arrows", objects),
            ("own_object", objects),
            ("letters_known", objects),
            ("window", 1),
            ("callers", p),
            ("request", len(_JUDGEMENTS) + p + objects),
            ("log", 1),
        )

    def tensor(self, state: Any, seat: int) -> list[float]:
        tables = state.tables
        p, objects = tables.players, len(tables.owners)
        view = ba.player_view(state, seat)
        out = one_hot(p, seat)
        out += one_hot(p, ba.current_player(state))
        out += one_hot(p, state.active)
        out += one_hot(len(_STEPS), _STEPS.index(state.step))
        out.append(float(state.turn))
        for key in ("pawns", "discs", "jewels", "curses", "arrows"):
            value = view[key]
            assert isinstance(value, tuple)
            out += [float(v) for v in value]
        out += [1.0 if owner == seat else 0.0 for owner in tables.owners]
        known = [0.0] * objects
        letters = view["letters"]
        assert isinstance(letters, tuple)
        for note in letters:
            known[note[1]] += 1.0
        out += known
        out.append(1.0 if state.window is not None else 0.0)
        out += [1.0 if s in state.callers else 0.0 for s in range(p)]
        request = state.request
        if request is None:
            out += [0.0] * (len(_JUDGEMENTS) + p + objects)
        else:
            out += one_hot(len(_JUDGEMENTS), _JUDGEMENTS.index(request.judgement))
            out += one_hot(p, request.asker) + one_hot(objects, request.obj)
        log = view["log"]
        assert isinstance(log, tuple)
        out.append(float(len(log)))
        return out


def _own_letters(state: State) -> tuple[str, ...]:
    """The characters outside A-Z the seat to move may give as sculptor (sorted)."""
    seat = ba.current_player(state)
    if seat is None:
        return ()
    return tuple(letter for letter in state.tables.alphabets[seat] if letter not in BASIC_LETTERS)


SPEC = BarbarossaSpec()
