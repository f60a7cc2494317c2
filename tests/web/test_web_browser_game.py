"""A whole simulated game night watched on three phones (the score pad, a seat, the host):
no screen ever shows "null", "undefined" or "NaN", and the night ends on the winner."""

from __future__ import annotations

import re

from web_helpers import PLAYERS, go, log_in, needs_chromium

from companion import commands as c
from companion.simtable import SimulatedTable

pytestmark = needs_chromium

NONSENSE = re.compile(r"\b(null|undefined|NaN)\b")

# Everything a player could read in any of the page's places, shown or not: the text of the
# page (without the state it was served with), the fields' values and placeholders.
READ_THE_PAGE = """() => {
  const main = document.querySelector('main').cloneNode(true);
  main.querySelector('#initial').remove();
  const fields = [...document.querySelectorAll('input, select, textarea, img')].map(
    (e) => `${e.value || ''} ${e.placeholder || ''} ${e.alt || ''} ${e.title || ''}`);
  return [document.title, main.textContent, ...fields].join(' ');
}"""


def check(pages, companion, moment: str) -> None:
    """Each page has caught up with the companion, and reads sensibly."""
    state = companion.state()
    for name, page in pages.items():
        if state.get("turn"):
            expected = f"{state['turn']['player']}'s turn (seat {state['turn']['seat']})"
            page.wait_for_function(
                "text => document.getElementById('turn').textContent.startsWith(text)",
                arg=expected,
            )
        elif state["phase"] == "over":
            page.locator("#winner").wait_for(state="attached")
            page.wait_for_function("() => !document.getElementById('winner').hidden")
        text = page.evaluate(READ_THE_PAGE)
        found = NONSENSE.search(text)
        assert found is None, f"{name} page, {moment}: {text[max(0, found.start() - 80) :][:160]!r}"


def test_a_whole_game_night_reads_sensibly_on_every_screen(phone_page, companion):
    sim = SimulatedTable("mexican-train", PLAYERS, seed=3, options={"rounds": 2})
    companion.call(c.NewGame("mexican-train", PLAYERS, None, {"rounds": 2}, sim.deal()))
    pad, seat, host = phone_page(), phone_page(), phone_page()
    go(pad, "pad")
    seat.click("[data-claim='1']")
    seat.locator("#seat-buttons").wait_for(state="visible")
    log_in(host)
    pages = {"score pad": pad, "seat": seat, "host": host}
    check(pages, companion, "at the start")
    while True:
        for step, (player, gesture) in enumerate(sim.turns()):
            if gesture.startswith("tile:"):
                companion.call(c.ActionTile(player, gesture.removeprefix("tile:")))
            else:
                companion.call(c.Gesture(player, gesture))
            if step % 7 == 0:
                check(pages, companion, f"after {PLAYERS[player]}'s {gesture}")
        if companion.state()["phase"] == "playing":
            companion.call(c.EndRound("blocked"))
        sim.finish_round()
        check(pages, companion, "at the round's end")
        while (state := companion.state())["phase"] == "scoring":
            waiting = state["scoring"]["next"] - 1
            total = sim.hand_total(waiting)
            companion.call(c.HandRead(waiting, total, [[1, 2]], waiting == 0, None, "camera"))
            check(pages, companion, f"with {PLAYERS[waiting]}'s hand read")
            companion.call(c.Gesture(waiting, "press"))  # confirmed at the seat
        check(pages, companion, "after the scoring")
        if sim.last_round:
            break
        companion.call(c.NextRound(sim.deal()))
    assert companion.state()["phase"] == "over"
    check(pages, companion, "at the end of the game")
    winners = companion.state()["winners"]
    assert pad.locator("#winner-names").inner_text().startswith(" and ".join(winners))
    assert pad.locator("#winner-new-game").is_visible()
