#!/usr/bin/env python3
"""Write the interpretation atlas, docs/atlas.md: every option with two or more values of every
registered game, each alternative against the default, searched for divergences.

    python scripts/atlas.py --games 100 --jobs 2        # the full atlas (minutes)
    python scripts/atlas.py --games 4 --only fresco     # a quick look (prints, writes nothing)

Each alternative's games are journaled under --work (default .atlas-work/), so an interrupted
run started again with the same arguments resumes. Progress (entries done, time left) goes to
stderr.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from fresco_rules.diverge.atlas import PAGE, entries, render, run_entry
from fresco_rules.kernel.files import write_atomic

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per player kind")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--work", type=Path, default=ROOT / ".atlas-work")
    parser.add_argument("--only", help="one game: print its part of the page, write nothing")
    args = parser.parse_args(argv)
    todo = entries(None if args.only is None else [args.only])
    results = []
    started = time.monotonic()
    for number, entry in enumerate(todo, start=1):
        folder = args.work / f"seed{args.seed}" / entry.game / f"{entry.option}={entry.value}"
        results.append(
            run_entry(entry, games=args.games, seed=args.seed, jobs=args.jobs, journal_dir=folder)
        )
        spent = time.monotonic() - started
        left = spent / number * (len(todo) - number)
        print(
            f"atlas: {number}/{len(todo)} {entry.game} {entry.option}={entry.value} "
            f"({spent:.0f} s, about {left:.0f} s left)",
            file=sys.stderr,
        )
    page = render(results, games=args.games, seed=args.seed)
    if args.only is not None:
        print(page)
        return 0
    write_atomic(ROOT / PAGE, page, overwrite=True, what="atlas page")
    print(f"wrote {PAGE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
