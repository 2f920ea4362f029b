#!/usr/bin/env python3
"""Write Pig's rules matrix (``rules-matrix.md``): each rule ID with the functions that
implement it and the tests that mark it, from the catalogue the declaration reads, the
``implements`` registry and the ``pytest.mark.rule`` marks under the checkout's ``tests/``.

    python examples/pig_rules/make_rules_matrix.py

``tests/test_example_game.py`` fails when the committed page is stale."""

from __future__ import annotations

import sys
from pathlib import Path

from fresco_rules.kernel.matrix import render_markdown, rules_matrix
from fresco_rules.kernel.registry import implementations

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parents[1]
PAGE = HERE / "rules-matrix.md"

if str(HERE / "src") not in sys.path:  # the example's source, installed or not
    sys.path.insert(0, str(HERE / "src"))

from pig_rules.declaration import DECLARATION  # noqa: E402


def generate(tests: Path = CHECKOUT / "tests") -> str:
    """The page as it should be committed."""
    matrix = rules_matrix(
        DECLARATION.catalogue(),
        implementations(),
        tests,
        CHECKOUT,
        id_pattern=DECLARATION.rule_id,
    )
    return render_markdown(
        matrix,
        title="Pig rules matrix",
        generator="python examples/pig_rules/make_rules_matrix.py",
        strip_prefix="pig_rules.",
    )


if __name__ == "__main__":
    PAGE.write_text(generate(), encoding="utf-8")
    print(f"wrote {PAGE}")
