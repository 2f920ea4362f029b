"""Module 1, the Portraits (fresco-modules-123.md section 2, rules R1.1-R1.28, A1.1-A1.10).

The studio holds a face-down deck of 18 portrait cards (piles A, B, C, A on top) and a display of
2 face-up cards. At the studio a player may take one displayed portrait with one apprentice in
place of its 3 Thalers: a permanent card (Abbot, Actor, Sexton, God's servant) stays in front of
him, a one-time card gives its reward at once. Each round preparation clears the display and
turns up 2 new cards; once the deck is empty the round is the final one. With two players
Leonardo has a studio apprentice and must take a portrait when one is shown, gaining only its VP.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from itertools import combinations_with_replacement
from typing import Any, ClassVar

from attrs import frozen

from ...kernel.adapter_spec import one_hot
from ...kernel.chance import Outcome, draw_several
from ...kernel.errors import IllegalAction
from ...kernel.evolve import evolve
from ...kernel.memo import memo_last_call
from ...kernel.position import Laws
from ...kernel.registry import implements
from ...kernel.untrusted import describe
from .. import turns
from ..actions import Action, EndTurn, Restore, SubmitPlan
from ..config import Abbot, GameConfig, Portraits, Sexton, Tables, TipWithPortrait
from ..extensions import ModuleRules, Pending, Plugin, rules_of
from ..flow import add_paints
from ..laws import present, same_tiles
from ..plugin_parts import AdapterPart, num, seq
from ..rule_catalogue import module_section
from ..scoring import bishop_bonus
from ..state import Phase, Restoration, ScoreParts, State, Turn
from ..vocab import PRIMARIES, SEGMENTS, Location, Module, Paint, paint_counts
from ..words import segment_label
from .portraits_actions import TakePortrait, UseSexton
from .portraits_data import PORTRAITS_DATA, PortraitCard
from .portraits_notation import NOTATION
from .portraits_picture import picture
from .portraits_state import PORTRAITS_SLOT, PortraitState, portraits_of, with_portraits

# Enum members bound to module names for the hot paths: in Python 3.11 ``Location.MARKET``
# goes through the enum metaclass's ``__getattr__`` hook, several times slower than a global.
_CATHEDRAL, _CATHEDRAL_2, _STUDIO = Location.CATHEDRAL, Location.CATHEDRAL_2, Location.STUDIO
_CATHEDRALS = (_CATHEDRAL, _CATHEDRAL_2)
_AT_STUDIO = (_STUDIO,)
_ANY_TIME, _EXTRA_MOVE = Sexton.ANY_TIME, Sexton.EXTRA_MOVE
_SEXTON_MOVES = {segment: UseSexton(segment) for segment in SEGMENTS}
"""The Sexton's move to each segment, built once."""
_SEXTON_OPTIONS = {
    bishop: tuple(move for segment, move in _SEXTON_MOVES.items() if segment != bishop)
    for bishop in SEGMENTS
}
"""The Sexton's moves with the bishop on each segment (every other segment), built once."""
_ALL_SEXTON_MOVES = tuple(_SEXTON_MOVES.values())

ABBOT, ACTOR, SEXTON, SERVANT = "abbot", "actor", "sexton", "gods_servant"
PRIMARY_ORDER = (Paint.RED, Paint.YELLOW, Paint.BLUE)


def _takes(card: PortraitCard) -> tuple[TakePortrait, ...]:
    """The actions taking ``card``, with the Merchant's primaries named (A1.5)."""
    if not card.choice:
        return (TakePortrait(card.id),)
    return tuple(
        TakePortrait(card.id, paints)
        for paints in combinations_with_replacement(PRIMARY_ORDER, card.choice)
    )


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``values`` with the item at ``index`` (a valid index) replaced."""
    items = list(values)  # a small list changed in place: faster than joining two slices
    items[index] = value
    return tuple(items)


def _sorted_piles(piles: tuple[tuple[str, ...], ...]) -> tuple[tuple[str, ...], ...]:
    """Each pile's cards sorted, the pool its shuffle draws from."""
    return tuple(tuple(sorted(pile)) for pile in piles)


def _portraits(state: State) -> PortraitState:
    sub: PortraitState | None = state.modules[PORTRAITS_SLOT]
    assert sub is not None
    return sub


@frozen
class PortraitRules(ModuleRules):
    """The rules of module 1 with its tables (section 5.2) and options A1.1-A1.3, A1.6."""

    module: ClassVar[Module] = Module.PORTRAITS
    turn_locations: ClassVar[frozenset[Location] | None] = frozenset({_STUDIO, *_CATHEDRALS})
    pending_between_turns: ClassVar[bool] = False  # the Sexton's follow-up is within a turn
    pending_phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.ACTION})

    cards: dict[str, PortraitCard]
    piles: tuple[tuple[str, ...], ...]
    """The cards of each pile, top pile (A) first, in data order (shuffled at set-up)."""
    display_size: int
    one_per_round: bool
    abbot_always: bool
    sexton: Sexton
    tip_with_portrait: bool
    takes: dict[str, tuple[TakePortrait, ...]]
    """The actions taking each card, with the Merchant's primaries named (A1.5)."""

    @classmethod
    @implements("R1.1", "R1.2", "A1.1", "A1.2", "A1.3", "A1.6")
    def build(cls, config: GameConfig, tables: Tables) -> PortraitRules:
        """R1.1: the coins stay the unlimited money supply; the studio's spaces hold the
        portraits. R1.2: the 18 cards sorted by back into piles A, B and C. Options A1.1
        (``portraits``), A1.2 (``abbot``), A1.3 (``sexton``), A1.6 (``tip_with_portrait``)."""
        data = PORTRAITS_DATA.of(config.components)
        options: tuple[tuple[str, type], ...] = (
            ("portraits", Portraits),
            ("abbot", Abbot),
            ("sexton", Sexton),
            ("tip_with_portrait", TipWithPortrait),
        )
        for name, kind in options:
            if not isinstance(getattr(config, name), kind):
                got = describe(getattr(config, name))
                raise ValueError(f"{name} must be a {kind.__name__}, got {got}")
        return cls(
            cards={card.id: card for card in data.cards},
            piles=tuple(
                tuple(card.id for card in data.cards if card.back == back) for back in data.backs
            ),
            display_size=data.display,
            one_per_round=config.portraits is Portraits.ONE_PER_ROUND,
            abbot_always=config.abbot is Abbot.ALWAYS,
            sexton=config.sexton,
            tip_with_portrait=config.tip_with_portrait is TipWithPortrait.ALLOWED,
            takes={card.id: _takes(card) for card in data.cards},
        )

    # --- set-up and rounds ---------------------------------------------------------------------

    @implements("R1.2", "R1.3", "M.7", "AM.2", "A1.9")
    def setup(self, state: State) -> State:
        """R1.2 (M.7, AM.2): after the cathedral is dealt, each pile is shuffled (one draw per
        card, kind ``portrait``), A first, then B, then C, and stacked C at the bottom, B on
        it, A on top. R1.3: the top 2 cards are turned up into the display (A1.9: fewer if the
        deck holds fewer)."""
        chance = state.chance
        deck: list[str] = []
        for pile in _sorted_piles(self.piles):
            shuffled, chance = draw_several(chance, "portrait", list(pile), len(pile), rule="M.7")
            deck += shuffled
        shown = tuple(deck[: self.display_size])
        display = shown + (None,) * (self.display_size - len(shown))
        players, actors = state.tables.players, state.tables.actors
        portraits = PortraitState(
            deck=tuple(deck[self.display_size :]),
            display=display,
            held=((),) * players,
            removed=(),
            taken=(0,) * actors,
            sexton_used=(0,) * players,
        )
        return with_portraits(state, portraits, chance=chance)

    @implements("R1.21", "R1.22", "M.5", "A1.9")
    def begin_round(self, state: State) -> State:
        """M.5/R1.21 (A1.9): a round at whose start the portrait deck is empty is the final
        round, played on side 2 (R1.22: the studio stays, so portraits can still be taken)."""
        if not _portraits(state).deck and not state.final:
            return evolve(state, final=True, side=2)
        return state

    def round_marks(self, tables: Tables) -> dict[str, object]:
        """At the start of every round nobody has taken a portrait (R1.5, A1.1) or moved the
        Sexton (R1.11) this round, and no Sexton restoration is due (A1.3)."""
        marks = {"taken": (0,) * tables.actors, "sexton_used": (0,) * tables.players}
        return {**marks, "sexton_armed": False}

    @implements("R1.20", "R1.12", "M.3", "M.4", "AM.1", "A1.9", "A1.4")
    def prepare_round(self, state: State) -> State:
        """R1.20 (M.3 step 2, AM.1): every card left in the display is removed from the game and
        the top 2 cards of the deck are turned up (A1.9: what remains). R1.12/M.4: each God's
        servant pays its owner 1 Thaler at the income step (A1.4: each copy)."""
        p = _portraits(state)
        left = tuple(card for card in p.display if card is not None)
        shown = p.deck[: self.display_size]
        display = shown + (None,) * (self.display_size - len(shown))
        p = evolve(
            p, deck=p.deck[self.display_size :], display=display, removed=(*p.removed, *left)
        )
        pay = tuple(self._count(p, seat, SERVANT) for seat in range(state.tables.players))
        if not any(pay):  # no God's servant held: the money stays
            return with_portraits(state, p)
        return with_portraits(
            state,
            p,
            money=tuple(m + x for m, x in zip(state.money, pay, strict=True)),
            supply_money=state.supply_money - sum(pay),
        )

    def _count(self, p: PortraitState, seat: int, kind: str) -> int:
        held = p.held[seat]
        if not held:  # most players hold no permanent card
            return 0
        return sum(self.cards[card].kind == kind for card in held)

    def holds(self, state: State, actor: int, kind: str) -> int:
        """How many permanent cards of ``kind`` ``actor`` holds (Leonardo never holds one)."""
        p: PortraitState | None = state.modules[PORTRAITS_SLOT]
        if p is None or state.is_leonardo(actor):
            return 0
        return self._count(p, actor, kind)

    # --- the studio ----------------------------------------------------------------------------

    @implements("R1.23")
    def leonardo_plan(self, tables: Tables, plan: SubmitPlan) -> SubmitPlan:
        """R1.23: Leonardo's extra apprentice on his studio column, final round included."""
        return SubmitPlan(  # built anew: several times faster than evolve for this class
            market=plan.market,
            cathedral=plan.cathedral,
            studio=plan.studio + 1,
            workshop=plan.workshop,
            theatre=plan.theatre,
            cathedral_2=plan.cathedral_2,
        )

    @implements("R1.24", "R1.25", "A1.8")
    def leonardo_turn(self, state: State, turn: Turn) -> Pending | None:
        """R1.24 (A1.8): at the studio Leonardo must take a displayed portrait, the controller
        choosing which; R1.25: with an empty display he does nothing (and never earns)."""
        if turn.location is not _STUDIO:
            return None
        return _leonardo_choice(turn.actor, _portraits(state).display, turn.left > 0)

    @implements("R1.4", "R1.5", "R1.6", "A1.1", "A1.5")
    def legal_in_turn(self, state: State, turn: Turn) -> list[Action]:
        """R1.4/R1.6 (A1.1): a studio apprentice may take one displayed portrait; R1.5: at most
        one per round by default; the Merchant's primaries are named in the action (A1.5)."""
        if turn.left <= 0 or turn.actor == state.tables.leonardo:
            return []
        if turn.location is _STUDIO:
            return list(self.portrait_options(state, turn))
        if turn.location in _CATHEDRALS:
            return list(self.sexton_options(state, turn))
        return []

    def portrait_options(self, state: State, turn: Turn) -> tuple[TakePortrait, ...]:
        p = _portraits(state)
        if self.one_per_round and p.taken[turn.actor]:
            return ()
        takes = self.takes
        return tuple(action for card in p.display if card is not None for action in takes[card])

    # --- the cathedral: Sexton -----------------------------------------------------------------

    def sexton_options(self, state: State, turn: Turn) -> tuple[UseSexton, ...]:
        if _sexton_refusal(self, state, turn) is not None:
            return ()
        return _SEXTON_OPTIONS.get(state.bishop, _ALL_SEXTON_MOVES)

    def pending(self, state: State) -> Pending | None:
        p: PortraitState | None = state.modules[PORTRAITS_SLOT]
        if p is None or not p.sexton_armed:
            return None  # nothing due: the common case, tested first
        turn = state.turn
        if turn is None or state.pending_track:
            return None
        return Pending(
            turn.actor,
            "A1.3",
            "restore a segment now: the Sexton's move is made before a segment restoration",
            tuple(self.restorations_after_sexton(state, turn)),
            exact=True,
        )

    def restorations_after_sexton(self, state: State, turn: Turn) -> list[Restore]:
        """The segment restorations that may follow a Sexton move (A1.3): without a further
        bishop move (``replaces_step``), or also with the one-step paid move (``extra_move``)."""
        have = state.paints[turn.actor]
        pieces = state.tables.fresco_pieces
        step = (
            self.sexton is _EXTRA_MOVE
            and state.money[turn.actor] >= 1
            and turns.may_move_bishop(state, turn)
        )
        found: list[Restore] = []
        for index, tile in enumerate(state.cathedral):
            if tile is None or not turns.covers(have, pieces[tile]):
                continue
            found.append(turns.RESTORES[index])
            if step:
                found.extend(turns.restores_moving(index, state.bishop))
        return found

    @implements("A1.3")
    def start_restoration(self, state: State, r: Restoration) -> tuple[State, Restoration]:
        """A1.3: the restoration the Sexton's move was made for has begun."""
        p: PortraitState | None = state.modules[PORTRAITS_SLOT]
        if p is not None and p.sexton_armed:
            state = with_portraits(state, evolve(p, sexton_armed=False))
        return state, r

    # --- scoring and the theatre ---------------------------------------------------------------

    @implements("R1.9", "R1.26", "R1.27", "R1.28", "A1.2", "A1.4")
    def score_parts(self, state: State, r: Restoration, parts: ScoreParts) -> ScoreParts:
        """R1.9 (A1.2): each Abbot the restorer holds adds 1 to the bishop bonus of a segment
        restoration, when that base bonus is 2 or 3 (``if_positive``) or always (``always``);
        never at the altar. A1.4: each copy adds 1. R1.26: applied to the base bonus, so it adds
        to Bishop's Praise independently; R1.27: never to gilding points; R1.28: inside the
        floored restoration sum (G.6)."""
        if r.segment is None:
            return parts
        abbots = self.holds(state, r.actor, ABBOT)
        if not abbots:
            return parts
        if not self.abbot_always and bishop_bonus(r.segment, r.bishop) == 0:
            return parts
        return evolve(parts, bishop=parts.bishop + abbots)

    @implements("R1.10", "A1.4")
    def theatre_step(self, state: State, actor: int, step: int) -> int:
        """R1.10: with the Actor each theatre apprentice moves the mood painter 3 rows up
        instead of 2 (A1.4: a second Actor adds nothing)."""
        return step + 1 if self.holds(state, actor, ACTOR) else step

    # --- read-outs -----------------------------------------------------------------------------

    @implements("M.6")
    def ledger(self, state: State, seats: list[str]) -> dict[str, dict[str, int]]:
        """M.6: deck + display + permanent cards held + removed = 18."""
        p = _portraits(state)
        found = {
            "deck": len(p.deck),
            "display": sum(card is not None for card in p.display),
            **{seat: len(p.held[s]) for s, seat in enumerate(seats)},
            "removed": len(p.removed),
        }
        return {"portraits": found}

    @implements("R1.7", "A1.10")
    def view(self, state: State, seat: int) -> dict[str, Any]:
        """R1.7 (A1.10): the deck's order is hidden (only its size is shown); the display,
        the permanent cards in play and the removed cards are public."""
        p = _portraits(state)
        return {
            "portrait_deck": len(p.deck),
            "portrait_display": p.display,
            "portraits_held": p.held,
            "portraits_removed": p.removed,
        }


@memo_last_call
def _leonardo_choice(actor: int, display: tuple[str | None, ...], acts: bool) -> Pending:
    """Leonardo's studio decision (R1.24, R1.25) with this display (remembered for the last,
    identical, display: his legal actions and their validation both ask)."""
    shown = [card for card in display if card is not None]
    actions: tuple[Action, ...] = (
        tuple(TakePortrait(card) for card in shown) if shown and acts else (EndTurn(),)
    )
    return Pending(actor, "R1.24", "Leonardo must take a displayed portrait", actions)


def _rules(state: State) -> PortraitRules:
    return rules_of(state, PortraitRules)


def _sexton_refusal(rules: PortraitRules, state: State, turn: Turn) -> tuple[str, str] | None:
    """Why the active player cannot make a Sexton move now, as (rule, reason), or None (R1.11,
    A1.3). Plain strings: the legal actions ask this at every cathedral turn, and only a
    refused action needs the error with its position."""
    p = _portraits(state)
    actor = turn.actor
    if actor == state.tables.leonardo:
        return "R1.11", "Leonardo holds no portraits"
    held = rules._count(p, actor, SEXTON)  # not Leonardo (tested above): as ``holds``
    if not held:
        return "R1.11", "the player holds no Sexton"
    if p.sexton_used[actor] >= held:
        return "R1.11", "the Sexton moves the bishop once per round (A1.4)"
    if p.sexton_armed:
        return "A1.3", "a Sexton move was just made"
    if turn.left <= 0:
        return "R1.11", "the Sexton is used by a cathedral apprentice"
    if state.money[actor] < 1:
        return "R0.31", "the Sexton's move costs 1 Thaler"
    if rules.sexton is not _ANY_TIME:
        have = state.paints[actor]
        pieces = state.tables.fresco_pieces
        if not any(t is not None and turns.covers(have, pieces[t]) for t in state.cathedral):
            return "A1.3", "the Sexton's move is made before a segment restoration"
    return None


@implements("R1.11", "A1.3", "A1.4", "R1.26")
def check_sexton(state: State, action: UseSexton) -> IllegalAction | None:
    """R1.11 (A1.3): once per round (A1.4: per Sexton held), counting both cathedral columns of
    side 2, the owner pays 1 Thaler to move the bishop to any segment, restored or not:
    ``replaces_step`` as the paid move before one segment restoration, ``extra_move`` also with
    the one-step move, ``any_time`` at any moment of his cathedral turn. R1.26: Bishop's Visit
    (module 4) may be played before the same restoration."""
    if portraits_of(state) is None:
        return turns.refusal(state, "G.1", "module 1 (the Portraits) is not in play")
    if not turns.is_segment(action.to):
        return turns.refusal(
            state,
            "R1.11",
            f"{describe(action.to)} is not (row, col) on the 5x5 grid (a1-e5)",
            malformed=True,
        )
    turn = turns.active_turn(state, _CATHEDRALS)
    if turn is None:
        return turns.refusal(state, "R1.11", "the Sexton is used during a cathedral turn")
    refusal = _sexton_refusal(_rules(state), state, turn)
    if refusal is not None:
        return turns.refusal(state, *refusal)
    if action.to == state.bishop:
        return turns.refusal(
            state, "R1.11", f"the bishop already stands on {segment_label(action.to)}"
        )
    return None


def do_sexton(state: State, action: UseSexton) -> State:
    turn = state.turn
    assert turn is not None
    rules = _rules(state)
    p = _portraits(state)
    actor = turn.actor
    armed = rules.sexton is not _ANY_TIME
    return with_portraits(
        state,
        evolve(
            p, sexton_used=_put(p.sexton_used, actor, p.sexton_used[actor] + 1), sexton_armed=armed
        ),
        bishop=action.to,
        money=_put(state.money, actor, state.money[actor] - 1),
        supply_money=state.supply_money + 1,
        turn=evolve(turn, bishop_moved=True),
    )


@implements("R1.4", "R1.5", "R1.6", "R1.14", "R1.24", "R1.28", "A1.1", "A1.5")
def check_portrait(state: State, action: TakePortrait) -> IllegalAction | None:
    """R1.4: a studio apprentice takes one displayed portrait instead of earning; R1.5 (A1.1):
    at most one per player per round by default; R1.6: only while the display holds one.
    R1.14 (A1.5): the Merchant names its primaries (repeats allowed), other cards name none.
    R1.24: Leonardo's card is chosen by the controller. R1.28: a Glassworks tile over the
    studio leaves no studio apprentice to take one."""
    p: PortraitState | None = state.modules[PORTRAITS_SLOT]
    if p is None:
        return turns.refusal(state, "G.1", "module 1 (the Portraits) is not in play")
    if not isinstance(action.card, str):
        return turns.refusal(state, "R1.4", "a portrait is named by its ID", malformed=True)
    paints = action.paints
    if not isinstance(paints, tuple) or (paints and not all(isinstance(x, Paint) for x in paints)):
        return turns.refusal(state, "R1.14", "paints must be a tuple of Paint", malformed=True)
    turn = turns.active_turn(state, _AT_STUDIO)
    if turn is None:
        return turns.refusal(state, "R1.4", "portraits are taken by studio apprentices only")
    if turn.left <= 0:
        return turns.turn_spent(state, turn)
    rules = _rules(state)
    if rules.one_per_round and p.taken[turn.actor]:
        return turns.refusal(state, "R1.5", "a player takes at most one portrait per round (A1.1)")
    if action.card not in p.display:
        return turns.refusal(state, "R1.6", f"portrait {action.card} is not in the display")
    card = rules.cards[action.card]
    want = 0 if turn.actor == state.tables.leonardo else card.choice
    if len(paints) != want or (paints and not all(x in PRIMARIES for x in paints)):
        return turns.refusal(
            state, "A1.5", f"{card.name} gives {want} primaries of choice, named in the action"
        )
    return None


@implements("R1.7", "R1.8", "R1.13", "R1.15", "R1.16", "R1.17", "R1.18", "R1.19", "R1.24", "A1.7")
def do_portrait(state: State, action: TakePortrait) -> State:
    """R1.7: a permanent card stays face up in front of its owner (R1.19: all his cards
    apply); a one-time card gives its reward at once and leaves the game. R1.8 (A1.7): Thalers
    and paints from the supplies, paints behind the screen, mood moves clamped (the apprentice
    count changes only at the next phase 1), VP move the painter. R1.13 Muse: mood to the top
    row; R1.15 Patron, R1.16 Peers, R1.17 Bishop / Pictures, R1.18 Pretty girl / Self-portrait:
    their printed rewards. R1.24: Leonardo's card leaves the game and he gains only its VP."""
    turn = state.turn
    assert turn is not None
    rules = _rules(state)
    p = _portraits(state)
    actor = turn.actor
    card = rules.cards[action.card]
    display = _put(p.display, p.display.index(card.id), None)  # a card is shown once
    taken = _put(p.taken, actor, p.taken[actor] + 1)
    turn = evolve(turn, left=turn.left - 1)
    if actor == state.tables.leonardo:
        p = evolve(p, display=display, taken=taken, removed=(*p.removed, card.id))
        painter = turns.painter_changes(state, actor, card.vp)  # in the same new state
        return with_portraits(state, p, turn=turn, **painter)
    if card.permanent:
        held = tuple(sorted((*p.held[actor], card.id)))
        p = evolve(p, display=display, taken=taken, held=_put(p.held, actor, held))
        return with_portraits(state, p, turn=turn)
    gained = paint_counts((*card.paints, *action.paints))
    mood = state.tables.mood.rows - 1 if card.mood_to_top else state.mood[actor] + card.mood
    return with_portraits(
        state,
        evolve(p, display=display, taken=taken, removed=(*p.removed, card.id)),
        turn=turn,
        money=_put(state.money, actor, state.money[actor] + card.thalers),
        supply_money=state.supply_money - card.thalers,
        paints=_put(state.paints, actor, add_paints(state.paints[actor], gained)),
        supply_paints=add_paints(state.supply_paints, gained, -1),
        mood=_put(state.mood, actor, turns.clamp_mood(state, mood)),
        **turns.painter_changes(state, actor, card.vp),  # VP: the painter moves (R1.8)
    )


def _name(state: State, card: str) -> str:
    names = {c.id: c.name for c in PORTRAITS_DATA.of(state.config.components).cards}
    return f"{card} {names.get(card, '?')}"


def describe_action(state: State, action: object) -> str | None:
    """The sentence (after the actor's name) for an action of module 1."""
    if isinstance(action, TakePortrait):
        text = f"takes portrait {_name(state, action.card)}"
        if action.paints:
            text += " naming " + ", ".join(p.value for p in action.paints)
        return text
    if isinstance(action, UseSexton):
        return f"moves the bishop to {segment_label(action.to)} with the Sexton (1 Thaler)"
    return None


def events(before: State, after: State) -> list[str]:
    """What module 1 did between two states: new portraits turned up."""
    p0, p1 = portraits_of(before), portraits_of(after)
    if p0 is None or p1 is None or p1.display == p0.display or len(p1.deck) == len(p0.deck):
        return []
    shown = ", ".join(_name(after, c) for c in p1.display if c is not None) or "nothing"
    return [f"  portraits turned up: {shown} ({len(p1.deck)} left in the deck)"]


def board_lines(state: State) -> list[str]:
    """The portrait display, the deck's size and the permanent cards in play."""
    p: PortraitState | None = state.modules[PORTRAITS_SLOT]
    if p is None:
        return []
    shown = ", ".join(_name(state, c) for c in p.display if c is not None) or "empty"
    lines = [f"portraits: display {shown}; deck {len(p.deck)}; removed {len(p.removed)}"]
    for seat, held in enumerate(p.held):
        if held:
            lines.append(f"  seat {seat} holds " + ", ".join(_name(state, c) for c in held))
    return lines


def sample_hidden(state: State, seat: int, rng: random.Random) -> PortraitState:
    """What ``seat`` cannot see of this module's state drawn again from ``rng`` (R0.68, for the
    search player: ``players.sample_hidden``). R1.7: the order of the portrait deck is drawn
    again (its cards are public)."""
    p = _portraits(state)
    deck = sorted(p.deck)  # sorted: no order of the state is read
    rng.shuffle(deck)
    return evolve(p, deck=tuple(deck))


def position_laws(laws: Laws, state: State, portraits: PortraitState) -> None:
    """R1.5: one portrait a round (A1.1's default); M.6: every portrait once."""
    if state.config.portraits is Portraits.ONE_PER_ROUND:
        laws.each_within("$.portraits.taken", portraits.taken, 0, 1, "R1.5", "portraits taken")
    cards = [*portraits.deck, *present(portraits.display), *portraits.removed]
    cards += [card for held in portraits.held for card in held]
    box = [card.id for card in PORTRAITS_DATA.of(state.config.components).cards]
    same_tiles(laws, "$.portraits", "M.6", "portrait", cards, box)


def _adapter_actions(tables: Tables, rules: PortraitRules) -> list[object]:
    """Every displayed card taken (Leonardo names no primaries, R1.24), a Merchant's also with
    each multiset of primaries it names (R1.14, A1.5); the Sexton to every segment."""
    found: list[object] = []
    for card in sorted(rules.cards):
        found.append(TakePortrait(card))
        choice = rules.cards[card].choice
        if choice:
            combos = combinations_with_replacement(PRIMARY_ORDER, choice)
            found.extend(TakePortrait(card, paints) for paints in combos)
    found.extend(UseSexton(to) for to in SEGMENTS)
    return found


def _adapter_chance(tables: Tables, rules: PortraitRules) -> list[Outcome]:
    """The shuffle of the deck, one draw per card."""
    return [("portrait", card) for card in sorted(rules.cards)]


def _adapter_layout(tables: Tables, rules: PortraitRules) -> list[tuple[str, int]]:
    players, actors, cards = tables.players, tables.actors, len(rules.cards)
    return [("portraits", 1 + (rules.display_size + players + 1) * cards + actors + players + 1)]


def _adapter_tensor(
    state: State, seat: int, view: Mapping[str, object], rules: PortraitRules
) -> list[float]:
    """All public (R1.7, A1.10): deck size; per display space the card one-hot; per player the
    count of each card held; removed cards; per actor portraits taken this round; per player
    Sexton moves made; a Sexton move awaiting its restoration."""
    cards = sorted(rules.cards)
    where = {card: i for i, card in enumerate(cards)}
    out = [float(num(view["portrait_deck"]))]
    for card in seq(view["portrait_display"]):
        out += one_hot(len(cards), where.get(card) if isinstance(card, str) else None)
    for held in seq(view["portraits_held"]):
        counts = [0.0] * len(cards)
        for card in seq(held):
            counts[where[card]] += 1.0
        out += counts
    removed = set(seq(view["portraits_removed"]))
    out += [1.0 if card in removed else 0.0 for card in cards]
    p = _portraits(state)
    out += [float(n) for n in p.taken] + [float(n) for n in p.sexton_used]
    out.append(1.0 if p.sexton_armed else 0.0)
    return out


ADAPTER = AdapterPart(
    actions=_adapter_actions,
    chance=_adapter_chance,
    layout=_adapter_layout,
    tensor=_adapter_tensor,
)
"""Module 1 in the adapters' action space, chance outcomes and tensors."""


PLUGIN = Plugin(
    module=Module.PORTRAITS,
    title="Portraits",
    rules=PortraitRules,
    state_name="portraits",
    state_type=PortraitState,
    sample_hidden=sample_hidden,
    position_lists=("display", "held", "taken", "sexton_used"),
    position_laws=position_laws,
    notation=NOTATION,
    adapter=ADAPTER,
    state_after="requests",
    actions={
        TakePortrait: (check_portrait, do_portrait),
        UseSexton: (check_sexton, do_sexton),
    },
    describe=describe_action,
    events=events,
    board_lines=board_lines,
    picture=picture,
    catalogue=module_section(Module.PORTRAITS, "fresco-modules-123.md"),
    data_sections=(PORTRAITS_DATA,),
)
"""Module 1 as a plug-in (installed by ``fresco/plugins.py``)."""

__all__ = ["PLUGIN", "PortraitRules", "check_portrait", "check_sexton", "do_portrait", "do_sexton"]
