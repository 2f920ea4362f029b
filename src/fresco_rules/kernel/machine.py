"""Game-agnostic test harnesses: a Hypothesis state-machine factory and a random-simulation
checker (after OpenSpiel's ``RandomSimTest``). Both check the shared laws of every game:

- ``apply`` never changes its input, and refuses every action ``explain`` refuses, with the same
  violation (one validator);
- the legal actions are unique, non-empty until the end and each one is accepted;
- every ledger total stays constant;
- replaying the action history from the seed gives an equal state.

Hypothesis is imported lazily so the library itself does not depend on it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .errors import IllegalAction
from .protocol import GameRules, ledger_totals
from .rng import next_below, seed_state

if TYPE_CHECKING:
    from hypothesis.stateful import RuleBasedStateMachine
    from hypothesis.strategies import SearchStrategy

Invariant = Callable[[Any, Any], None]
"""``check(state, previous_state_or_None)``: raises AssertionError when a game law fails."""


def check_shared_laws(game: GameRules[Any, Any], state: Any, totals: dict[str, int]) -> None:
    """The laws every reachable state obeys (see the module docstring)."""
    actions = game.legal_actions(state)
    assert len(set(actions)) == len(actions), "duplicate legal actions"
    assert bool(actions) != game.is_over(state), "legal actions must be empty exactly at the end"
    for action in actions:
        problem = game.explain(state, action)
        assert problem is None, f"listed action {action!r} refused: {problem}"
    assert ledger_totals(game.token_ledger(state)) == totals, "a ledger total changed"


def check_refusal(game: GameRules[Any, Any], state: Any, action: Any) -> bool:
    """Try an arbitrary action: ``explain`` and ``apply`` must agree and the input must stay
    unchanged. Returns True when the action was legal (so the caller may apply it)."""
    legal = game.legal_actions(state)
    problem = game.explain(state, action)
    if problem is None:
        assert action in legal, f"{action!r} accepted by explain but not listed"
        return True
    assert isinstance(problem, IllegalAction), f"explain returned {problem!r}"
    assert problem.rule, "a violation must name its rule"
    assert action not in legal, f"listed action {action!r} refused by explain: {problem}"
    snapshot = copy.deepcopy(state)
    try:
        game.apply(state, action)
    except IllegalAction as raised:
        assert (raised.rule, raised.reason) == (problem.rule, problem.reason), (
            f"apply raised {raised} but explain said {problem}"
        )
    else:
        raise AssertionError(f"apply accepted {action!r} that explain refused: {problem}")
    assert state == snapshot, "a refused action changed the input state"
    return False


def simulate_and_check(
    game: GameRules[Any, Any],
    config: Any,
    seed: int,
    *,
    invariants: Sequence[Invariant] = (),
    junk: Callable[[Any, int], Sequence[Any]] | None = None,
    max_steps: int = 100_000,
) -> tuple[Any, list[Any]]:
    """Play a seeded random game to its end, checking every law at every state.

    ``junk(state, step)`` may supply arbitrary actions to try at that state (each must be refused
    or be legal). Returns the final state and the action history.
    """
    state = game.new_game(config, seed)
    totals = ledger_totals(game.token_ledger(state))
    rng = seed_state(seed ^ 0x5EED)
    history: list[Any] = []
    previous = None
    while True:
        check_shared_laws(game, state, totals)
        for law in invariants:
            law(state, previous)
        if game.is_over(state):
            break
        assert len(history) < max_steps, f"no end after {max_steps} steps"
        if junk is not None:
            for action in junk(state, len(history)):
                check_refusal(game, state, action)
        actions = game.legal_actions(state)
        index, rng = next_below(rng, len(actions))
        snapshot = copy.deepcopy(state)
        after = game.apply(state, actions[index])
        assert state == snapshot, "apply changed its input state"
        history.append(actions[index])
        previous, state = state, after
    replayed = game.new_game(config, seed)
    for action in history:
        replayed = game.apply(replayed, action)
    assert replayed == state, "replaying the history from the seed gave another state"
    return state, history


def make_state_machine(
    game: GameRules[Any, Any],
    *,
    configs: SearchStrategy[Any],
    junk_actions: SearchStrategy[Any],
    invariants: Sequence[Invariant] = (),
    max_warmup: int = 400,
) -> type[RuleBasedStateMachine]:
    """A ``RuleBasedStateMachine`` class for ``game``.

    It starts from a generated config and seed, plays a seeded random warm-up of up to
    ``max_warmup`` actions (to reach deep positions Hypothesis alone would not), then applies
    legal actions drawn by Hypothesis and tries arbitrary ones from ``junk_actions``. After every
    step it checks the shared laws and ``invariants``; at teardown it replays the history.
    """
    from hypothesis import strategies as st
    from hypothesis.stateful import (
        RuleBasedStateMachine,
        initialize,
        invariant,
        precondition,
        rule,
    )

    class GameMachine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.state: Any = None
            self.previous: Any = None
            self.history: list[Any] = []
            self.config: Any = None
            self.seed = 0
            self.totals: dict[str, int] = {}

        @initialize(
            config=configs,
            seed=st.integers(0, 2**32),
            warmup=st.integers(0, max_warmup),
        )
        def start(self, config: Any, seed: int, warmup: int) -> None:
            self.config, self.seed = config, seed
            state = game.new_game(config, seed)
            self.totals = ledger_totals(game.token_ledger(state))
            rng = seed_state(seed)
            for _ in range(warmup):
                if game.is_over(state):
                    break
                actions = game.legal_actions(state)
                index, rng = next_below(rng, len(actions))
                state = game.apply(state, actions[index])
                self.history.append(actions[index])
            self.state = state

        def _step(self, action: Any) -> None:
            snapshot = copy.deepcopy(self.state)
            after = game.apply(self.state, action)
            assert self.state == snapshot, "apply changed its input state"
            self.history.append(action)
            self.previous, self.state = self.state, after

        @precondition(lambda self: self.state is not None and not game.is_over(self.state))
        @rule(data=st.data())
        def play_legal(self, data: st.DataObject) -> None:
            actions = game.legal_actions(self.state)
            self._step(data.draw(st.sampled_from(actions), label="action"))

        @precondition(lambda self: self.state is not None)
        @rule(action=junk_actions)
        def try_arbitrary(self, action: Any) -> None:
            if check_refusal(game, self.state, action):
                self._step(action)

        @invariant()
        def laws_hold(self) -> None:
            if self.state is None:
                return
            check_shared_laws(game, self.state, self.totals)
            for law in invariants:
                law(self.state, self.previous)

        def teardown(self) -> None:
            if self.state is None:
                return
            replayed = game.new_game(self.config, self.seed)
            for action in self.history:
                replayed = game.apply(replayed, action)
            assert replayed == self.state, "replaying the history gave another state"

    GameMachine.__name__ = f"{game.name.title()}Machine"
    return GameMachine
