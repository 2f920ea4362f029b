"""Fresco's laws of a position (``kernel.position``): what a state made by play always
satisfies, checked on a loaded one before anything reads it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..kernel.position import Laws, PositionProblem
from .config import Portraits
from .engine import token_ledger
from .flow import new_game
from .state import Phase, State
from .vocab import GRID

MOST_PER_LOCATION = 3
"""R0.25: at most 3 apprentices on one location."""


def position_problems(state: State) -> list[PositionProblem]:
    """The laws ``state`` breaks (empty: none), each with its JSON path and rule ID: per-seat
    and per-actor lists one entry each, a seat's money and paints never below zero (R0.4, the
    supplies may be: A0.10), R0.22 moods on their column, R0.25 plans, R0.49/R0.51 the track,
    R0.12 the fresco tiles and R0.8 the market tiles those of the box, each once, the bishop
    on the cathedral (R0.13), seats and actors in range."""
    laws = Laws()
    tables = state.tables
    players, actors = tables.players, tables.actors
    per_player = ("money", "paints", "mood", "apprentices", "altar_used")
    per_actor = ("track", "start", "hostel", "held", "plans")
    sized = all(
        [
            laws.sized(f"$.{name}", getattr(state, name), players, "R0.3", name)
            for name in per_player
        ]
        + [
            laws.sized(f"$.{name}", getattr(state, name), actors, "R0.3", name)
            for name in per_actor
        ]
    )
    laws.within(
        "$.round", state.round, 0 if state.phase is Phase.OVER else 1, 1_000, "R0.14", "the round"
    )
    laws.within("$.side", state.side, 1, 2, "R0.60", "the action-sheet side")
    laws.within("$.controller", state.controller, -1, players - 1, "R0.73", "the controller")
    laws.within("$.step", state.step, 0, 1_000, "R0.16", "the step")
    laws.check(
        state.final or state.side == 1, "$.side", "R0.60", "side 2 is used in the final round only"
    )
    for i, actor in enumerate(state.order):
        laws.within(f"$.order[{i}]", actor, 0, actors - 1, "R0.15", "an actor")
    lowest = -actors if state.glass is not None else 0  # R6.7: ``~seat`` visits the Glassworks
    for i, actor in enumerate(state.queue):
        laws.within(f"$.queue[{i}]", actor, lowest, actors - 1, "R0.30", "an actor")
    if not sized:
        return laws.problems
    laws.each_within("$.money", state.money, 0, 1_000_000, "R0.4", "a seat's money")
    for seat, paints in enumerate(state.paints):
        if laws.sized(f"$.paints[{seat}]", paints, len(state.supply_paints), "R0.4", "paints"):
            laws.each_within(f"$.paints[{seat}]", paints, 0, 1_000_000, "R0.4", "a seat's paint")
    laws.each_within("$.mood", state.mood, 0, tables.mood.rows - 1, "R0.22", "a mood row")
    laws.each_within("$.apprentices", state.apprentices, 0, 100, "R0.24", "apprentices")
    laws.each_within("$.altar_used", state.altar_used, 0, 100, "A0.6", "altar restorations")
    laws.each_within(
        "$.hostel", state.hostel, -1, len(tables.hostel) - 1, "R0.17", "a get-up space"
    )
    laws.each_within("$.start", state.start, 0, actors, "R0.5", "a start space")
    if laws.each_within("$.track", state.track, 0, 1_000, "R0.49", "a track space"):
        on_track = [space for space in state.track if space > 0]
        laws.check(
            len(on_track) == len(set(on_track)), "$.track", "R0.51", "two painters share a space"
        )
        for actor in range(actors):
            laws.check(
                (state.track[actor] > 0) != (state.start[actor] > 0),
                f"$.start[{actor}]",
                "R0.49",
                "a painter is on the track or on a start space, not both or neither",
            )
    for actor, plan in enumerate(state.plans):
        if plan is None:
            continue
        path = f"$.plans[{actor}]"
        counts = plan.counts
        if (
            laws.each_within(
                path, counts, 0, MOST_PER_LOCATION, "R0.25", "apprentices on one location"
            )
            and actor < players
        ):
            laws.check(
                sum(counts) <= state.apprentices[actor],
                path,
                "R0.25",
                f"{sum(counts)} apprentices planned, {state.apprentices[actor]} available",
            )
    laws.check(len(state.cathedral) == GRID * GRID, "$.cathedral", "R0.12", "25 segments")
    for i, part in enumerate(state.bishop):
        laws.within(f"$.bishop[{i}]", part, 0, GRID - 1, "R0.13", "the bishop's row or column")
    if state.leonardo_at is not None:
        for i, part in enumerate(state.leonardo_at):
            laws.within(
                f"$.leonardo_at[{i}]", part, 0, GRID - 1, "R0.71", "a segment's row or column"
            )
    fresh = new_game(state.config)
    frescos = (*_present(state.cathedral), *(t for held in state.held for t in held))
    if state.tables.modules:  # modules 2 and 3 set fresco tiles aside: each is still once
        twice = sorted(tile for tile, n in Counter(frescos).items() if n > 1)
        laws.check(not twice, "$.cathedral", "R0.12", f"fresco tiles {twice} are there twice")
    else:
        _same_tiles(
            laws,
            "$.cathedral",
            "R0.12",
            "fresco tile",
            frescos,
            (*_present(fresh.cathedral), *(t for held in fresh.held for t in held)),
        )
    _same_tiles(
        laws,
        "$.bag",
        "R0.8",
        "market tile",
        (*state.bag, *state.removed, *(t for slots in state.booths for t in _present(slots))),
        (*fresh.bag, *fresh.removed, *(t for slots in fresh.booths for t in _present(slots))),
    )
    laws.check(
        len(state.booths) == len(fresh.booths)
        and all(len(a) == len(b) for a, b in zip(state.booths, fresh.booths, strict=True)),
        "$.booths",
        "R0.8",
        "the market's booths and slots are those of the game's set-up",
    )
    if state.tables.modules:
        _check_modules(laws, state, fresh)
    if not laws.problems:
        _check_ledger(laws, state, fresh)
    return laws.problems


PER_SEAT = {
    "well": ("pennies", "symbol", "placed", "hands", "played"),
    "gold": ("held",),
    "glass": ("bag", "offer", "held", "reserve", "openings", "covers", "altar_used"),
    "portraits": ("display", "held", "taken", "sexton_used"),
    "requests": ("piles", "stacks", "used", "income_due"),
}
"""The modules' lists with one entry a seat (or a colour, a space): as long as a new game's."""


def _check_modules(laws: Laws, state: State, fresh: State) -> None:
    """The modules' parts are there exactly when the module is in play, their lists as long as
    a new game's, and their laws: R4.6 the well holds at most 2 pennies, R4.11 one Street
    Musician a round, R1.5 one portrait a round (A1.1's default), M.6 every portrait once,
    R2.7 a tile serves one request and is never loose again."""
    for part, lists in PER_SEAT.items():
        mine, new = getattr(state, part), getattr(fresh, part)
        if not laws.check(
            (mine is None) == (new is None),
            f"$.{part}",
            "G.1",
            f"{part} is {'not ' if mine is None else ''}there, but its module is "
            f"{'' if new is not None else 'not '}in play",
        ):
            return
        if mine is None:
            continue
        for name in lists:
            laws.sized(
                f"$.{part}.{name}", getattr(mine, name), len(getattr(new, name)), "M.6", name
            )
    if laws.problems:
        return
    well = state.well
    if well is not None:
        laws.within("$.well.well", well.well, 0, 2, "R4.6", "pennies in the well")
        laws.each_within("$.well.pennies", well.pennies, 0, 1_000, "R4.6", "a seat's pennies")
        for seat, played in enumerate(well.played):
            laws.check(
                played.count("phase1") <= 1,
                f"$.well.played[{seat}]",
                "R4.11",
                "one Street Musician a round",
            )
    gold = state.gold
    if gold is not None:
        laws.each_within("$.gold.held", gold.held, 0, 1_000, "R5.1", "a seat's leaf gold")
    glass = state.glass
    if glass is not None:
        for name in ("bag", "offer", "reserve"):
            laws.each_within(f"$.glass.{name}", getattr(glass, name), 0, 1_000, "R6.27", "glass")
        for seat, held in enumerate(glass.held):
            laws.each_within(f"$.glass.held[{seat}]", held, 0, 1_000, "R6.27", "glass")
    portraits = state.portraits
    if portraits is not None:
        if state.config.portraits is Portraits.ONE_PER_ROUND:
            laws.each_within("$.portraits.taken", portraits.taken, 0, 1, "R1.5", "portraits taken")
        cards = [*portraits.deck, *_present(portraits.display), *portraits.removed]
        cards += [card for held in portraits.held for card in held]
        box = [card.id for card in state.config.components.modules_123.portraits.cards]
        _same_tiles(laws, "$.portraits", "M.6", "portrait", cards, box)
    requests = state.requests
    if requests is not None:
        stacked = [t for stacks in requests.stacks for _, tiles in stacks for t in tiles]
        used = [*stacked, *requests.removed_tiles]
        twice = sorted(tile for tile, n in Counter(used).items() if n > 1)
        laws.check(not twice, "$.requests.stacks", "R2.7", f"tiles {twice} serve twice")
        loose = sorted(set(used) & {t for held in state.held for t in held})
        laws.check(not loose, "$.held", "R2.7", f"stacked tiles {loose} are held again")


LEDGER_PATHS = {"money": ("$.money", "R0.66"), "fresco_tiles": ("$.cathedral", "R0.67")}
"""Where a ledger kind's counts are written, for the message: a seat's money beside the
supply's, the fresco tiles on the cathedral beside those held."""


def _check_ledger(laws: Laws, state: State, fresh: State) -> None:
    """R0.66/R0.67: money, each paint and the fresco and market tiles total what a new game
    holds (the supplies may go below zero, A0.10, the totals never change)."""
    have, want = token_ledger(state), token_ledger(fresh)
    for kind, places in have.items():
        total, box = sum(places.values()), sum(want.get(kind, {}).values())
        if kind.startswith("paint."):
            path, rule = "$.paints", "R0.66"
        elif kind == "market_tiles":
            path, rule = "$.bag", "R0.67"
        elif kind in LEDGER_PATHS:
            path, rule = LEDGER_PATHS[kind]
        else:
            continue  # the kernel's ledger check names the others
        counts = ", ".join(f"{where} {count}" for where, count in places.items())
        laws.check(
            total == box, path, rule, f"{kind} totals {total}, a new game's {box} ({counts})"
        )


def _present(tiles: Iterable[str | None]) -> list[str]:
    return [tile for tile in tiles if tile is not None]


def _same_tiles(
    laws: Laws, path: str, rule: str, what: str, have: Iterable[str], want: Iterable[str]
) -> None:
    """The tiles ``have`` are the box's ``want``, each as often."""
    extra = Counter(have)
    extra.subtract(Counter(want))
    more = sorted(tile for tile, n in extra.items() if n > 0)
    fewer = sorted(tile for tile, n in extra.items() if n < 0)
    parts = [
        f"{words} {', '.join(tiles[:5])}{', ...' if len(tiles) > 5 else ''}"
        for words, tiles in (("more often than in the box:", more), ("missing:", fewer))
        if tiles
    ]
    laws.check(not parts, path, rule, f"{what}s not those of the box ({'; '.join(parts)})")
