"""Carcassonne and The Festival on hand-built mini boards: the spec's examples EC.x and EF.x and
the issue's cases (joined cities, a tile touching a city twice, a road loop, a monastery
completed mid-game, farmers, a discarded tile, a Festival return)."""

from __future__ import annotations

import attrs
import pytest

from fresco_rules.carcassonne import (
    OPTION_TYPES,
    Deploy,
    FestivalReturn,
    Follower,
    GameConfig,
    InvalidConfig,
    Kind,
    Pass,
    Phase,
    PlaceTile,
    ReturnFigure,
    State,
    apply,
    explain,
    legal_actions,
    new_game,
    token_ledger,
    winners,
)
from fresco_rules.carcassonne.scoring import majority
from fresco_rules.kernel.errors import IllegalAction, MalformedAction, RulesError

from .carcassonne_fixtures import (
    CITY_RING,
    FARMERS,
    JOINED_CITIES,
    MONASTERY,
    ROAD_LOOP,
    SHARED_ROAD,
    Turn,
    deploys,
    last_turn,
    place,
    place_only,
    play,
    returns,
)


def _rule(state: State, action: object, *, malformed: bool = False) -> str:
    """The rule ``action`` is refused under, checking the kind of refusal too
    (``MalformedAction`` when ``malformed``, else ``IllegalAction``)."""
    problem = explain(state, action)
    assert problem is not None, f"{action!r} was accepted"
    kind = MalformedAction if malformed else IllegalAction
    assert type(problem) is kind, f"{action!r}: {type(problem).__name__}, not {kind.__name__}"
    with pytest.raises(type(problem)):
        apply(state, action)
    return problem.rule


def _end(state: State) -> State:
    """Finish the turn in progress as the last one: final scoring follows."""
    over = apply(last_turn(state), Pass())
    assert over.phase is Phase.OVER
    return over


def _rotations(state: State, x: int, y: int) -> list[int]:
    return [
        a.rotation
        for a in legal_actions(state)
        if isinstance(a, PlaceTile) and (a.x, a.y) == (x, y)
    ]


# --- set-up and placement ------------------------------------------------------------------


@pytest.mark.rule("C0.1", "C0.2", "F1")
def test_C0_1_setup_start_tile_stack_and_followers() -> None:
    state = new_game(GameConfig(players=3), seed=4)
    start = state.placed[0]
    assert (start.tile, start.x, start.y, start.rotation) == ("D", 0, 0, 0)
    assert state.supply == (7, 7, 7) and state.points == (0, 0, 0)
    ledger = token_ledger(state)
    assert sum(ledger["tiles"].values()) == 82 and ledger["tiles"]["board"] == 1
    assert state.active == 0 and state.phase is Phase.PLACE and state.turn == 1
    festival = sorted(
        {t for t in state.stack if t.startswith("FE")}
        | {state.tile} - set("ABCDEFGHIJKLMNOPQRSTUVWX")
    )
    assert len([t for t in (*state.stack, state.tile) if t.startswith("FE")]) == 10, festival
    base = new_game(GameConfig(players=2, festival=False), seed=4)
    assert sum(token_ledger(base)["tiles"].values()) == 72
    assert not any(t.startswith("FE") for t in (*base.stack, base.tile))


@pytest.mark.rule("C0.2", "C0.3")
def test_C0_2_turns_go_clockwise_and_the_follower_phase_follows_placement() -> None:
    state = new_game(GameConfig(players=3, first_player=2), 0, chance=[("tile", "U")] * 3)
    assert state.active == 2
    placed = place(state, 1, 0, 0)
    assert placed.phase is Phase.FOLLOWER and placed.active == 2
    assert _rule(placed, PlaceTile(2, 0, 0)) == "C0.3"
    assert _rule(state, Pass()) == "C0.3" and _rule(state, Deploy("road:E,W")) == "C0.3"
    after = apply(placed, Pass())
    assert after.active == 0 and after.phase is Phase.PLACE
    after = apply(place(after, 2, 0, 0), Pass())
    assert after.active == 1


@pytest.mark.rule("CA1")
def test_CA1_first_player_is_a_parameter_or_drawn() -> None:
    assert new_game(GameConfig(players=4, first_player=3)).active == 3
    drawn = new_game(GameConfig(players=4, first_player_choice="random"), seed=7)
    assert drawn.chance.log[0][0] == "first_player"
    assert drawn.active == int(drawn.chance.log[0][1])
    replayed = new_game(
        GameConfig(players=4, first_player_choice="random"), 0, chance=[("first_player", "2")]
    )
    assert replayed.active == 2


@pytest.mark.rule("EC.1", "C3", "C4")
def test_EC_1_edge_match() -> None:
    state = new_game(GameConfig(), 0, chance=[("tile", "E")])
    # (0, 1) lies south of the start tile, whose south edge is field.
    assert _rule(state, PlaceTile(0, 1, 0)) == "C3"  # the E tile's city touches that field
    assert explain(state, PlaceTile(0, 1, 2)) is None  # city turned south: field meets field
    at = _rotations(state, 0, 1)
    assert at == [1, 2, 3]
    # (0, -1): the start tile's city; only the E tile's city may face it (C3); the other
    # three sides are empty and impose nothing (C4).
    assert _rotations(state, 0, -1) == [2]


@pytest.mark.rule("C1", "C2")
def test_C1_C2_edge_contact_and_rotations() -> None:
    state = new_game(GameConfig(), 0, chance=[("tile", "B"), ("tile", "C")])
    assert _rule(state, PlaceTile(1, 1, 0)) == "C1"  # a corner is not enough
    assert _rule(state, PlaceTile(0, 0, 0)) == "C1"  # occupied
    assert _rule(state, PlaceTile(5, 5, 0)) == "C1"
    assert _rule(state, PlaceTile(0, 1, 4)) == "C2"
    # every legal triple is listed, also rotations that give the same picture
    assert _rotations(state, 0, 1) == [0, 1, 2, 3]
    after = apply(place(state, 0, 1, 0), Pass())
    assert _rotations(after, 0, -1) == [0, 1, 2, 3]


@pytest.mark.rule("C5", "CA2")
def test_C5_a_tile_that_fits_nowhere_is_discarded_and_the_player_draws_again() -> None:
    # After the E tile closes the start city, no open space takes a C tile (all city).
    state = play([("E", 0, -1, 2, None)], more=("C", "V"))
    assert state.discarded == ("C",)
    assert state.active == 1 and state.tile == "V" and state.turn == 2
    assert ("tile", "C") in state.chance.log
    assert token_ledger(state)["tiles"]["discarded"] == 1
    assert sum(token_ledger(state)["tiles"].values()) == 82


# --- deploying --------------------------------------------------------------------------------


@pytest.mark.rule("C6", "C7", "C8", "CA5")
def test_C6_C7_deploy_on_a_free_feature_of_the_tile_just_placed() -> None:
    state = place_only([], ("W", 0, 1, 0, None))
    # CA5: the three roads ending at the junction are separate features
    assert deploys(state) == [
        "road:E",
        "road:S",
        "road:W",
        "field:NL,NR,EL,WR",
        "field:ER,SL",
        "field:SR,WL",
    ]
    # the north field joins the start tile's south field, which is free
    assert _rule(state, Deploy("city:N")) == "C6"
    assert _rule(state, Deploy("road:E,W")) == "C6"
    occupied = place_only([("U", 1, 0, 0, "field:ER,SL,SR,WL")], ("W", 0, 1, 0, None))
    # seat 0's farmer south of the start road is in the field north of the W tile
    assert "field:NL,NR,EL,WR" not in deploys(occupied)
    assert _rule(occupied, Deploy("field:NL,NR,EL,WR")) == "C7"
    empty = play([("W", 0, 1, 0, "road:E")], more=("U",))
    assert empty.supply == (6, 7)
    assert explain(place(empty, 1, 0, 0), Pass()) is None  # C8: deploying is optional


@pytest.mark.rule("C8")
def test_C8_no_follower_in_supply_no_deploy() -> None:
    turns: list[Turn] = [("U", 1, 0, 0, "road:E,W")]
    state = place_only(turns, ("U", 2, 0, 0, None))
    assert state.active == 1
    empty = attrs.evolve(state, supply=(6, 0))
    assert deploys(empty) == [] and legal_actions(empty) == (Pass(),)
    assert _rule(empty, Deploy("field:NL,NR,EL,WR")) == "C8"


# --- completed features -----------------------------------------------------------------------


@pytest.mark.rule("EC.2", "C11", "C13", "V1")
@pytest.mark.parametrize(("tiny_city", "points"), [(4, 4), (2, 2)])
def test_EC_2_small_city(tiny_city: int, points: int) -> None:
    turns: list[Turn] = [("E", 0, 1, 2, "city:S"), ("E", 0, 2, 0, None)]
    state = play(turns, GameConfig(tiny_city=tiny_city))
    assert state.points == (points, 0)
    assert state.supply == (7, 7) and not state.followers  # the knight returns
    assert state.scored[-1].rule == "C11" and state.scored[-1].tiles == 2


@pytest.mark.rule("EC.3", "C10", "C7", "C13", "CA5")
def test_EC_3_shared_road() -> None:
    before = play(SHARED_ROAD[:-1])
    assert len(before.followers) == 2
    state = play(SHARED_ROAD)
    assert state.points == (3, 3)
    assert state.supply == (7, 7) and not state.followers
    road = state.scored[-1]
    assert (road.rule, road.kind, road.tiles, road.seats) == ("C10", Kind.ROAD, 3, (0, 1))


@pytest.mark.rule("C11", "C7", "CA4")
def test_two_cities_joined_by_one_tile_are_shared() -> None:
    state = play(JOINED_CITIES)
    # start tile + corner + the F tile (with a pennant) + the cap: 2 * 4 + 2
    assert state.points == (10, 10)
    assert state.supply == (7, 7)


@pytest.mark.rule("C11", "CA3")
def test_a_tile_touching_the_same_city_on_two_sides() -> None:
    before = play(CITY_RING[:-1])
    city = before.features[before.segment_feature[before.followers[0].segment]]
    assert city is not None and city.open == 2 and len(city.tiles) == 3
    state = play(CITY_RING)
    # 4 distinct tiles, one pennant (the M tile): 2 * 4 + 2
    assert state.points == (10, 0)
    assert state.scored[-1].tiles == 4


@pytest.mark.rule("C10")
def test_a_road_loop_is_complete() -> None:
    before = play(ROAD_LOOP[:-1])
    assert before.points == (0, 0)
    state = play(ROAD_LOOP)
    assert state.points == (4, 0) and state.supply == (7, 7)
    assert state.scored[-1].rule == "C10" and state.scored[-1].tiles == 4


@pytest.mark.rule("EC.4", "C12", "C13")
def test_EC_4_monastery_completed_mid_game_scores_9_and_the_monk_returns() -> None:
    before = play(MONASTERY[:-1])
    assert before.points == (0, 0) and before.supply == (6, 7)
    state = play(MONASTERY)
    assert state.points == (9, 0) and state.supply == (7, 7)
    assert state.scored[-1].rule == "C12"


@pytest.mark.rule("EC.4", "C18", "C15")
def test_EC_4_monastery_with_5_neighbours_scores_6_at_the_end() -> None:
    # neighbours present: the start tile and the next four
    state = place_only(MONASTERY[:4], MONASTERY[4])
    over = _end(state)
    assert over.points == (6, 0)
    assert over.scored[-1].rule == "C18" and over.scored[-1].final


# C14/CA8: A(-1,0) ends the start road in the west, E tiles fill the row below, the E tile at
# (2,0) is a city cap facing west; Festival tile 3 at (1,0) then completes the road A-D-FE3 and
# the city FE3-E at once.
ROAD_AND_CITY: list[Turn] = [
    ("A", -1, 0, 3, "road:E"),
    ("E", 0, 1, 2, None),
    ("E", 1, 1, 2, None),
    ("E", 2, 1, 2, None),
    ("E", 3, 1, 2, None),
    ("E", 2, 0, 3, "city:W"),
]


@pytest.mark.rule("C14", "CA8", "C10", "C11")
def test_C14_CA8_one_tile_completes_a_road_and_a_city_scored_in_order() -> None:
    state = play([*ROAD_AND_CITY, ("FE3", 1, 0, 1, None)])
    road, city = state.scored[-2:]
    assert (road.rule, road.tiles, road.seats, road.points) == ("C10", 3, (0,), 3)
    assert (city.rule, city.tiles, city.seats, city.points) == ("C11", 2, (1,), 4)
    assert state.points == (3, 4) and state.supply == (7, 7)


@pytest.mark.rule("C13", "C10", "C11", "C12", "C19")
def test_C13_majority_losers_score_nothing() -> None:
    def f(seat: int) -> Follower:
        return Follower(seat, 0, 0, 0, "road:E,W")

    assert majority([f(0), f(0), f(1)], 3) == (0,)
    assert majority([f(2), f(1)], 3) == (1, 2)
    assert majority([], 3) == ()


# --- final scoring -------------------------------------------------------------------------


@pytest.mark.rule("C16", "C15", "C20", "CA6")
def test_C16_incomplete_roads_at_the_end_and_co_winners() -> None:
    state = place_only(SHARED_ROAD[:3], SHARED_ROAD[3])
    over = apply(last_turn(state), Deploy("road:W"))
    # each thief's road is one tile: 1 point each
    assert over.points == (1, 1)
    assert [s.rule for s in over.scored] == ["C16", "C16"]
    assert winners(over) == (0, 1)
    assert legal_actions(over) == ()
    assert _rule(over, Pass()) == "C15"


@pytest.mark.rule("C17", "C20")
def test_C17_incomplete_cities_at_the_end() -> None:
    state = place_only(JOINED_CITIES[:3], JOINED_CITIES[3])
    over = apply(last_turn(state), Deploy("city:W"))
    # seat 0: the start city with the corner, 2 tiles; seat 1: the cap, 1 tile
    assert over.points == (2, 1)
    assert winners(over) == (0,)


@pytest.mark.rule("CA3", "C16")
def test_CA3_a_road_through_one_tile_twice_counts_it_once() -> None:
    turns: list[Turn] = [
        ("FE10", 1, 0, 0, None),
        ("V", 1, -1, 3, "road:E,S"),
        ("V", 2, -1, 0, None),
    ]
    over = _end(place_only(turns, ("V", 2, 0, 1, None)))
    # the start tile, Festival tile 10 (twice), and the three curves: 5 distinct tiles
    assert over.points == (0, 5)


@pytest.mark.rule("EC.5", "C19", "CA7")
def test_EC_5_farmers_two_completed_cities_and_an_incomplete_one() -> None:
    state = place_only(FARMERS[:-1], FARMERS[-1])
    fields = {state.segment_feature[f.segment] for f in state.followers}
    assert len(fields) == 1
    field = state.features[fields.pop()]
    assert field is not None and field.kind is Kind.FIELD
    over = _end(state)
    # seat 0 has 2 farmers, seat 1 one: seat 0 scores 3 for each completed city; the start
    # city touches the field from two sides and counts once (CA7); the open city gives nothing
    assert over.points == (6, 0)
    final = over.scored[-1]
    assert (final.rule, final.seats, final.points) == ("C19", (0,), 6)


@pytest.mark.rule("V3", "C19")
def test_V3_farmers_off() -> None:
    config = GameConfig(farmers=False)
    state = place_only([], ("W", 0, 1, 0, None), config)
    assert deploys(state) == ["road:E", "road:S", "road:W"]
    assert _rule(state, Deploy("field:ER,SL")) == "V3"


@pytest.mark.rule("V2", "V1", "V3")
def test_V2_first_edition_farmers_are_not_offered() -> None:
    assert set(OPTION_TYPES) == {
        "festival",
        "tiny_city",
        "farmers",
        "festival_return",
        "first_player_choice",
    }
    with pytest.raises(InvalidConfig, match="V1"):
        new_game(GameConfig(tiny_city=3))
    with pytest.raises(InvalidConfig):
        new_game(GameConfig(farmers="first edition"))


# --- The Festival ---------------------------------------------------------------------------


@pytest.mark.rule("EF.1", "F2", "F5")
def test_EF_1_return_a_distant_farmer() -> None:
    turns: list[Turn] = [("E", 0, -1, 2, "field:NL,NR,EL,ER,WL,WR"), ("U", -1, 0, 0, None)]
    state = place_only(turns, ("FE10", 1, 0, 0, None))
    assert returns(state) == [ReturnFigure(0, -1, "field:NL,NR,EL,ER,WL,WR")]
    after = apply(last_turn(state), returns(state)[0])
    assert after.supply == (7, 7) and not after.followers  # nothing deployed either
    assert after.points == (0, 0) and after.phase is Phase.OVER  # the farmer scored nothing
    kept = apply(last_turn(state), Pass())
    assert kept.points == (3, 0)  # left on the board it would have scored the closed city


@pytest.mark.rule("EF.2", "F6", "FA1")
def test_EF_2_return_the_thief_of_the_road_this_tile_completes() -> None:
    turns: list[Turn] = [("A", -1, 0, 3, "road:E"), ("E", 0, -1, 2, None)]
    state = place_only(turns, ("FE3", 1, 0, 1, None))
    road = state.features[state.segment_feature[state.followers[0].segment]]
    assert road is not None and road.open == 0  # complete, not yet scored
    after = apply(state, ReturnFigure(-1, 0, "road:E"))
    assert after.points == (0, 0) and after.supply == (7, 7)
    scored = after.scored[-1]
    assert (scored.rule, scored.tiles, scored.seats) == ("C10", 3, ())
    passed = apply(state, Pass())
    assert passed.points == (3, 0)


@pytest.mark.rule("EF.3", "F2", "F3", "F4", "FA4", "C9")
def test_EF_3_options_on_a_festival_turn() -> None:
    state = place_only([], ("FE10", 1, 0, 0, None))
    assert not returns(state)  # FA4: nothing of seat 0 on the board
    assert legal_actions(state) == (*(Deploy(name) for name in deploys(state)), Pass())
    assert deploys(state) == [
        "road:N,W",
        "road:E,S",
        "field:NL,WR",
        "field:ER,SL",
        "field:NR,EL,SR,WL",
    ]
    assert _rule(state, Deploy("festival")) == "F3"
    assert _rule(state, ReturnFigure(0, -1, "city:S")) == "FA4"
    # seat 1's farmer on the board, seat 0's Festival turn
    turns: list[Turn] = [("U", -1, 0, 0, None), ("E", 0, -1, 2, "field:NL,NR,EL,ER,WL,WR")]
    blue = place_only(turns, ("FE10", 1, 0, 0, None))
    assert blue.active == 0 and not returns(blue)
    assert _rule(blue, ReturnFigure(0, -1, "field:NL,NR,EL,ER,WL,WR")) == "F4"
    # C9: after a base tile nobody takes a follower back
    on_base = place_only([("U", -1, 0, 0, "road:E,W")], ("U", 1, 0, 0, None))
    assert not returns(on_base)
    assert _rule(on_base, ReturnFigure(-1, 0, "road:E,W")) == "F2"
    assert _rule(on_base, Deploy("festival")) == "C6"


# seat 0 gets a monk, a knight, a thief and a farmer on the board, then places Festival tile 10.
ALL_KINDS: list[Turn] = [
    ("A", -1, 0, 3, "monastery"),
    ("E", 0, 1, 2, None),
    ("N", 0, -1, 2, "city:E,S"),
    ("E", 1, 1, 2, None),
    ("U", 1, 0, 0, "road:E,W"),
    ("E", 2, 1, 2, None),
    ("U", 2, 0, 0, "field:ER,SL,SR,WL"),
    ("E", -1, -1, 3, None),
]


@pytest.mark.rule("F7", "F2", "FA2")
@pytest.mark.parametrize("reading", list(FestivalReturn))
def test_F7_FA2_every_kind_of_own_follower_may_be_returned(reading: FestivalReturn) -> None:
    state = place_only(ALL_KINDS, ("FE10", 3, 0, 0, None), GameConfig(festival_return=reading))
    kinds = {r.feature.split(":")[0] for r in returns(state)}
    assert kinds == {"monastery", "city", "road", "field"}
    assert len(returns(state)) == 4


@pytest.mark.rule("FA2", "F2")
def test_FA2_the_followers_only_reading_offers_the_same_returns() -> None:
    # JCloisterZone once shipped a "followers only" option that offered nothing: the filter ran
    # over placements instead of figures. Here both readings list every own follower.
    last = ("FE10", 3, 0, 0, None)
    figure = place_only(ALL_KINDS, last, GameConfig(festival_return="figure"))
    follower = place_only(ALL_KINDS, last, GameConfig(festival_return="follower"))
    assert follower.config.festival_return is FestivalReturn.FOLLOWER
    assert returns(figure) == returns(follower) and len(returns(follower)) == 4
    for action in returns(follower):
        assert explain(follower, action) is None


@pytest.mark.rule("F2", "FA3", "C8")
def test_F2_a_player_with_no_follower_in_supply_is_still_offered_returns() -> None:
    # JCloisterZone once offered no RETURN to a player whose followers were all on the board.
    state = place_only(ALL_KINDS, ("FE10", 3, 0, 0, None))
    empty = attrs.evolve(state, supply=(0, state.supply[1]))
    assert not deploys(empty)
    assert returns(empty) == returns(state) and len(returns(empty)) == 4
    assert legal_actions(empty)[-1] == Pass()
    after = apply(empty, returns(empty)[0])
    assert after.supply[0] == 1


class _Hostile:
    """An object whose comparisons, hash and repr all raise."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")

    def __hash__(self) -> int:
        raise RuntimeError("hash")

    def __repr__(self) -> str:
        raise RuntimeError("repr")


@pytest.mark.rule("C1", "C6", "F2")
def test_hostile_input_gets_a_rules_error_and_leaves_the_state_alone() -> None:
    state = new_game(GameConfig(), 0, chance=[("tile", "U")])
    snapshot = attrs.evolve(state)
    action: object
    for action in (
        PlaceTile(True, 0, 0),
        PlaceTile(1.0, 0, 0),  # type: ignore[arg-type]
        PlaceTile(10**100, 0, 0),
        PlaceTile(_Hostile(), 0, 0),  # type: ignore[arg-type]
        _Hostile(),
        "place",
        None,
    ):
        problem = explain(state, action)
        assert isinstance(problem, RulesError) and problem.rule
        with pytest.raises(RulesError):
            apply(state, action)
    assert isinstance(explain(state, _Hostile()), MalformedAction)
    follower = place(state, 1, 0, 0)
    for later in (
        Deploy(_Hostile()),  # type: ignore[arg-type]
        Deploy("x" * 10_000),
        ReturnFigure(0, 0, _Hostile()),  # type: ignore[arg-type]
        ReturnFigure(_Hostile(), 0, "road:E,W"),  # type: ignore[arg-type]
    ):
        problem = explain(follower, later)
        assert isinstance(problem, RulesError) and len(str(problem)) < 500
    assert state == snapshot
