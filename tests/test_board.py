"""The analysis board without a browser: positions, moves, refusals and seat views of every
registered game (``board.analysis``), the server's bounds and files (Starlette's test client),
and ``fresco-rules show --html``."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from fresco_rules.board.analysis import (
    BoardRefused,
    Line,
    matrix_link,
    new_line,
    open_record,
    view_text,
)
from fresco_rules.board.server import MAX_BODY, create_app
from fresco_rules.cli import main
from fresco_rules.games import DEFAULT_GAME, declaration, game_names
from fresco_rules.kernel.records import replay
from tests.board_browser import illegal_move, sample_record

GAMES = game_names()
JSON = {"Content-Type": "application/json"}


def line_of(name: str, steps: int = 12, seed: int = 5) -> Line:
    return open_record(json.dumps(sample_record(name, seed, steps)))


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_move_is_listed_once_in_groups_by_first_word(name: str) -> None:
    line = line_of(name)
    for step in (0, 5, line.total):
        found = line.position(step)
        listed = [move for group in found["groups"] for move in group["moves"]]
        assert listed == list(declaration(name).notation.legal_forms(line.states[step]))
        assert all(move.split(" ")[0] == g["name"] for g in found["groups"] for move in g["moves"])
        assert len({g["name"] for g in found["groups"]}) == len(found["groups"])
        assert found["svg"].startswith("<svg") and found["to_move"] is not None


def test_a_new_fresco_game_offers_the_get_up_times_first() -> None:
    line = new_line({"game": DEFAULT_GAME, "players": 3, "seed": 1})
    groups = line.position(0)["groups"]
    assert [g["name"] for g in groups] == ["up"]
    assert groups[0]["moves"] == ["up 5:00", "up 6:00", "up 7:00", "up 8:00", "up 9:00"]


@pytest.mark.parametrize("name", GAMES)
def test_a_refused_move_names_its_rule_with_the_catalogue_text(name: str) -> None:
    line = line_of(name)
    text, rule = illegal_move(line, line.total)
    answer = line.try_move(line.total, text, "http://docs.example")
    entries = {entry.id: entry for entry in declaration(name).catalogue()}
    assert answer["outcome"] == "refused" and answer["rule"] == rule
    assert answer["rule_text"] == entries[rule].text
    assert answer["matrix"] == matrix_link("http://docs.example", name, rule)
    assert answer["closest"] and set(answer["closest"]) <= set(line.forms(line.total))
    assert line.total == 12, "a refused move changes nothing"


def test_the_matrix_link_names_the_page_the_matrix_script_writes() -> None:
    assert matrix_link("http://x/", DEFAULT_GAME, "R0.4") == "http://x/rules-matrix/#:~:text=R0.4"
    other = GAMES[1]
    assert matrix_link("http://x", other, "B1") == f"http://x/rules-matrix-{other}/#:~:text=B1"


@pytest.mark.parametrize("name", GAMES)
def test_text_that_is_no_notation_says_so(name: str) -> None:
    line = line_of(name)
    answer = line.try_move(3, "xyzzy plugh")
    assert answer["outcome"] == "not_notation"
    assert "xyzzy plugh" in answer["reason"] and len(answer["closest"]) <= 5
    with pytest.raises(BoardRefused, match="step takes 0 to 12"):
        line.try_move(13, "x")
    with pytest.raises(BoardRefused, match="at most 200"):
        line.try_move(0, "x" * 201)


@pytest.mark.parametrize("name", GAMES)
def test_a_move_before_the_end_starts_a_branch_that_replays(name: str) -> None:
    line = line_of(name)
    move = line.forms(4)[-1]
    answer = line.try_move(4, move)
    assert answer == {"outcome": "played", "branched": True, "total": 5}
    assert [entry["step"] for entry in line.log] == [1, 2, 3, 4, 5]
    assert line.log[-1]["move"] == move
    final = replay(declaration(name).rules, line.record)
    assert declaration(name).rules.codec is not None
    assert final == line.states[-1]


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_sees_only_its_view_and_its_own_moves(name: str) -> None:
    game = declaration(name)
    line = line_of(name)
    to_move = line.to_move(line.total)
    for seat in range(line.players):
        found = line.position(line.total, seat)
        assert set(found) == {"step", "total", "seat", "to_move", "view", "groups"}
        assert found["view"] == view_text(game.player_view(line.states[-1], seat))
        assert bool(found["groups"]) == (seat == to_move)
    with pytest.raises(BoardRefused, match="seat takes"):
        line.position(0, line.players)


def test_a_record_with_an_illegal_step_opens_up_to_it() -> None:
    record = sample_record(DEFAULT_GAME, 5, 8)
    record["steps"][6]["seat"] = (record["steps"][6]["seat"] + 1) % 4
    line = open_record(json.dumps(record))
    assert line.total == 6 and "step 6" in line.problem
    assert len(line.record["steps"]) == 6


def test_a_seed_beyond_2_53_is_exact_as_text() -> None:
    """The page sends and shows seeds as text: a JSON number is a double in a browser."""
    seed = 2**64 - 1
    line = new_line({"game": DEFAULT_GAME, "seed": str(seed)})
    assert line.record["seed"] == seed
    assert line.summary()["seed"] == "18446744073709551615"


def test_a_new_game_checks_every_field() -> None:
    game = declaration(DEFAULT_GAME)
    option = game.options()[0]
    line = new_line({"game": DEFAULT_GAME, "seed": 3, "options": {option.name: option.values[-1]}})
    assert line.record["setup"][option.name] == option.values[-1]
    for bad, words in [
        ({"game": "chess"}, "unknown game"),
        ({"game": DEFAULT_GAME, "players": 9}, "players"),
        ({"game": DEFAULT_GAME, "seed": -1}, "seed"),
        ({"game": DEFAULT_GAME, "seed": "12a"}, "seed"),
        ({"game": DEFAULT_GAME, "seed": "\uff11"}, "seed"),
        ({"game": DEFAULT_GAME, "seed": str(2**64)}, "seed"),
        ({"game": DEFAULT_GAME, "options": {"nope": "x"}}, "unknown option"),
        ({"game": DEFAULT_GAME, "options": {option.name: "x"}}, option.rule),
        ({"game": DEFAULT_GAME, "modules": "9"}, "modules"),
        ([], "object"),
    ]:
        with pytest.raises(BoardRefused, match=words):
            new_line(bad)


@pytest.fixture
def served(tmp_path: Path) -> tuple[TestClient, Path]:
    record = tmp_path / "game.json"
    record.write_text(json.dumps(sample_record(GAMES[-1], 2, 10)), encoding="utf-8")
    client = TestClient(create_app([record], tmp_path), base_url="http://127.0.0.1")
    return client, record


def opened(client: TestClient, body: Any) -> str:
    answer = client.post("/api/sessions", json=body)
    assert answer.status_code == 200, answer.text
    key: str = answer.json()["session"]
    return key


def test_the_server_plays_on_a_branch_and_never_touches_the_file(
    served: tuple[TestClient, Path],
) -> None:
    client, record = served
    before = record.read_bytes()
    assert client.get("/api/files").json()["files"] == [str(record)]
    key = opened(client, {"file": str(record)})
    position = client.get(f"/api/sessions/{key}/position?step=3").json()
    move = position["groups"][0]["moves"][0]
    answer = client.post(f"/api/sessions/{key}/move", json={"step": 3, "text": move}).json()
    assert answer["outcome"] == "played" and answer["total"] == 4 and len(answer["log"]) == 4
    assert record.read_bytes() == before
    download = client.get(f"/api/sessions/{key}/record")
    assert "attachment" in download.headers["content-disposition"]
    assert len(download.json()["steps"]) == 4


def test_save_writes_only_new_names_in_the_folder(served: tuple[TestClient, Path]) -> None:
    client, record = served
    key = opened(client, {"file": str(record)})
    for name in ("../out.json", "sub/out.json", ".hidden.json", "out.txt", "/tmp/out.json"):
        answer = client.post(f"/api/sessions/{key}/save", json={"name": name})
        assert answer.status_code == 400 and "file name" in answer.json()["error"], name
    assert not (record.parent.parent / "out.json").exists()
    answer = client.post(f"/api/sessions/{key}/save", json={"name": "game.json"})
    assert answer.status_code == 400 and "already exists" in answer.json()["error"]
    answer = client.post(f"/api/sessions/{key}/save", json={"name": "copy.json"})
    assert answer.json()["saved"] == "copy.json"
    assert json.loads((record.parent / "copy.json").read_text()) == json.loads(record.read_text())
    answer = client.post(f"/api/sessions/{key}/save", json={"name": "game.json", "overwrite": True})
    assert answer.status_code == 200


def test_the_server_bounds_and_checks_every_request(served: tuple[TestClient, Path]) -> None:
    client, record = served
    for name in ("/etc/passwd", "../game.json", str(record.parent / "missing.json")):
        assert client.post("/api/sessions", json={"file": name}).status_code == 404
    huge = client.post("/api/sessions", content=b" " * (MAX_BODY + 1), headers=JSON)
    assert huge.status_code == 413
    form = client.post("/api/sessions", content=b"{}", headers={"Content-Type": "text/plain"})
    assert form.status_code == 415
    elsewhere = TestClient(create_app([record], record.parent), base_url="http://evil.example")
    assert elsewhere.get("/api/files").status_code == 400
    bad = client.post("/api/sessions", json={"record": '{"game": "fresco", "seed": 1e999}'})
    assert bad.status_code == 400 and "error" in bad.json()
    assert client.get("/api/sessions/nope/position?step=0").status_code == 404
    key = opened(client, {"file": str(record)})
    for query in ("step=11", "step=-1", "step=x", "step=0&seat=9", "step=99999999999"):
        assert client.get(f"/api/sessions/{key}/position?{query}").status_code == 400, query
    page = client.get("/")
    assert "default-src 'self'" in page.headers["content-security-policy"]


def test_show_html_writes_one_page_and_refuses_an_existing_one(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text(json.dumps(sample_record(DEFAULT_GAME, 4, 20)), encoding="utf-8")
    out = tmp_path / "board.html"
    text = io.StringIO()
    assert main(["show", str(record), "--html", str(out)], text) == 0
    assert text.getvalue().startswith(f"board of 20 steps written to {out}")
    html = out.read_text(encoding="utf-8")
    assert 'id="board-data"' in html and "<style>" in html
    assert 'src="' not in html and 'href="/' not in html, "nothing is fetched"
    assert main(["show", str(record), "--html", str(out)], io.StringIO()) == 2
    assert main(["show", str(record), "--html", str(out), "--force"], io.StringIO()) == 0


def test_serve_refuses_a_missing_file_before_it_starts(tmp_path: Path) -> None:
    assert main(["serve", str(tmp_path / "missing.json")], io.StringIO()) == 2
    assert main(["serve", "--folder", str(tmp_path / "nowhere")], io.StringIO()) == 2
