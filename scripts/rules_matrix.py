#!/usr/bin/env python3
"""Write docs/rules-matrix.md: each spec rule ID with its implementing functions and tests.

    python scripts/rules_matrix.py           # regenerate docs/rules-matrix.md
    python scripts/rules_matrix.py --check   # exit 1 if the committed file is stale

Sources: the catalogue shipped in ``fresco_rules/fresco/data/rules.toml``, the ``implements``
registry (filled by importing ``fresco_rules.fresco``) and the ``pytest.mark.rule`` marks found
by scanning ``tests/``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "docs" / "rules-matrix.md"
TESTS = ROOT / "tests"


def generate(tests_dir: Path = TESTS, root: Path = ROOT) -> str:
    """The matrix page as it should be committed."""
    import fresco_rules.fresco  # noqa: F401  (fills the implements registry)
    from fresco_rules.kernel.catalogue import RULE_ID, load_catalogue
    from fresco_rules.kernel.matrix import render_markdown, rules_matrix
    from fresco_rules.kernel.registry import implementations

    catalogue = load_catalogue("fresco_rules.fresco", "data/rules.toml")
    matrix = rules_matrix(catalogue, implementations(), tests_dir, root, id_pattern=RULE_ID)
    return render_markdown(
        matrix,
        title="Fresco rules matrix",
        generator="python scripts/rules_matrix.py",
        strip_prefix="fresco_rules.",
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    parser.add_argument("--output", type=Path, default=OUTPUT, help="Markdown file to write")
    args = parser.parse_args(argv)
    output: Path = args.output
    text = generate()
    if args.check:
        current = output.read_text(encoding="utf-8") if output.exists() else ""
        if current != text:
            print(f"{output} is stale: run `python scripts/rules_matrix.py`", file=sys.stderr)
            return 1
        print(f"{output} is up to date")
        return 0
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(text, encoding="utf-8")
    print(f"wrote {output}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
