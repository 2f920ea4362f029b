"""Hypothesis strategies and laws for Barbarossa shared by the property tests."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from fresco_rules.barbarossa import (
    Answer,
    AskLetter,
    AskQuestion,
    CallCurses,
    CurseInOwnSolution,
    DeclineLetter,
    EventKind,
    FinishTiebreak,
    FirstPlayer,
    GameConfig,
    GiveLetter,
    Guess,
    GuessResolution,
    JewelMove,
    Judge,
    LetterCheck,
    QuestionPhase,
    Reply,
    RollDie,
    SpendJewels,
    State,
    Step,
    StopAsking,
    Track,
    Verdict,
    token_ledger,
)
from fresco_rules.barbarossa.flow import eligible_callers

RINGS = st.permutations(
    [
        EventKind.QUESTION,
        EventKind.JEWEL,
        EventKind.DRAGON,
        EventKind.LETTER_DWARF,
        EventKind.JEWEL,
        EventKind.DRAGON,
    ]
).map(tuple)
TRACKS = st.one_of(
    st.none(),
    st.builds(
        lambda start, length: Track(spaces=start + length + 1, start=start, finish=start + length),
        st.integers(0, 8),
        st.integers(3, 120),
    ),
)
"""The shipped track, or a caller-supplied one: short ones end at Finish, long ones by the
13th arrow (A-B.2)."""

configs = st.builds(
    GameConfig,
    players=st.sampled_from([3, 4]),
    first_player=st.integers(0, 2),
    event_ring=st.one_of(st.none(), RINGS),
    track=TRACKS,
    guess_resolution=st.sampled_from(GuessResolution),
    finish_tiebreak=st.sampled_from(FinishTiebreak),
    max_jewel_move=st.sampled_from(JewelMove),
    question_phase=st.sampled_from(QuestionPhase),
    curse_in_own_solution=st.sampled_from(CurseInOwnSolution),
    letter_check=st.sampled_from(LetterCheck),
    first_player_choice=st.sampled_from(FirstPlayer),
    unguessed_penalty=st.integers(0, 3),
)
"""Both player counts with every combination of interpretation options."""

small = st.integers(-2, 14)
odd_values: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.text(max_size=3),
    st.floats(allow_nan=True),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.lists(st.integers(), max_size=3),
)

junk_actions: st.SearchStrategy[Any] = st.one_of(
    st.just(RollDie()),
    st.builds(SpendJewels, small),
    st.builds(AskLetter, small, small),
    st.just(DeclineLetter()),
    st.builds(GiveLetter, st.sampled_from(["a", "E", "z", "Ä", "?", "", "ab"])),
    st.builds(AskQuestion, small),
    st.builds(Answer, st.sampled_from(Reply)),
    st.just(StopAsking()),
    st.builds(Guess, small),
    st.builds(Judge, st.sampled_from(Verdict)),
    st.builds(CallCurses, st.lists(st.integers(-1, 4), max_size=4).map(tuple)),
    # wrong shapes: odd field values, and things that are no action at all
    st.builds(SpendJewels, odd_values),
    st.builds(AskLetter, odd_values, odd_values),
    st.builds(GiveLetter, odd_values),
    st.builds(AskQuestion, odd_values),
    st.builds(Answer, odd_values),
    st.builds(Guess, odd_values),
    st.builds(Judge, odd_values),
    st.builds(CallCurses, odd_values),
    odd_values,
)
"""Arbitrary, mostly illegal actions, malformed ones included."""


def barbarossa_laws(state: State, previous: State | None) -> None:
    """Barbarossa's own invariants, checked after every step."""
    tables = state.tables
    players = tables.players
    ledger = token_ledger(state)
    assert sum(ledger["arrows"].values()) == 13, "B3: 13 arrows, in the supply or in objects"
    assert ledger["arrows"]["supply"] >= 0
    for obj, holders in enumerate(state.arrows):
        assert len(holders) <= 2, "B14: at most 2 arrows per object"
        assert len(set(holders)) == len(holders), "A-B.14: one arrow per guesser and object"
        assert tables.owners[obj] not in holders, "A-B.14: nobody guesses his own object"
    assert all(0 <= jewels <= 13 for jewels in state.jewels), "B22: jewels within 0..13"
    assert sum(state.curses) + state.discarded == 3 * players, "B17: curse tokens conserved"
    assert all(0 <= curses <= 3 for curses in state.curses)
    finish = tables.track.finish
    assert all(0 <= disc <= finish for disc in state.discs), "A-B.3/A-B.4: discs on the track"
    assert all(0 <= tile < 6 for tile in state.pawns)
    over = state.step is Step.OVER
    assert over == bool(state.winners), "winners exactly at the end"
    if over and finish in state.discs and state.arrows_placed() < 13:
        assert all(state.discs[seat] == finish for seat in state.winners), "B19: Finish wins"
    if over and finish not in state.discs:
        assert state.arrows_placed() == 13, "B19: the only other end is the 13th arrow"
        best = max(state.discs)
        assert state.winners == tuple(s for s, disc in enumerate(state.discs) if disc == best)
    if state.window is not None:
        assert eligible_callers(state), "A-B.12: a window opens only for possible callers"
    if previous is not None:
        assert state.arrows_placed() >= previous.arrows_placed(), "arrows never leave objects"
        assert state.discarded >= previous.discarded, "discarded curses stay discarded"
        for old, new in zip(previous.curses, state.curses, strict=True):
            assert new <= old, "curse tokens are never regained"
