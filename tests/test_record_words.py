"""A record's problems are told in the record's own words: JSON values (``null``, ``true``,
``"top_up"``), never Python's ``None``, ``True`` or ``['top_up', ...]`` (issue 13)."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from fresco_rules import replay
from fresco_rules.fresco import GAME, GameConfig, record_game
from fresco_rules.kernel.errors import RulesError
from fresco_rules.kernel.play import random_playout

_PLAYOUT = random_playout(GAME, GameConfig(players=3), 5)
RECORD: dict[str, Any] = record_game(GameConfig(players=3), 5, _PLAYOUT.steps, _PLAYOUT.final)


def _refusal(change: Any) -> str:
    record = copy.deepcopy(RECORD)
    change(record)
    with pytest.raises(RulesError) as refused:
        replay(json.dumps(record))
    return str(refused.value)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.__setitem__("setup", None), "null is not of type 'object' @ $.setup"),
        (
            lambda r: r["steps"][0]["action"].__setitem__("slot", True),
            "true is not of type 'integer' @ $.steps[0].action.slot",
        ),
        (
            lambda r: r["setup"].__setitem__("market_refill", None),
            'null is not one of "top_up", "redraw_all" @ $.setup.market_refill',
        ),
        (
            lambda r: r["setup"].__setitem__("market_refill", "redraw"),
            '"redraw" is not one of "top_up", "redraw_all" @ $.setup.market_refill',
        ),
    ],
)
def test_schema_refusals_write_values_as_json(change: Any, message: str) -> None:
    assert _refusal(change) == message


@pytest.mark.rule("R0.15", "R0.62")
def test_a_step_by_the_wrong_seat_names_it_as_the_record_does() -> None:
    text = _refusal(lambda r: r["steps"][0].__setitem__("seat", None))
    first = RECORD["steps"][0]["seat"]
    assert f"R0.15: seat null acted but seat {first} is to move" in text
    assert "None" not in text
    text = _refusal(lambda r: r["steps"].append(r["steps"][0]))
    assert "acted but no seat is to move" in text and "None" not in text
