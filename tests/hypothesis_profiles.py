"""The suite's Hypothesis profiles, chosen by the ``HYPOTHESIS_PROFILE`` environment variable.

* ``suite`` (the default, what ``.ci/run`` runs): 30 examples per property, a few minutes for
  the whole suite.
* ``long``: ten times the examples everywhere, including the properties that set their own
  count (through :func:`examples`); for fuzzing before a release or after a rules change.
* ``mutation``: what ``scripts/mutation.py`` runs (it sets ``FRESCO_MUTATION``): the suite's
  count, derandomized and without the example database, so the clean run and every mutant see
  the same examples.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

PROFILE_VARIABLE = "HYPOTHESIS_PROFILE"
SUITE = "suite"
LONG = "long"
MUTATION = "mutation"
SUITE_EXAMPLES = 30
LONG_FACTOR = 10
"""How many times the suite's examples the ``long`` profile runs."""


def register() -> None:
    settings.register_profile(
        SUITE,
        max_examples=SUITE_EXAMPLES,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        print_blob=True,
    )
    settings.register_profile(
        LONG,
        max_examples=SUITE_EXAMPLES * LONG_FACTOR,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        print_blob=True,
    )
    settings.register_profile(
        MUTATION,
        max_examples=SUITE_EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


def chosen() -> str:
    """The profile the environment asks for: ``HYPOTHESIS_PROFILE`` if set, else ``mutation``
    under ``scripts/mutation.py``, else ``suite``."""
    name = os.environ.get(PROFILE_VARIABLE, "").strip()
    if not name:
        return MUTATION if os.environ.get("FRESCO_MUTATION") else SUITE
    if name not in (SUITE, LONG, MUTATION):
        raise ValueError(
            f"{PROFILE_VARIABLE}={name!r}: not a profile of this suite "
            f"(choose {SUITE}, {LONG} or {MUTATION})"
        )
    return name


def examples(count: int) -> int:
    """A property's own example count under the chosen profile: ``count`` in the suite,
    ``LONG_FACTOR`` times it under ``long``."""
    return count * LONG_FACTOR if chosen() == LONG else count
