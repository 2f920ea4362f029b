"""A witness pair of ``fresco-rules diverge`` on the analysis board: the difference at the
records' end is the diverge package's own divergence (refusals with their rule IDs, differing
fields and scores), the configs with the differing option marked, the server's pair requests
and their bounds."""

from __future__ import annotations

import base64
import gzip
import io
import json
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from fresco_rules.board.analysis import BoardRefused, open_record
from fresco_rules.board.pair import open_pair, pair_summary, witness_pairs
from fresco_rules.board.server import create_app
from fresco_rules.cli import main
from tests.board_pairs import witness_records, write_witness

JSON = {"Content-Type": "application/json"}


@pytest.mark.rule("A-B.10")
def test_a_legal_actions_pair_shows_the_other_arms_refusal() -> None:
    """until_no: at step 34 of game 0 ``stop`` is legal in arm A only; arm B refuses it by
    A-B.10, as the search found."""
    played, record_a, record_b = witness_records("barbarossa", "question_phase", "until_no", 0)
    a, b = open_pair(json.dumps(record_a), json.dumps(record_b))
    shown = pair_summary(a, b)
    difference = shown["difference"]
    assert played.divergence is not None
    assert difference == played.divergence.to_json()
    assert (difference["kind"], difference["step"], a.total) == ("legal_actions", 34, 34)
    assert shown["at"] == 34  # at the position itself: no step made it
    assert [(r["action"], r["rule"]) for r in difference["only_a"]] == [("stop", "A-B.10")]
    assert "arm B refuses it (A-B.10:" in difference["description"]
    marked = [o["name"] for o in shown["options"][1] if o["differs"]]
    assert marked == ["question_phase"]
    values = {o["name"]: o["value"] for o in shown["options"][1]}
    assert values["question_phase"] == '"until_no"'


@pytest.mark.rule("V1")
def test_a_scores_pair_shows_the_differing_scores() -> None:
    """tiny_city=2: game 1 parts at step 13, a two-tile city scoring 4 in arm A and 2 in B."""
    _, record_a, record_b = witness_records("carcassonne", "tiny_city", "2", 1)
    shown = pair_summary(*open_pair(json.dumps(record_a), json.dumps(record_b)))
    difference = shown["difference"]
    assert (difference["kind"], difference["step"], shown["at"]) == ("scores", 13, 14)
    assert difference["scores"] == [[4, 0], [2, 0]]
    assert "state.points[0]" in difference["fields"]
    assert [o["name"] for o in shown["options"][0] if o["differs"]] == ["tiny_city"]


def test_a_pair_going_on_past_its_divergence_shows_it_where_it_is() -> None:
    """Records that play on after the arms part: the difference is the first one, at step 14
    of 20."""
    _, record_a, record_b = witness_records("carcassonne", "tiny_city", "2", 1)
    a, b = open_pair(json.dumps(record_a), json.dumps(record_b))
    for line in (a, b):
        for _ in range(6):
            assert line.try_move(line.total, line.forms(line.total)[0])["outcome"] == "played"
    shown = pair_summary(a, b)
    assert (a.total, shown["difference"]["step"], shown["at"]) == (20, 13, 14)


def test_records_that_are_no_pair_are_refused() -> None:
    _, record_a, record_b = witness_records("carcassonne", "tiny_city", "2", 1)
    shorter = {**record_b, "steps": record_b["steps"][:-1]}
    with pytest.raises(BoardRefused, match="same steps"):
        open_pair(json.dumps(record_a), json.dumps(shorter))
    other = {**record_b, "seed": record_b["seed"] + 1}
    with pytest.raises(BoardRefused, match="same seed"):
        open_pair(json.dumps(record_a), json.dumps(other))


def test_a_pair_that_does_not_part_within_its_steps_says_so() -> None:
    """Both arms with the same config play alike: no difference, and a note why."""
    _, record_a, _ = witness_records("carcassonne", "tiny_city", "2", 1)
    line = open_record(json.dumps(record_a))
    shown = pair_summary(line, open_record(json.dumps(record_a)))
    assert shown["difference"] is None and "KIND.txt" in shown["note"]
    assert not any(o["differs"] for o in shown["options"][0])


def test_the_server_opens_the_given_pair_and_the_folders_witnesses(tmp_path: Path) -> None:
    given = write_witness(tmp_path / "given", "scores", "carcassonne", "tiny_city", "2", 1)
    folder = tmp_path / "out"
    write_witness(folder / "witnesses", "scores", "carcassonne", "tiny_city", "2", 1)
    (folder / "witnesses" / "linked-a.json").symlink_to(given[0])
    (folder / "witnesses" / "linked-b.json").symlink_to(given[1])
    assert list(witness_pairs(folder / "witnesses")) == ["scores"]
    client = TestClient(create_app([], folder, pair=given), base_url="http://127.0.0.1")
    names = client.get("/api/pairs").json()["pairs"]
    assert names == [f"{given[0]} | {given[1]}", "witnesses/scores"]
    for name in names:
        answer = client.post("/api/pairs/open", json={"pair": name}).json()
        assert answer["difference"]["kind"] == "scores" and answer["a"]["total"] == 14
        for arm in ("a", "b"):
            session = answer[arm]["session"]
            position = client.get(f"/api/sessions/{session}/position?step=14").json()
            assert position["step"] == 14 and position["svg"].startswith("<svg")
        values = {option["name"]: option["value"] for option in answer["options"][1]}
        assert values["tiny_city"] == "2"
    missing = client.post("/api/pairs/open", json={"pair": "witnesses/linked"})
    assert missing.status_code == 404
    assert client.post("/api/pairs/open", json=["x"]).status_code == 400
    typed = client.post("/api/pairs/open", content=b"{}", headers={"Content-Type": "text/plain"})
    assert typed.status_code == 415


def test_show_writes_a_pair_as_one_page(tmp_path: Path) -> None:
    a, b = write_witness(tmp_path, "scores", "carcassonne", "tiny_city", "2", 1)
    out = tmp_path / "pair.html"
    text = io.StringIO()
    assert main(["show", str(a), "--pair", str(b), "--html", str(out)], text) == 0
    assert text.getvalue().splitlines() == [
        "after deploy city E at step 13 (round 4) the arms differ in: scores, view of seat 0, "
        "view of seat 1, state.points[0], state.scored[0].points (scores A [4, 0], B [2, 0])",
        f"witness pair of 14 steps written to {out}",
    ]
    packed = re.search(r'id="board-data"[^>]*>([^<]+)<', out.read_text(encoding="utf-8"))
    assert packed is not None
    document = json.loads(gzip.decompress(base64.b64decode(packed.group(1))))
    assert document["pair"]["difference"]["scores"] == [[4, 0], [2, 0]]
    assert [len(arm) for arm in document["arms"]] == [15, 15]
    assert main(["show", str(a), "--pair", str(b)], io.StringIO()) == 2
    same = ["show", str(a), "--pair", str(a), "--html", str(tmp_path / "same.html")]
    assert main(same, io.StringIO()) == 0  # no difference: the page says so


def test_the_pair_given_is_listed_once(tmp_path: Path) -> None:
    given = write_witness(tmp_path, "scores", "carcassonne", "tiny_city", "2", 1)
    client = TestClient(create_app([], tmp_path, pair=given), base_url="http://127.0.0.1")
    assert client.get("/api/pairs").json()["pairs"] == [f"{given[0]} | {given[1]}"]


def test_serve_refuses_a_missing_pair_file(tmp_path: Path) -> None:
    a = tmp_path / "scores-a.json"
    a.write_text("{}", encoding="utf-8")
    args = ["serve", "--pair", str(a), str(tmp_path / "scores-b.json")]
    assert main(args, io.StringIO()) == 2
