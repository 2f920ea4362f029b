"""Module 2, the Bishop's Requests (fresco-modules-123.md section 3, rules R2.1-R2.17, A2.1-A2.7).

Once a round a player may use one workshop apprentice, instead of blending, to fulfil the top
request of one of four piles with three of his loose fresco tiles: any three for a general
request, three whose backs show that colour's splash for an orange, green or purple one. He
scores its VP; the tiles and the request form a stack that pays 1 Thaler and 1 paint piece at
each income step instead of the stacked tiles' 3 Thalers. With two players Leonardo has a
workshop apprentice and may fulfil requests with his own tiles, which then leave the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import combinations
from typing import Any, ClassVar

from attrs import field, frozen

from ...kernel.adapter_spec import one_hot
from ...kernel.errors import IllegalAction
from ...kernel.evolve import evolve
from ...kernel.memo import ValueCache, memo_last, memo_last_call
from ...kernel.position import Laws
from ...kernel.registry import implements
from ...kernel.untrusted import describe
from .. import turns
from ..actions import Action, EndTurn, SubmitPlan
from ..config import GameConfig, Module3Splashes, Tables
from ..extensions import ModuleRules, Pending, Plugin, rules_of
from ..flow import add_paints
from ..plugin_parts import AdapterPart, seq
from ..rule_catalogue import module_section
from ..state import Phase, State, Turn
from ..vocab import PRIMARIES, Location, Module, Paint, paint_counts
from .requests_actions import ChooseIncomePaint, FulfilRequest
from .requests_data import REQUEST_TYPES, REQUESTS_DATA
from .requests_notation import NOTATION
from .requests_picture import picture
from .requests_state import REQUESTS_SLOT, RequestState, with_requests
from .special_blends_data import BLENDS_DATA
from .wishing_well_state import well_of

# Enum members bound to module names for the hot paths: in Python 3.11 ``Location.MARKET``
# goes through the enum metaclass's ``__getattr__`` hook, several times slower than a global.
_OVER, _WORKSHOP = Phase.OVER, Location.WORKSHOP
_WORKSHOP_NAME = _WORKSHOP.value  # an enum member's ``value`` is a property in Python 3.11

TILES_PER_REQUEST = 3
"""R2.5/R2.6: every request takes 3 fresco tiles."""
INCOME_CHOICES = tuple(ChooseIncomePaint(p) for p in (Paint.RED, Paint.YELLOW, Paint.BLUE))


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``values`` with the item at ``index`` (a valid index) replaced."""
    items = list(values)  # a small list changed in place: faster than joining two slices
    items[index] = value
    return tuple(items)


def _requests(state: State) -> RequestState:
    sub: RequestState | None = state.modules[REQUESTS_SLOT]
    assert sub is not None
    return sub


@frozen
class Requests(ModuleRules):
    """The rules of module 2 with its tables (section 5.3, 5.5) and option A3.5."""

    module: ClassVar[Module] = Module.REQUESTS
    turn_locations: ClassVar[frozenset[Location] | None] = frozenset({_WORKSHOP})
    pending_between_turns: ClassVar[bool] = False  # income paint choices come before phase 1
    pending_phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.GET_UP})

    vp: dict[str, int]
    piles: tuple[tuple[str, ...], ...]
    """The piles at set-up, in ``REQUEST_TYPES`` order, top first (R2.2)."""
    splashes: dict[str, frozenset[Paint]]
    income_thalers: int
    none_due: tuple[int, ...]
    """``RequestState.income_due`` when no general-request income is due (a 0 per player)."""
    options_of: ValueCache[tuple[tuple[str, ...], tuple[bool, ...]], tuple[FulfilRequest, ...]] = (
        field(eq=False, repr=False)
    )
    """The requests the tiles held can fulfil, by (tiles held, which piles still hold a tile)
    (``_options``): the same tiles meet the same piles again and again."""

    @classmethod
    @implements("R2.1", "R2.2", "R2.3", "A2.7", "A3.5", "R3.13")
    def build(cls, config: GameConfig, tables: Tables) -> Requests:
        """R2.1: the paints stay the unlimited supply. R2.2 (A2.7): the 12 request tiles sorted
        by type into four piles, lowest value at the bottom (data, provisional). R2.3: each
        shows its prerequisite, VP and income. A3.5/R3.13: tile backs from the data (base
        tiles) and, with ``module3_splashes = formula``, the module-3 tiles' rows (``none``:
        their backs show no splash)."""
        data = REQUESTS_DATA.of(config.components)
        blends = BLENDS_DATA.of(config.components)
        if not isinstance(config.module3_splashes, Module3Splashes):
            raise ValueError(
                f"module3_splashes must be a Module3Splashes: {describe(config.module3_splashes)}"
            )
        piles = []
        for kind in REQUEST_TYPES:
            tiles = [t for t in data.tiles if t.type == kind]
            ordered = sorted(range(len(tiles)), key=lambda i: (tiles[i].vp, i))
            piles.append(tuple(tiles[i].id for i in reversed(ordered)))
        splashes = {back.tile: frozenset(back.splashes) for back in data.backs}
        with_formula = config.module3_splashes is Module3Splashes.FORMULA
        for tile in blends.fresco_tiles:
            splashes[tile.id] = frozenset(tile.splashes if with_formula else ())
        return cls(
            vp={t.id: t.vp for t in data.tiles},
            piles=tuple(piles),
            splashes=splashes,
            income_thalers=data.income_thalers,
            none_due=(0,) * tables.players,
            options_of=ValueCache(),
        )

    def setup(self, state: State) -> State:
        players, actors = state.tables.players, state.tables.actors
        requests = RequestState(
            piles=self.piles,
            stacks=((),) * players,
            removed=(),
            removed_tiles=(),
            used=(False,) * actors,
            income_due=(0,) * players,
        )
        return with_requests(state, requests)

    def round_marks(self, tables: Tables) -> dict[str, object]:
        """R2.4: at the start of every round nobody has fulfilled a request this round."""
        return {"used": (False,) * tables.actors}

    @implements("R2.14")
    def leonardo_plan(self, tables: Tables, plan: SubmitPlan) -> SubmitPlan:
        """R2.14: Leonardo's extra apprentice on his workshop column, final round included."""
        return SubmitPlan(  # built anew: several times faster than evolve for this class
            market=plan.market,
            cathedral=plan.cathedral,
            studio=plan.studio,
            workshop=plan.workshop + 1,
            theatre=plan.theatre,
            cathedral_2=plan.cathedral_2,
        )

    @implements("R2.15", "A2.5")
    def leonardo_turn(self, state: State, turn: Turn) -> Pending | None:
        """R2.15 (A2.5): at the workshop the controller may have Leonardo fulfil one request
        his own tiles meet, or decline; Leonardo never blends."""
        if turn.location is not _WORKSHOP:
            return None
        return _leonardo_choice(turn.actor, self._options(state, turn) if turn.left >= 2 else ())

    def legal_in_turn(self, state: State, turn: Turn) -> list[Action]:
        if turn.location is not _WORKSHOP or turn.left < 2:
            return []
        return list(self._options(state, turn))

    def options(self, state: State, turn: Turn) -> list[FulfilRequest]:
        """Every request the actor may fulfil now (R2.4-R2.8), pile by pile, tiles sorted."""
        return list(self._options(state, turn))

    def _options(self, state: State, turn: Turn) -> tuple[FulfilRequest, ...]:
        q = _requests(state)
        actor = turn.actor
        if q.used[actor] or _alchemy_blocks(state, turn):
            return ()
        return self.options_of.get(self, (state.held[actor], _open_piles(q.piles)), _fulfilling)

    @implements("R2.11", "R2.12", "A2.6", "M.4")
    def prepare_round(self, state: State) -> State:
        """R2.11 (M.4): at each income step every request stack pays its owner 1 Thaler and
        1 paint piece: its own colour for a special request, a primary chosen anew each round
        for a general one (A2.6, a decision of the owner, ``ChooseIncomePaint``). The stacked
        tiles pay nothing: they are no longer loose. R2.12: no income after the final round
        (this step is never reached then)."""
        q = _requests(state)
        if not any(q.stacks):  # no stack pays anything
            return state
        money = list(state.money)
        paints = list(state.paints)
        supply_money, supply_paints = state.supply_money, state.supply_paints
        due = list(q.income_due)
        for seat, stacks in enumerate(q.stacks):
            for request, _ in stacks:
                money[seat] += self.income_thalers
                supply_money -= self.income_thalers
                kind = self.kind_of(request)
                if kind == "general":
                    due[seat] += 1
                    continue
                piece = paint_counts((Paint(kind),))
                paints[seat] = add_paints(paints[seat], piece)
                supply_paints = add_paints(supply_paints, piece, -1)
        return with_requests(
            state,
            evolve(q, income_due=tuple(due)),
            money=tuple(money),
            paints=tuple(paints),
            supply_money=supply_money,
            supply_paints=supply_paints,
        )

    def kind_of(self, request: str) -> str:
        return next(k for k, pile in zip(REQUEST_TYPES, self.piles, strict=True) if request in pile)

    def pending(self, state: State) -> Pending | None:
        q: RequestState | None = state.modules[REQUESTS_SLOT]
        if q is None or q.income_due == self.none_due or state.phase is _OVER:
            return None
        seat = next(s for s, n in enumerate(q.income_due) if n)
        return Pending(
            seat,
            "R2.11",
            "choose the primary your general request pays this round first",
            INCOME_CHOICES,
        )

    @implements("M.6")
    def ledger(self, state: State, seats: list[str]) -> dict[str, dict[str, int]]:
        """M.6: piles + request tiles on stacks + removed = 12; stacked and removed fresco
        tiles among the fresco tiles."""
        q = _requests(state)
        tiles = {
            f"pile {kind}": len(pile) for kind, pile in zip(REQUEST_TYPES, q.piles, strict=True)
        }
        frescos: dict[str, int] = {}
        for s, seat in enumerate(seats):
            tiles[seat] = len(q.stacks[s])
            frescos[f"{seat} stacks"] = TILES_PER_REQUEST * len(q.stacks[s])
        tiles["removed"] = len(q.removed)
        frescos["removed (requests)"] = len(q.removed_tiles)
        return {"request_tiles": tiles, "fresco_tiles": frescos}

    @implements("R2.13", "A2.3")
    def view(self, state: State, seat: int) -> dict[str, Any]:
        """R2.13 (A2.3): tiles in front of players lie back up and every front was seen when it
        was restored, so loose tiles, stacks and piles are public; the primary chosen as
        general-request income goes behind the screen (the paints are hidden by the base view)."""
        q = _requests(state)
        return {
            "request_piles": dict(zip(REQUEST_TYPES, q.piles, strict=True)),
            "request_stacks": q.stacks,
            "loose_tiles": state.held,
            "requests_removed": q.removed,
        }


def _alchemy_blocks(state: State, turn: Turn) -> bool:
    """A2.4: the apprentice that fulfils a request cannot use Alchemy, so with module 4 a
    player needs an apprentice that has not used a card."""
    w = well_of(state)
    plan = state.plans[turn.actor]
    if w is None or plan is None or turn.actor == state.tables.leonardo:
        return False
    used = w.played[turn.actor].count(_WORKSHOP_NAME)
    return used >= plan.workshop


def _fulfilling(
    rules: Requests, key: tuple[tuple[str, ...], tuple[bool, ...]]
) -> tuple[FulfilRequest, ...]:
    """The requests (R2.4-R2.8) the tiles ``held`` can fulfil from the piles that still hold a
    tile (``open_piles``), pile by pile, tiles sorted."""
    held, open_piles = key
    loose = sorted(held)
    found: list[FulfilRequest] = []
    for kind, is_open in zip(REQUEST_TYPES, open_piles, strict=True):
        if not is_open:
            continue
        colour = None if kind == "general" else Paint(kind)
        fits = [t for t in loose if colour is None or colour in rules.splashes.get(t, ())]
        found.extend(FulfilRequest(kind, combo) for combo in combinations(fits, TILES_PER_REQUEST))
    return tuple(found)


@memo_last
def _open_piles(piles: tuple[tuple[str, ...], ...]) -> tuple[bool, ...]:
    """Which request piles still hold a tile (remembered for the last, identical, piles: they
    change only when a request is fulfilled)."""
    return tuple(map(bool, piles))


@memo_last_call
def _leonardo_choice(actor: int, requests: tuple[FulfilRequest, ...]) -> Pending:
    """Leonardo's workshop decision (R2.15, A2.5): the requests he may fulfil, or declining
    (remembered for the last, identical, tuple of requests from ``Requests.options_of``)."""
    return Pending(actor, "R2.15", "Leonardo fulfils a request or declines", (*requests, _END_TURN))


_END_TURN = EndTurn()


def _rules(state: State) -> Requests:
    return rules_of(state, Requests)


@implements("R2.4", "R2.5", "R2.6", "R2.7", "R2.8", "R2.9", "R2.16", "A2.1", "A2.2", "A2.4")
def check_request(state: State, action: FulfilRequest) -> IllegalAction | None:
    """R2.4: once a round, one workshop apprentice that has not blended fulfils one request
    instead of blending. R2.5: a general request takes any 3 loose tiles; R2.6 a special one
    3 loose tiles whose backs show its colour's splash (A2.1: a tile with several splashes
    serves any of them). R2.7 (A2.2): tiles already in a stack never count. R2.8: the pile
    must hold a tile; the top one is taken. R2.9: tiles restored earlier this round count.
    R2.16 (A2.4): with module 4, an apprentice that used Alchemy cannot fulfil a request."""
    q: RequestState | None = state.modules[REQUESTS_SLOT]
    if q is None:
        return turns.refusal(state, "G.1", "module 2 (the Bishop's Requests) is not in play")
    pile, tiles = action.pile, action.tiles
    if not isinstance(pile, str) or pile not in REQUEST_TYPES:
        return turns.refusal(
            state, "R2.2", f"pile must be one of {', '.join(REQUEST_TYPES)}", malformed=True
        )
    if (
        not isinstance(tiles, tuple)
        or len(tiles) != TILES_PER_REQUEST
        or not all(isinstance(t, str) for t in tiles)
    ):
        return turns.refusal(state, "R2.5", "a request takes three fresco tile IDs", malformed=True)
    turn = turns.active_turn(state, _WORKSHOP)
    if turn is None:
        return turns.refusal(state, "R2.4", "requests are fulfilled by workshop apprentices only")
    if q.used[turn.actor]:
        return turns.refusal(state, "R2.4", "one request per round")
    if turn.left < 2:
        return turns.refusal(
            state, "R2.4", "no workshop apprentice is left that has not blended this turn"
        )
    if _alchemy_blocks(state, turn):
        return turns.refusal(
            state, "A2.4", "the apprentice that used Alchemy cannot fulfil a request"
        )
    rules = _rules(state)
    index = REQUEST_TYPES.index(pile)
    if not q.piles[index]:
        return turns.refusal(state, "R2.8", f"the {pile} pile is empty")
    if len(set(tiles)) != TILES_PER_REQUEST:
        return turns.refusal(state, "R2.7", "each tile serves once: three different tiles")
    loose = state.held[turn.actor]
    missing = [t for t in tiles if t not in loose]
    if missing:
        return turns.refusal(
            state, "A2.2", f"{', '.join(missing)} is not a loose tile of this player"
        )
    if pile != "general":
        colour = Paint(pile)
        plain = [t for t in tiles if colour not in rules.splashes.get(t, ())]
        if plain:
            return turns.refusal(
                state, "R2.6", f"{', '.join(plain)} shows no {pile} splash on its back"
            )
    return None


@implements("R2.5", "R2.10", "R2.15", "R2.12")
def do_request(state: State, action: FulfilRequest) -> State:
    """R2.5: take the pile's top tile, score its VP (R2.10: the painter moves as usual; no
    bishop bonus, no paints) and pile the 3 tiles under it, back up. R2.15: Leonardo's
    request tile and tiles leave the game instead. R2.12: in the final round it scores but
    never pays income."""
    turn = state.turn
    assert turn is not None
    q = _requests(state)
    rules = _rules(state)
    actor = turn.actor
    index = REQUEST_TYPES.index(action.pile)
    request = q.piles[index][0]
    piles = _put(q.piles, index, q.piles[index][1:])
    loose = tuple(t for t in state.held[actor] if t not in action.tiles)
    if state.is_leonardo(actor):
        q = evolve(
            q,
            piles=piles,
            removed=(*q.removed, request),
            removed_tiles=(*q.removed_tiles, *action.tiles),
            used=_put(q.used, actor, True),
        )
    else:
        stack = (request, tuple(action.tiles))
        q = evolve(
            q,
            piles=piles,
            stacks=_put(q.stacks, actor, (*q.stacks[actor], stack)),
            used=_put(q.used, actor, True),
        )
    return with_requests(
        state,
        q,
        held=_put(state.held, actor, loose),
        turn=evolve(turn, left=turn.left - 2),
        **turns.painter_changes(state, actor, rules.vp[request]),  # R2.10, in the same state
    )


@implements("R2.11", "A2.6")
def check_income_paint(state: State, action: ChooseIncomePaint) -> IllegalAction | None:
    """R2.11 (A2.6): a general request pays one primary of the owner's choice each round."""
    q: RequestState | None = state.modules[REQUESTS_SLOT]
    if q is None:
        return turns.refusal(state, "G.1", "module 2 (the Bishop's Requests) is not in play")
    if not any(q.income_due):
        return turns.refusal(state, "R2.11", "no general-request income is due")
    if not isinstance(action.paint, Paint) or action.paint not in PRIMARIES:
        given = action.paint.value if type(action.paint) is Paint else describe(action.paint)
        return turns.refusal(
            state,
            "A2.6",
            f"a general request pays red, yellow or blue, not {given}",
            malformed=not isinstance(action.paint, Paint),
        )
    return None


def do_income_paint(state: State, action: ChooseIncomePaint) -> State:
    q = _requests(state)
    seat = next(s for s, n in enumerate(q.income_due) if n)
    piece = paint_counts((action.paint,))
    return with_requests(
        state,
        evolve(q, income_due=_put(q.income_due, seat, q.income_due[seat] - 1)),
        paints=_put(state.paints, seat, add_paints(state.paints[seat], piece)),
        supply_paints=add_paints(state.supply_paints, piece, -1),
    )


def describe_action(state: State, action: object) -> str | None:
    """The sentence (after the actor's name) for an action of module 2."""
    if isinstance(action, FulfilRequest):
        q: RequestState | None = state.modules[REQUESTS_SLOT]
        pile = q.piles[REQUEST_TYPES.index(action.pile)] if q is not None else ()
        top = pile[0] if pile else "?"
        return f"fulfils the {action.pile} request {top} with {', '.join(action.tiles)}"
    if isinstance(action, ChooseIncomePaint):
        return f"takes {action.paint.value} as general-request income"
    return None


def board_lines(state: State) -> list[str]:
    """The request piles' top tiles and every player's request stacks."""
    q: RequestState | None = state.modules[REQUESTS_SLOT]
    if q is None:
        return []
    rules = _rules(state)
    tops = ", ".join(
        f"{kind} {pile[0]} ({rules.vp[pile[0]]} VP, {len(pile)} left)" if pile else f"{kind} empty"
        for kind, pile in zip(REQUEST_TYPES, q.piles, strict=True)
    )
    lines = [f"requests: {tops}"]
    for seat, stacks in enumerate(q.stacks):
        if stacks:
            shown = "; ".join(f"{req} on {' '.join(tiles)}" for req, tiles in stacks)
            lines.append(f"  seat {seat} stacks: {shown}")
    return lines


def position_laws(laws: Laws, state: State, requests: RequestState) -> None:
    """R2.7: a tile serves one request and is never loose again."""
    stacked = [t for stacks in requests.stacks for _, tiles in stacks for t in tiles]
    used = [*stacked, *requests.removed_tiles]
    twice = sorted(tile for tile, n in Counter(used).items() if n > 1)
    laws.check(not twice, "$.requests.stacks", "R2.7", f"tiles {twice} serve twice")
    loose = sorted(set(used) & {t for held in state.held for t in held})
    laws.check(not loose, "$.held", "R2.7", f"stacked tiles {loose} are held again")


def _adapter_actions(tables: Tables, rules: Requests) -> list[object]:
    """Each pile's request with every set of 3 fresco tiles whose backs fit it (R2.5, R2.6: any
    three for the general pile), and the income primary (A2.6)."""
    tiles = sorted(tables.fresco_pieces)
    found: list[object] = []
    for kind in REQUEST_TYPES:
        colour = None if kind == "general" else Paint(kind)
        fits = [t for t in tiles if colour is None or colour in rules.splashes.get(t, ())]
        combos = combinations(fits, TILES_PER_REQUEST)
        found.extend(FulfilRequest(kind, combo) for combo in combos)
    found.extend(INCOME_CHOICES)
    return found


def _adapter_layout(tables: Tables, rules: Requests) -> list[tuple[str, int]]:
    players, actors = tables.players, tables.actors
    requests = sum(len(pile) for pile in rules.piles)
    size = requests * (2 + players) + actors * len(tables.fresco_pieces)
    return [("requests", size + actors + players)]


def _adapter_tensor(
    state: State, seat: int, view: Mapping[str, object], rules: Requests
) -> list[float]:
    """All public (R2.13, A2.3): per request tile (piles in ``REQUEST_TYPES`` order, top first)
    whether it is in its pile, on a stack of each player, or removed; per actor its loose fresco
    tiles (a flag per tile); per actor a request fulfilled this round; per player
    general-request primaries still to choose (A2.6)."""
    tiles = [tile for pile in rules.piles for tile in pile]
    players = state.tables.players
    piles = view["request_piles"]
    assert isinstance(piles, dict)
    in_pile = {tile for pile in piles.values() for tile in pile}
    owner = {}
    for stacks_seat, stacks in enumerate(seq(view["request_stacks"])):
        for request, _ in seq(stacks):
            owner[request] = stacks_seat
    removed = set(seq(view["requests_removed"]))
    out: list[float] = []
    for tile in tiles:
        out.append(1.0 if tile in in_pile else 0.0)
        out += one_hot(players, owner.get(tile))
        out.append(1.0 if tile in removed else 0.0)
    fresco = sorted(state.tables.fresco_pieces)
    for loose in seq(view["loose_tiles"]):
        mine = set(seq(loose))
        out += [1.0 if tile in mine else 0.0 for tile in fresco]
    q = _requests(state)
    out += [1.0 if used else 0.0 for used in q.used] + [float(n) for n in q.income_due]
    return out


ADAPTER = AdapterPart(actions=_adapter_actions, layout=_adapter_layout, tensor=_adapter_tensor)
"""Module 2 in the adapters' action space and tensors (it draws nothing by chance)."""


PLUGIN = Plugin(
    module=Module.REQUESTS,
    title="Bishop's Requests",
    rules=Requests,
    state_name="requests",
    state_type=RequestState,
    position_lists=("piles", "stacks", "used", "income_due"),
    position_laws=position_laws,
    notation=NOTATION,
    adapter=ADAPTER,
    state_after="specials",
    actions={
        FulfilRequest: (check_request, do_request),
        ChooseIncomePaint: (check_income_paint, do_income_paint),
    },
    describe=describe_action,
    board_lines=board_lines,
    picture=picture,
    catalogue=module_section(Module.REQUESTS, "fresco-modules-123.md"),
    data_sections=(REQUESTS_DATA,),
)
"""Module 2 as a plug-in (installed by ``fresco/plugins.py``)."""

__all__ = [
    "PLUGIN",
    "Requests",
    "check_income_paint",
    "check_request",
    "do_income_paint",
    "do_request",
]
