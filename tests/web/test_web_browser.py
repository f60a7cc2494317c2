"""The score pad and the host's place in a real browser: Debian's chromium driven by
Playwright at a phone's size, against a real waitress server on 127.0.0.1."""

from __future__ import annotations

import base64

from web_helpers import (
    PHONE,
    PIN,
    PLAYERS,
    go,
    log_in,
    needs_chromium,
    score_everyone_but,
    seat_to_move,
)

from companion import commands as c
from web import serve

pytestmark = needs_chromium


def turn_text(page) -> str:
    return page.evaluate("document.getElementById('turn').textContent")


def wait_for_turn(page, seat: int) -> None:
    expected = f"{PLAYERS[seat - 1]}'s turn (seat {seat})"
    page.wait_for_function(
        "text => document.getElementById('turn').textContent === text",
        arg=expected,
    )


def test_the_page_has_three_places_and_fits_a_phone(phone_page, game):
    page = phone_page()
    go(page, "pad")
    assert page.title() == "Score pad · Train Companion"
    assert page.locator("#title").inner_text() == "Mexican Train"
    assert page.locator("#pad thead th").all_inner_texts() == ["Round", *PLAYERS]
    assert page.locator("#engine svg").get_attribute("aria-label") == "engine 12-12"
    assert page.locator("[data-go]").all_inner_texts() == ["Score pad", "My seat", "Host"]
    assert page.locator("#login").is_hidden() and page.locator("#seat-card").is_hidden()
    go(page, "host")
    assert page.locator("#pin").is_visible() and page.locator("#pad").is_hidden()
    go(page, "seat")
    assert page.locator("[data-claim]").count() == 3
    fits = page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert fits, "the page scrolls sideways at 360 px"


SMALL_TARGETS = """() => [...document.querySelectorAll(
  'button, a, select, input:not([type=checkbox]), summary, label.switch')]
  .filter((el) => el.offsetParent !== null && !el.closest('.trail, p'))
  .map((el) => [el.textContent.trim() || el.id || el.tagName, el.getBoundingClientRect()])
  .filter(([, box]) => box.height < 44 || box.width < 44)
  .map(([name, box]) => `${name}: ${Math.round(box.width)} x ${Math.round(box.height)}`)"""


def test_every_target_in_every_place_is_big_enough_for_a_thumb(phone_page, game):
    page = phone_page()
    seat = seat_to_move(game)
    game.call(c.Gesture(seat - 1, "hold"))
    for place in ("pad", "seat"):
        go(page, place)
        assert page.evaluate(SMALL_TARGETS) == [], place
    page.click("[data-claim='1']")
    page.locator("#seat-buttons").wait_for(state="visible")
    assert page.evaluate(SMALL_TARGETS) == [], "my seat"
    log_in(page)
    for details in ("#score-box", "#photo-box", "#setup-box"):
        page.evaluate(f"document.querySelector('{details}').open = true")
    page.locator("#setup-options .switch").first.wait_for()
    assert page.evaluate(SMALL_TARGETS) == [], "host"


def test_each_player_has_a_colour_on_the_pad_and_at_whose_turn(phone_page, game):
    page = phone_page()
    go(page, "pad")
    seat = seat_to_move(game)
    colours = page.evaluate(
        "[...document.querySelectorAll('#pad thead th .dot')]"
        ".map(dot => getComputedStyle(dot).backgroundColor)"
    )
    assert len(set(colours)) == 3
    turn_dot = page.evaluate(
        "getComputedStyle(document.querySelector('#turn .dot')).backgroundColor"
    )
    assert turn_dot == colours[seat - 1]


def test_a_seat_press_with_the_default_settings_shows_on_the_page(phone_page, game):
    """A real gpiozero button on mock pins, the default gesture timings, wired to the
    companion as serve does: the press counts when the button comes up."""
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    from hardware.config import parse_seats
    from hardware.finger import press_gesture
    from hardware.seats import Seats

    page = phone_page()
    seat = seat_to_move(game)

    def gesture(number: int, name: str) -> None:
        game.submit(c.Gesture(number - 1, name, source="button"))

    with Seats(parse_seats({}, count=3), MockFactory(pin_class=MockPWMPin), gesture) as seats:
        press_gesture(seats, seat, "press")
        wait_for_turn(page, seat % 3 + 1)


def test_a_last_tile_tap_raises_the_banner(phone_page, game):
    page = phone_page()
    seat = seat_to_move(game)
    game.submit(c.Gesture(seat - 1, "double", source="button"))
    banner = page.locator("#alert")
    banner.wait_for(state="visible")
    assert banner.inner_text() == f"{PLAYERS[seat - 1]} has one tile left!"
    go(page, "pad")
    assert "1: one tile left" in page.locator("#pad-legend").inner_text()


def test_a_host_corrects_a_score_and_a_second_page_shows_it(phone_page, game):
    game.call(c.EndRound("blocked"))
    for seat, value in enumerate((14, 0, 23)):
        game.call(c.EnterScore(seat, value))
    host, watcher = phone_page(), phone_page()
    go(watcher, "pad")
    log_in(host)
    host.click("#score-box summary")
    host.select_option("#score-seat", "3")
    host.select_option("#score-round", "1")
    host.fill("#score-value", "32")
    host.fill("#score-why", "counted the 9-9 once")
    host.click("#score-form button[type=submit]")
    cell = watcher.locator("#pad tbody tr[data-round='1'] td[data-seat='3']")
    watcher.wait_for_function(
        "() => document.querySelector(\"#pad tbody tr[data-round='1'] td[data-seat='3']\")"
        ".textContent === '32'",
    )
    assert "corrected" in cell.get_attribute("class")
    trail = watcher.locator("#trail-list li", has_text="Cy: 23 → 32")
    trail.wait_for()
    assert "counted the 9-9 once" in trail.inner_text()
    assert watcher.locator("#pad tfoot td[data-seat='3']").inner_text().strip() == "32"
    assert "✎: score corrected" in watcher.locator("#pad-legend").inner_text()


def test_the_host_puts_a_wired_seats_reading_right_and_the_pad_shows_it(phone_page, game):
    seat = seat_to_move(game)
    score_everyone_but(game, keep=seat)
    # the wired seat pressed; the camera read its hand but missed a 0|2
    game.call(c.HandRead(seat - 1, 18, [[6, 12]], True, None, "camera", "check"))
    host, watcher = phone_page(), phone_page()
    go(watcher, "pad")
    log_in(host)
    host.locator("#host-hand-box summary").click()
    assert host.locator("#host-hand-seat").input_value() == str(seat)
    assert host.locator("#host-hand-list [data-tile]").inner_text() == "6|12 ✕"
    host.click("#host-hand-list [data-end='2']")
    host.click("#host-hand-list [data-end='0']")
    host.click("[data-score-listed='20']")
    watcher.wait_for_function(
        f"() => document.querySelector(\"#pad tbody tr[data-round='1'] td[data-seat='{seat}']\")"
        ".textContent === '20'",
    )
    assert game.state()["rounds"][0]["scores"][seat - 1] == 20
    host.locator("#host-hand-box").wait_for(state="hidden")  # no hand left to score


def test_a_wrong_pin_is_said_once_and_goes_away(phone_page):
    page = phone_page()
    go(page, "host")
    page.fill("#pin", "0000")
    page.click("#login button[type=submit]")
    error = page.locator("#login-error")
    error.wait_for(state="visible")
    assert "wrong PIN" in error.inner_text()
    assert page.locator("#host-controls").is_hidden()
    page.fill("#pin", PIN)  # typing again clears the old message
    assert error.is_hidden()
    page.click("#login button[type=submit]")
    page.locator("#host-controls").wait_for(state="visible")
    assert error.is_hidden()


def test_the_new_game_form_speaks_the_players_language(phone_page, companion):
    page = phone_page()
    log_in(page)
    page.locator("#setup-players input").first.wait_for()
    assert page.locator("#setup-box").get_attribute("open") is not None  # no game yet: open
    games = page.locator("#setup-game option").all_inner_texts()
    assert games[0].startswith("Mexican Train")
    assert page.locator("#setup-game").input_value() == "mexican-train"
    assert page.locator("#setup-preset option").all_inner_texts() == [
        "Front Porch Classics",
        "Puremco",
    ]
    string = page.locator("label.switch", has=page.locator("#rule-first_turn_string"))
    assert string.locator("strong").inner_text() == "First-turn string"
    assert "their own train" in string.locator(".option-help").inner_text()
    assert "_" not in page.locator("#setup-options").inner_text()  # no raw option keys
    for box, name in zip(page.locator("#setup-players input").all(), ["Ida", "Jo"], strict=False):
        box.fill(name)
    page.locator("label.switch", has=page.locator("#rule-first_turn_string")).click()
    page.fill("#rule-rounds", "3")
    page.click("#setup button[type=submit]")
    page.locator("#toast", has_text="The game is on.").wait_for()
    state = companion.state()
    assert state["players"] == ["Ida", "Jo"] and state["phase"] == "playing"
    options = companion.store.events(state["game_id"])[0].payload["options"]
    assert options == {"rounds": 3, "first_turn_string": False}  # only what was changed
    page.locator("#join-box img").wait_for()  # the new game's join QR code


def test_tapping_a_score_shows_the_photo_of_that_hand(phone_page, game, server):
    seat = seat_to_move(game)
    score_everyone_but(game, keep=seat)
    page = phone_page()
    go(page, "pad")
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
    cell = page.locator(f"#pad tbody tr[data-round='1'] td[data-seat='{seat}']")
    page.wait_for_function(
        "sel => document.querySelector(sel).textContent === '17?'",
        arg=f"#pad tbody tr[data-round='1'] td[data-seat='{seat}']",
    )
    cell.click()
    page.locator("#zoom").wait_for(state="visible")
    assert page.locator("#zoom-img").evaluate("img => img.complete && img.naturalWidth") == 80
    assert page.locator("#zoom-caption").inner_text() == f"Round 1, {PLAYERS[seat - 1]}: 17"
    page.click("#zoom button")
    thumb = page.locator(f"#photos [data-picture='/photos/{name}']")
    assert f"{PLAYERS[seat - 1]}: 17" in thumb.inner_text()


def test_a_photo_deleted_to_spare_the_sd_card_says_so(phone_page, game):
    seat = seat_to_move(game)
    score_everyone_but(game, keep=seat)
    name = "cd" * 16 + ".jpg"  # named by the game, no longer on disk
    game.call(c.HandRead(seat - 1, 17, [[5, 6], [2, 4]], False, name, source="camera"))
    page = phone_page()
    go(page, "pad")
    thumb = page.locator("#photos .thumb")
    thumb.locator(".gone").wait_for()
    assert thumb.inner_text().startswith("photo no longer kept")
    thumb.click()
    assert page.locator("#zoom").is_hidden()


def test_the_end_of_a_game_is_a_moment_not_an_error(phone_page, game):
    page = phone_page()
    game.call(c.EndRound("blocked"))
    for seat, value in enumerate((30, 8, 19)):
        game.call(c.EnterScore(seat, value))
    game.call(c.EndGame())
    page.locator("#winner").wait_for(state="visible")  # whatever place it was on
    assert page.locator("#winner-names").inner_text() == "Bob wins!"
    assert page.locator("#winner-total").inner_text() == "8 pips after 1 round"
    assert page.locator("#final-table .name").all_inner_texts() == ["Bob", "Cy", "Ann"]
    assert page.locator("#final-table .total").all_inner_texts() == ["8", "19", "30"]
    assert page.locator("#alert").is_hidden()  # no warning banner for a winner
    page.click("#winner-new-game")
    page.locator("#place-host").wait_for(state="visible")
    log_in(page)
    assert page.locator("#setup-box").get_attribute("open") is not None
    page.locator("#setup-players input").first.wait_for()
    names = [box.input_value() for box in page.locator("#setup-players input").all()]
    assert names == [*PLAYERS, ""]  # the same table again, and room for one more


def test_a_past_game_from_the_history(phone_page, game):
    page = phone_page()
    go(page, "pad")
    game.call(c.EndGame())
    page.locator("#history li[data-game='1']", has_text="· finished").wait_for()
    assert "Mexican Train" in page.locator("#history li[data-game='1']").inner_text()
    game.call(c.NewGame("mexican-train", ["Dee", "Eve"], None, {}))
    page.locator("#winner").wait_for(state="hidden")
    page.click("#history li[data-game='1'] button")
    page.locator("#past").wait_for(state="visible")
    assert page.locator("#pad thead th").all_inner_texts() == ["Round", *PLAYERS]
    page.click("#back-live")
    assert page.locator("#pad thead th").all_inner_texts() == ["Round", "Dee", "Eve"]


def test_a_phone_that_loses_the_server_says_so_and_catches_up(phone_page, game, server, config):
    page = phone_page()
    go(page, "pad")
    server.close()
    page.locator("#reconnecting").wait_for(state="visible")
    seat = seat_to_move(game)
    game.call(c.Gesture(seat - 1, "hold"))  # while the phone cannot hear
    back = serve(game, "127.0.0.1", server.port, config)
    try:
        wait_for_turn(page, seat % 3 + 1)
        assert page.locator("#reconnecting").is_hidden()
        marker = page.locator(f"#pad thead th[data-seat='{seat}'] .badge.marker")
        assert marker.count() == 1
        assert "M: a marker is out" in page.locator("#pad-legend").inner_text()
    finally:
        back.close()


def test_a_host_whose_pin_was_changed_is_asked_to_log_in_again(phone_page, game, server, config):
    page = phone_page()
    log_in(page)
    server.close()
    back = serve(game, "127.0.0.1", server.port, config | {"pin": "97531"})
    try:
        page.wait_for_selector("#live.on")
        page.click("#end-round")
        page.locator("#login").wait_for(state="visible")
        assert "log in with the PIN" in page.locator("#login-error").inner_text()
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
    go(page, "pad")
    out = seat_to_move(game)
    second, third = out % 3 + 1, (out + 1) % 3 + 1
    game.call(c.Gesture(out - 1, "out"))
    notice = page.locator("#first-turns")
    notice.wait_for(state="visible")
    assert notice.inner_text().splitlines() == [
        f"{PLAYERS[out - 1]} went out on the first turn: everyone else plays their first turn.",
        f"Still to play: {PLAYERS[second - 1]} and {PLAYERS[third - 1]}. "
        "Then the hands are counted.",
    ]
    assert turn_text(page) == f"{PLAYERS[second - 1]}'s turn (seat {second})"
    game.call(c.Gesture(second - 1, "press"))
    page.locator("#first-turns", has_text=f"Still to play: {PLAYERS[third - 1]}.").wait_for()
    game.call(c.Gesture(third - 1, "press"))
    notice.wait_for(state="hidden")
    assert page.locator("#phase").inner_text().startswith("Round over: scoring")
