"""A reading of a hand carries the tile reader's verdict: a photo it could not read is never
scored by a press; one it is unsure of is the player's to confirm. The reader also learns
how many tiles a hand can hold in the game in play."""

import pytest

from companion import commands as c
from companion.entries import RoundEndedEntry, from_payload
from companion.errors import CompanionError
from companion.match import Match
from companion.service import Companion
from companion.store import Store

PLAYERS = ["Ann", "Bob", "Cy"]


@pytest.fixture
def companion(tmp_path):
    store = Store(tmp_path)
    comp = Companion(store).start()
    yield comp
    comp.stop()
    store.close()


def scoring(comp):
    """A round of Mexican Train ended blocked: every hand waits to be scored."""
    comp.call(c.NewGame("mexican-train", PLAYERS, starter=0))
    comp.call(c.EndRound("blocked"))
    return comp.state()["scoring"]["next"] - 1


def reading(seat, total, status, reasons=()):
    return c.HandRead(seat, total, [[6, 6]], status != "ok", None, "camera", status, reasons)


def test_a_photo_the_reader_could_not_read_cannot_be_confirmed(companion):
    seat = scoring(companion)
    why = ("no tile found: is the hand on the mat?",)
    companion.call(reading(seat, 0, "unreadable", why))
    offered = companion.state()["scoring"]["readings"][str(seat + 1)]
    assert offered["status"] == "unreadable" and offered["reasons"] == list(why)
    seq = companion.seq
    with pytest.raises(CompanionError, match="could not be read: retake it"):
        companion.call(c.Gesture(seat, "press"))
    assert companion.seq == seq  # nothing written
    assert companion.state()["rounds"][0]["scores"][seat] is None
    companion.call(c.EnterScore(seat, 12))  # typing the score still works
    assert companion.state()["rounds"][0]["scores"][seat] == 12


def test_a_reading_to_check_is_confirmed_by_the_press(companion):
    seat = scoring(companion)
    companion.call(reading(seat, 17, "check", ("one tile is unsure",)))
    companion.call(c.Gesture(seat, "press"))
    assert companion.state()["rounds"][0]["scores"][seat] == 17


def test_the_announced_reading_carries_the_verdict(companion):
    seat = scoring(companion)
    heard = []
    companion.add_listener(lambda said: heard.extend(said.events))
    companion.call(reading(seat, 9, "check", ("glare on the mat",)))
    assert heard[0].data == {"total": 9, "status": "check", "reasons": ["glare on the mat"]}


def test_a_reading_logged_before_the_verdict_replays_as_sure():
    match = Match()
    match.apply(Match.prepare_start("mexican-train", PLAYERS))
    match.apply(match.prepare_round(0))
    match.apply(RoundEndedEntry(1, "blocked", []))
    old = {"round": 1, "seat": 1, "total": 8, "tiles": [[3, 5]], "low_confidence": False}
    match.apply(from_payload("hand_read", old | {"picture": None, "source": "camera"}))
    assert match.readings[1].status == "ok" and match.readings[1].reasons == []


@pytest.mark.parametrize(
    ("game", "players", "limit"),
    [
        ("mexican-train", 4, 91 - 1 - 3 * 14),  # double-12, 14 tiles each for 4 players
        ("mexican-train", 2, 91 - 1 - 16),
        ("supertrain", 4, 112 - 1 - 3 * 18),  # 91 double-12 and 21 wild tiles
        ("dice-chains", 4, None),  # no hand size of the game's own
    ],
)
def test_the_most_tiles_a_hand_can_hold(companion, game, players, limit):
    assert companion.hand_limit() is None  # no game yet
    companion.call(c.NewGame(game, PLAYERS + ["Di"] if players == 4 else PLAYERS[:2]))
    assert companion.hand_limit() == limit
