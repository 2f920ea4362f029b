"""The conformance harness against hostile engines, generated (issue 22, findings 11-14): any
reply line an engine process can write ends in a checked answer, a refusal or an
``EngineError``, never another exception or a hang; any answer an in-process engine returns
ends the run in a report or an ``EngineError``; ``serve`` answers every request line with one
JSON reply and keeps serving. Each attempt runs under ``kernel.fuzz.time_limit``."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from fresco_rules.adapters.games import table as make_table
from fresco_rules.conform import (
    EngineError,
    ProcessEngine,
    ReferenceEngine,
    Refused,
    conform,
    serve,
)
from fresco_rules.kernel.fuzz import hostile_values, time_limit

from ..hypothesis_profiles import examples

LIMIT = 20.0
"""Seconds one attempt may take before it counts as a hang (a shared machine)."""

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=10,
)

HOSTILE_TEXT = [
    "[" * 5000 + "]" * 5000,
    '{"ok": true, "player": 1' + "0" * 5000 + "}",
    '{"ok": true, "actions": ' + "[" * 3000 + "]" * 3000 + "}",
    '{"ok": NaN}',
    '{"ok": true, "ok": false}',
    '{"ok": false, "error": "\\u001b[2J\\r\\nconformant: 100 games"}',
    '{"ok": false, "error": ' + '"e' * 1 + "x" * 100_000 + '"}',
]


def _reply_lines() -> st.SearchStrategy[bytes]:
    """Reply lines: random bytes, JSON of any shape, replies with fields of any value, and
    the known hostile texts, ended in any way."""
    shaped = st.fixed_dictionaries(
        {"ok": json_values | st.booleans()},
        optional={"player": json_values, "actions": json_values, "error": json_values},
    ).map(json.dumps)
    body = st.one_of(
        st.binary(max_size=200),
        json_values.map(lambda value: json.dumps(value).encode()),
        shaped.map(str.encode),
        st.sampled_from(HOSTILE_TEXT).map(str.encode),
        st.just(b'{"ok": true, "x": "\xff"}'),
    )
    ending = st.sampled_from([b"\n", b"\r\n", b"\r", b"\n", b"\r", b""])
    return st.tuples(body, ending).map(lambda pair: pair[0] + pair[1])


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(reply=_reply_lines())
@example(reply=b"[" * 5000 + b"\n")
@example(reply=b'{"ok": true, "player": 1' + b"0" * 5000 + b"}\n")
@example(reply=b'{"ok": true, "player": 0, "actions": ["\xff"]}\r\n')
@example(reply=b'{"ok": false, "error": ' + b"[" * 3000 + b"]" * 3000 + b"}\r")
def test_any_reply_line_is_an_answer_a_refusal_or_an_engine_error(
    reply: bytes, tmp_path_factory: Any
) -> None:
    path = tmp_path_factory.mktemp("reply") / "reply"
    Path(path).write_bytes(reply)
    script = (
        "import sys, time; sys.stdin.buffer.readline(); "
        f"sys.stdout.buffer.write(open({str(path)!r}, 'rb').read()); sys.stdout.flush(); "
        "time.sleep(30)"
    )
    engine = ProcessEngine([sys.executable, "-S", "-c", script], timeout=1)
    try:
        with time_limit(LIMIT):
            try:
                player, actions = engine.legal_actions()
            except (Refused, EngineError) as exc:
                assert str(exc) is not None
            else:
                assert player is None or type(player) is int
                assert type(actions) is list and all(type(a) is str for a in actions)
    finally:
        engine.close()


class _Answers(ReferenceEngine):
    """The reference, but ``method`` returns ``value``."""

    def __init__(self, method: str, value: object) -> None:
        super().__init__()
        self.method, self.value = method, value

    def legal_actions(self) -> Any:
        return self.value if self.method == "legal_actions" else super().legal_actions()

    def scores(self) -> Any:
        return self.value if self.method == "scores" else super().scores()


hostile_answers = st.one_of(
    st.sampled_from(range(len(hostile_values()))).map(lambda i: hostile_values()[i]),
    st.tuples(
        st.sampled_from(range(len(hostile_values()))).map(lambda i: hostile_values()[i]),
        st.sampled_from(range(len(hostile_values()))).map(lambda i: hostile_values()[i]),
    ),
    json_values,
    st.tuples(json_values, json_values),
)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(method=st.sampled_from(["legal_actions", "scores"]), value=hostile_answers)
def test_any_answer_of_an_in_process_engine_ends_in_a_report_or_an_engine_error(
    method: str, value: object
) -> None:
    with time_limit(LIMIT):
        try:
            report = conform("fresco", _Answers(method, value), games=1, params={"players": 2})
        except EngineError as exc:
            assert str(exc)
        else:
            assert report.divergence is not None
            report.divergence.report()


def _setup(game: str = "fresco", players: int = 2) -> dict[str, Any]:
    reference = make_table(game, {"players": players})
    codec = reference.spec.rules().codec
    assert codec is not None
    setup: dict[str, Any] = codec.config_to_json(reference.config)
    return setup


def _requests() -> st.SearchStrategy[str]:
    setup = _setup()
    new_game = st.builds(
        lambda key, value: {"cmd": "new_game", "game": "fresco", "setup": {**setup, key: value}},
        st.sampled_from(sorted(setup)),
        json_values,
    )
    fields = st.fixed_dictionaries(
        {"cmd": st.sampled_from(["new_game", "legal_actions", "apply", "scores"]) | json_values},
        optional={
            "game": json_values,
            "setup": json_values,
            "chance": json_values,
            "action": json_values,
            "json": json_values,
        },
    )
    return st.one_of(
        st.text(max_size=50),
        json_values.map(json.dumps),
        new_game.map(json.dumps),
        fields.map(json.dumps),
        st.sampled_from(HOSTILE_TEXT),
    ).map(lambda line: line.replace("\n", " "))


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(requests=st.lists(_requests(), max_size=6))
def test_serve_answers_every_request_and_keeps_serving(requests: list[str]) -> None:
    requests = [r for r in requests if '"quit"' not in r]
    good = json.dumps({"cmd": "new_game", "game": "barbarossa", "setup": _setup("barbarossa", 3)})
    lines = [*requests, good, '{"cmd": "legal_actions"}']
    sink = io.StringIO()
    with time_limit(LIMIT):
        assert serve(ReferenceEngine(), io.StringIO("\n".join(lines) + "\n"), sink) == 0
    replies = [json.loads(line) for line in sink.getvalue().splitlines()]
    assert len(replies) == len(lines)
    assert all(type(reply["ok"]) is bool for reply in replies)
    assert replies[-2] == {"ok": True} and replies[-1]["player"] == 0
