"""The score pad under waitress on loopback, and the join QR code in the terminal."""

from __future__ import annotations

import io
import json
import urllib.request

from web import join_url, print_join_qr, serve


def test_serve_answers_on_loopback_and_closes(companion, config):
    server = serve(companion, "127.0.0.1", 0, config)
    try:
        assert server.port > 0 and server.url == f"http://127.0.0.1:{server.port}/"
        with urllib.request.urlopen(server.url + "api/state", timeout=5) as response:
            assert json.load(response)["seq"] == 0
    finally:
        server.close()
    try:
        urllib.request.urlopen(server.url + "api/state", timeout=2)
    except OSError:
        pass
    else:
        raise AssertionError("the server still answers after close()")


def test_a_live_stream_does_not_hold_up_closing(companion, config):
    server = serve(companion, "127.0.0.1", 0, config)
    stream = urllib.request.urlopen(server.url + "events", timeout=5)
    assert stream.readline() == b"retry: 2000\n"
    server.close()
    stream.close()
    assert not server._thread.is_alive()


def test_the_join_qr_code_is_printed_with_the_address():
    out = io.StringIO()
    print_join_qr("http://192.168.1.20:8080/", out)
    text = out.getvalue()
    assert "Score pad: http://192.168.1.20:8080/" in text
    assert len(text.splitlines()) > 10
    assert "█" in text or "▀" in text or "▄" in text


def test_the_join_address_is_the_lan_address_when_serving_on_all():
    assert join_url("127.0.0.1", 8080) == "http://127.0.0.1:8080/"
    assert join_url("0.0.0.0", 8080).startswith("http://")
    assert join_url("0.0.0.0", 8080).endswith(":8080/")
    assert "0.0.0.0" not in join_url("0.0.0.0", 8080)


def test_a_phone_that_hangs_up_frees_its_place_at_once(companion, config):
    import socket
    import threading

    server = serve(companion, "127.0.0.1", 0, config | {"keepalive_seconds": 60})
    broadcaster = server.app.extensions["train_companion"].broadcaster
    left, leave = threading.Event(), broadcaster.leave

    def leaving(listener):
        leave(listener)
        left.set()

    broadcaster.leave = leaving  # told when the stream lets its phone go
    try:
        phone = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        phone.sendall(b"GET /events HTTP/1.1\r\nHost: pad\r\n\r\n")
        assert b"200 OK" in phone.recv(4096)
        assert broadcaster.watching == 1
        phone.close()
        assert left.wait(10), "the stream never let the phone go"
        assert broadcaster.watching == 0
    finally:
        server.close()
