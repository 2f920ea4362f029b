"""Hidden information is a rule (B24, A-B.15, R0.68, A4.10): for two states that differ only in
what seat k may not see, seat k is offered the same legal actions, told the same refusals and
shown the same view."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from attrs import evolve
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fresco_rules import barbarossa, fresco
from fresco_rules.barbarossa.config import derive_tables
from fresco_rules.fresco import GameConfig, Phase, SubmitPlan, parse_modules
from fresco_rules.kernel.fuzz import hostile_actions, reachable_states
from fresco_rules.kernel.protocol import GameRules

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ"


def _word(rng: random.Random) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 16)))


def hide_barbarossa(state: Any, seat: int, rng: random.Random) -> Any:
    """The same position with every secret seat ``seat`` may not see replaced: the other
    seats' words and the letters given between other seats (B24)."""
    tables = state.tables
    per = tables.objects_per_player
    objects = tuple(
        tuple(tables.words[s * per : (s + 1) * per])
        if s == seat
        else tuple(_word(rng) for _ in range(per))
        for s in range(tables.players)
    )
    config = evolve(state.config, objects=objects)
    notes = tuple(
        evolve(note, letter=rng.choice(["", *ALPHABET]))
        if note.is_letter and seat not in (note.seat, tables.owners[note.obj])
        else note
        for note in state.notes
    )
    return evolve(state, config=config, tables=derive_tables(config), notes=notes)


def hide_fresco(state: Any, seat: int, rng: random.Random) -> Any:
    """The same position with what seat ``seat`` may not see replaced (R0.68, A4.10): the
    other players' money, paints, cards, pennies and glass behind their screens, and their
    plans, market-symbol pennies and Glassworks tiles before they are revealed."""
    money = tuple(m if s == seat else rng.randint(0, 40) for s, m in enumerate(state.money))
    paints = tuple(
        p if s == seat else tuple(rng.randint(0, 5) for _ in p) for s, p in enumerate(state.paints)
    )
    plans = state.plans
    if state.phase is Phase.PLAN:
        plans = tuple(
            plan if s == seat or plan is None else SubmitPlan(*reversed(_counts(plan)))
            for s, plan in enumerate(plans)
        )
    state = evolve(state, money=money, paints=paints, plans=plans)
    well = state.well
    if well is not None:  # A4.10: cards held, pennies behind screens and unrevealed symbols
        others = [s != seat for s in range(len(well.hands))]
        well = evolve(
            well,
            hands=tuple(
                tuple(sorted(rng.choice(["tip", "reward", "lucky_fellow"]) for _ in hand))
                if other
                else hand
                for other, hand in zip(others, well.hands, strict=True)
            ),
            pennies=tuple(
                rng.randint(0, 5) if other else n
                for other, n in zip(others, well.pennies, strict=True)
            ),
            symbol=well.symbol
            if state.phase is not Phase.PLAN
            else tuple(
                rng.randint(0, 2) if other else n
                for other, n in zip(others, well.symbol, strict=True)
            ),
        )
        state = evolve(state, well=well)
    glass = state.glass
    if glass is not None:  # R6.x, A4.10: glass behind the large screens, Glassworks tiles
        rivals = [s for s in range(len(glass.held)) if s != seat]  # behind the small ones
        held = tuple(
            counts if s == seat else tuple(rng.randint(0, 3) for _ in counts)
            for s, counts in enumerate(glass.held)
        )
        covers = list(glass.covers)
        if state.phase is Phase.PLAN:  # revealed with the plans: before that, swap the others'
            placed = [s for s in rivals if covers[s] is not None]
            shuffled = [covers[s] for s in placed]
            rng.shuffle(shuffled)
            for s, cover in zip(placed, shuffled, strict=True):
                covers[s] = cover
        state = evolve(state, glass=evolve(glass, held=held, covers=tuple(covers)))
    return state


def _counts(plan: SubmitPlan) -> tuple[int, ...]:
    return (plan.market, plan.cathedral, plan.studio, plan.workshop, plan.theatre, plan.cathedral_2)


GAMES: dict[str, tuple[GameRules[Any, Any], Any, tuple[type, ...], Any]] = {
    "barbarossa 4p": (
        barbarossa.GAME,
        barbarossa.GameConfig(players=4),
        barbarossa.ACTION_TYPES,
        hide_barbarossa,
    ),
    "barbarossa 3p letters off": (
        barbarossa.GAME,
        barbarossa.GameConfig(players=3, letter_check=barbarossa.LetterCheck.OFF),
        barbarossa.ACTION_TYPES,
        hide_barbarossa,
    ),
    "fresco 3p": (fresco.GAME, GameConfig(players=3), fresco.ACTION_TYPES, hide_fresco),
    "fresco 4p modules 4,5,6": (
        fresco.GAME,
        GameConfig(players=4, modules=parse_modules("4,5,6")),
        fresco.ACTION_TYPES,
        hide_fresco,
    ),
}
VIEWS: dict[str, Any] = {
    barbarossa.GAME.name: barbarossa.player_view,
    fresco.GAME.name: fresco.player_view,
}


@cache
def states_of(name: str) -> tuple[Any, ...]:
    game, config, _, _ = GAMES[name]
    return tuple(reachable_states(game, config, 11, count=40))


def _probes(name: str, state: Any, rng: random.Random) -> list[Any]:
    """Actions to try: every legal one, hostile ones, and for Barbarossa every letter request
    position and every letter answer."""
    game, _, types, _ = GAMES[name]
    legal = list(game.legal_actions(state))
    probes = [*legal, *hostile_actions(types, legal, rng.randrange)]
    if game is barbarossa.GAME:
        probes += [barbarossa.AskLetter(obj, p) for obj in range(3) for p in (1, 9, 17, -1, -2)]
        probes += [barbarossa.GiveLetter(c) for c in "AEZÖ"] + [barbarossa.NoSuchLetter()]
    return probes


@pytest.mark.rule("B24", "A-B.15", "R0.68", "A4.10")
@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(name=st.sampled_from(sorted(GAMES)), index=st.integers(0, 10_000), seed=st.integers())
def test_what_a_seat_cannot_see_changes_nothing_it_is_offered_or_told(
    name: str, index: int, seed: int
) -> None:
    game, _, _, hide = GAMES[name]
    states = states_of(name)
    state = states[index % len(states)]
    seat = game.current_player(state)
    if seat is None:
        return
    rng = random.Random(seed)
    other = hide(state, seat, rng)
    where = f"{name}, seat {seat}, {state.where()}"
    assert game.legal_actions(other) == game.legal_actions(state), where
    view = VIEWS[game.name]
    assert view(other, seat) == view(state, seat), where
    for action in _probes(name, state, rng):
        told, told_other = game.explain(state, action), game.explain(other, action)
        assert str(told) == str(told_other), f"{where}: {action!r}"


@pytest.mark.rule("A-B.15", "B24")
def test_a_words_length_is_not_told_to_the_asker() -> None:
    """The finding behind the property: the old offer (1..len(word)) and refusal "(1-6)"
    told the asker every secret word's length."""
    short = barbarossa.GameConfig(objects=(("a", "b"), ("c", "d"), ("e", "f"), ("g", "h")))
    long = barbarossa.GameConfig(
        objects=(("a", "b"), ("cccccccccccccccc", "dd"), ("eeee", "f"), ("g", "hhhhhhh"))
    )
    states = [_on_the_dwarf(config) for config in (short, long)]
    assert barbarossa.legal_actions(states[0]) == barbarossa.legal_actions(states[1])
    for position in (0, 3, 16, 17, -1):
        action = barbarossa.AskLetter(2, position)
        assert str(barbarossa.explain(states[0], action)) == str(
            barbarossa.explain(states[1], action)
        )


def _on_the_dwarf(config: barbarossa.GameConfig) -> Any:
    state = barbarossa.new_game(config, 0, chance=[("die", "3")])
    state = barbarossa.apply(state, barbarossa.CallCurses(()))
    state = barbarossa.apply(state, barbarossa.RollDie())
    while state.window is not None:
        state = barbarossa.apply(state, barbarossa.CallCurses(()))
    assert state.step is barbarossa.Step.LETTER
    return state
