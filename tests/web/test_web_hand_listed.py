"""A seat's phone lists the tiles in its hand (the photo's reading put right): the pad adds
them up and scores them; a wrong list is a clear 400 and scores nothing."""

from __future__ import annotations

import pytest
from web_helpers import phone_at_table, post, score_everyone_but

from companion import commands as c


def test_the_phone_puts_a_missed_tile_right_and_the_hand_is_scored(phone, game):
    score_everyone_but(game, keep=phone.seat)
    game.call(c.HandRead(phone.seat - 1, 11, [[5, 6]], True, None, "camera", "check"))
    response = post(phone, f"/api/seats/{phone.seat}/hand", {"tiles": [[5, 6], [3, 3]]})
    assert response.status_code == 200, response.json
    assert response.json["state"]["rounds"][0]["scores"][phone.seat - 1] == 17
    assert [e["kind"] for e in response.json["events"]][:2] == ["hand_read", "scored"]


def test_the_host_may_list_any_seats_hand(host, game):
    score_everyone_but(game, keep=2)
    response = post(host, "/api/seats/2/hand", {"tiles": [[12, 12]]})
    assert response.status_code == 200, response.json
    assert game.state()["rounds"][0]["scores"][1] == 24


def test_a_phone_cannot_list_another_seats_hand(phone, game):
    other = phone.seat % 3 + 1
    score_everyone_but(game, keep=other)
    response = post(phone, f"/api/seats/{other}/hand", {"tiles": [[0, 0]]})
    assert response.status_code == 403
    assert game.state()["rounds"][0]["scores"][other - 1] is None


def test_a_list_without_the_token_is_refused(phone, game):
    score_everyone_but(game, keep=phone.seat)
    response = post(phone, f"/api/seats/{phone.seat}/hand", {"tiles": [[0, 1]]}, token="")
    assert response.status_code == 403


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({}, '"tiles" is a list of at most 200 tiles'),
        ({"tiles": "3-5"}, '"tiles" is a list of at most 200 tiles'),
        ({"tiles": [[0, 1]] * 201}, '"tiles" is a list of at most 200 tiles'),
        ({"tiles": [[3, 5], [5, 3]]}, "3-5 listed 2 times: the game has only one of it"),
        ({"tiles": [[3, 13]]}, "3-13: the set in play has 0 to 12 pips an end"),
        ({"tiles": [["3", 5]]}, "a tile is two ends of pips, like [3, 5]"),
        ({"tiles": [[3, 5, 1]]}, "a tile is two ends of pips, like [3, 5]"),
    ],
)
def test_a_wrong_list_is_a_clear_400_and_scores_nothing(phone, game, body, words):
    score_everyone_but(game, keep=phone.seat)
    response = post(phone, f"/api/seats/{phone.seat}/hand", body)
    assert response.status_code == 400
    assert words in response.json["error"]
    assert game.state()["rounds"][0]["scores"][phone.seat - 1] is None


def test_a_hand_listed_while_the_round_is_in_play_is_refused(phone, game):
    response = post(phone, f"/api/seats/{phone.seat}/hand", {"tiles": [[1, 2]]})
    assert response.status_code == 400
    assert "not waiting to be scored" in response.json["error"]


def test_a_supertrain_phone_lists_a_wild_tile_by_its_symbol(app, companion):
    companion.call(c.NewGame("supertrain", ["Ann", "Bob", "Cy"]))
    phone = phone_at_table(app)
    seat = companion.state()["turn"]["seat"]
    phone.token = phone.post(f"/api/seats/{seat}/claim", json={}).json["csrf_token"]
    score_everyone_but(companion, keep=seat)
    response = post(phone, f"/api/seats/{seat}/hand", {"tiles": [[12, "train"], ["D", "train"]]})
    assert response.status_code == 200, response.json
    assert companion.state()["rounds"][0]["scores"][seat - 1] == 22 + 20
