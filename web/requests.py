"""Reading what a phone sent: a JSON object, whole numbers, seat numbers."""

from __future__ import annotations

from typing import Any

from flask import request

from web.errors import ApiError

MAX_JSON_BYTES = 64 * 1024
"""The longest JSON request: a game's set-up with twelve players and every house rule fits
many times over."""


def json_body(required: bool = True) -> dict[str, Any]:
    """The request's JSON object, or a 400 that says how to send one."""
    if (request.content_length or 0) > MAX_JSON_BYTES:
        raise ApiError(413, f"too large: a request may be at most {MAX_JSON_BYTES // 1024} KB")
    if not request.get_data(cache=True) and not required:
        return {}
    if not request.is_json:
        raise ApiError(400, "send a JSON object with Content-Type: application/json")
    try:
        body = request.get_json(silent=True)
    except RecursionError:
        raise ApiError(400, "the JSON is nested too deeply; send a flat object") from None
    if not isinstance(body, dict):
        raise ApiError(400, 'the body is not a JSON object; send something like {"seat": 1}')
    return body


def whole_number(body: dict[str, Any], key: str, default: Any = ...) -> int:
    value = body.get(key, default)
    if value is ...:
        raise ApiError(400, f"{key!r} is missing")
    if isinstance(value, bool) or not isinstance(value, int):
        raise ApiError(400, f"{key!r} must be a whole number, not {value!r}")
    return value


def text(body: dict[str, Any], key: str, default: str | None = None, limit: int = 200) -> str:
    value = body.get(key, default)
    if value is None:
        raise ApiError(400, f"{key!r} is missing")
    if not isinstance(value, str):
        raise ApiError(400, f"{key!r} must be text, not {value!r}")
    if len(value) > limit:
        raise ApiError(400, f"{key!r} is too long (at most {limit} characters)")
    return value


def seat_in_play(seat: Any, players: list[str], status: int = 400) -> int:
    """Check a 1-based seat against the players at the table."""
    if not players:
        raise ApiError(409, "no game yet: the host sets one up on the score pad")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= len(players):
        raise ApiError(status, f"there is no seat {seat}; seats are 1 to {len(players)}")
    return seat
