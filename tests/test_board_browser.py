"""The analysis board in a real browser (Debian's Chromium driven by Playwright), for every
registered game: the served board (open a record, step with the keys and the slider, play a
listed move, type an illegal one and read its refusal, switch seats) and the static page of
``show --html`` opened from disk. One server and one browser for the module.

Without Chromium the tests skip, except under CI (``CI`` set), where a missing browser fails:
``.ci/run`` installs it.
"""

from __future__ import annotations

import html
import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from fresco_rules.board.analysis import DOCS_URL, matrix_link, open_record, view_text
from fresco_rules.board.export import pair_page
from fresco_rules.board.pair import open_pair
from fresco_rules.games import game_names
from tests.board_browser import (
    LAUNCH_ARGS,
    VIEWPORT,
    chromium,
    illegal_move,
    running_board,
    sample_record,
    write_static,
)
from tests.board_pairs import write_witness

GAMES = game_names()
STEPS = 16


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    executable = chromium()
    if executable is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is missing under CI: .ci/run must install it (apt-get)")
        pytest.skip("chromium not installed (apt-get install chromium); CI installs it")
    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=executable, args=LAUNCH_ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("records")
    found = {}
    for name in GAMES:
        path = folder / f"{name}.json"
        path.write_text(json.dumps(sample_record(name, 11, STEPS)), encoding="utf-8")
        found[name] = path
    return found


@pytest.fixture(scope="module")
def board_url(records: dict[str, Path]) -> Iterator[str]:
    files = list(records.values())
    with running_board(files, files[0].parent) as url:
        yield url


@pytest.fixture
def tab(browser: Browser) -> Iterator[Page]:
    page = browser.new_page(viewport=VIEWPORT)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    page.close()
    assert errors == [], "the page's script failed"


def step_label(tab: Page, step: int, total: int) -> None:
    expect(tab.locator("#step-label")).to_have_text(f"step {step} / {total}")


def slide(tab: Page, step: int) -> None:
    tab.eval_on_selector(
        "#slider", "(s, v) => { s.value = v; s.dispatchEvent(new Event('input')); }", str(step)
    )


def listed(line: Any, step: int) -> list[str]:
    """The legal moves as the page lists them: in groups by first word."""
    return [move for group in line.position(step)["groups"] for move in group["moves"]]


def moves_on_page(tab: Page) -> list[str]:
    texts: list[str] = tab.locator("#moves .move-button").all_text_contents()
    return texts


def check_seats(tab: Page, line: Any, step: int) -> None:
    """Every seat's view is its player_view as text, with no picture; back to the analyst."""
    to_move = line.to_move(step)
    for seat in range(line.players):
        tab.select_option("#seat", str(seat))
        expected = view_text(line.game.player_view(line.states[step], seat))
        expect(tab.locator("#view")).to_have_text(expected)
        expect(tab.locator("#board")).to_be_hidden()
        expect(tab.locator("#log")).to_be_hidden()
        count = len(line.forms(step)) if seat == to_move else 0
        expect(tab.locator("#moves-count")).to_have_text(f"({count})")
    tab.select_option("#seat", "")
    expect(tab.locator("#board svg")).to_be_visible()


@pytest.mark.parametrize("name", GAMES)
def test_the_served_board_steps_plays_refuses_and_shows_seats(
    tab: Page, board_url: str, records: dict[str, Path], name: str
) -> None:
    path = records[name]
    before = path.read_bytes()
    line = open_record(path)
    tab.goto(f"{board_url}/?open={quote(str(path))}")
    step_label(tab, STEPS, STEPS)
    expect(tab.locator("#board svg")).to_be_visible()
    assert len(tab.locator("#log li").all()) == STEPS

    tab.keyboard.press("Home")
    step_label(tab, 0, STEPS)
    tab.keyboard.press("ArrowRight")
    tab.keyboard.press("ArrowRight")
    step_label(tab, 2, STEPS)
    slide(tab, 9)
    step_label(tab, 9, STEPS)
    expect(tab.locator("#log li.current")).to_have_attribute("data-step", "9")
    assert moves_on_page(tab) == listed(line, 9)

    check_seats(tab, line, 9)

    move = line.forms(9)[0]  # a listed move, played before the end: a new branch
    tab.locator("#moves .move-button", has_text=move).first.click()
    step_label(tab, 10, 10)
    expect(tab.locator("#move-result")).to_contain_text("a new branch")
    assert line.try_move(9, move)["outcome"] == "played"
    assert moves_on_page(tab) == listed(line, 10)

    text, rule = illegal_move(line, 10)
    tab.fill("#move-text", text)
    tab.press("#move-text", "Enter")
    expect(tab.locator("#move-result .rule")).to_have_text(f"refused by rule {rule}")
    link = matrix_link(DOCS_URL, name, rule)
    expect(tab.locator("#matrix-link")).to_have_attribute("href", link)
    assert tab.locator("#move-result .rule-text").text_content()
    step_label(tab, 10, 10)

    tab.fill("#move-text", "xyzzy")
    tab.press("#move-text", "Enter")
    expect(tab.locator("#move-result")).to_contain_text("not notation")
    assert path.read_bytes() == before, "the record on disk is never changed without a save"


@pytest.mark.parametrize("name", GAMES)
def test_the_static_page_steps_and_shows_moves_and_seats_from_disk(
    tab: Page, tmp_path: Path, name: str
) -> None:
    out = tmp_path / f"{name}.html"
    line = write_static(sample_record(name, 12, STEPS), out)
    tab.goto(out.as_uri())
    step_label(tab, STEPS, STEPS)
    expect(tab.locator("#board svg")).to_be_visible()
    expect(tab.locator("#move-form")).to_be_hidden()
    tab.keyboard.press("Home")
    tab.keyboard.press("ArrowRight")
    step_label(tab, 1, STEPS)
    assert moves_on_page(tab) == listed(line, 1)
    expect(tab.locator("#board")).to_contain_text(line.game.title)
    slide(tab, 7)
    step_label(tab, 7, STEPS)
    words = html.unescape(re.sub(r"<[^>]+>", "", line.position(7)["svg"]))
    assert tab.locator("#board svg").text_content() == words
    check_seats(tab, line, 7)


def test_a_new_game_is_played_saved_once_and_uploaded(
    tab: Page, board_url: str, records: dict[str, Path]
) -> None:
    name = GAMES[-1]
    folder = records[name].parent
    tab.goto(board_url)
    tab.wait_for_selector("body[data-ready=true]")
    tab.select_option("#new-game", name)
    tab.fill("#new-seed", "18446744073709551615")  # 2**64 - 1: exact, not a rounded double
    tab.click("#new-start")
    step_label(tab, 0, 0)
    expect(tab.locator("#game-title")).to_contain_text("seed 18446744073709551615")
    first = tab.locator("#moves .move-button").first
    move = first.text_content()
    first.click()
    step_label(tab, 1, 1)
    tab.fill("#save-name", "mine.json")
    tab.click("#save-button")
    expect(tab.locator("#save-result")).to_have_text(f"saved mine.json in {folder}")
    tab.click("#save-button")
    expect(tab.locator("#save-result")).to_contain_text("already exists")
    saved = open_record(folder / "mine.json")
    assert saved.record["seed"] == 2**64 - 1
    assert saved.total == 1 and saved.log[0]["move"] == move
    session = tab.locator("#download").get_attribute("href")
    tab.set_input_files("#upload", str(folder / "mine.json"))
    expect(tab.locator("#download")).not_to_have_attribute("href", session or "")
    expect(tab.locator("#log li")).to_have_count(1)
    step_label(tab, 1, 1)


@pytest.mark.rule("A-B.10")
def test_a_witness_pair_steps_together_and_shows_the_refusal_at_its_end(
    tab: Page, tmp_path: Path
) -> None:
    """``serve --pair``: both arms' boards step with one slider and the keys; arm B's config
    marks question_phase; at the end the difference names the refusal's rule. The static
    page of the pair (``show --pair --html``) likewise, from disk."""
    pair = write_witness(
        tmp_path / "witnesses", "legal_actions", "barbarossa", "question_phase", "until_no", 0
    )
    with running_board([], tmp_path, pair) as url:
        tab.goto(url)
        tab.wait_for_selector("body[data-ready=true] #arm-b .arm-board svg")
        label, difference = tab.locator("#pair-step-label"), tab.locator("#pair-difference")
        expect(label).to_have_text("step 34 / 34")
        expect(difference).to_contain_text("stop is legal in arm A only; arm B refuses it: A-B.10")
        expect(tab.locator("#arm-b .differs-line")).to_have_text(
            'differs: question_phase = "until_no"'
        )
        expect(tab.locator("#arm-a .config li.differs")).to_have_count(1)
        tab.keyboard.press("Home")
        expect(label).to_have_text("step 0 / 34")
        expect(difference).to_contain_text("the arms agree up to here")
        tab.eval_on_selector(
            "#pair-slider", "(s) => { s.value = '20'; s.dispatchEvent(new Event('input')); }"
        )
        expect(label).to_have_text("step 20 / 34")
        expect(tab.locator("#pair-log li.current")).to_have_count(1)
        assert (
            tab.locator("#arm-a .arm-board").inner_html()
            == tab.locator("#arm-b .arm-board").inner_html()
        )
        tab.keyboard.press("End")
        expect(label).to_have_text("step 34 / 34")
        expect(difference).to_contain_text("rules: A-B.10")
        expect(tab.locator("#pair-difference .rule").first).to_have_text("A-B.10")
    static = tmp_path / "pair.html"
    static.write_text(pair_page(*open_pair(*pair), "legal_actions"), encoding="utf-8")
    tab.goto(static.as_uri())
    tab.wait_for_selector("body[data-ready=true] #arm-b .arm-board svg")
    expect(tab.locator("#pair-step-label")).to_have_text("step 34 / 34")
    expect(tab.locator("#pair-difference")).to_contain_text("arm B refuses it: A-B.10")
    tab.keyboard.press("ArrowLeft")
    expect(tab.locator("#pair-step-label")).to_have_text("step 33 / 34")
