"""The live stream: Server-Sent Events with ids, catch-up on reconnect and keep-alives."""

from __future__ import annotations

import json
import time

import pytest
from web_helpers import seat_to_move

from companion import commands as c
from web import create_app


class Stream:
    """Reads the /events stream of the Flask test client, one SSE block at a time."""

    def __init__(self, client, headers=None, url="/events"):
        self.response = client.get(url, headers=headers or {}, buffered=False)
        self.chunks = iter(self.response.response)

    def next_block(self) -> str:
        return next(self.chunks).decode()

    def messages(self, until, timeout=5.0) -> list[dict]:
        """Parsed data messages (with their ``id``) until ``until(message)`` is true."""
        got, deadline = [], time.monotonic() + timeout
        while time.monotonic() < deadline:
            block = self.next_block()
            if not block.startswith("id:"):
                continue
            head, data = block.split("\n", 1)
            message = json.loads(data.removeprefix("data: ").strip())
            message["id"] = int(head.removeprefix("id: "))
            got.append(message)
            if until(message):
                return got
        raise AssertionError(f"no such message within {timeout} s; got {got}")

    def close(self):
        self.response.close()


@pytest.fixture
def stream(client):
    opened = []

    def open_stream(**kwargs):
        opened.append(Stream(client, **kwargs))
        return opened[-1]

    yield open_stream
    for s in opened:
        s.close()


def test_the_stream_is_event_stream_and_starts_with_the_state(stream, game):
    s = stream()
    assert s.response.mimetype == "text/event-stream"
    assert s.response.headers["Cache-Control"] == "no-cache"
    assert s.next_block() == "retry: 2000\n\n"
    [first] = s.messages(until=lambda m: True)
    assert first["type"] == "state" and first["id"] == game.store.last_seq()
    assert first["state"]["players"] == ["Ann", "Bob", "Cy"]


def test_a_seat_press_reaches_the_stream_with_its_sequence(stream, game):
    s = stream()
    s.messages(until=lambda m: m["type"] == "state")
    seat = seat_to_move(game)
    game.call(c.Gesture(seat - 1, "double"))
    [message] = s.messages(until=lambda m: m["type"] == "action")
    assert message["id"] == message["seq"] == game.store.last_seq()
    assert message["events"] == [{"kind": "last_tile", "seat": seat, "data": {}}]
    assert message["state"]["last_tile"] == [seat]


def test_a_phone_that_reconnects_gets_what_it_missed(stream, game):
    seen = game.store.last_seq()
    for _ in range(2):
        game.call(c.Gesture(seat_to_move(game) - 1, "press"))
    s = stream(headers={"Last-Event-ID": str(seen)})
    missed = s.messages(until=lambda m: m["state"] is not None)
    assert [m["id"] for m in missed] == [seen + 1, seen + 2]
    assert all(m["catch_up"] for m in missed)
    assert missed[-1]["state"]["seq"] == seen + 2
    game.call(c.Gesture(seat_to_move(game) - 1, "press"))
    [live] = s.messages(until=lambda m: True)
    assert live["id"] == seen + 3 and "catch_up" not in live


def test_a_phone_that_missed_nothing_gets_only_new_events(stream, game):
    s = stream(headers={"Last-Event-ID": str(game.store.last_seq())})
    s.next_block()  # retry
    game.call(c.Gesture(seat_to_move(game) - 1, "press"))
    [message] = s.messages(until=lambda m: True)
    assert message["type"] == "action" and message["id"] == game.store.last_seq()


def test_the_last_event_id_may_come_in_the_query(stream, game):
    s = stream(url="/events?last_event_id=1")
    [message] = s.messages(until=lambda m: True)
    assert message["id"] == 2 and message["type"] == "round_started"


def test_an_idle_stream_sends_keep_alive_comments(stream, game):
    s = stream()
    s.messages(until=lambda m: True)
    assert s.next_block() == ": keep-alive\n\n"


def test_a_bad_last_event_id_is_a_clear_400(client):
    response = client.get("/events", headers={"Last-Event-ID": "yesterday"})
    assert response.status_code == 400
    assert "event number" in response.json["error"]


def test_too_many_phones_are_turned_away_and_a_closed_one_frees_its_place(companion, config):
    app = create_app(companion, config | {"max_live_phones": 1})
    client = app.test_client()
    first = Stream(client)
    second = client.get("/events")
    assert second.status_code == 503 and "too many phones" in second.json["error"]
    first.close()
    third = Stream(client)
    assert third.next_block().startswith("retry:")
    third.close()


def test_head_on_the_stream_answers_at_once_without_holding_a_place(client, app):
    response = client.head("/events")
    assert response.status_code == 200 and response.mimetype == "text/event-stream"
    assert app.extensions["train_companion"].broadcaster.watching == 0
