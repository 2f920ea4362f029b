"""The example game outside the package (issue 23, item 4): ``examples/pig_rules``, Pig with a
hidden bonus card, written only against the public game contract and found by the tools
through the entry-point group ``fresco_rules.games``.

Registration without installing: the tests put ``examples/pig_rules/src`` on the path and, in a
temporary folder also on the path, a ``pig_rules-0.1.0.dist-info`` whose ``entry_points.txt``
is made from the example's own ``pyproject.toml`` (so the entry point tested is the one the
package declares). ``importlib.metadata`` reads such a folder exactly as it reads an installed
package, so the registry finds the game as it would after ``pip install examples/pig_rules``.
The tools run in subprocesses with that path (the registry reads the entry points once per
process); the game's own rules and properties run here, importing ``pig_rules`` from its
source folder.
"""

from __future__ import annotations

import ast
import json
import os
import random
import runpy
import subprocess
import sys
import tomllib
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fresco_rules.kernel.catalogue import catalogue_toml, parse_spec
from fresco_rules.kernel.chance import start_chance
from fresco_rules.kernel.errors import (
    SHAPE_RULE,
    IllegalAction,
    InvalidData,
    MalformedAction,
    NotationError,
    RulesError,
)
from fresco_rules.kernel.fuzz import hostile_actions, reachable_states, try_action
from fresco_rules.kernel.play import random_playout
from fresco_rules.kernel.protocol import ledger_totals
from fresco_rules.kernel.records import ReplayError, replay, validate
from fresco_rules.kernel.registry import implementations

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "pig_rules"
SOURCE = EXAMPLE / "src"
TIMEOUT = 120.0
"""Seconds one tool run may take (a shared machine; they take one to ten)."""

if str(SOURCE) not in sys.path:
    sys.path.insert(0, str(SOURCE))
pig: Any = import_module("pig_rules")
DECLARATION: Any = import_module("pig_rules.declaration").DECLARATION
GAME = DECLARATION.rules

# --- registration --------------------------------------------------------------------------


def entry_points_text() -> str:
    """The example's entry points, from its pyproject.toml, as ``entry_points.txt`` writes
    them."""
    project = tomllib.loads((EXAMPLE / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    lines = []
    for group, points in project["entry-points"].items():
        lines.append(f"[{group}]")
        lines.extend(f"{name} = {target}" for name, target in points.items())
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def registered(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment of a process in which pig is registered as if installed."""
    site = tmp_path_factory.mktemp("pig_site")
    info = site / "pig_rules-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: pig-rules\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text(entry_points_text())
    path = [str(SOURCE), str(site), str(ROOT)]
    if os.environ.get("PYTHONPATH"):
        path.append(os.environ["PYTHONPATH"])
    return {**os.environ, "PYTHONPATH": os.pathsep.join(path)}


def run(
    env: dict[str, str], *args: str, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


def cli(env: dict[str, str], cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run(env, "-m", "fresco_rules", *args, cwd=cwd)


def python(env: dict[str, str], code: str) -> str:
    """What ``code`` prints, run in a process where pig is registered (fails on an error)."""
    done = run(env, "-c", code)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_entry_point_is_the_declaration() -> None:
    assert entry_points_text() == (
        "[fresco_rules.games]\npig = pig_rules.declaration:DECLARATION\n"
    )


def test_the_registry_finds_the_example_and_keeps_the_built_in_games(
    registered: dict[str, str],
) -> None:
    out = python(
        registered,
        "from fresco_rules.games import declaration, game_names\n"
        "d = declaration('pig')\n"
        "print(game_names()); print(d.title, d.players, d.default_players)\n"
        "print([(o.name, o.rule, o.values, o.default) for o in d.options()])\n"
        "print(declaration('carcassonne').title)",
    )
    assert out.splitlines() == [
        "('fresco', 'barbarossa', 'carcassonne', 'pig')",
        "Pig (2, 3, 4) 2",
        "[('target', 'AP.1', ('50', '100'), '50')]",
        "Carcassonne",
    ]


def test_a_broken_game_is_refused_by_name_and_the_others_still_load(
    registered: dict[str, str], tmp_path: Path
) -> None:
    info = tmp_path / "broken_game-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-game\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text("[fresco_rules.games]\nbroken = no_such_module:GAME\n")
    env = {**registered, "PYTHONPATH": os.pathsep.join([str(tmp_path), registered["PYTHONPATH"]])}
    out = python(
        env,
        "from fresco_rules.games import GameUnavailable, declaration, game_names\n"
        "print(game_names())\n"
        "try:\n"
        "    declaration('broken')\n"
        "except GameUnavailable as exc:\n"
        "    print(exc)\n"
        "print(declaration('pig').title, declaration('fresco').name)",
    )
    assert out.splitlines() == [
        "('fresco', 'barbarossa', 'carcassonne', 'broken', 'pig')",
        "game 'broken' failed to load: ModuleNotFoundError: \"No module named 'no_such_module'\"",
        "Pig fresco",
    ]


def test_the_example_imports_only_the_public_contract() -> None:
    """Pig imports only ``fresco_rules.kernel`` modules and their public names (none starting
    with ``_``), so no built-in game and no tool."""
    imported: set[str] = set()
    for path in sorted((SOURCE / "pig_rules").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("fresco_rules"):
                for alias in node.names:
                    assert not alias.name.startswith("_"), f"{path.name}: {alias.name}"
                    imported.add(f"{node.module}.{alias.name}")
            elif isinstance(node, ast.Import):
                imported.update(a.name for a in node.names if a.name.startswith("fresco_rules"))
    assert "fresco_rules.kernel.declaration.declare" in imported
    assert all(name.startswith("fresco_rules.kernel.") for name in imported), imported


# --- Pig's own rules: examples -------------------------------------------------------------


def fresh(players: int = 2, script: tuple[tuple[str, str], ...] = ()) -> Any:
    """A new game whose draws come from ``script`` first (the deal, then the rolls)."""
    deal = tuple(("bonus", card) for card in ("4", "0", "2", "6")[:players])
    return pig.new_game(pig.GameConfig(players=players), 0, (*deal, *script))


@pytest.mark.rule("P1")
def test_P1_each_seat_is_dealt_a_bonus_card_and_seat_0_starts() -> None:
    state = fresh(3)
    assert state.bonus == (4, 0, 2)
    assert state.banks == (0, 0, 0) and state.active == 0 and state.turn == 1
    assert tuple(state.chance.log) == (("bonus", "4"), ("bonus", "0"), ("bonus", "2"))
    assert pig.token_ledger(state) == {"bonus cards": {"dealt": 3, "deck": 5}}


@pytest.mark.rule("P3", "P4", "P5")
def test_P3_rolls_add_P4_a_one_loses_the_turn_total_P5_a_hold_banks_it() -> None:
    state = fresh(2, (("die", "5"), ("die", "3"), ("die", "1"), ("die", "6")))
    state = pig.apply(state, pig.Roll())
    state = pig.apply(state, pig.Roll())
    assert (state.turn_total, state.last_roll, state.active) == (8, 3, 0)
    state = pig.apply(state, pig.Roll())  # the 1
    assert (state.turn_total, state.last_roll, state.active, state.turn) == (0, 1, 1, 2)
    state = pig.apply(pig.apply(state, pig.Roll()), pig.Hold())
    assert state.banks == (0, 6) and state.active == 0 and state.turn == 3


@pytest.mark.rule("P5")
def test_P5_holding_before_a_roll_is_refused_by_explain_and_apply_alike() -> None:
    state = fresh()
    problem = pig.explain(state, pig.Hold())
    assert isinstance(problem, IllegalAction) and problem.rule == "P5"
    assert str(problem) == (
        "P5: seat 0: roll at least once before holding [turn 1, seat 0 with a turn total of 0]"
    )
    with pytest.raises(IllegalAction) as raised:
        pig.apply(state, pig.Hold())
    assert raised.value == problem
    assert pig.legal_actions(state) == (pig.Roll(),)


@pytest.mark.rule("P6", "P7")
def test_P6_a_bank_at_the_target_ends_the_game_P7_bonus_cards_count_at_the_end() -> None:
    state = fresh(2, (("die", "6"),) * 9)
    for _ in range(9):
        state = pig.apply(state, pig.Roll())
    assert pig.scores(state) == (0, 0)
    state = pig.apply(state, pig.Hold())
    assert pig.is_over(state) and pig.current_player(state) is None
    assert pig.scores(state) == (58, 0) and pig.winners(state) == (0,)
    assert pig.legal_actions(state) == ()
    problem = pig.explain(state, pig.Roll())
    assert problem is not None and problem.rule == "P6"


@pytest.mark.rule("P7")
def test_P7_a_bonus_card_can_turn_the_result_and_ties_all_win() -> None:
    base = fresh(2)
    over = attrs.evolve(base, banks=(50, 48), bonus=(0, 2), over=True)
    assert pig.winners(over) == (0, 1) and pig.scores(over) == (50, 50)
    assert pig.winners(attrs.evolve(over, bonus=(0, 6))) == (1,)


@pytest.mark.rule("P8")
def test_P8_a_seat_sees_its_own_bonus_card_and_the_others_only_at_the_end() -> None:
    state = fresh(3)
    view = pig.player_view(state, 1)
    assert view.own_bonus == 0 and view.bonuses == (None, None, None)
    assert view["banks"] == (0, 0, 0)
    assert "bonus cards face down" in pig.board(state) and "4" not in pig.board(state)
    over = attrs.evolve(state, banks=(50, 0, 0), over=True)
    assert pig.player_view(over, 1).bonuses == (4, 0, 2)


@pytest.mark.rule("K.1", "P2")
def test_what_is_no_pig_action_is_refused_under_K1() -> None:
    state = fresh()
    problem = pig.explain(state, "roll")
    assert isinstance(problem, MalformedAction) and problem.rule == SHAPE_RULE
    with pytest.raises(MalformedAction):
        pig.apply(state, object())


@pytest.mark.rule("P5")
def test_the_notation_reads_roll_and_hold_and_names_the_rule_or_no_rule() -> None:
    state = fresh()
    assert pig.parse_action(state, " ROLL ") == pig.Roll()
    assert pig.legal_forms(state) == ("roll",)
    with pytest.raises(IllegalAction) as illegal:
        pig.parse_action(state, "hold")
    assert illegal.value.rule == "P5" and "closest legal: roll" in str(illegal.value)
    with pytest.raises(NotationError, match="'jump' names no action; closest legal: roll"):
        pig.parse_action(state, "jump")


@pytest.mark.rule("AP.1", "P1")
def test_AP1_the_target_is_50_or_100_and_a_bad_config_is_refused() -> None:
    assert pig.GameConfig(target="100").target is pig.Target.HUNDRED
    assert pig.GameConfig(target=50).target is pig.Target.FIFTY
    with pytest.raises(pig.InvalidConfig, match=r"AP\.1: target takes one of: 50, 100"):
        pig.GameConfig(target="75")
    with pytest.raises(pig.InvalidConfig, match="P1: Pig takes 2-4 players, not 5"):
        pig.new_game(pig.GameConfig(players=5))


@pytest.mark.rule("P1", "P3", "P4")
def test_component_data_is_bounded_and_checked(tmp_path: Path) -> None:
    data = DECLARATION.components
    raw = data.to_mapping(data.default())
    assert raw == {
        "name": "pig-standard",
        "version": 1,
        "faces": [1, 2, 3, 4, 5, 6],
        "bust": 1,
        "bonus": [0, 0, 2, 2, 4, 4, 6, 8],
    }
    assert data.from_mapping(raw) == data.default()
    with pytest.raises(InvalidData, match=r"the bust face 7 is no face @ \$\.bust"):
        data.from_mapping({**raw, "bust": 7})
    with pytest.raises(InvalidData, match=r"holds 4\.\.20 items, not 2 @ \$\.bonus"):
        data.from_mapping({**raw, "bonus": [1, 2]})
    with pytest.raises(InvalidData, match=r"within 1\.\.20, not 99 @ \$\.faces\[1\]"):
        data.from_mapping({**raw, "faces": [1, 99]})
    file = tmp_path / "dice.toml"
    file.write_text(data.template_text().replace("faces = [1, 2, 3, 4, 5, 6]", "faces = [1, 2]"))
    assert data.load(str(file)).faces == (1, 2)


def test_the_catalogue_is_the_spec_and_the_shipped_schema_is_generated() -> None:
    spec = (EXAMPLE / "spec.md").read_text(encoding="utf-8")
    entries = parse_spec(spec, id_pattern=DECLARATION.rule_id)
    assert [entry.id for entry in DECLARATION.catalogue()] == [
        *(f"P{n}" for n in range(1, 9)),
        "AP.1",
    ]
    assert DECLARATION.catalogue() == entries
    shipped = (SOURCE / "pig_rules" / "data" / "rules.toml").read_text(encoding="utf-8")
    assert tomllib.loads(shipped) == tomllib.loads(catalogue_toml(entries))
    schema = json.loads((SOURCE / "pig_rules" / "data" / "record.schema.json").read_text())
    assert schema == import_module("pig_rules.records").build_schema()


def test_every_rule_has_code_that_names_it() -> None:
    implemented = implementations()
    for entry in DECLARATION.catalogue():
        assert any(name.startswith("pig_rules.") for name in implemented.get(entry.id, ())), (
            entry.id
        )


def test_the_committed_rules_matrix_is_current() -> None:
    """``examples/pig_rules/rules-matrix.md``: every rule ID with its code and its tests (run
    ``python examples/pig_rules/make_rules_matrix.py`` after changing either)."""
    script = runpy.run_path(str(EXAMPLE / "make_rules_matrix.py"))
    page = (EXAMPLE / "rules-matrix.md").read_text(encoding="utf-8")
    assert page == script["generate"](ROOT / "tests")
    assert "- IDs with no implementing function (0): none" in page
    assert "- IDs with no test (0): none" in page


# --- Pig's laws: properties ----------------------------------------------------------------

players = st.integers(2, 4)
seeds = st.integers(0, 2**64 - 1)
targets = st.sampled_from(["50", "100"])


@cache
def states_of(count: int, target: str) -> tuple[Any, ...]:
    return tuple(reachable_states(GAME, pig.GameConfig(players=count, target=target), 5, count=30))


@pytest.mark.rule("P2", "P6", "P1")
@settings(max_examples=25, deadline=None)
@given(count=players, target=targets, seed=seeds)
def test_random_play_ends_and_obeys_every_law(count: int, target: str, seed: int) -> None:
    config = pig.GameConfig(players=count, target=target)
    seen: list[Any] = []

    def check(before: Any, action: Any, after: Any) -> None:
        assert action in pig.legal_actions(before)
        assert ledger_totals(pig.token_ledger(after)) == {"bonus cards": 8}
        assert sum(after.banks) >= sum(before.banks)
        seen.append(after)

    playout = random_playout(GAME, config, seed, on_step=check)
    final = playout.final
    assert pig.is_over(final) and max(final.banks) >= int(target)
    assert pig.scores(final) == tuple(b + c for b, c in zip(final.banks, final.bonus, strict=True))
    assert len(final.chance.log) == count + sum(1 for _, a in playout.steps if a == pig.Roll())


@pytest.mark.rule("P2", "K.1")
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(count=players, index=st.integers(0, 10_000), seed=st.integers(0, 2**32))
def test_hostile_actions_get_a_rules_error_and_accepted_means_canonical(
    count: int, index: int, seed: int
) -> None:
    states = states_of(count, "50")
    state = states[index % len(states)]
    pick = random.Random(seed).randrange
    legal = pig.legal_actions(state)
    for action in [*legal, *hostile_actions(pig.ACTION_TYPES, legal, pick)]:
        attempt = try_action(GAME, state, action, seconds=10.0)
        assert not attempt.failed, attempt


@pytest.mark.rule("P8")
@settings(max_examples=40, deadline=None)
@given(count=players, index=st.integers(0, 10_000), cards=st.lists(st.integers(0, 8), min_size=4))
def test_what_a_seat_cannot_see_changes_nothing_it_is_offered_told_or_shown(
    count: int, index: int, cards: list[int]
) -> None:
    states = states_of(count, "50")
    state = states[index % len(states)]
    seat = pig.current_player(state)
    if seat is None:
        return
    hidden = tuple(card if s == seat else cards[s] for s, card in enumerate(state.bonus))
    other = attrs.evolve(state, bonus=hidden)
    assert pig.legal_actions(other) == pig.legal_actions(state)
    assert pig.player_view(other, seat) == pig.player_view(state, seat)
    assert DECLARATION.adapter.tensor(other, seat) == DECLARATION.adapter.tensor(state, seat)
    assert pig.board(other) == pig.board(state) and pig.svg(other) == pig.svg(state)
    for action in (pig.Roll(), pig.Hold(), "hold"):
        assert str(pig.explain(other, action)) == str(pig.explain(state, action))


@pytest.mark.rule("P1", "P3")
@settings(max_examples=15, deadline=None)
@given(count=players, target=targets, seed=seeds)
def test_records_round_trip_and_replay_strictly(count: int, target: str, seed: int) -> None:
    config = pig.GameConfig(players=count, target=target)
    after: list[Any] = []
    playout = random_playout(GAME, config, seed, on_step=lambda b, a, s: after.append(s))
    record = DECLARATION.record_game(config, seed, playout.steps, playout.final)
    text = json.dumps(record)
    assert replay(GAME, text) == playout.final
    codec = GAME.codec
    for state in after[:: max(1, len(after) // 10)]:
        assert codec.state_from_json(json.loads(json.dumps(codec.state_to_json(state)))) == state
    foreign = {**record, "seed": None}
    report = validate(GAME, foreign)
    assert report.ok and report.scores == pig.scores(playout.final)
    if record["chance"][count:]:  # a roll no die shows is refused under P3
        bad = {**record, "seed": None, "chance": [*record["chance"][:count], ["die", "9"]]}
        with pytest.raises(ReplayError, match="P3"):
            replay(GAME, bad)


def test_a_record_with_an_illegal_hold_fails_replay_naming_P5() -> None:
    state = fresh()
    record = DECLARATION.record_game(pig.GameConfig(), 0, [(0, pig.Hold())], state)
    with pytest.raises(RulesError, match="P5"):
        replay(GAME, record)


@pytest.mark.rule("P1")
def test_the_deal_comes_from_the_seed_only() -> None:
    deals = [pig.new_game(pig.GameConfig(players=4), seed).bonus for seed in range(12)]
    assert deals == [pig.new_game(pig.GameConfig(players=4), seed).bonus for seed in range(12)]
    assert len(set(deals)) > 1
    assert pig.new_game(pig.GameConfig(players=4), 5).chance.rng != start_chance(5).rng


# --- the whole toolchain on the example (subprocesses, pig registered) ----------------------


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("pig_cli")


def test_cli_new_legal_move_show_replay(registered: dict[str, str], workdir: Path) -> None:
    done = cli(
        registered, workdir, "new", "--game", "pig", "--seed", "3", "--players", "3", "g.json"
    )
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    legal = cli(registered, workdir, "legal", "g.json")
    assert legal.returncode == 0 and legal.stdout.splitlines()[1:] == ["  roll"]
    refused = cli(registered, workdir, "move", "g.json", "hold")
    assert refused.returncode == 1 and "P5" in refused.stderr
    unknown = cli(registered, workdir, "move", "g.json", "jump")
    assert unknown.returncode == 3
    assert cli(registered, workdir, "move", "g.json", "roll").returncode == 0
    show = cli(registered, workdir, "show", "g.json", "--svg", "g.svg")
    assert show.returncode == 0 and "bonus cards face down" in show.stdout
    assert (workdir / "g.svg").read_text().startswith("<svg")
    check = cli(registered, workdir, "replay", "g.json")
    assert check.returncode == 0 and "valid: 1 steps, game not over" in check.stdout.splitlines()


def test_cli_play_writes_a_record_that_replays(registered: dict[str, str], workdir: Path) -> None:
    played = cli(
        registered,
        workdir,
        "play",
        "--game",
        "pig",
        "--seed",
        "7",
        "--option",
        "target=100",
        "--quiet",
        "--record",
        "p.json",
    )
    assert played.returncode == 0, played.stderr
    record = json.loads((workdir / "p.json").read_text())
    assert record["game"] == "pig" and record["setup"]["target"] == "100"
    check = cli(registered, workdir, "replay", "--quiet", "p.json")
    assert check.returncode == 0 and "game over" in check.stdout


def test_cli_rules_lists_pigs_catalogue_with_code(
    registered: dict[str, str], workdir: Path
) -> None:
    listed = cli(registered, workdir, "rules", "--game", "pig")
    assert listed.returncode == 0
    assert [line.split()[0] for line in listed.stdout.splitlines()] == [
        *(f"P{n}" for n in range(1, 9)),
        "AP.1",
    ]
    one = cli(registered, workdir, "rules", "--game", "pig", "P5")
    assert one.returncode == 0 and "pig_rules.engine.do_hold" in one.stdout


def test_openspiel_loads_and_simulates_pig(registered: dict[str, str]) -> None:
    out = python(
        registered,
        "import pyspiel, fresco_rules.openspiel\n"
        "game = pyspiel.load_game('fresco_rules_pig(players=3,target=100)')\n"
        "pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)\n"
        "print(game.num_players(), game.num_distinct_actions())",
    )
    assert out.split() == ["3", "2"]


def test_pettingzoo_api_test_passes_on_pig(registered: dict[str, str]) -> None:
    out = python(
        registered,
        "from pettingzoo.test import api_test\n"
        "from fresco_rules.pettingzoo import env\n"
        "api_test(env('pig', players=2), num_cycles=200)\n"
        "print('ok')",
    )
    assert out.split()[-1] == "ok"


def test_conform_checks_pig_against_itself(registered: dict[str, str], workdir: Path) -> None:
    engine = f"{sys.executable} -m fresco_rules conform --serve --game pig"
    done = cli(
        registered,
        workdir,
        "conform",
        "--quiet",
        "--game",
        "pig",
        "--engine",
        engine,
        "--games",
        "5",
        "--seed",
        "1",
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("conformant: 5 games")


def test_a_twenty_game_two_arm_study_runs_on_pig(registered: dict[str, str], workdir: Path) -> None:
    done = cli(
        registered,
        workdir,
        "study",
        "--game",
        "pig",
        "--games",
        "20",
        "--seed",
        "1",
        "--arm",
        "target=50",
        "--arm",
        "target=100",
        "--out",
        "study",
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads((workdir / "study" / "summary.json").read_text())
    assert "busts" in json.dumps(summary) and "turns" in json.dumps(summary)
