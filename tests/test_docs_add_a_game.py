"""docs/add-a-game.md walks through the example game: every code block it marks with
``<!-- from: PATH -->`` is copied from that file, its table of files is the example's folder,
and its commands run (issue 23, item 5)."""

from __future__ import annotations

import inspect
import os
import re
import shlex
import sys
from pathlib import Path

from fresco_rules.kernel.declaration import declare
from tests.test_example_game import registered, run

__all__ = ["registered"]  # the fixture, shared with the example's tests

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "add-a-game.md"
EXAMPLE = ROOT / "examples" / "pig_rules"
FENCE = re.compile(
    r"<!-- (?P<kind>from|commands): ?(?P<what>[^>]*?) -->\n```\w*\n(?P<body>.*?)```", re.S
)


def blocks(kind: str) -> list[tuple[str, str]]:
    text = PAGE.read_text(encoding="utf-8")
    return [(m["what"], m["body"]) for m in FENCE.finditer(text) if m["kind"] == kind]


def test_every_marked_block_is_copied_from_its_file() -> None:
    found = blocks("from")
    assert len(found) >= 10
    for path, body in found:
        source = (ROOT / path).read_text(encoding="utf-8")
        assert body in source, f"{path}: the page's block is not in the file:\n{body}"


def test_the_table_of_files_is_the_example_folder() -> None:
    text = PAGE.read_text(encoding="utf-8")
    table = text.split("## The files", 1)[1].split("\n## ", 1)[0]
    named: set[str] = set()
    for cell in re.findall(r"^\| (.+?) \|", table, re.M):
        names = re.findall(r"`([^`]+)`", cell)
        folder = ""
        for name in names:
            if "/" in name:
                folder = name.rpartition("/")[0] + "/"
                named.add(name)
            else:
                named.add(folder + name)
    package = EXAMPLE / "src" / "pig_rules"
    actual = {"pyproject.toml", "spec.md"} | {
        path.relative_to(EXAMPLE).as_posix()
        for path in [*package.glob("*.py"), *package.glob("data/*")]
        if path.name not in ("__init__.py", "_version.py")
    }
    assert named == actual


def test_the_commands_block_installs_the_example_first() -> None:
    ((_, body),) = blocks("commands")
    assert body.splitlines()[0] == "pip install -e examples/pig_rules"


def test_the_pages_commands_run(registered: dict[str, str], tmp_path: Path) -> None:
    """Each command after the install exits 0, with the example registered as if installed."""
    ((_, body),) = blocks("commands")
    env = {
        **registered,
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]]),
    }
    for line in body.splitlines()[1:]:
        words = shlex.split(line)
        assert words[0] == "fresco-rules"
        done = run(env, "-m", "fresco_rules", *words[1:], cwd=tmp_path)
        assert done.returncode == 0, f"{line}\n{done.stdout[-500:]}{done.stderr[-500:]}"


def test_the_declaration_section_names_every_part_declare_takes() -> None:
    """Section 10 names each module ``declare`` takes (in Pig's call or as an optional module)
    and each optional part: a parameter added to ``declare`` or dropped from it fails here."""
    text = PAGE.read_text(encoding="utf-8")
    section = text.split("## 10. The declaration", 1)[1].split("\n## ", 1)[0]
    parameters = inspect.signature(declare).parameters
    optional = {name for name, p in parameters.items() if p.default is not p.empty}
    required = set(parameters) - optional
    ((_, call),) = [(path, body) for path, body in blocks("from") if body in section]
    in_call = set(re.findall(r"^    (\w+)=", call, re.M))
    named_optional = set(re.findall(r"`(\w+)`", section.split("A game passes", 1)[1]))
    assert in_call == required
    assert named_optional == optional
