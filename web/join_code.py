"""Joining the table with its join code.

Reading the score pad is open to every phone on the network; changing the game needs the
host's session or the join code of the game in play (see ``companion.join_code``). A phone
gets the code by opening the join link (``/?join=CODE``, what the join QR code holds): the
code is checked, kept in the phone's signed session cookie, and the phone is sent on to the
same page without the code in its address bar. A phone can also send a typed code to
``POST /api/join``, and a script may send it in the ``X-Join-Code`` header of each request.
Wrong codes count as failed tries for the client that sent them (``web.attempts``).
"""

from __future__ import annotations

import hmac
import sys
from typing import TYPE_CHECKING, Any, TextIO
from urllib.parse import urlencode, urlsplit, urlunsplit

from flask import Blueprint, jsonify, redirect, request, session

from companion.entries import GameStartedEntry
from companion.join_code import tidy
from web.context import table
from web.errors import ApiError
from web.requests import json_body

if TYPE_CHECKING:
    from companion.service import Announcement, Companion

bp = Blueprint("join_code", __name__)

JOIN_PARAMETER = "join"
JOIN_HEADER = "X-Join-Code"


def join_link(base_url: str, code: str) -> str:
    """The link a phone opens (or scans as a QR code) to join the table: the score pad's
    address with the join code, e.g. ``http://192.168.1.20:8080/?join=ACK34M``."""
    scheme, netloc, path, _query, _fragment = urlsplit(base_url)
    return urlunsplit((scheme, netloc, path or "/", urlencode({JOIN_PARAMETER: code}), ""))


def current_code() -> str | None:
    return table().companion.join_code


def _matches(code: str | None) -> bool:
    current = current_code()
    return bool(code and current and hmac.compare_digest(code.encode(), current.encode()))


def has_joined() -> bool:
    """This phone joined the game in play (its session holds the game's join code)."""
    code = session.get("join")
    return isinstance(code, str) and _matches(code)


def try_code(typed: object) -> bool:
    """Check a code a client sent, counting a wrong one against that client."""
    attempts = table().attempts
    attempts.check(client())
    if _matches(tidy(typed)):
        attempts.succeeded(client())
        return True
    attempts.failed(client())
    return False


def client() -> str:
    return request.remote_addr or "unknown"


def require_joined() -> None:
    """Return if this request may change the game as a player at the table: it carries the
    join code of the game in play (in its session or its header); else 401 or 403."""
    if has_joined():
        return
    sent = request.headers.get(JOIN_HEADER)
    if sent is not None:
        if try_code(sent):
            return
        raise ApiError(403, "wrong join code: ask the host for the table's join code")
    if current_code() is None:
        raise ApiError(409, "no game yet: the host sets one up on the score pad")
    if session.get("join"):
        raise ApiError(
            403, "your join code is for an earlier game: scan the table's new join QR code"
        )
    raise ApiError(
        401,
        "join the table first: scan the join QR code or open the join link "
        "(the host's score pad shows them), or type the join code",
    )


def without_code(payload: dict[str, Any]) -> dict[str, Any]:
    """An event's payload as anyone may read it: the join code is kept for the host."""
    if "join_code" not in payload:
        return payload
    return {k: v for k, v in payload.items() if k != "join_code"}


def follow_join_link():
    """On a page opened from the join link: keep a right code in the session, then show the
    same page without the code in its address. A wrong code is counted and not kept."""
    if request.method != "GET" or JOIN_PARAMETER not in request.args:
        return None
    if request.path.startswith(("/api/", "/events", "/static/")):
        return None
    try:
        if try_code(request.args.get(JOIN_PARAMETER)):
            session["join"] = current_code()
            session.permanent = True
    except ApiError:  # too many wrong codes from here: the page shows it has not joined
        pass
    rest = [(k, v) for k, v in request.args.items(multi=True) if k != JOIN_PARAMETER]
    path = "/" + request.path.lstrip("/")  # never //host: that would leave the companion
    return redirect(path + (f"?{urlencode(rest)}" if rest else ""), code=303)


@bp.post("/api/join")
def join():
    """A phone joins with a typed code: ``{"code": "ACK34M"}``."""
    code = json_body().get("code")
    if not try_code(code):
        raise ApiError(403, "that is not this game's join code: check it with the host")
    session["join"] = current_code()
    session.permanent = True
    return jsonify({"joined": True})


def print_join_code(base_url: str, code: str | None, out: TextIO | None = None) -> None:
    """Say the game's join code and link in the terminal (or the journal)."""
    out = out or sys.stdout
    if code is None:
        print("Join code: none yet; each new game makes one", file=out, flush=True)
    else:
        print(f"Join code: {code}  join link: {join_link(base_url, code)}", file=out, flush=True)


def tell_each_new_code(companion: Companion, base_url: str, out: TextIO | None = None) -> None:
    """Print the join code of every game started from now on."""

    def on_commit(announcement: Announcement) -> None:
        entry = announcement.stored.entry
        if isinstance(entry, GameStartedEntry):
            print_join_code(base_url, entry.join_code, out)

    companion.add_listener(on_commit)
