"""One game of two interpretations in lock-step, stopped at the first position where they part.

Arm A is played as ``fresco-rules play`` plays it: its chance outcomes come from the seed. Arm
B starts from the same seed as a record replay does (``RecordCodec.start``: only recorded
outcomes may be drawn) and, after every step, is handed the outcomes arm A drew in that step.
So both arms see the same draws, and a draw that exists in only one arm is found: arm B asking
for a draw arm A did not make (``OutcomeNeeded``), an outcome arm B cannot draw (its pool lacks
it, or the kind differs), or outcomes of arm A left unused by arm B.

Before every decision the arms are compared (game over, legal actions); after every step (and
after the set-up) the states: scores, the seat to move, every seat's view and every other
state field (the config and the chance source aside). The player (a study player, seeded with
the game's seed, never the global generator) chooses among the legal actions, which agree in
both arms until the divergence.

Kinds of divergence, in the order they are checked: ``chance`` (the draws differ), ``over``
(one game is over and the other not), ``legal_actions`` (an action legal in one arm only;
each is explained by the other arm's refusal, rule ID and reason), ``to_move`` (a different
seat moves next), ``scores``, ``state`` (other fields: holdings, boards, hidden parts).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import attrs
from attrs import frozen

from ..kernel.chance import Outcome, OutcomeNeeded
from ..kernel.declaration import GameDeclaration
from ..kernel.errors import IllegalAction, RulesError
from ..kernel.play import GameDidNotEnd
from ..kernel.rng import seed_state

KINDS = ("chance", "over", "legal_actions", "to_move", "scores", "state")
"""Every kind of divergence, in the order they are checked."""
MAX_STEPS = 200_000
"""A game longer than this is a bug in a game: named, never a hang."""
SHOWN = 12
"""The most differing actions or fields a divergence lists by name (the rest are counted)."""

Choose = Callable[[Any, Sequence[Any], "int | None", int], tuple[int, int]]
"""A study player: ``choose(state, actions, seat, rng) -> (index, rng)``."""
Step = tuple["int | None", Any]


@frozen
class Refusal:
    """An action one arm lists and the other refuses."""

    action: str
    """The action in notation (as the arm that lists it writes it)."""
    rule: str
    """The refusing arm's rule ID ("" when its ``explain`` finds none)."""
    reason: str


@frozen
class Divergence:
    """The first position where the arms disagree, and how."""

    kind: str
    """One of ``KINDS``."""
    step: int
    """The number of steps both arms played alike before it (the position's step index)."""
    round: int
    """Arm A's round at that position (the study adapter's ``rounds``)."""
    action: str = ""
    """The step's action in notation, for a divergence a step made (chance, over after a step,
    to_move, scores, state); "" when the arms differ at a position (set-up, legal_actions)."""
    only_a: tuple[Refusal, ...] = ()
    """Actions legal in arm A only, with arm B's refusal."""
    only_b: tuple[Refusal, ...] = ()
    fields: tuple[str, ...] = ()
    """What differs after the step: ``scores``, ``to_move``, ``view of seat N``, state paths."""
    scores: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    """Each arm's scores at the divergence (after the step, for a step's divergence)."""
    rules: tuple[str, ...] = ()
    """The rule IDs involved: refusals, the step's rules, the draw's rule."""
    detail: str = ""

    def description(self) -> str:
        """Plain words for a witness and the report."""
        where = f"step {self.step} (round {self.round})"
        if self.kind == "legal_actions":
            parts = [f"at {where} the legal actions differ"]
            for label, other, refusals in (("A", "B", self.only_a), ("B", "A", self.only_b)):
                for refusal in refusals[:SHOWN]:
                    rule = f"{refusal.rule}: " if refusal.rule else ""
                    parts.append(
                        f"{refusal.action} is legal in arm {label} only; arm {other} refuses "
                        f"it ({rule}{refusal.reason})"
                    )
            return "; ".join(parts)
        action = f"after {self.action} " if self.action else "after the set-up "
        if self.kind == "chance":
            return f"{action.replace('after', 'playing')}at {where} the draws differ: {self.detail}"
        if self.kind == "over":
            return f"{action}at {where} {self.detail}"
        shown = ", ".join(self.fields[:SHOWN]) + (" ..." if len(self.fields) > SHOWN else "")
        text = f"{action}at {where} the arms differ in: {shown}"
        if "scores" in self.fields:
            text += f" (scores A {list(self.scores[0])}, B {list(self.scores[1])})"
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "step": self.step,
            "round": self.round,
            "action": self.action,
            "only_a": [attrs.asdict(r) for r in self.only_a],
            "only_b": [attrs.asdict(r) for r in self.only_b],
            "fields": list(self.fields),
            "scores": [list(self.scores[0]), list(self.scores[1])],
            "rules": list(self.rules),
            "detail": self.detail,
            "description": self.description(),
        }


@frozen
class LockStep:
    """A game played in both arms: the steps both played alike and, at a divergence, each
    arm's state there (for a step's divergence arm B's state is the one before the step when
    arm B could not make it: a chance divergence)."""

    seed: int
    steps: tuple[Step, ...]
    """The steps both arms played alike (with the diverging step, when both could make it)."""
    final_a: Any
    """Arm A's state after ``steps``."""
    final_b: Any
    """Arm B's state after ``steps`` (None when arm B's set-up cannot use arm A's draws)."""
    divergence: Divergence | None
    pending: Step | None = None
    """The diverging step arm B could not make (a chance divergence), not in ``steps``."""


class _Lazy:
    """A value computed when first asked for (then kept)."""

    def __init__(self, make: Callable[[], Any]) -> None:
        self._make: Callable[[], Any] | None = make
        self._value: Any = None

    def __call__(self) -> Any:
        if self._make is not None:
            self._value, self._make = self._make(), None
        return self._value


def _step_rules(
    declaration: GameDeclaration, before: Any, action: Any, after: Any
) -> tuple[str, ...]:
    adapter = declaration.adapter
    return tuple(adapter.rules_in_play(before, adapter.step_rules(before, action, after)))


def _refusal(declaration: GameDeclaration, state: Any, action: Any, lister: Any) -> Refusal:
    text = declaration.notation.format(lister, action)
    try:
        problem = declaration.rules.explain(state, action)
    except RulesError as exc:  # an action the other arm cannot even read
        problem = IllegalAction("", str(exc))
    if problem is None:  # legal after all (the lists differ in some other way)
        return Refusal(text, "", "explain finds no refusal")
    return Refusal(text, problem.rule, problem.reason)


def _json_paths(a: Any, b: Any, path: str, found: list[str], limit: int) -> None:
    """The paths at which two JSON values differ (at most ``limit``, shallowest first)."""
    if len(found) >= limit or a == b:
        return
    if type(a) is dict and type(b) is dict:
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                found.append(f"{path}.{key}")
            else:
                _json_paths(a[key], b[key], f"{path}.{key}", found, limit)
            if len(found) >= limit:
                return
        return
    if type(a) is list and type(b) is list and len(a) == len(b):
        for index, (x, y) in enumerate(zip(a, b, strict=True)):
            _json_paths(x, y, f"{path}[{index}]", found, limit)
            if len(found) >= limit:
                return
        return
    found.append(path)


IGNORED_FIELDS = ("config", "chance")
"""State fields not compared: the config differs by design, the draws are compared apart."""


def state_fields(declaration: GameDeclaration, a: Any, b: Any) -> tuple[str, ...]:
    """What differs between two states of the two arms: scores, the seat to move, a seat's
    view, then the paths of the state's other fields (its JSON form) that differ."""
    rules = declaration.rules
    codec = rules.codec
    assert codec is not None  # a game without records cannot be compared (checked by ``check``)
    found: list[str] = []
    if tuple(rules.scores(a)) != tuple(rules.scores(b)):
        found.append("scores")
    if rules.current_player(a) != rules.current_player(b):
        found.append("to_move")
    seats = len(rules.scores(a))
    found += [
        f"view of seat {seat}"
        for seat in range(seats)
        if declaration.player_view(a, seat) != declaration.player_view(b, seat)
    ]
    if type(a) is type(b) and attrs.has(type(a)):
        names = [f.name for f in attrs.fields(type(a)) if f.name not in IGNORED_FIELDS]
        if all(getattr(a, name) == getattr(b, name) for name in names):
            return tuple(found)  # the JSON form would agree too (and is slow to make)
    json_a, json_b = codec.state_to_json(a), codec.state_to_json(b)
    for name in IGNORED_FIELDS:
        json_a.pop(name, None)
        json_b.pop(name, None)
    paths: list[str] = []
    _json_paths(json_a, json_b, "state", paths, SHOWN * 2)
    return (*found, *paths)


def _kind(fields: Sequence[str]) -> str:
    if "to_move" in fields:
        return "to_move"
    if "scores" in fields:
        return "scores"
    return "state"


def _rounds(declaration: GameDeclaration, state: Any) -> int:
    return int(declaration.study.rounds(state))


def _chance_words(declaration: GameDeclaration, drawn: Sequence[Outcome]) -> str:
    return (
        ", ".join(f"{kind}:{item}" for kind, item in drawn[:SHOWN])
        + (" ..." if len(drawn) > SHOWN else "")
        if drawn
        else "nothing"
    )


def play_lockstep(
    declaration: GameDeclaration,
    config_a: Any,
    config_b: Any,
    seed: int,
    choose: Choose,
    *,
    max_steps: int = MAX_STEPS,
) -> LockStep:
    """Play one game of both configs in lock-step from ``seed`` until they part (or the game
    ends alike in both)."""
    rules = declaration.rules
    codec = rules.codec
    if codec is None:
        raise RulesError(f"{declaration.name} cannot be recorded, so it cannot be compared")
    a = rules.new_game(config_a, seed)
    drawn_a = tuple(codec.chance_log(a))
    steps: list[Step] = []

    def diverged(b: Any, divergence: Divergence, pending: Step | None = None) -> LockStep:
        return LockStep(seed, tuple(steps), a, b, divergence, pending)

    try:
        b = codec.start(config_b, seed, drawn_a)
    except OutcomeNeeded as need:
        detail = f"arm B's set-up makes a {need.kind} draw arm A's does not make"
        found = Divergence("chance", 0, _rounds(declaration, a), rules=(need.rule,), detail=detail)
        return LockStep(seed, (), a, None, found)
    except IllegalAction as misfit:
        detail = f"arm B's set-up cannot draw arm A's outcomes ({misfit.reason})"
        found = Divergence(
            "chance", 0, _rounds(declaration, a), rules=(misfit.rule,), detail=detail
        )
        return LockStep(seed, (), a, None, found)
    if codec.chance_left(b):
        detail = f"arm A's set-up makes {codec.chance_left(b)} draws more than arm B's"
        found = Divergence(
            "chance", 0, _rounds(declaration, a), rules=(codec.chance_rule,), detail=detail
        )
        return diverged(b, found)
    fields = state_fields(declaration, a, b)
    if fields:
        found = Divergence(
            _kind(fields),
            0,
            _rounds(declaration, a),
            fields=fields,
            scores=(tuple(rules.scores(a)), tuple(rules.scores(b))),
            rules=(codec.turn_rule(a),) if "to_move" in fields else (),
        )
        return diverged(b, found)
    rng = seed_state(seed)
    while True:
        step = len(steps)
        over_a, over_b = rules.is_over(a), rules.is_over(b)
        if over_a and over_b:
            return LockStep(seed, tuple(steps), a, b, None)
        if over_a != over_b:
            ended = "A" if over_a else "B"
            detail = f"arm {ended}'s game is over and the other's is not"
            found = Divergence("over", step, _rounds(declaration, a), detail=detail)
            return diverged(b, found)
        if step >= max_steps:
            raise GameDidNotEnd(
                f"{declaration.name}: the game of seed {seed} has no end after {max_steps} steps"
            )
        legal_a = list(rules.legal_actions(a))
        legal_b = list(rules.legal_actions(b))
        if legal_a != legal_b and (set(legal_a) != set(legal_b) or len(legal_a) != len(legal_b)):
            in_b, in_a = set(legal_b), set(legal_a)
            only_a = tuple(_refusal(declaration, b, x, a) for x in legal_a if x not in in_b)
            only_b = tuple(_refusal(declaration, a, x, b) for x in legal_b if x not in in_a)
            refusals = [r.rule for r in (*only_a, *only_b) if r.rule]
            found = Divergence(
                "legal_actions",
                step,
                _rounds(declaration, a),
                only_a=only_a,
                only_b=only_b,
                rules=tuple(dict.fromkeys(refusals)),
            )
            return diverged(b, found)
        seat = rules.current_player(a)
        index, rng = choose(a, legal_a, seat, rng)
        action = legal_a[index]
        after_a = rules.apply(a, action)
        log_a = codec.chance_log(after_a)
        new = tuple(log_a[len(drawn_a) :])
        round_now = _rounds(declaration, a)
        # named only at a divergence: the rules of a step are slow to find
        text = _Lazy(partial(declaration.notation.format, a, action))
        step_rules = _Lazy(partial(_step_rules, declaration, a, action, after_a))
        mismatch: tuple[str, str] | None = None  # arm B cannot replay A's draws: rule, how
        try:
            after_b = rules.apply(declaration.adapter.with_script(b, new), action)
        except OutcomeNeeded as need:
            mismatch = (need.rule, f"makes a {need.kind} draw beyond them")
        except IllegalAction as refused:
            mismatch = (refused.rule, f"cannot draw them ({refused.reason})")
        else:
            left = codec.chance_left(after_b)
            if left:
                mismatch = (codec.chance_rule, f"makes {left} of these draws fewer")
        if mismatch is not None:
            rule, how = mismatch
            found = Divergence(
                "chance",
                step,
                round_now,
                text(),
                rules=tuple(dict.fromkeys((rule, *step_rules()))),
                detail=f"arm A draws {_chance_words(declaration, new)}; arm B {how}",
            )
            return diverged(b, found, (seat, action))
        steps.append((seat, action))
        before = a
        a, b, drawn_a = after_a, after_b, tuple(log_a)
        over_a, over_b = rules.is_over(a), rules.is_over(b)
        scores = (tuple(rules.scores(a)), tuple(rules.scores(b)))
        if over_a != over_b:
            ended = "A" if over_a else "B"
            found = Divergence(
                "over",
                step,
                round_now,
                text(),
                scores=scores,
                rules=step_rules(),
                detail=f"arm {ended}'s game is over and the other's is not",
            )
            return diverged(b, found)
        fields = state_fields(declaration, a, b)
        if fields:
            behind = (
                declaration.adapter.rules_in_play(
                    a, declaration.adapter.score_rules(before, action, a)
                )
                if "scores" in fields
                else step_rules()
            )
            found = Divergence(
                _kind(fields),
                step,
                round_now,
                text(),
                fields=fields,
                scores=scores,
                rules=tuple(dict.fromkeys(behind)),
            )
            return diverged(b, found)


__all__ = [
    "KINDS",
    "Divergence",
    "LockStep",
    "Refusal",
    "play_lockstep",
    "state_fields",
]
