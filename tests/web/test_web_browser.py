"""The score pad in a real browser: Debian's chromium driven by Playwright at a phone's
size, against a real waitress server on 127.0.0.1."""

from __future__ import annotations

import base64
import os
from pathlib import Path

from web_helpers import PHONE, PLAYERS, log_in, needs_chromium, score_everyone_but, seat_to_move

from companion import commands as c
from web import serve

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

pytestmark = needs_chromium


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
    """A real gpiozero button on mock pins, with the default gesture timings (a press is
    known once the double-press window has passed), wired to the companion as serve does."""
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    from hardware.config import parse_seats
    from hardware.finger import press_gesture
    from hardware.seats import Seats

    page = phone_page()
    seat = seat_to_move(game)
    following = seat % 3 + 1
    expected = f"{PLAYERS[following - 1]}'s turn (seat {following})"

    def gesture(number: int, name: str) -> None:
        game.submit(c.Gesture(number - 1, name, source="button"))

    with Seats(parse_seats({}, count=3), MockFactory(pin_class=MockPWMPin), gesture) as seats:
        press_gesture(seats, seat, "press")
        page.wait_for_function(
            "text => document.getElementById('turn').textContent === text",
            arg=expected,
            timeout=1000,
        )


def test_a_last_tile_tap_raises_the_banner(phone_page, game):
    page = phone_page()
    seat = seat_to_move(game)
    game.submit(c.Gesture(seat - 1, "double", source="button"))
    banner = page.locator("#alert")
    banner.wait_for(state="visible", timeout=1000)
    assert banner.inner_text() == f"{PLAYERS[seat - 1]} has one tile left!"


def test_a_host_corrects_a_score_and_a_second_page_shows_it(phone_page, game):
    game.call(c.EndRound("blocked"))
    for seat, value in enumerate((14, 0, 23)):
        game.call(c.EnterScore(seat, value))
    host, watcher = phone_page(), phone_page()
    log_in(host)
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
    log_in(page)
    page.locator("#setup-players input").first.wait_for()
    for box, name in zip(page.locator("#setup-players input").all(), ["Ida", "Jo"], strict=False):
        box.fill(name)
    page.click("#setup details summary")
    page.fill("#rule-rounds", "3")
    page.click("#setup button[type=submit]")
    page.locator("#toast", has_text="The game is on.").wait_for(timeout=3000)
    page.wait_for_function("() => document.querySelectorAll('#pad thead th').length === 3")
    state = companion.state()
    assert state["players"] == ["Ida", "Jo"] and state["phase"] == "playing"
    game_started = companion.store.events(state["game_id"])[0].payload
    assert game_started["options"] == {"rounds": 3}  # the preset's rules, unchanged


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
    page.click(f"[data-claim='{seat_to_move(game)}']")
    page.locator("#seat-buttons").wait_for(state="visible")
    page.locator("#seat-card").screenshot(path=str(ARTIFACTS / "seat-buttons-360.png"))
    log_in(page)
    page.locator("#host-card").screenshot(path=str(ARTIFACTS / "host-controls-360.png"))
    if os.environ.get("CI"):
        print(f"screenshot: {path}")


def test_a_hand_photo_on_the_pad_enlarges_when_tapped(phone_page, game, server):
    seat = seat_to_move(game)
    score_everyone_but(game, keep=seat)
    page = phone_page()
    # a real JPEG, drawn and encoded by the browser, stored as the server stores pictures
    data_url = page.evaluate(
        """() => { const c = document.createElement('canvas'); c.width = 80; c.height = 60;
        const g = c.getContext('2d'); g.fillStyle = '#2a6'; g.fillRect(0, 0, 80, 60);
        return c.toDataURL('image/jpeg'); }"""
    )
    name = "ab" * 16 + ".jpg"
    photos = server.app.extensions["train_companion"].settings.photo_dir
    photos.mkdir(parents=True, exist_ok=True)
    (photos / name).write_bytes(base64.b64decode(data_url.split(",", 1)[1]))
    game.call(c.HandRead(seat - 1, 17, [[5, 6], [2, 4]], False, name, source="phone"))
    thumb = page.locator(f"[data-picture='/photos/{name}']")
    thumb.wait_for(timeout=2000)
    assert f"{PLAYERS[seat - 1]}: 17" in thumb.inner_text()
    reading = page.locator(f"#pad tbody tr[data-round='1'] td[data-seat='{seat}']")
    assert reading.inner_text() == "17?"
    thumb.click()
    page.locator("#zoom").wait_for(state="visible")
    assert page.locator("#zoom-img").evaluate("img => img.complete && img.naturalWidth") == 80


def test_a_photo_deleted_to_spare_the_sd_card_says_so(phone_page, game):
    seat = seat_to_move(game)
    score_everyone_but(game, keep=seat)
    name = "cd" * 16 + ".jpg"  # named by the game, no longer on disk
    game.call(c.HandRead(seat - 1, 17, [[5, 6], [2, 4]], False, name, source="camera"))
    page = phone_page()
    thumb = page.locator("#photos .thumb")
    thumb.locator(".gone").wait_for(timeout=2000)
    assert thumb.inner_text().startswith("photo no longer kept")
    thumb.click()
    assert page.locator("#zoom").is_hidden()


def test_the_winner_card_and_a_past_game_from_the_history(phone_page, game):
    page = phone_page()
    game.call(c.EndRound("blocked"))
    for seat, value in enumerate((30, 8, 19)):
        game.call(c.EnterScore(seat, value))
    game.call(c.EndGame())
    page.locator("#winner").wait_for(state="visible", timeout=2000)
    assert page.locator("#winner-names").inner_text() == "Bob"
    assert page.locator("#alert").inner_text() == "Game over: Bob won!"
    page.locator("#history li[data-game='1']", has_text="· finished").wait_for(timeout=2000)
    game.call(c.NewGame("mexican-train", ["Dee", "Eve"], None, {}))
    page.locator("#history li[data-game='1'] button").wait_for(timeout=2000)
    assert page.locator("#winner").is_hidden()
    page.click("#history li[data-game='1'] button")
    page.locator("#past").wait_for(state="visible")
    assert page.locator("#pad thead th").all_inner_texts() == ["Round", *PLAYERS]
    assert page.locator("#winner-names").inner_text() == "Bob"
    page.click("#back-live")
    assert page.locator("#pad thead th").all_inner_texts() == ["Round", "Dee", "Eve"]


def test_a_phone_that_loses_the_server_catches_up_when_it_comes_back(
    phone_page, game, server, config
):
    page = phone_page()
    server.close()
    page.wait_for_selector("#live.off", timeout=3000)
    seat = seat_to_move(game)
    game.call(c.Gesture(seat - 1, "hold"))  # while the phone cannot hear
    back = serve(game, "127.0.0.1", server.port, config)
    try:
        following = seat % 3 + 1
        expected = f"{PLAYERS[following - 1]}'s turn (seat {following})"
        page.wait_for_function(
            "text => document.getElementById('turn').textContent === text",
            arg=expected,
            timeout=6000,
        )
        marker = page.locator(f"#pad thead th[data-seat='{seat}'] .badge.marker")
        assert marker.count() == 1
    finally:
        back.close()


def test_a_host_whose_pin_was_changed_is_asked_to_log_in_again(phone_page, game, server, config):
    page = phone_page()
    log_in(page)
    server.close()
    back = serve(game, "127.0.0.1", server.port, config | {"pin": "97531"})
    try:
        page.wait_for_selector("#live.on", timeout=6000)
        page.click("#end-round")
        page.locator("#login").wait_for(state="visible", timeout=3000)
        assert "log in with the PIN" in page.locator("#toast").inner_text()
        assert game.state()["phase"] == "playing"
    finally:
        back.close()


def test_the_join_page_shows_a_qr_code_that_fits_the_phone(phone_page, server):
    page = phone_page()
    page.click("nav a[href='/join']")
    code = page.locator(".qr svg")
    code.wait_for()
    box = code.bounding_box()
    assert 200 <= box["width"] <= PHONE["width"] and abs(box["width"] - box["height"]) < 2
    assert page.locator(".url a").inner_text() == server.url


def test_a_first_turn_out_is_shown_until_the_others_have_played(phone_page, game):
    """Front Porch: out on the first turn, "other players get to play their first turn
    before the round ends": the pad says so, and who is still to play, until they have."""
    page = phone_page()
    out = seat_to_move(game)
    second, third = out % 3 + 1, (out + 1) % 3 + 1
    game.call(c.Gesture(out - 1, "out"))
    notice = page.locator("#first-turns")
    notice.wait_for(state="visible", timeout=2000)
    assert notice.inner_text().splitlines() == [
        f"{PLAYERS[out - 1]} went out on the first turn: everyone else plays their first turn.",
        f"Still to play: {PLAYERS[second - 1]} and {PLAYERS[third - 1]}. "
        "Then the hands are counted.",
    ]
    assert page.locator("#turn").inner_text() == f"{PLAYERS[second - 1]}'s turn (seat {second})"
    alert = page.locator("#alert").inner_text()
    assert (
        alert
        == f"{PLAYERS[out - 1]} is out on the first turn! Everyone else plays their first turn."
    )
    game.call(c.Gesture(second - 1, "press"))
    page.locator("#first-turns", has_text=f"Still to play: {PLAYERS[third - 1]}.").wait_for()
    game.call(c.Gesture(third - 1, "press"))
    notice.wait_for(state="hidden", timeout=2000)
    assert page.locator("#phase").inner_text().startswith("Round over: scoring")
