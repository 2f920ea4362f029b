"""The component data of module 4, the Wishing Well (component-data.md 5), and its checks
(its ``WELL_DATA`` section is ``$.modules.wishing_well`` of a data file)."""

from __future__ import annotations

from attrs import frozen

from ...kernel.data_checks import DataProblems
from ...kernel.untrusted import describe
from ..base_data import BoxFacts, DataSection

CARD_LOCATIONS: dict[str, str] = {
    "lucky_fellow": "market",
    "free_paints": "market",
    "bishops_visit": "cathedral",
    "bishops_praise": "cathedral",
    "tip": "studio",
    "alchemy": "workshop",
    "reward": "theatre",
    "street_musician": "phase1",
}
"""R4.12: every Wishing Card kind and the location where it is played (component-data.md 5)."""


@frozen
class CardKind:
    """One kind of Wishing Card: how many are in the deck and where it is played (R4.12)."""

    kind: str
    count: int
    location: str
    provenance: str


@frozen
class PicturedTile:
    """The market tile pictured on one Free Paints card (A4.8, PROVISIONAL)."""

    tile: str
    provenance: str


@frozen
class WishingWellData:
    """Module 4 (component-data.md 5): pennies, the well and the deck."""

    pennies: int
    start_pennies: int
    well_capacity: int
    max_on_symbol: int
    penny_value: int
    provenance: str
    cards: tuple[CardKind, ...]
    free_paints: tuple[PicturedTile, ...]


def wishing_well_problems(
    data: WishingWellData,
    path: str,
    *,
    market_ids: set[str],
    provenances: tuple[str, ...],
) -> list[str]:
    """Semantic checks of module 4's data at ``path``; ``market_ids`` are the market tile IDs."""
    checks = DataProblems(provenances=provenances)
    problems = checks.found

    well, p = data, path
    checks.provenance(well.provenance, p)
    for name in ("pennies", "start_pennies", "penny_value"):
        checks.count(getattr(well, name), f"{p}.{name}")
    checks.check(well.well_capacity >= 1, f"{p}.well_capacity", "the well holds 1 penny or more")
    checks.check(well.max_on_symbol >= 1, f"{p}.max_on_symbol", "must be 1 or more")
    checks.check(
        well.pennies >= 4 * well.start_pennies,
        f"{p}.pennies",
        f"{well.pennies} pennies cannot give 4 players {well.start_pennies} each",
    )
    kinds: set[str] = set()
    for i, card in enumerate(well.cards):
        where = f"{p}.cards[{i}]"
        checks.provenance(card.provenance, where)
        known = card.kind in CARD_LOCATIONS
        checks.check(known, f"{where}.kind", f"unknown card kind {describe(card.kind)}")
        checks.check(
            card.kind not in kinds, f"{where}.kind", f"card kind {describe(card.kind)} listed twice"
        )
        kinds.add(card.kind)
        checks.count(card.count, f"{where}.count")
        if known:
            expected = CARD_LOCATIONS[card.kind]
            checks.check(
                card.location == expected,
                f"{where}.location",
                f"{card.kind} is played at {expected}, not {describe(card.location)}",
            )
    free = sum(card.count for card in well.cards if card.kind == "free_paints")
    checks.check(
        len(well.free_paints) == free,
        f"{p}.free_paints",
        f"{len(well.free_paints)} pictures for {free} Free Paints cards",
    )
    for i, picture in enumerate(well.free_paints):
        where = f"{p}.free_paints[{i}]"
        checks.provenance(picture.provenance, where)
        checks.check(
            picture.tile in market_ids, f"{where}.tile", f"no market tile {describe(picture.tile)}"
        )

    return problems


def _wishing_well_section_problems(data: WishingWellData, path: str, box: BoxFacts) -> list[str]:
    return wishing_well_problems(data, path, market_ids=box.market_ids, provenances=box.provenances)


WELL_DATA: DataSection[WishingWellData] = DataSection(
    group="modules",
    key="wishing_well",
    record=WishingWellData,
    bounds={
        "pennies": (0, 200),
        "start_pennies": (0, 20),
        "well_capacity": (1, 20),
        "max_on_symbol": (1, 20),
        "penny_value": (0, 20),
        "cards[].count": (0, 50),
    },
    problems=_wishing_well_section_problems,
)
"""The component data of module 4, ``$.modules.wishing_well`` of a data file; its bounds are
the range of every number and list a physical box can have (R0.66, R0.67)."""
