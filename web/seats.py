"""Phones as seat buttons: claim a seat, then press for it (end turn, pass, last tile, out).

Claiming needs no PIN, only the game's join code (``web.join_code``): anyone at the table
may pick up a phone and be a seat, as they may sit at a wired button. But a seat has one
phone: the companion keeps which phone holds which seat in the event log (so it outlasts a
restart), and a second phone is refused until the first gives the seat up or the host
frees it. A new game frees every seat.
"""

from __future__ import annotations

from flask import Blueprint, jsonify, session

from companion import commands as c
from web.api import run
from web.auth import (
    check_csrf,
    csrf_token,
    give_up_seat,
    host_only,
    host_or_joined,
    host_or_seat,
    phone_id,
)
from web.context import table
from web.errors import ApiError
from web.requests import json_body, seat_in_play

bp = Blueprint("seats", __name__)

MOST_LISTED = 200
"""The longest list of tiles a phone may send; a hand holds far fewer (the game's own
limit is checked by the companion)."""


def _seat(seat: int) -> int:
    return seat_in_play(seat, table().companion.state()["players"], status=404)


@bp.post("/api/seats/<int:seat>/claim")
def claim(seat: int):
    json_body()  # a JSON request (even `{}`), so a foreign page's form cannot claim
    players = table().companion.state()["players"]
    seat_in_play(seat, players, status=404)
    host_or_joined()
    session.permanent = True  # the phone's id outlives closing the browser
    table().companion.call(c.ClaimSeat(seat - 1, phone_id()))  # 409 if another phone holds it
    answer = {"seat": seat, "player": players[seat - 1], "csrf_token": csrf_token()}
    # the page believes a later state that says the seat is free, never an earlier one
    return jsonify(answer | {"seq": table().companion.state()["seq"]})


@bp.post("/api/seats/release")
def release():
    """This phone gives up its seat."""
    check_csrf()
    give_up_seat()
    return jsonify({"seat": None})


@bp.post("/api/seats/<int:seat>/free")
@host_only
def free(seat: int):
    """The host frees a seat whatever phone holds it (a flat battery, a phone gone home)."""
    _seat(seat)
    return run(c.FreeSeat(seat - 1))


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


@bp.post("/api/seats/<int:seat>/hand")
def list_hand(seat: int):
    """The tiles in the seat's hand, as the player says they are (the photo's reading put
    right, or no photo at all): added up and scored at once. ``{"tiles": [[3, 5], [6, 6]]}``."""
    _seat(seat)
    host_or_seat(seat)
    tiles = json_body().get("tiles")
    if not isinstance(tiles, list) or len(tiles) > MOST_LISTED:
        raise ApiError(400, f'"tiles" is a list of at most {MOST_LISTED} tiles, like [[3, 5]]')
    return run(c.HandListed(seat - 1, tiles), refused_status=400)


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
