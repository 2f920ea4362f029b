"""The suite's Hypothesis profiles: ``suite`` unless the environment names another, ``long``
with ten times the examples (also for properties that set their own count), ``mutation`` under
``scripts/mutation.py``, and a clear error for a name the suite does not have."""

from __future__ import annotations

import pytest
from hypothesis import settings

from . import hypothesis_profiles as profiles


@pytest.fixture
def environment(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    monkeypatch.delenv(profiles.PROFILE_VARIABLE, raising=False)
    monkeypatch.delenv("FRESCO_MUTATION", raising=False)
    return monkeypatch


def test_the_suite_profile_is_the_default(environment: pytest.MonkeyPatch) -> None:
    assert profiles.chosen() == "suite"
    assert profiles.examples(40) == 40
    assert settings.get_profile("suite").max_examples == 30


def test_the_long_profile_runs_ten_times_the_examples(environment: pytest.MonkeyPatch) -> None:
    environment.setenv(profiles.PROFILE_VARIABLE, "long")
    assert profiles.chosen() == "long"
    assert profiles.examples(40) == 400
    assert settings.get_profile("long").max_examples == 300


def test_mutation_testing_gets_repeatable_examples(environment: pytest.MonkeyPatch) -> None:
    environment.setenv("FRESCO_MUTATION", "1")
    assert profiles.chosen() == "mutation"
    assert profiles.examples(40) == 40
    mutation = settings.get_profile("mutation")
    assert mutation.derandomize and mutation.database is None


def test_an_unknown_profile_is_refused_by_name(environment: pytest.MonkeyPatch) -> None:
    environment.setenv(profiles.PROFILE_VARIABLE, "ci")
    with pytest.raises(ValueError, match="HYPOTHESIS_PROFILE='ci': not a profile of this suite"):
        profiles.chosen()
