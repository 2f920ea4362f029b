"""The component data of module 5, the Leaf Gold (component-data.md 6), and its checks
(its ``GOLD_DATA`` section is ``$.modules.leaf_gold`` of a data file)."""

from __future__ import annotations

from attrs import frozen

from ...kernel.data_checks import DataProblems
from ...kernel.untrusted import describe
from ..base_data import BOOTH_CAPACITY_MAX, BOOTHS_MAX, BoxFacts, DataSection
from ..vocab import Paint


@frozen
class GoldArrow:
    """One arrow of a golden market tile (R5.5): buying the tile in ``slot`` of ``booth``
    (0 = booth I) on board side ``side`` gives ``gold`` leaf gold."""

    side: str
    booth: int
    slot: int
    gold: int
    provenance: str


@frozen
class Discs:
    """The wooden discs of module 5 (A5.1): always ``base``, plus ``module3`` with module 3."""

    base: tuple[Paint, ...]
    module3: tuple[Paint, ...]
    provenance: str


@frozen
class LeafGoldData:
    """Module 5 (component-data.md 6)."""

    total: int
    value: int
    on_segment: int
    neighbour: int
    elsewhere: int
    provenance: str
    discs: Discs
    arrows: tuple[GoldArrow, ...]


def leaf_gold_problems(
    data: LeafGoldData,
    path: str,
    *,
    sides: dict[str, tuple[int, ...]],
    provenances: tuple[str, ...],
) -> list[str]:
    """Semantic checks of module 5's data at ``path``; ``sides`` maps board-side names to
    their booth capacities."""
    checks = DataProblems(provenances=provenances)
    problems = checks.found

    gold, p = data, path
    checks.provenance(gold.provenance, p)
    for name in ("total", "value", "on_segment", "neighbour", "elsewhere"):
        checks.count(getattr(gold, name), f"{p}.{name}")
    checks.provenance(gold.discs.provenance, f"{p}.discs")
    colours = gold.discs.base + gold.discs.module3
    for name, discs in (("base", gold.discs.base), ("module3", gold.discs.module3)):
        offset = 0 if name == "base" else len(gold.discs.base)
        for j, disc in enumerate(discs):
            checks.check(
                colours.index(disc) == offset + j,
                f"{p}.discs.{name}[{j}]",
                f"disc {disc.value} listed twice",
            )
    checks.check(
        len(gold.discs.base) >= 2,
        f"{p}.discs.base",
        "at least 2 discs, so that the colour changes each round (R5.11)",
    )
    arrows: set[tuple[str, int, int]] = set()
    for i, arrow in enumerate(gold.arrows):
        where = f"{p}.arrows[{i}]"
        checks.provenance(arrow.provenance, where)
        capacities = sides.get(arrow.side)
        checks.check(
            capacities is not None, f"{where}.side", f"no board side {describe(arrow.side)}"
        )
        if capacities is not None:
            booth_ok = 0 <= arrow.booth < len(capacities)
            checks.check(
                booth_ok, f"{where}.booth", f"side {arrow.side} has no booth {arrow.booth}"
            )
        # whether the slot exists depends on the booth capacities in use (A0.3): see LeafGold
        checks.check(arrow.slot >= 0, f"{where}.slot", "must not be negative")
        checks.check(arrow.gold >= 1, f"{where}.gold", "an arrow shows 1 leaf gold or more")
        key = (arrow.side, arrow.booth, arrow.slot)
        checks.check(key not in arrows, where, "two arrows point at the same slot")
        arrows.add(key)

    return problems


def disc_colours(data: LeafGoldData, *, all_seven: bool, module3: bool) -> tuple[Paint, ...]:
    """The discs in the bag at setup (A5.1)."""
    return data.discs.base + (data.discs.module3 if all_seven or module3 else ())


def _leaf_gold_section_problems(data: LeafGoldData, path: str, box: BoxFacts) -> list[str]:
    return leaf_gold_problems(data, path, sides=box.sides, provenances=box.provenances)


GOLD_DATA: DataSection[LeafGoldData] = DataSection(
    group="modules",
    key="leaf_gold",
    record=LeafGoldData,
    bounds={
        "total": (0, 200),
        "value": (0, 20),
        "on_segment": (0, 20),
        "neighbour": (0, 20),
        "elsewhere": (0, 20),
        "arrows[].booth": (0, BOOTHS_MAX - 1),
        "arrows[].slot": (0, BOOTH_CAPACITY_MAX - 1),
        "arrows[].gold": (1, 20),
    },
    problems=_leaf_gold_section_problems,
)
"""The component data of module 5, ``$.modules.leaf_gold`` of a data file; its bounds are
the range of every number and list a physical box can have (R0.66, R0.67)."""
