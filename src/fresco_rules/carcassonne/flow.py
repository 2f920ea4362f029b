"""Set-up, tile draws and the end of a turn (C0.1-C0.3, C5, C15, CA1, CA2, F1).

Tile draws are chance events of kind ``"tile"`` whose outcome is the tile type (``"V"``,
``"FE3"``); ``new_game(config, chance=[("tile", "V"), ...])`` replays a given draw order.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..kernel.chance import Chance, Outcome, checked_seed, draw, start_chance
from ..kernel.registry import implements
from .config import FirstPlayer, GameConfig, derive_tables
from .geometry import key_of
from .placement import fits_somewhere, place
from .scoring import final_scoring, score_completed
from .state import Follower, Phase, Scoring, State


@implements("C0.1", "C0.2", "CA1", "F1")
def new_game(
    config: GameConfig | None = None,
    seed: int = 0,
    chance: Sequence[Outcome] | None = None,
    *,
    chance_only: bool = False,
) -> State:
    """Set up a game from the config and a seed.

    The seed is an ``int`` from 0 to 2**64 - 1 (anything else: ``InvalidSeed``); left out it
    is 0, so ``new_game()`` is the same game every time (the library never picks a seed by
    itself; ``fresco-rules play`` picks one at random and prints it).

    C0.1: 7 followers each in supply; the start tile (a D, rotation 0) at (0, 0); the other
    tiles face down (F1: the Festival tiles shuffled in with ``festival``). C0.2/CA1: the first
    player is ``config.first_player``, or with ``first_player_choice = random`` drawn from the
    seeded source. Then the first player draws his tile. ``chance`` replays recorded outcomes
    (``[("tile", "V"), ...]``); with ``chance_only`` (replaying a record) a draw beyond them is
    refused instead of generated.
    """
    if config is None:
        config = GameConfig()
    seed = checked_seed(seed)
    tables = derive_tables(config)
    source = start_chance(seed, chance or (), scripted_only=chance_only)
    players = tables.players
    first = config.first_player
    if config.first_player_choice is FirstPlayer.RANDOM:
        first, source = draw(
            source, "first_player", [str(seat) for seat in range(players)], rule="CA1"
        )
    origin = key_of(0, 0)
    empty = State(
        config=config,
        tables=tables,
        chance=source,
        phase=Phase.PLACE,
        active=first,
        turn=0,
        tile=tables.start,
        stack=tables.stack,
        discarded=(),
        placed=(),
        board_keys=(),
        board_index=(),
        open_keys=(origin,),
        open_patterns=(0,),
        segment_feature=(),
        features=(),
        monasteries=(),
        followers=(),
        supply=(tables.followers,) * players,
        points=(0,) * players,
        scored=(),
    )
    started = place(empty, origin, 0, 0, 0)
    return begin_turn(started, first)


@implements("C0.3", "C5", "C15", "CA2")
def begin_turn(state: State, seat: int) -> State:
    """C0.3 phase 1 for ``seat``: draw a tile. C5 (CA2): a tile that fits nowhere is discarded
    face up and the same player draws again. C15: with no tile left the game ends and final
    scoring runs."""
    stack, discarded, chance = state.stack, state.discarded, state.chance
    while stack:
        index, chance = draw(chance, "tile", stack, rule="C0.1")
        tile = stack[index]
        stack = stack[:index] + stack[index + 1 :]
        if fits_somewhere(state, tile):
            return _with(state, chance, Phase.PLACE, seat, state.turn + 1, tile, stack, discarded)
        discarded = (*discarded, tile)
    over = _with(state, chance, Phase.OVER, seat, state.turn, "", stack, discarded)
    points, scored = final_scoring(over)
    return _scored(over, over.followers, over.supply, points, scored)


def _with(
    state: State,
    chance: Chance,
    phase: Phase,
    seat: int,
    turn: int,
    tile: str,
    stack: tuple[str, ...],
    discarded: tuple[str, ...],
) -> State:
    return State(
        config=state.config,
        tables=state.tables,
        chance=chance,
        phase=phase,
        active=seat,
        turn=turn,
        tile=tile,
        stack=stack,
        discarded=discarded,
        placed=state.placed,
        board_keys=state.board_keys,
        board_index=state.board_index,
        open_keys=state.open_keys,
        open_patterns=state.open_patterns,
        segment_feature=state.segment_feature,
        features=state.features,
        monasteries=state.monasteries,
        followers=state.followers,
        supply=state.supply,
        points=state.points,
        scored=state.scored,
    )


def _scored(
    state: State,
    followers: tuple[Follower, ...],
    supply: tuple[int, ...],
    points: tuple[int, ...],
    scored: tuple[Scoring, ...],
) -> State:
    return State(
        config=state.config,
        tables=state.tables,
        chance=state.chance,
        phase=state.phase,
        active=state.active,
        turn=state.turn,
        tile=state.tile,
        stack=state.stack,
        discarded=state.discarded,
        placed=state.placed,
        board_keys=state.board_keys,
        board_index=state.board_index,
        open_keys=state.open_keys,
        open_patterns=state.open_patterns,
        segment_feature=state.segment_feature,
        features=state.features,
        monasteries=state.monasteries,
        followers=followers,
        supply=supply,
        points=points,
        scored=scored,
    )


@implements("C0.2", "C0.3", "C14")
def end_turn(state: State, followers: tuple[Follower, ...], supply: tuple[int, ...]) -> State:
    """After the follower phase (with its new ``followers`` and ``supply``): C0.3 phase 3 scores
    what the tile completed (C14), then C0.2 the next seat clockwise draws."""
    followers, supply, points, scored = score_completed(state, followers, supply)
    after = _scored(state, followers, supply, points, scored)
    return begin_turn(after, (state.active + 1) % state.tables.players)
