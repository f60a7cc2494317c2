"""The host's PIN, the lockout, the session cookie and the CSRF token."""

from __future__ import annotations

import pytest
from web_helpers import PIN, post

from web import create_app


def test_right_pin_gives_a_token_and_a_signed_cookie(client):
    response = client.post("/api/login", json={"pin": PIN})
    assert response.status_code == 200
    assert len(response.json["csrf_token"]) >= 32
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert client.get("/api/session").json["host"] is True


def test_a_numeric_pin_is_accepted_as_sent_by_a_script(client):
    assert client.post("/api/login", json={"pin": int(PIN)}).status_code == 200


def test_wrong_pin_is_refused_and_says_how_many_tries_are_left(client):
    response = client.post("/api/login", json={"pin": "0000"})
    assert response.status_code == 403
    assert "4 more tries" in response.json["error"]
    assert client.get("/api/session").json["host"] is False


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def from_address(app, address: str):
    """A client at its own address on the table's network."""
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return client


def test_wrong_pins_make_that_device_wait_longer_each_time(companion, config):
    clock = Clock()
    client = from_address(create_app(companion, config, clock=clock), "10.0.0.9")
    for _ in range(5):
        assert client.post("/api/login", json={"pin": "0000"}).status_code == 403
    waits = []
    for _ in range(3):
        refused = client.post("/api/login", json={"pin": PIN})  # even the right PIN waits
        assert refused.status_code == 429 and "wait" in refused.json["error"]
        assert refused.json["retry_after"] == int(refused.headers["Retry-After"])
        waits.append(refused.json["retry_after"])
        clock.now += waits[-1]
        assert client.post("/api/login", json={"pin": "0000"}).status_code == 403
    assert waits == [1, 2, 4]
    clock.now += 8
    assert client.post("/api/login", json={"pin": PIN}).status_code == 200


def test_a_guest_guessing_pins_does_not_lock_the_host_out(companion, config):
    clock = Clock()
    app = create_app(companion, config, clock=clock)
    guest = from_address(app, "10.0.0.9")
    for _ in range(30):
        guest.post("/api/login", json={"pin": "0000"})
        clock.now += 0.5
    assert guest.post("/api/login", json={"pin": PIN}).status_code == 429
    host = from_address(app, "10.0.0.2")
    assert host.post("/api/login", json={"pin": PIN}).status_code == 200


def test_join_code_guesses_wait_too(companion, config):
    from companion import commands as c

    companion.call(c.NewGame("mexican-train", ["Ann", "Bob"]))
    clock = Clock()
    guesser = from_address(create_app(companion, config, clock=clock), "10.0.0.9")
    for _ in range(5):
        assert guesser.post("/api/join", json={"code": "AAAAAA"}).status_code == 403
    right = {"code": companion.join_code}
    assert guesser.post("/api/join", json=right).status_code == 429
    clock.now += 1
    assert guesser.post("/api/join", json=right).status_code == 200


@pytest.mark.parametrize(
    "kwargs",
    [
        {"data": "{pin: 1234", "content_type": "application/json"},
        {"data": "pin=4321", "content_type": "application/x-www-form-urlencoded"},
        {"json": ["4321"]},
        {"json": {"pin": ""}},
        {"json": {"pin": True}},
        {"json": {}},
    ],
)
def test_a_login_that_cannot_be_read_says_how_to_send_it(client, kwargs):
    response = client.post("/api/login", **kwargs)
    assert response.status_code == 400
    assert response.json["error"]


def test_without_a_pin_set_nobody_can_log_in(companion, tmp_path, monkeypatch):
    monkeypatch.delenv("TRAIN_COMPANION_PIN", raising=False)
    app = create_app(companion, {"data_dir": str(tmp_path / "data")})
    response = app.test_client().post("/api/login", json={"pin": "1234"})
    assert response.status_code == 403
    assert "TRAIN_COMPANION_PIN" in response.json["error"]
    assert app.test_client().get("/api/session").json["pin_set"] is False


def test_the_pin_comes_from_the_environment(companion, tmp_path, monkeypatch):
    monkeypatch.setenv("TRAIN_COMPANION_PIN", "2468")
    app = create_app(companion, {"data_dir": str(tmp_path / "data")})
    assert app.test_client().post("/api/login", json={"pin": "2468"}).status_code == 200


def test_the_session_survives_a_restart_of_the_app(companion, config, host):
    """The key that signs cookies is kept in the data directory."""
    again = create_app(companion, config).test_client()
    cookie = host.get_cookie("train_companion")
    again.set_cookie("train_companion", cookie.value)
    assert again.get("/api/session").json["host"] is True


def test_a_forged_cookie_is_not_the_host(client):
    client.set_cookie("train_companion", "eyJob3N0Ijp0cnVlfQ.forged.signature")
    assert client.get("/api/session").json["host"] is False
    refused = post(client, "/api/round/end", {}, token="")
    assert refused.status_code == 403


def test_state_changes_need_the_csrf_token_even_for_the_host(host):
    body = {"game": "mexican-train", "players": ["Ann", "Bob"]}
    missing = post(host, "/api/games", body, token="")
    assert missing.status_code == 403
    assert "X-CSRF-Token" in missing.json["error"]
    wrong = post(host, "/api/games", body, token="x" * 43)
    assert wrong.status_code == 403
    assert post(host, "/api/games", body).status_code == 200


def test_logout_ends_the_host_session(host):
    assert post(host, "/api/logout").status_code == 200
    assert host.get("/api/session").json["host"] is False
    refused = post(host, "/api/games", {"game": "mexican-train", "players": ["A", "B"]})
    assert refused.status_code == 403


def test_a_copy_of_the_cookie_is_worthless_after_logout(app, host):
    """Logging out revokes the session on the companion, not only in this browser."""
    copy = app.test_client()
    copy.set_cookie("train_companion", host.get_cookie("train_companion").value)
    assert copy.get("/api/session").json["host"] is True
    assert post(host, "/api/logout").status_code == 200
    assert copy.get("/api/session").json["host"] is False
    body = {"game": "mexican-train", "players": ["A", "B"]}
    assert post(copy, "/api/games", body, token=host.token).status_code == 403


def test_logging_out_one_phone_keeps_the_host_on_another(app, host):
    second = app.test_client()
    second.token = second.post("/api/login", json={"pin": PIN}).json["csrf_token"]
    assert post(host, "/api/logout").status_code == 200
    assert second.get("/api/session").json["host"] is True


def test_a_logout_outlasts_a_restart(companion, config, host):
    cookie = host.get_cookie("train_companion").value
    assert post(host, "/api/logout").status_code == 200
    again = create_app(companion, config).test_client()
    again.set_cookie("train_companion", cookie)
    assert again.get("/api/session").json["host"] is False


def test_changing_the_pin_logs_the_host_out(companion, config, host):
    again = create_app(companion, config | {"pin": "8642"}).test_client()
    again.set_cookie("train_companion", host.get_cookie("train_companion").value)
    assert again.get("/api/session").json["host"] is False
    refused = post(again, "/api/round/end", {}, token=host.token)
    assert refused.status_code == 403


@pytest.mark.parametrize(
    ("change", "words"),
    [({"pin": "12"}, "pin: the host PIN needs at least 4"), ({"lockout_seconds": "a"}, "lockout")],
)
def test_a_wrong_setting_is_named_when_the_app_is_made(companion, config, change, words):
    from companion.errors import ConfigError

    with pytest.raises(ConfigError, match=words):
        create_app(companion, config | change)
