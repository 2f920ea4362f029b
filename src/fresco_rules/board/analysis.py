"""The analysis board's work, with no web framework: a game line (a record and the state after
each of its steps), the position at a step as plain data (picture, log, legal moves, a seat's
view), and a move typed or clicked at a step (played, refused with its rule, or not notation).

The server (``board.server``) and the static page (``board.export``) both show what this
module computes; nothing here names a game: everything comes from the game's declaration.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from ..games import DEFAULT_GAME, declaration, game_names
from ..kernel.chance import Chance
from ..kernel.declaration import GameDeclaration
from ..kernel.errors import IllegalAction, NotationError, RulesError
from ..kernel.notation import ascii_int
from ..kernel.records import InvalidRecord, ReplayError, parse_record, replay
from ..kernel.untrusted import describe, is_int_in, is_str

MAX_MOVE_TEXT = 200
"""The longest move text the board reads (the longest notation is far shorter)."""
MAX_MODULES_TEXT = 40
"""The longest ``--modules`` text of a new game."""
CLOSEST = 5
"""How many closest legal moves a refusal lists."""
MAX_SEED = 2**64 - 1

DOCS_URL = "http://127.0.0.1:8000"
"""Where the rules matrices are served by default: ``mkdocs serve`` of the source tree."""


class BoardRefused(RulesError):
    """A request the board cannot do (bad step, unknown option, bad file name...)."""


def matrix_page(game: str) -> str:
    """The docs page of a game's rules matrix (as ``scripts/rules_matrix.py`` names them)."""
    return "rules-matrix" if game == DEFAULT_GAME else f"rules-matrix-{game}"


def matrix_link(docs_url: str, game: str, rule: str) -> str:
    """The link to a rule's row in the game's rules matrix on the docs site: a text fragment
    (``#:~:text=ID``) scrolls to the rule's row, as the matrix tables have no row anchors."""
    return f"{docs_url.rstrip('/')}/{matrix_page(game)}/#:~:text={rule}"


@attrs.frozen
class Rules:
    """A game's declaration with its rule catalogue by ID, loaded once per game."""

    game: GameDeclaration
    entries: Mapping[str, tuple[str, str]]
    """rule ID -> (title, text)."""

    @classmethod
    def of(cls, name: str) -> Rules:
        game = declaration(name)
        return cls(game, {entry.id: (entry.title, entry.text) for entry in game.catalogue()})


def _play_on(state: Any, *, branch: bool) -> Any:
    """A replayed state that may draw chance the record does not hold: from the seed's
    generator (as ``fresco-rules move`` plays on). A branch drops the recorded outcomes of
    the original line's future, so no draw of the old line is forced on the new one."""
    chance = getattr(state, "chance", None) if attrs.has(type(state)) else None
    if type(chance) is not Chance:
        return state
    changes: dict[str, Any] = {"scripted_only": False}
    if branch:
        changes["script"] = ()
    return attrs.evolve(state, chance=attrs.evolve(chance, **changes))


def view_text(view: Any) -> str:
    """A seat's view as text, one field a line (an attrs view) or as the view prints."""
    if attrs.has(type(view)):
        return "\n".join(
            f"{field.name}: {getattr(view, field.name)!r}" for field in attrs.fields(type(view))
        )
    return str(view)


def group_forms(forms: Sequence[str]) -> list[dict[str, Any]]:
    """The legal moves in groups by their first word, in the game's order."""
    groups: dict[str, list[str]] = {}
    for form in forms:
        groups.setdefault(form.split(" ", 1)[0], []).append(form)
    return [{"name": name, "moves": moves} for name, moves in groups.items()]


def closest(forms: Sequence[str], text: str) -> list[str]:
    """The legal moves nearest to ``text``, nearest first."""
    return difflib.get_close_matches(text, list(forms), n=CLOSEST, cutoff=0.0)


@attrs.define
class Line:
    """One line of a game: its record and the state after each of its steps (``states[0]``
    is the set-up), with a log entry per step. ``problem`` says why an opened record was cut
    short (its first illegal step), "" when it replayed whole."""

    rules: Rules
    record: dict[str, Any]
    states: list[Any]
    log: list[dict[str, Any]]
    problem: str = ""

    @property
    def game(self) -> GameDeclaration:
        return self.rules.game

    @property
    def total(self) -> int:
        return len(self.states) - 1

    @property
    def players(self) -> int:
        players = self.record["setup"].get("players")
        return players if type(players) is int else self.game.default_players

    def summary(self) -> dict[str, Any]:
        return {
            "game": self.game.name,
            "title": self.game.title,
            "players": self.players,
            # text: a browser reads JSON numbers as doubles, exact only up to 2**53
            "seed": str(self.record.get("seed")),
            "total": self.total,
            "log": self.log,
            "problem": self.problem,
        }

    def check_step(self, step: object) -> int:
        if not is_int_in(step, 0, self.total):
            raise BoardRefused(f"step takes 0 to {self.total}, not {describe(step)}")
        return step

    def to_move(self, step: int) -> int | None:
        state = self.states[step]
        if self.game.rules.is_over(state):
            return None
        return self.game.rules.current_player(state)

    def forms(self, step: int) -> tuple[str, ...]:
        state = self.states[step]
        if self.game.rules.is_over(state):
            return ()
        return self.game.notation.legal_forms(state)

    def status(self, step: int) -> str:
        rules, state = self.game.rules, self.states[step]
        if rules.is_over(state):
            points = ", ".join(f"seat {s}: {p}" for s, p in enumerate(rules.scores(state)))
            winners = ", ".join(f"seat {s}" for s in self.game.winners(state))
            return f"game over: {points}; winner: {winners}"
        codec = rules.codec
        where = codec.where(state) if codec is not None else ""
        return f"seat {rules.current_player(state)} to decide ({where})"

    def position(self, step: object, seat: object = None) -> dict[str, Any]:
        """The position after ``step`` steps as the analyst sees it (``seat`` None: the
        picture, the text board and every legal move), or as one seat sees it: its
        ``player_view`` as text and the legal moves only when that seat is to move (nothing
        computed from the whole state, so nothing hidden from the seat leaks)."""
        at = self.check_step(step)
        to_move = self.to_move(at)
        found: dict[str, Any] = {"step": at, "total": self.total}
        if seat is None:
            state = self.states[at]
            found.update(
                seat=None,
                to_move=to_move,
                status=self.status(at),
                svg=self.game.board.svg(state),
                text=self.game.board.text(state),
                groups=group_forms(self.forms(at)),
            )
            return found
        if not is_int_in(seat, 0, self.players - 1):
            raise BoardRefused(f"seat takes 0 to {self.players - 1}, not {describe(seat)}")
        view = self.game.player_view(self.states[at], seat)
        found.update(
            seat=seat,
            to_move=to_move,
            view=view_text(view),
            groups=group_forms(self.forms(at)) if to_move == seat else [],
        )
        return found

    def try_move(self, step: object, text: object, docs_url: str = DOCS_URL) -> dict[str, Any]:
        """Play ``text`` after ``step`` steps: ``played`` (the line now ends with it, cut
        after ``step`` first when that was not its end: a branch), ``refused`` (the rule, its
        reason and catalogue text, the closest legal moves) or ``not_notation``."""
        at = self.check_step(step)
        if not is_str(text) or not text.strip():
            raise BoardRefused("a move is notation text such as those listed")
        if len(text) > MAX_MOVE_TEXT:
            raise BoardRefused(f"a move is at most {MAX_MOVE_TEXT} characters")
        branch = at < self.total
        state = _play_on(self.states[at], branch=branch)
        forms = self.forms(at)
        try:
            action = self.game.notation.parse(state, text)
            after = self.game.rules.apply(state, action)
        except IllegalAction as exc:
            return self._refusal(exc, forms, text, docs_url)
        except NotationError as exc:
            return {
                "outcome": "not_notation",
                "reason": exc.reason,
                "closest": closest(forms, text),
            }
        self._append(at, state, action, after)
        return {"outcome": "played", "branched": branch, "total": self.total}

    def _refusal(
        self, exc: IllegalAction, forms: Sequence[str], text: str, docs_url: str
    ) -> dict[str, Any]:
        title, rule_text = self.rules.entries.get(exc.rule, ("", ""))
        return {
            "outcome": "refused",
            "rule": exc.rule,
            "reason": exc.reason,
            "where": exc.where,
            "closest": closest(forms, text),
            "rule_title": title,
            "rule_text": rule_text,
            "matrix": matrix_link(docs_url, self.game.name, exc.rule) if rule_text else "",
        }

    def _append(self, at: int, before: Any, action: Any, after: Any) -> None:
        codec = self.game.rules.codec
        assert codec is not None  # every registered game records (checked when opened)
        seat = codec.seat_to_move(before)
        entry = _log_entry(self.game, at, seat, before, action, after)
        record = dict(self.record)
        steps = list(record["steps"][:at])
        steps.append({"seat": seat, "action": codec.action_to_json(action)})
        record["steps"] = steps
        drawn = [list(outcome) for outcome in codec.chance_log(after)]
        if at == self.total:
            drawn += record["chance"][len(drawn) :]
        record["chance"] = drawn
        record.pop("result", None)
        if self.game.rules.is_over(after):
            record["result"] = {"scores": list(self.game.rules.scores(after))}
        self.record = json.loads(json.dumps(record))
        self.states = [*self.states[: at + 1], after]
        self.log = [*self.log[:at], entry]
        if self.problem and at < self.total:
            self.problem = ""


def _log_entry(
    game: GameDeclaration, index: int, seat: int | None, before: Any, action: Any, after: Any
) -> dict[str, Any]:
    return {
        "step": index + 1,
        "seat": seat,
        "move": game.notation.format(before, action),
        "events": list(game.board.events(before, after)),
    }


def open_record(source: Any, rules_of: Any = Rules.of) -> Line:
    """The line of a record (text, bytes or a path; ``parse_record`` bounds and checks it).
    A record with an illegal step opens up to that step, with ``problem`` saying why."""
    record = parse_record(source)
    name = record.get("game")
    if not is_str(name) or name not in game_names():
        raise InvalidRecord(
            f"unknown game {describe(name)}; known: {', '.join(game_names())}", path="$.game"
        )
    rules: Rules = rules_of(name)
    game = rules.game
    states: list[Any] = []
    log: list[dict[str, Any]] = []
    seats = [step.get("seat") if type(step) is dict else None for step in record["steps"]]

    def collect(before: Any, action: Any, after: Any) -> None:
        if not states:
            states.append(before)
        log.append(_log_entry(game, len(log), seats[len(log)], before, action, after))
        states.append(after)

    problem = ""
    try:
        final = replay(game.rules, record, on_step=collect)
        if not states:
            states.append(final)
    except ReplayError as exc:
        if exc.setup:
            raise InvalidRecord(f"the record cannot start a game: {exc}", path="$.chance") from None
        problem = f"{exc}"
        if not states:
            states.append(replay(game.rules, record, stop_after=0))
        if exc.step is not None:  # keep the legal steps, drop the first illegal one on
            codec = game.rules.codec
            assert codec is not None
            record["steps"] = record["steps"][: len(states) - 1]
            record["chance"] = [list(outcome) for outcome in codec.chance_log(states[-1])]
            record.pop("result", None)
    return Line(rules, record, states, log, problem)


def games_menu() -> list[dict[str, Any]]:
    """Every registered game with what a new game of it takes (players, options, modules)."""
    menu = []
    for name in game_names():
        game = declaration(name)
        menu.append(
            {
                "name": name,
                "title": game.title,
                "players": list(game.players),
                "default_players": game.default_players,
                "modules": game.parse_modules is not None,
                "options": [
                    {
                        "name": option.name,
                        "rule": option.rule,
                        "values": list(option.values),
                        "default": option.default,
                    }
                    for option in game.options()
                ],
            }
        )
    return menu


def new_line(request: object, rules_of: Any = Rules.of) -> Line:
    """A new game from ``{"game", "players", "seed", "options": {name: value}, "modules"}``
    (untrusted: every field is checked before use)."""
    if type(request) is not dict:
        raise BoardRefused(f"a new game is described by an object, not {describe(request)}")
    name = request.get("game")
    if not is_str(name) or name not in game_names():
        raise BoardRefused(f"unknown game {describe(name)}; known: {', '.join(game_names())}")
    rules: Rules = rules_of(name)
    game = rules.game
    players = request.get("players", game.default_players)
    if not is_int_in(players, 0, 1_000) or players not in game.players:
        raise BoardRefused(f"{game.title} takes {game.players} players, not {describe(players)}")
    seed = request.get("seed", 0)
    if type(seed) is str:  # the page sends the seed as text (exact beyond 2**53)
        seed = ascii_int(seed, 20)
    if not is_int_in(seed, 0, MAX_SEED):
        raise BoardRefused(f"the seed is a whole number from 0 to 2**64 - 1, not {describe(seed)}")
    chosen: dict[str, Any] = {}
    options = request.get("options", {})
    if type(options) is not dict:
        raise BoardRefused(f"options are an object, not {describe(options)}")
    known = {option.name: option for option in game.options()}
    for key, value in options.items():
        option = known.get(key) if is_str(key) else None
        if option is None:
            raise BoardRefused(f"unknown option {describe(key)}; known: {', '.join(known)}")
        if not is_str(value) or value not in option.values:
            raise BoardRefused(
                f"{option.name} ({option.rule}) takes one of: {', '.join(option.values)}; "
                f"not {describe(value)}"
            )
        chosen[key] = value
    modules = request.get("modules", "")
    if not is_str(modules) or len(modules) > MAX_MODULES_TEXT:
        raise BoardRefused(f"modules are text such as 1,4, not {describe(modules)}")
    if modules.strip():
        if game.parse_modules is None:
            raise BoardRefused(f"{game.title} has no expansion modules")
        try:
            chosen["modules"] = game.parse_modules(modules)
        except ValueError as exc:
            raise BoardRefused(f"modules: {exc}") from None
    try:
        config = game.config_type(players=players, **chosen)
        state = game.rules.new_game(config, seed)
    except (RulesError, ValueError, TypeError) as exc:
        raise BoardRefused(f"cannot start this game: {exc}") from None
    record = game.record_game(config, seed, [], state)
    return Line(rules, record, [state], [])
