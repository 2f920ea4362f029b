"""Fresco's laws of a position (``kernel.position``): what a state made by play always
satisfies, checked on a loaded one before anything reads it."""

from __future__ import annotations

from collections import Counter

from ..kernel.position import Laws, PositionProblem
from .engine import new_game, token_ledger
from .extensions import ModuleRules
from .laws import present, same_tiles
from .plugins import PLUGINS
from .state import Phase, State, module_slot
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
    # a module with turns of its own (``module_turn``, R6.7: ``~seat`` visits the Glassworks)
    # queues negative entries
    own_turns = any(type(m).module_turn is not ModuleRules.module_turn for m in tables.modules)
    lowest = -actors if own_turns else 0
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
    frescos = (*present(state.cathedral), *(t for held in state.held for t in held))
    if state.tables.modules:  # modules 2 and 3 set fresco tiles aside: each is still once
        twice = sorted(tile for tile, n in Counter(frescos).items() if n > 1)
        laws.check(not twice, "$.cathedral", "R0.12", f"fresco tiles {twice} are there twice")
    else:
        same_tiles(
            laws,
            "$.cathedral",
            "R0.12",
            "fresco tile",
            frescos,
            (*present(fresh.cathedral), *(t for held in fresh.held for t in held)),
        )
    same_tiles(
        laws,
        "$.bag",
        "R0.8",
        "market tile",
        (*state.bag, *state.removed, *(t for slots in state.booths for t in present(slots))),
        (*fresh.bag, *fresh.removed, *(t for slots in fresh.booths for t in present(slots))),
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


def _check_modules(laws: Laws, state: State, fresh: State) -> None:
    """The modules' parts are there exactly when the module is in play, their lists as long as
    a new game's (``Plugin.position_lists``), and their own laws (``Plugin.position_laws``)."""
    declared = [plugin for plugin in PLUGINS if plugin.position_lists is not None]
    for plugin in declared:
        part, slot, lists = plugin.state_name, module_slot(plugin.module), plugin.position_lists
        mine, new = state.modules[slot], fresh.modules[slot]
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
        for name in lists or ():
            laws.sized(
                f"$.{part}.{name}", getattr(mine, name), len(getattr(new, name)), "M.6", name
            )
    if laws.problems:
        return
    for plugin in declared:
        sub = state.modules[module_slot(plugin.module)]
        if sub is not None and plugin.position_laws is not None:
            plugin.position_laws(laws, state, sub)


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
