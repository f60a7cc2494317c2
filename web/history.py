"""Game history from the event log, and each game's score pad as CSV or JSON."""

from __future__ import annotations

import csv
import io
from typing import Any

from flask import Blueprint, Response, jsonify

from companion.entries import ScoreEntry
from companion.errors import CompanionError
from companion.match import Match
from companion.snapshot import snapshot
from web.context import table
from web.errors import ApiError
from web.join_code import without_code

bp = Blueprint("history", __name__)


class PastGame:
    """A game from the log, replayed, shaped like the companion for ``snapshot``."""

    def __init__(self, game_id: int, match: Match, seq: int) -> None:
        self.game_id, self.match, self.seq = game_id, match, seq
        self.degraded: dict[str, str] = {}

    def _waiting(self) -> list[int]:
        row = self.match.pad.row(self.match.setup.number)
        return [seat for seat, value in enumerate(row) if value is None]


def game_state(game_id: int) -> tuple[dict[str, Any], list]:
    """The score pad of game ``game_id`` and its events, or 404."""
    try:
        events = table().companion.store.events(game_id)
        if not events:
            raise ApiError(404, f"there is no game {game_id} in the history")
        match = Match.replay(e.entry for e in events)
    except CompanionError as error:
        raise ApiError(500, f"game {game_id} cannot be replayed: {error}") from None
    return snapshot(PastGame(game_id, match, events[-1].seq)), events


def _cell(name: str) -> str:
    """A name a spreadsheet would take for a formula is written as plain text."""
    return "'" + name if name[:1] in ("=", "+", "-", "@") else name


@bp.get("/api/games")
def history():
    return jsonify({"games": table().companion.store.games()})


@bp.get("/api/games/<int:game_id>")
def one_game(game_id: int):
    state, _ = game_state(game_id)
    return jsonify(state)


@bp.get("/api/games/<int:game_id>/scores")
def score_trail(game_id: int):
    """Every score written in the game, in order: corrections follow the value they change."""
    _, events = game_state(game_id)
    scores = [
        {
            "seq": e.seq,
            "round": e.entry.round,
            "seat": e.entry.seat + 1,
            "value": e.entry.value,
            "by": e.entry.by,
            "why": e.entry.why,
            "at": e.entry.at or e.at,
        }
        for e in events
        if isinstance(e.entry, ScoreEntry)
    ]
    return jsonify({"game_id": game_id, "scores": scores})


@bp.get("/api/games/<int:game_id>/export.json")
def export_json(game_id: int):
    state, events = game_state(game_id)
    document = {
        "game_id": game_id,
        "game": state["game"],
        "preset": state.get("preset"),
        "measure": state.get("measure"),
        "players": state["players"],
        "rounds": [
            {
                "round": r["round"],
                "engine": r["engine"],
                "ended": r["ended"],
                "scores": dict(zip(state["players"], r["scores"], strict=True)),
            }
            for r in state.get("rounds", [])
        ],
        "totals": state["totals"],
        "winners": state.get("winners", []),
        "corrections": state.get("corrections", []),
        "events": [
            {"seq": e.seq, "at": e.at, "type": e.type, "payload": without_code(e.payload)}
            for e in events
        ],
    }
    response = jsonify(document)
    response.headers["Content-Disposition"] = f'attachment; filename="game-{game_id}.json"'
    return response


@bp.get("/api/games/<int:game_id>/export.csv")
def export_csv(game_id: int):
    state, _ = game_state(game_id)
    out = io.StringIO()
    writer = csv.writer(out)
    players = state["players"]
    writer.writerow(["round", "engine", "ended", *map(_cell, players)])
    for r in state.get("rounds", []):
        cells = ["" if v is None else v for v in r["scores"]]
        writer.writerow([r["round"], r["engine"] or "", r["ended"] or "", *cells])
    writer.writerow(["total", "", "", *(state["totals"][p] for p in players)])
    return Response(
        out.getvalue(),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="game-{game_id}.csv"'},
    )
