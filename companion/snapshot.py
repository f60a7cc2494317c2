"""The state of the table as one JSON-ready dict: what ``GET /api/state`` serves.

Seats are numbered from 1 here, as the players count them.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from companion.entries import to_payload
from companion.rounds import Round
from companion.tiles import SYMBOLS, Tile, highest_end


def phase(match) -> str:
    if match.game is None:
        return "setup"
    if match.finished:
        return "over"
    if match.state is None:
        return "between"
    if match.state.outcome is None:
        return "playing"
    return "scoring" if match.round_needs_scores() else "between"


def snapshot(companion) -> dict[str, Any]:
    match = companion.match
    state: dict[str, Any] = {
        "seq": companion.seq,
        "game_id": companion.game_id,
        "phase": phase(match),
        "degraded": dict(companion.degraded),
        "storage": getattr(companion, "storage", "ok"),  # "full": scores are not being saved
        "game": None,
        "players": [],
        "totals": {},
        "turn": None,
    }
    if match.game is None:
        return state
    names = match.players
    pad = match.pad
    live = match.state
    state.update(
        game=match.game.id,
        title=match.game.title,
        preset=match.game.preset,
        measure=match.game.measure,
        gestures=list(match.game.live_gestures),  # what a seat's button may say in play
        players=names,
        totals=dict(zip(names, pad.totals(), strict=True)),
        standings=[{"place": p, "player": n, "total": t} for p, n, t in pad.standings()],
        leaders=[names[s] for s in pad.winners()] if pad.rounds else [],
        winners=[names[s] for s in pad.winners()] if match.finished else [],
        rounds=[
            {
                "round": summary.number,
                "engine": summary.engine,
                "ended": summary.ended,
                "scores": pad.row(summary.number),
            }
            for summary in match.rounds
        ],
        corrections=[asdict(entry) | {"seat": entry.seat + 1} for entry in pad.corrections()],
        photos=[
            {k: v for k, v in to_payload(p).items() if k != "tiles"} | {"seat": p.seat + 1}
            for p in match.photos
        ],
        held_seats=sorted(seat + 1 for seat in match.phones),
    )
    if live is not None and match.setup is not None:
        state["round"] = {"number": match.setup.number, "engine": match.rounds[-1].engine}
        if live.outcome is None and not match.finished:
            state["turn"] = {"seat": live.turn + 1, "player": names[live.turn]}
        state["direction"] = "clockwise" if live.direction == 1 else "counter-clockwise"
        state["markers"] = [s + 1 for s in live.marked_seats()]
        state["action_tiles"] = list(match.game.live_actions)
        state["dice"] = match.game.dice
        if match.dice:
            state["last_roll"] = {"seat": match.dice.seat + 1, "dice": match.dice.dice}
        draws_first = live.seat_drawing_first()
        state["draws_first"] = None if draws_first is None else draws_first + 1
        state["last_tile"] = [s + 1 for s in live.tapped_seats()]
        state["out_on_first_turn"] = _out_on_first_turn(live)
    if state["phase"] == "scoring":
        waiting = companion._waiting()
        state["scoring"] = {
            "waiting": [s + 1 for s in waiting],
            "next": waiting[0] + 1 if waiting else None,
            "hands": {str(seat + 1): pips for seat, pips in match.hand_pips.items()},
            **_listing(match.game, match.game.all_tiles(len(match.players))),
            "readings": {
                str(seat + 1): {k: v for k, v in to_payload(r).items() if k != "seat"}
                for seat, r in match.readings.items()
            },
        }
    return state


def _listing(game: Any, tiles: list[Tile]) -> dict[str, Any]:
    """What a phone that lists the tiles of its hand needs: the set in play (double-N), the
    symbols of its wild tiles (SuperTrain's), and what each tile counts in a hand where that
    is not its pips (a wild end 10, the 0-0 as the table plays it), so the phone adds up
    the list as the score pad will."""
    symbols = {end for tile in tiles for end in tile.ends if isinstance(end, str)}
    distinct = sorted(set(tiles), key=Tile.sort_key)
    return {
        "set": highest_end(tiles),
        "wild_ends": [symbol for symbol in SYMBOLS if symbol in symbols],
        "worth": {str(t): game.tile_value(t) for t in distinct if game.tile_value(t) != t.pips},
    }


def _out_on_first_turn(live: Round) -> dict[str, list[int]] | None:
    """Who went out on the first turn while the others still take theirs (Front Porch)."""
    to_play = live.first_turns_to_come()
    if not to_play:
        return None
    return {"out": [s + 1 for s in live.seats_out], "to_play": [s + 1 for s in to_play]}
