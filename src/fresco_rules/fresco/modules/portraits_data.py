"""The component data of module 1, the Portraits (fresco-modules-123.md section 5.2), and its
checks (its ``PORTRAITS_DATA`` section is
``$.modules_123.portraits`` of a data file)."""

from __future__ import annotations

from attrs import frozen

from ...kernel.data_checks import DataProblems
from ..base_data import BoxFacts, DataSection
from ..vocab import PRIMARIES, SECONDARIES, Paint

PERMANENT_KINDS = ("abbot", "actor", "sexton", "gods_servant")
"""R1.9-R1.12: the permanent portrait cards, by their effect."""
PORTRAIT_KINDS = (*PERMANENT_KINDS, "reward")
"""Every portrait kind: the permanent ones and the one-time ``reward`` cards (R1.13-R1.18)."""
MAX_ROWS = 64
"""Bound on every list of the section before any work on it."""


@frozen
class PortraitCard:
    """One portrait card (section 5.2): its back, name, kind and printed reward.

    A permanent card (``kind`` in ``PERMANENT_KINDS``) prints no reward. A ``reward`` card gives
    ``vp``, ``thalers``, the base ``paints``, ``choice`` primaries of the owner's choice
    (repeats allowed, A1.5) and ``mood`` rows up, or with ``mood_to_top`` the top row (R1.13).
    Leonardo gains only its ``vp`` (R1.24)."""

    id: str
    back: str
    name: str
    kind: str
    provenance: str
    vp: int = 0
    thalers: int = 0
    paints: tuple[Paint, ...] = ()
    choice: int = 0
    mood: int = 0
    mood_to_top: bool = False

    @property
    def permanent(self) -> bool:
        return self.kind in PERMANENT_KINDS


@frozen
class PortraitsData:
    """Module 1: the cards, the piles from the top of the deck down (R1.2: A on top, then B,
    then C) and the display size (R1.3)."""

    backs: tuple[str, ...]
    display: int
    provenance: str
    cards: tuple[PortraitCard, ...]


def portraits_problems(
    data: PortraitsData, path: str, *, ids: set[str], provenances: tuple[str, ...]
) -> list[str]:
    """Semantic checks of module 1's data at ``path``; ``ids`` collects the IDs in use."""
    checks = DataProblems(provenances=provenances, ids=ids, max_rows=MAX_ROWS, quote=repr)
    problems = checks.found

    pics, p = data, path
    checks.provenance(pics.provenance, p)
    checks.check(len(pics.backs) >= 1, f"{p}.backs", "name 1 pile or more")
    checks.check(len(set(pics.backs)) == len(pics.backs), f"{p}.backs", "a pile is listed twice")
    checks.check(pics.display >= 1, f"{p}.display", "the display has 1 space or more")
    if checks.bounded(pics.cards, f"{p}.cards"):
        for i, card in enumerate(pics.cards):
            where = f"{p}.cards[{i}]"
            checks.provenance(card.provenance, where)
            checks.unique(card.id, f"{where}.id")
            checks.check(
                card.back in pics.backs, f"{where}.back", f"no pile {card.back!r} in backs"
            )
            checks.check(
                card.kind in PORTRAIT_KINDS, f"{where}.kind", f"unknown kind {card.kind!r}"
            )
            for name in ("vp", "thalers", "choice", "mood"):
                checks.count(getattr(card, name), f"{where}.{name}")
            for j, paint in enumerate(card.paints):
                checks.check(
                    paint in PRIMARIES or paint in SECONDARIES,
                    f"{where}.paints[{j}]",
                    f"a portrait gives base paints only, not {paint.value} (R3.7)",
                )
            rewards = card.vp or card.thalers or card.paints or card.choice or card.mood
            if card.permanent:
                checks.check(
                    not rewards and not card.mood_to_top,
                    where,
                    f"a permanent {card.kind} card prints no reward",
                )

    return problems


def _portraits_section_problems(data: PortraitsData, path: str, box: BoxFacts) -> list[str]:
    return portraits_problems(data, path, ids=box.ids, provenances=box.provenances)


PORTRAITS_DATA: DataSection[PortraitsData] = DataSection(
    group="modules_123",
    key="portraits",
    record=PortraitsData,
    bounds={
        "display": (1, 6),
        "len(cards)": (1, 60),
        "cards[].vp": (0, 30),
        "cards[].thalers": (0, 30),
        "cards[].choice": (0, 10),
        "cards[].mood": (0, 10),
    },
    problems=_portraits_section_problems,
)
"""The component data of module 1, ``$.modules_123.portraits`` of a data file; its bounds are
the range of every number and list a physical box can have (R0.66, R0.67)."""
