"""Joining from a phone: the page's address as a QR code, on /join and in the terminal."""

from __future__ import annotations

import socket
import sys
from typing import TextIO

import segno
from flask import Blueprint, render_template, request

from web.context import table

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


@bp.get("/join")
def join_page():
    url = table().settings.public_url or request.host_url
    qr = segno.make(url, error="m").svg_inline(dark="#000", light="#fff", border=2, omitsize=True)
    players = table().companion.state()["players"]
    return render_template("join.html", url=url, qr=qr, players=players)
