"""The named extension points of the base flow, where expansion modules add their rules.

The base game calls each extension point below at one place; each point asks, in module order,
the modules in play that override its hook: ``derive_tables`` gathers them once per config into
``Tables.hooks`` (a ``Hooks`` record, one field per point), and one of the generic runners
(``fold``, ``thread``, ``first``) asks them. A game without modules has no module rules,
so every point is skipped by its caller's ``if tables.modules`` and the base game runs exactly as
without this file. A module is a plug-in in ``fresco/modules/``: a ``ModuleRules`` subclass that
overrides the hooks it needs (every hook is a pure function of the state), its action kinds with
their validators and effects, and a ``Plugin`` record that declares them; ``fresco/plugins.py``
lists the plug-ins and hands them to the engine, which derives the tables and assembles its
dispatch table from them. Nothing in the base game imports a plug-in.

Extension points, in the order of a round:

- ``extend_tables``: the module's changes to the tables derived from the config (new tiles,
  recipes, paint tuples with pink and brown).
- ``deal_pool``: the fresco tiles to deal around the centre (module 3 removes some first).
- ``setup``: after the base set-up of ``new_game``, before round 1 begins.
- ``round_marks``: the marks a module keeps for one round (taken this round, used this round),
  declared as data: the flow resets them in the new round's state itself, before ``begin_round``.
- ``begin_round``: at the start of every round, after the round marks are reset.
- ``after_get_up``: after an actor's own get-up mood change (phase 1).
- ``pending``: a module decision that must be taken before anything else (a Street Musician
  after the get-up, a restoration stage, a card bound to the next restoration).
- ``plan_step``, ``plan_limits``, ``check_plan``: extra planning decisions of a seat, the
  apprentices and columns a plan may use, and the module's plan checks.
- ``leonardo_plan``: Leonardo's extra apprentices (modules 1 and 2), asked with the tables.
- ``leonardo_turn``: the actions of Leonardo's turn at a location the base game never sends
  him to (studio, workshop).
- ``theatre_step``: the rows one theatre apprentice moves the mood painter (module 1's Actor).
- ``location_sequence`` (asked with the tables), ``queue``, ``module_turn``: extra location
  visits (the Glassworks).
- ``legal_in_turn``, ``turn_open``, ``legal_module_location``: extra actions during a turn, a turn
  that stays open for them after its last apprentice, the actions of a module's own location.
- ``after_tile_taken``: a market tile was taken (bought, or free with a card).
- ``finish_turn``: an actor's turn at a location ends.
- restoration stages (R6.26): ``start_restoration``, ``enter_stage``, ``score_parts``,
  ``finish_restoration``.
- ``prepare_round``: round preparation, right after the market refill.
- ``before_final_scoring``: before the Thalers are converted.
- ``ledger``, ``view``: the module's components in ``token_ledger`` and ``player_view``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar

import attrs
from attrs import frozen

from ..kernel.catalogue import CatalogueSection
from ..kernel.errors import IllegalAction
from ..kernel.evolve import evolve
from ..kernel.memo import ValueCache, memo_last_remembering
from ..kernel.registry import implements
from .config import Hooks, InvalidConfig, altar_actions, base_tables, blend_needs
from .state import Phase, module_slot
from .vocab import Location, Module

if TYPE_CHECKING:
    from random import Random

    from ..kernel.chance import Chance
    from ..kernel.position import Laws
    from .actions import Action, SubmitPlan
    from .base_data import DataSection
    from .config import GameConfig, Tables
    from .drawing import PicturePart
    from .plugin_parts import AdapterPart, Notation
    from .state import Restoration, ScoreParts, State, Turn


Check = Callable[["State", Any], IllegalAction | None]
"""A validator: the violation of an action in a state, or None (``apply`` and ``explain``)."""
Effect = Callable[["State", Any], "State"]
"""The effect of a legal action (the engine's ``advance`` runs the automatic steps after it)."""
T = TypeVar("T")


@frozen
class Pending:
    """A module decision that is due now: who takes it, which rule asks for it, what is due
    (for error messages) and the legal actions."""

    actor: int
    rule: str
    reason: str
    actions: tuple[Action, ...]
    exact: bool = False
    """The decision takes exactly one of ``actions``, not any action of their kinds."""


class ModuleRules:
    """The hooks of one expansion module; every default leaves the state as it is.

    ``segment_stages`` and ``altar_stages`` name the decisions the module adds to a segment or
    altar restoration (R6.26), in order.
    """

    module: ClassVar[Module]
    segment_stages: ClassVar[tuple[str, ...]] = ()
    altar_stages: ClassVar[tuple[str, ...]] = ()
    pending_only_restoring: ClassVar[bool] = False
    """The ``pending`` hook names restoration stages only: it is not asked while no
    restoration waits (``state.restoring`` is None)."""
    pending_between_turns: ClassVar[bool] = True
    """The ``pending`` hook may name a decision between two turns of the action phase (no turn
    active, no restoration waiting, no track space to choose). False: the flow does not ask it
    at those automatic steps (``tests/properties/test_pending_declarations.py`` checks that a
    game plays the same when it is asked)."""
    pending_phases: ClassVar[frozenset[Phase] | None] = None
    """The phases in which the ``pending`` hook may name a decision while no restoration waits
    (None: any): the flow does not ask it in the others
    (``tests/properties/test_pending_declarations.py`` checks that a game plays the same when
    it is asked)."""
    turn_locations: ClassVar[frozenset[Location] | None] = None
    """The locations where ``legal_in_turn`` may offer actions (None: any): it is not asked
    during a turn anywhere else."""

    @classmethod
    def build(cls, config: GameConfig, tables: Tables) -> Self:
        """The module's rules for a game, with its tables derived once from the config and the
        component data; raises ``ValueError`` for a bad option."""
        raise NotImplementedError

    def extend_tables(self, tables: Tables) -> Tables:
        return tables

    def deal_pool(
        self, tables: Tables, pile: list[str], chance: Chance
    ) -> tuple[list[str], Chance]:
        """The tiles dealt around the centre (drawing any removals through ``chance``)."""
        return pile, chance

    def setup(self, state: State) -> State:
        return state

    def leonardo_plan(self, tables: Tables, plan: SubmitPlan) -> SubmitPlan:
        """Leonardo's plan (``plan``: the base plan of a round that is or is not the final one)
        with this module's extra apprentices: asked once per config and final-round flag, when
        the tables are built (``Tables.leonardo_plans``)."""
        return plan

    def leonardo_turn(self, state: State, turn: Turn) -> Pending | None:
        """Leonardo's turn at a location of this module: its legal actions (with ``EndTurn``
        when he may stop) and the rule that forbids stopping otherwise."""
        return None

    def theatre_step(self, state: State, actor: int, step: int) -> int:
        return step

    def round_marks(self, tables: Tables) -> dict[str, Any] | None:
        """The marks the module keeps for one round: the values that some fields of its
        sub-state (its slot of ``State.modules``) take at the start of every round, or None.
        Declared as data, not as a hook, so that the flow resets every module's marks in the
        new round's state itself (one new state); asked once per config (``Hooks.round_marks``)."""
        return None

    def begin_round(self, state: State) -> State:
        """At the start of every round, after every module's ``round_marks`` are reset."""
        return state

    def after_get_up(self, state: State, actor: int) -> State:
        return state

    def pending(self, state: State) -> Pending | None:
        return None

    def plan_step(self, state: State, seat: int) -> Pending | None:
        return None

    def plan_limits(self, state: State, seat: int) -> tuple[int, Location | None]:
        """(apprentices reserved by the module, the column that must stay empty)."""
        return 0, None

    def check_plan(self, state: State, seat: int, plan: SubmitPlan) -> IllegalAction | None:
        return None

    def location_sequence(
        self, tables: Tables, sequence: tuple[Location, ...]
    ) -> tuple[Location, ...]:
        """The location sequence of a sheet side with this module's visits: asked once per
        config and side, when the tables are built (``Tables.location_sequences``)."""
        return sequence

    def queue(self, state: State, location: Location, queue: tuple[int, ...]) -> tuple[int, ...]:
        return queue

    def module_turn(self, state: State, entry: int, location: Location) -> Turn | None:
        """The turn of a queue entry that is not an ordinary actor (negative entries)."""
        return None

    def legal_in_turn(self, state: State, turn: Turn) -> list[Action]:
        return []

    def turn_open(self, state: State, turn: Turn) -> bool:
        return False

    def legal_module_location(self, state: State, turn: Turn) -> list[Action] | None:
        return None

    def after_tile_taken(
        self, state: State, actor: int, booth: int, slot: int, *, bought: bool
    ) -> State:
        return state

    def finish_turn(self, state: State, turn: Turn) -> State:
        return state

    def start_restoration(self, state: State, r: Restoration) -> tuple[State, Restoration]:
        return state, r

    def enter_stage(
        self, state: State, r: Restoration, stage: str
    ) -> tuple[State, Restoration, bool]:
        """Begin a stage: (state, restoration, True when a decision is due now). A stage does
        not read ``r.step``: the fused ``turns.continue_restoration`` leaves it at the stage the
        restoration last waited at (-1 at first) and sets it to this stage only when the
        restoration waits here, ``turns.enter_stages`` sets it to this stage first."""
        return state, r, False

    def score_parts(self, state: State, r: Restoration, parts: ScoreParts) -> ScoreParts:
        return parts

    def finish_restoration(self, state: State, r: Restoration) -> State:
        """After a restoration is scored: ``state`` is the one it leaves (the tile taken, the
        score in ``state.scored``, the painter moved or its track choice pending)."""
        return state

    def prepare_round(self, state: State) -> State:
        return state

    def before_final_scoring(self, state: State) -> State:
        return state

    def ledger(self, state: State, seats: list[str]) -> dict[str, dict[str, int]]:
        return {}

    def view(self, state: State, seat: int) -> dict[str, Any]:
        return {}


def _no_text(state: State, action: object) -> str | None:
    return None


def _no_events(before: State, after: State) -> list[str]:
    return []


def _no_lines(state: State) -> list[str]:
    return []


def _no_picture(state: State) -> PicturePart | None:
    return None


@frozen(eq=False)
class Plugin:
    """One expansion module as the engine sees it, declared at the end of the module's own file:
    its hooks (``rules``, a ``ModuleRules`` subclass built per game), its action kinds with their
    validator and effect (in record order), and its text for people. The engine assembles its
    dispatch table from the base game's rules plus every plug-in of ``fresco/plugins.py``;
    a module's validators refuse its actions with G.1 when it is not in play."""

    module: Module
    rules: type[ModuleRules]
    actions: Mapping[type[Any], tuple[Check, Effect]]
    stage_kinds: frozenset[str] = frozenset()
    """Action kinds taken at the module's restoration stages (R6.26): a pending decision lets
    them through to their own validator, which names the precise rule."""
    describe: Callable[[State, Any], str | None] = _no_text
    """The sentence (after the actor's name) for one of the module's actions, else None."""
    events: Callable[[State, State], list[str]] = _no_events
    """What the module's rules did between two states, for logs."""
    board_lines: Callable[[State], list[str]] = _no_lines
    """The module's public pieces, for the board text."""
    title: str = ""
    """The module's name for people, after its number (``"Wishing Well"``): the adapters'
    help of the ``modules`` parameter lists them."""
    notation: Notation | None = None
    """The module's words in the text notation (``text_notation``), None: no action kind."""
    adapter: AdapterPart | None = None
    """The module's part of the adapters' action space, chance outcomes and tensors
    (``adapter_spec``); a module without one is refused by the adapters."""
    state_name: str = ""
    """The key of the module's sub-state (its slot of ``State.modules``) in records and
    positions, e.g. ``"well"``."""
    state_type: type | None = None
    """The class of the module's sub-state, for reading it back from a record or position;
    None: the module keeps no sub-state."""
    state_after: str = ""
    """The record key the sub-state's key follows in a written state (where the ``State``
    field of the six first modules stood before issue 24); empty: after every other key."""
    sample_hidden: Callable[[State, int, Random], Any] | None = None
    """The module's sub-state with what a seat cannot see drawn again (R0.68), for the search
    player (``players.sample_hidden``); None: the module hides nothing beyond the base game."""
    position_lists: tuple[str, ...] | None = None
    """The sub-state's lists with one entry a seat (or a colour, a space), as long as a new
    game's in a loaded position; None: the position laws do not look at the sub-state."""
    position_laws: Callable[[Laws, State, Any], None] | None = None
    """The module's laws of a loaded position (its sub-state is the third argument)."""
    picture: Callable[[State], PicturePart | None] = _no_picture
    """The module's part of the SVG picture (``drawing.PicturePart``: a panel below the base
    picture and pieces on the board), asked only while the module is in play."""
    catalogue: CatalogueSection | None = None
    """The module's section of the rule catalogue (``rule_catalogue.module_section``: its rule
    IDs, the spec file they come from and the file ``scripts/extract_rules.py`` writes them to);
    the catalogue the tools read is the base game's section plus every plug-in's."""
    data_sections: tuple[DataSection[Any], ...] = ()
    """The module's tables of component data (``data.DataSection``: its key in the data file,
    record type, bounds and checks); the loaders of ``data`` structure and check them with
    the base data, so a bad field is refused at load time by its path."""


@implements("G.1", "G.2", "G.3", "G.5", "M.1", "M.2")
def build_modules(
    config: GameConfig, tables: Tables, plugins: Sequence[Plugin]
) -> tuple[ModuleRules, ...]:
    """The rules of the modules in ``config``, in module order, with their tables derived once
    from the config and the component data. ``plugins``: the modules this engine plays (the
    plug-in list of ``fresco/plugins.py``). Raises ``ValueError`` for a bad option.

    M.1/M.2: modules 1, 2 and 3 join the base game alone or in any combination, also with
    modules 4-6. G.1: modules 4, 5 and 6 join the base game in any combination; each adds its
    own sub-state and hooks, and every base rule applies unless a hook changes it. G.2, G.3 and
    G.5: the paints depot, the bank and the extra boards beside the main board change no rule,
    so the paint and money supplies stay the base game's ledgers (R0.66)."""
    known = {plugin.module: plugin for plugin in plugins}
    missing = sorted(m.value for m in config.modules if m not in known)
    if missing:
        raise ValueError(f"G.1: module {missing[0]} is not installed")
    return tuple(
        known[module].rules.build(config, tables) for module in Module if module in config.modules
    )


def derive_tables(config: GameConfig, plugins: Sequence[Plugin]) -> Tables:
    """Check a config and derive its tables: the base game's (``config.base_tables``), then
    the rules of each module in play (from ``plugins``, the plug-in list), built once, each
    extending the tables in module order, and the modules' hooks at each extension point
    (``Hooks``) with the values they give per config (location sequences, Leonardo's plans,
    the workshop's blends). Raises ``InvalidConfig`` for a bad config."""
    tables = base_tables(config)
    if not config.modules:
        return tables
    try:
        rules = build_modules(config, tables, plugins)
    except ValueError as exc:
        raise InvalidConfig(str(exc)) from None
    tables = attrs.evolve(tables, modules=rules)
    for module in rules:
        tables = module.extend_tables(tables)
    normal, final = tables.leonardo_plans
    side_1, side_2 = tables.location_sequences
    return attrs.evolve(
        tables,
        hooks=_hooks_of(rules, tables),
        location_sequences=(
            _thread(rules, "location_sequence", tables, side_1),
            _thread(rules, "location_sequence", tables, side_2),
        ),
        leonardo_plans=(
            _thread(rules, "leonardo_plan", tables, normal),
            _thread(rules, "leonardo_plan", tables, final),
        ),
        blend_needs=blend_needs(tables.blends, special=tables.special_paints),
        altar_actions=altar_actions(tables.altar_hand_ins),
        free_get_ups=ValueCache(),
        coverable=ValueCache(),
        altar_options=ValueCache(),
        plans_within=ValueCache(),
    )


def _overriding(rules: tuple[ModuleRules, ...], name: str) -> tuple[Callable[..., Any], ...]:
    """The modules that override hook ``name``, as bound methods in module order; the others
    would leave the state as it is, so they are not asked."""
    default = getattr(ModuleRules, name)
    return tuple(
        getattr(module, name) for module in rules if getattr(type(module), name) is not default
    )


def _thread(rules: tuple[ModuleRules, ...], name: str, tables: Tables, value: T) -> T:
    for hook in _overriding(rules, name):
        value = hook(tables, value)
    return value


_PER_POINT = tuple(
    field.name
    for field in attrs.fields(Hooks)
    if callable(getattr(ModuleRules, field.name, None))
    and field.name not in ("round_marks", "legal_in_turn")
)
"""The ``Hooks`` fields that are exactly the overriding modules' hooks of that name (the
others are worked out in ``_hooks_of``: ``round_marks`` is data, asked once; the
``legal_in_turn`` hooks are kept by location)."""


def _hooks_of(rules: tuple[ModuleRules, ...], tables: Tables) -> Hooks:
    """The hooks of the modules in play at each extension point (``Hooks``)."""
    asked = [m for m in rules if type(m).pending is not ModuleRules.pending]
    idle = [m for m in asked if not m.pending_only_restoring]
    acting = [m for m in idle if m.pending_phases is None or Phase.ACTION in m.pending_phases]
    in_turn = [m for m in rules if type(m).legal_in_turn is not ModuleRules.legal_in_turn]
    return Hooks(
        **{name: _overriding(rules, name) for name in _PER_POINT},
        pending_idle={
            phase: tuple(
                m.pending for m in idle if m.pending_phases is None or phase in m.pending_phases
            )
            for phase in Phase
        },
        pending_restoring=tuple(m.pending for m in asked),
        pending_between=tuple(m.pending for m in acting if m.pending_between_turns),
        legal_in_turn={
            location: tuple(
                m.legal_in_turn
                for m in in_turn
                if m.turn_locations is None or location in m.turn_locations
            )
            for location in Location
        },
        segment_stages=tuple((m, stage) for m in rules for stage in m.segment_stages),
        altar_stages=tuple((m, stage) for m in rules for stage in m.altar_stages),
        round_marks=tuple(
            (module_slot(module.module), found)
            for module in rules
            if (found := module.round_marks(tables)) is not None
        ),
        by_kind={type(module): module for module in rules},
    )


# --- the hook runners ----------------------------------------------------------------------------


def fold(hooks: tuple[Callable[..., Any], ...], state: State, *args: Any) -> State:
    """Each hook in turn on the state the one before returned: ``hook(state, *args)``."""
    for hook in hooks:
        state = hook(state, *args)
    return state


def thread(hooks: tuple[Callable[..., Any], ...], state: State, *args: Any) -> Any:
    """Each hook in turn on the value (the last of ``args``) the one before returned:
    ``hook(state, *args[:-1], value)``."""
    *fixed, value = args
    for hook in hooks:
        value = hook(state, *fixed, value)
    return value


def first(hooks: tuple[Callable[..., Any], ...], *args: Any) -> Any:
    """The first answer that is not None, asking the hooks in turn: ``hook(*args)``."""
    for hook in hooks:
        found = hook(*args)
        if found is not None:
            return found
    return None


# --- the extension points ------------------------------------------------------------------------

R = TypeVar("R", bound="ModuleRules")


def rules_of(state: State, kind: type[R]) -> R:
    """The rules object of the module ``kind`` in play (``Hooks.by_kind``); a module's own
    code calls this only while it is in play."""
    found: R | None = state.tables.hooks.by_kind.get(kind)
    if found is None:
        raise AssertionError(f"{kind.__name__} is not in play")
    return found


def deal_pool(tables: Tables, pile: list[str], chance: Chance) -> tuple[list[str], Chance]:
    """The fresco tiles to deal around the centre (R0.12; module 3: R3.3)."""
    for hook in tables.hooks.deal_pool:
        pile, chance = hook(tables, pile, chance)
    return pile, chance


def reset_marks(state: State) -> dict[str, Any]:
    """The sub-states of the modules with their round marks reset (``ModuleRules.round_marks``),
    as changes of ``State`` fields: the flow makes them in the new round's state."""
    if not state.tables.hooks.round_marks:
        return {}
    slots = list(state.modules)
    for slot, values in state.tables.hooks.round_marks:
        slots[slot] = evolve(slots[slot], **values)
    return {"modules": tuple(slots)}


def _pending(state: State) -> Pending | None:
    hooks = state.tables.hooks
    asking = hooks.pending_restoring
    if state.restoring is None:
        asking = hooks.pending_idle.get(state.phase, ())
    found: Pending | None = first(asking, state)
    return found


pending, remember_pending = memo_last_remembering(_pending)
"""``pending(state)``: the module decision due now, if any (asked several times a step:
remembered for the last state, by identity). ``remember_pending(state, found)``: the flow asks
the pending hooks itself at each automatic step and hands over its answer for the state it
stops at, which the engine then asks about."""


def plan_limits(state: State, seat: int) -> tuple[int, Location | None]:
    """Apprentices the modules reserve and the column they close for ``seat``'s plan."""
    reserved, closed = 0, None
    for hook in state.tables.hooks.plan_limits:
        more, column = hook(state, seat)
        reserved += more
        closed = column if column is not None else closed
    return reserved, closed


def legal_in_turn(state: State, turn: Turn, actions: tuple[Action, ...]) -> tuple[Action, ...]:
    """The base actions of a turn plus the modules' (inserted before a trailing EndTurn)."""
    hooks = state.tables.hooks.legal_in_turn[turn.location]
    if not hooks:
        return actions
    extra: list[Action] = []
    for hook in hooks:
        extra.extend(hook(state, turn))
    if not extra:
        return actions
    if actions and actions[-1].kind == "end_turn":
        return (*actions[:-1], *extra, actions[-1])
    return (*actions, *extra)


def turn_open(state: State, turn: Turn) -> bool:
    """True when a module keeps a turn open after its last apprentice (cards still playable)."""
    return any(hook(state, turn) for hook in state.tables.hooks.turn_open)


def legal_module_location(state: State, turn: Turn) -> list[Action]:
    found: list[Action] | None = first(state.tables.hooks.legal_module_location, state, turn)
    return [] if found is None else found


def after_tile_taken(state: State, actor: int, booth: int, slot: int, *, bought: bool) -> State:
    for hook in state.tables.hooks.after_tile_taken:  # ``bought`` by keyword: not ``fold``
        state = hook(state, actor, booth, slot, bought=bought)
    return state


def start_restoration(state: State, r: Restoration) -> tuple[State, Restoration]:
    for hook in state.tables.hooks.start_restoration:
        state, r = hook(state, r)
    return state, r


def stages(state: State, r: Restoration) -> tuple[tuple[ModuleRules, str], ...]:
    """The module stages of a segment or altar restoration, in order (R6.26)."""
    hooks = state.tables.hooks
    return hooks.altar_stages if r.segment is None else hooks.segment_stages


def current_stage(state: State) -> tuple[ModuleRules, str] | None:
    """The module and stage a waiting restoration is at, or None."""
    r = state.restoring
    if r is None:
        return None
    found = stages(state, r)
    return found[r.step] if 0 <= r.step < len(found) else None


def ledger(state: State, seats: list[str]) -> dict[str, dict[str, int]]:
    """The modules' ledger kinds; a module may add locations to a kind another one (or the base
    game) lists, e.g. module 2's request stacks among the fresco tiles."""
    found: dict[str, dict[str, int]] = {}
    for hook in state.tables.hooks.ledger:
        for kind, places in hook(state, seats).items():
            found.setdefault(kind, {}).update(places)
    return found


def view(state: State, seat: int) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for hook in state.tables.hooks.view:
        found.update(hook(state, seat))
    return found
