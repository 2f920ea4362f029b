"""Readable text for people: one line per action with what it changed, and a board summary."""

from __future__ import annotations

from .actions import (
    Action,
    AttendTheatre,
    Blend,
    BuyGlass,
    BuyTile,
    BuyWishingCard,
    ChooseGetUp,
    ChooseTrackSpace,
    CloseBooth,
    EarnStudio,
    EndTurn,
    Gild,
    HandInGlass,
    PlaceGlassworks,
    PlacePennies,
    Restore,
    RestoreAltar,
    SkipStreetMusician,
    SubmitPlan,
    TakeWindow,
    UseAlchemy,
    UseBishopsPraise,
    UseBishopsVisit,
    UseFreePaints,
    UseLuckyFellow,
    UseReward,
    UseStreetMusician,
    UseTip,
)
from .state import Phase, State, actor_name, booth_name
from .vocab import GLASS, GRID, GlassCounts, paints_text


def acting_name(state: State) -> str:
    """Who acts now, naming Leonardo's controller when he acts."""
    if state.tables.modules and state.phase is not Phase.OVER:
        from .extensions import pending

        due = pending(state)
        if due is not None:
            return actor_name(state, due.actor)
    if state.phase is Phase.GET_UP:
        actor = state.order[state.step]
    elif state.phase is Phase.ACTION and state.turn is not None:
        actor = state.turn.actor
    else:
        from .turns import planner

        return f"seat {planner(state)}"
    if state.is_leonardo(actor):
        return f"Leonardo (by seat {state.controller})"
    return actor_name(state, actor)


def describe(state: State, action: Action) -> str:
    """A short sentence for ``action`` taken in ``state``."""
    who = acting_name(state)
    if isinstance(action, ChooseGetUp):
        space = state.tables.hostel[action.slot]
        if state.is_leonardo(state.order[state.step]):
            return f"{who} gets up at {space.time}"
        return f"{who} gets up at {space.time} (mood {space.mood_change:+d}, price {space.price})"
    if isinstance(action, SubmitPlan):
        names = ("market", "cathedral", "studio", "workshop", "theatre", "cathedral 2")
        used = [f"{name} {n}" for name, n in zip(names, action.counts, strict=True) if n]
        return f"{who} plans {', '.join(used) if used else 'nothing'}"
    if isinstance(action, BuyTile):
        tile = state.booths[action.booth][action.slot] or "?"
        return (
            f"{who} buys {state.tables.market_labels.get(tile, tile)} ({tile}) at booth "
            f"{booth_name(action.booth)}"
        )
    if isinstance(action, CloseBooth):
        return f"{who} closes booth {booth_name(action.booth)}"
    if isinstance(action, Restore):
        tile = state.tile_at(action.segment) or "?"
        moved = f", bishop paid to {action.bishop_to}" if action.bishop_to is not None else ""
        value = state.tables.fresco_value.get(tile, 0)
        return f"{who} restores {action.segment} ({tile}, value {value}{moved})"
    if isinstance(action, RestoreAltar):
        return f"{who} restores the altar with {', '.join(p.value for p in action.paints)}"
    if isinstance(action, EarnStudio):
        return f"{who} paints a portrait at the studio (+3 Thalers)"
    if isinstance(action, Blend):
        return f"{who} blends {action.result.value}"
    if isinstance(action, AttendTheatre):
        return f"{who} goes to the theatre (mood +{state.tables.mood.theatre_step})"
    if isinstance(action, ChooseTrackSpace):
        return f"{who} chooses track space {action.space}"
    if isinstance(action, EndTurn):
        return f"{who} ends the turn"
    return f"{who} {_describe_module_action(state, action)}"


def glass_text(counts: GlassCounts) -> str:
    """Glass counts as ``Y2 B1`` (``-`` when none)."""
    parts = [f"{g.name[0]}{n}" for g, n in zip(GLASS, counts, strict=True) if n]
    return " ".join(parts) if parts else "-"


def _describe_module_action(state: State, action: Action) -> str:
    """The sentence (after the actor's name) for an action of modules 4-6."""
    if isinstance(action, UseStreetMusician):
        return "plays a Street Musician (mood +1)"
    if isinstance(action, SkipStreetMusician):
        return "keeps the Street Musician"
    if isinstance(action, PlacePennies):
        pennies = "penny" if action.count == 1 else "pennies"
        return f"puts {action.count} lucky {pennies} on the market symbol"
    if isinstance(action, BuyWishingCard):
        from .config import WishingPurchase

        thrown = 1
        all_for_one = state.config.wishing_purchase is WishingPurchase.ALL_FOR_ONE
        if state.well is not None and state.turn is not None and all_for_one:
            thrown = state.well.symbol[state.turn.actor]
        pennies = "a lucky penny" if thrown == 1 else f"{thrown} lucky pennies"
        return f"throws {pennies} into the well and draws a Wishing Card"
    if isinstance(action, UseLuckyFellow):
        return "plays a Lucky Fellow (+2 pennies)"
    if isinstance(action, UseFreePaints):
        label = state.tables.market_labels.get(action.tile, action.tile)
        return f"plays Free Paints and takes {label} ({action.tile}) free"
    if isinstance(action, UseBishopsVisit):
        return f"plays Bishop's Visit: the bishop moves to {action.to}"
    if isinstance(action, UseBishopsPraise):
        return "plays Bishop's Praise (bishop bonus +1 on the next restoration)"
    if isinstance(action, UseTip):
        return "plays a Tip (+1 Thaler, +1 penny)"
    if isinstance(action, UseAlchemy):
        given = ", ".join(p.value for p in action.paints)
        return f"plays Alchemy: {given} -> {action.result.value}"
    if isinstance(action, UseReward):
        return "plays a Reward (+3 Thalers)"
    if isinstance(action, Gild):
        return "adds a leaf gold to the restoration" if action.add else "adds no leaf gold"
    if isinstance(action, PlaceGlassworks):
        if action.location is None:
            return "keeps the Glassworks tile"
        extra = " with an apprentice on its bottom space" if action.apprentice else ""
        return f"covers the {action.location.value} column with the Glassworks tile{extra}"
    if isinstance(action, BuyGlass):
        return f"buys {action.glass.value} glass"
    if isinstance(action, TakeWindow):
        glass = state.glass
        window = glass.workbench[action.slot] if glass is not None else None
        return f"takes window {window} from workbench slot {action.slot}"
    if isinstance(action, HandInGlass):
        given = ", ".join(g.value for g in action.glass) or "no glass"
        return f"hands in {given}"
    return repr(action)


def events(before: State, after: State) -> list[str]:
    """What the rules did automatically between two states: scoring, rounds, the end."""
    lines = []
    for actor, (old, new) in enumerate(zip(before.track, after.track, strict=True)):
        if new != old:
            lines.append(f"  {actor_name(after, actor)} moves on the track {old} -> {new}")
    if after.round != before.round:
        income = [len(before.held[seat]) for seat in range(after.tables.players)]
        if any(income):
            paid = ", ".join(f"seat {s} +{n}" for s, n in enumerate(income) if n)
            lines.append(f"  income (1 Thaler per fresco tile): {paid}")
        lines.append(f"  market refilled: {booths_text(after)}")
        lines.append(
            f"== round {after.round}{' (final round, side 2)' if after.side == 2 else ''}"
            f": {after.tiles_left()} fresco tiles left, order A "
            f"{[actor_name(after, a) for a in after.order]}"
        )
    elif after.final and not before.final:
        lines.append("  the last fresco tile is restored: this is the final round (R0.61)")
    if before.phase is not Phase.ACTION and after.phase is Phase.ACTION:
        lines.append(f"  plans revealed; order B {[actor_name(after, a) for a in after.order]}")
    if after.phase is Phase.OVER and before.phase is not Phase.OVER:
        lines.append("== game over: final scoring converted money at 2 Thalers per VP")
    if after.tables.modules:
        lines[:0] = module_events(before, after)
    return lines


def module_events(before: State, after: State) -> list[str]:
    """What modules 4-6 did between two states: scores, pennies, cards, leaf gold, glass and
    windows."""
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
    w0, w1 = before.well, after.well
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
    g0, g1 = before.gold, after.gold
    if g0 is not None and g1 is not None:
        for seat in range(after.tables.players):
            if g1.held[seat] > g0.held[seat]:
                lines.append(f"  seat {seat} takes {g1.held[seat] - g0.held[seat]} leaf gold")
        if g1.disc is not g0.disc:
            lines.append(f"  new gilding colour on the basket: {g1.disc.value}")
    s0, s1 = before.glass, after.glass
    if s0 is not None and s1 is not None:
        for cell, (was, now) in enumerate(zip(s0.openings, s1.openings, strict=True)):
            if now is not None and was is None:
                lines.append(f"  window {now} goes into the opening of {divmod(cell, GRID)}")
        if s1.workbench != s0.workbench:
            lines.append(f"  workbench: {' '.join(w or '-' for w in s1.workbench)}")
        if sum(s1.offer) > sum(s0.offer):
            lines.append(f"  glass offer: {glass_text(s1.offer)}")
    return lines


def booths_text(state: State) -> str:
    """The market booths as ``I: M01 M04 | II: ...`` (empty slots as ``-``)."""
    return " | ".join(
        f"{booth_name(b)}: " + " ".join(tile or "-" for tile in slots)
        for b, slots in enumerate(state.booths)
    )


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


def full_view(state: State) -> str:
    """The whole position for people: cathedral, market, hostel, mood columns, track, players."""
    tables = state.tables
    lines = [f"{state.where()}; {state.tiles_left()} fresco tiles left"]
    lines.append("cathedral (tile value; * bishop, L Leonardo's painter, . restored):")
    lines.append("        " + "".join(f"{c:>5}" for c in range(GRID)))
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
        lines.append(f"  row {r} " + "".join(cells))
    lines.append("market:")
    for b, slots in enumerate(state.booths):
        shown = ", ".join(f"{tile} {tables.market_labels[tile]}" if tile else "-" for tile in slots)
        lines.append(f"  booth {booth_name(b)}: {shown}")
    lines.append(f"  bag {len(state.bag)}, removed {len(state.removed)}")
    hostel = []
    for slot, space in enumerate(tables.hostel):
        who = [actor_name(state, a) for a, s in enumerate(state.hostel) if s == slot]
        hostel.append(f"{space.time} {who[0] if who else '-'}")
    lines.append("hostel: " + " | ".join(hostel))
    lines.append("mood (row; + and - zones):")
    for seat in range(tables.players):
        column = "".join(
            "o"
            if row == state.mood[seat]
            else "+"
            if row in tables.mood.plus_rows
            else "-"
            if row in tables.mood.minus_rows
            else "."
            for row in range(tables.mood.rows)
        )
        lines.append(
            f"  seat {seat}: [{column}] row {state.mood[seat]}, "
            f"{state.apprentices[seat]} apprentices this round"
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
    for seat in range(tables.players):
        plan = state.plans[seat]
        planned = "" if plan is None else f", plan {plan.counts}"
        lines.append(
            f"seat {seat}: {state.money[seat]} Thalers, paints {paints_text(state.paints[seat])}, "
            f"{len(state.held[seat])} fresco tiles{planned}"
        )
    if tables.leonardo >= 0:
        lines.append(
            f"Leonardo: {len(state.held[tables.leonardo])} fresco tiles, "
            f"controlled by seat {state.controller}"
        )
    lines.extend(_module_lines(state))
    return "\n".join(lines)


_BASE_KINDS = ("money", "paint.", "fresco_tiles", "market_tiles", "apprentices")


def _module_lines(state: State) -> list[str]:
    """Modules 4-6: their public pieces and every module component by location."""
    lines = []
    if state.gold is not None:
        lines.append(f"leaf gold: the disc on the basket is {state.gold.disc.value}")
    if state.glass is not None:
        bench = ", ".join(window or "-" for window in state.glass.workbench)
        lines.append(f"glass offer: {glass_text(state.glass.offer)}; workbench: {bench}")
    from .engine import token_ledger

    for kind, places in token_ledger(state).items():
        if not kind.startswith(_BASE_KINDS):
            where = ", ".join(f"{place} {count}" for place, count in places.items() if count)
            lines.append(f"{kind.replace('_', ' ')}: {where or 'none'}")
    return lines
