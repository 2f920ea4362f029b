"""Shared test set-up: Hypothesis profiles (fast locally, heavier when CI=true)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "dev", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile(
    # scripts/mutation.py: the same examples for the clean run and every mutant
    "mutation",
    max_examples=30,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
if os.environ.get("FRESCO_MUTATION"):
    settings.load_profile("mutation")
else:
    settings.load_profile("ci" if os.environ.get("CI") else "dev")

if os.environ.get("FRESCO_MUTATION"):
    # mutmut forks each mutant's tests from a process that ran the clean suite: a memo that run
    # filled would hide every mutant in the code that fills it, so each test starts with empty
    # memos (Carcassonne's legal-action caches; Barbarossa has none)
    from collections.abc import Iterator

    import pytest

    from fresco_rules.carcassonne import engine as _carcassonne_engine

    @pytest.fixture(autouse=True)
    def _empty_memos() -> Iterator[None]:
        _carcassonne_engine._PLACE_CACHE.clear()
        _carcassonne_engine._DEPLOY_CACHE.clear()
        yield

