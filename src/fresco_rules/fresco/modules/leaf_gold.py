"""Module 5, the Leaf Gold (fresco-modules-456.md section 3, rules R5.1-R5.14, A5.1-A5.7).

A wooden disc drawn onto the basket tile names each round's gilding colour; buying the market
tiles the golden tile points at gives leaf gold; one leaf gold added to a restoration whose paints
include the gilding colour scores 3, 2 or 1 by the bishop's distance; leftover leaf gold is worth
1 Thaler at the end.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar

from attrs import frozen

from ...kernel.adapter_spec import one_hot
from ...kernel.chance import Outcome, draw
from ...kernel.errors import IllegalAction
from ...kernel.evolve import evolve
from ...kernel.position import Laws
from ...kernel.registry import implements
from ...kernel.untrusted import describe
from .. import turns
from ..config import DiscSet, FreeTileGold, GameConfig, GildingAdjacency, Tables
from ..extensions import ModuleRules, Pending, Plugin, current_stage
from ..hidden import other_seats, redrawn, spread
from ..plugin_parts import AdapterPart, num, seq
from ..rule_catalogue import module_section
from ..state import Phase, Restoration, ScoreParts, State
from ..vocab import BASE_PAINTS, PAINT_INDEX, Module, Paint, Segment
from ..words import booth_label, segment_label
from .leaf_gold_actions import Gild
from .leaf_gold_data import GOLD_DATA, disc_colours
from .leaf_gold_notation import NOTATION
from .leaf_gold_picture import picture
from .leaf_gold_state import GOLD_SLOT, GoldState, gold_changes, gold_of, with_gold

GILD = "gild"
PAINT_ORDER = {paint: i for i, paint in enumerate(Paint)}


@implements("R5.7", "A5.3")
def gilding_points(
    segment: Segment,
    bishop: Segment,
    *,
    orthogonal: bool = False,
    points: tuple[int, int, int] = (3, 2, 1),
) -> int:
    """R5.7 (A5.3): gilding points by the bishop's position: ``points[0]`` (3) on the restored
    segment, ``points[1]`` (2) on one of its neighbours (the 8 of the base game, or the 4
    orthogonal ones with ``orthogonal``), ``points[2]`` (1) anywhere else."""
    if segment == bishop:
        return points[0]
    dr, dc = abs(segment[0] - bishop[0]), abs(segment[1] - bishop[1])
    near = dr + dc == 1 if orthogonal else max(dr, dc) == 1
    return points[1] if near else points[2]


_NAMES = {paint: paint.value for paint in Paint}
"""Each disc colour's name (an enum member's ``value`` is a property in Python 3.11)."""


@frozen
class LeafGold(ModuleRules):
    """The rules of module 5 with its tables (component-data.md 6) and options (A5.x)."""

    module: ClassVar[Module] = Module.LEAF_GOLD
    segment_stages: ClassVar[tuple[str, ...]] = (GILD,)
    pending_only_restoring: ClassVar[bool] = True

    total: int
    value: int
    points: tuple[int, int, int]
    discs: tuple[Paint, ...]
    arrows: dict[tuple[int, int], int]
    orthogonal: bool
    free_tile_gold: bool

    @classmethod
    @implements("R5.2", "R5.3", "A5.1")
    def build(cls, config: GameConfig, tables: Tables) -> LeafGold:
        """R5.2: the golden market tile of the board side in use; R5.3 (A5.1): the discs are
        red, blue, yellow, green, purple and orange, plus brown only with module 3 (R3.15) or
        with ``all_seven``."""
        data = GOLD_DATA.of(config.components)
        side = config.components.side_for(tables.players).name
        arrows = {(a.booth, a.slot): a.gold for a in data.arrows if a.side == side}
        for booth, slot in arrows:
            if slot >= tables.booth_capacities[booth]:
                raise ValueError(
                    f"R5.5: a golden-tile arrow points at slot {slot} of booth {booth} "
                    f"({booth_label(booth)}:{slot + 1}), which booth capacities "
                    f"{', '.join(map(str, tables.booth_capacities))} do not have"
                )
        return cls(
            total=data.total,
            value=data.value,
            points=(data.on_segment, data.neighbour, data.elsewhere),
            discs=disc_colours(
                data,
                all_seven=config.disc_set is DiscSet.ALL_SEVEN,
                module3=Module.SPECIAL_BLENDS in config.modules,
            ),
            arrows=arrows,
            orthogonal=config.gilding_adjacency is GildingAdjacency.ORTHOGONAL,
            free_tile_gold=config.free_tile_gold is FreeTileGold.FREE_TILE_GETS_GOLD,
        )

    @implements("R5.1", "R5.3", "R5.4", "R5.13", "A5.2")
    def setup(self, state: State) -> State:
        """R5.1: the 24 leaf gold form the supply; R5.3 (A5.2): the discs go into the bag as a
        pool of their own (no market tile is ever drawn with them); R5.4: one disc is drawn onto
        the basket tile. R5.13: Leonardo gets no leaf gold."""
        pool = sorted(self.discs, key=PAINT_ORDER.__getitem__)
        names = [_NAMES[disc] for disc in pool]
        index, chance = draw(state.chance, "disc", names, rule="R5.4")
        disc = pool.pop(index)
        gold = GoldState(
            supply=self.total, held=(0,) * state.tables.players, disc=disc, bag=tuple(pool)
        )
        return with_gold(state, gold, chance=chance)

    @implements("R5.11", "A5.2")
    def prepare_round(self, state: State) -> State:
        """R5.11: after the market refill a new disc is drawn onto the basket tile; only then
        does the previous disc go back into the bag, so the colour always changes. A5.2: the
        disc pool is separate from the market tiles."""
        g = _gold(state)
        names = [_NAMES[disc] for disc in g.bag]  # every disc but the one shown
        index, chance = draw(state.chance, "disc", names, rule="R5.11")
        pool = list(g.bag)
        disc = pool.pop(index)
        bag = tuple(sorted((*pool, g.disc), key=PAINT_ORDER.__getitem__))
        return with_gold(state, evolve(g, disc=disc, bag=bag), chance=chance)

    @implements("R5.12")
    def before_final_scoring(self, state: State) -> State:
        """R5.12: before final scoring each player exchanges every leaf gold for 1 Thaler; the
        leaf gold goes back to the supply."""
        g = _gold(state)
        gains = tuple(n * self.value for n in g.held)
        return with_gold(
            state,
            evolve(g, supply=g.supply + sum(g.held), held=(0,) * len(g.held)),
            money=tuple(m + x for m, x in zip(state.money, gains, strict=True)),
            supply_money=state.supply_money - sum(gains),
        )

    @implements("R5.5", "A5.4", "A4.8")
    def after_tile_taken(
        self, state: State, actor: int, booth: int, slot: int, *, bought: bool
    ) -> State:
        """R5.5: buying the tile in a slot a golden-tile arrow points at gives that many leaf
        gold (A5.4: as many as remain); closing a booth gives none. A4.8: a Free Paints tile
        gives none unless ``free_tile_gets_gold``."""
        amount = self.arrows.get((booth, slot), 0)
        if not amount or not (bought or self.free_tile_gold):
            return state
        g = _gold(state)
        got = min(amount, g.supply)
        held = (*g.held[:actor], g.held[actor] + got, *g.held[actor + 1 :])
        return with_gold(state, evolve(g, supply=g.supply - got, held=held))

    @implements("R5.6", "R5.10", "R5.13", "A5.6")
    def enter_stage(
        self, state: State, r: Restoration, stage: str
    ) -> tuple[State, Restoration, bool]:
        """R5.6 (A5.6): the player decides on leaf gold when the restored segment's required
        paints include at least one piece of exactly the gilding colour and he holds leaf gold.
        R5.10: never at the altar; R5.13: never Leonardo."""
        g: GoldState | None = state.modules[GOLD_SLOT]
        if g is None or r.segment is None or r.tile is None or state.is_leonardo(r.actor):
            return state, r, False
        return state, r, g.held[r.actor] >= 1 and self.shows_colour(state, r.tile, g.disc)

    @implements("R3.15", "A5.6")
    def shows_colour(self, state: State, tile: str, disc: Paint) -> bool:
        """A5.6: a tile shows the gilding colour when one of its required pieces is exactly
        that colour (a secondary does not contain its primaries; with module 3, R3.15, a pink
        or brown piece is neither of the colours it was blended from)."""
        pieces = state.tables.fresco_pieces[tile]
        index = PAINT_INDEX[disc]
        return index < len(pieces) and pieces[index] > 0

    def pending(self, state: State) -> Pending | None:
        if state.restoring is None:
            return None  # the only decision this hook names is a restoration stage
        stage = current_stage(state)
        if stage is None or stage[0] is not self:
            return None
        r = state.restoring
        assert r is not None
        return _gild_choice(r.actor, r.segment)

    @implements("R5.7", "R5.8", "R5.9", "A5.3", "A5.5")
    def score_parts(self, state: State, r: Restoration, parts: ScoreParts) -> ScoreParts:
        """R5.7 (A5.3): gilding points 3/2/1 by the bishop's position after any bishop moves;
        R5.8: the normal bishop bonus is scored as well; R5.9 (A5.5): both sit in the
        restoration's sum (G.6)."""
        if not r.gild or r.segment is None:
            return parts
        gilding = gilding_points(
            r.segment, r.bishop, orthogonal=self.orthogonal, points=self.points
        )
        return evolve(parts, gilding=parts.gilding + gilding)

    @implements("R5.14", "A5.4")
    def ledger(self, state: State, seats: list[str]) -> dict[str, dict[str, int]]:
        """R5.14 (A5.4): leaf gold in the supply plus leaf gold held = 24; the discs are in the
        bag or on the basket tile."""
        g = _gold(state)
        gold = {"supply": g.supply, **{seat: g.held[s] for s, seat in enumerate(seats)}}
        return {"leaf_gold": gold, "colour_discs": {"bag": len(g.bag), "basket": 1}}

    def view(self, state: State, seat: int) -> dict[str, object]:
        """Leaf gold lies behind the large screens; the disc is public."""
        g = _gold(state)
        return {
            "gilding_colour": g.disc,
            "leaf_gold_supply": g.supply,
            "leaf_gold": tuple(n if s == seat else None for s, n in enumerate(g.held)),
        }


def _gild_choice(actor: int, segment: Segment | None) -> Pending:
    """R5.6: the leaf-gold decision of ``actor`` restoring ``segment``."""
    return Pending(
        actor,
        "R5.6",
        f"decide whether to add leaf gold to the restoration of "
        f"{'the altar' if segment is None else segment_label(segment)} first",
        (Gild(True), Gild(False)),
    )


def _gold(state: State) -> GoldState:
    sub: GoldState | None = state.modules[GOLD_SLOT]
    assert sub is not None
    return sub


@implements("R5.6", "R5.10")
def check_gild(state: State, action: Gild) -> IllegalAction | None:
    """R5.6: optionally one leaf gold on top of the required paints of a segment restoration
    whose paints include the gilding colour; R5.10: never at the altar."""
    if gold_of(state) is None:
        return turns.refusal(state, "G.1", "module 5 (the Leaf Gold) is not in play")
    if type(action.add) is not bool:
        return turns.refusal(
            state, "R5.6", f"add must be True or False: {describe(action.add)}", malformed=True
        )
    r = state.restoring
    if r is not None and r.segment is None:
        return turns.refusal(state, "R5.10", "leaf gold cannot be used when restoring the altar")
    stage = current_stage(state)
    if stage is None or stage[1] != GILD or state.phase is not Phase.ACTION:
        return turns.refusal(
            state,
            "R5.6",
            "leaf gold is added while restoring a segment that shows the gilding colour",
        )
    return None


@implements("A5.7")
def do_gild(state: State, action: Gild) -> State:
    """A5.7: spent leaf gold returns to the supply."""
    r = state.restoring
    assert r is not None
    if not action.add:
        return turns.continue_restoration(state, r)
    g = _gold(state)
    held = (*g.held[: r.actor], g.held[r.actor] - 1, *g.held[r.actor + 1 :])
    gold = evolve(g, supply=g.supply + 1, held=held)
    return turns.continue_restoration(state, evolve(r, gild=True), gold_changes(state, gold))


# --- text for people -----------------------------------------------------------------------------


def describe_action(state: State, action: object) -> str | None:
    """The sentence (after the actor's name) for an action of module 5."""
    if isinstance(action, Gild):
        return "adds a leaf gold to the restoration" if action.add else "adds no leaf gold"
    return None


def events(before: State, after: State) -> list[str]:
    """What module 5 did between two states: leaf gold taken, a new gilding colour."""
    lines = []
    g0, g1 = gold_of(before), gold_of(after)
    if g0 is not None and g1 is not None:
        for seat in range(after.tables.players):
            if g1.held[seat] > g0.held[seat]:
                lines.append(f"  seat {seat} takes {g1.held[seat] - g0.held[seat]} leaf gold")
        if g1.disc is not g0.disc:
            lines.append(f"  new gilding colour on the basket: {g1.disc.value}")
    return lines


def board_lines(state: State) -> list[str]:
    """The gilding colour on the basket tile."""
    gold: GoldState | None = state.modules[GOLD_SLOT]
    if gold is None:
        return []
    return [f"leaf gold: the disc on the basket is {gold.disc.value}"]


def sample_hidden(state: State, seat: int, rng: random.Random) -> GoldState:
    """What ``seat`` cannot see of this module's state drawn again from ``rng`` (R0.68, for the
    search player: ``players.sample_hidden``). Other seats' leaf gold, whose sum is public,
    spread over them again."""
    gold = _gold(state)
    others = other_seats(len(gold.held), seat)
    total = sum(gold.held[s] for s in others)
    drawn = dict(zip(others, spread(total, len(others), rng), strict=True))
    return evolve(gold, held=redrawn(gold.held, drawn))


def position_laws(laws: Laws, state: State, gold: GoldState) -> None:
    """R5.1: a seat's leaf gold is a count."""
    laws.each_within("$.gold.held", gold.held, 0, 1_000, "R5.1", "a seat's leaf gold")


def _adapter_actions(tables: Tables, rules: LeafGold) -> list[object]:
    return [Gild(False), Gild(True)]


def _adapter_chance(tables: Tables, rules: LeafGold) -> list[Outcome]:
    return [("disc", disc.value) for disc in rules.discs]


def _adapter_layout(tables: Tables, rules: LeafGold) -> list[tuple[str, int]]:
    return [("gold", 2 + len(BASE_PAINTS))]


def _adapter_tensor(
    state: State, seat: int, view: Mapping[str, object], rules: LeafGold
) -> list[float]:
    """The supply, the seat's own leaf gold, the gilding colour one-hot."""
    disc = view["gilding_colour"]
    index = BASE_PAINTS.index(disc) if disc in BASE_PAINTS else None
    own_gold = num(seq(view["leaf_gold"])[seat])
    out = [float(num(view["leaf_gold_supply"])), float(own_gold)]
    return out + one_hot(len(BASE_PAINTS), index)


ADAPTER = AdapterPart(
    actions=_adapter_actions,
    chance=_adapter_chance,
    layout=_adapter_layout,
    tensor=_adapter_tensor,
)
"""Module 5 in the adapters' action space, chance outcomes and tensors."""


PLUGIN = Plugin(
    module=Module.LEAF_GOLD,
    title="Leaf Gold",
    rules=LeafGold,
    state_name="gold",
    state_type=GoldState,
    sample_hidden=sample_hidden,
    position_lists=("held",),
    position_laws=position_laws,
    notation=NOTATION,
    adapter=ADAPTER,
    state_after="well",
    actions={Gild: (check_gild, do_gild)},
    stage_kinds=frozenset({Gild.kind}),
    describe=describe_action,
    events=events,
    board_lines=board_lines,
    picture=picture,
    catalogue=module_section(Module.LEAF_GOLD, "fresco-modules-456.md"),
    data_sections=(GOLD_DATA,),
)
"""Module 5 as a plug-in (installed by ``fresco/plugins.py``)."""

__all__ = ["PLUGIN", "LeafGold", "gilding_points"]
