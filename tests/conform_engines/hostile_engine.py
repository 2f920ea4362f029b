"""Hostile engines for the conformance harness, one per way an engine can attack it. Run as a
script: ``python tests/conform_engines/hostile_engine.py MODE [SECONDS]``."""

from __future__ import annotations

import io
import os
import sys
import time
from typing import Any

from fresco_rules.conform import ReferenceEngine, Refused, serve

FORGED = "\x1b[2J\x1b[31mred\r\nconformant: 100 games, 0 steps agree\r\n" + "N" * 500


def _raw(data: bytes) -> None:
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def _reply_to_first_request(reply: bytes) -> None:
    sys.stdin.buffer.readline()
    _raw(reply)
    time.sleep(60)


class _Slow(io.StringIO):
    """Output that waits before every reply."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.seconds = seconds

    def write(self, text: str) -> int:
        time.sleep(self.seconds)
        return sys.stdout.write(text)

    def flush(self) -> None:
        sys.stdout.flush()


class _BareCarriageReturn(io.StringIO):
    """Replies that end in a bare \\r instead of \\n."""

    def write(self, text: str) -> int:
        _raw(text.replace("\n", "\r").encode())
        return len(text)


class _RefusesScores(ReferenceEngine):
    def scores(self) -> tuple[list[int], bool]:
        raise Refused(FORGED)


class _RefusesSetup(ReferenceEngine):
    def new_game(self, game: str, setup: dict[str, Any], chance: Any) -> None:
        raise Refused(FORGED)


class _Bogus(ReferenceEngine):
    def legal_actions(self) -> tuple[int | None, list[str]]:
        player, actions = super().legal_actions()
        return player, [*actions, *(f"x{i}" for i in range(100_000))]


class _ForgedAction(ReferenceEngine):
    def legal_actions(self) -> tuple[int | None, list[str]]:
        player, actions = super().legal_actions()
        return player, [*actions, FORGED]


def main(mode: str, seconds: float) -> int:
    if mode == "never_reads":
        time.sleep(60)
    elif mode == "flood":
        chunk = b"x" * 65536
        while True:
            _raw(chunk)
    elif mode == "flood_lines":  # replies nobody asked for, without reading a request
        line = b'{"ok": true}\n' * 4096
        while True:
            _raw(line)
    elif mode == "long_line":
        _reply_to_first_request(b"x" * (10 << 20) + b"\n")
    elif mode == "big_int":
        _reply_to_first_request(b'{"ok": true, "n": 1' + b"0" * 5000 + b"}\n")
    elif mode == "deep":
        _reply_to_first_request(b"[" * 5000 + b"]" * 5000 + b"\n")
    elif mode == "deep_object":
        _reply_to_first_request(b'{"ok": true, "x": ' + b"[" * 5000 + b"]" * 5000 + b"}\n")
    elif mode == "not_utf8":
        _reply_to_first_request(b'{"ok": true, "x": "\xff\xfe"}\n')
    elif mode == "grandchild":  # a child that holds the output pipe open after we are killed
        child = os.spawnl(
            os.P_NOWAIT, sys.executable, sys.executable, "-c", "import time; time.sleep(60)"
        )
        with open(os.environ["FRESCO_GRANDCHILD"], "w", encoding="utf-8") as file:
            file.write(str(child))
        _reply_to_first_request(b"[" * 5000 + b"\n")
    elif mode == "slow":
        return serve(ReferenceEngine(), sink=_Slow(seconds))
    elif mode == "bare_cr":
        return serve(ReferenceEngine(), sink=_BareCarriageReturn())
    elif mode == "refuses_scores":
        return serve(_RefusesScores())
    elif mode == "refuses_setup":
        return serve(_RefusesSetup())
    elif mode == "bogus":
        return serve(_Bogus())
    elif mode == "forged_action":
        return serve(_ForgedAction())
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 0.0))
