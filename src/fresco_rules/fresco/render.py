"""Readable text for people: one line per action with what it changed, and a board summary."""

from __future__ import annotations

from . import actions
from .engine import leonardo_score, token_ledger
from .extensions import pending
from .plugins import PLUGINS
from .scoring import money_points
from .state import Phase, State, actor_name, booth_name
from .turns import clamp_mood, planner
from .vocab import GRID, Location, paints_text
from .words import segment_label


def acting_name(state: State) -> str:
    """Who acts now, naming Leonardo's controller when he acts."""
    if state.tables.modules and state.phase is not Phase.OVER:
        due = pending(state)
        if due is not None:
            return actor_name(state, due.actor)
    if state.phase is Phase.GET_UP:
        actor = state.order[state.step]
    elif state.phase is Phase.ACTION and state.turn is not None:
        actor = state.turn.actor
    else:
        return f"seat {planner(state)}"
    if state.is_leonardo(actor):
        return f"Leonardo (by seat {state.controller})"
    return actor_name(state, actor)


def describe(state: State, action: actions.Action) -> str:
    """A short sentence for ``action`` taken in ``state``."""
    who = acting_name(state)
    if isinstance(action, actions.ChooseGetUp):
        space = state.tables.hostel[action.slot]
        if state.is_leonardo(state.order[state.step]):
            return f"{who} gets up at {space.time}"
        return f"{who} gets up at {space.time} (mood {space.mood_change:+d}, price {space.price})"
    if isinstance(action, actions.SubmitPlan):
        names = ("market", "cathedral", "studio", "workshop", "theatre", "cathedral 2")
        used = [f"{name} {n}" for name, n in zip(names, action.counts, strict=True) if n]
        return f"{who} plans {', '.join(used) if used else 'nothing'}"
    if isinstance(action, actions.BuyTile):
        tile = state.booths[action.booth][action.slot] or "?"
        return (
            f"{who} buys {state.tables.market_labels.get(tile, tile)} ({tile}) at booth "
            f"{booth_name(action.booth)}"
        )
    if isinstance(action, actions.CloseBooth):
        return f"{who} closes booth {booth_name(action.booth)}"
    if isinstance(action, actions.Restore):
        tile = state.tile_at(action.segment) or "?"
        moved = ""
        if action.bishop_to is not None:
            moved = f", bishop paid to {segment_label(action.bishop_to)}"
        value = state.tables.fresco_value.get(tile, 0)
        return f"{who} restores {segment_label(action.segment)} ({tile}, value {value}{moved})"
    if isinstance(action, actions.RestoreAltar):
        return f"{who} restores the altar with {', '.join(p.value for p in action.paints)}"
    if isinstance(action, actions.EarnStudio):
        return f"{who} paints a portrait at the studio (+3 Thalers)"
    if isinstance(action, actions.Blend):
        return f"{who} blends {action.result.value}"
    if isinstance(action, actions.AttendTheatre):
        return f"{who} goes to the theatre ({_theatre_gain(state)})"
    if isinstance(action, actions.ChooseTrackSpace):
        return f"{who} chooses track space {action.space}"
    if isinstance(action, actions.EndTurn):
        where = state.turn.location if state.turn is not None else None
        return f"{who} ends the turn" + (f" at the {location_words(where)}" if where else "")
    return f"{who} {_describe_module_action(state, action)}"


def location_words(location: Location) -> str:
    """A location as players say it: ``market``, ``second cathedral``."""
    return "second cathedral" if location is Location.CATHEDRAL_2 else location.value


def _theatre_gain(state: State) -> str:
    """R0.48, R0.21: the mood the theatre gives now: its step, less what the top of the column
    cuts off."""
    turn = state.turn
    step = state.tables.mood.theatre_step
    if turn is None:
        return f"mood +{step}"
    row = state.mood[turn.actor]
    gain = clamp_mood(state, row + step) - row
    return f"mood +{gain}" if gain == step else f"mood +{gain}, the top of the column"


def _describe_module_action(state: State, action: actions.Action) -> str:
    """The sentence (after the actor's name) for an action of a module (its plug-in's text)."""
    for plugin in PLUGINS:
        text = plugin.describe(state, action)
        if text is not None:
            return text
    return repr(action)


def events(before: State, after: State) -> list[str]:
    """What the rules did automatically between two states: scoring, rounds, the end."""
    lines = []
    for actor, (old, new) in enumerate(zip(before.track, after.track, strict=True)):
        if new != old:
            lines.append(f"  {actor_name(after, actor)} moves on the track {old} -> {new}")
    if after.round != before.round:
        # R0.56: income counts the tiles held when it is paid, a restoration in the round's
        # last action included (the held tiles do not change in round preparation).
        income = [len(after.held[seat]) for seat in range(after.tables.players)]
        if any(income):
            paid = ", ".join(f"seat {s} +{n}" for s, n in enumerate(income) if n)
            lines.append(f"  income (1 Thaler per fresco tile): {paid}")
        lines.append(f"  market refilled: {booths_text(after)}")
        lines.append(
            f"== round {after.round}{' (final round, side 2)' if after.side == 2 else ''}"
            f": {after.tiles_left()} fresco tiles left; order A: "
            + ", ".join(actor_name(after, a) for a in after.order)
        )
    elif after.final and not before.final:
        lines.append("  the last fresco tile is restored: this is the final round (R0.61)")
    if before.phase is not Phase.ACTION and after.phase is Phase.ACTION:
        order = ", ".join(actor_name(after, a) for a in after.order)
        lines.append(f"  plans revealed; order B: {order}")
    if after.phase is Phase.OVER and before.phase is not Phase.OVER:
        lines.append("== game over: final scoring, 2 Thalers per victory point")
    if after.tables.modules:
        lines[:0] = module_events(before, after)
    return lines


def module_events(before: State, after: State) -> list[str]:
    """What the modules did between two states: the restoration's score, then each plug-in's
    events (pennies, cards, leaf gold, glass and windows)."""
    lines = []
    scored = after.scored
    if scored is not None and scored is not before.scored:
        parts = scored.parts
        terms = [
            f"{value} {name}"
            for name, value in (
                ("tile" if scored.restoration.segment is not None else "altar", parts.fresco),
                ("window", parts.window),
                ("bishop", parts.bishop),
                ("gilding", parts.gilding),
                ("altar window", parts.extra),
            )
            if value
        ]
        if parts.penalty:
            terms.append(f"-{parts.penalty} missing glass")
        total = " + ".join(terms).replace("+ -", "- ") or "0"
        floor = " (floored at 0)" if scored.points == 0 and total != "0" else ""
        lines.append(f"  scores {scored.points} = {total}{floor}")
    for plugin in PLUGINS:
        lines.extend(plugin.events(before, after))
    return lines


def booths_text(state: State) -> str:
    """The market booths as ``I: M01 M04 | II: ...`` (empty slots as ``-``)."""
    return " | ".join(
        f"{booth_name(b)}: " + " ".join(tile or "-" for tile in slots)
        for b, slots in enumerate(state.booths)
    )


def result_notes(state: State) -> list[str]:
    """R0.49: Leonardo's points after the scores, when he plays; he cannot win."""
    points = leonardo_score(state)
    return [] if points is None else [f"Leonardo: {points} (cannot win)"]


def board(state: State) -> str:
    """A compact text picture of the state."""
    lines = [f"round {state.round}{' (final)' if state.final else ''}, phase {state.phase.value}"]
    for r in range(GRID):
        row = []
        for c in range(GRID):
            tile = state.tile_at((r, c))
            mark = f"{state.tables.fresco_value[tile]:>2}" if tile else " ."
            if (r, c) == state.bishop:
                mark += "*"
            elif (r, c) == state.leonardo_at:
                mark += "L"
            else:
                mark += " "
            row.append(mark)
        lines.append("  " + " ".join(row))
    lines.append(f"  market {booths_text(state)}; bag {len(state.bag)}")
    for seat in range(state.tables.players):
        lines.append(
            f"  seat {seat}: track {state.track[seat]}, {state.money[seat]} Thalers, paints "
            f"{paints_text(state.paints[seat])}, mood {state.mood[seat]}, "
            f"{len(state.held[seat])} tiles"
        )
    if state.tables.leonardo >= 0:
        leo = state.tables.leonardo
        lines.append(f"  Leonardo: track {state.track[leo]}, {len(state.held[leo])} tiles")
    return "\n".join(lines)


_BASE_KINDS = ("money", "paint.", "fresco_tiles", "market_tiles", "apprentices")


def module_lines(state: State) -> list[str]:
    """The modules: their public pieces and every module component by location."""
    lines: list[str] = []
    for plugin in PLUGINS:
        lines.extend(plugin.board_lines(state))
    for kind, places in token_ledger(state).items():
        if not kind.startswith(_BASE_KINDS):
            where = ", ".join(f"{place} {count}" for place, count in places.items() if count)
            lines.append(f"{kind.replace('_', ' ')}: {where or 'none'}")
    return lines


SHEET_PARTS = ("restorations", "altar", "money", "module components", "track moves")


class ScoreSheet:
    """The score sheet of one game, kept while it is logged: each seat's victory points by
    source (restorations with their bishop and module parts, altar, money at the end,
    Thalers from module components at the end, and the track moves past taken spaces)."""

    def __init__(self) -> None:
        self.points: dict[int, dict[str, int]] = {}

    def _add(self, actor: int, part: str, points: int) -> None:
        row = self.points.setdefault(actor, dict.fromkeys(SHEET_PARTS, 0))
        row[part] += points

    def record(self, before: State, after: State) -> None:
        """Account for the track moves between two consecutive states."""
        moved = [new - old for old, new in zip(before.track, after.track, strict=True)]
        scored = after.scored
        if scored is not None and scored is not before.scored:
            actor = scored.restoration.actor
            part = "altar" if scored.restoration.segment is None else "restorations"
            self._add(actor, part, scored.points)
            moved[actor] -= scored.points
        if after.phase is Phase.OVER and before.phase is not Phase.OVER:
            for seat in range(after.tables.players):
                money = money_points(before.money[seat])
                from_modules = money_points(after.money[seat]) - money
                self._add(seat, "money", money)
                self._add(seat, "module components", from_modules)
                moved[seat] -= money + from_modules
        for actor, rest in enumerate(moved):
            if rest:
                self._add(actor, "track moves", rest)

    def lines(self, state: State) -> list[str]:
        """The final block: one line per seat (and Leonardo), parts then the total."""
        lines = ["score sheet:"]
        for actor in range(state.tables.actors):
            row = self.points.get(actor, dict.fromkeys(SHEET_PARTS, 0))
            parts = [
                f"{part} {points:+d}" if part == "track moves" else f"{part} {points}"
                for part, points in row.items()
                if points or part in ("restorations", "altar", "money")
            ]
            if state.is_leonardo(actor) or not state.tables.modules:
                parts = [p for p in parts if not p.startswith("module")]
            lines.append(f"  {actor_name(state, actor)}: {', '.join(parts)} = {state.track[actor]}")
        return lines
