"""A seat's phone in a real browser: joining by the host's QR code, claiming a seat, buttons
that act at once and are disabled out of turn, and the seat's own hand at the end of a round
(Debian's chromium driven by Playwright at a phone's size)."""

from __future__ import annotations

from web_helpers import (
    PHONE,
    PLAYERS,
    end_turn_from_phone,
    go,
    log_in,
    needs_chromium,
    png,
    rejoin,
    score_everyone_but,
    seat_to_move,
)

from companion import commands as c

pytestmark = needs_chromium


def claim(page, seat: int) -> None:
    page.click(f"[data-claim='{seat}']")
    page.locator("#seat-buttons").wait_for(state="visible")


def _seat_buttons(page) -> list[str]:
    """The gesture buttons a seat's phone shows, in order."""
    page.locator("#seat-buttons").wait_for(state="visible")
    return [b.inner_text() for b in page.locator("[data-gesture]").all() if b.is_visible()]


def test_scanning_the_hosts_join_qr_code_is_all_a_guest_does_to_take_a_seat(
    browser, phone_page, game, server
):
    host = phone_page()
    log_in(host)
    qr = host.locator("#join-box img")
    # a real picture, loaded: on a busy machine the page may show before the picture has come
    host.wait_for_function(
        "() => { const img = document.querySelector('#join-box img');"
        " return img && img.complete && img.naturalWidth > 0; }"
    )
    box = qr.bounding_box()
    assert box["width"] >= 200 and abs(box["width"] - box["height"]) < 2
    link = host.locator("#join-box a").get_attribute("href")
    assert link == f"{server.url}?join={game.join_code}"
    assert host.locator("#join-code").inner_text() == game.join_code
    # the guest's camera opens the link the QR code holds, on a phone that never joined
    guest = browser.new_context(viewport=PHONE, device_scale_factor=2, has_touch=True)
    try:
        page = guest.new_page()
        page.goto(link)
        page.locator("#seat-claim").wait_for(state="visible")  # straight to the seat choice
        assert "?join=" not in page.url
        seat = seat_to_move(game)
        claim(page, seat)
        assert game.state()["held_seats"] == [seat]
        end_turn_from_phone(page, seat)
        assert seat_to_move(game) == seat % 3 + 1
    finally:
        guest.close()


def test_a_phone_without_the_code_is_asked_for_it_and_can_type_it(browser, game, server):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, has_touch=True)
    try:
        page = context.new_page()
        page.goto(server.url + "#seat")
        page.locator("#seat-join").wait_for(state="visible")
        assert page.locator("[data-claim]").count() == 0
        page.fill("#join-code-input", "WRONG1")
        page.click("#join-form button[type=submit]")
        page.locator("#join-error").wait_for(state="visible")
        page.fill("#join-code-input", game.join_code.lower())
        assert page.locator("#join-error").is_hidden()  # no stale message while typing
        page.click("#join-form button[type=submit]")
        page.locator("#seat-claim").wait_for(state="visible")
        claim(page, 1)
    finally:
        context.close()


def test_a_seat_tapped_as_the_table_moves_on_is_still_claimed(phone_page, game):
    page = phone_page()
    seat = seat_to_move(game)
    choice = page.locator(f"[data-claim='{seat}']")
    choice.wait_for(state="visible")
    box = choice.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()  # the finger is on the seat as the player to move ends the turn
    game.call(c.Gesture(seat - 1, "press"))
    page.wait_for_function(
        "seat => document.getElementById('turn').textContent.includes(`(seat ${seat})`)",
        arg=seat % 3 + 1,
    )
    page.mouse.up()
    page.locator("#seat-buttons").wait_for(state="visible")
    assert game.state()["held_seats"] == [seat]


def test_buttons_are_disabled_out_of_turn_with_the_reason_and_wake_up_on_turn(phone_page, game):
    page = phone_page()
    seat = seat_to_move(game)
    waiting = seat % 3 + 1
    claim(page, waiting)
    why = page.locator("#seat-why")
    assert (
        why.inner_text()
        == f"It's {PLAYERS[seat - 1]}'s turn. Your buttons wake up when it's yours."
    )
    for gesture in ("press", "hold", "double", "out"):
        assert page.locator(f"[data-gesture='{gesture}']").is_disabled(), gesture
    game.call(c.Gesture(seat - 1, "press"))
    page.locator("[data-gesture='press']:not([disabled])").wait_for()
    assert why.inner_text() == "Your turn!"
    for gesture in ("press", "hold", "double", "out"):
        assert page.locator(f"[data-gesture='{gesture}']").is_enabled(), gesture
    end_turn_from_phone(page, waiting)
    page.locator("[data-gesture='hold'][disabled]").wait_for()


def test_two_taps_on_end_turn_end_the_turn_once_and_tap_the_last_tile(phone_page, game):
    turns: list[int] = []
    game.add_listener(lambda a: turns.extend(e.seat for e in a.events if e.kind == "turn"))
    page = phone_page()
    seat = seat_to_move(game)
    claim(page, seat)
    page.locator("[data-gesture='press']").dblclick()
    page.locator("#alert", has_text=f"{PLAYERS[seat - 1]} has one tile left!").wait_for()
    state = game.state()
    assert state["last_tile"] == [seat] and state["turn"]["seat"] == seat % 3 + 1
    assert turns == [seat % 3]  # the turn moved once, to the next seat


def test_a_dice_chains_phone_shows_only_the_buttons_the_game_accepts(phone_page, companion):
    """Dice chains has no pass, last tile or going out (so no marker either): its seat phone
    offers none of them, while a Mexican Train seat phone offers all four."""
    companion.call(c.NewGame("dice-chains", PLAYERS, starter=1))
    page = phone_page()
    claim(page, 2)
    assert _seat_buttons(page) == ["End turn"]
    assert page.locator("#roll-dice").is_visible()
    assert page.locator("#gesture-help").is_hidden()  # no last tile to tap twice for
    companion.call(c.NewGame("mexican-train", PLAYERS, starter=1))
    page.locator("#seat-join").wait_for(state="visible")  # a new game's new code
    rejoin(page, companion)  # scanned again
    page.locator("#seat-claim").wait_for(state="visible")  # a new game frees seats
    claim(page, 2)
    page.locator("[data-gesture='out']").wait_for(state="visible")
    assert _seat_buttons(page) == ["End turn", "Pass", "Last tile", "Out!"]


def test_my_marker_can_be_lifted_only_while_it_is_out(phone_page, game):
    page = phone_page()
    seat = seat_to_move(game)
    claim(page, seat)
    assert page.locator("#lift-marker").is_hidden()
    page.click("[data-gesture='hold']")
    page.locator("[data-gesture='hold'][disabled]").wait_for()
    assert page.locator("#lift-marker").is_hidden()  # out is not lifted out of turn
    while seat_to_move(game) != seat:  # the others play; the turn comes round again
        game.call(c.Gesture(seat_to_move(game) - 1, "press", "button"))
    page.locator("#lift-marker").wait_for(state="visible")
    page.click("#lift-marker")
    page.locator("#lift-marker").wait_for(state="hidden")
    assert game.state()["markers"] == []


def test_a_hand_read_by_the_camera_is_shown_and_confirmed_with_one_button(phone_page, game):
    seat = seat_to_move(game)
    score_everyone_but(game, keep=seat)
    page = phone_page()
    claim(page, seat)
    assert _seat_buttons(page) == ["Read my hand", "Retake photo"]
    game.call(c.HandRead(seat - 1, 23, [[5, 6], [6, 6]], False, None, source="camera"))
    page.wait_for_function(
        "() => document.querySelector(\"[data-gesture='press']\").textContent === 'Confirm 23'"
    )
    assert _seat_buttons(page) == ["Confirm 23", "Retake photo"]
    assert page.locator("button:visible", has_text="Confirm").count() == 1
    assert page.locator("#seat-why").inner_text().startswith("The hand reads 23.")
    page.locator("[data-gesture='press']").click()
    page.locator("[data-gesture='hold'][disabled]", has_text="Pass").wait_for()
    assert game.state()["rounds"][0]["scores"][seat - 1] == 23
    assert page.locator("#seat-why").inner_text().startswith("Round scored.")


def test_a_reading_to_check_is_put_right_on_the_phone_without_counting_pips(phone_page, game):
    seat = seat_to_move(game)
    score_everyone_but(game, keep=seat)
    page = phone_page()
    claim(page, seat)
    why = ("a tile may be missing: spread the tiles apart and retake, or check",)
    # the camera missed a 3|3 and read the 4|5 as 4|6
    game.call(c.HandRead(seat - 1, 21, [[5, 6], [4, 6]], True, None, "camera", "check", why))
    page.locator("#seat-why", has_text="to check: look at the picture").wait_for()
    page.locator("#seat-hand-summary", has_text="Put it right").click()
    page.click("[data-tile='4|6']")  # taken off
    for end in (4, 5, 3, 3):
        page.click(f"#seat-hand-list [data-end='{end}']")
    tiles = page.locator("#seat-hand-list [data-tile]")
    assert [t.get_attribute("data-tile") for t in tiles.all()] == ["5|6", "4|5", "3|3"]
    assert page.locator("[data-listed]").inner_text() == "3 tiles, 26 pips"
    page.click("[data-score-listed='26']")
    page.locator("#seat-why", has_text="Round scored").wait_for()
    assert game.state()["rounds"][0]["scores"][seat - 1] == 26


def _waiting_hand(phone_page, companion, game: str, options: dict):
    """A new game's first round ended, every hand scored but that of the seat to move, whose
    phone is open and claimed: the page and the seat."""
    companion.call(c.NewGame(game, PLAYERS, None, options))
    seat = seat_to_move(companion)
    score_everyone_but(companion, keep=seat)
    page = phone_page()
    claim(page, seat)
    return page, seat


def test_a_supertrain_phone_adds_the_wild_tile_the_camera_cannot_read(phone_page, companion):
    page, seat = _waiting_hand(phone_page, companion, "supertrain", {"rounds": 2})
    # the reader calls a 5|6 sure; SuperTrain still asks, as a 5-Train beside it goes unread
    companion.call(c.HandRead(seat - 1, 11, [[5, 6]], False, None, "camera", "ok"))
    page.locator("#seat-why", has_text="to check: look at the picture").wait_for()
    page.locator("#seat-hand-summary", has_text="Put it right").click()
    for end in ("train", 5):
        page.click(f"#seat-hand-list [data-end='{end}']")
    tiles = page.locator("#seat-hand-list [data-tile]")
    assert [t.get_attribute("data-tile") for t in tiles.all()] == ["5|6", "5|Train"]
    assert page.locator("[data-listed]").inner_text() == "2 tiles, 26 points"
    page.click("[data-score-listed='26']")
    page.locator("#seat-why", has_text="Round scored").wait_for()
    assert companion.state()["rounds"][0]["scores"][seat - 1] == 26


def test_the_phone_adds_up_a_double_blank_as_the_house_rule_counts_it(phone_page, companion):
    page, seat = _waiting_hand(phone_page, companion, "mexican-train", {"zero_zero_worth": 50})
    page.locator("#seat-hand-summary", has_text="List my tiles").click()
    for end in (0, 0, 1, 2):
        page.click(f"#seat-hand-list [data-end='{end}']")
    assert page.locator("[data-listed]").inner_text() == "2 tiles, 53 points"
    page.click("[data-score-listed='53']")
    page.locator("#seat-why", has_text="Round scored").wait_for()
    assert companion.state()["rounds"][0]["scores"][seat - 1] == 53


def test_a_tile_listed_twice_is_refused_with_the_reason(phone_page, game):
    seat = seat_to_move(game)
    score_everyone_but(game, keep=seat)
    page = phone_page()
    claim(page, seat)
    page.locator("#seat-hand-summary", has_text="List my tiles").click()  # no photo at all
    for end in (2, 5, 5, 2):
        page.click(f"#seat-hand-list [data-end='{end}']")
    page.click("[data-score-listed='14']")
    toast = page.locator("#toast.bad")
    toast.wait_for()
    assert toast.inner_text() == "2-5 listed 2 times: the game has only one of it"
    assert game.state()["rounds"][0]["scores"][seat - 1] is None


def test_a_second_phone_is_told_the_seat_is_taken_until_the_host_frees_it(phone_page, game):
    seat = seat_to_move(game)
    first, second, host = phone_page(), phone_page(), phone_page()
    claim(first, seat)
    second.locator(f"[data-claim='{seat}'].held").wait_for()
    assert "held by a phone" in second.locator(f"[data-claim='{seat}']").inner_text()
    second.click(f"[data-claim='{seat}']")
    toast = second.locator("#toast.bad")
    toast.wait_for()
    player = PLAYERS[seat - 1]
    assert toast.inner_text() == (
        f"Seat {seat} ({player}) is already held by another phone; ask the host to free it"
    )
    assert second.locator("#seat-buttons").is_hidden()
    log_in(host)
    host.click(f"[data-free='{seat}']")
    first.locator("#seat-claim").wait_for(state="visible")
    assert f"no longer seat {seat}" in first.locator("#toast").inner_text()
    second.locator(f"[data-claim='{seat}']:not(.held)").wait_for()
    claim(second, seat)
    end_turn_from_phone(second, seat)
    assert seat_to_move(game) == seat % 3 + 1


def test_a_seat_phone_without_a_tile_reader_is_told_to_type_the_score(
    phone_page, game, no_tile_reader
):
    seat = seat_to_move(game)
    score_everyone_but(game, keep=seat)
    page = phone_page()
    claim(page, seat)
    page.locator("#seat-photo-box").wait_for(state="visible")
    page.set_input_files(
        "#seat-photo", {"name": "hand.png", "mimeType": "image/png", "buffer": png()}
    )
    page.click("#seat-photo-form button[type=submit]")
    toast = page.locator("#toast.bad")
    toast.wait_for()
    assert "type the score" in toast.inner_text()


def test_after_the_game_my_seat_says_it_is_over(phone_page, game):
    page = phone_page()
    claim(page, 1)
    game.call(c.EndGame())
    # the page opens the pad on the winner by itself when the end reaches it; going to the
    # seat before then would be undone
    page.locator("#winner").wait_for(state="visible")
    go(page, "seat")
    page.locator("#seat-none", has_text="The game is over").wait_for()
    assert page.locator("#seat-buttons").is_hidden()


def test_a_seat_phone_photographs_its_hand_and_confirms_it_with_one_button(phone_page, game):
    seat = seat_to_move(game)
    score_everyone_but(game, keep=seat)
    page = phone_page()
    claim(page, seat)
    page.set_input_files(
        "#seat-photo", {"name": "hand.png", "mimeType": "image/png", "buffer": png(320, 240)}
    )
    page.click("#seat-photo-form button[type=submit]")
    picture = page.locator("#seat-photo-result img")
    picture.wait_for()
    assert picture.evaluate("img => img.complete && img.naturalWidth > 0")  # the annotated one
    result = page.locator("#seat-photo-result").inner_text()
    assert "0 tiles, 0 pips" in result and "null" not in result and "undefined" not in result
    page.wait_for_function(
        "() => document.querySelector(\"[data-gesture='press']\").textContent === 'Confirm 0'"
    )
    assert page.locator("button:visible", has_text="Confirm").count() == 1
    page.click("[data-gesture='press']")
    page.locator("#seat-why", has_text="Round scored").wait_for()
    assert game.state()["rounds"][0]["scores"][seat - 1] == 0
