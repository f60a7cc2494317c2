"""Phones as seat buttons: claim a seat, press for it, and nobody else's."""

from __future__ import annotations

import pytest
from web_helpers import PLAYERS, phone_at_table, post, seat_to_move


def test_a_phone_claims_a_seat_and_ends_its_turn(phone, game):
    before = seat_to_move(game)
    response = post(phone, f"/api/seats/{phone.seat}/press", {"gesture": "press"})
    assert response.status_code == 200, response.json
    assert seat_to_move(game) == before % 3 + 1
    assert phone.get("/api/session").json["seat"] == phone.seat


def test_a_claim_names_the_player(app, game):
    response = phone_at_table(app).post("/api/seats/2/claim", json={})
    assert response.json["player"] == PLAYERS[1] and response.json["seat"] == 2


def test_hold_passes_and_puts_the_marker_out(phone, game):
    response = post(phone, f"/api/seats/{phone.seat}/press", {"gesture": "hold"})
    assert response.status_code == 200
    assert phone.seat in response.json["state"]["markers"]
    kinds = [e["kind"] for e in response.json["events"]]
    assert "marker_placed" in kinds and "passed" in kinds


def test_double_taps_the_last_tile(phone, game):
    response = post(phone, f"/api/seats/{phone.seat}/press", {"gesture": "double"})
    assert response.status_code == 200
    assert response.json["state"]["last_tile"] == [phone.seat]
    assert response.json["events"][0] == {"kind": "last_tile", "seat": phone.seat, "data": {}}


def test_a_phone_cannot_press_for_another_seat(phone, game):
    other = phone.seat % 3 + 1
    response = post(phone, f"/api/seats/{other}/press", {"gesture": "press"})
    assert response.status_code == 403
    assert f"seat {other}" in response.json["error"]


def test_a_press_without_a_claim_is_refused(client, app, game):
    seat = seat_to_move(game)
    response = client.post(f"/api/seats/{seat}/press", json={"gesture": "press"})
    assert response.status_code == 401  # not even joined
    joined = phone_at_table(app)
    response = joined.post(f"/api/seats/{seat}/press", json={"gesture": "press"})
    assert response.status_code == 403  # joined, but not this seat's phone
    assert seat_to_move(game) == seat


def test_a_press_without_the_token_is_refused(phone, game):
    response = post(phone, f"/api/seats/{phone.seat}/press", {"gesture": "press"}, token="")
    assert response.status_code == 403 and "X-CSRF-Token" in response.json["error"]


def test_the_host_may_press_for_any_seat(host, game):
    seat = seat_to_move(game)
    assert post(host, f"/api/seats/{seat}/press", {"gesture": "press"}).status_code == 200


def test_pressing_out_of_turn_says_whose_turn_it_is(host, game):
    seat = seat_to_move(game)
    other = seat % 3 + 1
    response = post(host, f"/api/seats/{other}/press", {"gesture": "press"})
    assert response.status_code == 409
    assert f"it is {PLAYERS[seat - 1]}'s turn" in response.json["error"]


@pytest.mark.parametrize(
    ("body", "words"),
    [({"gesture": "wave"}, "not 'wave'"), ({}, "not None"), ({"gesture": 1}, "not 1")],
)
def test_an_unknown_gesture_is_a_clear_400(phone, game, body, words):
    response = post(phone, f"/api/seats/{phone.seat}/press", body)
    assert response.status_code == 400 and words in response.json["error"]


def test_an_unknown_seat_is_404(host, game):
    response = post(host, "/api/seats/7/press", {"gesture": "press"})
    assert response.status_code == 404
    assert "no seat 7; seats are 1 to 3" in response.json["error"]
    assert host.post("/api/seats/0/claim", json={}).status_code == 404


def test_a_claim_needs_a_game_and_a_json_request(client, app, companion):
    assert client.post("/api/seats/1/claim", json={}).status_code == 409
    form = app.test_client().post("/api/seats/1/claim", data={"x": "1"})
    assert form.status_code == 400


def test_a_claim_holds_for_its_game_only(phone, host, game):
    body = {"game": "mexican-train", "players": ["Dee", "Eve", "Fay"]}
    assert post(host, "/api/games", body).status_code == 200
    assert phone.get("/api/session").json["seat"] is None
    response = post(phone, f"/api/seats/{phone.seat}/press", {"gesture": "press"})
    assert response.status_code == 403


def test_releasing_a_seat(phone, game):
    assert post(phone, "/api/seats/release").status_code == 200
    assert phone.get("/api/session").json["seat"] is None


def test_lifting_a_marker(phone, game, host):
    post(phone, f"/api/seats/{phone.seat}/press", {"gesture": "hold"})
    while seat_to_move(game) != phone.seat:  # the others play; the turn comes round again
        post(host, f"/api/seats/{seat_to_move(game)}/press", {"gesture": "press"})
    response = post(phone, f"/api/seats/{phone.seat}/lift-marker")
    assert response.status_code == 200
    assert phone.seat not in response.json["state"]["markers"]


def test_a_host_who_joined_a_seat_keeps_it_after_logging_in(phone, game):
    from web_helpers import PIN

    response = phone.post("/api/login", json={"pin": PIN})
    assert response.status_code == 200
    session = phone.get("/api/session").json
    assert session == {
        "host": True,
        "seat": phone.seat,
        "joined": True,
        "csrf_token": response.json["csrf_token"],
        "pin_set": True,
        "join_code": game.join_code,
        "join_link": f"http://localhost/?join={game.join_code}",
    }


def test_lifting_another_seats_marker_is_refused(phone, game):
    other = phone.seat % 3 + 1
    response = post(phone, f"/api/seats/{other}/lift-marker")
    assert response.status_code == 403


@pytest.mark.parametrize("url", ["/api/seats/release", "/api/logout"])
def test_leaving_needs_the_token_too(phone, url):
    response = post(phone, url, token="")
    assert response.status_code == 403
    assert phone.get("/api/session").json["seat"] == phone.seat


def test_a_first_turn_out_keeps_the_round_going_for_the_others_first_turns(host, game):
    """Front Porch: "other players get to play their first turn before the round ends"."""
    out = seat_to_move(game)
    second, third = out % 3 + 1, (out + 1) % 3 + 1
    state = post(host, f"/api/seats/{out}/press", {"gesture": "out"}).json["state"]
    assert state["phase"] == "playing" and state["turn"]["seat"] == second
    assert state["out_on_first_turn"] == {"out": [out], "to_play": [second, third]}
    refused = post(host, f"/api/seats/{out}/press", {"gesture": "press"})
    assert refused.status_code == 409
    assert f"{PLAYERS[out - 1]} is out; the others take their first turn" in refused.json["error"]
    state = post(host, f"/api/seats/{second}/press", {"gesture": "press"}).json["state"]
    assert state["out_on_first_turn"] == {"out": [out], "to_play": [third]}
    state = post(host, f"/api/seats/{third}/press", {"gesture": "hold"}).json["state"]
    assert state["phase"] == "scoring" and state["out_on_first_turn"] is None
    assert state["scoring"]["waiting"] == [second, third]
