"""The game in play: its state, setting one up, scores, rounds and the end of the game.

Seats are numbered 1..N here, as the players count them; the companion counts from 0.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify

from companion import commands as c
from companion.errors import CompanionError, StoreError
from companion.events import to_json
from companion.games.base import game_class, game_ids, option_docs
from web.auth import host_only
from web.context import table
from web.errors import ApiError
from web.requests import json_body, seat_in_play, text, whole_number

bp = Blueprint("api", __name__)

ROUND_ENDINGS = ("blocked", "host")


def run(command: Any, refused_status: int = 409):
    """Hand a command to the game loop and answer with what happened and the new state."""
    try:
        events = table().companion.call(command)
    except StoreError as error:  # a full disk: nothing was written
        raise ApiError(503, str(error)) from None
    except CompanionError as error:
        raise ApiError(refused_status, str(error)) from None
    state = table().companion.state()
    return jsonify(
        {
            "seq": state["seq"],
            "events": [to_json(e) for e in events],
            "state": state,
        }
    )


@bp.get("/api/state")
def state():
    return Response(table().state_json(), mimetype="application/json")


@bp.get("/api/rulebook")
def rulebook():
    """The games this companion knows, with presets, house rules and player counts."""
    games = []
    for game_id in game_ids():
        cls = game_class(game_id)
        games.append(
            {
                "game": game_id,
                "title": cls.title,
                "measure": cls.measure,
                "players": [cls.players[0], cls.players[-1]],
                "presets": list(cls.presets),
                "preset_rules": {name: dict(rules) for name, rules in cls.presets.items()},
                "default_preset": cls.default_preset,
                "options": [
                    {"name": name, "default": default, "help": help}
                    for name, default, help in option_docs(cls.options_class)
                ],
            }
        )
    return jsonify({"games": games})


@bp.post("/api/games")
@host_only
def new_game():
    body = json_body()
    game = text(body, "game", limit=40)
    players = body.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise ApiError(400, '"players" must be a list of names, seat 1 first')
    if not 2 <= len(players) <= 12:
        raise ApiError(400, f"a game needs 2 to 12 players, not {len(players)}")
    preset = body.get("preset")
    if preset is not None and not isinstance(preset, str):
        raise ApiError(400, '"preset" must be a preset name')
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise ApiError(400, '"options" must be an object of house rules')
    return run(c.NewGame(game, players, preset or None, options), refused_status=400)


@bp.post("/api/scores")
@host_only
def enter_score():
    """A score typed in by the host; a filled cell is corrected and the reason kept."""
    body = json_body()
    players = table().companion.state()["players"]
    seat = seat_in_play(body.get("seat"), players)
    value = whole_number(body, "value")
    round_number = body.get("round")
    if round_number is not None:
        round_number = whole_number(body, "round")
        if round_number < 1:
            raise ApiError(400, f"rounds are numbered from 1, not {round_number}")
    why = text(body, "why", default="", limit=200).strip()
    command = c.EnterScore(seat - 1, value, by="host", why=why, round=round_number)
    return run(command, refused_status=400)


@bp.post("/api/round/end")
@host_only
def end_round():
    body = json_body(required=False)
    ended = body.get("ended", "blocked")
    if ended not in ROUND_ENDINGS:
        raise ApiError(400, f'"ended" is "blocked" or "host", not {ended!r}')
    return run(c.EndRound(ended))


@bp.post("/api/round/next")
@host_only
def next_round():
    """The next round; ``starter`` (a seat) when the table decided who starts it."""
    body = json_body(required=False)
    starter = body.get("starter")
    if starter is not None:
        starter = seat_in_play(starter, table().companion.state()["players"]) - 1
    return run(c.NextRound(starter))


@bp.post("/api/game/end")
@host_only
def end_game():
    return run(c.EndGame())
