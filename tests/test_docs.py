"""The documentation site builds with ``zensical build --strict`` and its API reference has an
entry for every public name (``__all__``) of every game package."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fresco_rules import barbarossa, carcassonne, fresco

ROOT = Path(__file__).parents[1]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as ``zensical build --strict`` builds it. Zensical writes its site and cache
    inside the project, so the build runs in a temporary project with a copy of the checkout's
    pages, changelog and sources."""
    project = tmp_path_factory.mktemp("project")
    shutil.copytree(ROOT / "docs", project / "docs")  # a linked docs_dir is refused
    for name in ("mkdocs.yml", "CHANGELOG.md"):
        shutil.copy(ROOT / name, project / name)
    (project / "src").symlink_to(ROOT / "src")
    zensical = Path(sys.executable).with_name("zensical")
    done = subprocess.run(
        [str(zensical), "build", "--strict"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    return project / "site"


@pytest.mark.parametrize(
    "package", [fresco, barbarossa, carcassonne], ids=["fresco", "barbarossa", "carcassonne"]
)
def test_api_reference_lists_every_public_name(site: Path, package: object) -> None:
    name = getattr(package, "__name__", "")
    page = (site / "api" / name.rsplit(".", 1)[1] / "index.html").read_text(encoding="utf-8")
    missing = [n for n in getattr(package, "__all__", ()) if f'id="{name}.{n}"' not in page]
    assert not missing, f"no API entry for {missing}"


def test_every_game_has_a_page_with_its_matrix_and_options(site: Path) -> None:
    for game, matrix in (
        ("fresco", "rules-matrix"),
        ("barbarossa", "rules-matrix-barbarossa"),
        ("carcassonne", "rules-matrix-carcassonne"),
    ):
        page = (site / game / "index.html").read_text(encoding="utf-8")
        assert f'href="../{matrix}/"' in page
        assert "Interpretation options" in page and "notation" in page
    records = (site / "records" / "index.html").read_text(encoding="utf-8")
    assert "record.schema.json" in records and '"$schema"' in records


def test_the_api_reference_opens_with_the_protocol_and_types_every_attribute(site: Path) -> None:
    page = (site / "api" / "fresco" / "index.html").read_text(encoding="utf-8")
    first = page.index('id="fresco_rules.fresco.new_game"')
    assert first < page.index('id="fresco_rules.fresco.apply"')
    assert page.index('id="fresco_rules.fresco.apply"') < page.index(
        'id="fresco_rules.fresco.ACTION_TYPES"'
    )
    errors = (site / "api" / "index.html").read_text(encoding="utf-8")
    start = errors.index('id="fresco_rules.IllegalAction.rule"')
    entry = errors[errors.index(">", start) + 1 :][:3000]
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", entry)).strip()
    assert text.startswith("rule : str instance-attribute"), text[:80]  # its type, no "= rule"
    assert "The spec's rule ID" in text
