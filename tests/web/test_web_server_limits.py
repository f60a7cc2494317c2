"""The real server (waitress on loopback) under abuse: bodies too large to read, sockets
left idle, a crowd of phones following the live stream."""

from __future__ import annotations

import contextlib
import json
import socket
import urllib.request

import pytest

from web import serve


def answer_to(port: int, request: bytes, then: bytes = b"") -> bytes:
    """Send ``request`` (and ``then``), and read the answer's head."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        if then:
            with contextlib.suppress(OSError):  # the server answered and hung up first
                sock.sendall(then)
        received = b""
        while b"\r\n\r\n" not in received:
            chunk = sock.recv(4096)
            if not chunk:
                break
            received += chunk
        return received


@pytest.fixture
def server(companion, config):
    running = serve(companion, "127.0.0.1", 0, config)
    yield running
    running.close()


def test_a_body_over_the_limit_is_refused_before_it_is_read(server):
    """A 200 MB upload announced in its headers is refused at once: the server does not wait
    for (or spool) a byte of it."""
    head = (
        b"POST /api/photos HTTP/1.1\r\nHost: table\r\nContent-Length: 209715200\r\n"
        b"Content-Type: multipart/form-data; boundary=x\r\n\r\n"
    )
    assert answer_to(server.port, head).startswith(b"HTTP/1.1 413")


def test_a_chunked_body_is_cut_off_at_the_limit(server):
    limit = server.app.config["MAX_CONTENT_LENGTH"]
    head = (
        b"POST /api/photos HTTP/1.1\r\nHost: table\r\nTransfer-Encoding: chunked\r\n"
        b"Content-Type: multipart/form-data; boundary=x\r\n\r\n"
    )
    piece = b"x" * 65536
    chunks = (b"%x\r\n" % len(piece) + piece + b"\r\n") * (limit // len(piece) + 2)
    assert answer_to(server.port, head, chunks).startswith(b"HTTP/1.1 413")


def test_the_server_limit_matches_the_apps(server):
    assert server.max_body == server.app.config["MAX_CONTENT_LENGTH"]
    with urllib.request.urlopen(server.url + "api/state", timeout=5) as response:
        assert json.load(response)["seq"] == 0


def follow_the_stream(port: int) -> socket.socket:
    """A phone on the live stream: its request sent and the stream's first line read."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(b"GET /events HTTP/1.1\r\nHost: table\r\nAccept: text/event-stream\r\n\r\n")
    received = b""
    while b"retry:" not in received:
        chunk = sock.recv(4096)
        assert chunk, received
        received += chunk
    assert received.startswith(b"HTTP/1.1 200"), received[:200]
    return sock


@pytest.mark.slow
def test_200_phones_on_the_stream_and_150_idle_sockets_leave_room_for_everyone(server):
    held: list[socket.socket] = []
    try:
        for _ in range(200):
            held.append(follow_the_stream(server.port))
        for number in range(150):
            idle = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            if number % 2:
                idle.sendall(b"GET /api/state HTTP/1.1\r\nHost: ta")  # and never the rest
            held.append(idle)
        with urllib.request.urlopen(server.url + "api/state", timeout=10) as response:
            assert json.load(response)["seq"] == 0
        assert follow_the_stream(server.port).close() is None  # and one more phone
    finally:
        for sock in held:
            sock.close()
