#!/usr/bin/env python3
"""Write the record JSON Schema each game of ``fresco_rules.games`` ships in its package (run
after changing actions or the config): python scripts/make_record_schema.py"""

from __future__ import annotations

import json
from importlib import import_module
from pathlib import Path

from fresco_rules.games import DEFAULT_GAME, game_names, game_package


def render(game: str = DEFAULT_GAME) -> str:
    """A game's record schema as it should be shipped."""
    records = import_module(f"{game_package(game)}.records")
    return json.dumps(records.build_schema(), indent=1, sort_keys=True) + "\n"


def main() -> None:
    for game in game_names():
        records = import_module(f"{game_package(game)}.records")
        target = Path(records.__file__).parent / records.SCHEMA_RESOURCE
        target.write_text(render(game), encoding="utf-8")
        print(f"wrote {target}")


if __name__ == "__main__":
    main()
