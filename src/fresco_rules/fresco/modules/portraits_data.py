"""The component data of module 1, the Portraits (fresco-modules-123.md section 5.2), and its
checks (``module123_data.module123_problems`` runs them on ``$.modules_123.portraits``)."""

from __future__ import annotations

from attrs import frozen

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
    problems: list[str] = []

    def check(ok: bool, where: str, message: str) -> None:
        if not ok:
            problems.append(f"{message} @ {where}")

    def provenance(value: str, where: str) -> None:
        check(value in provenances, f"{where}.provenance", f"unknown provenance {value!r}")

    def count(value: int, where: str) -> None:
        check(value >= 0, where, "must not be negative")

    def bounded(rows: tuple[object, ...], where: str) -> bool:
        check(len(rows) <= MAX_ROWS, where, f"{len(rows)} rows, more than {MAX_ROWS}")
        return len(rows) <= MAX_ROWS

    def unique(value: str, where: str) -> None:
        check(value not in ids, where, f"duplicate id {value!r}")
        ids.add(value)

    pics, p = data, path
    provenance(pics.provenance, p)
    check(len(pics.backs) >= 1, f"{p}.backs", "name 1 pile or more")
    check(len(set(pics.backs)) == len(pics.backs), f"{p}.backs", "a pile is listed twice")
    check(pics.display >= 1, f"{p}.display", "the display has 1 space or more")
    if bounded(pics.cards, f"{p}.cards"):
        for i, card in enumerate(pics.cards):
            where = f"{p}.cards[{i}]"
            provenance(card.provenance, where)
            unique(card.id, f"{where}.id")
            check(card.back in pics.backs, f"{where}.back", f"no pile {card.back!r} in backs")
            check(card.kind in PORTRAIT_KINDS, f"{where}.kind", f"unknown kind {card.kind!r}")
            for name in ("vp", "thalers", "choice", "mood"):
                count(getattr(card, name), f"{where}.{name}")
            for j, paint in enumerate(card.paints):
                check(
                    paint in PRIMARIES or paint in SECONDARIES,
                    f"{where}.paints[{j}]",
                    f"a portrait gives base paints only, not {paint.value} (R3.7)",
                )
            rewards = card.vp or card.thalers or card.paints or card.choice or card.mood
            if card.permanent:
                check(
                    not rewards and not card.mood_to_top,
                    where,
                    f"a permanent {card.kind} card prints no reward",
                )

    return problems
