#!/usr/bin/env python3
"""Write the record JSON Schemas shipped in the packages (Fresco, Barbarossa, Carcassonne; run after
changing actions or the config): python scripts/make_record_schema.py"""

from __future__ import annotations

import json
from pathlib import Path

from fresco_rules.barbarossa import records as barbarossa_records
from fresco_rules.carcassonne import records as carcassonne_records
from fresco_rules.fresco.records import SCHEMA_RESOURCE, build_schema


def render() -> str:
    return json.dumps(build_schema(), indent=1, sort_keys=True) + "\n"


def render_barbarossa() -> str:
    return json.dumps(barbarossa_records.build_schema(), indent=1, sort_keys=True) + "\n"


def render_carcassonne() -> str:
    return json.dumps(carcassonne_records.build_schema(), indent=1, sort_keys=True) + "\n"


def main() -> None:
    import fresco_rules.fresco

    target = Path(fresco_rules.fresco.__file__).parent / SCHEMA_RESOURCE
    target.write_text(render(), encoding="utf-8")
    print(f"wrote {target}")
    other = Path(barbarossa_records.__file__).parent / barbarossa_records.SCHEMA_RESOURCE
    other.write_text(render_barbarossa(), encoding="utf-8")
    print(f"wrote {other}")
    third = Path(carcassonne_records.__file__).parent / carcassonne_records.SCHEMA_RESOURCE
    third.write_text(render_carcassonne(), encoding="utf-8")
    print(f"wrote {third}")


if __name__ == "__main__":
    main()
