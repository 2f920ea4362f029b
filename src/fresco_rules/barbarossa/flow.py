"""Set-up, the automatic steps of a turn, event tiles and curse windows (B1-B8, B17, B18,
A-B.11, A-B.12, A-B.18, A-B.20).

``advance`` runs every automatic step after an action until somebody has a decision to make.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..kernel.chance import Outcome, checked_seed, draw, start_chance
from ..kernel.evolve import evolve
from ..kernel.registry import implements
from .config import CurseInOwnSolution, FirstPlayer, GameConfig, derive_tables
from .scoring import dragon
from .state import Event, State, Step
from .state import replace_at as _replace
from .vocab import EventKind


@implements("B1", "B2", "B3", "B4", "B17", "A-B.12", "A-B.18")
def new_game(
    config: GameConfig | None = None,
    seed: int = 0,
    *,
    chance: Sequence[Outcome] = (),
    chance_only: bool = False,
) -> State:
    """Set up a game from the config and a seed.

    The seed is an ``int`` from 0 to 2**64 - 1 (anything else: ``InvalidSeed``); left out it
    is 0, so ``new_game()`` is the same game every time (the library never picks a seed by
    itself; ``fresco-rules play`` picks one at random and prints it).

    B1/B2: each seat's secret words are stored (2 or 3 objects each). B3: every pawn on the "?"
    tile, every disc on Start, 12 jewels and 3 curse tokens each, the 13 arrows in the supply.
    B17 (A-B.12): a curse window is open before the first move.
    B4 (A-B.18): the first player is ``config.first_player``, or with
    ``first_player_choice = random`` drawn from the seeded chance source. ``chance`` replays
    recorded outcomes (``(kind, outcome)`` pairs, as in ``state.chance.log``); with
    ``chance_only`` (replaying a record) a roll beyond them is refused instead of generated.
    """
    if config is None:
        config = GameConfig()
    seed = checked_seed(seed)
    tables = derive_tables(config)
    source = start_chance(seed, chance, scripted_only=chance_only)
    players = tables.players
    first = config.first_player
    if config.first_player_choice is FirstPlayer.RANDOM:
        index, source = draw(
            source, "first_player", [str(seat) for seat in range(players)], rule="A-B.18"
        )
        first = index
    state = State(
        config=config,
        tables=tables,
        chance=source,
        active=first,
        turn=1,
        step=Step.MOVE,
        die=0,
        pawns=(tables.start_tile,) * players,
        discs=(tables.track.start,) * players,
        overshoot=(0,) * players,
        jewels=(tables.jewel_start,) * players,
        curses=(tables.curses_per_player,) * players,
        discarded=0,
        arrows=((),) * len(tables.owners),
        request=None,
        window=None,
        callers=(),
        notes=(),
        winners=(),
    )
    return open_window(state, Event.START)


def roll_die(state: State, kind: str = "die", rule: str = "B5") -> tuple[int, State]:
    """One roll of the die from the state's chance source (logged for records)."""
    faces = tuple(str(face) for face in range(1, state.tables.die_sides + 1))
    index, chance = draw(state.chance, kind, faces, rule=rule)
    return index + 1, evolve(state, chance=chance)


# --- curse windows (B17, B18, A-B.11, A-B.12, A-B.20) ----------------------------------------


@implements("B17", "A-B.11", "A-B.20")
def may_call_curse(state: State, seat: int) -> bool:
    """B17: a player with a curse token may call at a window, except during an opponent's
    solution phase; A-B.11 in his own solution phase only under ``curse_in_own_solution =
    allowed``. A-B.20: only when an effect is possible (a letter of an opponent's object is
    always possible, so this holds for every player with opponents)."""
    if state.curses[seat] < 1:
        return False
    if state.step is Step.SOLUTION:
        if seat != state.active:
            return False
        if state.config.curse_in_own_solution is CurseInOwnSolution.FORBIDDEN:
            return False
    return any(owner != seat for owner in state.tables.owners)


def eligible_callers(state: State) -> tuple[int, ...]:
    return tuple(seat for seat in range(state.tables.players) if may_call_curse(state, seat))


@implements("A-B.12")
def open_window(state: State, event: Event) -> State:
    """A-B.12: after every atomic event (a roll, a move, a tile effect, an answer, a verdict, a
    curse's effect) a curse window opens, unless the game is over or nobody may call."""
    if state.step is Step.OVER or not eligible_callers(state):
        return state
    return evolve(state, window=event)


@implements("B18", "A-B.12", "E-B.13")
def order_callers(callers: tuple[int, ...], dice: Iterator[int]) -> tuple[int, ...]:
    """B18 (A-B.12): simultaneous callers each roll the die and act from the highest roll
    down; tied callers re-roll among themselves, and so on until every tie is broken (E-B.13:
    4 and 4, then 2 and 5: the 5 acts first). ``dice`` gives the rolls in order, callers in
    seat order within each round of rolling."""
    if len(callers) < 2:
        return tuple(callers)
    rolls = {seat: next(dice) for seat in sorted(callers)}
    order: list[int] = []
    for value in sorted(set(rolls.values()), reverse=True):
        tied = tuple(seat for seat in sorted(callers) if rolls[seat] == value)
        order.extend(order_callers(tied, dice))
    return tuple(order)


class _Dice:
    """The state's chance source as an iterator of die rolls (for ``order_callers``)."""

    def __init__(self, state: State) -> None:
        self.state = state

    def __iter__(self) -> Iterator[int]:
        return self

    def __next__(self) -> int:
        value, self.state = roll_die(self.state, "curse_roll", "B18")
        return value


@implements("B17", "B18")
def call_curses(state: State, callers: tuple[int, ...]) -> State:
    """B17: normal play stops and every caller discards one curse token. B18: several callers
    act in die-roll order (``order_callers``)."""
    curses = state.curses
    for seat in callers:
        curses = _replace(curses, seat, curses[seat] - 1)
    state = evolve(state, window=None, curses=curses, discarded=state.discarded + len(callers))
    dice = _Dice(state)
    order = order_callers(callers, dice)
    return evolve(dice.state, callers=order)


@implements("B17", "A-B.12")
def curse_done(state: State) -> State:
    """B17: after a curse's effect the next caller acts; after the last one play resumes where
    it stopped, once the window after this curse effect (A-B.12) has closed."""
    state = evolve(state, callers=state.callers[1:], request=None)
    if state.step is Step.OVER or state.callers:
        return state
    return open_window(state, Event.CURSE)


# --- movement and event tiles (B5-B8, B22) ---------------------------------------------------


@implements("B5", "B6")
def move_pawn(state: State, steps: int) -> State:
    """B5: the pawn moves ``steps`` tiles clockwise, wrapping around the ring; B6: only the
    tile it lands on takes effect, and pawns may share a tile."""
    ring = len(state.tables.ring)
    tile = (state.pawns[state.active] + steps) % ring
    state = evolve(state, pawns=_replace(state.pawns, state.active, tile), step=Step.MOVED)
    return open_window(state, Event.MOVE)


@implements("B8", "B22", "E-B.4")
def gain_jewel(state: State) -> State:
    """B8: the Jewel tile gives 1 jewel; B22 at the cap of 13 nothing happens (E-B.4)."""
    seat = state.active
    jewels = min(state.tables.jewel_max, state.jewels[seat] + 1)
    return evolve(state, jewels=_replace(state.jewels, seat, jewels))


@implements("B6", "B7", "B8", "B9", "B10")
def tile_effect(state: State) -> State:
    """B6: the tile the pawn landed on takes effect: B7 the Dragon, B8 the Jewel, B9 the
    Letter Dwarf (the player's choice, next) and B10 the "?" (its question phase, next)."""
    kind = state.tables.ring[state.pawns[state.active]]
    if kind is EventKind.LETTER_DWARF:
        return evolve(state, step=Step.LETTER)
    if kind is EventKind.QUESTION:
        return evolve(state, step=Step.QUESTION)
    state = dragon(state) if kind is EventKind.DRAGON else gain_jewel(state)
    if state.step is Step.OVER:
        return state
    return end_effect(state)


def end_effect(state: State) -> State:
    """The tile's effect is over: the turn passes on after the window that follows it."""
    return open_window(evolve(state, step=Step.TURN_OVER), Event.TILE)


@implements("B4")
def pass_turn(state: State) -> State:
    """B4: play passes to the left (clockwise): the next seat."""
    return evolve(
        state,
        active=(state.active + 1) % state.tables.players,
        turn=state.turn + 1,
        step=Step.MOVE,
        die=0,
        asked=False,
    )


def advance(state: State) -> State:
    """Run the automatic steps until a decision is due: the pawn's move after a roll, the
    tile's effect after the move, the turn passing on. Curse windows, judgements and curse
    callers are decisions and stop it."""
    while not (
        state.step is Step.OVER
        or state.window is not None
        or state.request is not None
        or state.callers
    ):
        step = state.step
        if step is Step.ROLLED:
            state = move_pawn(state, state.die)
        elif step is Step.MOVED:
            state = tile_effect(state)
        elif step is Step.TURN_OVER:
            state = pass_turn(state)
        else:
            break
    return state
