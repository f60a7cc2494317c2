"""The host's PIN, the signed session cookie and CSRF tokens.

The host logs in with the PIN (compared in constant time; wrong tries make that client wait
longer before each next one, see ``web.attempts``) and gets a session cookie plus a CSRF
token; the login is kept on the companion (``web.host_sessions``) until logging out. A
phone that claims a seat gets a token too. Every request that changes something sends the
token back in the ``X-CSRF-Token`` header.

Each phone carries a random id in its session; which seat a phone holds is kept by the
companion (in the event log), so no two phones hold one seat.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable
from functools import wraps

from flask import Blueprint, jsonify, request, session

from companion import commands as c
from web.attempts import Attempts
from web.context import table
from web.errors import ApiError
from web.join_code import client, current_code, has_joined, join_link, require_joined
from web.requests import json_body

bp = Blueprint("auth", __name__)

CSRF_HEADER = "X-CSRF-Token"


class PinGuard:
    """Checks PIN tries. Wrong tries are counted per client (``web.attempts``): after a few,
    that client waits longer before each next try, and nobody else does."""

    def __init__(self, pin: str | None, attempts: Attempts) -> None:
        self._pin = pin.encode() if pin else None
        self.attempts = attempts

    @property
    def has_pin(self) -> bool:
        return self._pin is not None

    def badge(self, secret: str) -> str:
        """What a host's session carries: tied to the PIN, so changing the PIN in the
        config logs every host out."""
        digest = hmac.new(secret.encode(), b"host:" + (self._pin or b""), "sha256")
        return digest.hexdigest()[:32]

    def check(self, attempt: str, client: str) -> None:
        """Return if ``attempt`` is the PIN, else raise ApiError (403, or 429: wait)."""
        if self._pin is None:
            raise ApiError(
                403,
                "no host PIN is set on this companion: set TRAIN_COMPANION_PIN or 'pin' in "
                "the config and restart it",
            )
        self.attempts.check(client)
        if hmac.compare_digest(attempt.encode(), self._pin):
            self.attempts.succeeded(client)
            return
        self.attempts.failed(client)
        left = self.attempts.free_left(client)
        if left:
            raise ApiError(
                403, f"wrong PIN; {left} more {'try' if left == 1 else 'tries'} before a wait"
            )
        raise ApiError(403, "wrong PIN; from now on each wrong try from here waits longer")


def csrf_token() -> str:
    """This session's CSRF token, made on first use."""
    token = session.get("csrf")
    if not token:
        token = session["csrf"] = secrets.token_urlsafe(32)
    return token


def is_host() -> bool:
    """This session is a host's login still open on the companion (not logged out, not
    expired, made with today's PIN)."""
    here = table()
    badge = session.get("host")
    return (
        isinstance(badge, str)
        and here.guard.has_pin
        and hmac.compare_digest(badge, here.guard.badge(here.settings.secret_key))
        and here.host_sessions.is_open(session.get("login"))
    )


def phone_id() -> str:
    """This phone's random id, kept in its signed session cookie; made on first use."""
    phone = session.get("phone")
    if not isinstance(phone, str) or not phone:
        phone = session["phone"] = secrets.token_urlsafe(16)
    return phone


def claimed_seat() -> int | None:
    """The seat (1-based) this phone holds in the game in play, if any."""
    phone = session.get("phone")
    if not isinstance(phone, str) or not phone:
        return None
    seat = table().companion.seat_of_phone(phone)
    return None if seat is None else seat + 1


def check_csrf() -> None:
    sent = request.headers.get(CSRF_HEADER, "")
    token = session.get("csrf", "")
    if not token or not hmac.compare_digest(sent.encode(), token.encode()):
        raise ApiError(
            403, f"missing or wrong {CSRF_HEADER} header; reload the page or log in again"
        )


def host_only(view: Callable) -> Callable:
    """The host's session and the CSRF token, or 403."""

    @wraps(view)
    def checked(*args, **kwargs):
        if not is_host():
            raise ApiError(403, "host only: log in with the PIN first")
        check_csrf()
        return view(*args, **kwargs)

    return checked


def host_or_seat(seat: int) -> None:
    """The host, or the phone that joined the game and claimed ``seat`` (1-based); and the
    CSRF token."""
    if not is_host():
        require_joined()
        if claimed_seat() != seat:
            raise ApiError(
                403, f"only the host or the phone that joined as seat {seat} can do that"
            )
    check_csrf()


def host_or_joined() -> None:
    """The host, or a phone with the game's join code (401 or 403 otherwise)."""
    if not is_host():
        require_joined()


def give_up_seat() -> None:
    """This phone is no longer its seat's button (if it was one)."""
    seat = claimed_seat()
    if seat is not None:
        table().companion.call(c.FreeSeat(seat - 1, phone=session["phone"]))


def session_info() -> dict:
    """Who this phone is. The host also gets the game's join code and join link."""
    host, seat = is_host(), claimed_seat()
    info = {
        "host": host,
        "seat": seat,
        "joined": host or has_joined(),
        "csrf_token": csrf_token() if host or seat else None,
        "pin_set": table().guard.has_pin,
    }
    code = current_code()
    if host and code:
        base = table().settings.public_url or request.host_url
        info |= {"join_code": code, "join_link": join_link(base, code)}
    return info


@bp.post("/api/login")
def login():
    body = json_body()
    pin = body.get("pin")
    if not isinstance(pin, str | int) or isinstance(pin, bool) or not str(pin):
        raise ApiError(400, 'send the PIN as {"pin": "1234"}')
    table().guard.check(str(pin), client())
    kept = {key: session[key] for key in ("phone", "join") if key in session}
    session.clear()  # a fresh token after logging in
    session.update(kept)  # the same phone: it keeps the seat it holds and its join code
    session.permanent = True
    session["host"] = table().guard.badge(table().settings.secret_key)
    session["login"] = table().host_sessions.open()
    return jsonify({"csrf_token": csrf_token(), "host": True})


@bp.post("/api/logout")
def logout():
    check_csrf()
    give_up_seat()
    table().host_sessions.close(session.get("login"))  # a copy of the cookie is no good now
    session.clear()
    return jsonify({"host": False, "seat": None})


@bp.get("/api/session")
def who_am_i():
    return jsonify(session_info())
