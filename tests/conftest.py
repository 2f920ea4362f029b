"""Shared test set-up: Hypothesis profiles (fast locally, heavier when CI=true)."""

from __future__ import annotations

import os
import sys

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


def pytest_sessionstart(session: object) -> None:
    """Under scripts/mutation.py every mutant's test session starts from empty caches.

    mutmut's workers fork from a process whose clean test run filled the package's
    ``functools`` caches (the Glassworks choices, the hand-ins of a window, the plans for an
    apprentice count, ...); a mutant in a function whose results were cached there would never
    run. Clearing them makes the mutant's own code build every cached value again."""
    if not os.environ.get("FRESCO_MUTATION"):
        return
    for name, module in list(sys.modules.items()):
        if name.startswith("fresco_rules") and module is not None:
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()
