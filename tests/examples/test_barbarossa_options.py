"""Barbarossa's interpretation decisions (barbarossa.md section A): every ``GameConfig`` option
under every value, each test showing an observable difference the option makes, and the
decisions without alternatives where they can be observed."""

from __future__ import annotations

import pytest
from attrs import evolve

from fresco_rules.barbarossa import (
    LAST_LETTER,
    NO_SUCH_LETTER,
    OPTION_TYPES,
    Answer,
    AskLetter,
    AskQuestion,
    CallCurses,
    CurseInOwnSolution,
    Event,
    EventKind,
    FirstPlayer,
    GameConfig,
    GiveLetter,
    Guess,
    InvalidConfig,
    JewelMove,
    Judge,
    LetterCheck,
    NoSuchLetter,
    QuestionPhase,
    Reply,
    RingMode,
    RollDie,
    SpendJewels,
    State,
    Step,
    StopAsking,
    Track,
    Verdict,
    apply,
    components_from_mapping,
    components_to_mapping,
    current_player,
    default_components,
    guess_matches,
    legal_actions,
    new_game,
    player_view,
    public_log,
    winners,
)

from .barbarossa_fixtures import (
    JEWEL_TILE,
    WORDS_4,
    A,
    B,
    C,
    D,
    close_window,
    game,
    play,
    quiet,
    refused,
    with_arrows,
    with_discs,
    with_jewels,
)

YES, NO = Answer(Reply.YES), Answer(Reply.NO)
RIGHT, WRONG = Judge(Verdict.RIGHT), Judge(Verdict.WRONG)
B_OBJECT, C_OBJECT, D_OBJECT = 2, 4, 6
CHECKED_RING = (
    EventKind.JEWEL,
    EventKind.QUESTION,
    EventKind.DRAGON,
    EventKind.DRAGON,
    EventKind.LETTER_DWARF,
    EventKind.JEWEL,
)
"""A replacement ring (not the provisional one): "?" on tile 2."""


def solution_phase(state: State) -> State:
    state = play(state, RollDie(), AskQuestion(C_OBJECT), NO)
    assert state.step is Step.SOLUTION, state.where()
    return state


@pytest.mark.rule(
    "A-B.1", "A-B.5", "A-B.6", "A-B.9", "A-B.10", "A-B.11", "A-B.15", "A-B.17", "A-B.18"
)
def test_every_option_has_the_specs_default() -> None:
    config = GameConfig()
    defaults = {name: getattr(config, name).value for name in OPTION_TYPES}
    assert defaults == {
        "ring": "provisional",
        "guess_resolution": "guesser_first",
        "finish_tiebreak": "co_winners",
        "max_jewel_move": "6",
        "question_phase": "stop_to_guess",
        "curse_in_own_solution": "allowed",
        "letter_check": "on",
        "first_player_choice": "setup",
    }
    assert config.unguessed_penalty == 0 and config.event_ring is None and config.track is None
    for name in OPTION_TYPES:
        with pytest.raises(InvalidConfig, match=name):
            new_game(GameConfig(**{name: "x"}))  # type: ignore[arg-type]


@pytest.mark.rule("A-B.1", "B3")
def test_A_B_1_event_ring() -> None:
    assert default_components().provisional() == tuple(f"$.ring[{i}]" for i in range(6))
    with pytest.raises(InvalidConfig, match=r"A-B\.1: ring=strict needs a checked event ring"):
        new_game(GameConfig(ring=RingMode.STRICT))
    for ring in (RingMode.STRICT, RingMode.PROVISIONAL):
        state = play(game(dice=[2], ring=ring, event_ring=CHECKED_RING), RollDie())
        assert state.tables.ring == CHECKED_RING
        assert state.pawns[A] == 3  # the pawns started on "?" (tile 2) and moved 2
        assert state.discs == (5, 6, 6, 6)  # tile 4 is a Dragon on this ring
    raw = components_to_mapping(default_components())
    for tile in raw["ring"]:
        tile["provenance"] = "rulebook"
    checked = components_from_mapping(raw)
    strict = new_game(GameConfig(ring=RingMode.STRICT, components=checked))
    assert strict.tables.ring == game().tables.ring  # the same kinds, now a checked ring
    for bad in (CHECKED_RING[:5], (EventKind.QUESTION,) * 6, (*CHECKED_RING[:5], "dragons")):
        with pytest.raises(InvalidConfig, match=r"A-B\.1"):
            new_game(GameConfig(event_ring=bad))


@pytest.mark.rule("A-B.2", "B19")
def test_A_B_2_track_geometry() -> None:
    assert default_components().track == Track(32, 5, 31, "review")
    short = Track(spaces=12, start=2, finish=9)
    state = game(dice=[2], track=short)
    assert state.discs == (2, 2, 2, 2)
    state = play(with_discs(state, {C: 8}), RollDie())  # a Dragon: C reaches index 9
    assert winners(state) == (C,) and state.discs == (2, 3, 9, 3)
    for bad in (Track(12, 9, 9), Track(12, 2, 12), Track(1, 0, 0)):
        with pytest.raises(InvalidConfig, match=r"A-B\.2"):
            game(track=bad)


@pytest.mark.rule("A-B.3")
def test_A_B_3_no_disc_below_index_0() -> None:
    state = with_discs(game(dice=[6]), {D: 0})
    state = play(solution_phase(state), Guess(D_OBJECT), RIGHT)  # D -2 from 0
    assert state.discs == (10, 5, 5, 0)


@pytest.mark.rule("A-B.4")
def test_A_B_4_passing_finish_stops_on_it() -> None:
    state = with_discs(solution_phase(game(dice=[6])), {A: 30})
    state = play(state, Guess(D_OBJECT), RIGHT)
    assert state.discs[A] == 31 and state.overshoot[A] == 4 and winners(state) == (A,)


@pytest.mark.rule("A-B.5")
def test_A_B_5_sculptor_reaches_finish_after_the_guesser() -> None:
    # Guesser first: the guesser does not reach Finish, then the sculptor's +2 (7 arrows) does.
    state = with_arrows(game(dice=[6]), {0: (B, C), 1: (B, C), 3: (A,), 5: (A,)})
    state = with_discs(state, {D: 29})
    state = play(solution_phase(state), Guess(D_OBJECT), RIGHT)
    assert state.discs == (10, 5, 5, 31) and winners(state) == (D,)


@pytest.mark.rule("A-B.6", "A-B.19")
def test_A_B_6_dragon_brings_several_discs_to_finish() -> None:
    state = with_discs(game(dice=[2]), {B: 30, D: 30, A: 30})
    state = play(state, RollDie())  # A lands on the Dragon: B and D reach Finish together
    assert state.discs == (30, 31, 6, 31) and winners(state) == (B, D)


@pytest.mark.rule("A-B.7", "A-B.8", "A-B.17", "B23")
@pytest.mark.parametrize("penalty", [0, 3])
def test_A_B_17_unguessed_objects(penalty: int) -> None:
    twelve = {0: (B, C), 1: (B, C), B_OBJECT: (A, C), 3: (A, C), C_OBJECT: (A, B), 5: (A, B)}
    state = with_arrows(game(dice=[6], unguessed_penalty=penalty), twelve)
    state = with_discs(state, {A: 20, B: 21, C: 22, D: 28})
    state = play(solution_phase(state), Guess(D_OBJECT), RIGHT)  # the 13th arrow
    # A +5 -> 25; D -2 -> 26 (13 arrows). Object 7 (D's) has no arrow.
    if penalty:  # D moves 3 back before the winner is decided
        assert state.discs == (25, 21, 22, 23) and winners(state) == (A,)
    else:  # no penalty: the furthest disc, D's, wins
        assert state.discs == (25, 21, 22, 26) and winners(state) == (D,)
    with pytest.raises(InvalidConfig, match=r"A-B\.17"):
        game(unguessed_penalty=-1)


@pytest.mark.rule("A-B.8")
def test_A_B_8_thirteenth_arrow_with_a_finish() -> None:
    twelve = {0: (B, C), 1: (B, C), B_OBJECT: (A, C), 3: (A, C), C_OBJECT: (A, B), 5: (A, B)}
    state = with_discs(with_arrows(game(dice=[6]), twelve), {A: 27, B: 30})
    state = play(solution_phase(state), Guess(D_OBJECT), RIGHT)
    assert state.discs == (31, 30, 5, 5) and winners(state) == (A,)  # Finish, not furthest


@pytest.mark.rule("A-B.9", "B5")
@pytest.mark.parametrize("limit", list(JewelMove))
def test_A_B_9_jewel_spending_limit(limit: JewelMove) -> None:
    state = game(max_jewel_move=limit)
    spends = [a.count for a in legal_actions(state) if isinstance(a, SpendJewels)]
    if limit is JewelMove.SIX:
        assert spends == [1, 2, 3, 4, 5, 6]
        assert play(state, SpendJewels(6)).step is Step.QUESTION  # back on "?": it acts
    elif limit is JewelMove.FIVE:
        assert spends == [1, 2, 3, 4, 5]
        refused(state, SpendJewels(6), "A-B.9")
    else:
        assert spends == list(range(1, 13))
        state = play(state, SpendJewels(7))  # once around and one more: tile 2
        assert state.pawns[A] == JEWEL_TILE and state.jewels[A] == 6  # 12 - 7 + 1


@pytest.mark.rule("A-B.10")
@pytest.mark.parametrize("phase", list(QuestionPhase))
def test_A_B_10_leaving_the_question_phase(phase: QuestionPhase) -> None:
    state = play(game(dice=[6], question_phase=phase), RollDie())
    asked = play(state, AskQuestion(B_OBJECT), YES)  # still the question phase
    solution = play(state, AskQuestion(B_OBJECT), NO)
    if phase is QuestionPhase.STOP_TO_GUESS:
        # Before the first question the "?" tile may be declined: the turn ends.
        assert StopAsking() in legal_actions(state)
        assert play(state, StopAsking()).active == B
        # After a question, stopping leads into the solution phase ...
        stopped = play(asked, StopAsking())
        assert (stopped.active, stopped.step) == (A, Step.SOLUTION)
        assert Guess(B_OBJECT) in legal_actions(stopped)
        # ... which ends only with a guess or a NO (seed 003, B11).
        for position in (stopped, solution):
            assert StopAsking() not in legal_actions(position)
            problem = refused(position, StopAsking(), "A-B.10")
            assert "only with a guess or a NO" in problem.reason
        assert play(stopped, AskQuestion(C_OBJECT), NO).active == B
        assert play(stopped, Guess(B_OBJECT), WRONG).active == B
    elif phase is QuestionPhase.MAY_STOP:
        assert StopAsking() in legal_actions(state) and StopAsking() in legal_actions(solution)
        assert play(state, StopAsking()).active == B
        assert play(asked, StopAsking()).active == B  # the old default: the turn ends
        assert play(solution, StopAsking()).active == B  # no guess, the turn ends
    else:
        for position in (state, solution):
            assert StopAsking() not in legal_actions(position)
            refused(position, StopAsking(), "A-B.10")


@pytest.mark.rule("A-B.11")
@pytest.mark.parametrize("own", list(CurseInOwnSolution))
def test_A_B_11_curse_in_own_solution_phase(own: CurseInOwnSolution) -> None:
    state = play(game(dice=[6], curse_in_own_solution=own), RollDie(), AskQuestion(C_OBJECT))
    state = apply(state, NO)
    if own is CurseInOwnSolution.ALLOWED:
        assert legal_actions(state) == (CallCurses(()), CallCurses((A,)))
        state = play(state, CallCurses((A,)), Guess(B_OBJECT), RIGHT)  # a first guess ...
        state = play(state, Guess(D_OBJECT), RIGHT)  # ... and a second one in one turn
        assert state.discs == (15, 3, 5, 3)
    else:
        assert state.window is None  # nobody may call: no window opens
        refused(state, CallCurses((A,)), "A-B.12")


@pytest.mark.rule("A-B.12")
def test_A_B_12_a_window_after_every_event() -> None:
    windows: list[Event | None] = []
    state = game(dice=[6, 3])
    for action in (RollDie(), AskQuestion(B_OBJECT), YES, AskQuestion(B_OBJECT), NO):
        state = apply(state, action)
        while state.window is not None:
            windows.append(state.window)
            state = close_window(state)
    state = apply(state, Guess(B_OBJECT))
    state = apply(state, WRONG)
    windows.append(state.window)
    state = apply(close_window(state), RollDie())
    windows.append(state.window)
    state = close_window(state)
    windows.append(state.window)
    state = close_window(state)
    assert state.step is Step.LETTER
    state = play(state, AskLetter(0, 1))
    state = apply(state, GiveLetter("H"))
    windows.append(state.window)
    state = apply(state, CallCurses((C,)))
    state = apply(state, AskLetter(0, 2))
    state = apply(state, GiveLetter("E"))
    windows.append(state.window)
    assert windows == [
        Event.ROLL, Event.MOVE, Event.ANSWER, Event.ANSWER, Event.VERDICT,
        Event.ROLL, Event.MOVE, Event.TILE, Event.CURSE,
    ]  # fmt: skip
    # Once nobody may call, no window opens at all.
    spent = evolve(game(dice=[1]), curses=(0, 0, 0, 0), discarded=12)
    after = apply(spent, RollDie())
    assert after.window is None and after.active == B


@pytest.mark.rule("A-B.13")
def test_A_B_13_a_curse_guess_scores_like_any_guess() -> None:
    state = apply(game(dice=[1]), RollDie())
    state = play(state, CallCurses((C,)), Guess(D_OBJECT), RIGHT)
    assert state.discs == (5, 5, 10, 3)  # C +5, D -2
    assert state.arrows[D_OBJECT] == (C,)


@pytest.mark.rule("A-B.14")
def test_A_B_14_who_may_guess_and_ask_what() -> None:
    state = with_arrows(solution_phase(game(dice=[6])), {D_OBJECT: (A,)})
    refused(state, Guess(0), "A-B.14")  # his own object
    refused(state, Guess(D_OBJECT), "A-B.14")  # he holds an arrow in it
    refused(state, AskQuestion(1), "A-B.14")
    guesses = [a.obj for a in legal_actions(state) if isinstance(a, Guess)]
    assert guesses == [2, 3, 4, 5, 7]


@pytest.mark.rule("A-B.15")
@pytest.mark.parametrize("check", list(LetterCheck))
def test_A_B_15_letter_requests(check: LetterCheck) -> None:
    words = (("Teddy Bear", "anchor"), *WORDS_4[1:])
    config = GameConfig(objects=words, letter_check=check)
    start = quiet(new_game(config, chance=[("die", "6"), ("die", "3")]))
    state = play(start, RollDie(), StopAsking())
    state = play(state, RollDie())  # B on the Letter Dwarf
    # The same positions 1..16 and "last" for every object, whatever its length.
    most = default_components().word_limit.max_letters
    assert most == 16
    offered = [a for a in legal_actions(state) if isinstance(a, AskLetter)]
    for obj in (0, 1, 4, 7):  # TEDDYBEAR (9), ANCHOR (6), BICYCLE (7), KEY (3)
        positions = [a.position for a in offered if a.obj == obj]
        assert positions == [*range(1, most + 1), LAST_LETTER]
    refused(state, AskLetter(0, 0), "A-B.15")
    problem = refused(state, AskLetter(0, most + 1), "A-B.15")
    assert problem.reason == f"position {most + 1} is not one of 1-{most} or -1 (the last letter)"
    assert refused(state, AskLetter(1, most + 1), "A-B.15").reason == problem.reason
    state = apply(state, AskLetter(0, 6))
    if check is LetterCheck.ON:
        assert legal_actions(state) == (GiveLetter("B"),)  # spaces removed, case ignored
        refused(state, GiveLetter("D"), "A-B.15")
        refused(state, NoSuchLetter(), "A-B.15")
        assert GiveLetter("b") == GiveLetter("B")
    else:
        assert len(legal_actions(state)) == 27  # A-Z and "no such letter"
        assert play(state, GiveLetter("z")).notes[-1].letter == "Z"  # taken as given
    refused(state, GiveLetter("?"), "A-B.15")
    refused(state, GiveLetter("ab"), "B9", malformed=True)
    # The same position may be asked again.
    again = play(state, GiveLetter("B"), RollDie()) if check is LetterCheck.ON else None
    assert again is None or again.notes[-1].position == 6


@pytest.mark.rule("A-B.15", "B9", "B24")
@pytest.mark.parametrize("check", list(LetterCheck))
def test_A_B_15_no_such_letter_and_the_last_letter(check: LetterCheck) -> None:
    config = GameConfig(objects=WORDS_4, letter_check=check)
    state = play(quiet(new_game(config, chance=[("die", "3")])), RollDie())  # the Letter Dwarf
    beyond = apply(state, AskLetter(7, 4))  # KEY has 3 letters
    if check is LetterCheck.ON:
        assert legal_actions(beyond) == (NoSuchLetter(),)
        refused(beyond, GiveLetter("K"), "A-B.15")
    else:
        assert NoSuchLetter() in legal_actions(beyond)
    after = play(beyond, NoSuchLetter())
    assert after.notes[-1].letter == NO_SUCH_LETTER and after.notes[-1].position == 4
    # Everyone hears the request and its position; only asker and sculptor see the answer.
    assert public_log(after) == ("seat 0 asked seat 3 for letter 4 of object 3b (seat 3's 2nd)",)
    assert player_view(after, A)["letters"] == ((A, 7, 4, NO_SUCH_LETTER),)
    assert player_view(after, B)["letters"] == ()
    last = apply(state, AskLetter(4, LAST_LETTER))  # BICYCLE ends in E
    if check is LetterCheck.ON:
        assert legal_actions(last) == (GiveLetter("E"),)
    refused(last, NoSuchLetter(), "A-B.15")  # every word has a last letter
    assert public_log(play(last, GiveLetter("E")))[-1].endswith(
        "for the last letter of object 2a (seat 2's 1st)"
    )


@pytest.mark.rule("A-B.16")
def test_A_B_16_judgements_are_inputs() -> None:
    state = play(game(dice=[6]), RollDie(), AskQuestion(B_OBJECT))
    assert legal_actions(state) == tuple(Answer(reply) for reply in Reply)
    state = play(state, NO, Guess(B_OBJECT))
    assert legal_actions(state) == (RIGHT, WRONG)  # the verdict always decides
    assert guess_matches("teapot", "The Teapot") and guess_matches("l'ancora", "ancora")
    assert not guess_matches("teapot", "kettle") and not guess_matches("", "")


@pytest.mark.rule("A-B.18", "B4")
@pytest.mark.parametrize("choice", list(FirstPlayer))
def test_A_B_18_first_player(choice: FirstPlayer) -> None:
    firsts = set()
    for seed in range(40):
        state = new_game(GameConfig(first_player=B, first_player_choice=choice), seed)
        firsts.add(current_player(state))
        if choice is FirstPlayer.RANDOM:
            assert state.chance.log == (("first_player", str(state.active)),)
    assert firsts == ({B} if choice is FirstPlayer.SETUP else {A, B, C, D})
    recorded = new_game(
        GameConfig(first_player_choice=FirstPlayer.RANDOM), 0, chance=[("first_player", "3")]
    )
    assert recorded.active == D


@pytest.mark.rule("A-B.20")
def test_A_B_20_curse_effect_must_be_possible() -> None:
    full = {obj: (A, B) for obj in (4, 5)} | {obj: (A, C) for obj in (6, 7)}
    state = with_arrows(game(dice=[1]), {**full, 2: (A,), 3: (A,)})  # A can guess nothing
    state = apply(with_discs(state, {}), RollDie())
    state = apply(state, CallCurses((A,)))
    assert not any(isinstance(action, Guess) for action in legal_actions(state))
    refused(state, Guess(2), "A-B.14")
    refused(state, Guess(4), "B14")
    assert play(state, AskLetter(2, 1), GiveLetter("T")).notes[-1].curse  # a letter is possible


@pytest.mark.rule("A-B.21")
def test_A_B_21_public_log() -> None:
    state = apply(game(dice=[1, 6]), RollDie())
    state = play(state, CallCurses((B,)), AskLetter(C_OBJECT, 1), GiveLetter("B"))
    state = play(state, RollDie(), AskQuestion(0), NO, Guess(0), RIGHT)
    assert public_log(state) == (
        "seat 1 asked seat 2 with a curse for letter 1 of object 2a (seat 2's 1st)",
        "seat 1 asked about object 0a (seat 0's 1st): NO",
        "seat 1's guess on object 0a (seat 0's 1st) was right",
    )
    assert "B" not in " ".join(public_log(state)).replace("seat", "")


@pytest.mark.rule("A-B.22")
def test_A_B_22_nothing_left_to_guess() -> None:
    done = {obj: (B, C) for obj in (2, 3, 4, 5)} | {6: (B, C), 7: (A,)}
    state = with_arrows(game(dice=[6]), done)
    state = solution_phase(state)
    assert not any(isinstance(action, Guess) for action in legal_actions(state))
    assert AskQuestion(D_OBJECT) in legal_actions(state)  # questions are still allowed
    refused(state, Guess(7), "A-B.14")
    refused(state, Guess(6), "B14")


@pytest.mark.rule("A-B.12", "B17")
def test_curse_before_the_dragon_changes_who_finishes() -> None:
    # A window after the move and before the Dragon's effect: D's curse guess reaches Finish
    # first and wins alone; without it, B reaches Finish with the Dragon.
    state = with_discs(game(dice=[2]), {B: 30, D: 26})
    state = apply(state, RollDie())
    state = close_window(state)
    assert state.window is Event.MOVE
    cursed = play(state, CallCurses((D,)), Guess(0), RIGHT)
    assert winners(cursed) == (D,)
    assert winners(quiet(state)) == (B,)
    assert current_player(cursed) is None


@pytest.mark.rule("B22", "A-B.9")
def test_jewels_stay_within_0_and_13_under_every_limit() -> None:
    state = with_jewels(game(max_jewel_move=JewelMove.UNLIMITED), {A: 13})
    assert max(a.count for a in legal_actions(state) if isinstance(a, SpendJewels)) == 13
    state = play(state, SpendJewels(13))  # twice around the ring and one more: tile 2
    assert state.pawns[A] == JEWEL_TILE and state.jewels[A] == 1  # 13 - 13 + 1
    assert legal_actions(state)[0] == RollDie()
