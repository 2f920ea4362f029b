"""The Leaf Gold: the action kinds of module 5 (the engine learns them from ``PLUGIN`` in
``leaf_gold.py``)."""

from __future__ import annotations

from typing import ClassVar

from attrs import field, frozen

from ...kernel.actions import strict_key as _strict
from ...kernel.untrusted import describe
from ..actions import ModuleAction


@frozen
class Gild(ModuleAction):
    """Cathedral (R5.6): add one leaf gold to this restoration (``add``) or not."""

    kind: ClassVar[str] = "gild"
    add: bool = field(eq=_strict, repr=describe)
