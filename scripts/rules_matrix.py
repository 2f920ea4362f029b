#!/usr/bin/env python3
"""Write docs/rules-matrix.md: each spec rule ID with its implementing functions and tests.

    python scripts/rules_matrix.py           # regenerate docs/rules-matrix.md
    python scripts/rules_matrix.py --check   # exit 1 if the committed file is stale

It writes Barbarossa's matrix too, to docs/rules-matrix-barbarossa.md (from
``fresco_rules/barbarossa/data/rules.toml``) and Carcassonne's to docs/rules-matrix-carcassonne.md.
Each matrix keeps only its own game's rule IDs.

Sources: the catalogue shipped in ``fresco_rules/fresco/data/rules.toml``, the ``implements``
registry (filled by importing ``fresco_rules.fresco``) and the ``pytest.mark.rule`` marks found
by scanning ``tests/``.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "docs" / "rules-matrix.md"
BARBAROSSA_OUTPUT = ROOT / "docs" / "rules-matrix-barbarossa.md"
CARCASSONNE_OUTPUT = ROOT / "docs" / "rules-matrix-carcassonne.md"
TESTS = ROOT / "tests"


def generate(tests_dir: Path = TESTS, root: Path = ROOT) -> str:
    """The matrix page as it should be committed."""
    import fresco_rules.fresco  # noqa: F401  (fills the implements registry)
    from fresco_rules.kernel.catalogue import load_catalogue
    from fresco_rules.kernel.matrix import render_markdown, rules_matrix
    from fresco_rules.kernel.registry import implementations

    catalogue = load_catalogue("fresco_rules.fresco", "data/rules.toml")
    # Fresco's IDs (R, E, A, G): Carcassonne's C0.1-C0.3 have the kernel's default shape too
    fresco_id = re.compile(r"[AEGR][0-9]*\.[0-9]+")
    matrix = rules_matrix(catalogue, implementations(), tests_dir, root, id_pattern=fresco_id)
    return render_markdown(
        matrix,
        title="Fresco rules matrix",
        generator="python scripts/rules_matrix.py",
        strip_prefix="fresco_rules.",
    )


def generate_barbarossa(tests_dir: Path = TESTS, root: Path = ROOT) -> str:
    """Barbarossa's matrix page as it should be committed."""
    from fresco_rules.barbarossa import RULE_ID
    from fresco_rules.kernel.catalogue import load_catalogue
    from fresco_rules.kernel.matrix import render_markdown, rules_matrix
    from fresco_rules.kernel.registry import implementations

    catalogue = load_catalogue("fresco_rules.barbarossa", "data/rules.toml", id_pattern=RULE_ID)
    matrix = rules_matrix(catalogue, implementations(), tests_dir, root, id_pattern=RULE_ID)
    return render_markdown(
        matrix,
        title="Barbarossa rules matrix",
        generator="python scripts/rules_matrix.py",
        strip_prefix="fresco_rules.",
    )


def generate_carcassonne(tests_dir: Path = TESTS, root: Path = ROOT) -> str:
    """Carcassonne's matrix page as it should be committed."""
    from fresco_rules.carcassonne import RULE_ID
    from fresco_rules.kernel.catalogue import load_catalogue
    from fresco_rules.kernel.matrix import render_markdown, rules_matrix
    from fresco_rules.kernel.registry import implementations

    catalogue = load_catalogue("fresco_rules.carcassonne", "data/rules.toml", id_pattern=RULE_ID)
    matrix = rules_matrix(catalogue, implementations(), tests_dir, root, id_pattern=RULE_ID)
    return render_markdown(
        matrix,
        title="Carcassonne rules matrix",
        generator="python scripts/rules_matrix.py",
        strip_prefix="fresco_rules.",
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    parser.add_argument("--output", type=Path, default=OUTPUT, help="Markdown file to write")
    parser.add_argument(
        "--barbarossa-output", type=Path, default=BARBAROSSA_OUTPUT, help="Barbarossa's file"
    )
    args = parser.parse_args(argv)
    pages: list[tuple[Path, str]] = [
        (args.output, generate()),
        (args.barbarossa_output, generate_barbarossa()),
        (CARCASSONNE_OUTPUT, generate_carcassonne()),
    ]
    stale = 0
    for output, text in pages:
        if args.check:
            current = output.read_text(encoding="utf-8") if output.exists() else ""
            if current != text:
                print(f"{output} is stale: run `python scripts/rules_matrix.py`", file=sys.stderr)
                stale = 1
            else:
                print(f"{output} is up to date")
            continue
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text(text, encoding="utf-8")
        print(f"wrote {output}")
    return stale


if __name__ == "__main__":
    raise SystemExit(main())
