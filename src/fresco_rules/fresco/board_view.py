"""The human board view of a Fresco position, ``str(state)``: who acts, the cathedral with the
board labels the notation uses (columns a-e, rows 1-5), the booths with numbered slots, the
hostel, the mood columns, the track, the players and the modules' pieces."""

from __future__ import annotations

from .engine import current_player
from .render import module_lines
from .state import Phase, State, actor_name
from .vocab import GRID, paints_text
from .words import COLUMN_LETTERS, booth_label, segment_label


def text_view(state: State) -> str:
    """The whole position for people (what ``print(state)`` shows)."""
    tables = state.tables
    players = f"{tables.players} players" + (" and Leonardo" if tables.leonardo >= 0 else "")
    modules = sorted(m.value for m in state.config.modules)
    with_modules = f", modules {', '.join(map(str, modules))}" if modules else ""
    lines = [f"Fresco, {players}{with_modules}: {state.where()}"]
    seat = current_player(state)
    if state.phase is Phase.OVER:
        lines.append("the game is over")
    elif seat is not None:
        lines.append(f"to decide: seat {seat}")
    lines.append(
        f"cathedral, {state.tiles_left()} fresco tiles left (tile value; * bishop, "
        "L Leonardo's painter, . restored):"
    )
    lines.append("     " + "".join(f"{letter:>5}" for letter in COLUMN_LETTERS[:GRID]))
    for r in range(GRID):
        cells = []
        for c in range(GRID):
            tile = state.tile_at((r, c))
            mark = str(tables.fresco_value[tile]) if tile else "."
            if (r, c) == state.bishop:
                mark += "*"
            if (r, c) == state.leonardo_at:
                mark += "L"
            cells.append(f"{mark:>5}")
        lines.append(f"  {r + 1:>2} " + "".join(cells))
    lines.append(f"bishop on {segment_label(state.bishop)}")
    lines.append("market (booth:slot tile):")
    for b, slots in enumerate(state.booths):
        shown = ", ".join(
            f"{booth_label(b)}:{i + 1} {tile} {tables.market_labels[tile]}"
            for i, tile in enumerate(slots)
            if tile
        )
        lines.append(f"  booth {booth_label(b)}: {shown or 'closed'}")
    lines.append(f"  bag {len(state.bag)}, removed {len(state.removed)}")
    hostel = []
    for slot, space in enumerate(tables.hostel):
        who = [actor_name(state, a) for a, s in enumerate(state.hostel) if s == slot]
        hostel.append(f"{space.time} {who[0] if who else '-'}")
    lines.append("hostel: " + " | ".join(hostel))
    lines.append("mood (o the painter; + and - zones):")
    for s in range(tables.players):
        column = "".join(
            "o"
            if row == state.mood[s]
            else "+"
            if row in tables.mood.plus_rows
            else "-"
            if row in tables.mood.minus_rows
            else "."
            for row in range(tables.mood.rows)
        )
        lines.append(
            f"  seat {s}: [{column}] row {state.mood[s]}, "
            f"{state.apprentices[s]} apprentices this round"
        )
    waiting = sorted(
        (state.start[a], actor_name(state, a)) for a in range(tables.actors) if state.start[a]
    )
    placed = sorted(
        (state.track[a], actor_name(state, a)) for a in range(tables.actors) if state.track[a]
    )
    lines.append(
        "track: start "
        + (", ".join(f"S{s} {n}" for s, n in waiting) or "-")
        + "; spaces "
        + (", ".join(f"{s} {n}" for s, n in placed) or "-")
    )
    for s in range(tables.players):
        plan = state.plans[s]
        planned = "" if plan is None else f", plan {plan.counts}"
        lines.append(
            f"seat {s}: {state.money[s]} Thalers, paints {paints_text(state.paints[s])}, "
            f"{len(state.held[s])} fresco tiles{planned}"
        )
    if tables.leonardo >= 0:
        lines.append(
            f"Leonardo: {len(state.held[tables.leonardo])} fresco tiles, "
            f"controlled by seat {state.controller}"
        )
    lines.extend(module_lines(state))
    return "\n".join(lines)
