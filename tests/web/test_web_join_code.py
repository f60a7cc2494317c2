"""The table's join code: reading the score pad is open, changing the game needs the host or
a phone that joined with the code of the game in play."""

from __future__ import annotations

from web_helpers import PLAYERS, png, post, seat_to_move, stop

from companion import commands as c
from companion.join_code import ALPHABET, LENGTH, tidy
from companion.service import Companion
from companion.store import Store
from web import create_app
from web.join_code import join_link


def claim(client, seat: int):
    response = client.post(f"/api/seats/{seat}/claim", json={})
    if response.status_code == 200:
        client.token = response.json["csrf_token"]
    return response


def test_each_game_has_its_own_short_code_that_reads_well_aloud(companion):
    companion.call(c.NewGame("mexican-train", PLAYERS))
    first = companion.join_code
    assert len(first) == LENGTH and set(first) <= set(ALPHABET)
    assert not set("0O1IL") & set(ALPHABET)
    companion.call(c.NewGame("mexican-train", PLAYERS))
    assert companion.join_code != first


def test_a_typed_code_is_forgiving_about_case_spaces_and_dashes():
    assert tidy("ack 34m") == "ACK34M"
    assert tidy("ACK-34M") == "ACK34M"
    assert tidy("ACK34") is None and tidy("ACK34O") is None and tidy(12) is None
    assert tidy("A" * 10_000) is None


def test_the_join_link_carries_the_code():
    assert join_link("http://192.168.1.20:8080/", "ACK34M") == (
        "http://192.168.1.20:8080/?join=ACK34M"
    )
    assert join_link("http://table.local:8080", "ACK34M") == "http://table.local:8080/?join=ACK34M"


def test_a_phone_without_the_code_cannot_claim_a_seat(client, game):
    refused = claim(client, 1)
    assert refused.status_code == 401
    assert "join" in refused.json["error"]
    assert game.state()["held_seats"] == []


def test_a_phone_that_opens_the_join_link_just_works(client, game):
    opened = client.get(f"/?join={game.join_code}")
    assert opened.status_code == 303 and opened.headers["Location"] == "/"  # code not shown
    assert client.get("/api/session").json["joined"] is True
    seat = seat_to_move(game)
    assert claim(client, seat).status_code == 200
    assert post(client, f"/api/seats/{seat}/press", {"gesture": "press"}).status_code == 200
    assert seat_to_move(game) != seat


def test_the_join_link_never_sends_a_phone_elsewhere(client, game):
    opened = client.get(
        "/",
        environ_overrides={"PATH_INFO": "//evil.example/"},
        query_string={"join": game.join_code, "x": "1"},
    )
    assert opened.status_code == 303
    assert opened.headers["Location"] == "/evil.example/?x=1"


def test_a_wrong_code_in_the_link_is_not_kept(client, game):
    client.get("/?join=AAAAAA")
    assert client.get("/api/session").json["joined"] is False
    assert claim(client, 1).status_code == 401


def test_a_typed_code_joins_too(client, game):
    assert client.post("/api/join", json={"code": "nope"}).status_code == 403
    joined = client.post("/api/join", json={"code": game.join_code.lower()})
    assert joined.status_code == 200
    assert claim(client, 1).status_code == 200


def test_a_script_may_send_the_code_in_a_header(client, game):
    refused = client.post("/api/seats/1/claim", json={}, headers={"X-Join-Code": "AAAAAA"})
    assert refused.status_code == 403
    answer = client.post("/api/seats/1/claim", json={}, headers={"X-Join-Code": game.join_code})
    assert answer.status_code == 200


def test_the_code_of_an_earlier_game_no_longer_works(client, game):
    client.get(f"/?join={game.join_code}")
    game.call(c.NewGame("mexican-train", PLAYERS))
    refused = claim(client, 1)
    assert refused.status_code == 403
    assert "earlier game" in refused.json["error"]


def test_presses_lift_marker_and_photos_need_the_code(app, game):
    stranger = app.test_client()
    seat = seat_to_move(game)
    for url, body in (
        (f"/api/seats/{seat}/press", {"gesture": "press"}),
        (f"/api/seats/{seat}/lift-marker", {}),
    ):
        assert post(stranger, url, body).status_code == 401
    photo = stranger.post(
        "/api/photos",
        data={"photo": (__import__("io").BytesIO(png()), "hand.png"), "seat": str(seat)},
        content_type="multipart/form-data",
    )
    assert photo.status_code == 401
    assert game.state()["seq"] == game.seq


def test_the_code_is_not_on_the_open_score_pad(client, game):
    code = game.join_code
    assert code not in client.get("/api/state").text
    assert code not in client.get("/").text
    assert code not in client.get(f"/api/games/{game.game_id}/export.json").text
    assert "join_code" not in client.get("/api/session").json


def test_the_host_sees_the_code_and_the_join_link(host, game):
    info = host.get("/api/session").json
    assert info["join_code"] == game.join_code
    assert info["join_link"] == f"http://localhost/?join={game.join_code}"
    assert game.join_code in host.get("/").text  # on the host's section of the page


def test_the_code_survives_a_restart(tmp_path, config):
    store = Store(tmp_path / "data")
    first = Companion(store).start()
    first.call(c.NewGame("mexican-train", PLAYERS))
    code = first.join_code
    stop(first)
    again = Companion(store).start()
    try:
        assert again.join_code == code
        phone = create_app(again, config).test_client()
        phone.get(f"/?join={code}")
        assert claim(phone, 1).status_code == 200
    finally:
        stop(again)
        store.close()


def test_the_host_needs_no_code(host, game):
    assert claim(host, 1).status_code == 200
    assert game.state()["held_seats"] == [1]


def test_a_slow_answer_from_the_old_game_does_not_undo_scanning_the_new_code(client, game):
    """A phone's page of the old game is still fetching when its owner scans the new game's
    code: that fetch set out with the old cookie, and its answer comes back last. It must
    not write the old cookie back over the new one (the phone would show "join" again)."""
    client.get(f"/?join={game.join_code}")
    game.call(c.NewGame("mexican-train", PLAYERS))
    old_cookie = client.get_cookie("train_companion").value
    slow = client.application.test_client()  # the old page's fetch, with the old cookie
    slow.set_cookie("train_companion", old_cookie)
    client.get(f"/?join={game.join_code}")  # the new code, scanned
    for path in ("/api/state", "/api/games", "/api/session"):
        late = slow.get(path)
        assert late.status_code == 200
        for cookie in late.headers.getlist("Set-Cookie"):  # the browser would keep it
            client.set_cookie("train_companion", cookie.split(";")[0].split("=", 1)[1])
    assert client.get("/api/session").json["joined"] is True
