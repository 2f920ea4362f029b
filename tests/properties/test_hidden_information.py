"""Hidden information is a rule (B24, A-B.15, R0.68, A4.10): for two states that differ only in
what seat k may not see, seat k is offered the same legal actions, told the same refusals and
shown the same view."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import numpy as np
import pyspiel
import pytest
from attrs import evolve
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fresco_rules.openspiel  # noqa: F401  (registers the games with pyspiel)
from fresco_rules import barbarossa, fresco
from fresco_rules.adapters.core import Position
from fresco_rules.barbarossa.config import derive_tables
from fresco_rules.fresco import GameConfig, Phase, SubmitPlan, parse_modules
from fresco_rules.fresco.modules import glaziers_state, wishing_well_state
from fresco_rules.kernel.fuzz import hostile_actions, reachable_states
from fresco_rules.kernel.protocol import GameRules
from fresco_rules.pettingzoo import env as pettingzoo_env

from ..hypothesis_profiles import examples
from ..module_states import well_of

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
    well = wishing_well_state.well_of(state)
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
        state = wishing_well_state.with_well(state, well)
    glass = glaziers_state.glass_of(state)
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
        state = glaziers_state.with_glass(state, evolve(glass, held=held, covers=tuple(covers)))
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


# --- planning decisions a module adds (issue 22, finding 8) ---------------------------------------
#
# Who is to move is public (the observation's ``to move``, the tensor's ``to_move``, PettingZoo's
# ``agent_selection``, the information state). So a planning decision a module asks of a seat must
# not depend on anything the other seats may not see: module 4 once asked for ``pennies N`` only
# after a plan with a market apprentice (R4.3) and only with a penny behind the screen (A4.10).

PLANNING_CONFIGS: dict[str, dict[str, Any]] = {
    "3p modules 4": {"players": 3, "modules": "4;"},
    "2p modules 4,6": {"players": 2, "modules": "4;6"},
    "4p modules 1-6": {"players": 4, "modules": "1;2;3;4;5;6"},
}


def _to_planning(table: Any, rng: random.Random, rounds: int) -> Any:
    """A random game's position where a seat is about to submit its plan, in the
    ``rounds``-th planning decision met (or the last one before the end)."""
    position, found, met = table.start(), None, 0
    while not table.is_terminal(position) and position.length < 2000:
        if table.is_chance(position):
            outcomes = table.chance_outcomes(position)
            position = table.choose(position, rng.choice(outcomes)[0])
            continue
        actions = table.game_actions(position)
        if any(isinstance(a, SubmitPlan) for a in actions.values()):
            found, met = position, met + 1
            if met > rounds:
                break
        position = table.play(position, rng.choice(sorted(actions)))
    return found


def _plan_pair(table: Any, position: Any) -> tuple[int, int] | None:
    """Two legal plans of the seat to move with as many apprentices, one with a market
    apprentice and one without (action indices), or None."""
    plans = [(i, a) for i, a in table.game_actions(position).items() if isinstance(a, SubmitPlan)]
    for i, plan in plans:
        if plan.market:
            for j, other in plans:
                if not other.market and sum(other.counts) == sum(plan.counts):
                    return i, j
    return None


def _with_pennies(position: Any, seat: int, pennies: int) -> Any:
    """The same node with seat ``seat`` holding ``pennies`` pennies behind its screen."""
    state = position.state
    well = evolve(
        well_of(state),
        pennies=tuple(pennies if s == seat else n for s, n in enumerate(well_of(state).pennies)),
    )
    return Position(
        wishing_well_state.with_well(state, well),
        None,
        (),
        None,
        position.length,
        position.parent,
        position.via,
    )


def _seen_by(game: Any, position: Any, seat: int) -> dict[str, Any]:
    """Everything seat ``seat`` is shown at ``position``: the library's view, who is to move,
    and OpenSpiel's observation and information state, strings and tensors, legal actions."""
    state = game.new_initial_state()
    spiel = type(state)(game, game.table, position)
    mover = fresco.current_player(position.state)
    return {
        "view": fresco.player_view(position.state, seat),
        "to move": mover,
        "legal": fresco.legal_actions(position.state) if mover == seat else None,
        "spiel player": spiel.current_player(),
        "legal actions": spiel.legal_actions(seat),
        "observation": spiel.observation_string(seat),
        "observation tensor": spiel.observation_tensor(seat),
        "information state": spiel.information_state_string(seat),
        "information tensor": spiel.information_state_tensor(seat),
    }


@pytest.mark.rule("R4.3", "A4.10", "R0.28", "R0.68")
@settings(max_examples=examples(12), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    name=st.sampled_from(sorted(PLANNING_CONFIGS)),
    seed=st.integers(0, 2**32),
    rounds=st.integers(0, 12),
    pennies=st.sampled_from([(0, 3), (3, 0), (1, 4), (0, 0)]),
)
def test_a_plan_and_pennies_behind_the_screen_do_not_show_in_who_moves(
    name: str, seed: int, rounds: int, pennies: tuple[int, int]
) -> None:
    """Two positions equal but for whether seat k's plan has a market apprentice and how many
    pennies seat k holds give every other seat the same view, to-move, observation and
    information state (strings and tensors) and legal actions, all through planning."""
    params = PLANNING_CONFIGS[name]
    game = pyspiel.load_game(
        f"fresco_rules_fresco(players={params['players']},modules={params['modules']})"
    )
    table = game.table
    start = _to_planning(table, random.Random(seed), rounds)
    pair = None if start is None else _plan_pair(table, start)
    if pair is None:
        return
    seat = table.current_player(start)
    lines = []
    for plan, held in ((p, h) for p in pair for h in pennies):
        position = table.play(_with_pennies(start, seat, held), plan)
        line = []
        while position.state.phase is Phase.PLAN and table.current_player(position) is not None:
            line.append(position)
            actions = table.game_actions(position)
            # the same choice on every line: the first legal action (for seat k: pennies 0)
            position = table.play(position, min(actions))
        lines.append(line)
    where = f"{name}, seat {seat}, {start.state.where()}"
    for step, positions in enumerate(zip(*lines, strict=False)):
        for other in range(table.players):
            if other == seat:
                continue
            seen = [_seen_by(game, position, other) for position in positions]
            for key in seen[0]:
                assert all(s[key] == seen[0][key] for s in seen), f"{where}: {key}, {step}"
    assert len({len(line) for line in lines}) == 1, f"{where}: planning takes different turns"


@pytest.mark.rule("R4.3", "A4.10", "R0.28")
@settings(max_examples=examples(6), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    name=st.sampled_from(sorted(PLANNING_CONFIGS)),
    seed=st.integers(0, 2**32),
    rounds=st.integers(0, 12),
)
def test_a_plan_does_not_show_in_pettingzoos_agent_selection(
    name: str, seed: int, rounds: int
) -> None:
    """Through PettingZoo's own loop: two environments with the same seed and the same moves
    but for seat k's plan (with or without a market apprentice) show every other agent the same
    ``agent_selection``, observations, action masks and infos while planning."""
    envs = [pettingzoo_env("fresco", **PLANNING_CONFIGS[name]) for _ in range(2)]
    for env in envs:
        env.reset(seed=seed)
    rng, met, pair = random.Random(seed), 0, None
    first = envs[0]
    while not any(first.terminations.values()) and first.position.length < 2000:
        legal = sorted(first.infos[first.agent_selection]["legal_actions"])
        if any(isinstance(first.table.decode(first.position.state, i), SubmitPlan) for i in legal):
            met += 1
            pair = _plan_pair(first.table, first.position) if met > rounds else None
            if pair is not None:
                break
        choice = rng.choice(legal)
        for env in envs:
            env.step(choice)
    if pair is None:
        return
    seat = envs[0].possible_agents.index(envs[0].agent_selection)
    for env, plan in zip(envs, pair, strict=True):
        env.step(plan)
    step = 0
    while all(env.position.state.phase is Phase.PLAN for env in envs):
        selected = [env.agent_selection for env in envs]
        assert selected[0] == selected[1], f"{name}, seat {seat}, step {step}: who moves"
        for agent in envs[0].possible_agents[:seat] + envs[0].possible_agents[seat + 1 :]:
            seen = [env.observe(agent) for env in envs]
            for key in ("observation", "action_mask"):
                assert np.array_equal(seen[0][key], seen[1][key]), f"{agent}: {key}, {step}"
            assert envs[0].infos[agent] == envs[1].infos[agent], f"{agent}: infos, {step}"
        for env in envs:
            env.step(min(env.infos[env.agent_selection]["legal_actions"]))
        step += 1
