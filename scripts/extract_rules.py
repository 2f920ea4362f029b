#!/usr/bin/env python3
"""Extract the rule catalogue from the spec markdown into the package data.

    python scripts/extract_rules.py [SPEC]   # default: fresco-base.md + fresco-modules-456.md
                                             #   + fresco-modules-123.md
    python scripts/extract_rules.py --game barbarossa [SPEC] [--output FILE]
    python scripts/extract_rules.py --game carcassonne [SPEC] [--output FILE]

Writes ``src/fresco_rules/fresco/data/rules.toml``: one ``[[rule]]`` per spec ID (R, E and A
entries, and G for the modules) with its section, title and plain text, the base game's IDs first
then those of modules 4-6 and then those of modules 1-3 (M, R1-R3 and their E and A entries),
each in spec order. With ``--game barbarossa`` the defaults are
``../shared/rules/barbarossa.md`` and ``src/fresco_rules/barbarossa/data/rules.toml`` (B, A-B
and E-B entries); with ``--game carcassonne``, ``../shared/rules/carcassonne-festival.md`` and
``src/fresco_rules/carcassonne/data/rules.toml`` (C, V, CA, F, FA, EC and EF entries). Commit the
result.
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from pathlib import Path

from fresco_rules.barbarossa.vocab import RULE_ID as BARBAROSSA_ID
from fresco_rules.carcassonne.vocab import RULE_ID as CARCASSONNE_ID
from fresco_rules.kernel.catalogue import (
    RULE_ID,
    RuleEntry,
    catalogue_from_mapping,
    catalogue_toml,
    parse_spec,
    plain,
)

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SPEC = ROOT.parent / "shared" / "rules" / "fresco-base.md"
MODULES_SPEC = ROOT.parent / "shared" / "rules" / "fresco-modules-456.md"
MODULES_123_SPEC = ROOT.parent / "shared" / "rules" / "fresco-modules-123.md"
OUTPUT = ROOT / "src" / "fresco_rules" / "fresco" / "data" / "rules.toml"
BARBAROSSA = (
    ROOT.parent / "shared" / "rules" / "barbarossa.md",
    ROOT / "src" / "fresco_rules" / "barbarossa" / "data" / "rules.toml",
)
CARCASSONNE = (
    ROOT.parent / "shared" / "rules" / "carcassonne-festival.md",
    ROOT / "src" / "fresco_rules" / "carcassonne" / "data" / "rules.toml",
)


def with_table_rows(
    markdown: str, entries: tuple[RuleEntry, ...], pattern: re.Pattern[str]
) -> tuple[RuleEntry, ...]:
    """``entries`` plus the IDs that head a table row (``| **E5.1** (example A) | ... |``, the
    score tables of fresco-modules-456.md), each placed after the rule bullet before its table.
    Its text pairs the table's column names with the row's cells."""
    row_id = re.compile(rf"^\|\s*\*\*(?P<id>{pattern.pattern})\*\*(?P<title>[^|]*)\|(?P<rest>.*)$")
    bullet = re.compile(rf"^- \*\*(?P<id>{pattern.pattern})\b")
    section, previous, header = "", "", []
    after: dict[str, list[RuleEntry]] = {}
    for line in markdown.splitlines():
        if line.startswith("#"):
            section = plain(line.lstrip("#").strip())
        found = bullet.match(line)
        if found:
            previous = found["id"]
        row = row_id.match(line)
        if row:
            cells = [plain(cell) for cell in row["rest"].strip().strip("|").split("|")]
            pairs = zip(header[1:], cells, strict=True)
            text = "; ".join(f"{name}: {cell}" for name, cell in pairs)
            title = plain(row["title"]).strip().strip("()")
            after.setdefault(previous, []).append(RuleEntry(row["id"], section, title, text))
        elif line.startswith("|") and "---" not in line:
            header = [plain(cell) for cell in line.strip().strip("|").split("|")]
    merged = list(after.get("", []))
    for entry in entries:
        merged.append(entry)
        merged.extend(after.get(entry.id, []))
    return tuple(merged)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec", nargs="?", type=Path, default=None, help="spec markdown")
    parser.add_argument("--output", type=Path, default=None, help="TOML file to write")
    parser.add_argument("--game", choices=("fresco", "barbarossa", "carcassonne"), default="fresco")
    args = parser.parse_args(argv)
    single = {
        "barbarossa": (BARBAROSSA, BARBAROSSA_ID),
        "carcassonne": (CARCASSONNE, CARCASSONNE_ID),
    }
    one_spec = args.game in single
    paths, pattern = single.get(args.game, ((DEFAULT_SPEC, OUTPUT), RULE_ID))
    spec: Path = args.spec or paths[0]
    output: Path = args.output or paths[1]
    specs = [spec] if one_spec or args.spec else [DEFAULT_SPEC, MODULES_SPEC, MODULES_123_SPEC]
    entries: tuple[RuleEntry, ...] = ()
    for source in specs:
        markdown = source.read_text(encoding="utf-8")
        found = parse_spec(markdown, id_pattern=pattern)
        if not one_spec:
            found = with_table_rows(markdown, found, pattern)
        if not found:
            print(f"no rule IDs found in {source}", file=sys.stderr)
            return 1
        entries += found
    names = " and ".join(source.name for source in specs)
    header = (
        f"{args.game.title()} rule catalogue: every rule ID of {names}, one [[rule]] each.\n"
        "Generated by scripts/extract_rules.py from the spec; do not edit by hand."
    )
    text = catalogue_toml(entries, header=header)
    catalogue_from_mapping(tomllib.loads(text), source=str(output), id_pattern=pattern)
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(text, encoding="utf-8")
    shown = output.relative_to(ROOT) if output.is_relative_to(ROOT) else output
    print(f"wrote {len(entries)} rules to {shown}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
