"""The score pad in a real browser: Debian's chromium driven by Playwright at a phone's
size, against a real waitress server on 127.0.0.1."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from web_helpers import PIN, PLAYERS, seat_to_move

from companion import commands as c
from web import serve

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 360, "height": 740}

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="Debian's chromium is not installed (apt-get install chromium); CI installs it",
)


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield chromium
        chromium.close()


@pytest.fixture
def server(companion, config):
    running = serve(companion, "127.0.0.1", 0, config)
    yield running
    running.close()


@pytest.fixture
def phone_page(browser, server):
    """Open a page on a new phone (its own cookies); fails the test on a script error."""
    contexts, errors = [], []

    def open_page():
        context = browser.new_context(viewport=PHONE, device_scale_factor=2, has_touch=True)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on(
            "request",
            lambda request: (
                errors.append(f"external request {request.url}")
                if not request.url.startswith(server.url)
                else None
            ),
        )
        page.goto(server.url)
        page.wait_for_selector("#live.on")
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert errors == []


def test_the_page_loads_at_phone_width(phone_page, game):
    page = phone_page()
    assert page.title() == "Score pad · Train Companion"
    assert page.locator("#title").inner_text() == "Mexican Train"
    heads = page.locator("#pad thead th").all_inner_texts()
    assert heads == ["Round", *PLAYERS]
    assert page.locator("#engine svg").get_attribute("aria-label") == "engine 12-12"
    fits = page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert fits, "the page scrolls sideways at 360 px"


def test_seat_press_on_mock_gpio_shows_on_the_page_within_1_s(phone_page, game):
    """Until the seats branch is merged, the press is submitted to the companion exactly as
    the seat adapter does (a Gesture from a button); switch to mock GPIO after the merge."""
    page = phone_page()
    seat = seat_to_move(game)
    following = seat % 3 + 1
    expected = f"{PLAYERS[following - 1]}'s turn (seat {following})"
    game.submit(c.Gesture(seat - 1, "press", source="button"))
    page.wait_for_function(
        "text => document.getElementById('turn').textContent === text", arg=expected, timeout=1000
    )


def test_a_last_tile_tap_raises_the_banner(phone_page, game):
    page = phone_page()
    seat = seat_to_move(game)
    game.submit(c.Gesture(seat - 1, "double", source="button"))
    banner = page.locator("#alert")
    banner.wait_for(state="visible", timeout=1000)
    assert banner.inner_text() == f"{PLAYERS[seat - 1]} has one tile left!"


def test_a_phone_claims_a_seat_and_ends_its_turn(phone_page, game):
    page = phone_page()
    seat = seat_to_move(game)
    page.click(f"[data-claim='{seat}']")
    page.click("[data-gesture='press']")
    page.wait_for_function(
        "seat => !document.getElementById('turn').textContent.includes(`(seat ${seat})`)",
        arg=seat,
        timeout=2000,
    )
    assert seat_to_move(game) == seat % 3 + 1


def _log_in(page):
    page.fill("#pin", PIN)
    page.click("#login button[type=submit]")
    page.locator("#host-controls").wait_for(state="visible")


def test_a_host_corrects_a_score_and_a_second_page_shows_it(phone_page, game):
    game.call(c.EndRound("blocked"))
    for seat, value in enumerate((14, 0, 23)):
        game.call(c.EnterScore(seat, value))
    host, watcher = phone_page(), phone_page()
    _log_in(host)
    host.select_option("#score-seat", "3")
    host.select_option("#score-round", "1")
    host.fill("#score-value", "32")
    host.fill("#score-why", "counted the 9-9 once")
    host.click("#score-form button[type=submit]")
    cell = watcher.locator("#pad tbody tr[data-round='1'] td[data-seat='3']")
    cell.wait_for(state="attached")
    watcher.wait_for_function(
        "() => document.querySelector(\"#pad tbody tr[data-round='1'] td[data-seat='3']\")"
        ".textContent === '32'",
        timeout=2000,
    )
    assert "corrected" in cell.get_attribute("class")
    trail = watcher.locator("#trail-list li", has_text="Cy: 23 → 32")
    trail.wait_for(timeout=2000)
    assert "counted the 9-9 once" in trail.inner_text()
    total = watcher.locator("#pad tfoot td[data-seat='3']").inner_text()
    assert total.strip() == "32"


def test_a_wrong_pin_is_shown_to_the_host(phone_page):
    page = phone_page()
    page.fill("#pin", "0000")
    page.click("#login button[type=submit]")
    page.locator("#toast.bad").wait_for(timeout=2000)
    assert "wrong PIN" in page.locator("#toast").inner_text()
    assert page.locator("#host-controls").is_hidden()


def test_the_host_sets_up_a_game_from_the_page(phone_page, companion):
    page = phone_page()
    _log_in(page)
    page.locator("#setup-players input").first.wait_for()
    for box, name in zip(page.locator("#setup-players input").all(), ["Ida", "Jo"], strict=False):
        box.fill(name)
    page.fill("#rule-rounds", "3")
    page.click("#setup button[type=submit]")
    page.locator("#toast", has_text="The game is on.").wait_for(timeout=3000)
    page.wait_for_function("() => document.querySelectorAll('#pad thead th').length === 3")
    state = companion.state()
    assert state["players"] == ["Ida", "Jo"] and state["phase"] == "playing"


def test_screenshot_of_the_score_pad(phone_page, companion):
    """Saved under test-artifacts/ for a person to look at."""
    game = companion
    game.call(c.NewGame("mexican-train", ["Ann", "Bob", "Cy", "Dmitri"], None, {"rounds": 5}))
    for number in range(2):
        for gesture in ("press", "hold", "press", "press", "double", "out"):
            game.call(c.Gesture(seat_to_move(game) - 1, gesture))
        for seat in game.state()["scoring"]["waiting"]:
            game.call(c.EnterScore(seat - 1, 9 * seat + 5 * number))
        game.call(c.NextRound())
    game.call(c.EnterScore(1, 4, "host", "a 2-2 under the rack", 1))
    game.call(c.Gesture(seat_to_move(game) - 1, "hold"))
    game.call(c.Gesture(seat_to_move(game) - 1, "double"))
    page = phone_page()
    page.wait_for_selector("#chart svg")
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / "score-pad-360.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 10_000
    if os.environ.get("CI"):
        print(f"screenshot: {path}")
