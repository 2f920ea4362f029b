"""Shared test set-up: the Hypothesis profile (``tests/hypothesis_profiles.py``: ``suite`` by
default, ``long`` with ``HYPOTHESIS_PROFILE=long``) and empty caches under mutation testing."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import pytest
from hypothesis import settings

from fresco_rules.carcassonne import config as _carcassonne_config
from fresco_rules.carcassonne import turns as _carcassonne_turns

from . import hypothesis_profiles

hypothesis_profiles.register()
settings.load_profile(hypothesis_profiles.chosen())


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


@pytest.fixture(autouse=True)
def _empty_memos() -> Iterator[None]:
    """Under scripts/mutation.py every test starts with empty Carcassonne legal-action memos
    (plain dicts, which the session-start clearing above does not reach): a memo the clean run
    filled would hide every mutant in the code that fills it."""
    if os.environ.get("FRESCO_MUTATION"):
        _carcassonne_turns._PLACE_CACHE.clear()
        _carcassonne_turns._DEPLOY_CACHE.clear()
        # the tile geometry of each tile set: every test builds it again, so mutmut sees every
        # test that uses it call carcassonne/geometry.py and runs them all on its mutants
        _carcassonne_config._geometry.cache_clear()
    yield
