"""Seeded Carcassonne playouts with every law checked at every state (OpenSpiel-style), the end
of every game, and the engine's points against a slow independent scorer that flood-fills the
board from scratch after every turn."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from fresco_rules.carcassonne import (
    GAME,
    Deploy,
    GameConfig,
    Pass,
    Phase,
    PlaceTile,
    ReturnFigure,
    State,
    TileType,
    legal_actions,
)
from fresco_rules.kernel.machine import simulate_and_check
from fresco_rules.kernel.play import random_playout

from .carcassonne_strategies import carcassonne_laws, total_tiles


def near_misses(state: State, step: int) -> list[Any]:
    """A few unlisted actions close to the listed ones, tried at every state."""
    candidates: list[Any] = [
        PlaceTile(step % 5 - 2, step % 3 - 1, step % 4),
        PlaceTile(0, 0, 0),
        Deploy("festival"),
        Deploy("road:E,W"),
        ReturnFigure(0, 0, "road:E,W"),
        Pass(),
        "not an action",
    ]
    listed = set(legal_actions(state))
    return [action for action in candidates if action not in listed]


@pytest.mark.rule("C15", "C0.1", "C5", "F1", "FA3")
@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {"festival": False}), (4, {"farmers": False, "tiny_city": 2}), (5, {})],
)
def test_C15_playout_obeys_every_law(players: int, options: dict[str, Any]) -> None:
    config = GameConfig(players=players, **options)
    final, history = simulate_and_check(
        GAME, config, players, invariants=[carcassonne_laws], junk=near_misses
    )
    assert final.phase is Phase.OVER and not final.stack
    assert len(final.placed) + len(final.discarded) == total_tiles(final)
    assert sum(isinstance(a, PlaceTile) for a in history) == len(final.placed) - 1


@pytest.mark.rule("C15", "FA6")
def test_C15_every_seeded_game_ends_after_the_last_tile() -> None:
    returned = 0
    for seed in range(8):
        config = GameConfig(players=2 + seed % 4)
        playout = random_playout(GAME, config, seed)
        final = playout.final
        assert final.phase is Phase.OVER and not final.stack and final.tile == ""
        assert len(final.placed) + len(final.discarded) == 82
        last_place = max(i for i, (_, a) in enumerate(playout.steps) if isinstance(a, PlaceTile))
        assert last_place == len(playout.steps) - 2  # then the last follower phase, then over
        returned += sum(isinstance(a, ReturnFigure) for _, a in playout.steps)
    assert returned > 0  # FA6: random (automated) players do choose RETURN


# --- the independent scorer -----------------------------------------------------------------

DIRS = "NESW"
HALVES = ("NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR")
STEP = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}


class Piece:
    """One feature of a placed tile, rotated by this test's own code."""

    def __init__(
        self, kind: str, edges: set[int], halves: set[int], pennants: int, cities: list[int]
    ) -> None:
        self.kind, self.edges, self.halves = kind, edges, halves
        self.pennants, self.cities = pennants, cities

    @property
    def name(self) -> str:
        if self.kind == "monastery":
            return "monastery"
        if self.kind == "field":
            body = ",".join(HALVES[h] for h in sorted(self.halves)) or "inner"
            return f"field:{body}"
        return f"{self.kind}:" + ",".join(DIRS[d] for d in sorted(self.edges))


def rotated(tile: TileType, rotation: int) -> list[Piece]:
    pieces: list[Piece] = []
    city_at: dict[str, int] = {}
    for city in tile.cities:
        city_at[city.name] = len(pieces)
        edges = {(DIRS.index(e) + rotation) % 4 for e in city.edges}
        pieces.append(Piece("city", edges, set(), city.pennants, []))
    for road in tile.roads:
        pieces.append(
            Piece("road", {(DIRS.index(e) + rotation) % 4 for e in road.edges}, set(), 0, [])
        )
    if tile.monastery:
        pieces.append(Piece("monastery", set(), set(), 0, []))
    for field in tile.fields:
        halves = {(HALVES.index(h) + 2 * rotation) % 8 for h in field.halves}
        pieces.append(Piece("field", set(), halves, 0, [city_at[c] for c in field.cities]))
    return pieces


Node = tuple[int, int, int]


class Scorer:
    """Scores a game from the board alone, by flood fill, without the engine's features."""

    def __init__(self, config: GameConfig) -> None:
        self.config = config
        self.board: dict[tuple[int, int], list[Piece]] = {}
        self.followers: list[tuple[int, int, int, str]] = []
        self.points = [0] * config.players
        self.scored_monasteries: set[tuple[int, int]] = set()
        self.completed: list[tuple[str, int, int]] = []
        """(kind, tiles, value) of every completed feature, occupied or not."""
        self.tiles = {t.id: t for t in (*config.components.base, *config.components.festival)}

    def put(self, tile: str, x: int, y: int, rotation: int) -> None:
        self.board[(x, y)] = rotated(self.tiles[tile], rotation)

    def flood(self, start: Node) -> tuple[set[Node], bool]:
        """The nodes of the feature holding ``start`` and whether it has no open end."""
        seen, todo, closed = {start}, [start], True
        while todo:
            x, y, i = todo.pop()
            piece = self.board[(x, y)][i]
            links: list[tuple[int, int, int, bool]] = []  # (nx, ny, wanted, is_half)
            for d in piece.edges:
                dx, dy = STEP[d]
                links.append((x + dx, y + dy, (d + 2) % 4, False))
            for h in piece.halves:
                d, side = divmod(h, 2)
                dx, dy = STEP[d]
                links.append((x + dx, y + dy, 2 * ((d + 2) % 4) + 1 - side, True))
            for nx, ny, wanted, is_half in links:
                other = self.board.get((nx, ny))
                if other is None:
                    closed = False
                    continue
                j = next(
                    k for k, p in enumerate(other) if wanted in (p.halves if is_half else p.edges)
                )
                if (nx, ny, j) not in seen:
                    seen.add((nx, ny, j))
                    todo.append((nx, ny, j))
        return seen, closed

    def around(self, x: int, y: int) -> int:
        return sum(
            (x + dx, y + dy) in self.board for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy
        )

    def node_of(self, x: int, y: int, name: str) -> Node:
        return (x, y, next(i for i, p in enumerate(self.board[(x, y)]) if p.name == name))

    def majority(self, nodes: set[Node]) -> tuple[list[int], list[tuple[int, int, int, str]]]:
        on = [f for f in self.followers if self.node_of(f[1], f[2], f[3]) in nodes]
        counts = Counter(f[0] for f in on)
        best = max(counts.values(), default=0)
        return [s for s, c in counts.items() if c == best], on

    def city_points(self, nodes: set[Node], closed: bool) -> int:
        tiles = len({(x, y) for x, y, _ in nodes})
        pennants = sum(self.board[(x, y)][i].pennants for x, y, i in nodes)
        if not closed:
            return tiles + pennants
        if tiles == 2 and self.config.tiny_city == 2:
            return tiles + pennants
        return 2 * (tiles + pennants)

    def end_turn(self, x: int, y: int) -> None:
        """Phase 3 after the tile at (x, y): roads, cities and monasteries it completed."""
        done: list[set[Node]] = []
        for i, piece in enumerate(self.board[(x, y)]):
            if piece.kind in ("road", "city"):
                nodes, closed = self.flood((x, y, i))
                if closed and nodes not in done:
                    done.append(nodes)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                at = (x + dx, y + dy)
                pieces = self.board.get(at, [])
                for i, piece in enumerate(pieces):
                    full = piece.kind == "monastery" and self.around(*at) == 8
                    if full and at not in self.scored_monasteries:
                        self.scored_monasteries.add(at)
                        done.append({(at[0], at[1], i)})
        for nodes in done:
            x0, y0, i0 = next(iter(nodes))
            piece = self.board[(x0, y0)][i0]
            seats, on = self.majority(nodes)
            if piece.kind == "road":
                value = len({(a, b) for a, b, _ in nodes})
            elif piece.kind == "city":
                value = self.city_points(nodes, True)
            else:
                value = 9
            for seat in seats:
                self.points[seat] += value
            self.followers = [f for f in self.followers if f not in on]
            self.completed.append((piece.kind, len({(a, b) for a, b, _ in nodes}), value))

    def final(self) -> None:
        groups: list[set[Node]] = []
        for _, fx, fy, name in self.followers:
            nodes, _ = self.flood(self.node_of(fx, fy, name))
            if nodes not in groups:
                groups.append(nodes)
        for nodes in groups:
            x0, y0, i0 = next(iter(nodes))
            piece = self.board[(x0, y0)][i0]
            seats, _ = self.majority(nodes)
            if piece.kind == "road":
                value = len({(a, b) for a, b, _ in nodes})
            elif piece.kind == "city":
                value = self.city_points(nodes, False)
            elif piece.kind == "monastery":
                value = 1 + self.around(x0, y0)
            else:
                if not self.config.farmers:
                    continue
                cities: list[set[Node]] = []
                for x, y, i in nodes:
                    for c in self.board[(x, y)][i].cities:
                        city, closed = self.flood((x, y, c))
                        if closed and city not in cities:
                            cities.append(city)
                value = 3 * len(cities)
            for seat in seats:
                self.points[seat] += value


@pytest.mark.rule("C10", "C11", "C12", "C16", "C17", "C18", "C19", "CA3", "CA7", "F5", "F8", "V1")
@pytest.mark.parametrize("seed", range(20))
def test_engine_points_equal_a_flood_fill_scorer(seed: int) -> None:
    config = GameConfig(
        players=2 + seed % 4,
        tiny_city=2 if seed % 5 == 4 else 4,
        farmers=seed % 6 != 5,
        festival=seed % 7 != 6,
    )
    scorer = Scorer(config)
    last: list[tuple[int, int]] = []

    def check(before: State, action: Any, after: State) -> None:
        if isinstance(action, PlaceTile):
            scorer.put(before.tile, action.x, action.y, action.rotation)
            last[:] = [(action.x, action.y)]
            return
        x, y = last[0]
        if isinstance(action, Deploy):
            scorer.followers.append((before.active, x, y, action.feature))
        elif isinstance(action, ReturnFigure):
            scorer.followers.remove((before.active, action.x, action.y, action.feature))
        scorer.end_turn(x, y)
        if after.phase is Phase.OVER:
            scorer.final()
        assert tuple(scorer.points) == after.points, (after.where(), scorer.points)
        engine = sorted((f.seat, f.x, f.y, f.feature) for f in after.followers)
        assert sorted(scorer.followers) == engine
        parts = [(p.kind.value, p.tiles, p.points) for p in after.scored if not p.final]
        assert sorted(parts) == sorted(scorer.completed)

    scorer.put("D", 0, 0, 0)
    final = random_playout(GAME, config, 100 + seed, on_step=check).final
    assert final.phase is Phase.OVER
    assert final.points == tuple(scorer.points)
    assert isinstance(Pass(), Pass)


@pytest.mark.rule("F2", "F4", "FA2", "FA4")
@pytest.mark.parametrize("reading", ["figure", "follower"])
def test_F2_every_festival_turn_offers_exactly_the_own_figures(reading: str) -> None:
    """On random games: after every Festival tile the returns offered are exactly the active
    player's figures on the board, under both readings of FA2, also with an empty supply."""
    seen = 0

    def check(before: State, action: Any, after: State) -> None:
        nonlocal seen
        if after.phase is not Phase.FOLLOWER or not after.placed[-1].tile.startswith("FE"):
            return
        own = sorted((f.x, f.y, f.feature) for f in after.followers if f.seat == after.active)
        offered = sorted(
            (a.x, a.y, a.feature) for a in legal_actions(after) if isinstance(a, ReturnFigure)
        )
        assert offered == own, after.where()
        seen += bool(own)

    for seed in range(6):
        config = GameConfig(players=2 + seed % 3, festival_return=reading)
        random_playout(GAME, config, 200 + seed, on_step=check)
    assert seen > 10
