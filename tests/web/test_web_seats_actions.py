"""SuperTrain's action tiles from a seat's phone, and naming the next round's starter."""

from web_helpers import PLAYERS, phone_at_table, seat_to_move

from companion import commands as c


def test_a_seat_phone_says_it_played_a_skip_and_the_next_player_is_skipped(app, companion):
    companion.call(c.NewGame("supertrain", PLAYERS, starter=0))
    phone = phone_at_table(app)
    token = phone.post("/api/seats/1/claim", json={}).json["csrf_token"]
    answer = phone.post(
        "/api/seats/1/action", json={"action": "skip"}, headers={"X-CSRF-Token": token}
    )
    assert answer.status_code == 200, answer.json
    phone.post("/api/seats/1/press", json={"gesture": "press"}, headers={"X-CSRF-Token": token})
    assert seat_to_move(companion) == 3  # Bob, seat 2, missed his turn


def test_action_tiles_are_checked(host, app, game):
    seat = seat_to_move(game)
    bad = host.post(
        f"/api/seats/{seat}/action", json={"action": "juggle"}, headers={"X-CSRF-Token": host.token}
    )
    assert bad.status_code == 400 and "skip, reverse" in bad.json["error"]
    refused = host.post(
        f"/api/seats/{seat}/action", json={"action": "skip"}, headers={"X-CSRF-Token": host.token}
    )
    assert refused.status_code == 409 and "no action tile" in refused.json["error"]
    stranger = app.test_client().post(f"/api/seats/{seat}/action", json={"action": "skip"})
    assert stranger.status_code == 401


def test_the_host_names_who_starts_the_next_round(host, game):
    headers = {"X-CSRF-Token": host.token}
    host.post("/api/round/end", json={"ended": "blocked"}, headers=headers)
    for seat in game.state()["scoring"]["waiting"]:
        host.post("/api/scores", json={"seat": seat, "value": 5}, headers=headers)
    bad = host.post("/api/round/next", json={"starter": 9}, headers=headers)
    assert bad.status_code == 400
    assert host.post("/api/round/next", json={"starter": 2}, headers=headers).status_code == 200
    assert seat_to_move(game) == 2
    assert len(PLAYERS) == 3


def test_a_seat_phone_asks_the_companion_to_roll(app, companion):
    companion.call(c.NewGame("dice-chains", PLAYERS, starter=1))
    phone = phone_at_table(app)
    token = phone.post("/api/seats/2/claim", json={}).json["csrf_token"]
    answer = phone.post("/api/seats/2/roll", json={}, headers={"X-CSRF-Token": token})
    assert answer.status_code == 200, answer.json
    assert answer.json["state"]["last_roll"]["seat"] == 2
    other = phone_at_table(app)
    token = other.post("/api/seats/1/claim", json={}).json["csrf_token"]
    refused = other.post("/api/seats/1/roll", json={}, headers={"X-CSRF-Token": token})
    assert refused.status_code == 409 and "Bob's turn" in refused.json["error"]


def test_the_state_lists_only_the_gestures_the_game_accepts(client, companion):
    """Dice chains has no pass, last tile or going out: the state says so, from the game's
    own rules, so a phone offers only the buttons the game accepts."""
    companion.call(c.NewGame("dice-chains", PLAYERS, starter=1))
    assert client.get("/api/state").json["gestures"] == ["press"]
    companion.call(c.NewGame("mexican-train", PLAYERS, starter=1))
    assert client.get("/api/state").json["gestures"] == ["press", "hold", "double", "out"]


def test_a_dice_chains_phone_that_sends_a_pass_anyway_is_refused_in_words(app, companion):
    """A stale page or a crafted request: refused with the reason, nothing logged."""
    companion.call(c.NewGame("dice-chains", PLAYERS, starter=1))
    phone = phone_at_table(app)
    token = phone.post("/api/seats/2/claim", json={}).json["csrf_token"]
    seq = companion.state()["seq"]
    for gesture in ("hold", "double", "out"):
        refused = phone.post(
            "/api/seats/2/press", json={"gesture": gesture}, headers={"X-CSRF-Token": token}
        )
        assert refused.status_code == 409, refused.json
        assert "in Dice chains: press to end your turn" in refused.json["error"]
    assert companion.state()["seq"] == seq


def test_lifting_a_marker_in_dice_chains_is_refused_in_words(app, companion):
    """No passes, so no markers: a stale page's Lift my marker says so and logs nothing."""
    companion.call(c.NewGame("dice-chains", PLAYERS, starter=1))
    phone = phone_at_table(app)
    token = phone.post("/api/seats/2/claim", json={}).json["csrf_token"]
    seq = companion.state()["seq"]
    refused = phone.post("/api/seats/2/lift-marker", json={}, headers={"X-CSRF-Token": token})
    assert refused.status_code == 409
    assert refused.json["error"] == "there are no markers in Dice chains"
    assert companion.state()["seq"] == seq
