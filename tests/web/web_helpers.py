"""Helpers shared by the web tests (imported by name: pytest puts this folder on the path)."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest

from companion import commands as c

PIN = "4321"
PLAYERS = ["Ann", "Bob", "Cy"]

CHROMIUM = Path("/usr/bin/chromium")
PHONE = {"width": 360, "height": 740}  # a phone's viewport, CSS pixels
needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(),
    reason="Debian's chromium is not installed (apt-get install chromium); CI installs it",
)


def post(client, url, body=None, token=None, **kwargs):
    """POST as ``client`` with its CSRF token (or ``token``) and ``body`` as JSON."""
    headers = {"X-CSRF-Token": token if token is not None else getattr(client, "token", "")}
    if body is not None:
        kwargs["json"] = body
    return client.post(url, headers=headers, **kwargs)


def stop(table) -> None:
    """Stop a companion's loop without waiting out its half-second poll: wake it with a
    no-op."""
    table.stop()
    table.submit(None)  # refused as an unknown command; the loop then sees it must stop
    table.stop()


def seat_to_move(companion) -> int:
    return companion.state()["turn"]["seat"]


def png(width: int = 64, height: int = 48) -> bytes:
    """A real PNG: a plain green scoring mat with nothing on it."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    rows = b"".join(b"\x00" + b"\x20\x60\x30" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def go(page, place: str) -> None:
    """Open one of the page's three places: "pad", "seat" or "host"."""
    page.click(f"[data-go='{place}']")
    page.locator(f"#place-{place}").wait_for(state="visible")


def log_in(page) -> None:
    """Log a browser page in as the host (in the page's Host place)."""
    go(page, "host")
    page.fill("#pin", PIN)
    page.click("#login button[type=submit]")
    page.locator("#host-controls").wait_for(state="visible")


def end_turn_from_phone(page, seat: int) -> None:
    """Press End turn on a seat's phone and wait until the turn has left that seat."""
    page.click("[data-gesture='press']")
    page.wait_for_function(
        "seat => !document.getElementById('turn').textContent.includes(`(seat ${seat})`)",
        arg=seat,
    )


def score_everyone_but(game, keep: int) -> None:
    """End the round and score every seat except ``keep`` (numbered from 1)."""
    game.call(c.EndRound("blocked"))
    for seat in range(3):
        if seat + 1 != keep:
            game.call(c.EnterScore(seat, 10 + seat))


def join(client):
    """``client`` opens the join link of the game in play, as a phone at the table does."""
    code = client.application.extensions["train_companion"].companion.join_code
    client.get(f"/?join={code}")
    return client


def rejoin(page, companion) -> None:
    """A browser phone opens the join link of the new game in play (a new game, a new code)."""
    page.goto(page.url.split("#")[0].split("?")[0] + f"?join={companion.join_code}")
    page.wait_for_selector("#live.on")


def phone_at_table(app):
    """A new phone that joined the game in play (nothing claimed yet)."""
    return join(app.test_client())
