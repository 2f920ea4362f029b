"""Every kind of Carcassonne refusal, in full: its kind (``IllegalAction`` or
``MalformedAction``), the rule it names, its reason sentence, the seat that tried it and the
position it describes. Refusals are what a player, a rules committee and a CI replay read, so
each is stated here word for word; a refusal naming the wrong rule or saying the wrong thing
fails."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from fresco_rules.carcassonne import (
    Deploy,
    GameConfig,
    Pass,
    PlaceTile,
    ReturnFigure,
    State,
    apply,
    current_player,
    engine,
    explain,
    legal_actions,
    new_game,
    player_view,
    token_ledger,
    winners,
)
from fresco_rules.kernel.errors import IllegalAction, MalformedAction

from .carcassonne_fixtures import Turn, last_turn, place, place_only, play
from .test_carcassonne_examples import ALL_KINDS

PLACING = "turn 1, seat 0 places tile U"
FOLLOWING = "turn 1, seat 0's follower phase on tile U at 1,0"
FESTIVAL = "turn 1, seat 0's follower phase on tile FE10 at 1,0"


def _placing() -> State:
    return new_game(GameConfig(), 0, chance=[("tile", "U"), ("tile", "U")])


def _following() -> State:
    return place(_placing(), 1, 0, 0)


def _festival() -> State:
    return place_only([], ("FE10", 1, 0, 0, None))


def _seat_1_farmer_on_seat_0_festival_turn() -> State:
    turns: list[Turn] = [("U", -1, 0, 0, None), ("E", 0, -1, 2, "field:NL,NR,EL,ER,WL,WR")]
    return place_only(turns, ("FE10", 1, 0, 0, None))


def _thief_then_base_tile() -> State:
    return place_only([("U", -1, 0, 0, "road:E,W")], ("U", 1, 0, 0, None))


def _farmers_off() -> State:
    return place(new_game(GameConfig(farmers=False), 0, chance=[("tile", "U")]), 1, 0, 0)


def _no_follower_left() -> State:
    return attrs.evolve(_following(), supply=(0, 7))


def _farmer_taken() -> State:
    return place_only([("U", 1, 0, 0, "field:ER,SL,SR,WL")], ("W", 0, 1, 0, None))


def _three_tiles_placed() -> State:
    return play([("U", 1, 0, 0, None), ("U", -1, 0, 0, None), ("E", 1, 1, 1, None)], more=("D",))


def _all_kinds_festival() -> State:
    return place_only(ALL_KINDS, ("FE10", 3, 0, 0, None))


def _over() -> State:
    return apply(last_turn(_following()), Pass())


class _HostileRepr:
    def __repr__(self) -> str:
        raise RuntimeError("repr")


Case = tuple[Callable[[], State], object, type[IllegalAction], str, str, int | None, str]

CASES: dict[str, Case] = {
    "place after placing": (
        _following, PlaceTile(2, 0, 0), IllegalAction, "C0.3",
        "the tile of this turn is already placed", 0, FOLLOWING,
    ),
    "place with a text coordinate": (
        _placing, PlaceTile("a", 0, 0), MalformedAction, "C1",  # type: ignore[arg-type]
        "PlaceTile takes integers, not PlaceTile(x='a', y=0, rotation=0)", 0, PLACING,
    ),
    "place with a text rotation": (
        _placing, PlaceTile(1, 0, "1"), MalformedAction, "C1",  # type: ignore[arg-type]
        "PlaceTile takes integers, not PlaceTile(x=1, y=0, rotation='1')", 0, PLACING,
    ),
    "rotation 4": (
        _placing, PlaceTile(1, 0, 4), IllegalAction, "C2",
        "rotation is 0-3 clockwise quarter turns (0, 90, 180 or 270 degrees), not 4", 0, PLACING,
    ),
    "rotation -1": (
        _placing, PlaceTile(1, 0, -1), IllegalAction, "C2",
        "rotation is 0-3 clockwise quarter turns (0, 90, 180 or 270 degrees), not -1", 0, PLACING,
    ),
    "off any board": (
        _placing, PlaceTile(10**6, 0, 0), IllegalAction, "C1",
        "1000000,0 touches no placed tile", 0, PLACING,
    ),
    "off any board south": (
        _placing, PlaceTile(0, -(10**6), 0), IllegalAction, "C1",
        "0,-1000000 touches no placed tile", 0, PLACING,
    ),
    "occupied": (
        _placing, PlaceTile(0, 0, 0), IllegalAction, "C1", "0,0 already holds a tile", 0, PLACING,
    ),
    "a corner only": (
        _placing, PlaceTile(1, 1, 0), IllegalAction, "C1",
        "1,1 shares no edge with a placed tile (a corner is not enough)", 0, PLACING,
    ),
    "a field meets a city": (
        _placing, PlaceTile(0, -1, 0), IllegalAction, "C3",
        "tile U turned 0 does not match at 0,-1: S edge F meets C", 0, PLACING,
    ),
    "two edges clash": (
        _three_tiles_placed, PlaceTile(0, 1, 0), IllegalAction, "C3",
        "tile D turned 0 does not match at 0,1: N edge C meets F, E edge R meets F", 1,
        "turn 4, seat 1 places tile D",
    ),
    "deploy before placing": (
        _placing, Deploy("road:E,W"), IllegalAction, "C0.3",
        "Deploy belongs to the follower phase, after placing a tile", 0, PLACING,
    ),
    "deploy on a number": (
        _following, Deploy(5), MalformedAction, "C6",  # type: ignore[arg-type]
        "Deploy takes a feature string, not 5", 0, FOLLOWING,
    ),
    "deploy on the festival place": (
        _festival, Deploy("festival"), IllegalAction, "F3",
        "the festival place is not a feature: no figure goes there", 0, FESTIVAL,
    ),
    "deploy on a feature the tile lacks": (
        _following, Deploy("city:N"), IllegalAction, "C6",
        "tile U at 1,0 has no feature 'city N'; its features: road E-W, farm N-ENE-WNW, "
        "farm ESE-S-WSW", 0, FOLLOWING,
    ),
    "a feature the third tile lacks": (
        _farmer_taken, Deploy("city:N"), IllegalAction, "C6",
        "tile W at 0,1 has no feature 'city N'; its features: road E, road S, road W, "
        "farm N-ENE-WNW, farm ESE-SSE, farm SSW-WSW", 1,
        "turn 2, seat 1's follower phase on tile W at 0,1",
    ),
    "a named part of the festival place": (
        _festival, Deploy("festival:N"), IllegalAction, "F3",
        "the festival place is not a feature: no figure goes there", 0, FESTIVAL,
    ),
    "a farmer with farmers off": (
        _farmers_off, Deploy("field:NL,NR,EL,WR"), IllegalAction, "V3",
        "farmers are off in this game (farmers = off)", 0, FOLLOWING,
    ),
    "no follower in supply": (
        _no_follower_left, Deploy("road:E,W"), IllegalAction, "C8",
        "no follower left in supply", 0, FOLLOWING,
    ),
    "a field that holds a farmer": (
        _farmer_taken, Deploy("field:NL,NR,EL,WR"), IllegalAction, "C7",
        "the farm N-ENE-WNW already holds a follower", 1,
        "turn 2, seat 1's follower phase on tile W at 0,1",
    ),
    "return before placing": (
        _placing, ReturnFigure(0, 0, "road:E"), IllegalAction, "C0.3",
        "ReturnFigure belongs to the follower phase, after placing a tile", 0, PLACING,
    ),
    "return with a text coordinate": (
        _festival, ReturnFigure(0, "0", "road:E"), MalformedAction, "C6",  # type: ignore[arg-type]
        "ReturnFigure takes x, y and a feature name, not ReturnFigure(x=0, ..., feature='road:E')",
        0, FESTIVAL,
    ),
    "return with a text x": (
        _festival, ReturnFigure("0", 0, "road:E"), MalformedAction, "C6",  # type: ignore[arg-type]
        "ReturnFigure takes x, y and a feature name, not ReturnFigure(x='0'..., feature='road:E')",
        0, FESTIVAL,
    ),
    "return with a number feature": (
        _festival, ReturnFigure(0, 0, 5), MalformedAction, "C6",  # type: ignore[arg-type]
        "ReturnFigure takes x, y and a feature name, not ReturnFigure(x=0, y=0, feature=5)",
        0, FESTIVAL,
    ),
    "return after a base tile": (
        _thief_then_base_tile, ReturnFigure(-1, 0, "road:E,W"), IllegalAction, "F2",
        "a figure may be returned only after placing a Festival tile", 1,
        "turn 2, seat 1's follower phase on tile U at 1,0",
    ),
    "return from an empty feature": (
        _festival, ReturnFigure(0, -1, "city:S"), IllegalAction, "FA4",
        "no figure stands on 'city S' at 0,-1", 0, FESTIVAL,
    ),
    "return from a feature that stands elsewhere": (
        _all_kinds_festival, ReturnFigure(1, 7, "road:E,W"), IllegalAction, "FA4",
        "no figure stands on 'road E-W' at 1,7", 0,
        "turn 9, seat 0's follower phase on tile FE10 at 3,0",
    ),
    "return another seat's figure": (
        _seat_1_farmer_on_seat_0_festival_turn, ReturnFigure(0, -1, "field:NL,NR,EL,ER,WL,WR"),
        IllegalAction, "F4", "the figure on farm N-E-W at 0,-1 is seat 1's", 0,
        "turn 3, seat 0's follower phase on tile FE10 at 1,0",
    ),
    "pass before placing": (
        _placing, Pass(), IllegalAction, "C0.3",
        "Pass belongs to the follower phase, after placing a tile", 0, PLACING,
    ),
    "anything after the end": (
        _over, Pass(), IllegalAction, "C15", "the game is over", None, "game over after turn 1",
    ),
    "a text instead of an action": (
        _placing, "pass", MalformedAction, "K.1",
        "'pass' is not a Carcassonne action", 0, PLACING,
    ),
    "None in the follower phase": (
        _following, None, MalformedAction, "K.1",
        "None is not a Carcassonne action", 0, FOLLOWING,
    ),
}  # fmt: skip


@pytest.mark.rule("C0.3", "C1", "C2", "C3", "C6", "C7", "C8", "C15", "F2", "F3", "F4", "FA4", "V3")
@pytest.mark.parametrize("case", sorted(CASES))
def test_every_refusal_names_its_rule_reason_seat_and_position(case: str) -> None:
    build, action, kind, rule, reason, seat, where = CASES[case]
    state = build()
    problem = explain(state, action)
    assert type(problem) is kind, problem
    assert isinstance(problem, IllegalAction)
    assert (problem.rule, problem.reason, problem.seat, problem.where) == (
        rule,
        reason,
        seat,
        where,
    )
    who = f"seat {seat}: " if seat is not None else ""
    assert str(problem) == f"{rule}: {who}{reason} [{where}]"
    with pytest.raises(kind) as raised:
        apply(state, action)
    assert raised.value == problem


@pytest.mark.rule("C0.3")
def test_a_state_that_is_no_carcassonne_state_is_malformed() -> None:
    problem = explain("state", Pass())  # type: ignore[arg-type]
    assert type(problem) is MalformedAction
    assert (problem.rule, problem.reason) == ("C0.3", "expected a Carcassonne State, got 'state'")


@pytest.mark.rule("C6")
def test_an_overlong_or_hostile_feature_name_is_described_in_bounds() -> None:
    state = _following()
    for action in (Deploy("x" * 101), ReturnFigure(0, 0, "x" * 101)):
        problem = explain(state, action)
        assert type(problem) is MalformedAction and problem.rule == "C6", problem
        assert "...xxx" in problem.reason and len(problem.reason) < 120
    # a value of another class never reaches the validator (its methods could be hostile)
    hostile = explain(state, Deploy(_HostileRepr()))  # type: ignore[arg-type]
    assert type(hostile) is MalformedAction and hostile.rule == "K.1"
    assert hostile.reason == "Deploy.feature must be str, not <_HostileRepr object>"
    number = explain(state, Deploy(7))  # type: ignore[arg-type]
    assert type(number) is MalformedAction and number.rule == "C6"
    assert number.reason.startswith("Deploy takes a feature string, not 7")
    # 100 characters is the limit: one more is malformed, 100 is only an unknown feature
    assert explain(state, Deploy("x" * 100)).rule == "C6"  # type: ignore[union-attr]
    assert type(explain(state, Deploy("x" * 100))) is IllegalAction
    at_limit = explain(_festival(), ReturnFigure(0, 0, "x" * 100))
    assert type(at_limit) is IllegalAction and at_limit.rule == "FA4"


@pytest.mark.rule("C0.3", "C6", "C15", "K.1")
def test_decision_rule_and_current_player_per_phase() -> None:
    assert engine.decision_rule(_placing()) == "C1"
    assert engine.decision_rule(_following()) == "C6"
    assert engine.decision_rule(_over()) == "C15"
    assert current_player(_placing()) == 0 and current_player(_following()) == 0
    assert current_player(_over()) is None
    later = _farmer_taken()
    assert current_player(later) == 1 == later.active


@pytest.mark.rule("C0.3", "C1")
def test_the_placements_are_listed_by_position_then_rotation() -> None:
    # the U tile next to the start tile: a road E-W continues the start tile's road at (-1, 0)
    # and (1, 0) in both road-E-W rotations; above, the city forbids it; below, it fits turned
    # so that its field meets the start tile's field
    placements = legal_actions(_placing())
    assert placements == (  # y runs south: row 0 first
        PlaceTile(-1, 0, 0),
        PlaceTile(-1, 0, 2),
        PlaceTile(1, 0, 0),
        PlaceTile(1, 0, 2),
        PlaceTile(0, 1, 0),
        PlaceTile(0, 1, 2),
    )
    # the same again (the listing is fixed, whatever was asked before)
    assert legal_actions(_placing()) == placements
    assert all(explain(_placing(), a) is None for a in placements)


@pytest.mark.rule("C6", "C8")
def test_the_deploys_are_the_free_features_then_pass() -> None:
    assert legal_actions(_following()) == (
        Deploy("road:E,W"),
        Deploy("field:NL,NR,EL,WR"),
        Deploy("field:ER,SL,SR,WL"),
        Pass(),
    )
    assert legal_actions(_farmers_off()) == (Deploy("road:E,W"), Pass())
    assert legal_actions(_no_follower_left()) == (Pass(),)
    assert legal_actions(_over()) == ()


@pytest.mark.rule("C0.1", "C9", "C13")
def test_token_ledger_counts_each_seats_supply_and_board() -> None:
    state = place_only([("U", 1, 0, 0, "road:E,W"), ("U", -1, 0, 0, None)], ("W", 0, 1, 0, None))
    assert token_ledger(state) == {
        "followers": {
            "seat 0 supply": 6,
            "seat 0 board": 1,
            "seat 1 supply": 7,
            "seat 1 board": 0,
        },
        "tiles": {"stack": 78, "drawn": 0, "board": 4, "discarded": 0},  # 82 with the Festival
    }
    two = apply(state, Deploy("road:S"))
    placing = token_ledger(two)
    assert placing["followers"]["seat 0 board"] == 2 and placing["followers"]["seat 0 supply"] == 5
    assert placing["tiles"]["drawn"] == 1 and placing["tiles"]["stack"] == 77


def _lenient(state: State, action: object) -> IllegalAction | None:
    return None


def _crashing(state: State, action: object) -> IllegalAction | None:
    raise TypeError("a validator assuming the declared field types")


@pytest.mark.rule("K.1")
def test_K1_a_validator_that_misses_a_bad_field_still_refuses_it_under_K1() -> None:
    """The engine checks the shape of an action before its rules: a validator that lets a bad
    field through, or crashes on it, still leaves a K.1 refusal naming the field."""
    state = _placing()
    place_effect = engine.RULES[PlaceTile][1]
    for validator in (_lenient, _crashing):
        kinds = engine.KINDS.with_kind(PlaceTile, validator, place_effect)
        problem = kinds.explain(state, PlaceTile("a", 0, 0))  # type: ignore[arg-type]
        assert type(problem) is MalformedAction, validator
        assert (problem.rule, problem.reason, problem.seat, problem.where) == (
            "K.1",
            "PlaceTile.x must be int, not 'a'",
            0,
            PLACING,
        )
    # a well-shaped action reaching a crashing validator is a bug: it surfaces, never a refusal
    with pytest.raises(TypeError, match="declared field types"):
        kinds.explain(state, PlaceTile(1, 0, 0))
    kinds = engine.KINDS.with_kind(PlaceTile, _lenient, _lenient)
    assert kinds.explain(state, PlaceTile(5, 5, 0)) is None  # the validator alone decides


@attrs.frozen
class _Builder:
    """A figure of another expansion (not a follower), as a plug-in could put one on the
    board: the same fields as a ``Follower``."""

    seat: int
    segment: int
    x: int
    y: int
    feature: str


@pytest.mark.rule("FA2", "F7")
@pytest.mark.parametrize("reading", ["figure", "follower"])
def test_FA2_a_figure_that_is_no_follower_returns_only_under_the_figure_reading(
    reading: str,
) -> None:
    state = place_only([], ("FE10", 1, 0, 0, None), GameConfig(festival_return=reading))
    builder = _Builder(0, 0, 0, 0, "road:E,W")
    with_builder = attrs.evolve(state, followers=(builder,))  # type: ignore[arg-type]
    action = ReturnFigure(0, 0, "road:E,W")
    if reading == "figure":
        assert explain(with_builder, action) is None
        assert action in legal_actions(with_builder)
        assert engine.returnable(with_builder, builder)  # type: ignore[arg-type]
    else:
        problem = explain(with_builder, action)
        assert type(problem) is IllegalAction
        assert (problem.rule, problem.reason, problem.seat, problem.where) == (
            "FA2",
            "only followers may be returned (festival_return = follower)",
            0,
            FESTIVAL,
        )
        assert action not in legal_actions(with_builder)
        assert not engine.returnable(with_builder, builder)  # type: ignore[arg-type]


@pytest.mark.rule("C1")
@pytest.mark.parametrize(("x", "y"), [(511, 0), (-511, 0), (0, 511), (0, -511)])
def test_C1_the_edge_of_any_possible_board(x: int, y: int) -> None:
    """Coordinates up to 511 from the start tile are board positions (far from every tile);
    one step further they are off any possible board."""
    state = _placing()
    inside = explain(state, PlaceTile(x, y, 0))
    assert inside is not None and inside.rule == "C1"
    assert inside.reason == f"{x},{y} shares no edge with a placed tile (a corner is not enough)"
    beyond = (x + (x > 0) - (x < 0), y + (y > 0) - (y < 0))
    outside = explain(state, PlaceTile(*beyond, 0))
    assert outside is not None and outside.rule == "C1"
    assert outside.reason == f"{beyond[0]},{beyond[1]} touches no placed tile"


@pytest.mark.rule("C0.1", "C5", "C20")
def test_player_view_of_a_finished_game_field_by_field() -> None:
    state = place(play([("E", 0, -1, 2, None), ("W", 0, 1, 0, "road:E")], more=("U",)), 1, 0, 0)
    over = apply(attrs.evolve(last_turn(state), stack=("C",)), Pass())
    view = player_view(over, 1)
    assert (view.seat, view.turn, view.phase, view.active, view.tile) == (1, 3, "over", 1, "")
    assert view.stack == 0 and view.discarded == ("C",)
    assert view.placed == (("D", 0, 0, 0), ("E", 0, -1, 2), ("W", 0, 1, 0), ("U", 1, 0, 0))
    assert view.followers == ((1, 0, 1, "road:E"),)
    assert view.supply == (7, 6) and view.points == (0, 1)  # the start city scored nobody
    assert view.winners == (1,) and view.winners == winners(over)
    assert player_view(over, 0).seat == 0
