"""The games as OpenSpiel games: OpenSpiel's own random-simulation test on every registered
game in several configurations, MCTS playing whole games, chance nodes, hidden information."""

from __future__ import annotations

import pickle

import numpy as np
import pyspiel
import pytest
from attrs import evolve
from open_spiel.python.algorithms import mcts

import fresco_rules.openspiel as fs
from fresco_rules.adapters.core import SETUP, AdapterError, Position, Slot, Table, rank_utilities
from fresco_rules.barbarossa import CallCurses, RollDie
from fresco_rules.barbarossa import GameConfig as BarbarossaConfig
from fresco_rules.barbarossa.adapter_spec import SPEC as BARBAROSSA
from fresco_rules.carcassonne import PlaceTile
from fresco_rules.carcassonne import derive_tables as carcassonne_tables
from fresco_rules.fresco import ChooseGetUp, ChooseTrackSpace, SubmitPlan, legal_forms
from fresco_rules.fresco import apply as fresco_apply
from fresco_rules.fresco import current_player as fresco_current
from fresco_rules.fresco.adapter_spec import SPEC as FRESCO
from fresco_rules.fresco.engine import BASE_RULES
from fresco_rules.fresco.modules import glaziers_state, wishing_well_state
from fresco_rules.fresco.plugins import PLUGINS
from fresco_rules.fresco.state import Phase
from fresco_rules.kernel.chance import OutcomeNeeded

from ..module_states import glass_of, well_of

CONFIGS = [
    ("fresco_rules_fresco(players=2)", 2),
    ("fresco_rules_fresco(players=3,modules=4;6)", 1),
    (
        "fresco_rules_fresco(players=4,modules=5;,market_refill=redraw_all,track_collision=forward)",
        1,
    ),
    ("fresco_rules_fresco(players=2,modules=4;5;6)", 1),
    ("fresco_rules_fresco(players=2,modules=1;2;3)", 2),
    ("fresco_rules_fresco(players=3,modules=3;,m3_setup=mix_all)", 1),
    ("fresco_rules_fresco(players=4,modules=1;2;3;4;5;6)", 1),
    ("fresco_rules_barbarossa(players=3)", 3),
    ("fresco_rules_barbarossa(players=4,letter_check=off,first_player_choice=random)", 2),
    ("fresco_rules_carcassonne(players=2)", 1),
    ("fresco_rules_carcassonne(players=4,farmers=off,festival_return=follower,tiny_city=2)", 1),
]


def test_every_game_is_registered() -> None:
    names = {game.short_name for game in pyspiel.registered_games()}
    assert {"fresco_rules_fresco", "fresco_rules_barbarossa", "fresco_rules_carcassonne"} <= names
    assert set(fs.GAMES) == {"fresco", "barbarossa", "carcassonne"}


@pytest.mark.parametrize(("name", "sims"), CONFIGS)
def test_random_sim_test(name: str, sims: int) -> None:
    """OpenSpiel's own game checks: sorted legal actions, unique action strings, chance
    probabilities, clone and serialisation, tensors' sizes, returns within the bounds."""
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_game_string_round_trips_and_sizes() -> None:
    game = pyspiel.load_game("fresco_rules_fresco(players=3,modules=4;6)")
    again = pyspiel.load_game(str(game))
    assert again.num_players() == 3
    assert again.num_distinct_actions() == game.num_distinct_actions()
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    assert game.max_game_length() == 6000
    layout = game.tensor_layout()
    assert sum(size for _, size in layout) == game.observation_tensor_size()
    history = game.information_tensor_layout()[-1]
    assert history == ("history", 3 * game.max_game_length())
    assert game.information_state_tensor_size() == game.observation_tensor_size() + history[1]
    assert [name for name, _ in layout][:3] == ["observer", "to_move", "phase"]
    assert ("well", 6) in layout and ("glass", 16) in layout


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(AdapterError, match="players"):
        Table(FRESCO, {"players": 5})
    with pytest.raises(AdapterError, match="module"):
        Table(FRESCO, {"modules": "7"})
    with pytest.raises(AdapterError, match="market_refill"):
        Table(FRESCO, {"market_refill": "sometimes"})
    with pytest.raises(AdapterError, match="unknown parameter"):
        Table(BARBAROSSA, {"colour": "red"})


def _play_mcts(name: str, games: int, simulations: int, seed: int) -> list[list[float]]:
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=10)
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator, random_state=rng
    )
    results = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            else:
                action = bot.step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
        assert not state.truncated()
        results.append(state.returns())
    return results


def test_mcts_plays_whole_fresco_games() -> None:
    results = _play_mcts("fresco_rules_fresco(players=2)", games=2, simulations=2, seed=3)
    assert len(results) == 2
    for returns in results:
        assert sum(returns) == 0.0 and set(returns) <= {-1.0, 0.0, 1.0}


def test_mcts_plays_a_whole_game_with_modules_1_to_3() -> None:
    game = "fresco_rules_fresco(players=2,modules=1;2;3)"
    (returns,) = _play_mcts(game, games=1, simulations=2, seed=5)
    assert sum(returns) == 0.0 and set(returns) <= {-1.0, 0.0, 1.0}


def test_mcts_plays_a_whole_barbarossa_game() -> None:
    (returns,) = _play_mcts("fresco_rules_barbarossa(players=3)", games=1, simulations=3, seed=4)
    assert abs(sum(returns)) < 1e-9 and all(-1.0 <= r <= 1.0 for r in returns)


def test_rank_utilities() -> None:
    assert rank_utilities((10, 20)) == (-1.0, 1.0)
    assert rank_utilities((7, 7)) == (0.0, 0.0)
    assert rank_utilities((4, 3, 2, 1)) == pytest.approx((1.0, 1 / 3, -1 / 3, -1.0))
    assert rank_utilities((5, 9, 5)) == (-0.5, 1.0, -0.5)


def _random_positions(table: Table, seed: int, limit: int) -> list[Position]:
    rng = np.random.RandomState(seed)
    position = table.start()
    seen = [position]
    while not table.is_terminal(position) and len(seen) < limit:
        if table.is_chance(position):
            outcomes = table.chance_outcomes(position)
            index = rng.choice(len(outcomes), p=[p for _, p in outcomes])
            position = table.choose(position, outcomes[index][0])
        else:
            legal = table.legal_actions(position)
            position = table.play(position, int(rng.choice(legal)))
        seen.append(position)
    return seen


def test_states_hold_no_generator_that_picks_outcomes() -> None:
    """Every state the adapter builds draws only recorded outcomes: at a chance node the same
    step with nothing recorded refuses to invent one, whatever the history was."""
    table = Table(FRESCO, {"players": 3, "modules": "4;5;6"})
    chance_nodes = 0
    for position in _random_positions(table, seed=5, limit=600):
        if position.state is not None:
            assert position.state.chance.scripted_only
        if position.need is not None and position.pending is not SETUP and position.drawn == ():
            chance_nodes += 1
            base = FRESCO.with_script(position.state, ())
            with pytest.raises(OutcomeNeeded) as caught:
                FRESCO.apply(base, position.pending)
            assert caught.value.kind == position.need.kind
    assert chance_nodes > 0


def test_chance_probabilities_follow_the_pool() -> None:
    """Uniform over the pool by item: a glass colour in the bag twice is twice as likely."""
    table = Table(FRESCO, {"players": 2, "modules": "6"})
    need = OutcomeNeeded("R6.3", "glass", ("red", "red", "blue"))
    position = Position(table.start().state, "x", (), need, 0)
    outcomes = dict(table.chance_outcomes(position))
    assert sorted(outcomes.values()) == pytest.approx([1 / 3, 2 / 3])
    assert table.outcome_string(max(outcomes, key=outcomes.__getitem__)) == "glass:red"
    assert sorted(outcomes) == list(outcomes)


def test_setup_is_a_chain_of_chance_nodes() -> None:
    table = Table(FRESCO, {"players": 4})
    position = table.start()
    kinds = []
    while table.is_chance(position):
        assert position.need is not None
        kinds.append(position.need.kind)
        position = table.choose(position, table.chance_outcomes(position)[0][0])
    assert kinds[:4] == ["start_space"] * 4
    assert kinds.count("fresco") == 24 and kinds.count("market") == 13
    assert table.current_player(position) is not None


def _planning_position(table: Table, seed: int) -> Position:
    """A position in Fresco's planning phase after the first planner has submitted."""
    for position in _random_positions(table, seed=seed, limit=400):
        state = position.state
        if position.need is None and state is not None and state.phase is Phase.PLAN:
            planned = [p for p in state.plans[: state.tables.players] if p is not None]
            if planned:
                return position
    raise AssertionError("no planning position reached")


def test_information_state_hides_plans_paints_and_money() -> None:
    """Seat k's information state and tensor are identical for states that differ only in what
    k cannot see (another seat's secret plan, paints and money), and differ for that seat."""
    table = Table(FRESCO, {"players": 3})
    position = _planning_position(table, seed=2)
    state = position.state
    planner = fresco_current(state)
    done = next(s for s, p in enumerate(state.plans[:3]) if p is not None)
    other = SubmitPlan(market=0, cathedral=0, studio=1)
    if state.plans[done] == other:
        other = SubmitPlan(studio=2)
    plans = tuple(other if s == done else p for s, p in enumerate(state.plans))
    paints = tuple((9,) * 6 if s == done else p for s, p in enumerate(state.paints))
    money = tuple(99 if s == done else m for s, m in enumerate(state.money))
    twin_state = evolve(state, plans=plans, paints=paints, money=money)
    twin = evolve(position, state=twin_state)
    for seat in range(3):
        same_string = table.information_state(position, seat) == table.information_state(twin, seat)
        same_tensor = table.tensor(position, seat) == table.tensor(twin, seat)
        assert same_string == same_tensor == (seat != done), seat
    assert planner != done
    assert table.legal_actions(position) == table.legal_actions(twin)


def test_information_state_hides_barbarossa_words() -> None:
    """Another seat's secret words (same lengths) change nothing that seat k may see."""
    words = (("hedgehog", "anchor", "kite"), ("teapot", "snail", "lamp"), ("bicycle", "mug", "owl"))
    swapped = (
        ("hedgehog", "anchor", "kite"),
        ("carpet", "snake", "ring"),
        ("bicycle", "mug", "owl"),
    )
    table = Table(BARBAROSSA, {"players": 3})
    script = (("die", "3"),)
    states = []
    for objects in (words, swapped):
        config = BarbarossaConfig(players=3, objects=objects)
        state = BARBAROSSA.new_game(config, ())
        state = BARBAROSSA.apply(state, CallCurses(()))  # the window before the first move
        states.append(BARBAROSSA.apply(BARBAROSSA.with_script(state, script), RollDie()))
    a, b = (Position(s, None, (), None, 1) for s in states)
    for seat in (0, 2):
        assert table.information_state(a, seat) == table.information_state(b, seat)
        assert table.tensor(a, seat) == table.tensor(b, seat)
    assert table.information_state(a, 1) != table.information_state(b, 1)


def test_action_strings_use_the_notation() -> None:
    game = pyspiel.load_game("fresco_rules_fresco(players=2)")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    texts = [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]
    assert texts == list(legal_forms(state.game_state))  # get-up slots in time order
    assert texts[0] == "up 5:00"
    table: Table = game.table
    assert table.decode(state.game_state, state.legal_actions()[0]) == ChooseGetUp(0)
    after = fresco_apply(state.game_state, ChooseGetUp(0))
    assert after.phase is Phase.GET_UP


def test_a_game_reaching_max_length_is_cut_off() -> None:
    game = pyspiel.load_game("fresco_rules_fresco(players=4,max_length=300)")
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.truncated() and len(state.history()) <= 300
    assert abs(sum(state.returns())) < 1e-9


def test_the_action_space_covers_every_action_kind_of_the_modules_described() -> None:
    """Each plug-in's action kinds, and the base game's, have entries in the space (a module the
    adapters do not describe yet is refused by name instead)."""
    described = [plugin for plugin in PLUGINS if plugin.adapter is not None]
    modules = ";".join(str(plugin.module.value) for plugin in described)
    table = Table(FRESCO, {"players": 3, "modules": modules})
    kinds = {type(entry) for entry in table.space.entries}
    wanted = set(BASE_RULES) - {ChooseTrackSpace}
    for plugin in described:
        wanted |= set(plugin.actions)
    assert wanted <= kinds
    assert any(isinstance(entry, Slot) for entry in table.space.entries)


def test_information_state_hides_wishing_cards_and_glass() -> None:
    """Modules 4 and 6: another seat's Wishing Cards, pennies and glass tokens are hidden."""
    table = Table(FRESCO, {"players": 3, "modules": "4;6"})
    position = _random_positions(table, seed=6, limit=120)[-1]
    state = position.state
    well, glass = well_of(state), glass_of(state)
    assert well is not None and glass is not None
    hands = (well.hands[0], ("lucky_fellow", "tip"), well.hands[2])
    pennies = (well.pennies[0], 7, well.pennies[2])
    held = (glass.held[0], (3, 3, 3, 3), glass.held[2])
    twin_state = glaziers_state.with_glass(
        wishing_well_state.with_well(state, evolve(well, hands=hands, pennies=pennies)),
        evolve(glass, held=held),
    )
    twin = evolve(position, state=twin_state)
    for seat in (0, 2):
        assert table.information_state(position, seat) == table.information_state(twin, seat)
        assert table.tensor(position, seat) == table.tensor(twin, seat)
    assert table.information_state(position, 1) != table.information_state(twin, 1)
    assert table.tensor(position, 1) != table.tensor(twin, 1)


def test_carcassonne_returns_are_slots_and_a_game_string_reloads() -> None:
    """A Festival RETURN is the k-th of the player's returnable figures; the placement space
    reaches as far as the stack is long; loading the same game again reuses its table."""
    game = pyspiel.load_game("fresco_rules_carcassonne(players=3,festival=on)")
    again = pyspiel.load_game(str(game))
    assert again.table is game.table
    table: Table = game.table
    slots = [e for e in table.space.entries if isinstance(e, Slot)]
    assert [s.kind for s in slots] == ["return"] * 7
    reach = len(carcassonne_tables(table.config).stack)
    assert PlaceTile(-reach, reach, 3) in table.space.index
    assert PlaceTile(reach + 1, 0, 0) not in table.space.index
    state = game.new_initial_state()
    assert pickle.loads(pickle.dumps(state.position)).length == state.position.length
