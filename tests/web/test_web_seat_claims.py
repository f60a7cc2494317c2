"""One phone per seat: a taken seat is refused to a second phone until its phone gives it
up, the host frees it, or a new game begins; and the claim outlasts a restart."""

from __future__ import annotations

import threading

from web_helpers import PIN, PLAYERS, join, post, stop

from companion import commands as c
from companion.service import Companion
from companion.store import Store
from web import create_app


def claim(client, seat: int):
    """``client`` joins the game in play and claims ``seat``; on success it keeps the
    answer's token for later posts."""
    join(client)
    response = client.post(f"/api/seats/{seat}/claim", json={})
    if response.status_code == 200:
        client.token = response.json["csrf_token"]
    return response


def press(client, seat: int):
    return post(client, f"/api/seats/{seat}/press", {"gesture": "press"})


def test_a_second_phone_is_told_the_seat_is_taken_and_cannot_press(app, phone, game):
    other = app.test_client()
    refused = claim(other, phone.seat)
    assert refused.status_code == 409
    player = PLAYERS[phone.seat - 1]
    assert refused.json["error"] == (
        f"Seat {phone.seat} ({player}) is already held by another phone; ask the host to free it"
    )
    assert other.get("/api/session").json["seat"] is None
    assert press(other, phone.seat).status_code == 403
    assert press(phone, phone.seat).status_code == 200


def test_claiming_the_seat_you_hold_again_changes_nothing(phone, game):
    seq = game.state()["seq"]
    again = claim(phone, phone.seat)
    assert again.status_code == 200 and again.json["seat"] == phone.seat
    assert game.state()["seq"] == again.json["seq"] == seq  # nothing new in the event log
    assert press(phone, phone.seat).status_code == 200


def test_the_state_shows_which_seats_are_held_but_not_by_which_phone(client, phone, game):
    state = client.get("/api/state")
    assert state.json["held_seats"] == [phone.seat]
    cookie = phone.get_cookie("train_companion").value
    assert phone.get("/api/session").json["seat"] == phone.seat
    with phone.session_transaction() as session:
        assert session["phone"] not in state.text and cookie not in state.text


def test_a_phone_that_gives_up_its_seat_lets_another_take_it(app, phone, game):
    assert post(phone, "/api/seats/release").json == {"seat": None}
    assert game.state()["held_seats"] == []
    assert press(phone, phone.seat).status_code == 403
    other = app.test_client()
    assert claim(other, phone.seat).status_code == 200
    assert press(other, phone.seat).status_code == 200


def test_a_phone_that_moves_to_another_seat_frees_the_first(app, phone, game):
    elsewhere = phone.seat % 3 + 1
    assert claim(phone, elsewhere).status_code == 200
    assert game.state()["held_seats"] == [elsewhere]
    assert claim(app.test_client(), phone.seat).status_code == 200


def test_the_host_frees_a_seat_held_by_a_lost_phone(app, host, phone, game):
    assert post(host, f"/api/seats/{phone.seat}/free", token="").status_code == 403
    assert post(app.test_client(), f"/api/seats/{phone.seat}/free").status_code == 403
    assert game.state()["held_seats"] == [phone.seat]
    freed = post(host, f"/api/seats/{phone.seat}/free")
    assert freed.status_code == 200, freed.json
    assert freed.json["events"] == [
        {"kind": "seat_freed", "seat": phone.seat, "data": {"by": "host"}}
    ]
    assert freed.json["state"]["held_seats"] == []
    assert press(phone, phone.seat).status_code == 403
    other = app.test_client()
    assert claim(other, phone.seat).status_code == 200
    assert press(other, phone.seat).status_code == 200


def test_freeing_a_free_seat_or_one_not_at_the_table(host, game):
    assert post(host, "/api/seats/2/free").json["events"] == []
    missing = post(host, "/api/seats/9/free")
    assert missing.status_code == 404 and "no seat 9" in missing.json["error"]


def test_a_new_game_frees_every_seat(app, host, phone, game):
    body = {"game": "mexican-train", "players": ["Dee", "Eve", "Fay"]}
    assert post(host, "/api/games", body).json["state"]["held_seats"] == []
    assert claim(app.test_client(), phone.seat).status_code == 200
    assert host.get("/api/games/1").json["players"] == PLAYERS  # its claims replay too


def test_logging_out_gives_the_seat_up(app, phone, game):
    assert phone.post("/api/login", json={"pin": PIN}).status_code == 200
    assert phone.get("/api/session").json["seat"] == phone.seat  # a host keeps the seat
    phone.token = phone.get("/api/session").json["csrf_token"]
    assert post(phone, "/api/logout").status_code == 200
    assert claim(app.test_client(), phone.seat).status_code == 200


def test_no_seat_is_claimed_once_the_game_is_over(app, game):
    game.call(c.EndGame())
    refused = claim(app.test_client(), 1)
    assert refused.status_code == 409 and "the game is over" in refused.json["error"]


def test_phones_racing_for_one_seat_end_with_one_holder(app, game):
    phones = [app.test_client() for _ in range(8)]
    answers: list[int] = []
    start = threading.Barrier(len(phones))

    def race(client) -> None:
        start.wait()
        answers.append(claim(client, 2).status_code)

    racers = [threading.Thread(target=race, args=(client,)) for client in phones]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join(10)
    assert sorted(answers) == [200] + [409] * 7
    holders = [client for client in phones if client.get("/api/session").json["seat"] == 2]
    assert len(holders) == 1


def test_a_claim_outlasts_a_restart(tmp_path, app, phone, game, config):
    """The plug is pulled: the same phone (same cookie) still holds its seat, and a phone
    that tried for it is still refused."""
    seat = phone.seat
    cookie = phone.get_cookie("train_companion").value
    stop(game)
    game.store.close()
    store = Store(tmp_path / "data")
    table = Companion(store).start()
    try:
        restarted = create_app(table, config)
        same_phone = restarted.test_client()
        same_phone.set_cookie("train_companion", cookie)
        assert same_phone.get("/api/session").json["seat"] == seat
        same_phone.token = phone.token
        assert press(same_phone, seat).status_code == 200
        refused = claim(restarted.test_client(), seat)
        assert refused.status_code == 409 and "already held" in refused.json["error"]
    finally:
        stop(table)
        store.close()
