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
