"""A seat's phone in a real browser: claiming a seat, its buttons, and the seat's own
hand at the end of a round (Debian's chromium driven by Playwright at a phone's size)."""

from __future__ import annotations

import pytest
from web_helpers import (
    PLAYERS,
    end_turn_from_phone,
    log_in,
    needs_chromium,
    png,
    rejoin,
    score_everyone_but,
    seat_to_move,
)

from companion import commands as c

pytestmark = needs_chromium


def test_a_phone_claims_a_seat_and_ends_its_turn(phone_page, game):
    page = phone_page()
    seat = seat_to_move(game)
    page.click(f"[data-claim='{seat}']")
    end_turn_from_phone(page, seat)
    assert seat_to_move(game) == seat % 3 + 1


def _seat_buttons(page) -> list[str]:
    """The gesture buttons a seat's phone shows, in order."""
    page.locator("#seat-buttons").wait_for(state="visible")
    return [b.inner_text() for b in page.locator("[data-gesture]").all() if b.is_visible()]


def test_a_dice_chains_phone_shows_only_the_buttons_the_game_accepts(phone_page, companion):
    """Dice chains has no pass, last tile or going out (so no marker either): its seat phone
    offers none of them, while a Mexican Train seat phone offers all four and the marker."""
    companion.call(c.NewGame("dice-chains", PLAYERS, starter=1))
    page = phone_page()
    page.click("[data-claim='2']")
    assert _seat_buttons(page) == ["End turn"]
    assert page.locator("#roll-dice").is_visible()
    assert not page.locator("#lift-marker").is_visible()
    companion.call(c.NewGame("mexican-train", PLAYERS, starter=1))
    page.locator("#seat-claim").wait_for(state="visible", timeout=2000)  # a new game frees seats
    rejoin(page, companion)  # and has a new join code
    page.click("[data-claim='2']")
    page.locator("[data-gesture='out']").wait_for(state="visible", timeout=2000)
    assert _seat_buttons(page) == ["End turn", "Pass", "Last tile", "Out!"]
    assert page.locator("#lift-marker").is_visible()


def test_while_its_hand_is_scored_a_phone_offers_read_and_retake(phone_page, companion):
    """Scoring a hand, the seat's button reads it (press) or retakes the photo (hold), in
    every game: dice chains has no pass, yet its hand may need a second photo."""
    companion.call(c.NewGame("dice-chains", PLAYERS, starter=1))
    page = phone_page()
    page.click("[data-claim='2']")
    assert _seat_buttons(page) == ["End turn"]
    score_everyone_but(companion, keep=2)
    page.locator("[data-gesture='hold']").wait_for(state="visible", timeout=2000)
    assert _seat_buttons(page) == ["Read my hand", "Retake photo"]
    assert not page.locator("#lift-marker").is_visible()  # still no markers to lift
    companion.call(c.HandRead(1, 23, [[5, 6], [6, 6]], False, None, source="camera"))
    page.wait_for_function(
        "() => document.querySelector(\"[data-gesture='press']\").textContent === 'Confirm 23'"
    )
    assert _seat_buttons(page) == ["Confirm 23", "Retake photo"]
    page.locator("[data-gesture='press']").click()
    page.locator("[data-gesture='hold']").wait_for(state="hidden", timeout=2000)
    assert _seat_buttons(page) == ["End turn"]  # the round is scored: a turn button again


def test_a_second_phone_is_told_the_seat_is_taken_until_the_host_frees_it(phone_page, game):
    seat = seat_to_move(game)
    first, second, host = phone_page(), phone_page(), phone_page()
    first.click(f"[data-claim='{seat}']")
    first.locator("#seat-buttons").wait_for(state="visible")
    second.locator(f"[data-claim='{seat}'].held").wait_for(timeout=2000)
    assert "held by a phone" in second.locator(f"[data-claim='{seat}']").inner_text()
    second.click(f"[data-claim='{seat}']")
    toast = second.locator("#toast.bad")
    toast.wait_for(timeout=2000)
    player = PLAYERS[seat - 1]
    assert toast.inner_text() == (
        f"Seat {seat} ({player}) is already held by another phone; ask the host to free it"
    )
    assert second.locator("#seat-buttons").is_hidden()
    log_in(host)
    host.click(f"[data-free='{seat}']")
    first.locator("#seat-claim").wait_for(state="visible", timeout=2000)
    assert f"no longer seat {seat}" in first.locator("#toast").inner_text()
    second.locator(f"[data-claim='{seat}']:not(.held)").wait_for(timeout=2000)
    second.click(f"[data-claim='{seat}']")
    end_turn_from_phone(second, seat)
    assert seat_to_move(game) == seat % 3 + 1


def test_a_seat_phone_without_a_tile_reader_is_told_to_type_the_score(phone_page, game):
    from test_web_photos import vision_reads_photos

    if vision_reads_photos():
        pytest.skip("this companion's vision reads photos")
    seat = seat_to_move(game)
    score_everyone_but(game, keep=seat)
    page = phone_page()
    page.click(f"[data-claim='{seat}']")
    page.locator("#seat-photo-box").wait_for(state="visible")
    page.set_input_files(
        "#seat-photo", {"name": "hand.png", "mimeType": "image/png", "buffer": png()}
    )
    page.click("#seat-photo-form button[type=submit]")
    toast = page.locator("#toast.bad")
    toast.wait_for(timeout=3000)
    assert "type the score" in toast.inner_text()


def test_a_seat_phone_confirms_its_hand_reading_with_its_button(phone_page, game):
    seat = seat_to_move(game)
    score_everyone_but(game, keep=seat)
    page = phone_page()
    page.click(f"[data-claim='{seat}']")
    game.call(c.HandRead(seat - 1, 23, [[5, 6], [6, 6]], False, None, source="camera"))
    button = page.locator("[data-gesture='press']")
    page.wait_for_function(
        "() => document.querySelector(\"[data-gesture='press']\").textContent === 'Confirm 23'"
    )
    button.click()
    cell = f"#pad tbody tr[data-round='1'] td[data-seat='{seat}']"
    page.wait_for_function(f'() => document.querySelector("{cell}").textContent === "23"')
    assert game.state()["rounds"][0]["scores"][seat - 1] == 23
