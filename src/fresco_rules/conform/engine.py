"""Engines the conformance harness can check: the protocol, its process form (JSON lines over
stdin/stdout, any language) and its in-process Python form; our own engine in both forms.

The protocol: one JSON object per line each way; every request gets exactly one reply line,
``{"ok": true, ...}`` or ``{"ok": false, "error": "why"}``.

=============================================  ===============================================
request                                        reply
=============================================  ===============================================
``{"cmd": "new_game", "game": "fresco",``       ``{"ok": true}``; ``setup`` is a game record's
``"setup": {...}, "chance": [[kind, item]]}``   ``setup`` object, ``chance`` the set-up's draws
``{"cmd": "legal_actions"}``                    ``{"ok": true, "player": 0, "actions": [...]}``
                                                (the game's notation; ``player`` null at end)
``{"cmd": "apply", "action": "buy_tile ...",``  ``{"ok": true}``, or ``ok`` false when refused;
``"json": {...}, "chance": [[kind, item]]}``    ``chance``: the draws this step makes, in order
``{"cmd": "scores"}``                           ``{"ok": true, "scores": [..], "over": false}``
``{"cmd": "quit"}``                             ``{"ok": true}``, then the engine exits
=============================================  ===============================================

An engine must take every random outcome from the ``chance`` lists (kind and item as in a game
record's ``chance``), in order, and refuse a step whose outcomes do not fit.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import selectors
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import Any, Never, Protocol, TextIO

from ..adapters.core import GameSpec
from ..adapters.games import spec as game_spec
from ..games import game_names
from ..kernel.chance import Outcome, OutcomeNeeded
from ..kernel.errors import RulesError
from ..kernel.records import MAX_VALUES, InvalidRecord, parse_json
from ..kernel.untrusted import describe, is_str

MAX_REPLY = 1 << 20
"""The longest reply line read from an engine, and the longest request ``serve`` reads
(bytes): a longer line is a protocol violation and nothing more of it is read."""
MAX_REFUSAL = 500
"""The most characters of an engine's refusal kept (the report quotes fewer)."""
_CHUNK = 1 << 16
_LINE_END = re.compile(rb"[\r\n]")


class EngineError(RulesError):
    """An engine broke the protocol: crashed, closed its output, or sent something that is not
    a well-formed reply."""


class DeadlinePassed(EngineError):
    """The whole run's deadline passed (``conform(deadline=...)``, ``--deadline``)."""


class Refused(RulesError):
    """The engine refused a step; its reason (the engine's own text, unquoted: quote it with
    ``describe`` before printing) is the single argument."""


class Engine(Protocol):
    """The in-process form of the protocol."""

    def new_game(self, game: str, setup: dict[str, Any], chance: Sequence[Outcome]) -> None: ...

    def legal_actions(self) -> tuple[int | None, list[str]]: ...

    def apply(self, action: str, action_json: Any, chance: Sequence[Outcome]) -> None: ...

    def scores(self) -> tuple[list[int], bool]: ...

    def close(self) -> None: ...


class ReferenceEngine:
    """This library as an engine: the reference the harness plays against, and a template for
    wrappers (the buggy engines of the tests override one rule each)."""

    def __init__(self) -> None:
        self.spec: GameSpec | None = None
        self.state: Any = None

    def _spec(self) -> GameSpec:
        if self.spec is None or self.state is None:
            raise Refused("no game: send new_game first")
        return self.spec

    def new_game(self, game: str, setup: dict[str, Any], chance: Sequence[Outcome]) -> None:
        spec = game_spec(game)
        codec = spec.rules().codec
        assert codec is not None
        config = codec.config_from_json(setup)
        self.spec, self.state = None, None  # a refused set-up leaves no game
        state = self._run(lambda: spec.new_game(config, _outcomes(chance)))
        self.spec, self.state = spec, state

    def _run(self, step: Any) -> Any:
        try:
            state = step()
        except OutcomeNeeded as need:
            raise Refused(f"a {need.kind} draw has no outcome in the chance list") from None
        except RulesError as exc:
            raise Refused(str(exc)) from None
        if state.chance.script:
            raise Refused(f"{len(state.chance.script)} chance outcomes left unused")
        return state

    def legal(self) -> list[Any]:
        """The legal actions of the game state (a wrapper may change them)."""
        return list(self._spec().legal_actions(self.state))

    def legal_actions(self) -> tuple[int | None, list[str]]:
        spec = self._spec()
        return spec.current_player(self.state), [spec.notation(self.state, a) for a in self.legal()]

    def after(self, before: Any, action: Any, state: Any) -> Any:
        """The state after a step (a wrapper may change it)."""
        return state

    def apply(self, action: str, action_json: Any, chance: Sequence[Outcome]) -> None:
        spec = self._spec()
        state = self.state
        chosen = next((a for a in self.legal() if spec.notation(state, a) == action), None)
        if chosen is None:
            raise Refused(f"{describe(action)} is not a legal action here")
        before = self.state
        state = self._run(lambda: spec.apply(spec.with_script(before, _outcomes(chance)), chosen))
        self.state = self.after(before, chosen, state)

    def scores(self) -> tuple[list[int], bool]:
        spec = self._spec()
        return list(spec.scores(self.state)), spec.is_over(self.state)

    def close(self) -> None:
        pass


def _outcomes(chance: object) -> tuple[Outcome, ...]:
    if type(chance) is not list and type(chance) is not tuple:
        raise Refused(f"chance must be a list of [kind, item] pairs, not {describe(chance)}")
    found = []
    for pair in chance:
        if (
            (type(pair) is not list and type(pair) is not tuple)
            or len(pair) != 2
            or not all(is_str(part) for part in pair)
        ):
            raise Refused(f"a chance outcome must be [kind, item]: {describe(pair)}")
        found.append((pair[0], pair[1]))
    return tuple(found)


def serve(engine: Engine, source: TextIO | None = None, sink: TextIO | None = None) -> int:
    """Speak the JSON-lines protocol for ``engine`` on ``source``/``sink`` (stdin/stdout):
    the process form of any in-process engine. Returns when told to quit or at end of input.

    Every request line gets one reply line: a request that is too long (more than
    ``MAX_REPLY`` characters, of which no more is read), not UTF-8 (a ``source`` decoded with
    ``surrogateescape`` shows it), not JSON within a record's bounds, or not one the engine
    can follow gets ``{"ok": false, "error": ...}``, and serving goes on."""
    source = source if source is not None else sys.stdin
    sink = sink if sink is not None else sys.stdout
    while True:
        line = source.readline(MAX_REPLY + 1)
        if not line:
            return 0
        reply: dict[str, Any]
        try:
            request = _request(line, source)
            command = request.get("cmd")
            if command == "quit":
                sink.write('{"ok": true}\n')
                sink.flush()
                return 0
            reply = {"ok": True, **_answer(engine, command, request)}
        except RulesError as exc:
            reply = {"ok": False, "error": str(exc)}
        sink.write(json.dumps(reply) + "\n")
        sink.flush()


def _request(line: str, source: TextIO) -> dict[str, Any]:
    """A request line as a JSON object, within bounds (the rest of an over-long line is
    skipped without being kept)."""
    if len(line) > MAX_REPLY and not line.endswith("\n"):
        while line and not line.endswith("\n"):
            line = source.readline(MAX_REPLY + 1)
        raise Refused(f"a request longer than {MAX_REPLY} characters")
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:
        raise Refused("a request that is not UTF-8 text") from None
    request = parse_json(line, max_items=MAX_VALUES)
    if type(request) is not dict:
        raise Refused("a request is a JSON object")
    return request


def _answer(engine: Engine, command: object, request: dict[str, Any]) -> dict[str, Any]:
    if command == "new_game":
        game, setup = request.get("game"), request.get("setup")
        if not is_str(game) or game not in game_names():
            raise Refused(f"unknown game {describe(game)}; known: {', '.join(game_names())}")
        if type(setup) is not dict:
            raise Refused("new_game needs a setup object")
        engine.new_game(game, setup, _outcomes(request.get("chance") or []))
        return {}
    if command == "legal_actions":
        player, actions = engine.legal_actions()
        return {"player": player, "actions": actions}
    if command == "apply":
        action = request.get("action")
        if not is_str(action):
            raise Refused(f"an action is a string in the notation, not {describe(action)}")
        engine.apply(action, request.get("json"), _outcomes(request.get("chance") or []))
        return {}
    if command == "scores":
        scores, over = engine.scores()
        return {"scores": scores, "over": over}
    raise Refused(f"unknown command {describe(command)}")


class ProcessEngine:
    """An engine in another process, spoken to in JSON lines (the command is run without a
    shell, split like a command line).

    Writing a request and reading its reply run against one clock: ``timeout`` seconds per
    reply, and no later than ``deadline`` (a ``time.monotonic()`` value, for a whole run).
    Reply lines end in ``\n``, ``\r\n`` or ``\r``. On any protocol violation (no reply in
    time, a line longer than ``MAX_REPLY`` bytes, text that is not UTF-8 or not JSON within
    a record's bounds) nothing more is read: the engine's process group is killed (the
    engine runs in a session of its own, so its children die too) and ``EngineError`` says
    what happened; every later request gets the same error."""

    def __init__(
        self, command: Sequence[str], *, timeout: float = 60.0, deadline: float | None = None
    ) -> None:
        self.command = list(command)
        self.timeout = timeout
        self.deadline = deadline
        self.broken: str | None = None
        """Why the engine was stopped (a violation, or ``close``)."""
        self.pending = bytearray()
        """Output read past the last reply line (at most ``MAX_REPLY`` bytes and a chunk)."""
        self.after_return = False
        """The last line ended in ``\r``: a ``\n`` right after it belongs to it."""
        if not self.command or not all(is_str(part) for part in self.command):
            raise EngineError("the engine command is empty")
        try:
            self.process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                bufsize=0,
                start_new_session=True,
            )
        except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the command
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise EngineError(
                f"cannot start the engine {describe(self.command[0])}: {describe(reason)}"
            ) from None
        assert self.process.stdin is not None and self.process.stdout is not None
        self.stdin, self.stdout = self.process.stdin.fileno(), self.process.stdout.fileno()
        os.set_blocking(self.stdin, False)
        os.set_blocking(self.stdout, False)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.stdout, selectors.EVENT_READ)

    def _ask(self, request: dict[str, Any]) -> dict[str, Any]:
        if self.broken is not None:
            raise EngineError(self.broken)
        if self._take_line() is not None or self.pending:
            self._stop("the engine wrote a line nobody asked for")
        line = self._exchange((json.dumps(request) + "\n").encode())
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError:
            self._stop(f"the engine's reply is not UTF-8: {describe(bytes(line))}")
        try:
            reply = parse_json(text, max_items=MAX_VALUES)
        except InvalidRecord as exc:
            self._stop(f"the engine's reply is not JSON within bounds ({exc}): {describe(text)}")
        if type(reply) is not dict or type(reply.get("ok")) is not bool:
            self._stop(f"the engine's reply has no boolean 'ok': {describe(text)}")
        if not reply["ok"]:
            reason = reply.get("error", "")
            raise Refused(reason[:MAX_REFUSAL] if is_str(reason) else describe(reason))
        return reply

    def _exchange(self, request: bytes) -> bytes:
        """Write ``request`` and read one reply line, both before the reply's deadline."""
        now = time.monotonic()
        end = now + self.timeout
        by_run = self.deadline is not None and self.deadline < end
        if self.deadline is not None and by_run:
            end = self.deadline
        written = 0
        self.selector.register(self.stdin, selectors.EVENT_WRITE)
        try:
            while True:
                if written == len(request):
                    line = self._take_line()
                    if line is not None:
                        return line
                left = end - time.monotonic()
                if left <= 0:
                    self._late(by_run, written, len(request))
                for key, _ in self.selector.select(left):
                    if key.fd == self.stdin:
                        written += self._write(request[written:])
                        if written == len(request):
                            self.selector.unregister(self.stdin)
                    else:
                        self._read()
        finally:
            if self.stdin in self.selector.get_map():
                self.selector.unregister(self.stdin)

    def _write(self, data: bytes) -> int:
        try:
            return os.write(self.stdin, data)
        except BlockingIOError:
            return 0
        except OSError:
            self._stop(f"the engine stopped (exit code {self._exit_code()})")

    def _read(self) -> None:
        try:
            chunk = os.read(self.stdout, _CHUNK)
        except BlockingIOError:
            return
        except OSError as exc:
            self._stop(f"cannot read the engine's output ({describe(exc.strerror)})")
        if not chunk:
            got = f" after {len(self.pending)} bytes without a line end" if self.pending else ""
            self._stop(f"the engine closed its output{got} (exit code {self._exit_code()})")
        self.pending += chunk
        if len(self.pending) > MAX_REPLY:
            if _LINE_END.search(self.pending) is None:
                self._stop(f"the engine's reply is longer than {MAX_REPLY} bytes")
            self._stop(f"the engine wrote more than {MAX_REPLY} bytes nobody asked for")

    def _take_line(self) -> bytes | None:
        """The next complete line of output, if there is one."""
        pending = self.pending
        if self.after_return and pending:
            if pending[:1] == b"\n":
                del pending[:1]
            self.after_return = False
        found = _LINE_END.search(pending)
        if found is None:
            return None
        end = found.start()
        if end > MAX_REPLY:
            self._stop(f"the engine's reply is longer than {MAX_REPLY} bytes")
        line = bytes(pending[:end])
        skip = 2 if pending[end : end + 2] == b"\r\n" else 1
        self.after_return = pending[end : end + 1] == b"\r" and skip == 1
        del pending[: end + skip]
        return line

    def _late(self, by_run: bool, written: int, size: int) -> None:
        if by_run:
            self._stop("the deadline passed while the engine was answering", DeadlinePassed)
        what = f"no reply within {self.timeout:g} s"
        if written < size:
            self._stop(f"{what} (the engine did not read its request: {written} of {size} bytes)")
        if self.pending:
            got = f"{len(self.pending)} bytes without a line end: {describe(bytes(self.pending))}"
            self._stop(f"{what} (got {got})")
        self._stop(what)

    def _stop(self, reason: str, kind: type[EngineError] = EngineError) -> Never:
        """End the engine and its process group; every later request fails with ``reason``."""
        if self.broken is None:
            self.broken = reason
        self._kill()
        raise kind(reason)

    def _kill(self) -> None:
        """Kill the engine's process group: the engine, and any child it left behind."""
        with contextlib.suppress(OSError):  # the group is gone already
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self.pending.clear()

    def _exit_code(self) -> int | None:
        try:
            return self.process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return None

    def new_game(self, game: str, setup: dict[str, Any], chance: Sequence[Outcome]) -> None:
        self._ask({"cmd": "new_game", "game": game, "setup": setup, "chance": _pairs(chance)})

    def legal_actions(self) -> tuple[int | None, list[str]]:
        reply = self._ask({"cmd": "legal_actions"})
        return checked_actions((reply.get("player"), reply.get("actions")))

    def apply(self, action: str, action_json: Any, chance: Sequence[Outcome]) -> None:
        request = {"cmd": "apply", "action": action, "json": action_json, "chance": _pairs(chance)}
        self._ask(request)

    def scores(self) -> tuple[list[int], bool]:
        reply = self._ask({"cmd": "scores"})
        return checked_scores((reply.get("scores"), reply.get("over")))

    def close(self) -> None:
        """Ask the engine to quit (without waiting on a full pipe), give it a few seconds, then
        end its process group."""
        if self.broken is None and self.process.poll() is None:
            with contextlib.suppress(OSError):
                os.write(self.stdin, b'{"cmd": "quit"}\n')
        self.broken = self.broken or "the engine was closed"
        if self.process.stdin is not None:
            self.process.stdin.close()  # end of input: an engine that missed the quit
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=_QUIT_SECONDS)
        self._kill()
        if self.process.stdout is not None and not self.process.stdout.closed:
            self.selector.close()
            self.process.stdout.close()


_QUIT_SECONDS = 5.0
"""How long ``close`` waits for an engine told to quit."""


MAX_ACTIONS = MAX_VALUES
"""The most legal actions an engine may list (a divergence report counts them)."""
MAX_SCORE_BITS = 64
"""The largest seat number or score an engine may give (in bits)."""


def _small_int(value: object) -> bool:
    return type(value) is int and value.bit_length() <= MAX_SCORE_BITS


def _pair(value: object, method: str, names: str) -> tuple[Any, Any]:
    if (type(value) is not tuple and type(value) is not list) or len(value) != 2:
        raise EngineError(f"{method} must return ({names}), not {describe(value)}")
    return value[0], value[1]


def checked_actions(value: object) -> tuple[int | None, list[str]]:
    """An engine's answer to ``legal_actions`` after an exact-type check of its shape
    (``EngineError`` for anything else): a seat number or None, and a list of strings."""
    player, actions = _pair(value, "legal_actions", "player, actions")
    if player is not None and not _small_int(player):
        raise EngineError(f"player must be an integer or null, not {describe(player)}")
    if (
        (type(actions) is not list and type(actions) is not tuple)
        or len(actions) > MAX_ACTIONS
        or not all(type(action) is str for action in actions)
    ):
        raise EngineError(
            f"actions must be a list of strings (at most {MAX_ACTIONS}), not {describe(actions)}"
        )
    return player, list(actions)


def checked_scores(value: object) -> tuple[list[int], bool]:
    """An engine's answer to ``scores`` after an exact-type check of its shape: a list of
    integers (one per seat) and whether the game is over."""
    scores, over = _pair(value, "scores", "scores, over")
    if (
        (type(scores) is not list and type(scores) is not tuple)
        or len(scores) > MAX_SCORE_BITS
        or not all(_small_int(score) for score in scores)
    ):
        raise EngineError(f"scores must be a list of integers, not {describe(scores)}")
    if type(over) is not bool:
        raise EngineError(f"over must be true or false, not {describe(over)}")
    return list(scores), over


def _pairs(chance: Sequence[Outcome]) -> list[list[str]]:
    return [[kind, item] for kind, item in chance]
