"""issue 15: every mutant listed as equivalent in ``mutation/equivalent.toml`` still exists in
the current code, and each entry gives its reason (cheap: mutants are generated, none run)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutation_script", ROOT / "scripts/mutation.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


MUTATION = _script()
EQUIVALENTS = MUTATION.load_equivalents()
SOURCES = {target.module: target.source for target in MUTATION.TARGETS.values()}


def test_every_listed_module_is_a_mutation_target() -> None:
    assert {e.module for e in EQUIVALENTS} <= set(SOURCES)


def test_every_file_that_implements_a_rule_is_a_mutation_target() -> None:
    """The scope grows with the rules: a game's file with ``@implements`` is a target."""
    games = [ROOT / "src/fresco_rules" / game for game in ("fresco", "barbarossa", "carcassonne")]
    carrying = {
        path.relative_to(ROOT).as_posix()
        for folder in games
        for path in folder.rglob("*.py")
        if "@implements(" in path.read_text(encoding="utf-8")
    }
    assert len(carrying) >= 25
    assert carrying <= set(SOURCES.values()), sorted(carrying - set(SOURCES.values()))


@pytest.mark.parametrize("module", sorted({e.module for e in EQUIVALENTS}))
def test_every_listed_equivalent_mutant_still_exists(module: str) -> None:
    """One module per test (so parallel workers share them); only the listed functions'
    mutants are rendered, the only ones an entry can match."""
    listed = [e for e in EQUIVALENTS if e.module == module]
    mutants = MUTATION.list_mutants(SOURCES[module], functions={e.function for e in listed})
    gone = [e for e in listed if not any(e.matches(m) for m in mutants)]
    assert not gone, f"listed as equivalent but no longer generated: {gone}"


def test_every_entry_gives_a_reason() -> None:
    assert all(len(e.reason.split()) >= 4 for e in EQUIVALENTS)


def test_a_stale_entry_is_noticed() -> None:
    """The check can fail: an entry for a change no mutant makes matches nothing."""
    stale = MUTATION.Equivalent(
        module="fresco_rules.fresco.scoring",
        function="bishop_bonus",
        original="return 3",
        mutant="return 33",
        reason="a made-up mutant for this test",
    )
    every = MUTATION.list_mutants(SOURCES[stale.module])
    assert not any(stale.matches(m) for m in every)
    real = every[0]
    assert MUTATION.Equivalent(
        real.name.rpartition(".x_")[0],
        real.function,
        " ".join(real.removed),
        " ".join(real.added),
        "the first mutant, as listed",
    ).matches(real)


@pytest.mark.parametrize("target", sorted(MUTATION.TARGETS))
def test_every_target_names_existing_files(target: str) -> None:
    found = MUTATION.TARGETS[target]
    assert (ROOT / found.source).is_file()
    assert found.tests and all((ROOT / test).is_file() for test in found.tests)


def test_listing_some_functions_gives_exactly_their_mutants_with_the_same_names() -> None:
    """The filter the equivalents check uses drops no mutant of a named function and renames
    none (mutmut numbers the mutants of each function in order)."""
    every = MUTATION.list_mutants(SOURCES["fresco_rules.barbarossa.scoring"])
    named = {every[0].function, every[-1].function}
    some = MUTATION.list_mutants(SOURCES["fresco_rules.barbarossa.scoring"], functions=named)
    assert some == [m for m in every if m.function in named]
    assert len(some) < len(every)
