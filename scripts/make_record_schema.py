#!/usr/bin/env python3
"""Write the record JSON Schema each game of ``fresco_rules.games`` ships in its package (run
after changing actions or the config): python scripts/make_record_schema.py"""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path

from fresco_rules.games import DEFAULT_GAME, declaration, game_names
from fresco_rules.kernel.codec import SCHEMA_RESOURCE


def render(game: str = DEFAULT_GAME) -> str:
    """A game's record schema as it should be shipped."""
    build = declaration(game).build_schema
    if build is None:
        raise SystemExit(f"{game} declares no build_schema: it writes its record schema itself")
    return json.dumps(build(), indent=1, sort_keys=True) + "\n"


def main() -> None:
    for game in game_names():
        if declaration(game).build_schema is None:
            print(f"{game}: declares no build_schema, left as it is")
            continue
        target = Path(str(files(declaration(game).package) / SCHEMA_RESOURCE))
        target.write_text(render(game), encoding="utf-8")
        print(f"wrote {target}")


if __name__ == "__main__":
    main()
