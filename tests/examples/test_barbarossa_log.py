"""Barbarossa's readable log (``describe``, ``events``, ``board``): one line per action, and no
secret word or written letter in it (B24, A-B.21)."""

from __future__ import annotations

import pytest

from fresco_rules.barbarossa import GAME, GameConfig, State
from fresco_rules.barbarossa.render import board, describe, events
from fresco_rules.kernel.play import random_playout

from .barbarossa_fixtures import WORDS_4


@pytest.mark.rule("B24", "A-B.21")
def test_log_tells_the_game_without_its_secrets() -> None:
    lines: list[str] = []

    def log(before: State, action: object, after: State) -> None:
        lines.append(describe(before, action))  # type: ignore[arg-type]
        lines.extend(events(before, after))

    playout = random_playout(GAME, GameConfig(objects=WORDS_4), 3, on_step=log)
    text = "\n".join(lines)
    assert len(lines) > len(playout.steps)
    assert GAME.describe is describe
    for phrase in ("rolls the die", "die: ", "pawn moves to tile", "answers", "judges the guess"):
        assert phrase in text, phrase
    assert "== game over: " in text and ("reaches Finish" in text or "arrows are on" in text)
    for word in ("hedgehog", "anchor", "teapot", "snail", "bicycle", "mushroom", "crown", "key"):
        assert word not in text.lower()
    given = {note.letter for note in playout.final.notes if note.is_letter}
    assert given, "the game asked for letters"
    for line in lines:
        if "writes a letter" in line:
            assert not any(f" {letter} " in f" {line} " for letter in given)
    picture = board(playout.final)
    assert "winner: seat" in picture and "arrows on the Gem" in picture
