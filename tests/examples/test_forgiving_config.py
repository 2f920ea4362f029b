"""Configuration that accepts what people type, and refusals that say what was expected."""

from __future__ import annotations

import pytest

from fresco_rules import MalformedAction, barbarossa, carcassonne
from fresco_rules.fresco import (
    BuyTile,
    ChooseGetUp,
    GameConfig,
    InvalidConfig,
    MarketRefill,
    Module,
    apply,
    explain,
    legal_actions,
    new_game,
)
from fresco_rules.kernel.errors import SHAPE_RULE


@pytest.mark.rule("A0.4", "G.1", "A0.3", "A6.1")
def test_options_accept_values_names_and_numbers() -> None:
    config = GameConfig(
        market_refill="redraw_all",
        modules={4, 6},
        booth_capacities="3,3,3,4",
        workbench_prices=[0, 0, 1, 1, 2, 3],
    )
    assert config.market_refill is MarketRefill.REDRAW_ALL
    assert config.modules == {Module.WISHING_WELL, Module.GLAZIERS}
    assert config.booth_capacities == (3, 3, 3, 4)
    assert config.workbench_prices == (0, 0, 1, 1, 2, 3)
    assert GameConfig(market_refill="REDRAW-ALL") == config.__class__(
        market_refill=MarketRefill.REDRAW_ALL
    )
    assert new_game(config, 1).config == config


@pytest.mark.rule("A0.4", "A0.3")
def test_a_bad_option_fails_at_construction_with_the_valid_values() -> None:
    with pytest.raises(InvalidConfig) as refill:
        GameConfig(market_refill="redraw")
    assert str(refill.value) == "A0.4: market_refill takes one of: top_up, redraw_all; not 'redraw'"
    with pytest.raises(InvalidConfig, match=r"A0\.3: booth_capacities takes whole numbers"):
        GameConfig(booth_capacities="three")
    with pytest.raises(InvalidConfig, match=r"G\.1: there is no expansion module 7"):
        GameConfig(modules={4, 7})


@pytest.mark.rule("R0.17")
def test_get_up_refusal_names_the_spaces() -> None:
    state = new_game(GameConfig(players=3), seed=1)
    problem = explain(state, ChooseGetUp(7))
    assert problem is not None and problem.rule == "R0.17"
    assert problem.reason == "no get-up space 7; spaces are 0-4 (5:00-9:00)"


@pytest.mark.rule("R0.33")
def test_booth_refusal_lists_the_booths() -> None:
    state = new_game(GameConfig(players=4), seed=1)
    while state.turn is None or state.turn.location.value != "market":
        state = apply(state, legal_actions(state)[-1])
    problem = explain(state, BuyTile(booth="I", slot=0))  # type: ignore[arg-type]
    assert problem is not None
    assert "no booth 'I'; booths are 0-3 (I-IV)" in problem.reason


@pytest.mark.parametrize("thing", [42, "buy IV:2", None, object()])
def test_a_non_action_is_malformed_under_the_kernel_rule(thing: object) -> None:
    state = new_game(GameConfig(players=3), seed=1)
    problem = explain(state, thing)
    assert isinstance(problem, MalformedAction) and problem.rule == SHAPE_RULE
    with pytest.raises(MalformedAction):
        apply(state, thing)


@pytest.mark.rule("A-B.1", "A-B.9", "A-B.10", "A-B.15", "B2")
def test_barbarossa_options_accept_values_names_and_numbers() -> None:
    config = barbarossa.GameConfig(
        max_jewel_move=5,
        question_phase="UNTIL-NO",
        letter_check="off",
        event_ring="question, jewel, dragon, letter_dwarf, jewel, dragon",
        objects="hedgehog,anchor;teapot,snail;bicycle,mushroom;crown,key",
    )
    assert config.max_jewel_move is barbarossa.JewelMove.FIVE
    assert config.question_phase is barbarossa.QuestionPhase.UNTIL_NO
    assert config.letter_check is barbarossa.LetterCheck.OFF
    assert config.event_ring == tuple(tile.kind for tile in config.components.ring)
    assert config.objects is not None and config.objects[3] == ("crown", "key")
    state = barbarossa.new_game(config, 1)
    assert state.tables.words[-2:] == ("crown", "key")
    assert state.tables.jewel_limit == 5


@pytest.mark.rule("A-B.9", "A-B.1", "A-B.15")
def test_a_bad_barbarossa_option_fails_at_construction_with_the_valid_values() -> None:
    with pytest.raises(barbarossa.InvalidConfig) as jewels:
        barbarossa.GameConfig(max_jewel_move=7)
    assert str(jewels.value) == "A-B.9: max_jewel_move takes one of: 6, 5, unlimited; not 7"
    with pytest.raises(barbarossa.InvalidConfig) as ring:
        barbarossa.GameConfig(event_ring="question,jewel,dragons")
    assert str(ring.value) == (
        "A-B.1: event_ring takes one of: question, jewel, dragon, letter_dwarf; not 'dragons'"
    )
    with pytest.raises(barbarossa.InvalidConfig, match=r"^A-B\.15: letter_check takes one of"):
        barbarossa.GameConfig(letter_check=True)  # a bool is not a value of the option


@pytest.mark.rule("V1", "V3", "FA2", "F1")
def test_carcassonne_options_accept_what_people_type_and_refuse_at_once() -> None:
    config = carcassonne.GameConfig(
        tiny_city="2", farmers="OFF", festival="on", festival_return="Follower"
    )
    assert (config.tiny_city, config.farmers, config.festival) == (2, False, True)
    assert config.festival_return is carcassonne.FestivalReturn.FOLLOWER
    assert carcassonne.GameConfig(tiny_city=2) == carcassonne.GameConfig(tiny_city="2")
    with pytest.raises(carcassonne.InvalidConfig) as tiny:
        carcassonne.GameConfig(tiny_city=3)
    assert str(tiny.value) == "V1: tiny_city takes one of: 4, 2; not 3"
    with pytest.raises(carcassonne.InvalidConfig) as farmers:
        carcassonne.GameConfig(farmers="maybe")
    assert str(farmers.value) == "V3: farmers takes one of: on, off; not 'maybe'"
