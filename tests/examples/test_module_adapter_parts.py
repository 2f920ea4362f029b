"""Each module's part of the adapters' game description (issue 24: ``ADAPTER = AdapterPart(...)``
in ``modules/<name>.py``): its actions in the fixed action space, its chance outcomes, its
tensor layout and its tensor values, in concrete numbers from the rules and the component data,
and a cheap law over a few seeded random games per module combination (every legal action has an
index, every draw an outcome, every tensor its layout's length).

It goes through ``fresco_rules.fresco.adapter_spec`` and ``fresco_rules.adapters.core`` as the
adapters do, without OpenSpiel or PettingZoo. The other tests of module 2 and 3 details that no
other example states (the text board, the hooks' declarations, a few defensive errors) are at
the end.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Sequence

import attrs
import pytest
from attrs import evolve

from fresco_rules.adapters.core import Table
from fresco_rules.fresco import (
    Blend,
    BuyGlass,
    ChooseIncomePaint,
    EndTurn,
    FulfilRequest,
    GameConfig,
    Gild,
    Glass,
    HandInGlass,
    Location,
    Module,
    Paint,
    PlaceGlassworks,
    PlacePennies,
    RestoreAltar,
    State,
    SubmitPlan,
    TakePortrait,
    TakeWindow,
    UseAlchemy,
    UseBishopsVisit,
    UseFreePaints,
    UseSexton,
    describe,
    legal_actions,
)
from fresco_rules.fresco.adapter_spec import SPEC
from fresco_rules.fresco.data import components_from_mapping, components_to_mapping
from fresco_rules.fresco.data import default_components as fresco_default
from fresco_rules.fresco.extensions import Pending, first
from fresco_rules.fresco.modules.requests import Requests
from fresco_rules.fresco.modules.requests_state import with_requests
from fresco_rules.fresco.modules.special_blends import SpecialBlends
from fresco_rules.fresco.plugins import derive_tables
from fresco_rules.fresco.position import position_problems
from fresco_rules.fresco.render import module_lines
from fresco_rules.kernel.position import PositionProblem

from ..module_states import portraits_of, requests_of
from .fixtures import AT_5, AT_6, AT_7, AT_8, AT_9, assert_illegal, assert_legal, at, with_track
from .module123_fixtures import (
    PORTRAITS,
    REQUESTS,
    SPECIAL,
    with_display,
    with_loose,
    with_pile,
    with_portraits_held,
)
from .module_fixtures import (
    GLAZIERS,
    GOLD,
    WELL,
    end_turns_until,
    mgame,
    play_out_round,
    start_round,
    with_disc,
    with_glass,
    with_gold,
    with_hand,
    with_offer,
    with_pennies,
    with_workbench,
)

RED, BLUE = 0, 1
EARLY = {0: AT_6, 1: AT_7, 2: AT_8, 3: AT_9}
ALL_SIX = frozenset(Module)
PRIMARIES = (Paint.RED, Paint.YELLOW, Paint.BLUE)


def _config(players: int, *modules: Module) -> GameConfig:
    return SPEC.config({**SPEC.default_params, "players": players, "modules": _text(modules)})


def _text(modules: Sequence[Module] | frozenset[Module]) -> str:
    return ";".join(str(m.value) for m in sorted(modules, key=lambda m: m.value)) + ";"


def _module_layout(config: GameConfig) -> list[tuple[str, int]]:
    """The layout after the base game's 18 entries (``track_choice`` last)."""
    layout = list(SPEC.tensor_layout(config))
    names = [name for name, _ in layout]
    return layout[names.index("track_choice") + 1 :]


def _part(state: State, seat: int, name: str) -> list[float]:
    """The values of one named layout entry in ``seat``'s tensor."""
    tensor = SPEC.tensor(state, seat)
    offset = 0
    for entry, size in SPEC.tensor_layout(state.config):
        if entry == name:
            return tensor[offset : offset + size]
        offset += size
    raise AssertionError(f"no {name} in the layout")


def _hot(size: int, index: int | None) -> list[float]:
    return [1.0 if i == index else 0.0 for i in range(size)]


# --- layouts -------------------------------------------------------------------------------------


@pytest.mark.rule("R1.2", "R1.3", "R2.2", "R3.3", "R4.2", "R5.4", "R6.2", "R6.4")
@pytest.mark.parametrize(
    ("players", "portraits", "requests"),
    # portraits: deck + (2 display spaces + players + removed) x 18 cards + taken per actor +
    # Sexton moves per player + armed; requests: 12 request tiles x (pile + owner one-hot +
    # removed) + 32 fresco tiles per actor + used per actor + income due per player.
    # 2 players: 3 actors (Leonardo).
    [(2, 1 + 5 * 18 + 3 + 2 + 1, 12 * 4 + 3 * 32 + 3 + 2), (4, 1 + 7 * 18 + 4 + 4 + 1, 208)],
)
def test_layout_of_modules_1_to_6(players: int, portraits: int, requests: int) -> None:
    assert (portraits, requests) == {2: (97, 149), 4: (136, 208)}[players]
    assert _module_layout(_config(players, *ALL_SIX)) == [
        ("portraits", portraits),
        ("requests", requests),
        ("fresco_removed", 1),
        ("well", 6),  # well, supply, deck, own pennies, own symbol pennies, own cards
        ("gold", 2 + 6),  # supply, own leaf gold, gilding colour over 6 base paints
        ("glass", 4 + 1 + 4 + 6 + 1),  # offer, bag, own tokens, 6 workbench slots, pile
    ]


@pytest.mark.rule("R1.3", "R2.2")
def test_layout_follows_players_actors_and_fresco_tiles() -> None:
    # module 2 alone: the 25 base fresco tiles; 2 players and 3 actors
    assert _module_layout(_config(2, REQUESTS)) == [("requests", 12 * 4 + 3 * 25 + 3 + 2)]
    # 3 players: no Leonardo, 3 actors
    assert _module_layout(_config(3, PORTRAITS)) == [("portraits", 1 + 6 * 18 + 3 + 3 + 1)]
    assert _module_layout(_config(3, REQUESTS)) == [("requests", 12 * 5 + 3 * 25 + 3 + 3)]


# --- actions -------------------------------------------------------------------------------------


@pytest.mark.rule("R1.4", "R1.11", "R1.14", "A1.5", "R1.24")
def test_portrait_actions() -> None:
    """Each of the 18 cards taken; the 2 Merchants (PT04, PT09) also with each multiset of 2
    primaries (6 each); the Sexton to each of the 25 segments."""
    found = [
        a for a in SPEC.actions(_config(2, PORTRAITS)) if isinstance(a, TakePortrait | UseSexton)
    ]
    kinds = Counter(type(a) for a in found)
    assert kinds == {TakePortrait: 18 + 2 * 6, UseSexton: 25}
    merchant = [TakePortrait("PT04", (a, b)) for a, b in [
        (Paint.RED, Paint.RED), (Paint.RED, Paint.YELLOW), (Paint.RED, Paint.BLUE),
        (Paint.YELLOW, Paint.YELLOW), (Paint.YELLOW, Paint.BLUE), (Paint.BLUE, Paint.BLUE),
    ]]  # fmt: skip
    cards = [TakePortrait(f"PT0{n}") for n in range(1, 5)]
    assert found[:11] == [*cards, *merchant, TakePortrait("PT05")]
    assert found[-26] == TakePortrait("PT18")
    assert found[-25:] == [UseSexton((row, col)) for row in range(5) for col in range(5)]


@pytest.mark.rule("R2.5", "R2.6", "A2.1", "A2.6", "A3.5", "R3.13")
@pytest.mark.parametrize(
    ("modules", "splashes", "piles"),
    [
        # 25 base tiles: orange splashes on 9 backs, green on 10, purple on 9
        ((REQUESTS,), "formula", {"general": 2300, "orange": 84, "green": 120, "purple": 84}),
        # module 3's 7 tiles (A3.5 formula): orange on 14 backs, green on 15, purple on 14
        (ALL_SIX, "formula", {"general": 4960, "orange": 364, "green": 455, "purple": 364}),
        # A3.5 none: the module-3 tiles show no splash
        (ALL_SIX, "none", {"general": 4960, "orange": 84, "green": 120, "purple": 84}),
    ],
)
def test_request_actions(modules: Sequence[Module], splashes: str, piles: dict[str, int]) -> None:
    """Each pile's request with every set of 3 fresco tiles whose backs fit it (any 3 for the
    general pile: C(25, 3) = 2300, C(32, 3) = 4960), then the 3 income primaries."""
    params = {**SPEC.default_params, "players": 2, "modules": _text(list(modules))}
    config = SPEC.config({**params, "module3_splashes": splashes})
    found = [a for a in SPEC.actions(config) if isinstance(a, FulfilRequest | ChooseIncomePaint)]
    assert Counter(a.pile for a in found if isinstance(a, FulfilRequest)) == piles
    assert found[0] == FulfilRequest("general", ("F01", "F02", "F03"))
    assert found[-3:] == [ChooseIncomePaint(p) for p in PRIMARIES]
    orange = [a.tiles for a in found if isinstance(a, FulfilRequest) and a.pile == "orange"]
    assert orange[0] == ("F09", "F12", "F15")
    purple = [a.tiles for a in found if isinstance(a, FulfilRequest) and a.pile == "purple"]
    assert purple[-1] == (
        ("F30", "F31", "F32") if piles["purple"] == 364 else ("F21", "F24", "F25")
    )


@pytest.mark.rule("R3.5", "R3.8", "R3.9")
def test_module_3_adds_no_action_kind_of_its_own() -> None:
    """Its blends and altar hand-ins are base action kinds; the space grows by those only: the
    19 hand-ins of the altar's blended version with a pink or brown piece and the 2 blends."""
    base = SPEC.actions(_config(2))
    special = SPEC.actions(_config(2, SPECIAL))
    known = set(base)
    added = [a for a in special if a not in known]
    assert len(special) - len(base) == len(added) == 19 + 2
    assert Counter(type(a) for a in added) == {RestoreAltar: 19, Blend: 2}
    assert RestoreAltar((Paint.ORANGE, Paint.GREEN, Paint.PINK)) in added
    assert Blend(Paint.PINK) in added and Blend(Paint.BROWN) in added


@pytest.mark.rule("R4.3", "R4.6", "R4.7", "R4.11", "R4.12", "R3.14")
def test_wishing_well_actions() -> None:
    base = {type(a).__name__ for a in SPEC.actions(_config(4))}
    kinds = Counter(type(a).__name__ for a in SPEC.actions(_config(4, WELL)))
    assert {k: n for k, n in kinds.items() if k not in base} == {
        "UseStreetMusician": 1,
        "SkipStreetMusician": 1,
        "PlacePennies": 3,  # 0, 1 or 2 pennies on the market symbol
        "BuyWishingCard": 1,
        "UseLuckyFellow": 1,
        "UseFreePaints": 14,  # one per market tile
        "UseBishopsVisit": 25,
        "UseBishopsPraise": 1,
        "UseTip": 1,
        "UseAlchemy": 10 * 6,  # each multiset of 3 primaries into each base paint
        "UseReward": 1,
    }
    found = SPEC.actions(_config(4, WELL))
    assert [a for a in found if isinstance(a, PlacePennies)] == [PlacePennies(n) for n in range(3)]
    assert UseAlchemy((Paint.RED, Paint.RED, Paint.BLUE), Paint.PURPLE) in found
    assert next(a for a in found if isinstance(a, UseBishopsVisit)) == UseBishopsVisit((0, 0))
    free = [a for a in found if isinstance(a, UseFreePaints)]
    assert free == sorted(free, key=lambda a: a.tile) and len({a.tile for a in free}) == 14


@pytest.mark.rule("R5.6")
def test_leaf_gold_actions() -> None:
    found = SPEC.actions(_config(2, GOLD))
    assert [a for a in found if isinstance(a, Gild)] == [Gild(False), Gild(True)]


@pytest.mark.rule("R6.7", "R6.9", "R6.12", "R6.15", "R6.19")
def test_glaziers_actions() -> None:
    """The Glassworks tile unused or over each of the 7 locations (either side), each of the 4
    glass colours bought, each of the 6 workbench slots taken, and every hand-in of 0 to 4
    glass tokens (1 + 4 + 10 + 20 + 35 multisets)."""
    found = SPEC.actions(_config(4, GLAZIERS))
    placed = [a for a in found if isinstance(a, PlaceGlassworks)]
    assert len(Location) == 7 and len(placed) == 1 + 2 * 7
    assert placed[:3] == [
        PlaceGlassworks(None),
        PlaceGlassworks(next(iter(Location))),
        PlaceGlassworks(next(iter(Location)), True),
    ]
    assert [a for a in found if isinstance(a, BuyGlass)] == [BuyGlass(g) for g in Glass]
    assert [a for a in found if isinstance(a, TakeWindow)] == [TakeWindow(n) for n in range(6)]
    hand_ins = [a for a in found if isinstance(a, HandInGlass)]
    assert Counter(len(a.glass) for a in hand_ins) == {0: 1, 1: 4, 2: 10, 3: 20, 4: 35}


# --- chance outcomes -----------------------------------------------------------------------------


@pytest.mark.rule("R1.2", "R3.3", "A3.1", "R4.1", "R5.4", "R6.2", "R6.4")
def test_chance_outcomes_of_the_modules() -> None:
    base = {kind for kind, _ in SPEC.chance_outcomes(_config(2))}
    found = [o for o in SPEC.chance_outcomes(_config(2, *ALL_SIX)) if o[0] not in base]
    assert base == {"start_space", "market", "fresco"}
    kinds = Counter(kind for kind, _ in found)
    # 18 portrait cards; the 31 tiles but the centre's F32 (7 removed at set-up); 10 kinds of
    # Wishing Card; 7 gilding discs; 4 glass colours; 18 windows
    assert kinds == {
        "portrait": 18,
        "fresco_removed": 31,
        "wishing_card": 10,
        "disc": 7,
        "glass": 4,
        "window": 18,
    }
    order = ["portrait", "fresco_removed", "wishing_card", "disc", "glass", "window"]
    assert [k for k, _ in found] == [kind for kind in order for _ in range(kinds[kind])]
    by_kind = {kind: [o for k, o in found if k == kind] for kind in kinds}
    assert by_kind["portrait"] == [f"PT{n:02d}" for n in range(1, 19)]
    assert by_kind["fresco_removed"] == [f"F{n:02d}" for n in range(1, 32)]
    assert by_kind["glass"] == [g.value for g in Glass]
    assert by_kind["window"] == [f"W{n:02d}" for n in range(1, 19)]
    assert len(set(by_kind["disc"])) == 7
    # A3.1 mix_all removes from the same 31 tiles
    mixed = SPEC.config({**SPEC.default_params, "modules": "3;", "m3_setup": "mix_all"})
    assert [o for k, o in SPEC.chance_outcomes(mixed) if k == "fresco_removed"] == by_kind[
        "fresco_removed"
    ]


# --- tensors -------------------------------------------------------------------------------------


@pytest.mark.rule("R1.7", "A1.10", "R1.3")
def test_portraits_tensor() -> None:
    """Deck 15 (18 - 1 displayed - 1 held - 1 removed); the display PT04 and an empty space;
    seat 1 holds PT01; nothing taken or moved yet."""
    state = mgame(PORTRAITS, players=2)
    state = with_portraits_held(state, BLUE, "PT01")
    state = with_display(state, ("PT04", None), deck_size=15)
    removed = portraits_of(state).removed
    assert len(removed) == 1 and removed[0] not in ("PT01", "PT04")
    expected = [15.0, *_hot(18, 3), *_hot(18, None)]
    expected += [0.0] * 18 + _hot(18, 0)  # seat 0 holds nothing, seat 1 PT01
    expected += [1.0 if f"PT{n:02d}" in removed else 0.0 for n in range(1, 19)]
    expected += [0.0] * 3 + [0.0] * 2 + [0.0]
    for seat in (RED, BLUE):
        assert _part(state, seat, "portraits") == expected


@pytest.mark.rule("R2.13", "A2.3", "E2.1", "R2.4", "R2.11", "A2.6")
def test_requests_tensor_of_a_fulfilled_general_request() -> None:
    """E2.1 with 4 players: Red stacks RQ03 on F01 F04 F10; next round his general request owes
    him a primary (A2.6)."""
    state = with_loose(mgame(REQUESTS), RED, ("F01", "F04", "F10"))
    state = with_loose(state, BLUE, ("F02",))
    fresh = _part(state, RED, "requests")
    per_tile = [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    loose = [1.0 if i in (0, 3, 9) else 0.0 for i in range(25)]  # F01 F04 F10
    blue = _hot(25, 1)
    assert fresh == per_tile * 12 + loose + blue + [0.0] * 50 + [0.0] * 4 + [0.0] * 4
    # Blue's theatre apprentice keeps the round going after Red's workshop turn
    state = start_round(state, EARLY, {RED: SubmitPlan(workshop=1), BLUE: SubmitPlan(theatre=1)})
    at(state, Location.WORKSHOP, RED)
    assert Requests.options(_rules(state), state, state.turn) == [  # type: ignore[arg-type]
        FulfilRequest("general", ("F01", "F04", "F10"))
    ]
    state = assert_legal(state, FulfilRequest("general", ("F01", "F04", "F10")))
    stacked = [0.0, 1.0, 0.0, 0.0, 0.0, 0.0]  # RQ03 (top of the general pile) on Red's stack
    expected = stacked + per_tile * 11 + [0.0] * 25 + blue + [0.0] * 50
    assert _part(state, BLUE, "requests") == expected + [1.0, 0.0, 0.0, 0.0] + [0.0] * 4
    state = play_out_round(state)
    assert _part(state, RED, "requests") == expected + [0.0] * 4 + [1.0, 0.0, 0.0, 0.0]


def _rules(state: State) -> Requests:
    found = next(r for r in state.tables.modules if isinstance(r, Requests))
    return found


def _leonardo_at_workshop() -> State:
    """E2.7's Leonardo (2 players, Blue controls him) at the workshop holding F03 F06 F13 F20;
    Red still has a theatre apprentice to come."""
    state = mgame(REQUESTS, players=2, start=(2, 1))
    leo = state.tables.leonardo
    state = start_round(state, {0: AT_6, 1: AT_7, leo: AT_5}, {RED: SubmitPlan(theatre=1)})
    state = end_turns_until(state, Location.WORKSHOP, leo)
    tiles = list(state.held[leo])
    cathedral = tuple(t if t is not None or not tiles else tiles.pop() for t in state.cathedral)
    held = (*state.held[:leo], (), *state.held[leo + 1 :])
    state = evolve(state, cathedral=cathedral, held=held)
    return with_track(with_loose(state, leo, ("F03", "F06", "F13", "F20")), {leo: 15})


@pytest.mark.rule("E2.7", "R2.15", "R2.13", "A2.5")
def test_requests_tensor_after_leonardo_fulfils_a_request() -> None:
    """R2.15: Leonardo's request tile and tiles leave the game: RQ03 removed, his request used
    this round, F20 still loose."""
    state = assert_legal(_leonardo_at_workshop(), FulfilRequest("general", ("F03", "F06", "F13")))
    expected = [0.0, 0.0, 0.0, 1.0] + [1.0, 0.0, 0.0, 0.0] * 11
    expected += [0.0] * 50 + _hot(25, 19)  # seats 0 and 1 hold nothing loose, Leonardo F20
    assert requests_of(state).used == (False, False, True)
    assert _part(state, RED, "requests") == [*expected, 0.0, 0.0, 1.0, 0.0, 0.0]


@pytest.mark.rule("R3.3", "A3.1")
def test_special_blends_tensor() -> None:
    """7 tiles removed at set-up, for every seat (which ones is hidden)."""
    for players in (2, 4):
        state = mgame(SPECIAL, players=players)
        assert [_part(state, seat, "fresco_removed") for seat in range(players)] == [
            [7.0]
        ] * players


@pytest.mark.rule("R4.2", "R4.16", "R5.1", "R5.14", "R6.2", "R6.27")
def test_wishing_well_leaf_gold_and_glaziers_tensors() -> None:
    """2 players: 20 pennies, 3 to each player (14 in the supply); 20 cards in the deck; 24 leaf
    gold; 26 glass tokens; 18 windows, 6 on the workbench."""
    state = mgame(WELL, GOLD, GLAZIERS, players=2)
    assert _part(state, RED, "well") == [0.0, 14.0, 20.0, 3.0, 0.0, 0.0]
    state = with_pennies(state, BLUE, 5)
    state = with_hand(state, BLUE, "tip")
    state = with_gold(state, BLUE, 2)
    state = with_disc(state, Paint.GREEN)
    state = with_offer(state, yellow=1, blue=2, red=0, green=1)
    state = with_glass(state, BLUE, red=2, green=1)
    state = with_workbench(state, ("W03", None, "W14", "W08", None, "W17"))
    assert _part(state, BLUE, "well") == [0.0, 12.0, 19.0, 5.0, 0.0, 1.0]
    assert _part(state, RED, "well") == [0.0, 12.0, 19.0, 3.0, 0.0, 0.0]
    green = [0.0, 0.0, 0.0, 0.0, 1.0, 0.0]  # red, yellow, blue, orange, green, purple
    assert _part(state, BLUE, "gold") == [22.0, 2.0, *green]
    assert _part(state, RED, "gold") == [22.0, 0.0, *green]
    offer = [1.0, 2.0, 0.0, 1.0]  # yellow, blue, red, green
    assert [g.value for g in Glass] == ["yellow", "blue", "red", "green"]
    bench = [1.0, 0.0, 1.0, 1.0, 0.0, 1.0]
    assert _part(state, BLUE, "glass") == [*offer, 19.0, 0.0, 0.0, 2.0, 1.0, *bench, 14.0]
    assert _part(state, RED, "glass") == [*offer, 19.0, 0.0, 0.0, 0.0, 0.0, *bench, 14.0]


# --- the law over random games -------------------------------------------------------------------

COMBINATIONS = [
    (2, ALL_SIX, 1),
    (4, ALL_SIX, 2),
    (2, frozenset({PORTRAITS}), 3),
    (2, frozenset({REQUESTS}), 4),
    (3, frozenset({REQUESTS, SPECIAL}), 5),
    (2, frozenset({SPECIAL}), 6),
    (2, frozenset({WELL, REQUESTS}), 7),
    (2, frozenset({GOLD}), 8),
    (2, frozenset({GLAZIERS}), 9),
]


@pytest.mark.rule("G.1", "M.7")
@pytest.mark.parametrize(("players", "modules", "seed"), COMBINATIONS)
def test_random_games_stay_inside_the_action_space(
    players: int, modules: frozenset[Module], seed: int
) -> None:
    """Through the adapters' table: every legal action of every state has an index (the table
    refuses one that has none), every draw's items are chance outcomes, and every seat's tensor
    has the layout's length, each module's part its own size."""
    table = Table(SPEC, {"players": players, "modules": _text(modules)})
    rng = random.Random(seed)
    position = table.start()
    layout = table.tensor_layout()
    names = [name for name, _ in layout]
    parts = names[names.index("track_choice") + 1 :]
    assert len(parts) == len(modules)
    steps = 0
    while not table.is_terminal(position):
        if table.is_chance(position):
            outcome, _ = rng.choice(table.chance_outcomes(position))
            position = table.choose(position, outcome)
            continue
        state = position.state
        legal = table.legal_actions(position)
        assert len(legal) == len(legal_actions(state)) > 0
        if steps % 7 == 0:
            for seat in range(players):
                assert len(table.tensor(position, seat)) == table.tensor_size
            for name, size in layout[len(layout) - len(parts) :]:
                assert len(_part(state, steps % players, name)) == size
        position = table.play(position, rng.choice(legal))
        steps += 1
    assert position.state is not None and steps > 100


# --- module 2 and 3 details no other example states ----------------------------------------------


@pytest.mark.rule("R2.8", "R2.5")
def test_R2_8_an_empty_pile_leaves_the_piles_after_it_open() -> None:
    """The general pile is empty: the orange pile still takes Red's 3 orange-splash tiles."""
    state = with_pile(with_loose(mgame(REQUESTS), RED, ("F09", "F12", "F15")), "general", ())
    state = start_round(state, EARLY, {RED: SubmitPlan(workshop=1)})
    at(state, Location.WORKSHOP, RED)
    listed = [a for a in legal_actions(state) if isinstance(a, FulfilRequest)]
    assert listed == [FulfilRequest("orange", ("F09", "F12", "F15"))]
    assert module_lines(state)[0] == (
        "requests: general empty, orange RQ06 (10 VP, 3 left), green RQ09 (10 VP, 3 left), "
        "purple RQ12 (10 VP, 3 left)"
    )


@pytest.mark.rule("R2.5", "R2.8")
def test_two_stacks_on_the_text_board_and_a_request_of_an_empty_pile_described() -> None:
    state = mgame(REQUESTS)
    q = requests_of(state)
    stacks = (("RQ03", ("F01", "F02", "F03")), ("RQ02", ("F04", "F05", "F06")))
    state = with_requests(state, evolve(q, piles=(("RQ01",), *q.piles[1:])))
    state = with_requests(state, evolve(requests_of(state), stacks=(stacks, (), (), ())))
    lines = module_lines(state)
    assert lines[0].startswith("requests: general RQ01 (4 VP, 1 left), orange RQ06")
    assert lines[1] == "  seat 0 stacks: RQ03 on F01 F02 F03; RQ02 on F04 F05 F06"
    state = with_pile(mgame(REQUESTS), "general", ())
    text = describe(state, FulfilRequest("general", ("F07", "F08", "F09")))
    assert text.endswith("fulfils the general request ? with F07, F08, F09")


@pytest.mark.rule("R2.14")
def test_R2_14_leonardo_plan_adds_one_workshop_apprentice_only() -> None:
    tables = derive_tables(GameConfig(players=2, modules=frozenset({REQUESTS})))
    plan = SubmitPlan(market=1, cathedral=2, studio=0, workshop=1, theatre=1, cathedral_2=0)
    assert _rules_of(tables).leonardo_plan(tables, plan) == evolve(plan, workshop=2)
    final = SubmitPlan(market=0, cathedral=1, studio=1, workshop=0, theatre=0, cathedral_2=2)
    assert _rules_of(tables).leonardo_plan(tables, final) == evolve(final, workshop=1)


def _rules_of(tables: object) -> Requests:
    return next(r for r in tables.modules if isinstance(r, Requests))  # type: ignore[attr-defined]


@pytest.mark.rule("R2.15", "A2.5", "R2.4")
def test_R2_15_leonardo_workshop_decision() -> None:
    state = _leonardo_at_workshop()
    leo = state.tables.leonardo
    turn = state.turn
    assert turn is not None and turn.actor == leo and turn.left >= 2
    due = first(state.tables.hooks.leonardo_turn, state, turn)
    assert isinstance(due, Pending)
    assert (due.actor, due.rule, due.reason) == (
        leo,
        "R2.15",
        "Leonardo fulfils a request or declines",
    )
    assert due.actions[-1] == EndTurn() and len(due.actions) == 4 + 1  # C(4, 3) general
    # R2.4: with fewer than 2 left no apprentice can fulfil a request: only declining
    short = evolve(state, turn=evolve(turn, left=1))
    assert first(short.tables.hooks.leonardo_turn, short, evolve(turn, left=1)) == Pending(
        leo, "R2.15", "Leonardo fulfils a request or declines", (EndTurn(),)
    )


@pytest.mark.rule("R2.2", "A2.7")
def test_R2_2_piles_are_sorted_by_the_data_values() -> None:
    """The lowest value at the bottom, whatever the order of the data rows: reversed values in
    the general pile put RQ01 on top."""
    raw = copy.deepcopy(components_to_mapping(fresco_default()))
    rows = raw["modules_123"]["requests"]["tiles"]
    general = [row for row in rows if row["type"] == "general"]
    values = [row["vp"] for row in general]
    for row, vp in zip(general, reversed(values), strict=True):
        row["vp"] = vp
    data = components_from_mapping(raw)
    state = mgame(REQUESTS, components=data)
    assert requests_of(state).piles[0] == ("RQ01", "RQ02", "RQ03")


@pytest.mark.rule("A3.5", "A3.1")
def test_config_values_bypassing_the_converters_are_refused_by_name() -> None:
    """Module 2 and 3 check their option values themselves when they build their rules (a
    config that bypassed ``GameConfig``'s converters)."""
    config = GameConfig(players=2, modules=frozenset({REQUESTS, SPECIAL}))
    bad = attrs.evolve(config)
    object.__setattr__(bad, "module3_splashes", "formula")
    tables = derive_tables(config)
    with pytest.raises(ValueError, match="module3_splashes must be a Module3Splashes: 'formula'"):
        Requests.build(bad, tables)
    bad = attrs.evolve(config)
    object.__setattr__(bad, "m3_setup", "mix")
    with pytest.raises(ValueError, match="m3_setup must be an M3Setup, got 'mix'"):
        SpecialBlends.build(bad, tables)


@pytest.mark.rule("R3.8", "R3.9")
def test_R3_8_the_hand_in_table_scores_the_data_bonus() -> None:
    """The tables' altar hand-ins with pink or brown carry the component data's bonus (shipped
    pink 3, brown 5; here 4 and 7): pink + orange + green 6 + 4, brown + brown + pink 24."""
    raw = copy.deepcopy(components_to_mapping(fresco_default()))
    raw["modules_123"]["special_blends"].update(altar_pink=4, altar_brown=7)
    config = GameConfig(
        players=2, modules=frozenset({SPECIAL}), components=components_from_mapping(raw)
    )
    points = dict(derive_tables(config).altar_hand_ins)
    assert points[(Paint.ORANGE, Paint.GREEN, Paint.PINK)] == 10
    assert points[(Paint.PINK, Paint.BROWN, Paint.BROWN)] == 24


@pytest.mark.rule("R2.7", "M.6")
def test_R2_7_a_position_with_a_tile_serving_twice_is_refused() -> None:
    """A loaded position's laws: a fresco tile under two requests (or under one and removed with
    Leonardo's) serves twice; a stacked tile held loose again is held again."""
    state = mgame(REQUESTS)
    assert not [p for p in position_problems(state) if p.rule == "R2.7"]
    q = requests_of(state)
    stacks = (("RQ03", ("F01", "F02", "F03")), ("RQ02", ("F03", "F04", "F05")))
    bad = with_requests(state, evolve(q, stacks=(stacks, (), (), ()), removed_tiles=("F05",)))
    bad = with_loose(bad, BLUE, ("F04", "F06"))
    assert [p for p in position_problems(bad) if p.rule == "R2.7"] == [
        PositionProblem("$.requests.stacks", "R2.7", "tiles ['F03', 'F05'] serve twice"),
        PositionProblem("$.held", "R2.7", "stacked tiles ['F04'] are held again"),
    ]


@pytest.mark.rule("R2.6", "A2.1")
def test_R2_6_a_tile_without_a_back_in_the_data_shows_no_splash() -> None:
    """Component data built in code (not read through the data laws, which ask for a back per
    base tile) may leave a tile's back out: that tile shows no splash, so it serves the general
    pile only, in the rules and in the adapters' action space (8 orange backs left: C(8, 3))."""
    shipped = fresco_default()
    requests = shipped.modules_123.requests
    backs = tuple(back for back in requests.backs if back.tile != "F09")
    modules_123 = evolve(shipped.modules_123, requests=evolve(requests, backs=backs))
    data = evolve(shipped, modules_123=modules_123)
    config = GameConfig(players=4, modules=frozenset({REQUESTS}), components=data)
    found = [a for a in SPEC.actions(config) if isinstance(a, FulfilRequest)]
    assert Counter(a.pile for a in found)["orange"] == 56
    state = with_loose(mgame(REQUESTS, components=data), RED, ("F09", "F12", "F15"))
    state = start_round(state, EARLY, {RED: SubmitPlan(workshop=1)})
    at(state, Location.WORKSHOP, RED)
    listed = [a for a in legal_actions(state) if isinstance(a, FulfilRequest)]
    assert listed == [FulfilRequest("general", ("F09", "F12", "F15"))]
    assert_illegal(state, FulfilRequest("orange", ("F09", "F12", "F15")), "R2.6")
