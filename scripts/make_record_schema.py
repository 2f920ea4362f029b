#!/usr/bin/env python3
"""Write the Fresco record JSON Schema shipped in the package (run after changing actions or
the config): python scripts/make_record_schema.py"""

from __future__ import annotations

import json
from pathlib import Path

from fresco_rules.fresco.records import SCHEMA_RESOURCE, build_schema


def render() -> str:
    return json.dumps(build_schema(), indent=1, sort_keys=True) + "\n"


def main() -> None:
    import fresco_rules.fresco

    target = Path(fresco_rules.fresco.__file__).parent / SCHEMA_RESOURCE
    target.write_text(render(), encoding="utf-8")
    print(f"wrote {target}")


if __name__ == "__main__":
    main()
