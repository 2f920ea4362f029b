"""Readable text for people: one line per action with what it changed, and a board summary."""

from __future__ import annotations

from ..kernel.untrusted import describe as describe_value
from . import actions
from .state import State, Step, object_name
from .turns import current_player, position_name
from .vocab import EVENT_LABELS, REPLY_LABELS, EventKind


def _seat(seat: int | None) -> str:
    return "nobody" if seat is None else f"seat {seat}"


def describe(state: State, action: actions.Action) -> str:
    """A short sentence for ``action`` taken in ``state`` (secret words and letters are not
    shown: a log is public, B24)."""
    who = _seat(current_player(state))
    if isinstance(action, actions.RollDie):
        return f"{who} rolls the die"
    if isinstance(action, actions.SpendJewels):
        return f"{who} spends {action.count} jewels to move {action.count} tiles"
    if isinstance(action, actions.AskLetter):
        how = " with a curse" if state.callers else ""
        what = position_name(action.position)
        return f"{who} asks{how} for {what} of {object_name(state, action.obj)}"
    if isinstance(action, actions.DeclineLetter):
        return f"{who} asks the Letter Dwarf for nothing"
    # the same words: the slip is folded
    if isinstance(action, actions.GiveLetter | actions.NoSuchLetter):
        request = state.request
        asker = request.asker if request is not None else None
        return f"{who} writes a letter for {_seat(asker)}"
    if isinstance(action, actions.AskQuestion):
        return f"{who} asks a question about {object_name(state, action.obj)}"
    if isinstance(action, actions.Answer):
        return f"{who} answers {REPLY_LABELS[action.reply]}"
    if isinstance(action, actions.StopAsking):
        return f"{who} stops asking"
    if isinstance(action, actions.Guess):
        how = " with a curse" if state.callers else ""
        return f"{who} guesses{how} {object_name(state, action.obj)}"
    if isinstance(action, actions.Judge):
        return f"{who} judges the guess {action.verdict.value.upper()}"
    if isinstance(action, actions.CallCurses):
        if not action.callers:
            return "nobody calls a curse"
        return "Curse! called by " + ", ".join(f"seat {seat}" for seat in action.callers)
    return f"{who}: {describe_value(action)}"


def events(before: State, after: State) -> list[str]:
    """What the rules did between two states: rolls, pawn moves, tiles, scores, the end."""
    lines = []
    rolls = after.chance.log[len(before.chance.log) :]
    for kind, outcome in rolls:
        lines.append(f"  {'die' if kind == 'die' else kind.replace('_', ' ')}: {outcome}")
    if after.callers and not before.callers:
        lines.append(f"  curse order: {', '.join(f'seat {s}' for s in after.callers)}")
    moved = (
        before.step in (Step.MOVE, Step.ROLLED)
        and after.step is not Step.ROLLED
        and (after.step, after.turn) != (before.step, before.turn)
    )
    if moved:
        tile = after.pawns[before.active]
        kind = EVENT_LABELS[after.tables.ring[tile]]
        lines.append(f"  seat {before.active}'s pawn moves to tile {tile + 1} ({kind})")
    for seat, (old, new) in enumerate(zip(before.jewels, after.jewels, strict=True)):
        if old != new:
            lines.append(f"  seat {seat}'s jewels {old} -> {new}")
    for seat, (old, new) in enumerate(zip(before.discs, after.discs, strict=True)):
        if old != new:
            lines.append(f"  seat {seat}'s disc {old} -> {new}")
    if after.arrows_placed() != before.arrows_placed():
        lines.append(f"  arrows on the Gem: {after.arrows_placed()}")
    if before.step is not Step.QUESTION and after.step is Step.QUESTION:
        lines.append("  question phase")
    if before.step is Step.QUESTION and after.step is Step.SOLUTION:
        lines.append("  solution phase")
    if after.turn != before.turn and after.step is not Step.OVER:
        lines.append(f"== turn {after.turn}: seat {after.active}")
    if after.step is Step.OVER and before.step is not Step.OVER:
        lines.append(f"== game over: {_why_over(after)}")
    return lines


def _why_over(state: State) -> str:
    """B19: who reached Finish, or A-B.8: the arrows ran out (the winner follows the sheet)."""
    finish = state.tables.track.finish
    arrived = [seat for seat in state.winners if state.discs[seat] == finish]
    if arrived:
        names = ", ".join(f"seat {seat}" for seat in arrived)
        return f"{names} {'reaches' if len(arrived) == 1 else 'reach'} Finish"
    return f"all {state.tables.arrows_total} arrows are on the Gem; the furthest disc wins"


def board(state: State) -> str:
    """A compact text picture of the state."""
    tables = state.tables
    ring = " ".join(f"{i + 1}:{EVENT_LABELS[kind]}" for i, kind in enumerate(tables.ring))
    lines = [
        f"turn {state.turn}, {state.step.value}; ring {ring}",
        f"  arrows on the Gem {state.arrows_placed()}/{tables.arrows_total}: "
        + " ".join(str(len(holders)) for holders in state.arrows),
    ]
    for seat in range(tables.players):
        lines.append(
            f"  seat {seat}: disc {state.discs[seat]}/{tables.track.finish}, pawn on tile "
            f"{state.pawns[seat] + 1}, {state.jewels[seat]} jewels, {state.curses[seat]} curses"
        )
    if state.winners:
        lines.append(f"  winner: {', '.join(f'seat {s}' for s in state.winners)}")
    return "\n".join(lines)


SHEET_PARTS = (
    "start",
    "right guesses",
    "own objects guessed",
    "Dragons",
    "unguessed objects",
    "other moves",
)


class ScoreSheet:
    """The score sheet of one game, kept while it is logged: each seat's disc by source. The
    start space (B3), the guesser's moves for right guesses (B15, A-B.13), the sculptor's moves
    when his objects are guessed (B16), the Dragons of the others (B7) and the A-B.17 penalty
    for objects nobody guessed. Moves are counted as the disc made them (A-B.3: it stops at
    the bottom of the track), so each row adds up to the disc."""

    def __init__(self) -> None:
        self.points: dict[int, dict[str, int]] = {}

    def _add(self, seat: int, part: str, points: int) -> None:
        row = self.points.setdefault(seat, dict.fromkeys(SHEET_PARTS, 0))
        row[part] += points

    def record(self, before: State, after: State) -> None:
        """Account for the disc moves between two consecutive states."""
        moved = [new - old for old, new in zip(before.discs, after.discs, strict=True)]
        if not any(moved):
            return
        tables = after.tables
        guesses = [
            (obj, holders[-1], after.owner(obj))
            for obj, (old, holders) in enumerate(zip(before.arrows, after.arrows, strict=True))
            if len(holders) > len(old)
        ]
        # A-B.17: the penalty moves after the last guess when the arrows end the game.
        penalised = bool(after.config.unguessed_penalty) and (
            after.step is Step.OVER
            and after.arrows_placed() == tables.arrows_total
            and max(after.discs) < tables.track.finish
        )
        for obj, guesser, sculptor in guesses:
            gain, sculpted = moved[guesser], moved[sculptor]
            if penalised:  # nobody reached Finish: only the bottom of the track stops a disc
                gain = tables.guesser_gain[len(before.arrows[obj])]
                delta = tables.sculptor_moves[after.arrows_placed()]
                sculpted = max(0, before.discs[sculptor] + delta) - before.discs[sculptor]
            self._add(guesser, "right guesses", gain)
            self._add(sculptor, "own objects guessed", sculpted)
            moved[guesser] -= gain
            moved[sculptor] -= sculpted
        if guesses and penalised:
            part = "unguessed objects"
        elif not guesses and tables.ring[after.pawns[before.active]] is EventKind.DRAGON:
            part = "Dragons"
        else:
            part = "other moves"
        for seat, rest in enumerate(moved):
            if rest:
                self._add(seat, part, rest)

    def lines(self, state: State) -> list[str]:
        """The final block: one line per seat, parts then the disc."""
        lines = ["score sheet:"]
        signed = ("own objects guessed", "unguessed objects", "other moves")
        for seat in range(state.tables.players):
            row = dict(self.points.get(seat, dict.fromkeys(SHEET_PARTS, 0)))
            row["start"] = state.tables.track.start
            parts = [
                f"{part} {points:+d}" if part in signed else f"{part} {points}"
                for part, points in row.items()
                if points or part in ("start", "right guesses", "own objects guessed", "Dragons")
            ]
            lines.append(f"  seat {seat}: {', '.join(parts)} = {state.discs[seat]}")
        return lines
