"""Module 6, the Glaziers (fresco-modules-456.md section 4, rules R6.1-R6.27, A6.1-A6.14).

A Glassworks tile covering one location column lets a player buy glass from a per-round offer
instead; restoring one of the 12 window-bordering segments also restores its window, taken from
the workbench, and every pane left without glass costs a penalty; the altar window takes up to 4
tokens for 1 VP each.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from itertools import combinations_with_replacement
from operator import add, sub
from typing import ClassVar

from attrs import frozen

from ...kernel.chance import Outcome, draw_counted, draw_several
from ...kernel.errors import IllegalAction
from ...kernel.evolve import evolve
from ...kernel.memo import memo_last_call
from ...kernel.position import Laws
from ...kernel.registry import implements
from ...kernel.untrusted import describe, is_int
from .. import turns
from ..actions import Action, SubmitPlan
from ..config import (
    AltarWindow,
    GameConfig,
    GlassworksSlot,
    SecondCathedral,
    Tables,
    WindowRefill,
)
from ..extensions import ModuleRules, Pending, Plugin, current_stage, rules_of
from ..hidden import other_seats, redrawn, spread
from ..plugin_parts import AdapterPart, num, seq
from ..rule_catalogue import module_section
from ..scoring import window_penalty
from ..state import Phase, Restoration, ScoreParts, State, Turn
from ..vocab import (
    GLASS,
    GLASS_INDEX,
    GRID,
    PLAN_COLUMNS,
    Glass,
    GlassCounts,
    Location,
    Module,
    Segment,
)
from ..words import location_label, segment_label
from .glaziers_actions import (
    BuyGlass,
    HandInGlass,
    PlaceGlassworks,
    TakeWindow,
    canonical_glass,
)
from .glaziers_data import GLAZIERS_DATA, segment_problems, workbench_problems
from .glaziers_notation import NOTATION
from .glaziers_picture import picture
from .glaziers_state import GLASS_SLOT, Cover, GlassState, glass_changes, glass_of, with_glass

# Enum members bound to module names for the hot paths: in Python 3.11 ``Location.MARKET``
# goes through the enum metaclass's ``__getattr__`` hook, several times slower than a global.
_CATHEDRAL, _CATHEDRAL_2, _GLASSWORKS = (
    Location.CATHEDRAL,
    Location.CATHEDRAL_2,
    Location.GLASSWORKS,
)
_AT_GLASSWORKS = (_GLASSWORKS,)
_PLANNING = Phase.PLAN
_IMMEDIATE, _END_OF_ROUND = WindowRefill.IMMEDIATE, WindowRefill.END_OF_ROUND

WINDOW, GLASS_STAGE, ALTAR_GLASS = "window", "glass", "altar_glass"
SIDE_1_COLUMNS = (
    Location.MARKET,
    Location.CATHEDRAL,
    Location.STUDIO,
    Location.WORKSHOP,
    Location.THEATRE,
)
SIDE_2_COLUMNS = (
    Location.MARKET,
    Location.CATHEDRAL,
    Location.STUDIO,
    Location.WORKSHOP,
    Location.CATHEDRAL_2,
)


def _add(a: GlassCounts, b: GlassCounts, sign: int = 1) -> GlassCounts:
    if len(a) == len(b) and sign == 1:
        return tuple(map(add, a, b))
    if len(a) == len(b) and sign == -1:
        return tuple(map(sub, a, b))
    return tuple(x + sign * y for x, y in zip(a, b, strict=True))


def glass_counts(glass: tuple[Glass, ...]) -> GlassCounts:
    counts = [0] * len(GLASS)
    for token in glass:
        counts[GLASS_INDEX[token]] += 1
    return tuple(counts)


def _sub_multisets(panes: tuple[Glass, ...], held: GlassCounts) -> tuple[tuple[Glass, ...], ...]:
    """Every multiset of tokens that covers some panes, within what is held (sorted)."""
    limits = [min(panes.count(g), held[GLASS_INDEX[g]]) for g in GLASS]
    found: list[tuple[Glass, ...]] = [()]
    for g, limit in zip(GLASS, limits, strict=True):
        found = [combo + (g,) * n for combo in found for n in range(limit + 1)]
    return tuple(sorted(found, key=lambda c: (len(c), [GLASS_INDEX[g] for g in c])))


def _hand_ins(panes: tuple[Glass, ...], held: GlassCounts) -> tuple[HandInGlass, ...]:
    """The hand-ins of ``_sub_multisets`` as actions."""
    return tuple(HandInGlass(c) for c in _sub_multisets(panes, held))


_GLASS_NAMES = tuple(g.value for g in GLASS)
_NO_GLASS: GlassCounts = (0,) * len(GLASS)


def _window_choice(actor: int, segment: Segment, slots: tuple[int, ...]) -> Pending:
    """R6.12: the window decision of ``actor`` restoring ``segment`` from the payable workbench
    ``slots``."""
    return Pending(
        actor,
        "R6.12",
        f"choose the window for segment {segment_label(segment)} first",
        tuple(TakeWindow(slot) for slot in slots),
    )


def _glass_choice(
    actor: int, window: str | None, panes: tuple[Glass, ...], held: GlassCounts
) -> Pending:
    """R6.15/R6.19: the glass decision of ``actor`` holding ``held`` for ``window``'s
    ``panes`` (None: the altar window)."""
    if window is None:
        return Pending(
            actor, "R6.19", "hand in glass for the altar window first", _hand_ins(panes, held)
        )
    return Pending(
        actor, "R6.15", f"hand in glass for the window {window} first", _hand_ins(panes, held)
    )


@frozen
class Glaziers(ModuleRules):
    """The rules of module 6 with its tables (component-data.md 7) and options (A6.x)."""

    module: ClassVar[Module] = Module.GLAZIERS
    segment_stages: ClassVar[tuple[str, ...]] = (WINDOW, GLASS_STAGE)
    altar_stages: ClassVar[tuple[str, ...]] = (ALTAR_GLASS,)
    pending_only_restoring: ClassVar[bool] = True

    box: GlassCounts
    prices: GlassCounts
    penalties: dict[Glass, int]
    offer_per_player: int
    windows: tuple[str, ...]
    panes: dict[str, tuple[Glass, ...]]
    vp: dict[str, int]
    bench_prices: tuple[int, ...]
    bordering: frozenset[Segment]
    altar_panes: tuple[Glass, ...]
    altar_vp: int
    printed: int
    refill: WindowRefill
    slot: GlassworksSlot
    altar_once: bool
    merged_cathedral: bool
    glassworks_choices: dict[tuple[int, int, bool], Pending]
    """Each seat's Glassworks decision (R6.7, R6.8) by (seat, sheet side, an apprentice to
    place), built once: ``plan_step`` is asked at every planning step."""

    @classmethod
    @implements("R6.11", "A6.1", "A6.2", "R6.14")
    def build(cls, config: GameConfig, tables: Tables) -> Glaziers:
        """Tables of module 6: glass counts, prices and penalties; the 18 window tiles (R6.14);
        the workbench prices (A6.1: the data's, or ``workbench_prices``); the 12 segments that
        border a window (R6.11, A6.2: the data's, or ``window_segments``)."""
        data = GLAZIERS_DATA.of(config.components)
        prices = config.workbench_prices
        if prices is None:
            prices = data.workbench.prices
        problems = workbench_problems(prices, "A6.1 workbench_prices")
        if not problems and len(prices) != len(data.workbench.prices):
            problems.append(
                f"{len(data.workbench.prices)} slot prices needed @ A6.1 workbench_prices"
            )
        cells = data.window_segments.segments
        if config.window_segments is not None:
            cells = config.window_segments
            problems += segment_problems(
                cells, "A6.2 window_segments", len(data.window_segments.segments)
            )
        if problems:
            raise ValueError("; ".join(problems))
        return cls(
            box=tuple(kind.count for kind in data.glass),
            prices=tuple(kind.price for kind in data.glass),
            penalties={kind.colour: kind.penalty for kind in data.glass},
            offer_per_player=data.offer_per_player,
            windows=tuple(sorted(w.id for w in data.windows)),
            panes={w.id: w.panes for w in data.windows},
            vp={w.id: w.vp for w in data.windows},
            bench_prices=tuple(prices),
            bordering=frozenset((r, c) for r, c in cells),
            altar_panes=data.altar_window.panes,
            altar_vp=data.altar_window.vp_per_token,
            printed=data.glassworks.printed,
            refill=config.window_refill,
            slot=config.glassworks_slot,
            altar_once=config.altar_window is AltarWindow.ALTAR_WINDOW_ONCE_PER_ROUND,
            merged_cathedral=config.second_cathedral is SecondCathedral.WITH_FIRST,
            glassworks_choices={
                (seat, side, apprentice): _glassworks_choice(seat, side, apprentice)
                for seat in range(tables.players)
                for side in (1, 2)
                for apprentice in (False, True)
            },
        )

    # --- set-up and rounds ---------------------------------------------------------------------

    @implements("R6.1", "R6.2", "R6.3", "R6.4", "R6.5", "R6.24", "A6.14")
    def setup(self, state: State) -> State:
        """R6.1/R6.3: the Glaziery and reserve boards, the altar window in its opening;
        R6.2 (A6.14): the 18 windows shuffled face down, the top 6 turned up one at a time
        into workbench slots 0-5; R6.4: the 26 glass tokens in the bag and 2 per player drawn
        into the offer; R6.5: each player's Glassworks tile. R6.24: none for Leonardo."""
        players = state.tables.players
        # every workbench slot is empty: slot 0 first, one draw each while the pile lasts (as
        # _fill_workbench turns them up), made before the state holds the glass state
        pile = list(self.windows)
        slots = len(self.bench_prices)
        shown, chance = draw_several(
            state.chance, "window", pile, min(slots, len(pile)), rule="R6.2"
        )
        glass = GlassState(
            bag=self.box,
            offer=(0,) * len(GLASS),
            held=((0,) * len(GLASS),) * players,
            reserve=(0,) * len(GLASS),
            pile=tuple(pile),
            workbench=(*shown, *(None,) * (slots - len(shown))),
            openings=(None,) * (GRID * GRID),
            covers=(None,) * players,
            altar_used=(False,) * players,
        )
        state = with_glass(state, glass, chance=chance)
        return _fill_offer(state, self.offer_per_player * players, "R6.4")

    def round_marks(self, tables: Tables) -> dict[str, object]:
        """R6.21: at the start of every round the Glassworks tiles are back behind the screens
        (nothing decided yet); A6.10: no altar window used this round."""
        players = tables.players
        return {"covers": (None,) * players, "altar_used": (False,) * players}

    @implements("R6.21", "R6.22", "R6.23", "R6.24", "A6.3", "A6.9")
    def prepare_round(self, state: State) -> State:
        """R6.21: the Glassworks tiles come back (see ``begin_round``); R6.22: glass left in
        the offer goes to the reserve board; R6.23 (A6.9): 2 glass per
        player are drawn into the offer, the reserve poured into the bag whenever it runs
        out, and the offer holds what could be drawn; R6.24: none for Leonardo. A6.3
        ``end_of_round``: every empty workbench slot is refilled from the pile."""
        g = _glass(state)
        count = self.offer_per_player * state.tables.players
        reserve = tuple(map(add, g.reserve, g.offer))
        state = _fill_offer(state, count, "R6.23", offer=_NO_GLASS, reserve=reserve)
        if self.refill is _END_OF_ROUND:
            state = _fill_workbench(state, "A6.3")
        return state

    # --- planning and the Glassworks -------------------------------------------------------------

    def columns(self, state: State) -> tuple[Location, ...]:
        """R6.7/A6.12: the columns the Glassworks tile may cover on the sheet side in use."""
        return SIDE_1_COLUMNS if state.side == 1 else SIDE_2_COLUMNS

    @implements("R6.7", "R6.8", "A6.5", "A6.12")
    def plan_step(self, state: State, seat: int) -> Pending | None:
        """R6.7 (A6.12): before his plan a player decides whether his Glassworks tile covers a
        column (any of the 5 on side 2) and R6.8 whether one of his own apprentices stands on
        its bottom space. A6.5: covering and buying nothing is allowed."""
        g: GlassState | None = state.modules[GLASS_SLOT]
        if g is None or state.plans[seat] is not None or g.covers[seat] is not None:
            return None
        return self.glassworks_choices[seat, state.side, state.apprentices[seat] >= 1]

    @implements("R6.7", "R1.28", "R2.17")
    def plan_limits(self, state: State, seat: int) -> tuple[int, Location | None]:
        """R6.7: the column a player's Glassworks tile covers stays empty in his plan, so with
        it over the studio he takes no portrait (R1.28, module 1) and over the workshop he
        fulfils no request (R2.17, module 2) that round."""
        g: GlassState | None = state.modules[GLASS_SLOT]
        cover = None if g is None else g.covers[seat]
        if cover is None:
            return 0, None
        return (1 if cover.apprentice else 0), cover.location

    @implements("R6.7", "R6.8")
    def check_plan(self, state: State, seat: int, plan: SubmitPlan) -> IllegalAction | None:
        """R6.7: no apprentice in the covered column; R6.8: an apprentice on the tile's bottom
        space counts against the available apprentices (R0.24)."""
        g: GlassState | None = state.modules[GLASS_SLOT]
        cover = None if g is None else g.covers[seat]
        if cover is None:
            return None
        if cover.location is not None:
            column = PLAN_COLUMNS.index(cover.location)
            if plan.counts[column]:
                return turns.refusal(
                    state,
                    "R6.7",
                    f"the {location_label(cover.location)} column is covered by the "
                    "Glassworks tile",
                )
        if cover.apprentice and sum(plan.counts) > state.apprentices[seat] - 1:
            return turns.refusal(
                state,
                "R6.8",
                f"{sum(plan.counts)} apprentices planned, but one of the "
                f"{state.apprentices[seat]} stands on the Glassworks tile",
            )
        return None

    def _visit_slot(self, side: int, cover: Cover) -> Location | None:
        """Where a Glassworks visit is resolved (A6.4)."""
        if cover.location is None:
            return None
        if self.slot is GlassworksSlot.AFTER_ALL:
            return _GLASSWORKS
        if cover.location is _CATHEDRAL_2 and side == 2 and self.merged_cathedral:
            return _CATHEDRAL
        return cover.location

    @memo_last_call
    def _visits(self, covers: tuple[Cover | None, ...], side: int) -> dict[Location, set[int]]:
        """The seats visiting the Glassworks at each location (``_visit_slot``): the covers
        stay as they are for a round's locations, so this is worked out once per round."""
        found: dict[Location, set[int]] = {}
        for seat, cover in enumerate(covers):
            if cover is not None:
                slot = self._visit_slot(side, cover)
                if slot is not None:
                    found.setdefault(slot, set()).add(seat)
        return found

    @implements("R6.6", "A6.4")
    def location_sequence(
        self, tables: Tables, sequence: tuple[Location, ...]
    ) -> tuple[Location, ...]:
        """R6.6 (A6.4): with ``after_all`` the Glassworks is a sixth location resolved after
        the last one; by default it is visited in the covered location's place."""
        if self.slot is GlassworksSlot.AFTER_ALL:
            return (*sequence, _GLASSWORKS)
        return sequence

    @implements("R6.7", "A6.4")
    def queue(self, state: State, location: Location, queue: tuple[int, ...]) -> tuple[int, ...]:
        """R6.7 (A6.4): a player visits the Glassworks instead of the covered location, in
        order B among the players resolving that
        location or their own Glassworks visit (a negative entry ``~seat``); when he also acts
        at that location (only with A0.7 ``with_first``), the Glassworks comes first."""
        g: GlassState | None = state.modules[GLASS_SLOT]
        if g is None:
            return queue
        visits = self._visits(g.covers, state.side).get(location)
        if not visits:
            return queue
        found: list[int] = []
        for actor in state.order:
            if actor in visits:
                found.append(~actor)
            if actor in queue:
                found.append(actor)
        return tuple(found)

    @implements("R6.8")
    def module_turn(self, state: State, entry: int, location: Location) -> Turn | None:
        """R6.8: the two printed apprentices and, when placed, the real one on the bottom
        space: one purchase each."""
        cover = _glass(state).covers[~entry]
        assert cover is not None
        return Turn(_GLASSWORKS, ~entry, self.printed + (1 if cover.apprentice else 0))

    def legal_module_location(self, state: State, turn: Turn) -> list[Action] | None:
        if turn.location is not _GLASSWORKS:
            return None
        g = _glass(state)
        money = state.money[turn.actor]
        prices = self.prices
        return [
            action
            for index, action in enumerate(_BUY_GLASS)
            if g.offer[index] > 0 and prices[index] <= money
        ]

    # --- restorations ----------------------------------------------------------------------------

    @implements("R6.11", "R6.12", "R6.16", "R6.19", "R6.25", "A6.3", "A6.6", "A6.10", "A6.11")
    def enter_stage(
        self, state: State, r: Restoration, stage: str
    ) -> tuple[State, Restoration, bool]:
        """R6.11: a restoration of a window-bordering segment must restore its window: R6.12
        (A6.6) the player takes a face-up window he can pay for (with one choice it is taken at
        once); A6.3: an empty workbench turns up the top pile window into slot 0 first;
        R6.25 (A6.11): Leonardo takes the price-0 window without paying. R6.15/R6.16: the
        player then hands in glass if he holds any matching token (else nothing). R6.19
        (A6.10): after an altar restoration he may hand in glass for the altar window."""
        if stage == WINDOW:
            if r.segment not in self.bordering:
                return state, r, False
            if not any(_glass(state).workbench):
                state = _fill_workbench(state, "A6.3", first_only=True)
            if state.is_leonardo(r.actor):
                changes, r = _take_window(state, r, 0, price=0)
                return evolve(state, **changes), r, False
            options = self._window_options(state, r.actor)
            if len(options) == 1:
                price = self.bench_prices[options[0]]
                changes, r = _take_window(state, r, options[0], price=price)
                return evolve(state, **changes), r, False
            return state, r, True
        if stage == GLASS_STAGE:
            if r.window is None or state.is_leonardo(r.actor):
                return state, r, False
            held = _glass(state).held[r.actor]
            due = any(held[GLASS_INDEX[pane]] for pane in self.panes[r.window])
            return state, r, due
        # the altar window
        g = _glass(state)
        if self.altar_once and g.altar_used[r.actor]:
            return state, r, False
        held = g.held[r.actor]
        return state, r, any(held[GLASS_INDEX[pane]] for pane in self.altar_panes)

    def _window_options(self, state: State, actor: int) -> tuple[int, ...]:
        money = state.money[actor]
        bench = _glass(state).workbench
        return tuple(
            slot
            for slot, window in enumerate(bench)
            if window is not None and self.bench_prices[slot] <= money
        )

    def pending(self, state: State) -> Pending | None:
        if state.restoring is None:
            return None  # the only decisions this hook names are restoration stages
        stage = current_stage(state)
        if stage is None or stage[0] is not self:
            return None
        r = state.restoring
        assert r is not None
        if stage[1] == WINDOW:
            assert r.segment is not None  # windows go with segment restorations (R6.12)
            return _window_choice(r.actor, r.segment, self._window_options(state, r.actor))
        held = _glass(state).held[r.actor]
        if stage[1] == GLASS_STAGE:
            assert r.window is not None
            return _glass_choice(r.actor, r.window, self.panes[r.window], held)
        return _glass_choice(r.actor, None, self.altar_panes, held)

    @implements("R6.15", "R6.17", "R6.19", "R6.25", "A6.7", "A6.11", "R3.16")
    def score_parts(self, state: State, r: Restoration, parts: ScoreParts) -> ScoreParts:
        """R6.17: the window's VP, less R6.15 (A6.7) the penalty of every pane left uncovered;
        R6.25 (A6.11): Leonardo scores the full VP with no penalty. R6.19: 1 VP per altar
        window token, never a penalty (R3.16: pink and brown altar restorations too)."""
        if r.segment is None:
            return evolve(parts, extra=parts.extra + len(r.glass) * self.altar_vp)
        if r.window is None:
            return parts
        penalty = 0
        if not state.is_leonardo(r.actor):
            penalty = window_penalty(self.panes[r.window], r.glass, penalties=self.penalties)
        return evolve(
            parts, window=parts.window + self.vp[r.window], penalty=parts.penalty + penalty
        )

    @implements("R6.13", "R6.26", "A6.3")
    def finish_restoration(self, state: State, r: Restoration) -> State:
        """R6.13 (R6.26 step 6): the windows on the dearer side of the gap move one slot
        towards price 0 and (A6.3 ``immediate``) the top pile window enters the dearest slot;
        with ``end_of_round`` the slot stays empty until round preparation."""
        if r.window is None:
            return state
        g = _glass(state)
        kept = [window for window in g.workbench if window is not None]
        bench = tuple(kept + [None] * (len(g.workbench) - len(kept)))
        if self.refill is _IMMEDIATE:  # the gap closed and refilled in one new state
            return _fill_workbench(state, "R6.13", bench=bench)
        return with_glass(state, evolve(g, workbench=bench))

    # --- read-outs -------------------------------------------------------------------------------

    @implements("R6.27", "G.4")
    def ledger(self, state: State, seats: list[str]) -> dict[str, dict[str, int]]:
        """R6.27: glass in the bag, the offer, behind the screens and on the reserve board
        (G.4) = 26; windows in the pile, on the workbench and in the openings = 18."""
        g = _glass(state)
        glass = {"bag": sum(g.bag), "offer": sum(g.offer), "reserve": sum(g.reserve)}
        for s, seat in enumerate(seats):
            glass[seat] = sum(g.held[s])
        windows = {
            "pile": len(g.pile),
            "workbench": sum(w is not None for w in g.workbench),
            "openings": sum(w is not None for w in g.openings),
        }
        return {"glass_tokens": glass, "window_tiles": windows}

    def view(self, state: State, seat: int) -> dict[str, object]:
        """Glass lies behind the large screens; the Glassworks tiles behind the small screens
        are revealed with the plans."""
        g = _glass(state)
        revealed = state.phase is not Phase.PLAN
        return {
            "glass_offer": g.offer,
            "glass_bag": sum(g.bag),
            "glass_reserve": g.reserve,
            "workbench": g.workbench,
            "window_pile": len(g.pile),
            "windows": g.openings,
            "glass": tuple(h if s == seat else None for s, h in enumerate(g.held)),
            "glassworks": tuple(
                c if s == seat or revealed else None for s, c in enumerate(g.covers)
            ),
        }


# --- helpers -------------------------------------------------------------------------------------


def _glassworks_choice(seat: int, side: int, apprentice: bool) -> Pending:
    """The Glassworks decision of ``seat`` (R6.7, R6.8) with this sheet side and apprentice
    availability."""
    actions: list[Action] = [PlaceGlassworks(None)]
    for column in SIDE_1_COLUMNS if side == 1 else SIDE_2_COLUMNS:
        actions.append(PlaceGlassworks(column))
        if apprentice:
            actions.append(PlaceGlassworks(column, True))
    reason = "decide on the Glassworks tile before planning"
    return Pending(seat, "R6.7", reason, tuple(actions))


_COVERS = {
    (column, apprentice): Cover(column, apprentice)
    for column in (None, *Location)
    for apprentice in (False, True)
}
"""Every Glassworks tile placement, built once (a ``Cover`` is immutable)."""
_BUY_GLASS = tuple(BuyGlass(colour) for colour in GLASS)
"""The purchase of each colour, in ``GLASS`` order (``GLASS_INDEX``), built once."""


def _glass(state: State) -> GlassState:
    sub: GlassState | None = state.modules[GLASS_SLOT]
    assert sub is not None
    return sub


def _rules(state: State) -> Glaziers:
    return rules_of(state, Glaziers)


def _off(state: State) -> IllegalAction | None:
    if glass_of(state) is None:
        return turns.refusal(state, "G.1", "module 6 (the Glaziers) is not in play")
    return None


@implements("R6.23", "A6.9")
def _fill_offer(
    state: State,
    count: int,
    rule: str,
    *,
    offer: GlassCounts | None = None,
    reserve: GlassCounts | None = None,
) -> State:
    """R6.23 (A6.9): draw ``count`` glass into the offer; whenever the bag is empty, pour the
    reserve into it; stop when both are empty. ``offer`` and ``reserve``: the counts to start
    from instead of the state's (round preparation moves the offer first, in the same new
    state)."""
    g = _glass(state)
    bag, shown, chance = list(g.bag), list(g.offer if offer is None else offer), state.chance
    reserve = g.reserve if reserve is None else reserve
    left, in_bag = count, sum(bag)
    while left > 0:
        if not in_bag:
            if not sum(reserve):
                break
            bag, reserve = list(map(add, bag, reserve)), _NO_GLASS
            in_bag = sum(bag)
        # the draws until the bag runs out, in one run (one draw at a time, as from the pool)
        run = min(left, in_bag)
        drawn, chance = draw_counted(chance, "glass", _GLASS_NAMES, bag, run, rule=rule)
        for index in drawn:
            shown[index] += 1
        left -= run
        in_bag -= run
    return with_glass(
        state,
        evolve(g, bag=tuple(bag), offer=tuple(shown), reserve=reserve),
        chance=chance,
    )


def _fill_workbench(
    state: State,
    rule: str,
    *,
    first_only: bool = False,
    bench: tuple[str | None, ...] | None = None,
) -> State:
    """Turn up pile windows into the empty workbench slots, slot 0 first (R6.2, R6.13, A6.3);
    ``bench``: the slots to fill instead of the state's (R6.13 closes the gap first, in the
    same new state)."""
    g = _glass(state)
    slots = list(g.workbench if bench is None else bench)
    pile = list(g.pile)
    empty = [slot for slot, window in enumerate(slots) if window is None]
    count = min(len(empty), len(pile), 1 if first_only else len(empty))
    # the empty slots in order, one draw each while the pile lasts (one run of draws)
    drawn, chance = draw_several(state.chance, "window", pile, count, rule=rule)
    for slot, window in zip(empty, drawn, strict=False):
        slots[slot] = window
    return with_glass(state, evolve(g, workbench=tuple(slots), pile=tuple(pile)), chance=chance)


def _take_window(
    state: State, r: Restoration, slot: int, *, price: int
) -> tuple[dict[str, object], Restoration]:
    """R6.12: pay the slot price and put the window into the segment's opening (the gap closes
    when the restoration ends, R6.13): the fields that change, for the caller's new state."""
    g = _glass(state)
    window = g.workbench[slot]
    assert window is not None and r.segment is not None
    index = r.segment[0] * GRID + r.segment[1]
    bench = (*g.workbench[:slot], None, *g.workbench[slot + 1 :])
    openings = (*g.openings[:index], window, *g.openings[index + 1 :])
    changes: dict[str, object] = glass_changes(state, evolve(g, workbench=bench, openings=openings))
    if price:
        changes["money"] = turns.replaced(state.money, r.actor, state.money[r.actor] - price)
        changes["supply_money"] = state.supply_money + price
    return changes, evolve(r, window=window)


# --- actions -------------------------------------------------------------------------------------


@implements("R6.7", "R6.8", "A6.12")
def check_glassworks(state: State, action: PlaceGlassworks) -> IllegalAction | None:
    """R6.7 (A6.12): while planning, the Glassworks tile covers one column of the sheet side in
    use (or is not used); R6.8: a real apprentice on its bottom space needs one available."""
    if glass_of(state) is None:
        return _off(state)
    if action.location is not None and type(action.location) is not Location:
        return turns.refusal(
            state, "R6.7", f"{describe(action.location)} is not a location column", malformed=True
        )
    if type(action.apprentice) is not bool:
        return turns.refusal(
            state,
            "R6.8",
            f"apprentice must be a bool, not {describe(action.apprentice)}",
            malformed=True,
        )
    if state.phase is not _PLANNING:
        return turns.refusal(state, "R6.7", "the Glassworks tile is placed while planning")
    rules = _rules(state)
    seat = turns.planner(state)
    if rules.plan_step(state, seat) is None:
        return turns.refusal(state, "R6.7", "the Glassworks tile is placed before the plan")
    if action.location is None:
        if action.apprentice:
            return turns.refusal(state, "R6.8", "an apprentice stands on a tile that is not used")
        return None
    if action.location not in rules.columns(state):
        return turns.refusal(
            state,
            "R6.7",
            f"the {location_label(action.location)} column is not on side {state.side} "
            "of the sheet",
        )
    if action.apprentice and state.apprentices[seat] < 1:
        return turns.refusal(state, "R6.8", "no apprentice is available for the bottom space")
    return None


def do_glassworks(state: State, action: PlaceGlassworks) -> State:
    g = _glass(state)
    seat = turns.planner(state)
    cover = _COVERS[action.location, action.apprentice]  # types checked: a Location and a bool
    return with_glass(state, evolve(g, covers=turns.replaced(g.covers, seat, cover)))


@implements("R6.9", "R6.10", "A6.5")
def check_buy_glass(state: State, action: BuyGlass) -> IllegalAction | None:
    """R6.9: at the Glassworks one glass token from the offer per apprentice, printed or real,
    paid to the supply (blue and yellow 1 Thaler, red and green 2); R6.10: nothing once the
    offer is empty. A6.5: buying nothing (ending the turn) is allowed."""
    if glass_of(state) is None:
        return _off(state)
    if type(action.glass) is not Glass:
        return turns.refusal(
            state, "R6.9", f"{describe(action.glass)} is not a glass colour", malformed=True
        )
    turn = turns.active_turn(state, _AT_GLASSWORKS)
    if turn is None:
        return turns.refusal(state, "R6.9", "glass is bought at the Glassworks only")
    if turn.left <= 0:
        return turns.refusal(state, "R6.8", "no purchase is left on the Glassworks tile")
    g = _glass(state)
    if not sum(g.offer):
        return turns.refusal(state, "R6.10", "the glass offer is empty")
    colour = GLASS_INDEX[action.glass]
    if not g.offer[colour]:
        return turns.refusal(state, "R6.9", f"no {action.glass.value} glass in the offer")
    price = _rules(state).prices[colour]
    if state.money[turn.actor] < price:
        return turns.refusal(state, "R0.31", f"{action.glass.value} glass costs {price} Thalers")
    return None


def do_buy_glass(state: State, action: BuyGlass) -> State:
    turn = state.turn
    assert turn is not None
    g = _glass(state)
    seat = turn.actor
    colour = GLASS_INDEX[action.glass]
    price = _rules(state).prices[colour]
    mine = g.held[seat]
    held = turns.replaced(g.held, seat, turns.replaced(mine, colour, mine[colour] + 1))
    offer = turns.replaced(g.offer, colour, g.offer[colour] - 1)
    return with_glass(
        state,
        evolve(g, offer=offer, held=held),
        money=turns.replaced(state.money, seat, state.money[seat] - price),
        supply_money=state.supply_money + price,
        turn=evolve(turn, left=turn.left - 1),
    )


@implements("R6.12", "A6.6", "A6.13")
def check_take_window(state: State, action: TakeWindow) -> IllegalAction | None:
    """R6.12 (A6.6, A6.13): the window for the segment being restored is one of the face-up
    windows that the player can pay for, after any earlier payment of this restoration."""
    off = _off(state)
    if off is not None:
        return off
    stage = current_stage(state)
    if stage is None or stage[1] != WINDOW:
        return turns.refusal(state, "R6.12", "no window is being chosen for a restoration")
    bench = _glass(state).workbench
    if not is_int(action.slot) or not 0 <= action.slot < len(bench):
        return turns.refusal(
            state,
            "R6.12",
            f"workbench slot {describe(action.slot)} does not exist; slots are "
            f"0-{len(bench) - 1} (window 1 to window {len(bench)})",
            malformed=True,
        )
    if bench[action.slot] is None:
        return turns.refusal(state, "R6.12", f"workbench slot {action.slot + 1} is empty")
    r = state.restoring
    assert r is not None
    price = _rules(state).bench_prices[action.slot]
    if state.money[r.actor] < price:
        return turns.refusal(
            state, "A6.6", f"the window in slot {action.slot + 1} costs {price} Thalers"
        )
    return None


def do_take_window(state: State, action: TakeWindow) -> State:
    r = state.restoring
    assert r is not None
    price = _rules(state).bench_prices[action.slot]
    changes, r = _take_window(state, r, action.slot, price=price)
    return turns.continue_restoration(state, r, changes)


@implements("R6.15", "R6.16", "R6.19", "A6.7")
def check_hand_in_glass(state: State, action: HandInGlass) -> IllegalAction | None:
    """R6.15 (A6.7): one token per pane of that pane's colour, a token matching no uncovered
    pane is illegal; R6.16: handing in nothing is allowed. R6.19: the altar window takes up to
    4 tokens, at most one of each colour."""
    off = _off(state)
    if off is not None:
        return off
    glass = action.glass
    if (
        type(glass) is not tuple
        or not all(type(g) is Glass for g in glass)
        or glass != canonical_glass(glass)
    ):
        return turns.refusal(
            state, "R6.15", f"{describe(glass)} is not a tuple of glass", malformed=True
        )
    stage = current_stage(state)
    if stage is None or stage[1] not in (GLASS_STAGE, ALTAR_GLASS):
        return turns.refusal(state, "R6.15", "no window is waiting for glass")
    r = state.restoring
    assert r is not None
    rules = _rules(state)
    if stage[1] == GLASS_STAGE:
        assert r.window is not None
        try:
            window_penalty(rules.panes[r.window], glass)
        except IllegalAction as exc:
            return turns.refusal(state, exc.rule, f"{exc.reason} ({r.window})")
    else:
        if len(glass) > len(rules.altar_panes):
            return turns.refusal(
                state, "R6.19", f"the altar window takes at most {len(rules.altar_panes)} tokens"
            )
        if len(set(glass)) != len(glass):
            return turns.refusal(state, "R6.19", "at most one token of each colour at the altar")
        if any(g not in rules.altar_panes for g in glass):
            return turns.refusal(state, "R6.19", "the altar window has no pane of that colour")
    held = _glass(state).held[r.actor]
    if any(need > have for need, have in zip(glass_counts(glass), held, strict=True)):
        return turns.refusal(state, "R0.31", "the player does not hold that glass")
    return None


@implements("R6.20", "A6.10")
def do_hand_in_glass(state: State, action: HandInGlass) -> State:
    """R6.20: glass handed in goes to the reserve board. A6.10: an altar-window hand-in marks
    the player's altar window as used this round (for ``altar_window_once_per_round``)."""
    r = state.restoring
    assert r is not None
    g = _glass(state)
    tokens = glass_counts(action.glass)
    held = (*g.held[: r.actor], _add(g.held[r.actor], tokens, -1), *g.held[r.actor + 1 :])
    altar_used = g.altar_used
    if r.segment is None and action.glass:
        altar_used = (*altar_used[: r.actor], True, *altar_used[r.actor + 1 :])
    glass = evolve(g, held=held, reserve=_add(g.reserve, tokens), altar_used=altar_used)
    return turns.continue_restoration(
        state, evolve(r, glass=tuple(action.glass)), glass_changes(state, glass)
    )


# --- text for people -----------------------------------------------------------------------------


def glass_text(counts: GlassCounts) -> str:
    """Glass counts as ``Y2 B1`` (``-`` when none)."""
    parts = [f"{g.name[0]}{n}" for g, n in zip(GLASS, counts, strict=True) if n]
    return " ".join(parts) if parts else "-"


def describe_action(state: State, action: object) -> str | None:
    """The sentence (after the actor's name) for an action of module 6."""
    if isinstance(action, PlaceGlassworks):
        if action.location is None:
            return "keeps the Glassworks tile"
        extra = " with an apprentice on its bottom space" if action.apprentice else ""
        return (
            f"covers the {location_label(action.location)} column with the Glassworks tile{extra}"
        )
    if isinstance(action, BuyGlass):
        return f"buys {action.glass.value} glass"
    if isinstance(action, TakeWindow):
        glass: GlassState | None = state.modules[GLASS_SLOT]
        window = glass.workbench[action.slot] if glass is not None else None
        return f"takes window {window} from workbench slot {action.slot + 1}"
    if isinstance(action, HandInGlass):
        given = ", ".join(g.value for g in action.glass) or "no glass"
        return f"hands in {given}"
    return None


def events(before: State, after: State) -> list[str]:
    """What module 6 did between two states: windows placed, the workbench, the glass offer."""
    lines = []
    s0, s1 = glass_of(before), glass_of(after)
    if s0 is not None and s1 is not None:
        for cell, (was, now) in enumerate(zip(s0.openings, s1.openings, strict=True)):
            if now is not None and was is None:
                lines.append(
                    f"  window {now} goes into the opening of {segment_label(divmod(cell, GRID))}"
                )
        if s1.workbench != s0.workbench:
            lines.append(f"  workbench: {' '.join(w or '-' for w in s1.workbench)}")
        if sum(s1.offer) > sum(s0.offer):
            lines.append(f"  glass offer: {glass_text(s1.offer)}")
    return lines


def board_lines(state: State) -> list[str]:
    """The glass offer and the workbench."""
    glass: GlassState | None = state.modules[GLASS_SLOT]
    if glass is None:
        return []
    bench = ", ".join(f"{i + 1} {window or '-'}" for i, window in enumerate(glass.workbench))
    return [f"glass offer: {glass_text(glass.offer)}; workbench: {bench}"]


NO_COVER = Cover(None)
"""A Glassworks tile that covers no column (R6.7)."""


def sample_hidden(state: State, seat: int, rng: random.Random) -> GlassState:
    """What ``seat`` cannot see of this module's state drawn again from ``rng`` (R0.68, for the
    search player: ``players.sample_hidden``). The glass behind other screens and in the bag
    (the bag's size is public, and so is what both hold together) dealt again, the window pile's
    order, and while planning other seats' Glassworks tiles (taken as covering no column, which
    fits any plan drawn)."""
    glass = _glass(state)
    others = other_seats(len(glass.held), seat)
    colours = len(glass.bag)
    pool = [c for c in range(colours) for _ in range(glass.bag[c])]
    pool += [c for s in others for c in range(colours) for _ in range(glass.held[s][c])]
    pool.sort()
    rng.shuffle(pool)
    size = sum(glass.bag)

    def counts(items: list[int]) -> tuple[int, ...]:
        return tuple(items.count(c) for c in range(colours))

    rest = pool[size:]
    sizes = spread(len(rest), len(others), rng)
    held, at = {}, 0
    for s, n in zip(others, sizes, strict=True):
        held[s] = counts(rest[at : at + n])
        at += n
    pile = sorted(glass.pile)
    rng.shuffle(pile)
    covers = glass.covers
    if state.phase is Phase.PLAN:  # decided tiles: uncovered (any drawn plan fits with that)
        covers = redrawn(
            covers, {s: NO_COVER for s in others if s < len(covers) and covers[s] is not None}
        )
    return evolve(
        glass,
        bag=counts(pool[:size]),
        held=redrawn(glass.held, held),
        pile=tuple(pile),
        covers=covers,
    )


def position_laws(laws: Laws, state: State, glass: GlassState) -> None:
    """R6.27: glass is counted in tokens."""
    for name in ("bag", "offer", "reserve"):
        laws.each_within(f"$.glass.{name}", getattr(glass, name), 0, 1_000, "R6.27", "glass")
    for seat, held in enumerate(glass.held):
        laws.each_within(f"$.glass.held[{seat}]", held, 0, 1_000, "R6.27", "glass")


def _adapter_actions(tables: Tables, rules: Glaziers) -> list[object]:
    found: list[object] = [PlaceGlassworks(None)]
    for location in Location:
        found += [PlaceGlassworks(location), PlaceGlassworks(location, True)]
    found.extend(BuyGlass(glass) for glass in GLASS)
    found.extend(TakeWindow(slot) for slot in range(len(rules.bench_prices)))
    most = max(len(panes) for panes in (*rules.panes.values(), rules.altar_panes))
    for size in range(most + 1):
        found.extend(HandInGlass(combo) for combo in combinations_with_replacement(GLASS, size))
    return found


def _adapter_chance(tables: Tables, rules: Glaziers) -> list[Outcome]:
    found: list[Outcome] = [("glass", glass.value) for glass in GLASS]
    return found + [("window", window) for window in sorted(set(rules.windows))]


def _adapter_layout(tables: Tables, rules: Glaziers) -> list[tuple[str, int]]:
    return [("glass", 2 * len(GLASS) + 2 + 6)]


def _adapter_tensor(
    state: State, seat: int, view: Mapping[str, object], rules: Glaziers
) -> list[float]:
    """The offer, the bag's size, the seat's own tokens, the workbench slots filled, the
    window pile's size."""
    offer = [float(n) for n in seq(view["glass_offer"])]
    own = [float(n) for n in seq(seq(view["glass"])[seat])]
    bench = [1.0 if w is not None else 0.0 for w in seq(view["workbench"])][:6]
    out = [*offer, float(num(view["glass_bag"])), *own]
    return out + bench + [0.0] * (6 - len(bench)) + [float(num(view["window_pile"]))]


ADAPTER = AdapterPart(
    actions=_adapter_actions,
    chance=_adapter_chance,
    layout=_adapter_layout,
    tensor=_adapter_tensor,
)
"""Module 6 in the adapters' action space, chance outcomes and tensors."""


PLUGIN = Plugin(
    module=Module.GLAZIERS,
    title="Glaziers",
    rules=Glaziers,
    state_name="glass",
    state_type=GlassState,
    sample_hidden=sample_hidden,
    position_lists=("bag", "offer", "held", "reserve", "openings", "covers", "altar_used"),
    position_laws=position_laws,
    notation=NOTATION,
    adapter=ADAPTER,
    state_after="gold",
    actions={
        PlaceGlassworks: (check_glassworks, do_glassworks),
        BuyGlass: (check_buy_glass, do_buy_glass),
        TakeWindow: (check_take_window, do_take_window),
        HandInGlass: (check_hand_in_glass, do_hand_in_glass),
    },
    stage_kinds=frozenset({TakeWindow.kind, HandInGlass.kind}),
    describe=describe_action,
    events=events,
    board_lines=board_lines,
    picture=picture,
    catalogue=module_section(Module.GLAZIERS, "fresco-modules-456.md"),
    data_sections=(GLAZIERS_DATA,),
)
"""Module 6 as a plug-in (installed by ``fresco/plugins.py``)."""

__all__ = ["PLUGIN", "Glaziers", "glass_counts", "glass_text"]
