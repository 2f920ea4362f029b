"""A scripted 2-player game (with Leonardo), played to its end.

Every expected number below was worked out by hand from the rules (fresco-base.md) and the tiles
dealt by the game's chance script ``DRAWS`` (the draws seed 3 made before the seed mapping
changed), which the test checks first: the cathedral and the market after each refill are
the only inputs taken from the engine. After every action the test checks the VP track of both
players and Leonardo, both players' Thalers and, where they change, their paints.

Seats: Anna is seat 0, Bert seat 1, Leonardo actor 2. Paints are written as ``R1 Y1 B1``.
"""

from __future__ import annotations

import pytest

from fresco_rules.fresco import (
    Action,
    AttendTheatre,
    Blend,
    BuyTile,
    ChooseGetUp,
    ChooseTrackSpace,
    CloseBooth,
    EarnStudio,
    EndTurn,
    GameConfig,
    Location,
    Paint,
    Phase,
    Restore,
    RestoreAltar,
    State,
    SubmitPlan,
    apply,
    legal_actions,
    leonardo_score,
    new_game,
    scores,
    winners,
)
from fresco_rules.fresco.vocab import paints_text

from .fixtures import AT_5, AT_6, AT_7, AT_8, AT_9, assert_ledgers_balanced, at

ANNA, BERT, LEO = 0, 1, 2
BOOTH_I, BOOTH_II, BOOTH_III = 0, 1, 2
PR, PY, PB = Paint.RED, Paint.YELLOW, Paint.BLUE
PO, PG, PP = Paint.ORANGE, Paint.GREEN, Paint.PURPLE

# The deal of the script (R0.12): tile IDs of component-data.md section 4, row by row.
DEAL = (
    ("F21", "F05", "F01", "F22", "F15"),  # 9 RPP, 5 RRY, 3 RY, 9 YGG, 7 BBO
    ("F09", "F23", "F16", "F12", "F06"),  # 5 BO, 9 BOO, 7 OG, 7 RBO, 5 YBB
    ("F25", "F02", "F24", "F04", "F17"),  # 11 OGP, 3 YB, 11 OGP (centre), 5 RYB, 7 GP
    ("F20", "F10", "F11", "F19", "F08"),  # 9 BGP, 7 RYG, 7 YBP, 9 YOP, 5 YP
    ("F07", "F13", "F03", "F14", "F18"),  # 5 RG, 7 RRG, 3 RB, 7 YYP, 9 ROG
)


# The game's chance outcomes in order (R0.71 start spaces, R0.8 the market, R0.12 the deal,
# then the market refills of each round), given to ``new_game`` as a script.
def _draws(kind: str, outcomes: str) -> tuple[tuple[str, str], ...]:
    return tuple((kind, outcome) for outcome in outcomes.split())


DRAWS: tuple[tuple[str, str], ...] = (
    *_draws("start_space", "1 0"),
    *_draws("market", "M08 M13 M09 M05 M10 M14 M07 M11 M12"),
    *_draws(
        "fresco",
        "F21 F05 F01 F22 F15 F09 F23 F16 F12 F06 F25 F02 F04 F17 F20 F10 F11 F19 F08 F07 F13 "
        "F03 F14 F18",
    ),
    *_draws(
        "market",
        "M07 M06 M10 M13 M12 M04 M08 M05 M14 M07 M14 M04 M05 M08 M11 M09 M10 M13 M13 M12 M10 "
        "M06 M04 M14 M07 M05 M11 M07 M04 M11 M08 M09 M14 M13 M05 M10 M07 M13 M04 M06 M05 M09 "
        "M10 M08 M14 M11 M04 M13 M10 M14 M08 M06 M09 M12",
    ),
)


def play(
    state: State,
    action: Action,
    track: tuple[int, int, int],
    money: tuple[int, int],
    paints: dict[int, str] | None = None,
) -> State:
    """Apply ``action``, then check the track (Anna, Bert, Leonardo), the Thalers and the
    given paints, and that every ledger still balances."""
    after = apply(state, action)
    assert after.track == track, f"{action!r}: track {after.track}, expected {track}"
    assert after.money == money, f"{action!r}: money {after.money}, expected {money}"
    for seat, text in (paints or {}).items():
        assert paints_text(after.paints[seat]) == text, f"{action!r}: seat {seat}"
    assert_ledgers_balanced(after)
    return after


def booths(state: State) -> tuple[tuple[str | None, ...], ...]:
    return state.booths


@pytest.mark.rule(
    "R0.14",
    "R0.15",
    "R0.16",
    "R0.34",
    "R0.40",
    "R0.51",
    "R0.56",
    "R0.60",
    "R0.63",
    "R0.64",
    "R0.73",
    "R0.75",
    "R0.76",
    "R0.77",
    "R0.78",
)
def test_scripted_two_player_game() -> None:
    s = new_game(GameConfig(players=2), 3, chance=DRAWS)
    assert tuple(tuple(s.tile_at((r, c)) for c in range(5)) for r in range(5)) == DEAL
    assert booths(s) == (("M08", "M13", "M09"), ("M05", "M10", "M14"), ("M07", "M11", "M12"))
    assert s.bag == ("M04", "M06")
    # R0.71: Bert was drawn for S1, Anna for S2, Leonardo on S3. R0.73: Bert controls Leonardo.
    assert s.start == (2, 1, 3) and s.controller == BERT
    assert s.order == (BERT, ANNA, LEO)  # order A, S1 first

    # ---- Round 1 ----------------------------------------------------------------------
    # Bert 7:00 (mood 4-1=3, price 2), Anna 6:00 (mood 2, price 3), Leonardo 5:00 (by Bert).
    s = play(s, ChooseGetUp(AT_7), (0, 0, 0), (12, 12))
    s = play(s, ChooseGetUp(AT_6), (0, 0, 0), (12, 12))
    s = play(s, ChooseGetUp(AT_5), (0, 0, 0), (12, 12))
    assert s.mood == (2, 3) and s.apprentices == (5, 5)
    s = play(s, SubmitPlan(market=2, cathedral=2, workshop=1), (0, 0, 0), (12, 12))
    s = play(
        s, SubmitPlan(market=1, cathedral=1, studio=1, workshop=1, theatre=1), (0, 0, 0), (12, 12)
    )
    assert s.order == (LEO, ANNA, BERT)  # order B: 5:00, 6:00, 7:00
    # Market. Leonardo must close a booth: Bert closes booth I for him.
    at(s, Location.MARKET, LEO)
    s = play(s, CloseBooth(BOOTH_I), (0, 0, 0), (12, 12))
    # Anna buys "1 orange" and "1 green" at booth III, 3 Thalers each.
    s = play(s, BuyTile(BOOTH_III, 1), (0, 0, 0), (9, 12), {ANNA: "R1 Y1 B1 O1"})
    s = play(s, BuyTile(BOOTH_III, 2), (0, 0, 0), (6, 12), {ANNA: "R1 Y1 B1 O1 G1"})
    # Bert buys "2 blue + yellow" at booth II for 2.
    s = play(s, BuyTile(BOOTH_II, 1), (0, 0, 0), (6, 10), {BERT: "R1 Y2 B3"})
    # Cathedral. Leonardo on (2,2) may go to (1,2)=7, (3,2)=7, (2,1)=3 or (2,3)=5; Bert picks
    # (2,1): 3 + 2 (the bishop on (2,2) is a neighbour) = 5.
    at(s, Location.CATHEDRAL, LEO)
    assert set(legal_actions(s)) == {Restore(x) for x in ((1, 2), (3, 2), (2, 1), (2, 3))}
    s = play(s, Restore((2, 1)), (0, 0, 5), (6, 10))
    assert s.bishop == (2, 1) and s.leonardo_at == (2, 1)
    # Anna: F09 (B O, 5) on (1,0), paying 1 to move the bishop there: 5 + 3 = 8.
    s = play(s, Restore((1, 0), bishop_to=(1, 0)), (8, 0, 5), (5, 10), {ANNA: "R1 Y1 G1"})
    # F10 (R Y G, 7) on (3,1), paying 1 to move the bishop (1,0) -> (2,0): 7 + 2 = 9, 17.
    s = play(s, Restore((3, 1), bishop_to=(2, 0)), (17, 0, 5), (4, 10), {ANNA: "-"})
    # Bert: F03 (R B, 3) on (4,2), bishop on (3,1) diagonal: 3 + 2 = 5, but Leonardo is on 5.
    s = play(s, Restore((4, 2)), (17, 0, 5), (4, 10), {BERT: "Y2 B2"})
    assert s.pending_track == (4, 6)
    s = play(s, ChooseTrackSpace(6), (17, 6, 5), (4, 10))
    # Studio: Bert +3. Workshop: Anna has nothing to blend; Bert blends two greens.
    s = play(s, EarnStudio(), (17, 6, 5), (4, 13))
    at(s, Location.WORKSHOP, ANNA)
    assert legal_actions(s) == (EndTurn(),)
    s = play(s, EndTurn(), (17, 6, 5), (4, 13))
    s = play(s, Blend(PG), (17, 6, 5), (4, 13), {BERT: "Y1 B1 G1"})
    s = play(s, Blend(PG), (17, 6, 5), (4, 13), {BERT: "G2"})
    # Theatre: Bert's mood 3 -> 5. Round preparation: income Anna 2 tiles, Bert 1.
    s = play(s, AttendTheatre(), (17, 6, 5), (6, 14))
    assert s.round == 2 and s.mood == (2, 5) and s.tiles_left() == 21
    assert s.start == (0, 0, 0) and s.controller == ANNA
    assert s.order == (LEO, BERT, ANNA)  # 5, 6, 17
    assert booths(s) == (("M07", "M06", "M10"), ("M13", "M12", "M04"), ("M08", "M05", "M14"))

    # ---- Round 2 ----------------------------------------------------------------------
    # Leonardo 6:00 (by Anna), Bert 5:00 (mood 5-3=2, price 5), Anna 8:00 (mood 2, price 1).
    s = play(s, ChooseGetUp(AT_6), (17, 6, 5), (6, 14))
    s = play(s, ChooseGetUp(AT_5), (17, 6, 5), (6, 14))
    s = play(s, ChooseGetUp(AT_8), (17, 6, 5), (6, 14))
    assert s.mood == (2, 2) and s.apprentices == (5, 5)
    s = play(s, SubmitPlan(market=3, cathedral=1, workshop=1), (17, 6, 5), (6, 14))
    s = play(s, SubmitPlan(market=2, cathedral=2, studio=1), (17, 6, 5), (6, 14))
    assert s.order == (BERT, LEO, ANNA)
    # Bert buys "red + yellow + blue" and "green + blue" at booth III for 5 each.
    s = play(s, BuyTile(BOOTH_III, 0), (17, 6, 5), (6, 9), {BERT: "R1 Y1 B1 G2"})
    s = play(s, BuyTile(BOOTH_III, 2), (17, 6, 5), (6, 4), {BERT: "R1 Y1 B2 G3"})
    # Leonardo (Anna) closes booth II; Anna buys all of booth I for 1 each.
    s = play(s, CloseBooth(BOOTH_II), (17, 6, 5), (6, 4))
    s = play(s, BuyTile(BOOTH_I, 0), (17, 6, 5), (5, 4), {ANNA: "R1 B1"})
    s = play(s, BuyTile(BOOTH_I, 1), (17, 6, 5), (4, 4), {ANNA: "R2 Y1 B1"})
    s = play(s, BuyTile(BOOTH_I, 2), (17, 6, 5), (3, 4), {ANNA: "R2 Y2 B3"})
    # Bert: F07 (R G, 5) on (4,0), paying to move the bishop (4,2) -> (4,1): 5 + 2 = 7, 13.
    s = play(s, Restore((4, 0), bishop_to=(4, 1)), (17, 13, 5), (3, 3), {BERT: "Y1 B2 G2"})
    # F22 (Y G G, 9) on (0,3), bishop on (4,0): 9, 22.
    s = play(s, Restore((0, 3)), (17, 22, 5), (3, 3), {BERT: "B2"})
    # Leonardo on (2,1): (1,1)=9, (2,0)=11, (2,2)=11 (and (3,1) is empty); Anna picks (1,1).
    assert set(legal_actions(s)) == {Restore((1, 1)), Restore((2, 0)), Restore((2, 2))}
    s = play(s, Restore((1, 1)), (17, 22, 14), (3, 3))
    # Anna: F04 (R Y B, 5) on (2,3), bishop on (1,1) two columns away: 5, target 22 is Bert's.
    s = play(s, Restore((2, 3)), (17, 22, 14), (3, 3), {ANNA: "R1 Y1 B2"})
    assert s.pending_track == (21, 23)
    s = play(s, ChooseTrackSpace(21), (21, 22, 14), (3, 3))
    s = play(s, EarnStudio(), (21, 22, 14), (3, 6))
    s = play(s, Blend(PP), (21, 22, 14), (3, 6), {ANNA: "Y1 B1 P1"})
    # Round preparation: income Anna 3 tiles, Bert 3.
    s = play(s, Blend(PG), (21, 22, 14), (6, 9), {ANNA: "G1 P1"})
    assert s.round == 3 and s.tiles_left() == 17 and s.controller == BERT
    assert s.order == (LEO, ANNA, BERT)  # 14, 21, 22
    assert booths(s) == (("M07", "M14", "M04"), ("M05", "M08", "M11"), ("M09", "M10", "M13"))

    # ---- Round 3 ----------------------------------------------------------------------
    # Leonardo 9:00, Anna 7:00 (mood 2-1=1: the "-1" zone, 4 apprentices), Bert 8:00.
    s = play(s, ChooseGetUp(AT_9), (21, 22, 14), (6, 9))
    s = play(s, ChooseGetUp(AT_7), (21, 22, 14), (6, 9))
    s = play(s, ChooseGetUp(AT_8), (21, 22, 14), (6, 9))
    assert s.mood == (1, 2) and s.apprentices == (4, 5)
    s = play(s, SubmitPlan(market=1, cathedral=1, theatre=2), (21, 22, 14), (6, 9))
    s = play(s, SubmitPlan(market=2, cathedral=2, studio=1), (21, 22, 14), (6, 9))
    assert s.order == (ANNA, BERT, LEO)
    s = play(s, BuyTile(BOOTH_III, 2), (21, 22, 14), (4, 9), {ANNA: "R1 O1 G1 P1"})
    s = play(s, BuyTile(BOOTH_I, 0), (21, 22, 14), (4, 8), {BERT: "R1 B3"})
    s = play(s, BuyTile(BOOTH_I, 2), (21, 22, 14), (4, 7), {BERT: "R1 Y3 B3"})
    # Only booth II is still open: Leonardo's only legal action is to close it.
    assert legal_actions(s) == (CloseBooth(BOOTH_II),)
    s = play(s, CloseBooth(BOOTH_II), (21, 22, 14), (4, 7))
    # Anna: F17 (G P, 7) on (2,4), bishop on (2,3): 7 + 2 = 9, 30.
    s = play(s, Restore((2, 4)), (30, 22, 14), (4, 7), {ANNA: "R1 O1"})
    # Bert: F06 (Y B B, 5) on (1,4), bishop on (2,4): 5 + 2 = 7, 29.
    s = play(s, Restore((1, 4)), (30, 29, 14), (4, 7), {BERT: "R1 Y2 B1"})
    # F01 (R Y, 3) on (0,2), paying to move the bishop (1,4) -> (1,3): 3 + 2 = 5, 34.
    s = play(s, Restore((0, 2), bishop_to=(1, 3)), (30, 34, 14), (4, 6), {BERT: "Y1 B1"})
    # Leonardo on (1,1): (0,1)=5 or (1,2)=7; Bert picks (0,1), bishop on (0,2): 5 + 2 = 7.
    assert set(legal_actions(s)) == {Restore((0, 1)), Restore((1, 2))}
    s = play(s, Restore((0, 1)), (30, 34, 21), (4, 6))
    s = play(s, EarnStudio(), (30, 34, 21), (4, 9))
    s = play(s, AttendTheatre(), (30, 34, 21), (4, 9))
    # Mood 1 + 2 + 2 = 5. Income: Anna 4 tiles, Bert 5.
    s = play(s, AttendTheatre(), (30, 34, 21), (8, 14))
    assert s.round == 4 and s.mood == (5, 2) and s.tiles_left() == 13
    assert s.order == (LEO, ANNA, BERT) and s.controller == ANNA
    assert booths(s) == (("M13", "M12", "M10"), ("M06", "M04", "M14"), ("M07", "M05", "M11"))

    # ---- Round 4 ----------------------------------------------------------------------
    # Leonardo 5:00, Anna 9:00 (mood 6, price 1), Bert 8:00 (mood 2, price 1).
    s = play(s, ChooseGetUp(AT_5), (30, 34, 21), (8, 14))
    s = play(s, ChooseGetUp(AT_9), (30, 34, 21), (8, 14))
    s = play(s, ChooseGetUp(AT_8), (30, 34, 21), (8, 14))
    s = play(s, SubmitPlan(market=3, cathedral=2), (30, 34, 21), (8, 14))
    s = play(s, SubmitPlan(market=3, cathedral=1, studio=1), (30, 34, 21), (8, 14))
    assert s.order == (LEO, BERT, ANNA)
    s = play(s, CloseBooth(BOOTH_II), (30, 34, 21), (8, 14))
    s = play(s, BuyTile(BOOTH_III, 0), (30, 34, 21), (8, 13), {BERT: "R1 Y1 B2"})
    s = play(s, BuyTile(BOOTH_III, 1), (30, 34, 21), (8, 12), {BERT: "R1 Y2 B3"})
    s = play(s, BuyTile(BOOTH_III, 2), (30, 34, 21), (8, 11), {BERT: "R1 Y2 B3 O1"})
    s = play(s, BuyTile(BOOTH_I, 0), (30, 34, 21), (7, 11), {ANNA: "R2 O2"})
    s = play(s, BuyTile(BOOTH_I, 1), (30, 34, 21), (6, 11), {ANNA: "R2 O2 G1"})
    s = play(s, BuyTile(BOOTH_I, 2), (30, 34, 21), (5, 11), {ANNA: "R2 Y1 B2 O2 G1"})
    # Leonardo on (0,1): only (0,0) holds a tile. F21 9, bishop on (0,1): 9 + 2 = 11, 32.
    assert legal_actions(s) == (Restore((0, 0)),)
    s = play(s, Restore((0, 0)), (30, 34, 32), (5, 11))
    # Bert: F12 (R B O, 7) on (1,3), bishop on (0,0): 7, 41.
    s = play(s, Restore((1, 3)), (30, 41, 32), (5, 11), {BERT: "Y2 B2"})
    # Anna: F16 (O G, 7) on (1,2), bishop on (1,3): 7 + 2 = 9, 39.
    s = play(s, Restore((1, 2)), (39, 41, 32), (5, 11), {ANNA: "R2 Y1 B2 O1"})
    # F15 (B B O, 7) on (0,4), paying to move the bishop (1,2) -> (1,3): 7 + 2 = 9, 48.
    s = play(s, Restore((0, 4), bishop_to=(1, 3)), (48, 41, 32), (4, 11), {ANNA: "R2 Y1"})
    # Studio: Bert +3. Income: Anna 6 tiles, Bert 6.
    s = play(s, EarnStudio(), (48, 41, 32), (10, 20))
    assert s.round == 5 and s.tiles_left() == 9 and not s.final
    assert s.order == (LEO, BERT, ANNA) and s.controller == BERT
    assert booths(s) == (("M07", "M04", "M11"), ("M08", "M09", "M14"), ("M13", "M05", "M10"))

    # ---- Round 5 ----------------------------------------------------------------------
    # Leonardo 9:00, Bert 7:00 (mood 1, 4 apprentices, price 2), Anna 8:00 (price 1).
    s = play(s, ChooseGetUp(AT_9), (48, 41, 32), (10, 20))
    s = play(s, ChooseGetUp(AT_7), (48, 41, 32), (10, 20))
    s = play(s, ChooseGetUp(AT_8), (48, 41, 32), (10, 20))
    assert s.mood == (6, 1) and s.apprentices == (5, 4)
    s = play(s, SubmitPlan(market=3, workshop=2), (48, 41, 32), (10, 20))
    s = play(s, SubmitPlan(market=2, cathedral=1, studio=1), (48, 41, 32), (10, 20))
    assert s.order == (BERT, ANNA, LEO)
    s = play(s, BuyTile(BOOTH_II, 1), (48, 41, 32), (10, 18), {BERT: "R2 Y2 B3"})
    s = play(s, BuyTile(BOOTH_II, 2), (48, 41, 32), (10, 16), {BERT: "R2 Y2 B4 G1"})
    s = play(s, BuyTile(BOOTH_III, 0), (48, 41, 32), (9, 16), {ANNA: "R3 Y1 O1"})
    s = play(s, BuyTile(BOOTH_III, 1), (48, 41, 32), (8, 16), {ANNA: "R3 Y2 B1 O1"})
    s = play(s, BuyTile(BOOTH_III, 2), (48, 41, 32), (7, 16), {ANNA: "R3 Y3 B3 O1"})
    s = play(s, CloseBooth(BOOTH_I), (48, 41, 32), (7, 16))
    # Bert: F13 (R R G, 7) on (4,1), bishop on (1,3): 7, target 48 is Anna's: 47 or 49.
    s = play(s, Restore((4, 1)), (48, 41, 32), (7, 16), {BERT: "Y2 B4"})
    assert s.pending_track == (47, 49)
    s = play(s, ChooseTrackSpace(49), (48, 49, 32), (7, 16))
    # Leonardo on (0,0) has no orthogonal tile: he jumps to the lowest tile, F08 (5) on (3,4);
    # the bishop on (4,1) is far: 5, 37.
    assert legal_actions(s) == (Restore((3, 4)),)
    s = play(s, Restore((3, 4)), (48, 49, 37), (7, 16))
    s = play(s, EarnStudio(), (48, 49, 37), (7, 19))
    s = play(s, Blend(PP), (48, 49, 37), (7, 19), {ANNA: "R2 Y3 B2 O1 P1"})
    s = play(s, Blend(PP), (48, 49, 37), (7, 19), {ANNA: "R1 Y3 B1 O1 P2"})
    s = play(s, Blend(PG), (48, 49, 37), (7, 19), {ANNA: "R1 Y2 O1 G1 P2"})
    # Income: Anna 6 tiles, Bert 7. 7 tiles remain, so round 6 is a normal round.
    s = play(s, Blend(PO), (48, 49, 37), (13, 26), {ANNA: "Y1 O2 G1 P2"})
    assert s.round == 6 and s.tiles_left() == 7 and not s.final and s.side == 1
    assert s.order == (LEO, ANNA, BERT) and s.controller == ANNA
    assert booths(s) == (("M07", "M13", "M04"), ("M06", "M05", "M09"), ("M10", "M08", "M14"))

    # ---- Round 6 ----------------------------------------------------------------------
    # Leonardo 5:00, Anna 9:00 (mood 7: the "+1" zone, 6 apprentices), Bert 8:00 (mood 1).
    s = play(s, ChooseGetUp(AT_5), (48, 49, 37), (13, 26))
    s = play(s, ChooseGetUp(AT_9), (48, 49, 37), (13, 26))
    s = play(s, ChooseGetUp(AT_8), (48, 49, 37), (13, 26))
    assert s.mood == (7, 1) and s.apprentices == (6, 4)
    s = play(s, SubmitPlan(market=1, cathedral=2, studio=3), (48, 49, 37), (13, 26))
    s = play(s, SubmitPlan(market=2, cathedral=2), (48, 49, 37), (13, 26))
    assert s.order == (LEO, BERT, ANNA)
    s = play(s, CloseBooth(BOOTH_II), (48, 49, 37), (13, 26))
    s = play(s, BuyTile(BOOTH_III, 1), (48, 49, 37), (13, 25), {BERT: "R1 Y3 B5"})
    s = play(s, BuyTile(BOOTH_III, 2), (48, 49, 37), (13, 24), {BERT: "R1 Y3 B6 G1"})
    s = play(s, BuyTile(BOOTH_I, 1), (48, 49, 37), (12, 24), {ANNA: "R1 Y1 O3 G1 P2"})
    # Leonardo on (3,4): (3,3)=9 or (4,4)=9. Anna picks (4,4), bishop on (3,4): 9 + 2 = 11,
    # target 48 is Anna's: behind 47, in front 49 is Bert's so 50. Anna chooses 47 for him.
    assert set(legal_actions(s)) == {Restore((3, 3)), Restore((4, 4))}
    s = play(s, Restore((4, 4)), (48, 49, 37), (12, 24))
    assert s.pending_track == (47, 50)
    s = play(s, ChooseTrackSpace(47), (48, 49, 47), (12, 24))
    # Bert has no purple for a tile: two altar restorations, Y B G (3) and R Y B (2).
    s = play(s, RestoreAltar((PY, PB, PG)), (48, 52, 47), (12, 24), {BERT: "R1 Y2 B5"})
    s = play(s, RestoreAltar((PR, PY, PB)), (48, 54, 47), (12, 24), {BERT: "Y1 B4"})
    # Anna: F24 (O G P, 11) on (2,2), paying to move the bishop (4,4) -> (3,3): 11 + 2 = 13.
    s = play(s, Restore((2, 2), bishop_to=(3, 3)), (61, 54, 47), (11, 24), {ANNA: "R1 Y1 O2 P1"})
    # F19 (Y O P, 9) on (3,3), bishop on (2,2): 9 + 2 = 11, 72.
    s = play(s, Restore((3, 3)), (72, 54, 47), (11, 24), {ANNA: "R1 O1"})
    s = play(s, EarnStudio(), (72, 54, 47), (14, 24))
    s = play(s, EarnStudio(), (72, 54, 47), (17, 24))
    # Income: Anna 8 tiles, Bert 7. 4 tiles remain: round 7 is the final round (side 2).
    s = play(s, EarnStudio(), (72, 54, 47), (28, 31))
    assert s.round == 7 and s.tiles_left() == 4 and s.final and s.side == 2
    assert s.order == (LEO, BERT, ANNA) and s.controller == BERT
    assert booths(s) == (("M11", "M04", "M13"), ("M10", "M14", "M08"), ("M06", "M09", "M12"))

    # ---- Round 7 (final) --------------------------------------------------------------
    # Leonardo 6:00, Bert 9:00 (mood 2, 5 apprentices), Anna 8:00 (mood 7, 6 apprentices).
    s = play(s, ChooseGetUp(AT_6), (72, 54, 47), (28, 31))
    s = play(s, ChooseGetUp(AT_9), (72, 54, 47), (28, 31))
    s = play(s, ChooseGetUp(AT_8), (72, 54, 47), (28, 31))
    assert s.apprentices == (6, 5)
    # R0.78: Leonardo's cathedral apprentice is removed.
    assert s.plans[LEO] == SubmitPlan(market=1)
    s = play(s, SubmitPlan(market=2, studio=2, workshop=1, cathedral_2=1), (72, 54, 47), (28, 31))
    s = play(s, SubmitPlan(market=2, workshop=1, cathedral_2=1), (72, 54, 47), (28, 31))
    assert s.order == (LEO, ANNA, BERT)
    s = play(s, CloseBooth(BOOTH_I), (72, 54, 47), (28, 31))
    s = play(s, BuyTile(BOOTH_III, 1), (72, 54, 47), (27, 31), {ANNA: "R3 B1 O1"})
    s = play(s, BuyTile(BOOTH_III, 2), (72, 54, 47), (26, 31), {ANNA: "R3 B1 O1 G1"})
    s = play(s, BuyTile(BOOTH_II, 1), (72, 54, 47), (26, 30), {BERT: "Y1 B5 G1"})
    s = play(s, BuyTile(BOOTH_II, 2), (72, 54, 47), (26, 29), {BERT: "R1 Y2 B6 G1"})
    # Nobody is at the first cathedral (Leonardo does nothing there in the final round).
    at(s, Location.STUDIO, ANNA)
    s = play(s, EarnStudio(), (72, 54, 47), (29, 29))
    s = play(s, EarnStudio(), (72, 54, 47), (32, 29))
    s = play(s, Blend(PP), (72, 54, 47), (32, 29), {ANNA: "R2 O1 G1 P1"})
    s = play(s, EndTurn(), (72, 54, 47), (32, 29))
    s = play(s, Blend(PP), (72, 54, 47), (32, 29), {BERT: "Y2 B5 G1 P1"})
    s = play(s, Blend(PG), (72, 54, 47), (32, 29), {BERT: "Y1 B4 G2 P1"})
    # Second cathedral, after the workshop: Anna F25 (O G P, 11) on (2,0), bishop on (3,3): 11.
    at(s, Location.CATHEDRAL_2, ANNA)
    s = play(s, Restore((2, 0)), (83, 54, 47), (32, 29), {ANNA: "R2"})
    # Bert: F20 (B G P, 9) on (3,0), bishop on (2,0): 9 + 2 = 11, 65. Then the game ends and
    # money converts in order B (R0.63, R0.64): Anna 32 Thalers = 16 VP, 99; Bert 29 = 14
    # (the odd Thaler is lost), 79. Leonardo keeps 47.
    s = play(s, Restore((3, 0)), (99, 79, 47), (32, 29), {BERT: "Y1 B3 G1"})
    assert s.phase is Phase.OVER and s.tiles_left() == 2
    assert scores(s) == (99, 79) and leonardo_score(s) == 47
    assert winners(s) == (ANNA,)
    assert s.chance.log == DRAWS  # every draw came from the script
    assert tuple(len(h) for h in s.held) == (9, 8, 6)
