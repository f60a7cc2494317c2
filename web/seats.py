"""Phones as seat buttons: claim a seat, then press for it (end turn, pass, last tile, out).

Claiming needs no PIN: anyone at the table may pick up a phone and be a seat, as they may
sit at a wired button. The claim lives in the phone's signed session cookie and holds for
the game in play only.
"""

from __future__ import annotations

from flask import Blueprint, jsonify, session

from companion import commands as c
from web.api import run
from web.auth import check_csrf, csrf_token, host_or_seat
from web.context import table
from web.errors import ApiError
from web.requests import json_body, seat_in_play

bp = Blueprint("seats", __name__)


def _seat(seat: int) -> int:
    return seat_in_play(seat, table().companion.state()["players"], status=404)


@bp.post("/api/seats/<int:seat>/claim")
def claim(seat: int):
    json_body()  # a JSON request (even `{}`), so a foreign page's form cannot claim
    state = table().companion.state()
    _seat(seat)
    session.permanent = True  # the claim outlives closing the browser, for the game
    session["seat"] = {"game_id": state["game_id"], "seat": seat}
    return jsonify({"seat": seat, "player": state["players"][seat - 1], "csrf_token": csrf_token()})


@bp.post("/api/seats/release")
def release():
    check_csrf()
    session.pop("seat", None)
    return jsonify({"seat": None})


@bp.post("/api/seats/<int:seat>/press")
def press(seat: int):
    """A seat's button on a phone: press ends the turn, hold passes, double taps the last
    tile, out says the seat went out. In the scoring, press confirms the hand's reading."""
    _seat(seat)
    host_or_seat(seat)
    body = json_body()
    gesture = body.get("gesture")
    if gesture not in c.GESTURES:
        raise ApiError(400, f'"gesture" is one of {", ".join(c.GESTURES)}, not {gesture!r}')
    return run(c.Gesture(seat - 1, gesture, source="phone"))


@bp.post("/api/seats/<int:seat>/action")
def action_tile(seat: int):
    """SuperTrain: the seat to move played an action tile the companion cannot see:
    skip, reverse, draw (the next player draws first) or twice."""
    _seat(seat)
    host_or_seat(seat)
    body = json_body()
    kind = body.get("action")
    if kind not in ("skip", "reverse", "draw", "twice"):
        raise ApiError(400, f'"action" is one of skip, reverse, draw, twice, not {kind!r}')
    return run(c.ActionTile(seat - 1, kind))


@bp.post("/api/seats/<int:seat>/roll")
def roll(seat: int):
    """The companion rolls the game's dice for the seat to move (a table without dice)."""
    _seat(seat)
    host_or_seat(seat)
    json_body(required=False)
    return run(c.RollDice(seat - 1))


@bp.post("/api/seats/<int:seat>/lift-marker")
def lift_marker(seat: int):
    """The seat played on its own train again: its marker comes off."""
    _seat(seat)
    host_or_seat(seat)
    return run(c.LiftMarker(seat - 1))
