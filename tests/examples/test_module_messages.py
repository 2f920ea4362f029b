"""Modules' refusals name their rule and say why; their log sentences say what happened
(issue 15).

G.1: the modules are played with the base game, each only when chosen; an action of a module
not in play is refused under G.1, naming the module. R5.6/R5.10: leaf gold is a decision of a
segment restoration whose paints show the gilding colour, never of the altar; ``Gild.add`` is
True or False (anything else is not a leaf-gold decision at all: malformed).
"""

from __future__ import annotations

import pytest
from attrs import evolve

from fresco_rules.fresco import (
    GAME,
    Action,
    BuyGlass,
    BuyWishingCard,
    ChooseIncomePaint,
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
    Restore,
    RestoreAltar,
    SkipStreetMusician,
    State,
    SubmitPlan,
    TakePortrait,
    TakeWindow,
    UseAlchemy,
    UseBishopsPraise,
    UseBishopsVisit,
    UseFreePaints,
    UseLuckyFellow,
    UseReward,
    UseSexton,
    UseStreetMusician,
    UseTip,
    apply,
    legal_actions,
    new_game,
)
from fresco_rules.fresco.render import describe, events
from fresco_rules.kernel.errors import IllegalAction
from fresco_rules.kernel.fuzz import forge
from fresco_rules.kernel.play import random_playout

from .fixtures import (
    AT_6,
    AT_7,
    AT_8,
    AT_9,
    assert_illegal,
    assert_legal,
    at,
    with_paints,
    with_tiles,
)
from .module_fixtures import (
    GLAZIERS,
    GOLD,
    gold_of,
    mgame,
    start_round,
    with_disc,
    with_glass,
    with_gold,
)

P = 0
EARLY = {0: AT_6, 1: AT_7, 2: AT_8, 3: AT_9}
PR, PY, PB = Paint.RED, Paint.YELLOW, Paint.BLUE
NAMES = {
    1: "module 1 (the Portraits)",
    2: "module 2 (the Bishop's Requests)",
    4: "module 4 (the Wishing Well)",
    5: "module 5 (the Leaf Gold)",
    6: "module 6 (the Glaziers)",
}
ACTIONS: list[tuple[int, Action]] = [
    (1, TakePortrait("P01", ())),
    (1, UseSexton((0, 0))),
    (2, ChooseIncomePaint(PR)),
    (2, FulfilRequest("general", ())),
    (4, BuyWishingCard()),
    (4, PlacePennies(1)),
    (4, SkipStreetMusician()),
    (4, UseStreetMusician()),
    (4, UseAlchemy((PR, PY, PB), Paint.ORANGE)),
    (4, UseBishopsPraise()),
    (4, UseBishopsVisit((0, 0))),
    (4, UseFreePaints("M11")),
    (4, UseLuckyFellow()),
    (4, UseReward()),
    (4, UseTip()),
    (5, Gild(True)),
    (6, BuyGlass(Glass.RED)),
    (6, HandInGlass(())),
    (6, PlaceGlassworks(None)),
    (6, TakeWindow(0)),
]


@pytest.mark.rule("G.1")
@pytest.mark.parametrize(("module", "action"), ACTIONS, ids=[repr(a) for _, a in ACTIONS])
def test_G_1_an_action_of_a_module_not_in_play_names_the_module(
    module: int, action: Action
) -> None:
    others = frozenset(m for m in Module if m.value != module and m.value in (4, 5, 6))
    for config in (GameConfig(players=3), GameConfig(players=3, modules=others)):
        state = new_game(config, 1)
        problem = assert_illegal(state, action, "G.1")
        assert problem.reason == f"{NAMES[module]} is not in play"


@pytest.mark.rule("R5.6")
@pytest.mark.parametrize("add", [1, 0, "yes", None])
def test_R5_6_a_leaf_gold_decision_is_true_or_false(add: object) -> None:
    state = mgame(GOLD)
    problem = assert_illegal(state, forge(Gild, {"add": add}), "R5.6", malformed=True)
    assert problem.reason.startswith("add must be True or False: ")


@pytest.mark.rule("R5.6")
def test_R5_6_leaf_gold_outside_a_gilded_restoration() -> None:
    state = start_round(mgame(GOLD), EARLY, {P: SubmitPlan(cathedral=1)})
    for gild in (Gild(True), Gild(False)):
        problem = assert_illegal(state, gild, "R5.6")
        assert problem.reason == (
            "leaf gold is added while restoring a segment that shows the gilding colour"
        )


@pytest.mark.rule("R5.10")
def test_R5_10_no_leaf_gold_at_the_altar_says_so() -> None:
    state = with_gold(with_disc(mgame(GOLD, GLAZIERS), PR), P, 1)
    state = with_glass(with_paints(state, P, red=1, yellow=1, blue=1), P, red=1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=1)})
    state = assert_legal(state, RestoreAltar((PR, PY, PB)))
    problem = assert_illegal(state, Gild(True), "R5.10")
    assert problem.reason == "leaf gold cannot be used when restoring the altar"


@pytest.mark.rule("R5.6", "A5.7")
def test_R5_6_the_log_says_whether_leaf_gold_was_added() -> None:
    state = with_tiles(mgame(GOLD), {(1, 1): "F10"})  # red, yellow, green
    state = with_gold(with_disc(state, PY), P, 1)
    state = with_paints(state, P, red=1, yellow=1, green=1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=1)})
    at(state, Location.CATHEDRAL, P)
    state = assert_legal(evolve(state, bishop=(1, 1)), Restore((1, 1)))
    assert describe(state, Gild(True)).endswith("adds a leaf gold to the restoration")
    assert describe(state, Gild(False)).endswith("adds no leaf gold")
    after = apply(state, Gild(True))
    assert gold_of(after).held[P] == 0
    assert not any("leaf gold" in line for line in events(state, after))  # spent, not taken


@pytest.mark.rule("R5.5")
def test_R5_5_the_log_names_leaf_gold_taken_and_a_new_disc() -> None:
    before = mgame(GOLD)
    after = with_gold(before, 2, 2)
    assert events(before, after) == ["  seat 2 takes 2 leaf gold"]
    other = next(p for p in (PR, PB, PY) if p is not gold_of(before).disc)
    assert events(before, with_disc(before, other)) == [
        f"  new gilding colour on the basket: {other.value}"
    ]
    assert events(before, before) == []


def _drawn(before: State, after: State) -> tuple[tuple[str, str], ...]:
    """The chance outcomes drawn by the step from ``before`` to ``after``."""
    return tuple(after.chance.log[len(before.chance.log) :])


@pytest.mark.rule("R5.4", "R5.11")
def test_R5_4_R5_11_a_recorded_disc_draw_that_does_not_fit_names_the_rule() -> None:
    """A replayed record supplies every chance outcome; a disc outcome that is not in the bag
    is refused under the rule of that draw: R5.4 at set-up, R5.11 in a round preparation."""
    config = GameConfig(players=3, modules=frozenset({Module.LEAF_GOLD}))
    setup = new_game(config, 2).chance.log
    bad = [("disc", "pink") if kind == "disc" else (kind, outcome) for kind, outcome in setup]
    with pytest.raises(IllegalAction) as raised:
        new_game(config, 2, chance=bad)
    assert raised.value.rule == "R5.4"
    assert raised.value.reason.startswith("recorded draw disc:pink does not fit this disc draw")
    steps: list[tuple[State, Action, State]] = []
    random_playout(GAME, config, 2, on_step=lambda b, a, c: steps.append((b, a, c)))
    before, action, after = next(
        (b, a, c)
        for b, a, c in steps
        if "disc" in {k for k, _ in c.chance.log[len(b.chance.log) :]}
    )
    script = tuple(
        ("disc", "pink") if kind == "disc" else (kind, o) for kind, o in _drawn(before, after)
    )
    with pytest.raises(IllegalAction) as raised:
        apply(evolve(before, chance=evolve(before.chance, script=script)), action)
    assert raised.value.rule == "R5.11"
    assert "disc:pink does not fit this disc draw" in raised.value.reason


@pytest.mark.rule("R5.6", "R6.26")
def test_R5_6_no_leaf_gold_while_the_window_is_chosen() -> None:
    """R6.26: a window restoration's decisions come one after another; while the window is
    chosen (R6.12) leaf gold is not the decision at hand."""
    state = with_tiles(mgame(GOLD, GLAZIERS), {(0, 2): "F10"})  # red, yellow, green
    state = with_gold(with_disc(state, PY), P, 1)
    state = with_paints(state, P, red=1, yellow=1, green=1)
    state = start_round(state, EARLY, {P: SubmitPlan(cathedral=1)})
    state = assert_legal(evolve(state, bishop=(0, 1)), Restore((0, 2)))
    assert legal_actions(state) == (Gild(True), Gild(False))  # the leaf gold first (R6.26)
    state = assert_legal(state, Gild(True))  # then the window
    assert all(isinstance(a, TakeWindow) for a in legal_actions(state))
    problem = assert_illegal(state, Gild(True), "R5.6")
    assert problem.reason == (
        "leaf gold is added while restoring a segment that shows the gilding colour"
    )
