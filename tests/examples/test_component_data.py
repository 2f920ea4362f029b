"""Component data (component-data.md): the shipped set loads and matches the document, its
PROVISIONAL rows are flagged, malformed data is refused with ``InvalidData`` naming the bad
path, and a replaced (valid) set changes the game without code changes."""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
import pytest

from fresco_rules import InvalidData
from fresco_rules.fresco import (
    BuyTile,
    ChooseGetUp,
    ComponentData,
    GameConfig,
    Location,
    Paint,
    Phase,
    Restore,
    State,
    SubmitPlan,
    Turn,
    apply,
    components_from_mapping,
    components_to_mapping,
    default_components,
    legal_actions,
    load_components,
    new_game,
    scores,
    token_ledger,
)

Mapping = dict[str, Any]
SHIPPED = Path(str(resources.files("fresco_rules.fresco").joinpath("data/base.toml")))


def shipped_mapping() -> Mapping:
    """A fresh, mutable plain-data copy of the shipped set."""
    return copy.deepcopy(components_to_mapping(default_components()))


def replaced(change: Callable[[Mapping], object]) -> ComponentData:
    raw = shipped_mapping()
    change(raw)
    return components_from_mapping(raw)


def cathedral_turn(state: State, apprentices: int = 3) -> State:
    """Seat 0 starts a cathedral turn (order B = seat order) holding plenty of paints."""
    actors = state.tables.actors
    return attrs.evolve(
        state,
        phase=Phase.ACTION,
        hostel=tuple(range(actors)),
        order=tuple(range(actors)),
        plans=(SubmitPlan(cathedral=apprentices),) + (SubmitPlan(),) * (actors - 1),
        step=1,
        queue=(),
        turn=Turn(Location.CATHEDRAL, 0, apprentices),
        paints=((9,) * 6, *state.paints[1:]),
    )


# --- the shipped set ----------------------------------------------------------------------------

MARKET = {
    "M01": ("R R", False),
    "M02": ("Y Y", False),
    "M03": ("B B", False),
    "M04": ("Y Y Y", True),
    "M05": ("B Y", True),
    "M06": ("R Y", True),
    "M07": ("R B", True),
    "M08": ("R Y B", True),
    "M09": ("R R B", True),
    "M10": ("B B Y", True),
    "M11": ("O", True),
    "M12": ("G", True),
    "M13": ("O R", True),
    "M14": ("G B", True),
}
"""component-data.md section 3: pieces and whether the tile is used with 2-3 players."""

FRESCO = {
    "F01": ("R Y", 3),
    "F02": ("Y B", 3),
    "F03": ("B R", 3),
    "F04": ("R Y B", 5),
    "F05": ("R R Y", 5),
    "F06": ("B B Y", 5),
    "F07": ("R G", 5),
    "F08": ("Y P", 5),
    "F09": ("B O", 5),
    "F10": ("R Y G", 7),
    "F11": ("Y B P", 7),
    "F12": ("B R O", 7),
    "F13": ("R R G", 7),
    "F14": ("Y Y P", 7),
    "F15": ("B B O", 7),
    "F16": ("O G", 7),
    "F17": ("G P", 7),
    "F18": ("R O G", 9),
    "F19": ("Y O P", 9),
    "F20": ("B G P", 9),
    "F21": ("R P P", 9),
    "F22": ("Y G G", 9),
    "F23": ("B O O", 9),
    "F24": ("O G P", 11),
    "F25": ("O G P", 11),
}
"""component-data.md section 4: pieces and value of every fresco tile."""

LETTER = {"R": Paint.RED, "Y": Paint.YELLOW, "B": Paint.BLUE}
LETTER |= {"O": Paint.ORANGE, "G": Paint.GREEN, "P": Paint.PURPLE}


def pieces(text: str) -> tuple[Paint, ...]:
    return tuple(LETTER[letter] for letter in text.split())


@pytest.mark.rule("R0.66", "R0.67")
def test_R0_66_shipped_data_loads() -> None:
    data = default_components()
    assert load_components(SHIPPED) == data
    assert load_components(str(SHIPPED)).digest == data.digest
    # the plain-data form round-trips to the same content
    again = components_from_mapping(components_to_mapping(data))
    assert again == data and again.digest == data.digest
    # R0.66 ledger starting counts; R0.3/R0.4 per-player pieces
    assert (data.money.total, data.money.start) == (196, 12)
    assert dict(data.paints.totals) == {
        "red": 17,
        "yellow": 17,
        "blue": 17,
        "orange": 9,
        "green": 9,
        "purple": 9,
    }
    assert dict(data.paints.start) == {"red": 1, "yellow": 1, "blue": 1}
    assert (data.apprentices.per_player, data.apprentices.natural) == (5, 4)


@pytest.mark.rule("R0.67", "R0.9", "R0.12")
def test_R0_67_shipped_tiles_match_component_data_md() -> None:
    data = default_components()
    assert {t.id: (t.pieces, t.small_game) for t in data.market_tiles} == {
        tid: (pieces(text), small) for tid, (text, small) in MARKET.items()
    }
    assert {t.id: (t.pieces, t.value) for t in data.fresco_tiles} == {
        tid: (pieces(text), value) for tid, (text, value) in FRESCO.items()
    }
    assert [t.id for t in data.fresco_tiles if t.centre] == ["F24"]
    assert Counter(t.value for t in data.fresco_tiles) == {3: 3, 5: 6, 7: 8, 9: 6, 11: 2}
    fresco_pieces = Counter(p for t in data.fresco_tiles for p in t.pieces)
    assert [fresco_pieces[LETTER[x]] for x in "RYBOGP"] == [12, 12, 12, 10, 11, 10]
    market_pieces = Counter(p for t in data.market_tiles for p in t.pieces)
    assert [market_pieces[LETTER[x]] for x in "RYBOGP"] == [8, 9, 9, 2, 2, 0]
    small = Counter(p for t in data.market_tiles if t.small_game for p in t.pieces)
    assert [small[LETTER[x]] for x in "RYBOG"] == [6, 7, 7, 2, 2]


@pytest.mark.rule("R0.19", "A0.1", "A0.2", "A0.3", "R0.2", "R0.21", "R0.23")
def test_R0_19_shipped_board_data() -> None:
    data = default_components()
    table = [("5:00", -3, 5), ("6:00", -2, 3), ("7:00", -1, 2), ("8:00", 0, 1), ("9:00", 1, 1)]
    four, three = data.side_for(4), data.side_for(3)
    assert data.side_for(2) is three
    for side in (four, three):
        assert [(h.time, h.mood_change, h.price) for h in side.hostel] == table
    assert (four.start_spaces, four.booth_capacities) == (4, (3, 3, 3, 4))
    assert (three.start_spaces, three.booth_capacities) == (3, (3, 3, 3))
    mood = data.mood
    assert (mood.rows, mood.start_row, mood.theatre_step) == (9, 4, 2)
    assert (mood.minus_rows, mood.plus_rows) == ((0, 1), (7, 8))


# --- provisional rows ---------------------------------------------------------------------------

EXPECTED_PROVISIONAL = (
    "$.mood",  # 9 rows
    "$.sides[0]",  # booth IV = 4
    "$.sides[0].hostel[1]",  # 6:00
    "$.sides[0].hostel[3]",  # 8:00
    *(f"$.sides[1].hostel[{i}]" for i in range(5)),  # the 3-player side uses the same table
    *(f"$.market_tiles[{i}]" for i in range(5, 14)),  # M06-M14
    *(f"$.fresco_tiles[{i}]" for i in range(25)),  # every fresco tile
    # modules 4-6 (component-data.md 5-7)
    *(f"$.modules.wishing_well.free_paints[{i}]" for i in range(3)),  # the pictured tiles
    *(f"$.modules.leaf_gold.arrows[{i}]" for i in range(4)),  # golden-tile slots
    *(f"$.modules.glaziers.windows[{i}]" for i in range(18)),  # every window tile
    "$.modules.glaziers.workbench",  # slot prices
    "$.modules.glaziers.window_segments",  # the 12 window-bordering segments
    # modules 1-3 (fresco-modules-123.md 5): values printed only as pictures
    *(f"$.modules_123.portraits.cards[{i}]" for i in range(18)),  # backs and rewards
    *(f"$.modules_123.requests.tiles[{i}]" for i in range(12)),  # request values
    *(f"$.modules_123.requests.backs[{i}]" for i in range(25)),  # splashes of F01-F25
    *(f"$.modules_123.special_blends.fresco_tiles[{i}]" for i in range(7)),  # F26-F32
)


@pytest.mark.rule("R0.66", "R0.67", "R0.19", "A0.1", "A0.2", "A0.3")
def test_R0_67_provisional_rows_are_flagged() -> None:
    data = default_components()
    flagged = data.provisional()
    assert set(flagged) == set(EXPECTED_PROVISIONAL)
    assert len(flagged) == len(EXPECTED_PROVISIONAL)
    hostel = data.side_for(4).hostel
    assert [h.provenance for h in hostel] == [
        "review",
        "provisional",
        "rulebook",
        "provisional",
        "review",
    ]
    assert {t.id for t in data.market_tiles if t.provenance != "provisional"} == {
        "M01",
        "M02",
        "M03",
        "M04",
        "M05",
    }


@pytest.mark.rule("R0.67", "A0.1")
def test_R0_67_confirmed_rows_leave_the_provisional_list() -> None:
    def confirm(raw: Mapping) -> None:
        for tile in raw["fresco_tiles"]:
            tile["provenance"] = "rulebook"
        raw["sides"][0]["hostel"][1]["provenance"] = "rulebook"

    flagged = replaced(confirm).provisional()
    assert not any(path.startswith("$.fresco_tiles") for path in flagged)
    assert "$.sides[0].hostel[1]" not in flagged
    assert "$.sides[0].hostel[3]" in flagged


# --- malformed data -------------------------------------------------------------------------------


def setter(*path: str | int, value: Any) -> Callable[[Mapping], object]:
    def change(raw: Mapping) -> None:
        node: Any = raw
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


def deleter(*path: str | int | slice) -> Callable[[Mapping], object]:
    def change(raw: Mapping) -> None:
        node: Any = raw
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]

    return change


def add_fresco_copy(raw: Mapping) -> None:
    raw["fresco_tiles"].append({**raw["fresco_tiles"][0], "id": "F26"})


MALFORMED: list[tuple[str, Callable[[Mapping], object], str]] = [
    # Ranges a physical box can have and cross-field laws (hostile-input findings).
    (
        "negative count",
        setter("modules", "glaziers", "glass", 0, "count", value=-1),
        "$.modules.glaziers.glass[0].count",
    ),
    ("zero money total", setter("money", "total", value=0), "$.money.total"),
    ("zero paint total", setter("paints", "totals", "red", value=0), "$.paints.totals.red"),
    ("start money above the box", setter("money", "start", value=50), "$.money.start"),
    ("start paints above the box", setter("paints", "start", "red", value=5), "$.paints.start.red"),
    ("no market tiles", setter("market_tiles", value=[]), "$.market_tiles"),
    ("100,000 mood rows", setter("mood", "rows", value=100_000), "$.mood.rows"),
    (
        "huge apprentices",
        setter("apprentices", "per_player", value=10**9),
        "$.apprentices.per_player",
    ),
    (
        "duplicate window id",
        setter("modules", "glaziers", "windows", 1, "id", value="W01"),
        "$.modules.glaziers.windows[1].id",
    ),
    ("string for int", setter("fresco_tiles", 3, "value", value="5"), "$.fresco_tiles[3].value"),
    ("bool for int", setter("sides", 0, "start_spaces", value=True), "$.sides[0].start_spaces"),
    ("float for int", setter("money", "total", value=196.0), "$.money.total"),
    ("int for string", setter("market_tiles", 2, "label", value=7), "$.market_tiles[2].label"),
    (
        "string for bool",
        setter("market_tiles", 0, "small_game", value="no"),
        "$.market_tiles[0].small_game",
    ),
    (
        "unknown paint",
        setter("fresco_tiles", 0, "pieces", 1, value="magenta"),
        "$.fresco_tiles[0].pieces[1]",
    ),
    (
        "module paint in the base game",
        setter("market_tiles", 10, "pieces", 0, value="pink"),
        "$.market_tiles[10].pieces[0]",
    ),
    ("unknown paint key", setter("paints", "totals", "brown", value=3), "$.paints.totals.brown"),
    ("unknown key in a row", setter("fresco_tiles", 2, "colour", value="x"), "$.fresco_tiles[2]"),
    ("unknown top-level key", setter("expansion", value=1), "@ $"),
    ("missing key", deleter("fresco_tiles", 7, "value"), "$.fresco_tiles[7].value"),
    ("duplicate fresco id", setter("fresco_tiles", 5, "id", value="F01"), "$.fresco_tiles[5].id"),
    ("duplicate market id", setter("market_tiles", 13, "id", value="M01"), "$.market_tiles[13].id"),
    (
        "fresco id of a market tile",
        setter("fresco_tiles", 0, "id", value="M04"),
        "$.fresco_tiles[0].id",
    ),
    ("two centre tiles", setter("fresco_tiles", 24, "centre", value=True), "$.fresco_tiles"),
    ("no centre tile", setter("fresco_tiles", 23, "centre", value=False), "$.fresco_tiles"),
    ("24 fresco tiles", deleter("fresco_tiles", 24), "$.fresco_tiles"),
    ("26 fresco tiles", add_fresco_copy, "$.fresco_tiles"),
    ("empty tile", setter("market_tiles", 0, "pieces", value=[]), "$.market_tiles[0].pieces"),
    (
        "negative price",
        setter("sides", 0, "hostel", 2, "price", value=-1),
        "$.sides[0].hostel[2].price",
    ),
    ("negative value", setter("fresco_tiles", 3, "value", value=-3), "$.fresco_tiles[3].value"),
    ("negative money", setter("money", "start", value=-12), "$.money.start"),
    ("negative paint", setter("paints", "start", "red", value=-1), "$.paints.start.red"),
    (
        "bad provenance",
        setter("market_tiles", 4, "provenance", value="guess"),
        "$.market_tiles[4].provenance",
    ),
    ("bad mood provenance", setter("mood", "provenance", value="photo"), "$.mood.provenance"),
    ("mood start off the column", setter("mood", "start_row", value=9), "$.mood.start_row"),
    ("mood zone off the column", setter("mood", "plus_rows", value=[8, 9]), "$.mood.plus_rows[1]"),
    (
        "booth without slots",
        setter("sides", 0, "booth_capacities", 3, value=0),
        "$.sides[0].booth_capacities[3]",
    ),
    (
        "more slots than tiles",
        setter("sides", 1, "booth_capacities", value=[4, 4, 4]),
        "$.sides[1].booth_capacities",
    ),
    ("no side for 2 players", setter("sides", 1, "players", value=[3]), "$.sides"),
    (
        "too few start spaces",
        setter("sides", 0, "start_spaces", value=3),
        "$.sides[0].start_spaces",
    ),
    (
        "duplicate get-up time",
        setter("sides", 1, "hostel", 3, "time", value="5:00"),
        "$.sides[1].hostel[3].time",
    ),
    ("too few get-up spaces", deleter("sides", 0, "hostel", slice(3, None)), "$.sides[0].hostel"),
    ("list for a table", setter("money", value=[196, 12]), "$.money"),
]


@pytest.mark.rule("R0.66", "R0.67", "R0.19", "A0.1", "A0.2", "A0.3")
@pytest.mark.parametrize(
    ("change", "path"), [m[1:] for m in MALFORMED], ids=[m[0] for m in MALFORMED]
)
def test_R0_67_malformed_data_names_the_bad_path(
    change: Callable[[Mapping], object], path: str
) -> None:
    raw = shipped_mapping()
    change(raw)
    with pytest.raises(InvalidData) as refused:
        components_from_mapping(raw, source="mine.toml")
    message = str(refused.value)
    assert message.startswith("mine.toml: ")
    assert re.search(re.escape(path) + r"(?![\w.\[])", message), message


@pytest.mark.rule("R0.67")
@pytest.mark.parametrize("top", [[], "fresco", 3, None])
def test_R0_67_top_level_must_be_a_table(top: Any) -> None:
    with pytest.raises(InvalidData, match="top level"):
        components_from_mapping(top)


@pytest.mark.rule("R0.67")
def test_R0_67_toml_syntax_error_names_the_file(tmp_path: Path) -> None:
    broken = tmp_path / "broken.toml"
    text = SHIPPED.read_text(encoding="utf-8")
    broken.write_text(text.replace('name = "fresco-base-default"', "name = fresco base"))
    with pytest.raises(InvalidData) as refused:
        load_components(broken)
    assert str(broken) in str(refused.value)
    assert "not valid TOML" in str(refused.value)


@pytest.mark.rule("R0.67")
def test_R0_67_bad_field_in_a_file_names_file_and_path(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    text = SHIPPED.read_text(encoding="utf-8")
    bad.write_text(text.replace("value = 3\n", 'value = "three"\n', 1))
    with pytest.raises(InvalidData) as refused:
        load_components(bad)
    assert str(refused.value).startswith(f"{bad}: ")
    assert "$.fresco_tiles[0].value" in str(refused.value)
    good = tmp_path / "copy.toml"
    good.write_text(text)
    assert load_components(good) == default_components()


@pytest.mark.rule("R0.67")
def test_R0_67_missing_file_names_the_file(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "fresco.toml"
    with pytest.raises(InvalidData) as refused:
        load_components(missing)
    assert str(missing) in str(refused.value)
    with pytest.raises(InvalidData):
        load_components(tmp_path)  # a directory is not a data file


@pytest.mark.rule("R0.67")
def test_R0_67_not_utf8_is_refused(tmp_path: Path) -> None:
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b'name = "caf\xe9"\n')
    with pytest.raises(InvalidData, match="not valid TOML"):
        load_components(latin)


# --- a replaced data set changes the game ---------------------------------------------------------


@pytest.mark.rule("R0.67", "R0.41", "R0.40")
def test_R0_67_other_fresco_values_change_a_restoration_score() -> None:
    default = cathedral_turn(new_game(GameConfig(), 0))
    tile = default.tile_at((1, 1))
    assert tile is not None
    value = default.tables.fresco_value[tile]
    # swap the values of that tile and a tile of another value: still 3-11, same counts
    other = next(t.id for t in default_components().fresco_tiles if t.value != value)
    other_value = default.tables.fresco_value[other]

    def swap(raw: Mapping) -> None:
        for row in raw["fresco_tiles"]:
            if row["id"] in (tile, other):
                row["value"] = other_value if row["id"] == tile else value

    data = replaced(swap)
    assert data != default_components()
    changed = cathedral_turn(new_game(GameConfig(components=data), 0))
    assert changed.cathedral == default.cathedral  # the same ids are dealt the same way
    assert scores(apply(default, Restore((1, 1))))[0] == value + 2
    assert scores(apply(changed, Restore((1, 1))))[0] == other_value + 2


@pytest.mark.rule("R0.67", "R0.39")
def test_R0_67_other_fresco_paints_change_what_a_restoration_needs() -> None:
    def all_red(raw: Mapping) -> None:
        for tile in raw["fresco_tiles"]:
            tile["pieces"] = ["red"]

    state = new_game(GameConfig(components=replaced(all_red)), 0)
    turn = attrs.evolve(cathedral_turn(state), paints=state.paints)  # R1 Y1 B1
    restorable = {a.segment for a in legal_actions(turn) if isinstance(a, Restore)}
    assert len(restorable) == 25
    default = cathedral_turn(new_game(GameConfig(), 0))
    default = attrs.evolve(default, paints=((1, 0, 0, 0, 0, 0), *default.paints[1:]))
    assert not any(isinstance(a, Restore) for a in legal_actions(default))


@pytest.mark.rule("R0.19", "A0.1", "R0.18", "R0.20")
def test_R0_19_replaced_hostel_table_changes_mood_and_price() -> None:
    def late_and_cheap(raw: Mapping) -> None:
        raw["sides"][0]["hostel"][2] |= {"mood_change": 2, "price": 0}

    state = new_game(GameConfig(components=replaced(late_and_cheap)), 0)
    actor = state.order[0]
    after = apply(state, ChooseGetUp(2))
    assert after.mood[actor] == 6
    # the 3-player side keeps its own table
    three = new_game(GameConfig(players=3, components=replaced(late_and_cheap)), 0)
    first = three.order[0]
    assert apply(three, ChooseGetUp(2)).mood[first] == 3
    # price 0 at 7:00: buying costs nothing
    market = attrs.evolve(
        cathedral_turn(state),
        hostel=(2, 0, 1, 3),
        order=(1, 2, 0, 3),
        step=0,
        turn=Turn(Location.MARKET, 0, 1),
    )
    bought = apply(market, BuyTile(0, 0))
    assert bought.money[0] == market.money[0]


@pytest.mark.rule("A0.2", "R0.21", "R0.23")
def test_A0_2_replaced_mood_column_changes_the_apprentice_count() -> None:
    def short(raw: Mapping) -> None:
        raw["mood"] |= {"rows": 3, "start_row": 1, "minus_rows": [0], "plus_rows": [2]}

    state = new_game(GameConfig(components=replaced(short)), 0)
    assert state.mood == (1, 1, 1, 1)
    assert state.tables.apprentices_by_row == (4, 5, 6)
    actor = state.order[0]
    after = apply(state, ChooseGetUp(4))  # 9:00: +1 reaches the top row, a "+1" row here
    assert (after.mood[actor], after.apprentices[actor]) == (2, 6)


@pytest.mark.rule("A0.3", "R0.8", "R0.67")
def test_A0_3_replaced_booth_capacities_change_the_market() -> None:
    def wide(raw: Mapping) -> None:
        raw["sides"][0]["booth_capacities"] = [4, 3, 3, 3]

    data = replaced(wide)
    state = new_game(GameConfig(components=data), 0)
    assert tuple(len(slots) for slots in state.booths) == (4, 3, 3, 3)
    assert token_ledger(state)["market_tiles"]["bag"] == 1
    # a config override (A0.3) wins over the data
    overridden = new_game(GameConfig(components=data, booth_capacities=(3, 3, 3, 4)), 0)
    assert tuple(len(slots) for slots in overridden.booths) == (3, 3, 3, 4)


@pytest.mark.rule("R0.66", "R0.4")
def test_R0_66_replaced_box_counts_change_the_ledger() -> None:
    def rich(raw: Mapping) -> None:
        raw["money"] |= {"total": 300, "start": 20}
        raw["paints"]["start"] = {"red": 2, "yellow": 1, "blue": 1, "green": 1}

    state = new_game(GameConfig(components=replaced(rich)), 0)
    assert state.money == (20, 20, 20, 20)
    assert state.paints[0] == (2, 1, 1, 0, 1, 0)
    ledger = token_ledger(state)
    assert sum(ledger["money"].values()) == 300
    assert ledger["money"]["supply"] == 300 - 80
    assert sum(ledger["paint.green"].values()) == 9
    assert ledger["paint.green"]["supply"] == 5


@pytest.mark.rule("R0.67")
@pytest.mark.parametrize("value", [2, 12, -1])
def test_R0_67_fresco_values_outside_3_to_11_are_refused(value: int) -> None:
    raw = components_to_mapping(default_components())
    raw["fresco_tiles"][5]["value"] = value
    with pytest.raises(InvalidData, match=r"\$\.fresco_tiles\[5\]\.value"):
        components_from_mapping(raw)
