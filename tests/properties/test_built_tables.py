"""What the tables hold, built once per config (``Tables.hooks`` and the named fields) or once
at import, agrees with the rule stated plainly; and what a ``ValueCache`` on the tables answers
is what its function works out."""

from __future__ import annotations

from itertools import product

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from fresco_rules import fresco
from fresco_rules.fresco import extensions as ext
from fresco_rules.fresco import plugins, turns
from fresco_rules.fresco.actions import Restore, RestoreAltar, SubmitPlan
from fresco_rules.fresco.config import SIDE_1, SIDE_2, SIDE_2_WITH_FIRST, SecondCathedral
from fresco_rules.fresco.scoring import NEIGHBOURS
from fresco_rules.fresco.state import Phase, module_slot
from fresco_rules.fresco.vocab import SEGMENTS, Location, paint_counts

from ..hypothesis_profiles import examples

MODULE_SETS = st.sets(st.sampled_from(sorted(fresco.Module, key=lambda m: m.value)))


def _config(players: int, modules: set[fresco.Module], with_first: bool) -> fresco.GameConfig:
    second = SecondCathedral.WITH_FIRST if with_first else SecondCathedral.THEATRE_SLOT
    return fresco.GameConfig(players=players, modules=frozenset(modules), second_cathedral=second)


def test_plans_for_are_every_plan_within_the_apprentices() -> None:
    """R0.25-R0.27: at most 3 apprentices a column, ``apprentices`` in all, the last column the
    theatre on side 1 and the second cathedral on side 2; in counting order."""
    for side in (1, 2):
        for apprentices in range(-1, 18):
            expected = tuple(
                SubmitPlan(m, c, s, w, **{"theatre" if side == 1 else "cathedral_2": last})
                for m, c, s, w, last in product(range(4), repeat=5)
                if m + c + s + w + last <= apprentices
            )
            assert turns.plans_for(apprentices, side) == expected


def test_restorations_with_a_bishop_step_are_one_per_neighbour() -> None:
    for index, segment in enumerate(SEGMENTS):
        for bishop in SEGMENTS:
            expected = tuple(Restore(segment, to) for to in NEIGHBOURS[bishop])
            assert turns.restores_moving(index, bishop) == expected


@settings(max_examples=examples(25), deadline=None)
@given(players=st.integers(2, 4), modules=MODULE_SETS, with_first=st.booleans())
def test_the_hooks_are_the_modules_that_override_each_point(
    players: int, modules: set[fresco.Module], with_first: bool
) -> None:
    """``Tables.hooks``: at each extension point, the modules in play whose rules override the
    hook, in module order; the ``pending`` hooks as the declarations say; the stages and round
    marks of every module in play."""
    tables = plugins.derive_tables(_config(players, modules, with_first))
    rules = tables.modules
    assert [type(m).module for m in rules] == sorted(modules, key=lambda m: m.value)
    hooks = tables.hooks

    def overriding(name: str) -> list[object]:
        return [m for m in rules if getattr(type(m), name) is not getattr(ext.ModuleRules, name)]

    for field in attrs.fields(type(hooks)):
        if field.name in ext._PER_POINT:
            bound = getattr(hooks, field.name)
            assert [hook.__self__ for hook in bound] == overriding(field.name)
            assert all(hook.__name__ == field.name for hook in bound)
    asked = overriding("pending")
    idle = [m for m in asked if not m.pending_only_restoring]  # type: ignore[attr-defined]
    assert [h.__self__ for h in hooks.pending_restoring] == asked  # type: ignore[attr-defined]
    for phase in Phase:
        declared = [m.pending_phases for m in idle]  # type: ignore[attr-defined]
        in_phase = [m for m, d in zip(idle, declared, strict=True) if d is None or phase in d]
        found = hooks.pending_idle.get(phase, ())
        assert [h.__self__ for h in found] == in_phase  # type: ignore[attr-defined]
    acting = [h.__self__ for h in hooks.pending_idle.get(Phase.ACTION, ())]  # type: ignore[attr-defined]
    between = [m for m in acting if m.pending_between_turns]
    assert [h.__self__ for h in hooks.pending_between] == between  # type: ignore[attr-defined]
    for location in Location:
        expected = [
            m
            for m in overriding("legal_in_turn")
            if m.turn_locations is None or location in m.turn_locations  # type: ignore[attr-defined]
        ]
        found = hooks.legal_in_turn[location]
        assert [h.__self__ for h in found] == expected  # type: ignore[attr-defined]
    assert hooks.segment_stages == tuple((m, s) for m in rules for s in m.segment_stages)
    assert hooks.altar_stages == tuple((m, s) for m in rules for s in m.altar_stages)
    marks = [(module_slot(m.module), m.round_marks(tables)) for m in rules]
    assert list(hooks.round_marks) == [(slot, found) for slot, found in marks if found is not None]
    assert all(hooks.by_kind[type(m)] is m for m in rules)


@settings(max_examples=examples(25), deadline=None)
@given(players=st.integers(2, 4), modules=MODULE_SETS, with_first=st.booleans())
def test_the_per_config_values_are_the_rule_with_the_modules_hooks(
    players: int, modules: set[fresco.Module], with_first: bool
) -> None:
    """R0.29/A0.7 location sequences, R0.72/R0.78 Leonardo's plans, with every module's
    ``location_sequence`` and ``leonardo_plan`` applied in module order; R0.47 blend needs."""
    tables = plugins.derive_tables(_config(players, modules, with_first))
    side_2 = SIDE_2_WITH_FIRST if with_first else SIDE_2
    plans = (SubmitPlan(market=1, cathedral=1), SubmitPlan(market=1, cathedral=0))
    sequences = [SIDE_1, side_2]
    for module in tables.modules:
        sequences = [module.location_sequence(tables, seq) for seq in sequences]
        plans = tuple(module.leonardo_plan(tables, plan) for plan in plans)
    assert list(tables.location_sequences) == sequences
    assert tables.leonardo_plans == plans
    for action, a, b in tables.blend_needs:
        first, second = tables.blends[action.result]
        assert (paint_counts((first,)).index(1), paint_counts((second,)).index(1)) == (a, b)
    results = [action.result for action, _, _ in tables.blend_needs]
    assert sorted(results, key=str) == sorted(tables.blends, key=str)


@settings(max_examples=examples(40), deadline=None)
@given(
    modules=MODULE_SETS,
    holdings=st.lists(st.tuples(*[st.integers(0, 4)] * 6), min_size=1, max_size=6),
)
def test_the_caches_on_the_tables_answer_as_the_rule(
    modules: set[fresco.Module], holdings: list[tuple[int, ...]]
) -> None:
    """R0.39: the tiles a holding covers; R0.43/R3.8: the altar hand-ins it can make; R0.17:
    the free get-up spaces; each asked twice (the second answer from the cache)."""
    state = fresco.new_game(fresco.GameConfig(players=3, modules=frozenset(modules)), 1)
    tables = state.tables
    for have in holdings * 2:
        covered = {tile for tile, need in tables.fresco_pieces.items() if turns.covers(have, need)}
        assert turns.coverable(state, have) == covered
        hand_ins = tuple(
            RestoreAltar(paints)
            for paints, _ in tables.altar_hand_ins
            if turns.covers(have, paint_counts(paints))
        )
        assert tables.altar_options.get(tables, have, turns.altar_options) == hand_ins
        hostel = tuple(min(n, len(tables.hostel)) - 1 for n in have[: tables.actors])
        free = [slot for slot in range(len(tables.hostel)) if slot not in hostel]
        got = turns.legal_get_up(attrs.evolve(state, hostel=hostel))
        assert [g.slot for g in got] == free
