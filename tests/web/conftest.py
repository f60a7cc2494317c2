"""Fixtures: a real Companion on a real SQLite file, the real Flask app and test client."""

from __future__ import annotations

import pytest
from web_helpers import PIN, PLAYERS, seat_to_move, stop

from companion import commands as c
from companion.service import Companion
from companion.store import Store
from web import create_app


@pytest.fixture
def companion(tmp_path):
    (tmp_path / "data").mkdir()
    store = Store(tmp_path / "data")
    table = Companion(store).start()
    yield table
    stop(table)
    store.close()


@pytest.fixture
def config(tmp_path):
    return {"pin": PIN, "data_dir": str(tmp_path / "data"), "keepalive_seconds": 0.2}


@pytest.fixture
def app(companion, config):
    return create_app(companion, config)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def host(app):
    """A client logged in as the host; ``host.token`` is its CSRF token."""
    client = app.test_client()
    response = client.post("/api/login", json={"pin": PIN})
    assert response.status_code == 200, response.json
    client.token = response.json["csrf_token"]
    return client


@pytest.fixture
def game(companion):
    """A game of Mexican Train for Ann, Bob and Cy, two rounds, the first in play."""
    companion.call(c.NewGame("mexican-train", PLAYERS, None, {"rounds": 2}))
    return companion


@pytest.fixture
def phone(app, game):
    """A phone that joined as the seat whose turn it is; ``phone.seat`` is that seat."""
    client = app.test_client()
    seat = seat_to_move(game)
    response = client.post(f"/api/seats/{seat}/claim", json={})
    assert response.status_code == 200, response.json
    client.token, client.seat = response.json["csrf_token"], seat
    return client
