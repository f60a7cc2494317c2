"""The live stream: Server-Sent Events on ``/events``.

Each committed event becomes one message, ``id:`` its sequence number and ``data:`` JSON
``{"seq", "type", "at", "game_id", "payload", "events", "state"}``, so a phone needs nothing
but this stream to keep its score pad current. A phone that reconnects sends Last-Event-ID
and first gets the events it missed from the event log (``catch_up: true``, the last one
carrying the state). Comments keep idle connections open through proxies and tell a phone
the companion is still there.
"""

from __future__ import annotations

import json
import queue
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from flask import Blueprint, Response, request

from companion.events import to_json
from companion.service import Announcement, Companion
from web.context import table
from web.errors import ApiError
from web.join_code import without_code

bp = Blueprint("events", __name__)

BACKLOG = 256  # messages a slow phone may fall behind before it is sent the state afresh
CATCH_UP_LIMIT = 1000  # missed events replayed one by one; beyond this, the state alone
RETRY_MS = 2000


def sse(seq: int | None, data: dict[str, Any]) -> bytes:
    head = f"id: {seq}\n" if seq is not None else ""
    return (head + "data: " + json.dumps(data, separators=(",", ":")) + "\n\n").encode()


class Listener:
    """One phone's place in the stream: a bounded queue of encoded messages."""

    def __init__(self) -> None:
        self.messages: queue.Queue[tuple[int, bytes]] = queue.Queue(maxsize=BACKLOG)
        self.behind = False


class Broadcaster:
    """Fans each announcement out to the connected phones without ever blocking the loop."""

    def __init__(self, companion: Companion) -> None:
        self.companion = companion
        self._listeners: set[Listener] = set()
        self._lock = threading.Lock()
        self.closed = threading.Event()
        companion.add_listener(self.announce)
        companion.add_state_listener(self.announce_state)

    def announce_state(self, state: dict[str, Any]) -> None:
        """The state changed without an event (the event log failing): every phone gets it
        whole, whatever it has seen."""
        message = sse(state["seq"], {"seq": state["seq"], "type": "state", "state": state})
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            try:
                listener.messages.put_nowait((None, message))
            except queue.Full:
                listener.behind = True

    def announce(self, announcement: Announcement) -> None:
        stored = announcement.stored
        message = sse(
            stored.seq,
            {
                "seq": stored.seq,
                "type": stored.type,
                "at": stored.at,
                "game_id": stored.game_id,
                "payload": without_code(stored.payload),
                "events": [to_json(e) for e in announcement.events],
                "state": announcement.state,
            },
        )
        with self._lock:
            listeners = list(self._listeners)
        for listener in listeners:
            try:
                listener.messages.put_nowait((stored.seq, message))
            except queue.Full:
                listener.behind = True

    def join(self, limit: int) -> Listener:
        with self._lock:
            if len(self._listeners) >= limit:
                raise ApiError(503, "too many phones are watching; close the page on one")
            listener = Listener()
            self._listeners.add(listener)
        return listener

    def leave(self, listener: Listener) -> None:
        with self._lock:
            self._listeners.discard(listener)

    @property
    def watching(self) -> int:
        with self._lock:
            return len(self._listeners)

    def close(self) -> None:
        """End every stream (the server is shutting down)."""
        self.closed.set()

    def stream(
        self,
        listener: Listener,
        last_seen: int | None,
        keepalive: float,
        gone: Callable[[], bool] = lambda: False,
    ) -> Stream:
        """The messages for one phone; ``gone()`` says the phone has hung up (waitress tells
        us, so its thread is freed at once rather than at the next keep-alive)."""
        body = self._messages(listener, last_seen, keepalive, gone)
        return Stream(self, listener, body)

    def _messages(
        self, listener: Listener, last_seen: int | None, keepalive: float, gone
    ) -> Iterator[bytes]:
        try:
            yield f"retry: {RETRY_MS}\n\n".encode()
            sent = yield from self._catch_up(last_seen)
            next_ping = time.monotonic() + keepalive
            while not self.closed.is_set() and not gone():
                if listener.behind:
                    listener.behind = False
                    _drain(listener.messages)
                    state = self.companion.state()
                    sent = state["seq"]
                    yield sse(sent, {"seq": sent, "type": "state", "state": state})
                try:
                    seq, message = listener.messages.get(timeout=min(keepalive, 0.5) or 0.5)
                except queue.Empty:
                    if time.monotonic() >= next_ping:
                        next_ping = time.monotonic() + keepalive
                        yield b": keep-alive\n\n"
                    continue
                if seq is None:  # the state afresh, not a new event
                    yield message
                elif seq > sent:
                    sent = seq
                    yield message
        finally:
            self.leave(listener)

    def _catch_up(self, last_seen: int | None) -> Iterator[bytes]:
        """What a phone missed; returns the last sequence its page now reflects.

        The phone already listens, so anything committed from here on is in its queue; the
        state is read after the log, so it covers every event read from the log."""
        missed = self.companion.store.events_since(last_seen) if last_seen is not None else []
        state = self.companion.state()
        fresh = last_seen is None or last_seen > state["seq"] or len(missed) > CATCH_UP_LIMIT
        if fresh:
            yield sse(state["seq"], {"seq": state["seq"], "type": "state", "state": state})
            return state["seq"]
        for number, event in enumerate(missed, 1):
            data = {
                "seq": event.seq,
                "type": event.type,
                "at": event.at,
                "game_id": event.game_id,
                "payload": without_code(event.payload),
                "events": [],
                "state": state if number == len(missed) else None,
                "catch_up": True,
            }
            yield sse(event.seq, data)
        return state["seq"] if missed else last_seen


class Stream:
    """The response body; closing it (the phone went away) always frees its place."""

    def __init__(self, broadcaster: Broadcaster, listener: Listener, body: Iterator[bytes]):
        self._broadcaster, self._listener, self._body = broadcaster, listener, body

    def __iter__(self) -> Iterator[bytes]:
        return self._body

    def close(self) -> None:
        self._body.close()
        self._broadcaster.leave(self._listener)


def _drain(messages: queue.Queue) -> None:
    while True:
        try:
            messages.get_nowait()
        except queue.Empty:
            return


def last_event_id() -> int | None:
    raw = request.headers.get("Last-Event-ID") or request.args.get("last_event_id")
    if raw is None or raw == "":
        return None
    try:
        value = int(raw)
    except ValueError:
        raise ApiError(400, f"Last-Event-ID must be an event number, not {raw!r}") from None
    if value < 0:
        raise ApiError(400, f"Last-Event-ID must be an event number, not {raw!r}")
    return value


@bp.get("/events")
def events() -> Response:
    here = table()
    last_seen = last_event_id()
    if request.method == "HEAD":  # headers only: do not hold a thread for a stream
        return Response(mimetype="text/event-stream", headers={"Cache-Control": "no-cache"})
    listener = here.broadcaster.join(here.settings.max_live_phones)
    gone = request.environ.get("waitress.client_disconnected", lambda: False)
    stream = here.broadcaster.stream(listener, last_seen, here.settings.keepalive_seconds, gone)
    return Response(
        stream,
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )
