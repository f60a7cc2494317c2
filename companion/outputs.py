"""What the table shows and plays after an event: seat lights and centerpiece sounds.

Pure functions of the committed state and events, so the same rules drive real LEDs, mock
pins in the tests and the simulated centerpiece. Seats are numbered from 0 here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from companion.events import Event

LIGHTS = ("off", "turn", "marker", "last_tile", "photo", "winner")

EVENT_SOUNDS = {
    "turn": "turn",
    "last_tile": "last_tile",
    "round_ended": "round_won",
    "game_started": "game_start",
    "game_ended": "game_won",
}


def seat_lights(state: Mapping) -> list[str]:
    """One light per seat. What matters most wins: the photo being taken, the round's winner,
    a last tile, whose turn it is, a marker."""
    players = state.get("players") or []
    lights = ["off"] * len(players)
    phase = state.get("phase")
    for seat in state.get("markers", ()):
        lights[seat - 1] = "marker"
    if phase == "playing" and state.get("turn"):
        lights[state["turn"]["seat"] - 1] = "turn"
    for seat in state.get("last_tile", ()):
        if phase == "playing":
            lights[seat - 1] = "last_tile"
    if phase in ("between", "over") and state.get("rounds"):
        scores = state["rounds"][-1]["scores"]
        if all(score is not None for score in scores):
            best = min(scores) if state.get("measure", "pips") == "pips" else max(scores)
            for seat, score in enumerate(scores):
                if score == best:
                    lights[seat] = "winner"
    if phase == "scoring" and state.get("scoring", {}).get("next"):
        lights[state["scoring"]["next"] - 1] = "photo"
    return lights


def sounds_for(events: Iterable[Event], sound_map: Mapping[str, list[str]]) -> list[str]:
    """The sounds to play, in order, for one announcement's events."""
    sounds: list[str] = []
    for event in events:
        key = EVENT_SOUNDS.get(event.kind)
        if event.kind == "round_ended" and event.data.get("ended") != "out":
            key = None  # a blocked round has no winner to whistle for
        if key:
            sounds += sound_map.get(key, [])
    return sounds
