#!/usr/bin/env python3
"""Write the rules matrices: each spec rule ID with its implementing functions and tests.

    python scripts/rules_matrix.py           # regenerate docs/rules-matrix*.md
    python scripts/rules_matrix.py --check   # exit 1 if a committed file is stale

One page per game of ``fresco_rules.games``: the default game's is docs/rules-matrix.md, every
other game's docs/rules-matrix-<game>.md. Each matrix keeps only its own game's rule IDs (the
game's ``RULE_ID``).

Sources: the catalogue a game ships in ``data/rules.toml``, the ``implements`` registry (filled
by importing the game) and the ``pytest.mark.rule`` marks found by scanning ``tests/``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fresco_rules.games import DEFAULT_GAME, declaration, game_names
from fresco_rules.kernel.matrix import render_markdown, rules_matrix
from fresco_rules.kernel.registry import implementations

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
TESTS = ROOT / "tests"


def page_name(game: str) -> str:
    """The file name of a game's matrix page."""
    return "rules-matrix.md" if game == DEFAULT_GAME else f"rules-matrix-{game}.md"


def generate(tests_dir: Path = TESTS, root: Path = ROOT, game: str = DEFAULT_GAME) -> str:
    """A game's matrix page as it should be committed."""
    declared = declaration(game)  # loading the game fills the registry of implementations
    rule_id = declared.rule_id
    catalogue = declared.catalogue()
    matrix = rules_matrix(catalogue, implementations(), tests_dir, root, id_pattern=rule_id)
    return render_markdown(
        matrix,
        title=f"{declared.title} rules matrix",
        generator="python scripts/rules_matrix.py",
        strip_prefix="fresco_rules.",
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    parser.add_argument("--docs", type=Path, default=DOCS, help="the folder of the pages")
    args = parser.parse_args(argv)
    pages = [(args.docs / page_name(game), generate(game=game)) for game in game_names()]
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
