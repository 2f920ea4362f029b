"""Module 3, Special blend colours (fresco-modules-123.md section 4, rules R3.1-R3.16, A3.1-A3.5).

Pink (purple + red) and brown (orange + green) join the paints: a game with module 3 keeps 8
paint counts per player and in the supply (R3.1, unlimited like all paints, A3.3), the workshop
offers the two added recipes (R3.5, R3.6), the altar's blended version takes pink (+3) and brown
(+5) in place of orange, green or purple (R3.8, R3.9), and 7 new fresco tiles valued 13-24 join
the cathedral, the 24 in the centre (R3.3). Everything else is the base game's rules acting on
the wider paint tuples and the extended tile tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import attrs
from attrs import frozen

from ...kernel.chance import Chance, Outcome, draw_several
from ...kernel.registry import implements
from ...kernel.untrusted import describe
from ..config import GameConfig, M3Setup, Tables
from ..extensions import ModuleRules, Plugin
from ..plugin_parts import AdapterPart, num
from ..rule_catalogue import module_section
from ..scoring import ALTAR_HAND_INS, special_hand_ins
from ..state import State
from ..vocab import BLENDS, PAINT_INDEX, SPECIAL_BLENDS, SPECIAL_PAINTS, Module, Paint
from ..vocab import paint_counts as _paint_counts
from .special_blends_data import BLENDS_DATA
from .special_blends_picture import picture
from .special_blends_state import SPECIALS_SLOT, SpecialState, with_specials

WIDTH = len(PAINT_INDEX)
"""Paint tuples hold 8 counts with module 3: the base six, then pink and brown."""


def _wide(counts: tuple[int, ...]) -> tuple[int, ...]:
    return (*counts, *(0,) * (WIDTH - len(counts)))


@frozen
class SpecialBlends(ModuleRules):
    """The rules of module 3 with its tables (section 5.4) and option A3.1."""

    module: ClassVar[Module] = Module.SPECIAL_BLENDS

    pink: int
    brown: int
    bonus: dict[Paint, int]
    tiles: dict[str, tuple[tuple[int, ...], int]]
    """The module-3 tiles: id -> (8 paint counts, value)."""
    centre: str
    base_tiles: tuple[str, ...]
    mix_all: bool

    @classmethod
    @implements("R3.1", "R3.2", "A3.1", "A3.3", "A3.4")
    def build(cls, config: GameConfig, tables: Tables) -> SpecialBlends:
        """R3.1 (A3.3): 6 pink and 6 brown pieces join the unlimited paint supply. R3.2: the
        altar tile and the enhanced blending tables are reminders only. A3.4: the new tiles
        are data (section 5.4, provisional). A3.1: the set-up procedure option."""
        data = BLENDS_DATA.of(config.components)
        if not isinstance(config.m3_setup, M3Setup):
            raise ValueError(f"m3_setup must be an M3Setup, got {describe(config.m3_setup)}")
        centre = next(t.id for t in data.fresco_tiles if t.centre)
        return cls(
            pink=data.pink,
            brown=data.brown,
            bonus={Paint.PINK: data.altar_pink, Paint.BROWN: data.altar_brown},
            tiles={t.id: (_wide(_paint_counts(t.pieces)), t.value) for t in data.fresco_tiles},
            centre=centre,
            base_tiles=tuple(sorted(t.id for t in config.components.fresco_tiles)),
            mix_all=config.m3_setup is M3Setup.MIX_ALL,
        )

    @implements("R3.1", "R3.5", "R3.7", "R3.10", "R3.11", "R3.12", "R3.14", "M.6")
    def extend_tables(self, tables: Tables) -> Tables:
        """R3.1: paint tuples gain pink and brown (ledger start 6 each). R3.5: the recipes
        P + R -> Pk and O + G -> Bn join the three base ones; R3.7: nothing else yields pink or
        brown, and neither can be blended further (module 4's Alchemy keeps to O, G, P:
        R3.14). R3.10/R3.12: the new tiles are fresco tiles like any other, for players and
        Leonardo. R3.11: the cathedral again holds 25 tiles (M.6: 32 in all with the
        removed ones)."""
        pieces = dict(tables.fresco_pieces)
        values = dict(tables.fresco_value)
        for tile, (counts, value) in self.tiles.items():
            pieces[tile] = counts
            values[tile] = value
        dealt = sorted({*self.base_tiles, *self.tiles} - {self.centre})
        return attrs.evolve(
            tables,
            start_paints=_wide(tables.start_paints),
            paint_totals=(*_wide(tables.paint_totals)[:6], self.pink, self.brown),
            fresco_pieces=pieces,
            fresco_value=values,
            centre_tile=self.centre,
            dealt_tiles=tuple(dealt),
            blends={**BLENDS, **SPECIAL_BLENDS},
            altar_hand_ins=(*ALTAR_HAND_INS, *special_hand_ins(self.bonus)),
            altar_bonus=self.bonus,
            special_paints=True,
        )

    @implements("R3.3", "R3.4", "A3.1", "M.7", "AM.2")
    def deal_pool(
        self, tables: Tables, pile: list[str], chance: Chance
    ) -> tuple[list[str], Chance]:
        """R3.3: F32 lies on the centre (and R3.4 the bishop with it); 7 of the 25 base tiles
        are removed at random (one draw each, kind ``fresco_removed``, M.7/AM.2: in place of
        the base deal, before it), then the other 24 are dealt. A3.1 ``mix_all``: the 7 are
        removed from all 31 tiles other than F32."""
        removable = sorted(pile) if self.mix_all else sorted(set(pile) & set(self.base_tiles))
        removed, chance = draw_several(
            chance, "fresco_removed", removable, len(self.tiles), rule="R3.3"
        )
        return sorted(set(pile) - set(removed)), chance

    def setup(self, state: State) -> State:
        on_board = {tile for tile in state.cathedral if tile is not None}
        removed = tuple(sorted({*state.tables.dealt_tiles, self.centre} - on_board))
        return with_specials(state, SpecialState(removed=removed))

    @implements("R3.1", "A3.3", "M.6")
    def ledger(self, state: State, seats: list[str]) -> dict[str, dict[str, int]]:
        """R3.1 (A3.3): pink and brown in the paint ledger; M.6: the removed tiles among the
        fresco tiles (25 + 7 = 32)."""
        found: dict[str, dict[str, int]] = {}
        for paint in SPECIAL_PAINTS:
            i = PAINT_INDEX[paint]
            found[f"paint.{paint.value}"] = {
                "supply": state.supply_paints[i],
                **{seat: state.paints[s][i] for s, seat in enumerate(seats)},
            }
        specials: SpecialState | None = state.modules[SPECIALS_SLOT]
        assert specials is not None
        found["fresco_tiles"] = {"removed (module 3)": len(specials.removed)}
        return found

    @implements("A3.1")
    def view(self, state: State, seat: int) -> dict[str, Any]:
        """A3.1: the tiles removed at set-up are hidden; only their number is shown."""
        specials: SpecialState | None = state.modules[SPECIALS_SLOT]
        assert specials is not None
        return {"fresco_removed": len(specials.removed)}


def board_lines(state: State) -> list[str]:
    """The paint supply of pink and brown and the number of tiles removed at set-up."""
    specials: SpecialState | None = state.modules[SPECIALS_SLOT]
    if specials is None:
        return []
    pink, brown = state.supply_paints[PAINT_INDEX[Paint.PINK]], state.supply_paints[WIDTH - 1]
    return [
        f"special blends: supply Pk{pink} Bn{brown}; {len(specials.removed)} fresco tiles removed"
    ]


def _adapter_actions(tables: Tables, rules: SpecialBlends) -> list[object]:
    """No action kind of its own: its blends and altar hand-ins are in the base part."""
    return []


def _adapter_chance(tables: Tables, rules: SpecialBlends) -> list[Outcome]:
    """The 7 tiles removed at set-up."""
    removable = sorted({*tables.dealt_tiles, *rules.base_tiles})
    return [("fresco_removed", tile) for tile in removable]


def _adapter_layout(tables: Tables, rules: SpecialBlends) -> list[tuple[str, int]]:
    return [("fresco_removed", 1)]


def _adapter_tensor(
    state: State, seat: int, view: Mapping[str, object], rules: SpecialBlends
) -> list[float]:
    """How many tiles set-up removed (which is hidden, A3.1)."""
    return [float(num(view["fresco_removed"]))]


ADAPTER = AdapterPart(
    actions=_adapter_actions,
    chance=_adapter_chance,
    layout=_adapter_layout,
    tensor=_adapter_tensor,
)
"""Module 3 in the adapters' action space, chance outcomes and tensors."""


PLUGIN = Plugin(
    module=Module.SPECIAL_BLENDS,
    title="Special Blends",
    rules=SpecialBlends,
    state_name="specials",
    state_type=SpecialState,
    adapter=ADAPTER,
    state_after="scored",
    actions={},
    board_lines=board_lines,
    picture=picture,
    catalogue=module_section(Module.SPECIAL_BLENDS, "fresco-modules-123.md"),
    data_sections=(BLENDS_DATA,),
)
"""Module 3 as a plug-in (installed by ``fresco/plugins.py``): it adds no action kind of its own;
pink and brown go through the base game's blends, restorations and altar."""

__all__ = ["PLUGIN", "WIDTH", "SpecialBlends"]
