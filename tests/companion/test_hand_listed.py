"""A player puts the camera's reading right by saying which tiles are in the hand (or lists
them with no photo at all): the companion adds up the pips and scores the hand at once, and
the event log keeps the tiles listed, the photo they came from and what was changed."""

import pytest

from companion import commands as c
from companion.errors import CompanionError
from companion.service import Companion
from companion.store import Store

PLAYERS = ["Ann", "Bob", "Cy"]


@pytest.fixture
def store(tmp_path):
    store = Store(tmp_path)
    yield store
    store.close()


@pytest.fixture
def companion(store):
    comp = Companion(store).start()
    yield comp
    comp.stop()


def scoring(comp) -> int:
    """A blocked round of Mexican Train: every hand waits; the seat to score first."""
    comp.call(c.NewGame("mexican-train", PLAYERS, starter=0))
    comp.call(c.EndRound("blocked"))
    return comp.state()["scoring"]["next"] - 1


def photographed(comp, seat: int, tiles: list[list[int]], status: str = "check") -> None:
    total = sum(a + b for a, b in tiles)
    why = ("a tile may be missing: spread the tiles apart and retake, or check",)
    comp.call(c.HandRead(seat, total, tiles, True, "ab" * 16 + ".jpg", "camera", status, why))


def test_a_missed_tile_added_by_the_player_is_scored_with_its_pips(companion):
    seat = scoring(companion)
    photographed(companion, seat, [[2, 3], [3, 5], [5, 6], [1, 2]])  # the 3-3 was missed: 27
    companion.call(c.HandListed(seat, [[2, 3], [3, 5], [5, 6], [1, 2], [3, 3]]))
    state = companion.state()
    assert state["rounds"][0]["scores"][seat] == 33
    assert str(seat + 1) not in state["scoring"]["readings"]  # nothing left to confirm


def test_the_photo_is_kept_once_with_the_tiles_listed_and_what_changed(companion, store):
    seat = scoring(companion)
    photographed(companion, seat, [[2, 3], [4, 6]])
    companion.call(c.HandListed(seat, [[2, 3], [4, 5]]))
    photos = companion.state()["photos"]
    assert [(p["picture"], p["total"], p["source"]) for p in photos] == [
        ("ab" * 16 + ".jpg", 14, "player")
    ]
    scores = [e for e in store.events(store.latest_game()) if e.type == "score"]
    assert scores[-1].payload["by"] == "player"
    assert scores[-1].payload["why"] == (
        "the photo read 15; put right by the player: 4-5 added, 4-6 taken off"
    )


def test_a_hand_listed_without_a_photo_is_added_up(companion):
    seat = scoring(companion)
    companion.call(c.HandListed(seat, [[12, 12], [0, 9]]))
    assert companion.state()["rounds"][0]["scores"][seat] == 33
    assert [p["picture"] for p in companion.state()["photos"]] == [None]


def test_an_unreadable_photo_can_still_be_put_right_by_listing_the_tiles(companion):
    seat = scoring(companion)
    photographed(companion, seat, [], status="unreadable")
    companion.call(c.HandListed(seat, [[1, 1]]))
    assert companion.state()["rounds"][0]["scores"][seat] == 2


def test_a_listed_hand_survives_a_restart(store):
    first = Companion(store).start()
    seat = scoring(first)
    photographed(first, seat, [[6, 6]])
    first.call(c.HandListed(seat, [[6, 6], [0, 1]]))
    first.stop()
    again = Companion(store).start()
    try:
        assert again.state()["rounds"][0]["scores"][seat] == 13
        assert [p["total"] for p in again.state()["photos"]] == [13]
    finally:
        again.stop()


@pytest.mark.parametrize(
    ("tiles", "message"),
    [
        ([[3, 5], [5, 3]], "3-5 listed 2 times: the game has only one of it"),
        ([[3, 13]], "3-13: the set in play has 0 to 12 pips an end"),
        ([[-1, 2]], "-1-2: the set in play has 0 to 12 pips an end"),
        ([[3]], r"a tile is two ends of pips, like \[3, 5\], not \[3\]"),
        ([[3, "5"]], "a tile is two ends of pips"),
        ([[True, 5]], "a tile is two ends of pips"),
        ("3-5", "list the tiles as pairs of pips"),
        ([[a, b] for a in range(13) for b in range(a, 13)][:80], "80 tiles listed, more than"),
    ],
)
def test_a_wrong_list_is_refused_with_the_reason_and_nothing_is_scored(companion, tiles, message):
    seat = scoring(companion)
    photographed(companion, seat, [[6, 6]])
    seq = companion.seq
    with pytest.raises(CompanionError, match=message):
        companion.call(c.HandListed(seat, tiles))
    assert companion.seq == seq  # nothing written
    assert companion.state()["rounds"][0]["scores"][seat] is None
    assert companion.state()["scoring"]["readings"][str(seat + 1)]["total"] == 12  # still there


def test_a_game_played_with_several_sets_mixed_takes_a_tile_as_often_as_it_has_it(companion):
    companion.call(c.NewGame("dice-chains", ["Ann", "Bob"]))
    companion.call(c.EndRound("host"))
    seat = companion.state()["scoring"]["next"] - 1
    with pytest.raises(CompanionError, match="6-6 listed 3 times: the game has 2 of it"):
        companion.call(c.HandListed(seat, [[6, 6]] * 3))
    with pytest.raises(CompanionError, match="the set in play has 0 to 6 pips an end"):
        companion.call(c.HandListed(seat, [[6, 7]]))


def test_a_hand_already_scored_or_still_in_play_is_not_listed(companion):
    companion.call(c.NewGame("mexican-train", PLAYERS, starter=0))
    with pytest.raises(CompanionError, match="not waiting to be scored"):
        companion.call(c.HandListed(0, [[1, 2]]))  # the round is still in play
    companion.call(c.EndRound("blocked"))
    companion.call(c.HandListed(0, [[1, 2]]))
    with pytest.raises(CompanionError, match="not waiting to be scored"):
        companion.call(c.HandListed(0, [[1, 3]]))
    assert companion.state()["rounds"][0]["scores"][0] == 3


def test_a_double_blank_counts_as_the_house_rule_says_listed_or_photographed(companion):
    companion.call(c.NewGame("mexican-train", PLAYERS, None, {"zero_zero_worth": 50}, starter=0))
    companion.call(c.EndRound("blocked"))
    first, second = companion.state()["scoring"]["waiting"][:2]
    companion.call(c.HandListed(first - 1, [[0, 0], [1, 2]]))
    assert companion.state()["rounds"][0]["scores"][first - 1] == 53
    photographed(companion, second - 1, [[0, 0], [2, 2]])  # the reader adds up 4 pips
    assert companion.state()["scoring"]["readings"][str(second)]["total"] == 54
    companion.call(c.Gesture(second - 1, "press"))
    assert companion.state()["rounds"][0]["scores"][second - 1] == 54


def supertrain_scoring(comp) -> int:
    comp.call(c.NewGame("supertrain", PLAYERS, starter=0))
    comp.call(c.EndRound("blocked"))
    return comp.state()["scoring"]["next"] - 1


def test_a_supertrain_hand_lists_its_wild_tiles_each_symbol_worth_ten(companion):
    seat = supertrain_scoring(companion)
    photographed(companion, seat, [[5, 6]])  # the camera cannot read the 5-Train
    companion.call(c.HandListed(seat, [[5, 6], [5, "train"], ["Train", "A"]]))
    assert companion.state()["rounds"][0]["scores"][seat] == 11 + 15 + 20


def test_the_phone_is_told_the_wild_ends_and_what_each_wild_tile_counts(companion):
    supertrain_scoring(companion)
    scoring_state = companion.state()["scoring"]
    assert scoring_state["wild_ends"] == ["train", "A", "D", "R", "S", "T"]
    assert scoring_state["worth"]["12-train"] == 22
    assert scoring_state["worth"]["train-train"] == 20
    assert "5-6" not in scoring_state["worth"]  # a numbered tile counts its pips


def test_a_supertrain_photo_is_never_scored_unseen_as_wild_tiles_go_unread(companion):
    seat = supertrain_scoring(companion)
    companion.call(c.HandRead(seat, 11, [[5, 6]], False, None, "camera", "ok", ()))
    reading = companion.state()["scoring"]["readings"][str(seat + 1)]
    assert reading["status"] == "check"
    assert reading["reasons"] == [
        "the camera does not read wild tiles (a Red Train or a letter): list any in the hand"
    ]


@pytest.mark.parametrize(
    ("game", "tiles", "message"),
    [
        ("mexican-train", [[5, "train"]], r"a tile is two ends of pips, like \[3, 5\], not"),
        ("supertrain", [[5, "A"]], "5-A: the game in play has no such tile"),
        ("supertrain", [["A", "train"]] * 4, "train-A listed 4 times: the game has 3 of it"),
        ("supertrain", [[5, "caboose"]], r'or a wild tile like \[5, "train"\], not'),
    ],
)
def test_a_wild_tile_the_game_has_not_is_refused(companion, game, tiles, message):
    companion.call(c.NewGame(game, PLAYERS, starter=0))
    companion.call(c.EndRound("blocked"))
    seat = companion.state()["scoring"]["next"] - 1
    with pytest.raises(CompanionError, match=message):
        companion.call(c.HandListed(seat, tiles))
    assert companion.state()["rounds"][0]["scores"][seat] is None
