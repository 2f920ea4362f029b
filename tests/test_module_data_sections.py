"""Each module declares its own section of the component data (issue 24, item 1): the base
loader structures, bounds and checks whatever sections it is handed, and names none of them."""

from __future__ import annotations

import copy
import tomllib

import pytest
from attrs import frozen

from fresco_rules.fresco import GameConfig, components_to_mapping, default_components
from fresco_rules.fresco.base_data import BoxFacts, DataSection, components_with, template_text_with
from fresco_rules.fresco.base_data import default_components as base_default
from fresco_rules.fresco.data import DATA_SECTIONS
from fresco_rules.fresco.plugins import PLUGINS
from fresco_rules.kernel.data_checks import DataProblems
from fresco_rules.kernel.errors import InvalidData


@frozen
class PatronageData:
    gift: int
    provenance: str


def _patronage_problems(data: PatronageData, path: str, box: BoxFacts) -> list[str]:
    checks = DataProblems(provenances=box.provenances)
    checks.provenance(data.provenance, path)
    checks.check(data.gift != 3, f"{path}.gift", "no patron gives 3")
    return checks.found


PATRONAGE = DataSection(
    group="modules",
    key="patronage",
    record=PatronageData,
    bounds={"gift": (0, 5)},
    problems=_patronage_problems,
    shipped_toml='[patronage]\ngift = 1\nprovenance = "decision"\n',
)
"""A toy module 7's section, its rows shipped in its own TOML text."""
SECTIONS = (*DATA_SECTIONS, PATRONAGE)


def _with_gift(gift: object) -> dict[str, object]:
    raw = copy.deepcopy(components_to_mapping(default_components()))
    raw["modules"]["patronage"] = {"gift": gift, "provenance": "decision"}
    return raw


def test_every_plugin_declares_its_section_in_module_order() -> None:
    keys = [(s.group, s.key) for s in DATA_SECTIONS]
    assert keys == [
        ("modules_123", "portraits"),
        ("modules_123", "requests"),
        ("modules_123", "special_blends"),
        ("modules", "wishing_well"),
        ("modules", "leaf_gold"),
        ("modules", "glaziers"),
    ]
    assert all(len(plugin.data_sections) == 1 for plugin in PLUGINS)


def test_the_default_configs_components_are_the_shipped_set() -> None:
    shipped, config = default_components(), GameConfig().components
    assert config is base_default() and config.modules is None and shipped.modules is not None
    assert config == shipped and config.digest == shipped.digest == "3e763524dcc3e2f3"
    for section in DATA_SECTIONS:
        assert section.of(config) == section.of(shipped)
    assert PATRONAGE.of(config) == PatronageData(1, "decision")


def test_a_new_sections_shipped_rows_keep_the_digest() -> None:
    raw = components_to_mapping(default_components())
    del raw["modules"]
    data = components_with(raw, SECTIONS)
    assert PATRONAGE.of(data) == PatronageData(1, "decision")
    assert data.modules.patronage.gift == 1 and data.digest == "3e763524dcc3e2f3"
    changed = components_with(_with_gift(2), SECTIONS)
    assert PATRONAGE.of(changed).gift == 2 and changed.digest != data.digest


@pytest.mark.parametrize(
    ("gift", "message"),
    [
        (9, "t: must lie within 0..5, not 9 @ $.modules.patronage.gift"),
        (3, "t: no patron gives 3 @ $.modules.patronage.gift"),
        ("1", "t: invalid value for type, expected int @ $.modules.patronage.gift"),
    ],
)
def test_a_new_sections_bounds_and_checks_name_the_path(gift: object, message: str) -> None:
    with pytest.raises(InvalidData) as refused:
        components_with(_with_gift(gift), SECTIONS, source="t")
    assert str(refused.value) == message


def test_without_the_section_its_table_is_an_unknown_key() -> None:
    with pytest.raises(InvalidData, match=r"extra fields found \(patronage\) @ \$\.modules$"):
        components_with(_with_gift(1), DATA_SECTIONS, source="t")
    with pytest.raises(InvalidData, match=r"^\$\.modules\.patronage: not in this component set$"):
        PATRONAGE.of(default_components())


def test_the_template_holds_a_new_sections_rows() -> None:
    text = template_text_with(SECTIONS)
    assert '[modules.patronage]\ngift = 1\nprovenance = "decision"\n' in text
    assert tomllib.loads(text)["modules"]["patronage"] == {"gift": 1, "provenance": "decision"}
    assert components_with(tomllib.loads(text), SECTIONS).digest == "3e763524dcc3e2f3"
