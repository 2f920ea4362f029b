"""Game configuration: player count, expansion modules, interpretation options (A0.x, A4.x,
A5.x, A6.x) and component data."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any

import attrs
from attrs import frozen

from ..kernel.errors import RulesError
from ..kernel.memo import ValueCache
from ..kernel.options import to_enum, to_int_tuple
from ..kernel.registry import implements
from ..kernel.untrusted import describe, is_int_in, is_tuple_of
from .actions import Blend, ChooseGetUp, RestoreAltar, SubmitPlan
from .base_data import (
    BOOTH_CAPACITY_MAX,
    BOOTHS_MAX,
    HOSTEL_SPACES_MAX,
    MOOD_ROWS_MAX,
    ComponentData,
    HostelSpace,
    MoodTrack,
    default_components,
    hostel_problems,
    mood_problems,
)
from .scoring import ALTAR_HAND_INS
from .vocab import (
    BASE_PAINTS,
    BLENDS,
    PAINT_INDEX,
    SPECIAL_BLENDS,
    Location,
    Module,
    Paint,
    paint_counts,
    parse_modules,
)

WORKBENCH_PRICE_MAX = 20
WORKBENCH_SLOTS_MAX = 12
WINDOW_SEGMENTS_MAX = 24

SETUP_BOUNDS: dict[str, tuple[int, int]] = {
    "len(modules)": (0, len(Module)),
    "len(hostel_table)": (1, HOSTEL_SPACES_MAX),
    "len(hostel_table[].time)": (1, 10),
    "hostel_table[].mood_change": (-MOOD_ROWS_MAX, MOOD_ROWS_MAX),
    "hostel_table[].price": (0, 20),
    "len(hostel_table[].provenance)": (1, 20),
    "mood_track.rows": (1, MOOD_ROWS_MAX),
    "mood_track.start_row": (0, MOOD_ROWS_MAX - 1),
    "len(mood_track.minus_rows)": (0, MOOD_ROWS_MAX),
    "mood_track.minus_rows[]": (0, MOOD_ROWS_MAX - 1),
    "len(mood_track.plus_rows)": (0, MOOD_ROWS_MAX),
    "mood_track.plus_rows[]": (0, MOOD_ROWS_MAX - 1),
    "mood_track.theatre_step": (0, MOOD_ROWS_MAX),
    "len(mood_track.provenance)": (1, 20),
    "len(booth_capacities)": (1, BOOTHS_MAX),
    "booth_capacities[]": (1, BOOTH_CAPACITY_MAX),
    "len(workbench_prices)": (1, WORKBENCH_SLOTS_MAX),
    "workbench_prices[]": (0, WORKBENCH_PRICE_MAX),
    "len(window_segments)": (1, WINDOW_SEGMENTS_MAX),
    "window_segments[][]": (0, 4),
}
"""The range of every number and size in a record's ``setup`` (A0.1-A0.3, A6.1, A6.2),
stated in the record schema and checked by ``derive_tables`` before any work proportional to
them (``kernel.bounds`` patterns)."""


class InvalidConfig(RulesError):
    """A ``GameConfig`` that cannot start a game (wrong player count, bad option value)."""


class MarketRefill(Enum):
    """A0.4: how booths are refilled in round preparation."""

    TOP_UP = "top_up"
    REDRAW_ALL = "redraw_all"


class BishopMoveLimit(Enum):
    """A0.5: how many paid bishop moves a player may make."""

    PER_RESTORATION = "per_restoration"
    PER_VISIT = "per_visit"


class AltarLimit(Enum):
    """A0.6: how often a player may restore the altar."""

    PER_APPRENTICE = "per_apprentice"
    ONCE_PER_PLAYER_PER_ROUND = "once_per_player_per_round"


class SecondCathedral(Enum):
    """A0.7: when the final round's second cathedral column is resolved."""

    THEATRE_SLOT = "theatre_slot"
    WITH_FIRST = "with_first"


class StartRotation(Enum):
    """A0.8: which way painters still on start spaces rotate in round preparation."""

    FRONT_TO_REAR = "front_to_rear"
    REAR_TO_FRONT = "rear_to_front"


class TrackCollision(Enum):
    """A0.11: where a painter goes during play when its target track space is taken."""

    CHOICE = "choice"
    FORWARD = "forward"


class WishingPurchase(Enum):
    """A4.1: what a penny thrown into the well buys (module 4)."""

    ONE_PER_PENNY = "one_per_penny"
    ALL_FOR_ONE = "all_for_one"


class Praise(Enum):
    """A4.5: when Bishop's Praise adds its +1 (module 4)."""

    ALWAYS = "always"
    PRAISE_IF_POSITIVE = "praise_if_positive"


class BishopVisit(Enum):
    """A4.6: when Bishop's Visit may be played (module 4)."""

    VISIT_ANY_TIME = "visit_any_time"
    """At any moment of the cathedral turn (the default, changed 2026-12: the printed card asks
    only for an apprentice at the cathedral)."""
    BEFORE_RESTORATION = "before_restoration"
    """Only just before one segment restoration by the apprentice using it."""


class AlchemyInputs(Enum):
    """A4.7: which three primaries Alchemy takes (module 4)."""

    ANY_THREE_PRIMARIES = "any_three_primaries"
    ONE_OF_EACH = "one_of_each"


class FreeTileGold(Enum):
    """A4.8: whether a Free Paints tile in a golden-tile slot gives leaf gold (modules 4 + 5)."""

    NO_GOLD = "no_gold"
    FREE_TILE_GETS_GOLD = "free_tile_gets_gold"


class DiscSet(Enum):
    """A5.1: which wooden discs go into the bag (module 5)."""

    SIX_PLUS_BROWN_WITH_MODULE3 = "six_plus_brown_with_module3"
    ALL_SEVEN = "all_seven"


class GildingAdjacency(Enum):
    """A5.3: which bishop positions give 2 gilding points (module 5)."""

    NEIGHBOURS = "neighbours"
    ORTHOGONAL = "orthogonal"


class WindowRefill(Enum):
    """A6.3: when the refill window enters the workbench (module 6)."""

    IMMEDIATE = "immediate"
    END_OF_ROUND = "end_of_round"


class GlassworksSlot(Enum):
    """A6.4: when a Glassworks visit is resolved (module 6)."""

    COVERED_LOCATION = "covered_location"
    AFTER_ALL = "after_all"


class AltarWindow(Enum):
    """A6.10: how often a player may hand in glass at the altar window (module 6)."""

    EVERY_ALTAR_RESTORATION = "every_altar_restoration"
    ALTAR_WINDOW_ONCE_PER_ROUND = "altar_window_once_per_round"


class Portraits(Enum):
    """A1.1: how many portraits a player may take in one round (module 1)."""

    ONE_PER_ROUND = "one_per_round"
    PER_APPRENTICE = "per_apprentice"


class Abbot(Enum):
    """A1.2: when the Abbot adds 1 to a bishop bonus (module 1)."""

    IF_POSITIVE = "if_positive"
    ALWAYS = "always"


class Sexton(Enum):
    """A1.3: the form of the Sexton's move to any segment (module 1)."""

    REPLACES_STEP = "replaces_step"
    EXTRA_MOVE = "extra_move"
    ANY_TIME = "any_time"


class TipWithPortrait(Enum):
    """A1.6: whether a Tip may be played with the apprentice that takes a portrait (1 + 4)."""

    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"


class M3Setup(Enum):
    """A3.1: how the cathedral is set up with module 3."""

    SUPPLEMENT = "supplement"
    MIX_ALL = "mix_all"


class Module3Splashes(Enum):
    """A3.5: the splashes on the backs of module-3 tiles (module 2 with module 3)."""

    FORMULA = "formula"
    NONE = "none"


OPTION_TYPES: dict[str, type[Enum]] = {
    "market_refill": MarketRefill,
    "bishop_move_limit": BishopMoveLimit,
    "altar_limit": AltarLimit,
    "second_cathedral": SecondCathedral,
    "start_rotation": StartRotation,
    "track_collision": TrackCollision,
    "wishing_purchase": WishingPurchase,
    "praise": Praise,
    "bishop_visit": BishopVisit,
    "alchemy_inputs": AlchemyInputs,
    "free_tile_gold": FreeTileGold,
    "disc_set": DiscSet,
    "gilding_adjacency": GildingAdjacency,
    "window_refill": WindowRefill,
    "glassworks_slot": GlassworksSlot,
    "altar_window": AltarWindow,
    "portraits": Portraits,
    "abbot": Abbot,
    "sexton": Sexton,
    "tip_with_portrait": TipWithPortrait,
    "m3_setup": M3Setup,
    "module3_splashes": Module3Splashes,
}
"""Every enumerated interpretation option of ``GameConfig`` and its type."""


def _module_set(value: object) -> frozenset[Module]:
    """G.1: the modules from a set, list or tuple of ``Module`` members or rulebook numbers
    (``{4, 6}``), ``"4,5,6"``, one module or one number; anything else is refused at once.
    Types are checked exactly before anything is hashed or compared, so hostile members never
    run their own methods."""
    kind = type(value)
    try:
        if kind is str:
            return parse_modules(value)  # type: ignore[arg-type]
        if kind is Module or kind is int:
            value = (value,)
            kind = tuple
        if kind is list or kind is tuple or kind is set or kind is frozenset:
            items = list(value)  # type: ignore[call-overload]
            if len(items) <= len(Module) and all(
                type(m) is Module or type(m) is int for m in items
            ):
                return frozenset(m if type(m) is Module else Module.from_number(m) for m in items)
    except ValueError as exc:
        raise InvalidConfig(str(exc)) from None
    known = ", ".join(str(m.value) for m in Module)
    raise InvalidConfig(
        f"G.1: modules takes module numbers ({known}) or Module members, not {describe(value)}"
    )


def _to_market_refill(value: object) -> MarketRefill:
    return to_enum(MarketRefill, "market_refill", "A0.4", InvalidConfig, value)


def _to_bishop_move_limit(value: object) -> BishopMoveLimit:
    return to_enum(BishopMoveLimit, "bishop_move_limit", "A0.5", InvalidConfig, value)


def _to_altar_limit(value: object) -> AltarLimit:
    return to_enum(AltarLimit, "altar_limit", "A0.6", InvalidConfig, value)


def _to_second_cathedral(value: object) -> SecondCathedral:
    return to_enum(SecondCathedral, "second_cathedral", "A0.7", InvalidConfig, value)


def _to_start_rotation(value: object) -> StartRotation:
    return to_enum(StartRotation, "start_rotation", "A0.8", InvalidConfig, value)


def _to_track_collision(value: object) -> TrackCollision:
    return to_enum(TrackCollision, "track_collision", "A0.11", InvalidConfig, value)


def _to_wishing_purchase(value: object) -> WishingPurchase:
    return to_enum(WishingPurchase, "wishing_purchase", "A4.1", InvalidConfig, value)


def _to_praise(value: object) -> Praise:
    return to_enum(Praise, "praise", "A4.5", InvalidConfig, value)


def _to_bishop_visit(value: object) -> BishopVisit:
    return to_enum(BishopVisit, "bishop_visit", "A4.6", InvalidConfig, value)


def _to_alchemy_inputs(value: object) -> AlchemyInputs:
    return to_enum(AlchemyInputs, "alchemy_inputs", "A4.7", InvalidConfig, value)


def _to_free_tile_gold(value: object) -> FreeTileGold:
    return to_enum(FreeTileGold, "free_tile_gold", "A4.8", InvalidConfig, value)


def _to_disc_set(value: object) -> DiscSet:
    return to_enum(DiscSet, "disc_set", "A5.1", InvalidConfig, value)


def _to_window_refill(value: object) -> WindowRefill:
    return to_enum(WindowRefill, "window_refill", "A6.3", InvalidConfig, value)


def _to_glassworks_slot(value: object) -> GlassworksSlot:
    return to_enum(GlassworksSlot, "glassworks_slot", "A6.4", InvalidConfig, value)


def _to_altar_window(value: object) -> AltarWindow:
    return to_enum(AltarWindow, "altar_window", "A6.10", InvalidConfig, value)


def _to_booth_capacities(value: object) -> tuple[int, ...] | None:
    return to_int_tuple("booth_capacities", "A0.3", InvalidConfig, value)


def _to_workbench_prices(value: object) -> tuple[int, ...] | None:
    return to_int_tuple("workbench_prices", "A6.1", InvalidConfig, value)


def _to_gilding_adjacency(value: object) -> GildingAdjacency:
    return to_enum(GildingAdjacency, "gilding_adjacency", "A5.3", InvalidConfig, value)


def _to_portraits(value: object) -> Portraits:
    return to_enum(Portraits, "portraits", "A1.1", InvalidConfig, value)


def _to_abbot(value: object) -> Abbot:
    return to_enum(Abbot, "abbot", "A1.2", InvalidConfig, value)


def _to_sexton(value: object) -> Sexton:
    return to_enum(Sexton, "sexton", "A1.3", InvalidConfig, value)


def _to_tip_with_portrait(value: object) -> TipWithPortrait:
    return to_enum(TipWithPortrait, "tip_with_portrait", "A1.6", InvalidConfig, value)


def _to_m3_setup(value: object) -> M3Setup:
    return to_enum(M3Setup, "m3_setup", "A3.1", InvalidConfig, value)


def _to_module3_splashes(value: object) -> Module3Splashes:
    return to_enum(Module3Splashes, "module3_splashes", "A3.5", InvalidConfig, value)


@frozen
class GameConfig:
    """Everything that fixes a game before the seed: players, options and component data.

    ``hostel_table`` (A0.1), ``mood_track`` (A0.2) and ``booth_capacities`` (A0.3) override the
    component data's values for the board side in use when given.
    """

    players: int = 4
    """R0.1: the number of players, 2-4 (with 2, Leonardo joins as a third painter, R0.69)."""
    modules: frozenset[Module] = attrs.field(factory=frozenset, converter=_module_set)
    """The expansion modules in play (G.1): any subset of ``Module``."""
    market_refill: MarketRefill = attrs.field(
        default=MarketRefill.TOP_UP,
        converter=_to_market_refill,
    )
    """A0.4: how booths are refilled in round preparation (``MarketRefill``)."""
    bishop_move_limit: BishopMoveLimit = attrs.field(
        default=BishopMoveLimit.PER_RESTORATION,
        converter=_to_bishop_move_limit,
    )
    """A0.5: how many paid bishop moves a player may make (``BishopMoveLimit``)."""
    altar_limit: AltarLimit = attrs.field(
        default=AltarLimit.PER_APPRENTICE,
        converter=_to_altar_limit,
    )
    """A0.6: how often a player may restore the altar (``AltarLimit``)."""
    second_cathedral: SecondCathedral = attrs.field(
        default=SecondCathedral.THEATRE_SLOT,
        converter=_to_second_cathedral,
    )
    """A0.7: when the final round's second cathedral column is resolved (``SecondCathedral``)."""
    start_rotation: StartRotation = attrs.field(
        default=StartRotation.FRONT_TO_REAR,
        converter=_to_start_rotation,
    )
    """A0.8: which way painters still on start spaces rotate in round preparation
    (``StartRotation``)."""
    track_collision: TrackCollision = attrs.field(
        default=TrackCollision.CHOICE,
        converter=_to_track_collision,
    )
    """A0.11: where a painter goes during play when its target track space is taken
    (``TrackCollision``)."""
    hostel_table: tuple[HostelSpace, ...] | None = None
    """A0.1: the hostel's get-up spaces (time, mood change, price); None takes the component
    data's table for the board side in use."""
    mood_track: MoodTrack | None = None
    """A0.2: the mood column (rows, zones, start row); None takes the component data's."""
    booth_capacities: tuple[int, ...] | None = attrs.field(
        default=None, converter=_to_booth_capacities
    )
    """A0.3: the tiles each market booth holds (3,3,3,4 with 4 players, 3,3,3 with fewer);
    None takes the component data's; a tuple must have the same total."""
    wishing_purchase: WishingPurchase = attrs.field(
        default=WishingPurchase.ONE_PER_PENNY,
        converter=_to_wishing_purchase,
    )
    """A4.1: what a penny thrown into the well buys (module 4) (``WishingPurchase``)."""
    praise: Praise = attrs.field(
        default=Praise.ALWAYS,
        converter=_to_praise,
    )
    """A4.5: when Bishop's Praise adds its +1 (module 4) (``Praise``)."""
    bishop_visit: BishopVisit = attrs.field(
        default=BishopVisit.VISIT_ANY_TIME,
        converter=_to_bishop_visit,
    )
    """A4.6: when Bishop's Visit may be played (module 4) (``BishopVisit``)."""
    alchemy_inputs: AlchemyInputs = attrs.field(
        default=AlchemyInputs.ANY_THREE_PRIMARIES,
        converter=_to_alchemy_inputs,
    )
    """A4.7: which three primaries Alchemy takes (module 4) (``AlchemyInputs``)."""
    free_tile_gold: FreeTileGold = attrs.field(
        default=FreeTileGold.NO_GOLD,
        converter=_to_free_tile_gold,
    )
    """A4.8: whether a Free Paints tile in a golden-tile slot gives leaf gold (modules 4 + 5)
    (``FreeTileGold``)."""
    disc_set: DiscSet = attrs.field(
        default=DiscSet.SIX_PLUS_BROWN_WITH_MODULE3,
        converter=_to_disc_set,
    )
    """A5.1: which wooden discs go into the bag (module 5) (``DiscSet``)."""
    gilding_adjacency: GildingAdjacency = attrs.field(
        default=GildingAdjacency.NEIGHBOURS,
        converter=_to_gilding_adjacency,
    )
    """A5.3: which bishop positions give 2 gilding points (module 5) (``GildingAdjacency``)."""
    workbench_prices: tuple[int, ...] | None = attrs.field(
        default=None, converter=_to_workbench_prices
    )
    """A6.1: workbench slot prices, slot 0 first; None takes the component data's."""
    window_segments: tuple[tuple[int, int], ...] | None = None
    """A6.2: the segments bordering a window; None takes the component data's."""
    window_refill: WindowRefill = attrs.field(
        default=WindowRefill.IMMEDIATE,
        converter=_to_window_refill,
    )
    """A6.3: when the refill window enters the workbench (module 6) (``WindowRefill``)."""
    glassworks_slot: GlassworksSlot = attrs.field(
        default=GlassworksSlot.COVERED_LOCATION,
        converter=_to_glassworks_slot,
    )
    """A6.4: when a Glassworks visit is resolved (module 6) (``GlassworksSlot``)."""
    altar_window: AltarWindow = attrs.field(
        default=AltarWindow.EVERY_ALTAR_RESTORATION,
        converter=_to_altar_window,
    )
    """A6.10: how often a player may hand in glass at the altar window (module 6)
    (``AltarWindow``)."""
    portraits: Portraits = attrs.field(default=Portraits.ONE_PER_ROUND, converter=_to_portraits)
    """A1.1: how many portraits a player may take in one round (module 1) (``Portraits``)."""
    abbot: Abbot = attrs.field(default=Abbot.IF_POSITIVE, converter=_to_abbot)
    """A1.2: when the Abbot adds 1 to a bishop bonus (module 1) (``Abbot``)."""
    sexton: Sexton = attrs.field(default=Sexton.REPLACES_STEP, converter=_to_sexton)
    """A1.3: the form of the Sexton's move to any segment (module 1) (``Sexton``)."""
    tip_with_portrait: TipWithPortrait = attrs.field(
        default=TipWithPortrait.ALLOWED, converter=_to_tip_with_portrait
    )
    """A1.6: whether a Tip may be played with the apprentice that takes a portrait (1 + 4)
    (``TipWithPortrait``)."""
    m3_setup: M3Setup = attrs.field(default=M3Setup.SUPPLEMENT, converter=_to_m3_setup)
    """A3.1: how the cathedral is set up with module 3 (``M3Setup``)."""
    module3_splashes: Module3Splashes = attrs.field(
        default=Module3Splashes.FORMULA, converter=_to_module3_splashes
    )
    """A3.5: the splashes on the backs of module-3 tiles (module 2 with module 3)
    (``Module3Splashes``)."""
    components: ComponentData = attrs.field(factory=default_components)
    """The component data (tiles, tables, module data); ``load_components(path)`` reads your own."""


Hook = Callable[..., Any]
"""A bound ``ModuleRules`` hook (typed loosely: the hooks work on ``State``, above this file)."""


@frozen(eq=False)
class Hooks:
    """The hooks of the modules in play, one field per extension point of ``extensions`` (the
    bound methods of the modules that override it, in module order), worked out once when the
    tables are built (``extensions.derive_tables``); the base game has none."""

    deal_pool: tuple[Hook, ...] = ()
    setup: tuple[Hook, ...] = ()
    begin_round: tuple[Hook, ...] = ()
    after_get_up: tuple[Hook, ...] = ()
    leonardo_turn: tuple[Hook, ...] = ()
    theatre_step: tuple[Hook, ...] = ()
    plan_step: tuple[Hook, ...] = ()
    plan_limits: tuple[Hook, ...] = ()
    check_plan: tuple[Hook, ...] = ()
    queue: tuple[Hook, ...] = ()
    module_turn: tuple[Hook, ...] = ()
    turn_open: tuple[Hook, ...] = ()
    legal_module_location: tuple[Hook, ...] = ()
    after_tile_taken: tuple[Hook, ...] = ()
    finish_turn: tuple[Hook, ...] = ()
    start_restoration: tuple[Hook, ...] = ()
    score_parts: tuple[Hook, ...] = ()
    finish_restoration: tuple[Hook, ...] = ()
    prepare_round: tuple[Hook, ...] = ()
    before_final_scoring: tuple[Hook, ...] = ()
    ledger: tuple[Hook, ...] = ()
    view: tuple[Hook, ...] = ()
    pending_idle: Mapping[Any, tuple[Hook, ...]] = attrs.field(factory=dict)
    """``pending`` hooks asked while no restoration waits (not ``pending_only_restoring``), by
    phase (``State.phase``): those whose ``pending_phases`` hold it."""
    pending_restoring: tuple[Hook, ...] = ()
    """``pending`` hooks asked while a restoration waits (every one)."""
    pending_between: tuple[Hook, ...] = ()
    """``pending`` hooks asked between two turns of the action phase (``pending_idle`` of the
    action phase less the modules declaring ``pending_between_turns`` False)."""
    legal_in_turn: Mapping[Location, tuple[Hook, ...]] = attrs.field(
        factory=lambda: dict.fromkeys(Location, ())
    )
    """The ``legal_in_turn`` hooks asked at each location (``turn_locations``)."""
    segment_stages: tuple[tuple[Any, str], ...] = ()
    """The modules' stages of a segment restoration, in order (R6.26): (module, stage)."""
    altar_stages: tuple[tuple[Any, str], ...] = ()
    """The modules' stages of an altar restoration, in order (R6.26): (module, stage)."""
    round_marks: tuple[tuple[int, Mapping[str, Any]], ...] = ()
    """Each module's round marks (``ModuleRules.round_marks``): its slot of ``State.modules``
    and the values some fields of its sub-state take at the start of every round."""
    by_kind: Mapping[type, Any] = attrs.field(factory=dict)
    """Each module's rules object by its ``ModuleRules`` subclass (``extensions.rules_of``)."""


NO_HOOKS = Hooks()
"""The base game's hooks: none."""

SIDE_1 = (Location.MARKET, Location.CATHEDRAL, Location.STUDIO, Location.WORKSHOP, Location.THEATRE)
SIDE_2 = (
    Location.MARKET,
    Location.CATHEDRAL,
    Location.STUDIO,
    Location.WORKSHOP,
    Location.CATHEDRAL_2,
)
SIDE_2_WITH_FIRST = (Location.MARKET, Location.CATHEDRAL, Location.STUDIO, Location.WORKSHOP)

_BLEND_ACTIONS = tuple(Blend(result) for result in BASE_PAINTS if result in BLENDS)
_SPECIAL_BLEND_ACTIONS = (*_BLEND_ACTIONS, *(Blend(result) for result in SPECIAL_BLENDS))


def blend_needs(
    blends: Mapping[Paint, tuple[Paint, Paint]], special: bool
) -> tuple[tuple[Blend, int, int], ...]:
    """Each blend in play with the indices of the two paints it needs (R0.47; module 3 adds
    pink and brown, R3.4), in the order the workshop offers them."""
    return tuple(
        (action, PAINT_INDEX[blends[action.result][0]], PAINT_INDEX[blends[action.result][1]])
        for action in (_SPECIAL_BLEND_ACTIONS if special else _BLEND_ACTIONS)
    )


def altar_actions(
    hand_ins: tuple[tuple[tuple[Paint, Paint, Paint], int], ...],
) -> tuple[tuple[tuple[int, ...], RestoreAltar], ...]:
    """Each altar hand-in in play (R0.43; module 3: R3.8) as the paints it needs and its
    action, in hand-in order."""
    return tuple((paint_counts(paints), RestoreAltar(paints)) for paints, _ in hand_ins)


ALTAR_ACTIONS = altar_actions(ALTAR_HAND_INS)
"""The base game's altar hand-ins as needs and actions (R0.43)."""


@frozen
class Tables:
    """Values derived once from a config, shared by every state of a game (not compared)."""

    players: int
    actors: int
    leonardo: int
    """Leonardo's actor index (R0.69), or -1 without him."""
    start_spaces: int
    hostel: tuple[HostelSpace, ...]
    mood: MoodTrack
    apprentices_by_row: tuple[int, ...]
    booth_capacities: tuple[int, ...]
    market_in_play: tuple[str, ...]
    market_removed: tuple[str, ...]
    market_pieces: dict[str, tuple[int, ...]]
    market_labels: dict[str, str]
    fresco_pieces: dict[str, tuple[int, ...]]
    fresco_value: dict[str, int]
    centre_tile: str
    dealt_tiles: tuple[str, ...]
    start_money: int
    start_paints: tuple[int, ...]
    money_total: int
    paint_totals: tuple[int, ...]
    apprentices_per_player: int
    modules: tuple[Any, ...] = ()
    """The rules of the modules in play (``extensions.ModuleRules``), in module order (empty
    for the base game). Typed loosely because the hooks work on ``State``, which holds these
    tables: ``extensions`` sits above this module."""
    hooks: Hooks = NO_HOOKS
    """The modules' hooks at each extension point (``extensions.derive_tables``)."""
    location_sequences: tuple[tuple[Location, ...], tuple[Location, ...]] = (SIDE_1, SIDE_2)
    """R0.29: the order in which locations are resolved on sheet side 1 and side 2 (index
    ``side - 1``), with the modules' visits (extension point ``location_sequence``)."""
    leonardo_plans: tuple[SubmitPlan, SubmitPlan] = (
        SubmitPlan(market=1, cathedral=1),
        SubmitPlan(market=1, cathedral=0),
    )
    """Leonardo's plan in a round that is not the final one and in the final round (index
    ``final``), with the modules' extra apprentices (R0.72, R0.78; R1.23, R2.14)."""
    round_start: Mapping[str, Any] = attrs.field(factory=dict)
    """The state fields that are the same at the start of every round (``flow.begin_round``)."""
    blend_needs: tuple[tuple[Blend, int, int], ...] = ()
    """``blend_needs`` for the recipes in play (the workshop's actions, R0.47, R3.4)."""
    free_get_ups: ValueCache[tuple[int, ...], tuple[ChooseGetUp, ...]] = attrs.field(
        factory=ValueCache, repr=False
    )
    """The free get-up spaces by each actor's space taken (``turns.legal_get_up``, R0.17)."""
    coverable: ValueCache[tuple[int, ...], frozenset[str]] = attrs.field(
        factory=ValueCache, repr=False
    )
    """The fresco tiles each paint holding covers (``turns.coverable``, R0.39)."""
    altar_actions: tuple[tuple[tuple[int, ...], RestoreAltar], ...] = ALTAR_ACTIONS
    """``altar_actions`` of the hand-ins in play (``altar_hand_ins``)."""
    altar_options: ValueCache[tuple[int, ...], tuple[RestoreAltar, ...]] = attrs.field(
        factory=ValueCache, repr=False
    )
    """The altar hand-ins each paint holding can make (``turns.legal_cathedral``, R0.43)."""
    plans_within: ValueCache[tuple[int, int, Location | None], tuple[SubmitPlan, ...]] = (
        attrs.field(factory=ValueCache, repr=False)
    )
    """The plans within the modules' limits (``turns.legal_plans``, R6.7), by (apprentices,
    sheet side, the column that must stay empty)."""
    blends: Mapping[Paint, tuple[Paint, Paint]] = attrs.field(default=BLENDS)
    """The blending recipes in play (R0.47; module 3 adds pink and brown, R3.5)."""
    altar_hand_ins: tuple[tuple[tuple[Paint, Paint, Paint], int], ...] = ALTAR_HAND_INS
    """Every legal altar hand-in with its points (R0.43, R0.44; module 3: R3.8)."""
    altar_bonus: Mapping[Paint, int] | None = None
    """Module 3: VP per pink or brown piece in the altar's blended version (R3.8)."""
    special_paints: bool = False
    """Pink and brown are in play (module 3): paint tuples are 8 long (R3.1)."""

    def __deepcopy__(self, memo: dict[int, object]) -> Tables:
        """Derived once from the config and never changed (nor compared, ``State.tables``): a
        deep copy is the same object."""
        return self


@implements("R0.1", "R0.2", "R0.9", "R0.23", "R0.69", "A0.1", "A0.2", "A0.3")
def base_tables(config: GameConfig) -> Tables:
    """Check a config and derive the base game's tables (``extensions.derive_tables`` adds the
    modules in play): R0.1 player count (R0.69 adds Leonardo for 2),
    R0.2 board side, R0.9 tiles removed with 2-3 players, R0.23 apprentices per mood row,
    and the A0.1 hostel table, A0.2 mood column and A0.3 booth capacities options."""
    if type(config) is not GameConfig:
        raise InvalidConfig(f"expected a GameConfig, got {describe(config)}")
    players = config.players
    if not is_int_in(players, 2, 4):
        raise InvalidConfig(f"R0.1: Fresco is for 2-4 players, not {describe(players)}")
    for name, kind in OPTION_TYPES.items():
        if type(getattr(config, name)) is not kind:
            raise InvalidConfig(
                f"{name} must be a {kind.__name__}, got {describe(getattr(config, name))}"
            )
    data = config.components
    if type(data) is not ComponentData:
        raise InvalidConfig("components must be a ComponentData (see load_components)")
    side = data.side_for(players)
    actors = players + (1 if players == 2 else 0)
    hostel = side.hostel if config.hostel_table is None else config.hostel_table
    if not is_tuple_of(hostel, HostelSpace, max_len=HOSTEL_SPACES_MAX):
        raise InvalidConfig(
            f"A0.1: hostel_table must be a tuple of at most {HOSTEL_SPACES_MAX} HostelSpace rows"
        )
    problems = hostel_problems(hostel, "hostel_table", actors)
    mood = data.mood if config.mood_track is None else config.mood_track
    if type(mood) is not MoodTrack:
        raise InvalidConfig("A0.2: mood_track must be a MoodTrack")
    problems += mood_problems(mood, "mood_track")
    if problems:
        raise InvalidConfig("; ".join(problems))
    small = players < 4
    in_play = tuple(t.id for t in data.market_tiles if t.small_game or not small)
    removed = tuple(t.id for t in data.market_tiles if small and not t.small_game)
    booths = side.booth_capacities if config.booth_capacities is None else config.booth_capacities
    if (
        not is_tuple_of(booths, int, max_len=BOOTHS_MAX)
        or len(booths) != len(side.booth_capacities)
        or not all(1 <= b <= BOOTH_CAPACITY_MAX for b in booths)
        or sum(booths) != sum(side.booth_capacities)
    ):
        problems.append(
            f"A0.3: booth_capacities {describe(booths)} must be {len(side.booth_capacities)} "
            f"capacities of 1-{BOOTH_CAPACITY_MAX} totalling {sum(side.booth_capacities)}"
        )
    modules = config.modules
    if type(modules) is not frozenset or not all(type(m) is Module for m in modules):
        raise InvalidConfig(f"G.1: modules must be a set of Module (1-6), not {describe(modules)}")
    if problems:
        raise InvalidConfig("; ".join(problems))
    base_apprentices = data.apprentices.per_player
    by_row = tuple(
        base_apprentices + (row in mood.plus_rows) - (row in mood.minus_rows)
        for row in range(mood.rows)
    )
    start_paints = [0] * 6
    for name, count in data.paints.start.items():
        start_paints[PAINT_INDEX[Paint(name)]] = count
    totals = [0] * 6
    for name, count in data.paints.totals.items():
        totals[PAINT_INDEX[Paint(name)]] = count
    centre = next(t.id for t in data.fresco_tiles if t.centre)
    tables = Tables(
        players=players,
        actors=actors,
        leonardo=players if players == 2 else -1,
        start_spaces=side.start_spaces,
        hostel=hostel,
        mood=mood,
        apprentices_by_row=by_row,
        booth_capacities=booths,
        market_in_play=in_play,
        market_removed=removed,
        market_pieces={t.id: paint_counts(t.pieces) for t in data.market_tiles},
        market_labels={t.id: t.label for t in data.market_tiles},
        fresco_pieces={t.id: paint_counts(t.pieces) for t in data.fresco_tiles},
        fresco_value={t.id: t.value for t in data.fresco_tiles},
        centre_tile=centre,
        dealt_tiles=tuple(sorted(t.id for t in data.fresco_tiles if not t.centre)),
        start_money=data.money.start,
        start_paints=tuple(start_paints),
        money_total=data.money.total,
        paint_totals=tuple(totals),
        apprentices_per_player=base_apprentices,
        location_sequences=(
            SIDE_1,
            SIDE_2_WITH_FIRST if config.second_cathedral is SecondCathedral.WITH_FIRST else SIDE_2,
        ),
        round_start={
            "hostel": (-1,) * actors,
            "plans": (None,) * actors,
            "step": 0,
            "queue": (),
            "turn": None,
            "altar_used": (0,) * players,
        },
        blend_needs=blend_needs(BLENDS, special=False),
    )
    return tables
