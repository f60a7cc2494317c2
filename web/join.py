"""Joining from a phone: the join link as a QR code, on /join, in the host's section and in
the terminal. The link carries the game's join code (web/join_code.py), so scanning it is all a
guest does before picking a seat; the code is shown to the host only."""

from __future__ import annotations

import io
import socket
import sys
from typing import TextIO

import segno
from flask import Blueprint, Response, render_template, request

from web.auth import is_host
from web.context import table
from web.errors import ApiError
from web.join_code import current_code, join_link

bp = Blueprint("join", __name__)

ANY_ADDRESS = ("", "0.0.0.0", "::")


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent to find it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def join_url(host: str, port: int) -> str:
    """The address phones at the table open: the LAN address when serving on all of them."""
    if host in ANY_ADDRESS:
        host = lan_address()
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


def print_join_qr(url: str, out: TextIO | None = None) -> None:
    """Print ``url`` as a QR code a phone's camera can read off the terminal, and in words."""
    out = out or sys.stdout
    segno.make(url, error="m").terminal(out=out, compact=True)
    print(f"Score pad: {url}", file=out)


def table_url() -> str:
    """The score pad's address as phones reach it: the configured public one, else the one
    this request came in on."""
    return table().settings.public_url or request.host_url


def qr_svg(url: str) -> str:
    return segno.make(url, error="m").svg_inline(dark="#000", light="#fff", border=2, omitsize=True)


@bp.get("/join")
def join_page():
    """The host shows this to guests: the join link with the game's code. Anyone else sees
    the plain address (the code is the host's to give)."""
    code = current_code() if is_host() else None
    url = join_link(table_url(), code) if code else table_url()
    players = table().companion.state()["players"]
    return render_template(
        "join.html", url=url, qr=qr_svg(url), players=players, code=code, host=is_host()
    )


@bp.get("/api/join-qr.svg")
def join_qr():
    """The join link of the game in play as a QR code picture, for the host's section."""
    if not is_host():
        raise ApiError(403, "host only: log in with the PIN to show the join QR code")
    code = current_code()
    if code is None:
        raise ApiError(409, "no game yet: the join QR code comes with a new game")
    picture = io.BytesIO()  # a standalone SVG file (with its namespace), for an <img>
    segno.make(join_link(table_url(), code), error="m").save(
        picture, kind="svg", dark="#000", light="#fff", border=2, scale=8
    )
    response = Response(picture.getvalue(), mimetype="image/svg+xml")
    response.cache_control.no_store = True
    return response
