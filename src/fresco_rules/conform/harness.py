"""The conformance harness: random games played in lock-step by this library and another
engine, both fed the same chance outcomes, stopped at the first divergence.

At every step the harness compares the seat to move and the legal actions (as notation
strings), picks one of our legal actions at random, applies it on both sides with the draws our
side made, then compares the scores and whether the game is over. The first difference ends the
run with a ``Divergence``: game and step, the position, the actions only one side lists, the
score difference, and the rule IDs behind our side's answer.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from typing import Any

from attrs import frozen

from ..adapters.core import Position, Table
from ..adapters.games import table as make_table
from ..kernel.chance import Outcome
from ..kernel.errors import SHAPE_RULE, IllegalAction, NotationError, RulesError
from ..kernel.untrusted import describe, is_str
from .engine import (
    DeadlinePassed,
    Engine,
    EngineError,
    ProcessEngine,
    Refused,
    checked_actions,
    checked_scores,
)

EXPLAINED = 3
"""How many actions only the engine lists get our refusal explained (each is read against
every legal form); the rest are counted."""


@frozen
class Divergence:
    """Where an engine first disagreed with the reference."""

    game: int
    """0-based index of the game in the run."""
    step: int
    """0-based index of the decision in that game."""
    kind: str
    """``player``, ``legal_actions``, ``refused``, ``scores``, ``over`` or ``setup``."""
    where: str
    """The reference position (before the step for ``player``/``legal_actions``/``refused``,
    after it otherwise)."""
    action: str | None = None
    """The step's action, when one was played."""
    only_ours: tuple[str, ...] = ()
    only_theirs: tuple[str, ...] = ()
    """The engine's own text: the report quotes it."""
    ours: tuple[int, ...] = ()
    theirs: tuple[int, ...] = ()
    """Scores (or, for ``player``, the seats to move) of each side."""
    rules: tuple[str, ...] = ()
    detail: str = ""
    """Printed as it is: engine text in it is quoted already."""

    def report(self) -> str:
        lines = [f"divergence in game {self.game + 1}, step {self.step}: {self.kind}"]
        lines.append(f"  position: {self.where}")
        if self.action is not None:
            lines.append(f"  action: {self.action}")
        theirs = tuple(describe(text) for text in self.only_theirs[:10])
        for label, actions, total in (
            ("only ours", self.only_ours[:10], len(self.only_ours)),
            ("only theirs", theirs, len(self.only_theirs)),
        ):
            if actions:
                shown = ", ".join(actions) + (" ..." if total > 10 else "")
                lines.append(f"  {label} ({total}): {shown}")
        if self.ours or self.theirs:
            lines.append(f"  ours: {list(self.ours)}  theirs: {list(self.theirs)}")
            if len(self.ours) == len(self.theirs) and self.kind == "scores":
                diff = [t - o for o, t in zip(self.ours, self.theirs, strict=True)]
                lines.append(f"  difference (theirs - ours): {diff}")
        if self.rules:
            lines.append(f"  rules behind our answer: {', '.join(self.rules)}")
        if self.detail:
            lines.append(f"  {self.detail}")
        return "\n".join(lines)


@frozen
class Report:
    games: int
    """Games played to the end in agreement."""
    steps: int
    divergence: Divergence | None

    @property
    def ok(self) -> bool:
        return self.divergence is None


Progress = Callable[[int, int, int], None]
"""``progress(games_done, games_total, steps_so_far)``."""


def conform(
    game: str,
    engine: Engine,
    *,
    games: int = 100,
    seed: int = 0,
    params: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
    deadline: float | None = None,
) -> Report:
    """Play ``games`` random games of ``game`` (adapter parameters ``params``, e.g.
    ``{"players": 2, "modules": "4;6"}``) against ``engine``; stop at the first divergence.

    The engine is hostile: every call into it is guarded (an exception other than
    ``Refused`` is an ``EngineError``), every answer shape-checked with exact types. With a
    ``deadline`` (a ``time.monotonic()`` value) ``DeadlinePassed`` ends the run once it has
    passed; a call into an in-process engine is not interrupted, only the next one refused
    (a ``ProcessEngine`` given the same deadline stops waiting at it)."""
    table = make_table(game, params)
    codec = table.spec.rules().codec
    assert codec is not None
    setup = codec.config_to_json(table.config)
    steps = 0
    for index in range(games):
        rng = random.Random(f"{seed}:{index}")
        found, played = _one_game(
            table, _Guarded(engine, deadline, index, steps), setup, rng, index
        )
        steps += played
        if found is not None:
            return Report(index, steps, found)
        if progress is not None:
            progress(index + 1, games, steps)
    return Report(games, steps, None)


def _settle(table: Table, position: Position, rng: random.Random) -> tuple[Position, list[Outcome]]:
    """Resolve chance nodes at random; the outcomes drawn, in order."""
    drawn: list[Outcome] = []
    while table.is_chance(position):
        outcomes = table.chance_outcomes(position)
        (choice,) = rng.choices([o for o, _ in outcomes], weights=[p for _, p in outcomes])
        kind, item = table.outcomes[choice]
        drawn.append((kind, item))
        position = table.choose(position, choice)
    return position, drawn


class _Guarded:
    """Calls into a hostile engine: each checked against the deadline first, any exception but
    ``Refused`` (and our own ``EngineError``) turned into an ``EngineError``."""

    def __init__(self, engine: Engine, deadline: float | None, game: int, steps: int) -> None:
        self.engine, self.deadline, self.game, self.steps = engine, deadline, game, steps

    def call(self, method: str, *args: Any) -> Any:
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise DeadlinePassed(
                f"the deadline passed in game {self.game + 1} ({self.steps} steps agreed before it)"
            )
        try:
            return getattr(self.engine, method)(*args)
        except Refused:
            raise
        except EngineError as exc:
            if type(self.engine) is ProcessEngine:  # our own message, engine text quoted
                raise
            raise EngineError(f"the engine's {method} raised {raised(exc)}") from None
        except (Exception, SystemExit) as exc:
            raise EngineError(f"the engine's {method} raised {raised(exc)}") from None


def raised(exc: BaseException) -> str:
    """An exception from hostile code, described without running any of its methods."""
    try:
        name = type(exc).__name__
    except Exception:  # a hostile metaclass
        name = "an exception"
    args = BaseException.args.__get__(exc)  # type: ignore[attr-defined]
    words = describe(args[0] if len(args) == 1 else args) if args else ""
    return (name if is_str(name) else "an exception") + (f": {words}" if words else "")


def refusal(exc: Refused) -> str:
    """The engine's reason for a refusal, quoted."""
    args = BaseException.args.__get__(exc)  # type: ignore[attr-defined]
    return "the engine refused: " + describe(args[0] if len(args) == 1 else args)


def _one_game(
    table: Table, engine: _Guarded, setup: dict[str, Any], rng: random.Random, index: int
) -> tuple[Divergence | None, int]:
    spec = table.spec
    position, drawn = _settle(table, table.start(), rng)
    try:
        engine.call("new_game", spec.name, setup, drawn)
    except Refused as exc:
        return Divergence(index, 0, "setup", "set-up", detail=refusal(exc)), 0
    step = 0
    while True:
        state = position.state
        where = spec.summary(state)
        ours_over = spec.is_over(state)
        try:
            seat, theirs = checked_actions(engine.call("legal_actions"))
        except Refused as exc:
            detail = f"legal_actions: {refusal(exc)}"
            return Divergence(index, step, "refused", where, detail=detail), step
        legal = list(spec.legal_actions(state))
        names = [spec.notation(state, a) for a in legal]
        our_seat = spec.current_player(state)
        if seat != our_seat:
            return (
                Divergence(
                    index,
                    step,
                    "player",
                    where,
                    ours=() if our_seat is None else (our_seat,),
                    theirs=() if seat is None else (seat,),
                    rules=spec.rules_in_play(state, _turn_rules(table, state)),
                ),
                step,
            )
        their_set, our_set = set(theirs), set(names)
        if their_set != our_set or len(theirs) != len(their_set):
            only_ours = tuple(n for n in names if n not in their_set)
            only_theirs = tuple(dict.fromkeys(n for n in theirs if n not in our_set))
            detail = "" if only_ours or only_theirs else "the engine lists an action twice"
            refused = _first_refusal(table, state, only_theirs)
            if refused:
                detail = refused
            if len(only_theirs) > EXPLAINED:
                detail += f"; explained: the first {EXPLAINED} of {len(only_theirs)}"
            return (
                Divergence(
                    index,
                    step,
                    "legal_actions",
                    where,
                    only_ours=only_ours,
                    only_theirs=only_theirs,
                    rules=spec.rules_in_play(
                        state, _refusal_rules(table, state, only_theirs, legal, only_ours)
                    ),
                    detail=detail.removeprefix("; "),
                ),
                step,
            )
        if ours_over or table.is_terminal(position):
            return None, step
        action = rng.choice(legal)
        text = spec.notation(state, action)
        before = state
        position, drawn = _settle(table, table.play(position, table.encode(state, action)), rng)
        codec = spec.rules().codec
        assert codec is not None
        try:
            engine.call("apply", text, codec.action_to_json(action), drawn)
        except Refused as exc:
            return (
                Divergence(
                    index,
                    step,
                    "refused",
                    where,
                    action=text,
                    rules=spec.rules_in_play(before, spec.action_rules(action)),
                    detail=refusal(exc),
                ),
                step,
            )
        step += 1
        after = position.state
        try:
            their_scores, their_over = checked_scores(engine.call("scores"))
        except Refused as exc:
            detail = f"scores: {refusal(exc)}"
            return Divergence(
                index, step, "refused", spec.summary(after), text, detail=detail
            ), step
        our_scores = spec.scores(after)
        kind = None
        if tuple(their_scores) != tuple(our_scores):
            kind = "scores"
        elif their_over != spec.is_over(after):
            kind = "over"
        if kind is not None:
            # a score difference names the rules of the points, a different end all the step's
            behind = spec.score_rules if kind == "scores" else spec.step_rules
            return (
                Divergence(
                    index,
                    step,
                    kind,
                    spec.summary(after),
                    action=text,
                    ours=tuple(our_scores),
                    theirs=tuple(their_scores),
                    rules=spec.rules_in_play(after, behind(before, action, after)),
                ),
                step,
            )


def _refusal(table: Table, state: Any, text: str) -> IllegalAction | NotationError | None:
    """Our refusal of an action text only the engine lists (``spec.parse``: the rule that
    forbids it, or a ``NotationError`` when the text names no action in our notation: still
    a divergence, the engine lists what is no move)."""
    try:
        table.spec.parse(state, text)
    except (IllegalAction, NotationError) as refused:
        return refused
    except RulesError as refused:
        return IllegalAction(SHAPE_RULE, str(refused))
    return None


def _first_refusal(table: Table, state: Any, only_theirs: tuple[str, ...]) -> str:
    for text in only_theirs[:EXPLAINED]:
        problem = _refusal(table, state, text)
        if problem is not None:
            return f"we refuse {describe(text)}: {problem}"
    return ""


def _turn_rules(table: Table, state: Any) -> tuple[str, ...]:
    codec = table.spec.rules().codec
    return () if codec is None else (codec.turn_rule(state),)


def _refusal_rules(
    table: Table,
    state: Any,
    only_theirs: tuple[str, ...],
    legal: list[Any],
    only_ours: tuple[str, ...],
) -> tuple[str, ...]:
    """Why we refuse what only they list (our ``explain``), and the rules of what only we
    list."""
    spec = table.spec
    found: list[str] = []
    for text in only_theirs[:EXPLAINED]:
        problem = _refusal(table, state, text)
        if problem is None:
            found.append(f"(ours too: {describe(text)})")
        elif isinstance(problem, NotationError):
            found.append(f"(not notation: {describe(text)})")
        else:
            found.append(problem.rule)
    by_name = {spec.notation(state, a): a for a in legal}
    for text in only_ours:
        found.extend(spec.action_rules(by_name[text]))
    return tuple(dict.fromkeys(found))


__all__ = ["EXPLAINED", "Divergence", "EngineError", "Report", "conform"]
