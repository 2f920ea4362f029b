"""The one declaration per game (``kernel.declaration``) and the registry (``games``)."""

from __future__ import annotations

import pytest

from fresco_rules.games import GameUnavailable, declaration, game_names
from fresco_rules.kernel.errors import RulesError


@pytest.mark.parametrize("name", game_names())
def test_every_registered_game_declares_itself_under_its_name(name: str) -> None:
    game = declaration(name)
    assert game.name == name == game.rules.name
    assert game.default_players in game.players
    for players in game.players:
        state = game.rules.new_game(game.config_type(players=players), 7)
        assert len(game.rules.scores(state)) == players
        assert game.notation.legal_forms(state)
        assert game.board.text(state)
        assert game.board.svg(state).startswith("<svg")


@pytest.mark.parametrize("name", game_names())
def test_options_are_derived_with_their_spec_ids_and_defaults(name: str) -> None:
    game = declaration(name)
    options = game.options()
    assert [o.name for o in options] == list(game.option_types)
    for option in options:
        assert game.rule_id.fullmatch(option.rule), option
        assert option.default in option.values
        for value in option.values:  # every value is accepted by the config
            game.config_type(**{option.name: value})


def test_the_spec_ids_of_known_options() -> None:
    """A0.4 market refill (Fresco), V1 tiny city (Carcassonne), A-B.1 ring (Barbarossa)."""
    rules = {
        (name, o.name): (o.rule, o.default)
        for name in game_names()
        for o in declaration(name).options()
    }
    assert rules["fresco", "market_refill"] == ("A0.4", "top_up")
    assert rules["carcassonne", "tiny_city"] == ("V1", "4")
    assert rules["barbarossa", "ring"][0] == "A-B.1"


@pytest.mark.parametrize("name", ["pig", "", "FRESCO", 3, None])
def test_an_unknown_game_is_refused_with_a_rules_error(name: object) -> None:
    with pytest.raises(GameUnavailable, match="known: fresco, barbarossa, carcassonne"):
        declaration(name)  # type: ignore[arg-type]
    assert issubclass(GameUnavailable, RulesError)


@pytest.mark.parametrize("name", game_names())
def test_a_bad_option_value_is_refused_naming_the_options_spec_id(name: str) -> None:
    """Each option's refusal cites the decision it follows (A6.10 for ``altar_window``, not the
    neighbouring A6.5)."""
    game = declaration(name)
    for option in game.options():
        with pytest.raises(game.invalid_config) as refused:
            game.config_type(**{option.name: "no such value"})
        assert str(refused.value).startswith(f"{option.rule}:"), (option, str(refused.value))
