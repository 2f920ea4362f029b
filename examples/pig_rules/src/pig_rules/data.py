"""Pig's component data (the die and the bonus deck) as a replaceable, validated TOML file.

Every number and list size has a declared range (``kernel.bounds``), checked before anything
proportional to it is built; a bad file is refused with an ``InvalidData`` naming every bad
path."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
from attrs import frozen

from fresco_rules.kernel.bounds import bound_problems
from fresco_rules.kernel.codec import (
    DigestIdentity,
    checked_data,
    read_toml_file,
    strict_converter,
)
from fresco_rules.kernel.data_checks import DataProblems
from fresco_rules.kernel.errors import InvalidData
from fresco_rules.kernel.registry import implements

MAX_PLAYERS = 4

BOUNDS: Mapping[str, tuple[int, int]] = {
    "version": (1, 1000),
    "faces[]": (1, 20),
    "len(faces)": (2, 20),
    "bust": (1, 20),
    "bonus[]": (0, 50),
    "len(bonus)": (MAX_PLAYERS, 20),
}
"""The range of every number and list size of a component file."""


@frozen(eq=False, repr=False)
class ComponentData(DigestIdentity):
    """A validated die and bonus deck; equality and hashing go by ``digest``."""

    name: str
    version: int
    faces: tuple[int, ...]
    bust: int
    bonus: tuple[int, ...]
    digest: str = attrs.field(default="")

    def __repr__(self) -> str:
        return f"ComponentData(name={self.name!r}, version={self.version}, digest={self.digest!r})"


_converter = strict_converter()


def _problems_in(data: ComponentData) -> list[str]:
    checks = DataProblems()
    checks.check(data.bust in data.faces, "$.bust", f"the bust face {data.bust} is no face")
    checks.check(len(set(data.faces)) == len(data.faces), "$.faces", "a face is listed twice (P3)")
    checks.check(len(data.faces) >= 2, "$.faces", "the die needs a face besides the bust face")
    return checks.found


@implements("P1", "P3", "P4")
def components_from_mapping(raw: Mapping[str, Any], *, source: str = "<data>") -> ComponentData:
    """Validate a die (P3, with the bust face of P4 among its faces) and a bonus deck with a
    card for every player (P1). ``InvalidData`` names every bad path."""
    if not isinstance(raw, Mapping):
        raise InvalidData(f"{source}: the top level must be a table, not {type(raw).__name__}")
    body = {key: value for key, value in raw.items() if key != "digest"}
    problems = bound_problems(body, BOUNDS)
    if problems:
        raise InvalidData(f"{source}: " + "; ".join(problems))
    data: ComponentData = checked_data(_converter, ComponentData, body, source, _problems_in)
    return data


def components_to_mapping(data: ComponentData) -> dict[str, Any]:
    """The plain-data form (the inverse of ``components_from_mapping``)."""
    raw: dict[str, Any] = _converter.unstructure(data)
    raw.pop("digest", None)
    return raw


def load_components(path: str | Path) -> ComponentData:
    """Load and validate a TOML component file (``data/components.toml`` is the format)."""
    return components_from_mapping(read_toml_file(path), source=str(Path(path)))


def template_text() -> str:
    """The shipped component data as an editable TOML file."""
    return resources.files(__package__).joinpath("data/components.toml").read_text("utf-8")


@cache
def default_components() -> ComponentData:
    """The shipped die (1-6, bust on 1) and bonus deck."""
    return components_from_mapping(
        tomllib.loads(template_text()), source="pig/data/components.toml"
    )
