"""Hostile text against every surface that reads the action notation (issue 22, finding 10):
each game's ``parse_action``, the command line's ``move``, and the adapters' ``parse``
(OpenSpiel's ``game.table.parse``, PettingZoo's ``env.parse``).

Every text either names a legal action, which comes back, or is refused with the documented
error (``IllegalAction`` or ``NotationError``, on the command line exit code 1, 2 or 3 and the
record unchanged), never anything else and never a hang. The texts: Unicode digits of every
category (``²``, ``①``, Arabic-Indic, full-width) in place of the digits of legal forms, huge
numbers, control and format characters, very long strings, and legal tokens mixed with garbage.
A number in the notation is ASCII digits only, in every game (``kernel.notation.ascii_int``).
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fresco_rules import RulesError, barbarossa, carcassonne, fresco
from fresco_rules.adapters.core import AdapterError
from fresco_rules.adapters.games import table
from fresco_rules.cli import main
from fresco_rules.fresco import GameConfig, parse_modules
from fresco_rules.kernel.errors import IllegalAction, NotationError
from fresco_rules.kernel.fuzz import reachable_states, time_limit
from fresco_rules.pettingzoo import FrescoRulesEnv
from fresco_rules.pettingzoo import env as pettingzoo_env

from ..hypothesis_profiles import examples

LIMIT = 10.0
"""Seconds one parse may take before it counts as a hang (generous: a shared machine)."""

PACKAGES: dict[str, tuple[Any, Any, Any]] = {
    "fresco": (fresco, fresco.GAME, GameConfig(players=3, modules=parse_modules("1,2,3,4,5,6"))),
    "barbarossa": (barbarossa, barbarossa.GAME, barbarossa.GameConfig(players=4)),
    "carcassonne": (carcassonne, carcassonne.GAME, carcassonne.GAME.default_config()),
}
ADAPTER_PARAMS: dict[str, dict[str, Any]] = {
    "fresco": {"players": 3, "modules": "4;5;6"},
    "barbarossa": {"players": 3},
    "carcassonne": {"players": 2},
}
CLI_GAMES: dict[str, list[str]] = {
    "fresco": ["--game", "fresco", "--players", "3", "--seed", "4"],
    "barbarossa": ["--game", "barbarossa", "--players", "3", "--seed", "2"],
    "carcassonne": ["--game", "carcassonne", "--players", "2", "--seed", "1"],
}
EXTRA_WORDS = [
    "pennies",
    "jewels",
    "letter",
    "guess",
    "ask",
    "object",
    "deploy",
    "place",
    "return",
    "restore",
    "buy",
    "up",
    "plan",
    "portrait",
    "request",
    "gild",
    "glass",
    "glassworks",
    "blend",
    "altar",
    "alchemy",
    "free",
    "visit",
    "income",
    "hand",
    "sexton",
    "no",
    "curse",
]


@cache
def states(game: str) -> tuple[Any, ...]:
    _, rules, config = PACKAGES[game]
    return tuple(reachable_states(rules, config, 3, count=10))


@cache
def forms(game: str) -> tuple[str, ...]:
    """The legal forms met in a random game (at most 400 per state)."""
    package = PACKAGES[game][0]
    found = {form for state in states(game) for form in package.legal_forms(state)[:400]}
    return tuple(sorted(found))


@cache
def tokens(game: str) -> tuple[str, ...]:
    """The words of the legal forms met in a random game, and the verbs of every game."""
    words = {w for form in forms(game) for w in form.replace(",", " ").split()}
    return tuple(sorted(words | set(EXTRA_WORDS)))


@cache
def verbs(game: str) -> tuple[str, ...]:
    """The first words of the legal forms, and the verbs of every game."""
    return tuple(sorted({form.split()[0] for form in forms(game)} | set(EXTRA_WORDS)))


UNICODE_DIGITS = st.characters(categories=("Nd", "No", "Nl")).filter(
    lambda c: not ("0" <= c <= "9")
)
"""Digits and numbers of every Unicode category but ASCII: ``²``, ``①``, Arabic-Indic and
full-width digits, ``Ⅻ``."""
CONTROL = st.characters(categories=("Cc", "Cf", "Zs", "Zl", "Zp", "Co"))


def _swap_digits(word: str, digits: list[str]) -> str:
    """``word`` with its ASCII digits replaced, in order, by ``digits`` (as many as given)."""
    out, left = [], list(digits)
    for char in word:
        out.append(left.pop(0) if char.isascii() and char.isdigit() and left else char)
    return "".join(out)


def numbers() -> st.SearchStrategy[str]:
    return st.one_of(
        st.text(UNICODE_DIGITS, min_size=1, max_size=6),
        st.lists(st.sampled_from("0123456789") | UNICODE_DIGITS, min_size=1, max_size=6).map(
            "".join
        ),
        st.integers(0, 10**400).map(str),
        st.integers(-(10**30), -1).map(str),
        st.integers(1, 5000).map(lambda n: "9" * n),
    )


def hostile_texts(game: str) -> st.SearchStrategy[str]:
    words = st.sampled_from(tokens(game))
    garbage = st.one_of(
        numbers(),
        st.text(CONTROL, min_size=1, max_size=4),
        st.text(max_size=12),
        st.tuples(words, st.lists(UNICODE_DIGITS, min_size=1, max_size=4)).map(
            lambda pair: _swap_digits(*pair)
        ),
    )
    mixed = st.lists(st.one_of(words, garbage), min_size=1, max_size=6)
    separators = st.sampled_from([" ", "  ", ",", "\t", "\u00a0", "\u3000", ":", ""])
    return st.one_of(
        # a legal form with its digits in another script: "restore c³", "buy IV:²"
        st.tuples(st.sampled_from(forms(game)), st.lists(UNICODE_DIGITS, min_size=1)).map(
            lambda pair: _swap_digits(*pair)
        ),
        st.tuples(st.sampled_from(verbs(game)), numbers()).map(" ".join),
        st.tuples(st.sampled_from(verbs(game)), st.lists(words | numbers(), max_size=3)).map(
            lambda pair: " ".join([pair[0], *pair[1]])
        ),
        st.tuples(mixed, separators).map(lambda pair: pair[1].join(pair[0])),
        st.text(min_size=150, max_size=400),
        st.tuples(words, st.integers(10, 20_000)).map(lambda pair: (pair[0] + " ") * pair[1]),
    )


def _legal_or_refused(parse: Callable[[], object], legal: Callable[[], object], what: str) -> None:
    """``parse()`` returns a legal action (``legal()``: the legal ones) or raises the documented
    refusal (``IllegalAction`` or ``NotationError``); anything else is an escape, past
    ``LIMIT`` a hang."""
    with time_limit(LIMIT):
        try:
            found = parse()
        except (IllegalAction, NotationError):
            return
    assert found in legal(), f"{what}: parsed to {found!r}, which is not legal"  # type: ignore[operator]


# --- the games' own parse_action --------------------------------------------------------------


@pytest.mark.rule("K.1")
@pytest.mark.parametrize("game", sorted(PACKAGES))
@settings(max_examples=examples(150), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_parse_action_names_a_legal_action_or_refuses(game: str, data: st.DataObject) -> None:
    package = PACKAGES[game][0]
    state = data.draw(st.sampled_from(states(game)), label="state")
    if PACKAGES[game][1].current_player(state) is None:
        return
    text = data.draw(hostile_texts(game), label="text")
    _legal_or_refused(
        lambda: package.parse_action(state, text),
        lambda: package.legal_actions(state),
        f"{game} {text!r}",
    )


# --- the adapters' parse ----------------------------------------------------------------------


@cache
def environments(game: str) -> tuple[FrescoRulesEnv, ...]:
    """PettingZoo environments of ``game`` at a few depths of one seeded game (parse reads
    them only)."""
    found = []
    for depth in (0, 3, 12, 30):
        env = pettingzoo_env(game, **ADAPTER_PARAMS[game])
        env.reset(seed=7)
        for _ in range(depth):
            if any(env.terminations.values()):
                break
            legal = sorted(env.infos[env.agent_selection]["legal_actions"])
            env.step(legal[len(legal) // 2])
        found.append(env)
    return tuple(found)


@pytest.mark.rule("K.1")
@pytest.mark.parametrize("game", sorted(PACKAGES))
@settings(max_examples=examples(60), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_adapter_parse_names_a_legal_index_or_refuses(game: str, data: st.DataObject) -> None:
    """PettingZoo's ``env.parse`` and OpenSpiel's ``game.table.parse`` (the same ``Table``)."""
    env = data.draw(st.sampled_from(environments(game)), label="env")
    text = data.draw(hostile_texts(game), label="text")
    table, position = env.table, env.position
    for parse in (lambda: env.parse(text), lambda: table.parse(position, text)):
        try:
            _legal_or_refused(parse, lambda: table.legal_actions(position), f"{game} {text!r}")
        except AdapterError:
            assert table.current_player(position) is None  # nobody to decide: documented


# --- the command line's move --------------------------------------------------------------------


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, bytes]]:
    folder = tmp_path_factory.mktemp("records")
    found = {}
    for game, options in CLI_GAMES.items():
        path = folder / f"{game}.json"
        assert main(["new", str(path), *options], out=io.StringIO()) == 0
        found[game] = (path, path.read_bytes())
    return found


@pytest.mark.rule("K.1")
@pytest.mark.parametrize("game", sorted(CLI_GAMES))
@settings(max_examples=examples(40), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_cli_move_appends_a_legal_move_or_refuses_it(
    game: str, records: dict[str, tuple[Path, bytes]], data: st.DataObject
) -> None:
    """``fresco-rules move FILE TEXT``: exit 0 with one step more, or exit 1 (an illegal move)
    or 2 (a bad command line, e.g. a text that looks like an option) with the record unchanged;
    never an exception."""
    path, original = records[game]
    path.write_bytes(original)
    text = data.draw(hostile_texts(game), label="text")
    with time_limit(LIMIT):
        code = main(["move", str(path), text], out=io.StringIO())
    assert code in (0, 1, 2, 3), code
    if code:
        assert path.read_bytes() == original
    else:
        assert len(json.loads(path.read_text(encoding="utf-8"))["steps"]) == 1


# --- the findings ---------------------------------------------------------------------------


@pytest.mark.rule("K.1")
@pytest.mark.parametrize(
    ("game", "text", "rule"),
    [
        ("fresco", "jewels ²", None),
        ("fresco", "pennies ①", None),
        ("fresco", "pennies \u0661", None),  # Arabic-Indic one: once read as 1
        ("fresco", "pennies \uff11", None),  # full-width one: once read as 1
        ("fresco", "restore c³", None),
        ("barbarossa", "ask ²a", None),
        ("barbarossa", "letter 1b ²", None),
        ("barbarossa", "guess \u0661a", None),  # once read as object 1a
        ("carcassonne", "place \uff10,1 90", None),
        ("carcassonne", "place 0,1 \uff190", "C2"),  # a turn the notation does not know
    ],
)
def test_non_ascii_digits_are_no_number_in_any_game(game: str, text: str, rule: str | None) -> None:
    """Refused as text that names no action (the rule garbage gets, or Carcassonne's C2 for a
    turn), not read as a number, and never a ``ValueError`` from ``int``."""
    package, rules, _ = PACKAGES[game]
    state = states(game)[1]
    assert rules.current_player(state) is not None
    with pytest.raises(NotationError):
        package.parse_action(state, "xyzzy")
    with pytest.raises((IllegalAction, NotationError)) as refused:
        package.parse_action(state, text)
    if rule is None:
        assert type(refused.value) is NotationError
    else:
        assert isinstance(refused.value, IllegalAction) and refused.value.rule == rule


@pytest.mark.rule("A0.3")
@pytest.mark.parametrize("text", ["3,3,3,\u00b2", "3,3,3,\uff14", "3,3,3,--4", "\u2463,3,3,3"])
def test_option_numbers_are_ascii_digits_too(text: str) -> None:
    """Option text (``booth_capacities=3,3,3,4``) and adapter parameters (``players=3``) read
    numbers by the same rule: anything else is the option's own refusal, not a ``ValueError``."""
    with pytest.raises(RulesError) as refused:
        GameConfig(players=3, booth_capacities=text)
    assert "A0.3" in str(refused.value)
    assert GameConfig(players=3, booth_capacities="3, 3,3,4").booth_capacities == (3, 3, 3, 4)


@pytest.mark.parametrize("players", ["\u00b2", "\uff13", "--3", "3" * 30])
def test_adapter_parameters_are_ascii_digits(players: str) -> None:
    with pytest.raises(AdapterError, match="players must be an integer"):
        table("fresco", {"players": players})
    assert table("fresco", {"players": " 3"}).players == 3
