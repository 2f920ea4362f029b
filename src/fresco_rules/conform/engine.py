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

import json
import queue
import reprlib
import subprocess
import sys
import threading
from collections.abc import Sequence
from typing import Any, Protocol, TextIO

from ..adapters.core import GameSpec
from ..adapters.games import spec as game_spec
from ..kernel.chance import Outcome, OutcomeNeeded
from ..kernel.errors import RulesError

MAX_REPLY = 1 << 20
"""The longest reply line read from an engine (bytes)."""


class EngineError(RulesError):
    """An engine broke the protocol: crashed, closed its output, or sent something that is not
    a well-formed reply."""


class Refused(RulesError):
    """The engine refused a step (its reason in the message)."""


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
            raise Refused(f"{reprlib.repr(action)} is not a legal action here")
        before = self.state
        state = self._run(lambda: spec.apply(spec.with_script(before, _outcomes(chance)), chosen))
        self.state = self.after(before, chosen, state)

    def scores(self) -> tuple[list[int], bool]:
        spec = self._spec()
        return list(spec.scores(self.state)), spec.is_over(self.state)

    def close(self) -> None:
        pass


def _outcomes(chance: Sequence[Any]) -> tuple[Outcome, ...]:
    found = []
    for pair in chance:
        if (
            not isinstance(pair, list | tuple)
            or len(pair) != 2
            or not all(isinstance(part, str) for part in pair)
        ):
            raise Refused(f"a chance outcome must be [kind, item]: {reprlib.repr(pair)}")
        found.append((pair[0], pair[1]))
    return tuple(found)


def serve(engine: Engine, source: TextIO | None = None, sink: TextIO | None = None) -> int:
    """Speak the JSON-lines protocol for ``engine`` on ``source``/``sink`` (stdin/stdout):
    the process form of any in-process engine. Returns when told to quit or at end of input."""
    source = source if source is not None else sys.stdin
    sink = sink if sink is not None else sys.stdout
    for line in source:
        reply: dict[str, Any]
        try:
            request = json.loads(line)
            if not isinstance(request, dict):
                raise Refused("a request is a JSON object")
            command = request.get("cmd")
            if command == "quit":
                sink.write('{"ok": true}\n')
                sink.flush()
                return 0
            reply = {"ok": True, **_answer(engine, command, request)}
        except (RulesError, json.JSONDecodeError) as exc:
            reply = {"ok": False, "error": str(exc)}
        sink.write(json.dumps(reply) + "\n")
        sink.flush()
    return 0


def _answer(engine: Engine, command: object, request: dict[str, Any]) -> dict[str, Any]:
    if command == "new_game":
        setup = request.get("setup")
        if not isinstance(setup, dict):
            raise Refused("new_game needs a setup object")
        engine.new_game(str(request.get("game")), setup, request.get("chance") or [])
        return {}
    if command == "legal_actions":
        player, actions = engine.legal_actions()
        return {"player": player, "actions": actions}
    if command == "apply":
        engine.apply(str(request.get("action")), request.get("json"), request.get("chance") or [])
        return {}
    if command == "scores":
        scores, over = engine.scores()
        return {"scores": scores, "over": over}
    raise Refused(f"unknown command {reprlib.repr(command)}")


class ProcessEngine:
    """An engine in another process, spoken to in JSON lines (the command is run by the shell
    rules of ``subprocess`` without a shell: split like a command line)."""

    def __init__(self, command: Sequence[str], *, timeout: float = 60.0) -> None:
        self.command = list(command)
        self.timeout = timeout
        try:
            self.process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
                bufsize=1,
            )
        except OSError as exc:
            raise EngineError(f"cannot start the engine {self.command}: {exc}") from None
        self.replies: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        """Read reply lines as they come (so a silent engine times out instead of hanging);
        an empty string marks the end of the engine's output."""
        stdout = self.process.stdout
        assert stdout is not None
        while True:
            try:
                line = stdout.readline(MAX_REPLY)
            except (OSError, ValueError):
                line = ""
            self.replies.put(line)
            if not line:
                return

    def _ask(self, request: dict[str, Any]) -> dict[str, Any]:
        process = self.process
        assert process.stdin is not None and process.stdout is not None
        try:
            process.stdin.write(json.dumps(request) + "\n")
            process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise EngineError(f"the engine stopped (exit code {self._exit_code()})") from None
        try:
            line = self.replies.get(timeout=self.timeout)
        except queue.Empty:
            raise EngineError(f"no reply within {self.timeout:g} s") from None
        if not line:
            raise EngineError(f"the engine closed its output (exit code {self._exit_code()})")
        if not line.endswith("\n"):
            raise EngineError(f"a reply longer than {MAX_REPLY} bytes")
        try:
            reply = json.loads(line)
        except json.JSONDecodeError:
            raise EngineError(f"a reply that is not JSON: {reprlib.repr(line)}") from None
        if not isinstance(reply, dict) or not isinstance(reply.get("ok"), bool):
            raise EngineError(f"a reply without a boolean 'ok': {reprlib.repr(line)}")
        if not reply["ok"]:
            raise Refused(str(reply.get("error", "refused"))[:500])
        return reply

    def _exit_code(self) -> int | None:
        try:
            return self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return None

    def new_game(self, game: str, setup: dict[str, Any], chance: Sequence[Outcome]) -> None:
        self._ask({"cmd": "new_game", "game": game, "setup": setup, "chance": _pairs(chance)})

    def legal_actions(self) -> tuple[int | None, list[str]]:
        reply = self._ask({"cmd": "legal_actions"})
        player, actions = reply.get("player"), reply.get("actions")
        if player is not None and (isinstance(player, bool) or not isinstance(player, int)):
            raise EngineError(f"player must be an integer or null: {reprlib.repr(player)}")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise EngineError("actions must be a list of strings")
        return player, actions

    def apply(self, action: str, action_json: Any, chance: Sequence[Outcome]) -> None:
        request = {"cmd": "apply", "action": action, "json": action_json, "chance": _pairs(chance)}
        self._ask(request)

    def scores(self) -> tuple[list[int], bool]:
        reply = self._ask({"cmd": "scores"})
        scores, over = reply.get("scores"), reply.get("over")
        if not isinstance(scores, list) or not all(
            isinstance(s, int) and not isinstance(s, bool) for s in scores
        ):
            raise EngineError("scores must be a list of integers")
        if not isinstance(over, bool):
            raise EngineError("over must be true or false")
        return scores, over

    def close(self) -> None:
        process = self.process
        try:
            if process.poll() is None and process.stdin is not None:
                process.stdin.write('{"cmd": "quit"}\n')
                process.stdin.flush()
                process.stdin.close()
            process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            process.kill()
            process.wait()


def _pairs(chance: Sequence[Outcome]) -> list[list[str]]:
    return [[kind, item] for kind, item in chance]
