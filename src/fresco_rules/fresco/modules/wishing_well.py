"""Module 4, the Wishing Well (fresco-modules-456.md section 2, rules R4.1-R4.16, A4.1-A4.10).

Lucky pennies go on the market symbol while planning, are thrown into the well at the start of a
market turn to draw Wishing Cards, and are worth 1 Thaler each at the end. Each card is a bonus
for one apprentice at its location; the Street Musician is played in phase 1.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from itertools import combinations_with_replacement
from typing import ClassVar

from attrs import frozen

from ...kernel.chance import Outcome, draw
from ...kernel.errors import IllegalAction
from ...kernel.evolve import evolve
from ...kernel.memo import memo_last_call
from ...kernel.position import Laws
from ...kernel.registry import implements
from ...kernel.untrusted import describe, is_int
from .. import extensions as ext
from .. import turns
from ..actions import Action, Restore, canonical_paints
from ..config import (
    AlchemyInputs,
    BishopVisit,
    GameConfig,
    Praise,
    Tables,
    TipWithPortrait,
    WishingPurchase,
)
from ..extensions import ModuleRules, Pending, Plugin, rules_of
from ..flow import add_paints, apprentices_at
from ..hidden import other_seats, redrawn, spread
from ..plugin_parts import AdapterPart, num, seq
from ..rule_catalogue import module_section
from ..scoring import bishop_bonus
from ..state import Phase, Restoration, ScoreParts, State, Turn, booth_name
from ..vocab import (
    BASE_PAINTS,
    PRIMARIES,
    SECONDARIES,
    SEGMENTS,
    Location,
    Module,
    Paint,
    Segment,
    paint_counts,
)
from ..words import location_label, segment_label
from .portraits_state import portraits_of
from .requests_state import requests_of
from .wishing_well_actions import (
    BuyWishingCard,
    PlacePennies,
    SkipStreetMusician,
    UseAlchemy,
    UseBishopsPraise,
    UseBishopsVisit,
    UseFreePaints,
    UseLuckyFellow,
    UseReward,
    UseStreetMusician,
    UseTip,
)
from .wishing_well_data import WELL_DATA
from .wishing_well_notation import NOTATION
from .wishing_well_picture import picture
from .wishing_well_state import WELL_SLOT, WellState, well_of, with_well

# Enum members bound to module names for the hot paths: in Python 3.11 ``Location.MARKET``
# goes through the enum metaclass's ``__getattr__`` hook, several times slower than a global.
_MARKET, _CATHEDRAL, _CATHEDRAL_2 = Location.MARKET, Location.CATHEDRAL, Location.CATHEDRAL_2
_STUDIO, _WORKSHOP, _THEATRE = Location.STUDIO, Location.WORKSHOP, Location.THEATRE

PHASE_1 = "phase1"
"""Where a Street Musician is played (R4.11)."""
LOCATION_OF: dict[Location, str] = {
    Location.MARKET: "market",
    Location.CATHEDRAL: "cathedral",
    Location.CATHEDRAL_2: "cathedral",
    Location.STUDIO: "studio",
    Location.WORKSHOP: "workshop",
    Location.THEATRE: "theatre",
}
"""The card location (R4.7) of each turn location; both cathedral columns are the cathedral."""
FREE_PAINTS = "free_paints"
VISIT, PRAISE = "bishops_visit", "bishops_praise"
LUCKY_FELLOW, TIP, ALCHEMY, REWARD = "lucky_fellow", "tip", "alchemy", "reward"
MUSICIAN = "street_musician"
LUCKY_FELLOW_PENNIES = 2
TIP_THALERS, TIP_PENNIES = 1, 1
REWARD_THALERS = 3


def card_kind(face: str) -> str:
    """The kind of a card face: ``"free_paints:M11"`` is a ``free_paints`` card."""
    return face.partition(":")[0]


def free_paints_face(tile: str) -> str:
    return f"{FREE_PAINTS}:{tile}"


def _primary_triples() -> tuple[tuple[Paint, Paint, Paint], ...]:
    order = (Paint.RED, Paint.YELLOW, Paint.BLUE)
    found = []
    for i, a in enumerate(order):
        for j in range(i, 3):
            for k in range(j, 3):
                found.append((a, order[j], order[k]))
    return tuple(found)


PRIMARY_TRIPLES = _primary_triples()
"""Every multiset of three primaries, in a fixed order (A4.7 ``any_three_primaries``)."""
ONE_OF_EACH = ((Paint.RED, Paint.YELLOW, Paint.BLUE),)


_VISITS = {segment: UseBishopsVisit(segment) for segment in SEGMENTS}
"""The Bishop's Visit to each segment, built once."""
_BUY_CARD = BuyWishingCard()


@frozen
class WishingWell(ModuleRules):
    """The rules of module 4 with its tables (component-data.md 5) and options (A4.x)."""

    module: ClassVar[Module] = Module.WISHING_WELL
    turn_locations: ClassVar[frozenset[Location] | None] = frozenset(LOCATION_OF)  # R4.7
    pending_between_turns: ClassVar[bool] = False  # musician in phase 1, cards within a turn
    pending_phases: ClassVar[frozenset[Phase] | None] = frozenset({Phase.GET_UP, Phase.ACTION})

    pennies: int
    start_pennies: int
    capacity: int
    max_on_symbol: int
    penny_value: int
    deck: tuple[str, ...]
    purchase: WishingPurchase
    praise: Praise
    visit: BishopVisit
    alchemy: AlchemyInputs
    musician_choices: tuple[Pending, ...]
    """Each actor's Street Musician decision (R4.11), built once: ``pending`` asks often."""
    pennies_choices: tuple[tuple[Pending, ...], ...]
    """Each seat's market-symbol decision (R4.3) by the most pennies it may place, built once."""

    @classmethod
    @implements("R4.1", "R4.16", "A4.4")
    def build(cls, config: GameConfig, tables: Tables) -> WishingWell:
        """R4.1: the 20 Wishing Cards (component-data.md 5; Free Paints with their pictured
        tiles) and the 20 lucky pennies; R4.16/A4.4: both are finite components."""
        data = WELL_DATA.of(config.components)
        pictures = iter(picture.tile for picture in data.free_paints)
        faces: list[str] = []
        for card in data.cards:
            for _ in range(card.count):
                face = free_paints_face(next(pictures)) if card.kind == FREE_PAINTS else card.kind
                faces.append(face)
        return cls(
            pennies=data.pennies,
            start_pennies=data.start_pennies,
            capacity=data.well_capacity,
            max_on_symbol=data.max_on_symbol,
            penny_value=data.penny_value,
            deck=tuple(sorted(faces)),
            purchase=config.wishing_purchase,
            praise=config.praise,
            visit=config.bishop_visit,
            alchemy=config.alchemy_inputs,
            musician_choices=tuple(_musician_choice(actor) for actor in range(tables.actors)),
            pennies_choices=tuple(
                tuple(_pennies_choice(seat, most) for most in range(data.max_on_symbol + 1))
                for seat in range(tables.players)
            ),
        )

    # --- set-up and rounds ---------------------------------------------------------------------

    @implements("R4.1", "R4.2", "R4.15")
    def setup(self, state: State) -> State:
        """R4.1: the shuffled deck and the penny supply beside the board; R4.2: each player
        takes 3 pennies. R4.15: Leonardo gets none (per-player tuples hold human seats only)."""
        players = state.tables.players
        return with_well(
            state,
            WellState(
                supply=self.pennies - players * self.start_pennies,
                well=0,
                pennies=(self.start_pennies,) * players,
                symbol=(0,) * players,
                placed=(False,) * players,
                deck=self.deck,
                hands=((),) * players,
                used=(),
                played=((),) * players,
            ),
        )

    def round_marks(self, tables: Tables) -> dict[str, object]:
        """A new round: no card used yet (R4.8) and no pennies placed (R4.3)."""
        players = tables.players
        marks = {"placed": (False,) * players, "played": ((),) * players}
        return {**marks, "musician": -1, "bound": ""}

    @implements("R4.13")
    def prepare_round(self, state: State) -> State:
        """R4.13: in round preparation the pennies in the well go back to the general supply."""
        w = _well(state)
        if not w.well:  # nothing to return
            return state
        return with_well(state, evolve(w, supply=w.supply + w.well, well=0))

    @implements("R4.14")
    def before_final_scoring(self, state: State) -> State:
        """R4.14: before final scoring each player exchanges every penny behind his screen for
        1 Thaler from the supply; the pennies go back to the penny supply."""
        w = _well(state)
        gains = tuple(n * self.penny_value for n in w.pennies)
        return with_well(
            state,
            evolve(w, supply=w.supply + sum(w.pennies), pennies=(0,) * len(w.pennies)),
            money=tuple(m + g for m, g in zip(state.money, gains, strict=True)),
            supply_money=state.supply_money - sum(gains),
        )

    # --- phase 1: the Street Musician ------------------------------------------------------------

    @implements("R4.11", "A4.9")
    def after_get_up(self, state: State, actor: int) -> State:
        """R4.11 (A4.9): right after his own get-up mood change, a player holding a Street
        Musician decides whether to play it (at most one per round)."""
        w = _well(state)
        if MUSICIAN in w.hands[actor] and PHASE_1 not in w.played[actor]:
            return with_well(state, evolve(w, musician=actor))
        return state

    def pending(self, state: State) -> Pending | None:
        w: WellState | None = state.modules[WELL_SLOT]
        if w is None:
            return None
        if w.musician >= 0:
            return self.musician_choices[w.musician]
        if w.bound and state.restoring is None and not state.pending_track:
            turn = state.turn
            if turn is not None and turn.location in (_CATHEDRAL, _CATHEDRAL_2):
                rule = "A4.6" if w.bound == VISIT else "A4.5"
                restores = tuple(
                    a for a in turns.legal_cathedral(state, turn) if isinstance(a, Restore)
                )
                return Pending(
                    turn.actor,
                    rule,
                    f"the {_title(w.bound)} is played just before a segment restoration: "
                    "restore a segment now",
                    restores,
                )
        return None

    # --- planning --------------------------------------------------------------------------------

    @implements("R4.3", "A4.10")
    def plan_step(self, state: State, seat: int) -> Pending | None:
        """R4.3: right after his plan, a player with a market apprentice decides how many of
        his pennies (0-2) go on the market symbol. Who is to move is public, so every player is
        asked, whatever his hidden plan holds and however many pennies are behind his screen
        (A4.10); without a market apprentice or a penny the only answer is 0."""
        w: WellState | None = state.modules[WELL_SLOT]
        plan = state.plans[seat]
        if w is None or plan is None or w.placed[seat]:
            return None
        if apprentices_at(state, plan, _MARKET) < 1:
            return self.pennies_choices[seat][0]
        return self.pennies_choices[seat][min(self.max_on_symbol, w.pennies[seat])]

    # --- turns -----------------------------------------------------------------------------------

    @memo_last_call
    def legal_in_turn(self, state: State, turn: Turn) -> list[Action]:
        w: WellState | None = state.modules[WELL_SLOT]
        seat = turn.actor
        if w is None or seat == state.tables.leonardo:
            return []
        found: list[Action] = []
        # no penny on the symbol: no purchase (``_may_buy_card`` refuses it), nothing to ask
        if (
            turn.location is _MARKET
            and w.symbol[seat]
            and _may_buy_card(self, state, turn, w) is None
        ):
            found.append(_BUY_CARD)
        hand = w.hands[seat]
        if not hand or not _card_slot_free(state, turn, w):
            return found
        location = turn.location
        if location is _MARKET:
            if LUCKY_FELLOW in hand:
                found.append(UseLuckyFellow())
            if turn.booth >= 0:
                shown = state.booths[turn.booth]
                for face in sorted(set(hand)):
                    if card_kind(face) == FREE_PAINTS:
                        tile = face.partition(":")[2]
                        if tile in shown:
                            found.append(UseFreePaints(tile))
        elif location in (_CATHEDRAL, _CATHEDRAL_2):
            if w.bound:
                return found
            ready = turn.left > 0 and _can_restore(state, seat)
            if VISIT in hand and (ready or self.visit is BishopVisit.VISIT_ANY_TIME):
                found.extend(_VISITS[seg] for seg in SEGMENTS if seg != state.bishop)
            if PRAISE in hand and ready:
                found.append(UseBishopsPraise())
        elif location is _STUDIO:
            if TIP in hand:
                found.append(UseTip())
        elif location is _WORKSHOP:
            if ALCHEMY in hand:
                have = state.paints[seat]
                for triple in self._alchemy_inputs():
                    if turns.covers(have, paint_counts(triple)):
                        found.extend(
                            UseAlchemy(triple, result)
                            for result in (Paint.ORANGE, Paint.GREEN, Paint.PURPLE)
                        )
        elif location is _THEATRE and REWARD in hand:
            found.append(UseReward())
        return found

    @implements("R4.9")
    def turn_open(self, state: State, turn: Turn) -> bool:
        """R4.9: a card may be used in the turn it is bought or later in that turn, so a turn
        stays open after its last action while the player can still play a card there."""
        w: WellState | None = state.modules[WELL_SLOT]
        if turn.left > 0 or w is None or turn.actor == state.tables.leonardo:
            return False
        if not w.hands[turn.actor]:
            return False  # no card to play (buying one does not keep the turn open)
        return any(
            not isinstance(action, BuyWishingCard) for action in self.legal_in_turn(state, turn)
        )

    @implements("R4.6", "A4.2")
    def finish_turn(self, state: State, turn: Turn) -> State:
        """R4.6/A4.2: pennies a player did not throw go back behind his screen at the end of
        his market turn; they are never lost."""
        w: WellState | None = state.modules[WELL_SLOT]
        if w is None or turn.location is not _MARKET or turn.actor == state.tables.leonardo:
            return state
        seat = turn.actor
        if not w.symbol[seat]:
            return state
        return with_well(
            state,
            evolve(
                w,
                pennies=_put(w.pennies, seat, w.pennies[seat] + w.symbol[seat]),
                symbol=_put(w.symbol, seat, 0),
            ),
        )

    # --- restorations ----------------------------------------------------------------------------

    def start_restoration(self, state: State, r: Restoration) -> tuple[State, Restoration]:
        """A card bound to the next segment restoration (A4.5, A4.6) joins this one."""
        w: WellState | None = state.modules[WELL_SLOT]
        if w is None or not w.bound or r.segment is None:
            return state, r
        praised = w.bound == PRAISE
        return with_well(state, evolve(w, bound="")), evolve(r, praise=praised)

    @implements("R4.10", "R4.12", "A4.5")
    def score_parts(self, state: State, r: Restoration, parts: ScoreParts) -> ScoreParts:
        """R4.12 Bishop's Praise (A4.5): the bishop bonus rises by 1, even from 0 (``always``),
        or only when it is 2 or 3 (``praise_if_positive``); it never raises gilding points.
        R4.10: it adds to whatever other modules give."""
        if not r.praise or r.segment is None:
            return parts
        base = bishop_bonus(r.segment, r.bishop)
        if self.praise is Praise.PRAISE_IF_POSITIVE and base < 2:
            return parts
        return evolve(parts, bishop=parts.bishop + 1)

    # --- read-outs -------------------------------------------------------------------------------

    @implements("R4.16", "A4.4")
    def ledger(self, state: State, seats: list[str]) -> dict[str, dict[str, int]]:
        """R4.16 (A4.4): pennies (supply + well + market symbols + players = 20) and cards
        (deck + hands + discard pile = 20)."""
        w = _well(state)
        pennies = {"supply": w.supply, "well": w.well}
        for s, seat in enumerate(seats):
            pennies[f"{seat} symbol"] = w.symbol[s]
            pennies[seat] = w.pennies[s]
        cards = {"deck": len(w.deck), "used": len(w.used)}
        for s, seat in enumerate(seats):
            cards[seat] = len(w.hands[s])
        return {"lucky_pennies": pennies, "wishing_cards": cards}

    @implements("A4.10")
    def view(self, state: State, seat: int) -> dict[str, object]:
        """A4.10: cards held, penny counts and pennies on market symbols are hidden from the
        other players; pennies on the symbols are revealed with the plans (R0.28)."""
        w = _well(state)
        players = range(state.tables.players)
        revealed = state.phase is not Phase.PLAN
        return {
            "well": w.well,
            "penny_supply": w.supply,
            "deck": len(w.deck),
            "used_cards": w.used,
            "pennies": tuple(w.pennies[s] if s == seat else None for s in players),
            "symbol": tuple(w.symbol[s] if s == seat or revealed else None for s in players),
            "cards": tuple(w.hands[s] if s == seat else None for s in players),
        }

    def _alchemy_inputs(self) -> tuple[tuple[Paint, Paint, Paint], ...]:
        if self.alchemy is AlchemyInputs.ONE_OF_EACH:
            return ONE_OF_EACH
        return PRIMARY_TRIPLES


# --- helpers -------------------------------------------------------------------------------------


def _musician_choice(actor: int) -> Pending:
    """R4.11: the Street Musician decision of ``actor``."""
    return Pending(
        actor,
        "R4.11",
        "decide on the Street Musician first (right after the get-up)",
        (UseStreetMusician(), SkipStreetMusician()),
    )


def _pennies_choice(seat: int, most: int) -> Pending:
    """R4.3: the market-symbol decision of ``seat`` with at most ``most`` pennies."""
    return Pending(
        seat,
        "R4.3",
        "put 0-2 pennies on the market symbol first",
        tuple(PlacePennies(n) for n in range(most + 1)),
    )


def _well(state: State) -> WellState:
    sub: WellState | None = state.modules[WELL_SLOT]
    assert sub is not None
    return sub


def _rules(state: State) -> WishingWell:
    return rules_of(state, WishingWell)


def _put(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    """``values`` with the item at ``index`` (a valid index) replaced."""
    items = list(values)  # a small list changed in place: faster than joining two slices
    items[index] = value
    return tuple(items)


def _title(kind: str) -> str:
    return {
        LUCKY_FELLOW: "Lucky Fellow",
        FREE_PAINTS: "Free Paints",
        VISIT: "Bishop's Visit",
        PRAISE: "Bishop's Praise",
        TIP: "Tip",
        ALCHEMY: "Alchemy",
        REWARD: "Reward",
        MUSICIAN: "Street Musician",
    }.get(kind, kind)


def _off(state: State) -> IllegalAction | None:
    if well_of(state) is None:
        return turns.refusal(state, "G.1", "module 4 (the Wishing Well) is not in play")
    return None


def _can_restore(state: State, seat: int) -> bool:
    payable = turns.coverable(state, state.paints[seat])
    return any(tile is not None and tile in payable for tile in state.cathedral)


def _cards_used(state: State, turn: Turn, w: WellState) -> int:
    return w.played[turn.actor].count(turn.location.value)


def _tip_with_portrait(state: State) -> bool:
    return state.config.tip_with_portrait is TipWithPortrait.ALLOWED


def _card_slot_free(state: State, turn: Turn, w: WellState) -> bool:
    plan = state.plans[turn.actor]
    assert plan is not None
    apprentices = apprentices_at(state, plan, turn.location)
    q = requests_of(state)
    if turn.location is _WORKSHOP and q is not None and q.used[turn.actor]:
        apprentices -= 1  # A2.4: the request apprentice cannot use Alchemy (module 2)
    p = portraits_of(state)
    if turn.location is _STUDIO and p is not None and not _tip_with_portrait(state):
        apprentices -= p.taken[turn.actor]  # A1.6 forbidden: only apprentices earning 3 Thalers
    return _cards_used(state, turn, w) < apprentices


def _may_buy_card(
    rules: WishingWell, state: State, turn: Turn, w: WellState
) -> tuple[str, str] | None:
    """The rule and reason refusing a Wishing Card purchase now (R4.4, R4.6, A4.1, A4.4), or
    None; ``check_buy_card`` turns it into the refusal, ``legal_in_turn`` only asks."""
    seat = turn.actor
    if turn.left <= 0 or turn.booth >= 0:
        return ("R4.4", "cards are bought at the start of the market turn, before buying")
    if w.well >= rules.capacity:
        return ("R4.6", "the well is full: no more cards this round")
    if w.symbol[seat] < 1:
        return ("R4.4", "no penny on the market symbol to throw")
    if rules.purchase is WishingPurchase.ALL_FOR_ONE and w.well + w.symbol[seat] > rules.capacity:
        return ("A4.1", f"the well has no room for all {w.symbol[seat]} pennies (all_for_one)")
    if not w.deck:
        return ("A4.4", "the deck is empty and used cards are never reshuffled")
    return None


def _use_card(state: State, turn: Turn, face: str) -> State:
    """Move a played card from the hand to the discard pile and mark its apprentice (R4.8,
    R4.9)."""
    w = _well(state)
    seat = turn.actor
    hand = list(w.hands[seat])
    hand.remove(face)
    hands = (*w.hands[:seat], tuple(hand), *w.hands[seat + 1 :])
    played = (*w.played[:seat], (*w.played[seat], turn.location.value), *w.played[seat + 1 :])
    return with_well(
        state, evolve(w, hands=hands, used=tuple(sorted((*w.used, face))), played=played)
    )


@implements("R4.7", "R4.8")
def _check_card(
    state: State, kind: str, locations: tuple[Location, ...], *, needs_action: bool = False
) -> Turn | IllegalAction:
    """R4.7: a card is played by a player with an apprentice at its location, during his turn
    there; R4.8: each apprentice uses at most one card a round, so at a location a player uses
    at most as many cards as he has apprentices there. R4.15: never Leonardo."""
    off = _off(state)
    if off is not None:
        return off
    w = _well(state)
    turn = turns.active_turn(state, locations)
    if turn is None:
        where = " or ".join(sorted({LOCATION_OF[loc] for loc in locations}))
        return turns.refusal(
            state, "R4.7", f"the {_title(kind)} is played during a turn at the {where}"
        )
    if state.is_leonardo(turn.actor):
        return turns.refusal(state, "R4.15", "Leonardo never uses Wishing Cards")
    if needs_action and turn.left <= 0:
        return turns.refusal(state, "R4.7", f"no apprentice is left for the {_title(kind)}")
    if not any(card_kind(face) == kind for face in w.hands[turn.actor]):
        return turns.refusal(state, "R4.12", f"the player holds no {_title(kind)}")
    if not _card_slot_free(state, turn, w):
        return turns.refusal(
            state,
            "R4.8",
            f"each apprentice uses at most one card a round: {_cards_used(state, turn, w)} "
            f"already used at the {location_label(turn.location)}",
        )
    return turn


# --- phase 1: the Street Musician ----------------------------------------------------------------


@implements("R4.11")
def check_musician(state: State, action: UseStreetMusician) -> IllegalAction | None:
    """R4.11: the Street Musician is played right after the player's own get-up mood change,
    at most one per round, and needs no apprentice."""
    off = _off(state)
    if off is not None:
        return off
    if _well(state).musician < 0:
        return turns.refusal(
            state, "R4.11", "a Street Musician is played right after the player's own get-up"
        )
    return None


@implements("R4.11", "A4.9")
def do_musician(state: State, action: UseStreetMusician) -> State:
    """R4.11 (A4.9): mood one row up, clamped (R0.22); the apprentice count is read after it."""
    w = _well(state)
    actor = w.musician
    mood = turns.clamp_mood(state, state.mood[actor] + 1)
    hand = list(w.hands[actor])
    hand.remove(MUSICIAN)
    w = evolve(
        w,
        musician=-1,
        hands=(*w.hands[:actor], tuple(hand), *w.hands[actor + 1 :]),
        used=tuple(sorted((*w.used, MUSICIAN))),
        played=(*w.played[:actor], (*w.played[actor], PHASE_1), *w.played[actor + 1 :]),
    )
    return with_well(
        state,
        w,
        mood=_put(state.mood, actor, mood),
        apprentices=_put(state.apprentices, actor, state.tables.apprentices_by_row[mood]),
    )


def check_skip_musician(state: State, action: SkipStreetMusician) -> IllegalAction | None:
    """R4.11: keeping the Street Musician is the other choice at the same moment."""
    return check_musician(state, UseStreetMusician())


def do_skip_musician(state: State, action: SkipStreetMusician) -> State:
    return with_well(state, evolve(_well(state), musician=-1))


# --- planning: pennies on the market symbol -------------------------------------------------------


@implements("R4.3")
def check_pennies(state: State, action: PlacePennies) -> IllegalAction | None:
    """R4.3: right after his plan, 0-2 of the player's pennies go on the market symbol, only
    with at least one apprentice planned at the market (without one, the answer is 0)."""
    if well_of(state) is None:
        return _off(state)
    if not is_int(action.count):
        return turns.refusal(
            state,
            "R4.3",
            f"a penny count must be an integer, not {describe(action.count)}",
            malformed=True,
        )
    if state.phase is not Phase.PLAN:
        return turns.refusal(state, "R4.3", "pennies go on the market symbol while planning")
    rules = _rules(state)
    seat = turns.planner(state)
    if rules.plan_step(state, seat) is None:
        return turns.refusal(state, "R4.3", "pennies go on the market symbol right after the plan")
    if action.count < 0:
        return turns.refusal(state, "R4.3", "a penny count cannot be negative")
    if action.count > rules.max_on_symbol:
        return turns.refusal(
            state, "R4.3", f"at most {rules.max_on_symbol} pennies on the market symbol"
        )
    plan = state.plans[seat]
    if action.count and (plan is None or apprentices_at(state, plan, _MARKET) < 1):
        return turns.refusal(
            state, "R4.3", "pennies go on the market symbol only with a market apprentice"
        )
    held = _well(state).pennies[seat]
    if action.count > held:
        return turns.refusal(state, "R4.3", f"only {held} pennies are held")
    return None


def do_pennies(state: State, action: PlacePennies) -> State:
    w = _well(state)
    seat = turns.planner(state)
    w = evolve(
        w,
        pennies=_put(w.pennies, seat, w.pennies[seat] - action.count),
        symbol=_put(w.symbol, seat, action.count),
        placed=turns.replaced(w.placed, seat, True),
    )
    return with_well(state, w)


# --- market: buying cards -------------------------------------------------------------------------


@implements("R4.4", "R4.5", "R4.6", "A4.1", "A4.3", "A4.4")
def check_buy_card(state: State, action: BuyWishingCard) -> IllegalAction | None:
    """R4.4 (A4.1, A4.3): at the start of his market turn, before his market action (R4.5), a
    player throws pennies from his market symbol into the well while it has room (R4.6) and
    draws the top card; this needs a market apprentice but uses none. A4.4: not from an empty
    deck."""
    off = _off(state)
    if off is not None:
        return off
    turn = turns.active_turn(state, Location.MARKET)
    if turn is None:
        return turns.refusal(state, "R4.4", "cards are bought at the start of a market turn")
    if state.is_leonardo(turn.actor):
        return turns.refusal(state, "R4.15", "Leonardo never buys Wishing Cards")
    refused = _may_buy_card(_rules(state), state, turn, _well(state))
    return None if refused is None else turns.refusal(state, *refused)


def do_buy_card(state: State, action: BuyWishingCard) -> State:
    """A4.1: ``one_per_penny`` throws one penny for one card; ``all_for_one`` throws every
    penny on the symbol for one card. R4.6: once the well holds 2, every penny still on a
    market symbol goes back to its owner."""
    rules = _rules(state)
    w = _well(state)
    turn = state.turn
    assert turn is not None
    seat = turn.actor
    thrown = 1 if rules.purchase is WishingPurchase.ONE_PER_PENNY else w.symbol[seat]
    index, chance = draw(state.chance, "wishing_card", w.deck, rule="R4.4")
    card = w.deck[index]
    deck = (*w.deck[:index], *w.deck[index + 1 :])
    hands = (*w.hands[:seat], tuple(sorted((*w.hands[seat], card))), *w.hands[seat + 1 :])
    w = evolve(
        w,
        well=w.well + thrown,
        symbol=_put(w.symbol, seat, w.symbol[seat] - thrown),
        deck=deck,
        hands=hands,
    )
    if w.well >= rules.capacity:
        w = evolve(
            w,
            pennies=tuple(p + s for p, s in zip(w.pennies, w.symbol, strict=True)),
            symbol=(0,) * len(w.symbol),
        )
    return with_well(state, w, chance=chance)


# --- card effects --------------------------------------------------------------------------------


def check_lucky_fellow(state: State, action: UseLuckyFellow) -> IllegalAction | None:
    """R4.12 Lucky Fellow (market): 2 pennies from the supply."""
    found = _check_card(state, LUCKY_FELLOW, (Location.MARKET,))
    return found if isinstance(found, IllegalAction) else None


@implements("R4.12", "A4.4")
def do_lucky_fellow(state: State, action: UseLuckyFellow) -> State:
    """R4.12: take 2 pennies from the supply (A4.4: as many as remain)."""
    turn = state.turn
    assert turn is not None
    state = _use_card(state, turn, LUCKY_FELLOW)
    return _gain_pennies(state, turn.actor, LUCKY_FELLOW_PENNIES)


def _gain_pennies(state: State, seat: int, count: int) -> State:
    w = _well(state)
    got = min(count, w.supply)
    return with_well(
        state,
        evolve(w, supply=w.supply - got, pennies=_put(w.pennies, seat, w.pennies[seat] + got)),
    )


@implements("R4.12", "A4.8")
def check_free_paints(state: State, action: UseFreePaints) -> IllegalAction | None:
    """R4.12 Free Paints (A4.8): after buying at least one tile, the player takes the tile
    pictured on his card free if it lies, not bought, in the booth he chose; not when closing
    a booth, and the free tile needs no apprentice."""
    if type(action.tile) is not str:
        return turns.refusal(
            state,
            "R4.12",
            f"a pictured tile is a market tile id: {describe(action.tile)}",
            malformed=True,
        )
    found = _check_card(state, FREE_PAINTS, (Location.MARKET,))
    if isinstance(found, IllegalAction):
        return found
    turn = found
    if free_paints_face(action.tile) not in _well(state).hands[turn.actor]:
        return turns.refusal(state, "R4.12", f"no Free Paints card held pictures {action.tile}")
    if turn.booth < 0:
        return turns.refusal(
            state, "R4.12", "Free Paints need a tile bought first (never when closing a booth)"
        )
    if action.tile not in state.booths[turn.booth]:
        return turns.refusal(
            state,
            "R4.12",
            f"the pictured tile {action.tile} is not in booth {booth_name(turn.booth)}",
        )
    return None


def do_free_paints(state: State, action: UseFreePaints) -> State:
    """Take the pictured tile's paints free; the tile joins the bag like a bought one (R0.35).
    A4.8: leaf gold for its slot only under ``free_tile_gets_gold`` (module 5)."""
    turn = state.turn
    assert turn is not None
    seat, booth = turn.actor, turn.booth
    slot = state.booths[booth].index(action.tile)
    pieces = state.tables.market_pieces[action.tile]
    slots = (*state.booths[booth][:slot], None, *state.booths[booth][slot + 1 :])
    state = evolve(
        state,
        paints=(
            *state.paints[:seat],
            add_paints(state.paints[seat], pieces),
            *state.paints[seat + 1 :],
        ),
        supply_paints=add_paints(state.supply_paints, pieces, -1),
        booths=(*state.booths[:booth], slots, *state.booths[booth + 1 :]),
        bag=tuple(sorted((*state.bag, action.tile))),
    )
    state = _use_card(state, turn, free_paints_face(action.tile))
    return ext.after_tile_taken(state, seat, booth, slot, bought=False)


def _visit_ready(state: State, turn: Turn) -> IllegalAction | None:
    w = _well(state)
    if w.bound:
        return turns.refusal(
            state, "R4.8", f"the {_title(w.bound)} already waits for this apprentice's restoration"
        )
    if turn.left <= 0:
        return turns.refusal(state, "A4.6", "no cathedral apprentice is left for a restoration")
    if not _can_restore(state, turn.actor):
        return turns.refusal(state, "A4.6", "the player cannot restore any segment now")
    return None


@implements("R4.12", "A4.6")
def check_visit(state: State, action: UseBishopsVisit) -> IllegalAction | None:
    """R4.12 Bishop's Visit (A4.6): move the bishop free of charge to any segment, just before
    one of the player's segment restorations (``before_restoration``: the next action is that
    restoration), or at any moment of his cathedral turn (``visit_any_time``)."""
    if not turns.is_segment(action.to):
        return turns.refusal(
            state,
            "R4.12",
            f"{describe(action.to)} is not a segment of the 5x5 grid (a1-e5)",
            malformed=True,
        )
    found = _check_card(state, VISIT, (Location.CATHEDRAL, Location.CATHEDRAL_2))
    if isinstance(found, IllegalAction):
        return found
    if _rules(state).visit is BishopVisit.BEFORE_RESTORATION:
        problem = _visit_ready(state, found)
        if problem is not None:
            return problem
    elif _well(state).bound:
        return _visit_ready(state, found)
    if action.to == state.bishop:
        return turns.refusal(
            state, "R4.12", f"the bishop already stands on {segment_label(action.to)}"
        )
    return None


def do_visit(state: State, action: UseBishopsVisit) -> State:
    turn = state.turn
    assert turn is not None
    state = _use_card(state, turn, VISIT)
    w = _well(state)
    if _rules(state).visit is BishopVisit.BEFORE_RESTORATION:
        w = evolve(w, bound=VISIT)
    segment: Segment = action.to
    return with_well(state, w, bishop=segment)


@implements("R4.12", "A4.5")
def check_praise(state: State, action: UseBishopsPraise) -> IllegalAction | None:
    """R4.12 Bishop's Praise (A4.5): played just before one of the player's segment
    restorations, whose bishop bonus then rises by 1."""
    found = _check_card(state, PRAISE, (Location.CATHEDRAL, Location.CATHEDRAL_2))
    if isinstance(found, IllegalAction):
        return found
    return _visit_ready(state, found)


def do_praise(state: State, action: UseBishopsPraise) -> State:
    turn = state.turn
    assert turn is not None
    state = _use_card(state, turn, PRAISE)
    return with_well(state, evolve(_well(state), bound=PRAISE))


def check_tip(state: State, action: UseTip) -> IllegalAction | None:
    """R4.12 Tip (studio): 1 Thaler and 1 penny on top of the apprentice's 3 Thalers."""
    found = _check_card(state, TIP, (Location.STUDIO,))
    return found if isinstance(found, IllegalAction) else None


@implements("R4.12")
def do_tip(state: State, action: UseTip) -> State:
    """R4.12: +1 Thaler from the supply and +1 penny (A4.4: if one remains)."""
    turn = state.turn
    assert turn is not None
    seat = turn.actor
    state = _use_card(state, turn, TIP)
    state = evolve(
        state,
        money=_put(state.money, seat, state.money[seat] + TIP_THALERS),
        supply_money=state.supply_money - TIP_THALERS,
    )
    return _gain_pennies(state, seat, TIP_PENNIES)


@implements("R4.12", "A4.7")
def check_alchemy(state: State, action: UseAlchemy) -> IllegalAction | None:
    """R4.12 Alchemy (A4.7): one extra blend on top of the apprentice's two, handing in three
    primaries (``any_three_primaries``, or exactly one of each with ``one_of_each``) for one
    orange, green or purple of the player's choice."""
    paints = action.paints
    if (
        type(paints) is not tuple
        or len(paints) != 3
        or not all(type(p) is Paint for p in paints)
        or type(action.result) is not Paint
        or paints != canonical_paints(paints)
    ):
        return turns.refusal(
            state,
            "R4.12",
            f"Alchemy takes three paints and one result: {describe(action)}",
            malformed=True,
        )
    found = _check_card(state, ALCHEMY, (Location.WORKSHOP,))
    if isinstance(found, IllegalAction):
        return found
    if not all(p in PRIMARIES for p in paints):
        return turns.refusal(
            state, "A4.7", "Alchemy takes three primary pieces (red, yellow, blue)"
        )
    if _rules(state).alchemy is AlchemyInputs.ONE_OF_EACH and len(set(paints)) != 3:
        return turns.refusal(
            state, "A4.7", "Alchemy takes exactly one red, one yellow and one blue (one_of_each)"
        )
    if action.result not in SECONDARIES:
        return turns.refusal(state, "R4.12", "Alchemy gives one orange, green or purple")
    if not turns.covers(state.paints[found.actor], paint_counts(paints)):
        return turns.refusal(state, "R0.31", "the player does not hold those three primaries")
    return None


def do_alchemy(state: State, action: UseAlchemy) -> State:
    turn = state.turn
    assert turn is not None
    seat = turn.actor
    state = _use_card(state, turn, ALCHEMY)
    used = paint_counts(tuple(action.paints))
    made = paint_counts((action.result,))
    paints = add_paints(add_paints(state.paints[seat], used, -1), made)
    return evolve(
        state,
        paints=(*state.paints[:seat], paints, *state.paints[seat + 1 :]),
        supply_paints=add_paints(add_paints(state.supply_paints, used), made, -1),
    )


def check_reward(state: State, action: UseReward) -> IllegalAction | None:
    """R4.12 Reward (theatre): 3 Thalers on top of the mood move."""
    found = _check_card(state, REWARD, (Location.THEATRE,))
    return found if isinstance(found, IllegalAction) else None


@implements("R4.12")
def do_reward(state: State, action: UseReward) -> State:
    """R4.12: +3 Thalers from the supply."""
    turn = state.turn
    assert turn is not None
    seat = turn.actor
    state = _use_card(state, turn, REWARD)
    return evolve(
        state,
        money=_put(state.money, seat, state.money[seat] + REWARD_THALERS),
        supply_money=state.supply_money - REWARD_THALERS,
    )


# --- text for people -----------------------------------------------------------------------------


def describe_action(state: State, action: object) -> str | None:
    """The sentence (after the actor's name) for an action of module 4."""
    if isinstance(action, UseStreetMusician):
        return "plays a Street Musician (mood +1)"
    if isinstance(action, SkipStreetMusician):
        return "keeps the Street Musician"
    if isinstance(action, PlacePennies):
        pennies = "penny" if action.count == 1 else "pennies"
        return f"puts {action.count} lucky {pennies} on the market symbol"
    if isinstance(action, BuyWishingCard):
        thrown = 1
        all_for_one = state.config.wishing_purchase is WishingPurchase.ALL_FOR_ONE
        well: WellState | None = state.modules[WELL_SLOT]
        if well is not None and state.turn is not None and all_for_one:
            thrown = well.symbol[state.turn.actor]
        pennies = "a lucky penny" if thrown == 1 else f"{thrown} lucky pennies"
        return f"throws {pennies} into the well and draws a Wishing Card"
    if isinstance(action, UseLuckyFellow):
        return "plays a Lucky Fellow (+2 pennies)"
    if isinstance(action, UseFreePaints):
        label = state.tables.market_labels.get(action.tile, action.tile)
        return f"plays Free Paints and takes {label} ({action.tile}) free"
    if isinstance(action, UseBishopsVisit):
        return f"plays Bishop's Visit: the bishop moves to {segment_label(action.to)}"
    if isinstance(action, UseBishopsPraise):
        return "plays Bishop's Praise (bishop bonus +1 on the next restoration)"
    if isinstance(action, UseTip):
        return "plays a Tip (+1 Thaler, +1 penny)"
    if isinstance(action, UseAlchemy):
        given = ", ".join(p.value for p in action.paints)
        return f"plays Alchemy: {given} -> {action.result.value}"
    if isinstance(action, UseReward):
        return "plays a Reward (+3 Thalers)"
    return None


def events(before: State, after: State) -> list[str]:
    """What module 4 did between two states: the well, cards drawn, pennies taken back."""
    lines = []
    w0, w1 = well_of(before), well_of(after)
    if w0 is not None and w1 is not None:
        if w1.well != w0.well:
            lines.append(f"  the well holds {w1.well} lucky penn{'y' if w1.well == 1 else 'ies'}")
        for seat in range(after.tables.players):
            new = len(w1.hands[seat]) - len(w0.hands[seat])
            if new > 0:
                lines.append(f"  seat {seat} draws a Wishing Card")
            back = w1.pennies[seat] - w0.pennies[seat]
            if back > 0 and w0.symbol[seat] > w1.symbol[seat] and w1.well == w0.well:
                lines.append(f"  seat {seat} takes back {back} penn{'y' if back == 1 else 'ies'}")
    return lines


def sample_hidden(state: State, seat: int, rng: random.Random) -> WellState:
    """What ``seat`` cannot see of this module's state drawn again from ``rng`` (R0.68, for the
    search player: ``players.sample_hidden``). A4.10: other seats' Wishing Cards are dealt again
    from those and the deck, each hand keeping its size, and their pennies (behind the screens,
    and on the market symbol while planning), whose sum is public, spread over them again."""
    well = _well(state)
    others = other_seats(len(well.hands), seat)
    pool = sorted([*well.deck, *(card for s in others for card in well.hands[s])])
    rng.shuffle(pool)
    hands, at = {}, 0
    for s in others:
        size = len(well.hands[s])
        hands[s] = tuple(sorted(pool[at : at + size]))
        at += size
    deck = tuple(sorted(pool[at:]))  # a face-down pile, kept sorted (drawn by chance)
    planning = state.phase is Phase.PLAN
    hidden = [well.pennies[s] + (well.symbol[s] if planning else 0) for s in others]
    drawn = dict(zip(others, spread(sum(hidden), len(others), rng), strict=True))
    symbol = redrawn(well.symbol, dict.fromkeys(others, 0)) if planning else well.symbol
    return evolve(
        well,
        deck=deck,
        hands=redrawn(well.hands, hands),
        pennies=redrawn(well.pennies, drawn),
        symbol=symbol,
    )


def position_laws(laws: Laws, state: State, well: WellState) -> None:
    """R4.6: the well holds at most 2 pennies; R4.11: one Street Musician a round."""
    laws.within("$.well.well", well.well, 0, 2, "R4.6", "pennies in the well")
    laws.each_within("$.well.pennies", well.pennies, 0, 1_000, "R4.6", "a seat's pennies")
    for seat, played in enumerate(well.played):
        laws.check(
            played.count("phase1") <= 1,
            f"$.well.played[{seat}]",
            "R4.11",
            "one Street Musician a round",
        )


def _adapter_actions(tables: Tables, rules: WishingWell) -> list[object]:
    found: list[object] = [UseStreetMusician(), SkipStreetMusician()]
    found.extend(PlacePennies(n) for n in range(3))
    found += [BuyWishingCard(), UseLuckyFellow()]
    tiles = sorted({*tables.market_in_play, *tables.market_removed})
    found.extend(UseFreePaints(tile) for tile in tiles)
    found.extend(UseBishopsVisit(to) for to in SEGMENTS)
    found += [UseBishopsPraise(), UseTip()]
    primaries = tuple(p for p in BASE_PAINTS if p in PRIMARIES)
    for paints in combinations_with_replacement(primaries, 3):
        found.extend(UseAlchemy(paints, result) for result in BASE_PAINTS)
    found.append(UseReward())
    return found


def _adapter_chance(tables: Tables, rules: WishingWell) -> list[Outcome]:
    return [("wishing_card", card) for card in sorted(set(rules.deck))]


def _adapter_layout(tables: Tables, rules: WishingWell) -> list[tuple[str, int]]:
    return [("well", 6)]


def _adapter_tensor(
    state: State, seat: int, view: Mapping[str, object], rules: WishingWell
) -> list[float]:
    """The well, the supply, the deck, the seat's own pennies, symbol pennies and cards."""
    cards = seq(view["cards"])[seat]
    return [
        float(num(view["well"])),
        float(num(view["penny_supply"])),
        float(num(view["deck"])),
        float(num(seq(view["pennies"])[seat])),
        float(num(seq(view["symbol"])[seat])),
        float(len(seq(cards))),
    ]


ADAPTER = AdapterPart(
    actions=_adapter_actions,
    chance=_adapter_chance,
    layout=_adapter_layout,
    tensor=_adapter_tensor,
)
"""Module 4 in the adapters' action space, chance outcomes and tensors."""


PLUGIN = Plugin(
    module=Module.WISHING_WELL,
    title="Wishing Well",
    rules=WishingWell,
    state_name="well",
    state_type=WellState,
    sample_hidden=sample_hidden,
    position_lists=("pennies", "symbol", "placed", "hands", "played"),
    position_laws=position_laws,
    notation=NOTATION,
    adapter=ADAPTER,
    state_after="altar_used",
    actions={
        UseStreetMusician: (check_musician, do_musician),
        SkipStreetMusician: (check_skip_musician, do_skip_musician),
        PlacePennies: (check_pennies, do_pennies),
        BuyWishingCard: (check_buy_card, do_buy_card),
        UseLuckyFellow: (check_lucky_fellow, do_lucky_fellow),
        UseFreePaints: (check_free_paints, do_free_paints),
        UseBishopsVisit: (check_visit, do_visit),
        UseBishopsPraise: (check_praise, do_praise),
        UseTip: (check_tip, do_tip),
        UseAlchemy: (check_alchemy, do_alchemy),
        UseReward: (check_reward, do_reward),
    },
    describe=describe_action,
    events=events,
    picture=picture,
    catalogue=module_section(Module.WISHING_WELL, "fresco-modules-456.md"),
    data_sections=(WELL_DATA,),
)
"""Module 4 as a plug-in (installed by ``fresco/plugins.py``)."""

__all__ = [
    "PLUGIN",
    "WishingWell",
    "card_kind",
    "free_paints_face",
]
