"""Positions for the worked examples of fresco-modules-123.md (modules 1, 2 and 3).

As in ``fixtures`` and ``module_fixtures``, the flow is driven with real actions through
``apply``; only what no action sets up directly (paints including pink and brown, loose tiles,
the portrait deck and display, request piles) is placed with ``attrs.evolve``, and every helper
keeps the ledgers of M.6 balanced.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from attrs import evolve

from fresco_rules.fresco import Module, Paint, State, token_ledger
from fresco_rules.fresco.modules import portraits_state, requests_state, special_blends_state
from fresco_rules.fresco.modules.requests_data import REQUEST_TYPES
from fresco_rules.fresco.vocab import PAINT_INDEX

from ..module_states import portraits_of, requests_of, specials_of

REQUESTS, SPECIAL = Module.REQUESTS, Module.SPECIAL_BLENDS
MONEY_TOTAL = 196
PAINT_TOTALS_123 = {
    "red": 17,
    "yellow": 17,
    "blue": 17,
    "orange": 9,
    "green": 9,
    "purple": 9,
    "pink": 6,
    "brown": 6,
}
"""Box counts with module 3 (component-data.md section 1 plus R3.1)."""


def with_paints8(state: State, seat: int, **counts: int) -> State:
    """Give ``seat`` exactly these paints (pink and brown too); the supply takes up the
    difference (R0.66, R3.1)."""
    width = len(state.supply_paints)
    new = [0] * width
    for name, count in counts.items():
        new[PAINT_INDEX[Paint(name)]] = count
    old = state.paints[seat]
    supply = tuple(s + o - n for s, o, n in zip(state.supply_paints, old, new, strict=True))
    paints = (*state.paints[:seat], tuple(new), *state.paints[seat + 1 :])
    return evolve(state, paints=paints, supply_paints=supply)


def paints8(state: State, seat: int) -> dict[str, int]:
    """The non-zero paint counts of a seat by colour name, pink and brown included."""
    return {p.value: n for p, n in zip(Paint, state.paints[seat], strict=False) if n}


def supply8(state: State) -> dict[str, int]:
    return {p.value: n for p, n in zip(Paint, state.supply_paints, strict=False)}


def with_loose(state: State, seat: int, tiles: tuple[str, ...]) -> State:
    """``seat`` holds exactly ``tiles`` face down (loose); they come from the cathedral (any
    segment: each is replaced by a tile of the seat's old holdings or left restored)."""
    cathedral = list(state.cathedral)
    giving_back = [t for t in state.held[seat] if t not in tiles]
    for tile in tiles:
        if tile in state.held[seat]:
            continue
        index = cathedral.index(tile)
        cathedral[index] = giving_back.pop() if giving_back else None
    held = (*state.held[:seat], tuple(tiles), *state.held[seat + 1 :])
    assert not giving_back, "more tiles given back than places on the cathedral"
    return evolve(state, cathedral=tuple(cathedral), held=held)


def assert_m6_ledgers(state: State, **extra: Any) -> None:
    """M.6: money, paints (8 with module 3), fresco tiles (25 or 32), portraits (18) and request
    tiles (12) are each conserved."""
    ledger = token_ledger(state)
    assert sum(ledger["money"].values()) == MONEY_TOTAL
    special = state.tables.special_paints
    for colour, total in PAINT_TOTALS_123.items():
        if colour in ("pink", "brown") and not special:
            assert f"paint.{colour}" not in ledger
            continue
        assert sum(ledger[f"paint.{colour}"].values()) == total, colour
    assert sum(ledger["fresco_tiles"].values()) == (32 if special else 25)
    if "portraits" in ledger:
        assert sum(ledger["portraits"].values()) == 18
    if "request_tiles" in ledger:
        assert sum(ledger["request_tiles"].values()) == 12


def mapping_of(values: Mapping[str, int]) -> dict[str, int]:
    return {k: v for k, v in values.items() if v}


def with_tiles3(state: State, placed: Mapping[tuple[int, int], str]) -> State:
    """``fixtures.with_tiles`` for module 3: a named tile removed at set-up swaps places with
    the tile on its segment, which is removed instead (R3.3; 32 tiles conserved)."""
    specials = specials_of(state)
    assert specials is not None
    cathedral = list(state.cathedral)
    removed = set(specials.removed)
    for (r, c), tile in placed.items():
        there = r * 5 + c
        if tile in removed:
            old = cathedral[there]
            assert old is not None
            removed.discard(tile)
            removed.add(old)
            cathedral[there] = tile
        else:
            here = cathedral.index(tile)
            cathedral[here], cathedral[there] = cathedral[there], cathedral[here]
    return evolve(
        special_blends_state.with_specials(state, evolve(specials, removed=tuple(sorted(removed)))),
        cathedral=tuple(cathedral),
    )


def with_pile(state: State, kind: str, tiles: tuple[str, ...]) -> State:
    """The ``kind`` request pile holds exactly ``tiles`` (top first); the tiles left out are
    counted as removed, so the 12 request tiles stay conserved (M.6)."""
    q = requests_of(state)
    assert q is not None
    index = REQUEST_TYPES.index(kind)
    old = set(q.piles[index])
    assert set(tiles) <= old
    piles = (*q.piles[:index], tiles, *q.piles[index + 1 :])
    removed = tuple(sorted((*q.removed, *(old - set(tiles)))))
    return requests_state.with_requests(state, evolve(q, piles=piles, removed=removed))


PORTRAITS = Module.PORTRAITS


def with_display(
    state: State,
    display: tuple[str | None, ...],
    deck_top: tuple[str, ...] = (),
    *,
    deck_size: int | None = None,
) -> State:
    """The portrait display shows exactly ``display``; the deck starts with ``deck_top`` and
    holds ``deck_size`` cards (default: all the others); cards left over are counted as
    removed, so the 18 cards stay conserved (M.6). Held cards stay where they are."""
    p = portraits_of(state)
    assert p is not None
    pool = [c for c in (*p.display, *p.deck) if c is not None]
    placed = {c for c in (*display, *deck_top) if c is not None}
    assert placed <= set(pool), placed - set(pool)
    rest = [c for c in pool if c not in placed]
    deck = list(deck_top) + rest
    removed = list(p.removed)
    if deck_size is not None:
        removed += deck[deck_size:]
        deck = deck[:deck_size]
    return portraits_state.with_portraits(
        state, evolve(p, display=display, deck=tuple(deck), removed=tuple(sorted(removed)))
    )


def with_portraits_held(state: State, seat: int, *cards: str) -> State:
    """``seat`` holds these permanent cards (taken from the deck or the display)."""
    p = portraits_of(state)
    assert p is not None
    deck = tuple(c for c in p.deck if c not in cards)
    display = tuple(None if c in cards else c for c in p.display)
    assert len(deck) + sum(c is not None for c in display) == len(p.deck) + sum(
        c is not None for c in p.display
    ) - len(cards)
    held = (*p.held[:seat], tuple(sorted((*p.held[seat], *cards))), *p.held[seat + 1 :])
    return portraits_state.with_portraits(state, evolve(p, deck=deck, display=display, held=held))


def with_mood(state: State, seat: int, row: int) -> State:
    return evolve(state, mood=(*state.mood[:seat], row, *state.mood[seat + 1 :]))
