"""Component data: the box's facts as replaceable, validated data (component-data.md).

The shipped file ``data/base.toml`` marks every row with its provenance; PROVISIONAL rows are a
reconstruction and can be replaced by a user's own file. ``load_components`` rejects a bad file
with an ``InvalidData`` error that names the path of each bad field. The data of the modules is
in two tables, ``modules`` (4-6, ``data/modules.toml``) and ``modules_123`` (1-3,
``data/modules123.toml``); a file without one gets the shipped one.

This file sits above the plug-in list: ``base_data`` structures and checks the base data and
the module sections it is handed, and this file hands it the ``data_sections`` of every plug-in
of ``plugins.PLUGINS`` (each module declares its own in its ``modules/<module>_data.py``), so a
bad module value is refused at load time by its path (``$.modules.glaziers.windows[3].panes[1]``)
and no base file names a module.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from ..kernel.codec import load_data_file
from .base_data import BOOTH_CAPACITY_MAX as BOOTH_CAPACITY_MAX
from .base_data import BOOTHS_MAX as BOOTHS_MAX
from .base_data import BOUNDS as BOUNDS
from .base_data import GROUPS as GROUPS
from .base_data import HOSTEL_SPACES_MAX as HOSTEL_SPACES_MAX
from .base_data import MODULE123_PROVENANCES as MODULE123_PROVENANCES
from .base_data import MOOD_ROWS_MAX as MOOD_ROWS_MAX
from .base_data import PROVENANCES as PROVENANCES
from .base_data import Apprentices as Apprentices
from .base_data import BoardSide as BoardSide
from .base_data import BoxFacts as BoxFacts
from .base_data import ComponentData as ComponentData
from .base_data import DataSection as DataSection
from .base_data import FrescoTile as FrescoTile
from .base_data import HostelSpace as HostelSpace
from .base_data import MarketTile as MarketTile
from .base_data import Money as Money
from .base_data import MoodTrack as MoodTrack
from .base_data import Paints as Paints
from .base_data import components_to_mapping as components_to_mapping
from .base_data import components_with, default_components_with, template_text_with
from .base_data import hostel_problems as hostel_problems
from .base_data import mood_problems as mood_problems
from .plugins import PLUGINS

DATA_SECTIONS: tuple[DataSection[Any], ...] = tuple(
    section for plugin in PLUGINS for section in plugin.data_sections
)
"""Every plug-in's component-data sections, in module order."""


def components_from_mapping(raw: Mapping[str, Any], *, source: str = "<data>") -> ComponentData:
    """Structure and validate a component table (R0.66 box counts, R0.67 tile sets) with every
    module's section (``base_data.components_with``).

    Raises ``InvalidData`` naming every bad field with its path (``$.fresco_tiles[3].value``).
    Without a ``modules`` table the shipped module data (``data/modules.toml``) is used, and
    without a ``modules_123`` table the shipped data of modules 1-3 (``data/modules123.toml``).
    """
    return components_with(raw, DATA_SECTIONS, source=source)


def load_components(path: str | Path) -> ComponentData:
    """Load and validate a TOML component file (see ``data/base.toml`` for the format)."""
    return load_data_file(path, components_from_mapping)


@cache
def default_components() -> ComponentData:
    """The shipped component set (partly PROVISIONAL, see ``ComponentData.provisional``)."""
    return default_components_with(DATA_SECTIONS)


def template_text() -> str:
    """The shipped component data as one editable TOML file, every module's rows included
    (``base_data.template_text_with``): what ``load_components`` reads."""
    return template_text_with(DATA_SECTIONS)
