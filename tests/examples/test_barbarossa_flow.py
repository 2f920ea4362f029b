"""Barbarossa set-up, chance, the turn passing on, the end of the game and the read-outs
(B3-B5, B16-B19, A-B.18, K.1): the seed and recorded outcomes with the refusals a record that
does not fit gets, the state a new game and a passed turn are in, a win by a curse's guess,
``player_view`` field by field and the shape check's safety net."""

from __future__ import annotations

import attrs
import pytest

from fresco_rules.barbarossa import (
    Answer,
    AskQuestion,
    CallCurses,
    Event,
    GameConfig,
    Guess,
    Judge,
    Reply,
    RollDie,
    SpendJewels,
    State,
    Step,
    Verdict,
    apply,
    current_player,
    default_components,
    engine,
    explain,
    legal_actions,
    new_game,
    player_view,
    sculptor_delta,
    token_ledger,
    winners,
)
from fresco_rules.barbarossa.data import SculptorRow
from fresco_rules.kernel.chance import OutcomeNeeded
from fresco_rules.kernel.errors import IllegalAction, MalformedAction

from .barbarossa_fixtures import WORDS_4, A, B, C, D, game, play, quiet, with_discs

NO, RIGHT, WRONG = Answer(Reply.NO), Judge(Verdict.RIGHT), Judge(Verdict.WRONG)
C_OBJECT = 4


def _config(**options: object) -> GameConfig:
    return GameConfig(players=4, objects=WORDS_4, **options)  # type: ignore[arg-type]


@pytest.mark.rule("B3", "A-B.18")
def test_B3_the_default_game_is_the_default_config_with_seed_0() -> None:
    assert new_game() == new_game(GameConfig(), 0)
    assert new_game(GameConfig()) == new_game(GameConfig(), seed=0)
    assert new_game(GameConfig(), 0) != new_game(GameConfig(), 1)


@pytest.mark.rule("B3", "B17", "A-B.12")
def test_B3_a_new_game_starts_at_rest_before_the_first_window() -> None:
    state = new_game(_config(), 0)
    assert (state.turn, state.active, state.step, state.die) == (1, A, Step.MOVE, 0)
    assert state.overshoot == (0, 0, 0, 0) and state.asked is False
    assert state.callers == () and state.request is None and state.winners == ()
    assert state.window is Event.START and winners(state) == ()
    assert state.jewels == (12,) * 4 and state.curses == (3,) * 4 and state.discarded == 0


@pytest.mark.rule("B4")
def test_B4_the_next_turn_starts_afresh() -> None:
    # A rolls 6 onto "?" (round the 6-tile ring), asks, hears NO, guesses wrong
    state = play(game(dice=[6]), RollDie(), AskQuestion(C_OBJECT), NO, Guess(C_OBJECT), WRONG)
    assert (state.active, state.turn, state.step) == (B, 2, Step.MOVE)
    assert state.die == 0 and state.asked is False
    jewel = play(game(dice=[1]), RollDie())  # onto the Jewel tile: the turn passes at once
    assert (jewel.active, jewel.turn, jewel.die, jewel.asked) == (B, 2, 0, False)


@pytest.mark.rule("B5")
def test_B5_a_recorded_die_roll_must_fit_and_a_replay_invents_none() -> None:
    wrong = quiet(new_game(_config(), 0, chance=[("die", "7")]))
    with pytest.raises(IllegalAction) as refused:
        apply(wrong, RollDie())
    assert refused.value.rule == "B5" and "die:7" in refused.value.reason
    replay = quiet(new_game(_config(), 0, chance=[("die", "2")], chance_only=True))
    after = quiet(apply(replay, RollDie()))
    assert after.chance.log == (("die", "2"),)
    while after.active == A:  # A's turn ends without another draw
        after = quiet(apply(after, legal_actions(after)[-1]))
    with pytest.raises(OutcomeNeeded) as needed:
        apply(after, RollDie())
    assert needed.value.rule == "B5" and needed.value.kind == "die"
    assert needed.value.pool == ("1", "2", "3", "4", "5", "6")


@pytest.mark.rule("A-B.18")
def test_A_B_18_a_recorded_first_player_must_be_a_seat() -> None:
    config = _config(first_player_choice="random")
    with pytest.raises(IllegalAction) as refused:
        new_game(config, 0, chance=[("first_player", "4")])
    assert refused.value.rule == "A-B.18" and "first_player:4" in refused.value.reason
    assert new_game(config, 0, chance=[("first_player", "2")]).active == C
    with pytest.raises(OutcomeNeeded) as needed:
        new_game(config, 0, chance_only=True)
    assert needed.value.rule == "A-B.18" and needed.value.pool == ("0", "1", "2", "3")


@pytest.mark.rule("B18")
def test_B18_the_callers_rolls_are_chance_under_B18() -> None:
    wrong = new_game(_config(), 0, chance=[("curse_roll", "9")])
    with pytest.raises(IllegalAction) as refused:
        apply(wrong, CallCurses((B, C)))
    assert refused.value.rule == "B18" and "curse_roll:9" in refused.value.reason
    replay = new_game(_config(), 0, chance_only=True)
    with pytest.raises(OutcomeNeeded) as needed:
        apply(replay, CallCurses((B, C)))
    assert needed.value.rule == "B18" and needed.value.kind == "curse_roll"
    one = apply(replay, CallCurses((B,)))  # a single caller rolls nothing
    assert one.callers == (B,) and one.chance.log == ()


@pytest.mark.rule("B17", "B19", "A-B.13")
def test_B19_a_curse_guess_that_reaches_finish_ends_the_game_for_every_caller() -> None:
    start = with_discs(new_game(_config(), 0), {B: 29})
    cursing = apply(start, CallCurses((B,)))
    over = apply(apply(cursing, Guess(C_OBJECT)), RIGHT)  # B +5: Finish
    assert over.step is Step.OVER and winners(over) == (B,)
    assert over.callers == () and over.request is None and over.window is None
    assert current_player(over) is None and legal_actions(over) == ()
    problem = explain(over, RollDie())
    assert type(problem) is IllegalAction
    assert (problem.rule, problem.reason, problem.seat) == ("B19", "the game is over", None)
    assert problem.where == over.where() and over.where()
    two = new_game(_config(), 0, chance=[("curse_roll", "5"), ("curse_roll", "2")])
    two = apply(with_discs(two, {B: 29}), CallCurses((B, D)))
    assert two.callers == (B, D)
    over = apply(apply(two, Guess(C_OBJECT)), RIGHT)
    assert over.step is Step.OVER and over.callers == () and winners(over) == (B,)


@pytest.mark.rule("B16")
def test_B16_the_sculptor_moves_by_the_table_of_the_components_given() -> None:
    shipped = default_components()
    flat = attrs.evolve(
        shipped,
        sculptor_table=tuple(
            SculptorRow(row.arrows, 3, "reference") for row in shipped.sculptor_table
        ),
    )
    assert [sculptor_delta(n, flat) for n in (1, 7, 13)] == [3, 3, 3]
    assert [sculptor_delta(n, shipped) for n in (1, 7, 13)] == [-2, 2, -2]
    for bad in (True, "3", 3.0, None):
        with pytest.raises(ValueError, match="B16: the arrow total must be an integer") as raised:
            sculptor_delta(bad)  # type: ignore[arg-type]
        assert repr(bad) in str(raised.value)
    with pytest.raises(ValueError, match="B16: the Gem holds 1-13 arrows"):
        sculptor_delta(14)


@pytest.mark.rule("B24", "A-B.21")
def test_B24_player_view_field_by_field() -> None:
    state = play(game(dice=[6]), RollDie(), AskQuestion(C_OBJECT))
    view = player_view(state, B)
    assert view.seat == B and view.turn == 1 and view.active == A and view.step == "question"
    assert view.pawns == (0, 0, 0, 0) and view.discs == (5, 5, 5, 5)
    assert view.jewels == (12,) * 4 and view.curses == (3,) * 4
    assert view.arrows == (0,) * 8 and view.arrow_holders == ((),) * 8
    assert view.request == ("answer", A, C_OBJECT, 0) and view.window is None
    assert view.callers == () and view.winners == () and view.letters == ()
    assert view.words == (None, None, "teapot", "snail", None, None, None, None)
    assert view["request"] == view.request
    answered = apply(state, Answer(Reply.YES))  # a window after the answer (A-B.12)
    later = player_view(answered, C)
    assert later.request is None and later.window == "answer"
    assert later.log == ("seat 0 asked about object 2a (seat 2's 1st): YES",)
    cursing = player_view(apply(answered, CallCurses((D,))), A)
    assert cursing.callers == (D,) and cursing.window is None and cursing.curses == (3, 3, 3, 2)
    won = with_discs(new_game(_config(), 0), {B: 29})
    won = apply(apply(apply(won, CallCurses((B,))), Guess(C_OBJECT)), RIGHT)
    final = player_view(won, A)
    assert final.winners == (B,) and final.step == "over" and final.discs[B] == 31
    assert final.arrows == (0, 0, 0, 0, 1, 0, 0, 0)
    assert final.arrow_holders == ((), (), (), (), (B,), (), (), ())
    assert final.words == tuple(w for pair in WORDS_4 for w in pair)


@pytest.mark.rule("B3", "B17", "B22")
def test_token_ledger_per_location() -> None:
    state = play(game(dice=[6]), RollDie(), AskQuestion(C_OBJECT), NO, Guess(C_OBJECT))
    state = apply(apply(state, RIGHT), CallCurses((C,)))  # C curses at the window after it
    ledger = token_ledger(state)
    in_objects = {f"object {obj}": int(obj == C_OBJECT) for obj in range(8)}
    assert ledger["arrows"] == {"supply": 12, **in_objects}
    assert ledger["curses"] == {"seat 0": 3, "seat 1": 3, "seat 2": 2, "seat 3": 3, "discarded": 1}
    assert ledger["jewels"] == {"seat 0": 12, "seat 1": 12, "seat 2": 12, "seat 3": 12, "track": 4}


def _lenient(state: State, action: object) -> IllegalAction | None:
    return None


def _crashing(state: State, action: object) -> IllegalAction | None:
    raise TypeError("a validator assuming the declared field types")


@pytest.mark.rule("K.1", "B3")
def test_K1_a_validator_that_misses_a_bad_field_still_refuses_it_under_K1() -> None:
    state = game()
    effect = engine.RULES[SpendJewels][1]
    for validator in (_lenient, _crashing):
        kinds = engine.KINDS.with_kind(SpendJewels, validator, effect)
        problem = kinds.explain(state, SpendJewels("3"))  # type: ignore[arg-type]
        assert type(problem) is MalformedAction, validator
        assert (problem.rule, problem.reason, problem.seat, problem.where) == (
            "K.1",
            "SpendJewels.count must be int, not '3'",
            A,
            state.where(),
        )
    with pytest.raises(TypeError, match="declared field types"):
        kinds.explain(state, SpendJewels(3))  # a well-shaped action: the crash surfaces
    kinds = engine.KINDS.with_kind(SpendJewels, _lenient, effect)
    assert kinds.explain(state, SpendJewels(99)) is None  # the validator alone decides
    own = explain(state, SpendJewels("3"))  # type: ignore[arg-type]
    assert type(own) is MalformedAction and own.rule == "B5"  # the validator's own refusal
    assert own.reason == "the jewel count must be an integer: '3'"
    assert own.seat == A and own.where == state.where()


@pytest.mark.rule("K.1", "B3")
def test_what_is_no_state_or_no_action_is_malformed() -> None:
    state = game()
    problem = explain("state", RollDie())  # type: ignore[arg-type]
    assert type(problem) is MalformedAction
    assert (problem.rule, problem.reason) == ("B3", "expected a Barbarossa State, got 'state'")
    for action, text in (("roll", "'roll'"), (None, "None")):
        problem = explain(state, action)
        assert type(problem) is MalformedAction
        assert (problem.rule, problem.reason, problem.seat, problem.where) == (
            "K.1",
            f"{text} is not a Barbarossa action",
            A,
            state.where(),
        )
