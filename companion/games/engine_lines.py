"""The pieces of Engine 191 and Engine No. 9: lines, their actions and how players say them.

A line runs from the main station towards its owner: tracks end to end, stations (doubles)
sideways. Its exposed number is what the next tile must match.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.base import Action, Play
from companion.games.notation import NotationError, train_id, train_name
from companion.games.notation import format_action as shared_format
from companion.games.notation import parse_action as shared_parse
from companion.tiles import Tile


@dataclass
class Line:
    """One player's line. ``cleared`` is True while its last tile is a station that has had
    track removed from in front of it (the incomplete-station rule does not apply to it)."""

    owner: int
    start: int
    tiles: list[Tile] = field(default_factory=list)
    ends: list[int] = field(default_factory=list)
    cleared: bool = False

    @property
    def end(self) -> int:
        return self.ends[-1] if self.ends else self.start

    @property
    def incomplete(self) -> bool:
        """A station with nothing on its other side (never the main station)."""
        return bool(self.tiles) and self.tiles[-1].is_double and not self.cleared

    def lay(self, tile: Tile) -> None:
        self.tiles.append(tile)
        self.ends.append(tile.other(self.end))
        self.cleared = False

    def stations_behind_the_end(self) -> list[Tile | None]:
        """Where track may be removed back to: stations before the last tile, then the main
        station (None), nearest first."""
        behind: list[Tile | None] = [t for t in self.tiles[:-1] if t.is_double]
        return [*reversed(behind), None] if self.tiles else []

    def remove_to(self, station: Tile | None) -> list[Tile]:
        keep = 0 if station is None else self.tiles.index(station) + 1
        removed = self.tiles[keep:]
        del self.tiles[keep:]
        del self.ends[keep:]
        self.cleared = keep > 0
        return removed


@dataclass(frozen=True, slots=True)
class Reveal:
    """Show the tile (a double, if you have one) that bids for the main station."""

    tile: Tile


@dataclass(frozen=True, slots=True)
class PlayFromYard:
    """Lay ``tile`` from one's score yard on ``line``; ``replacement`` goes from the hand to
    the score yard in its place."""

    tile: Tile
    line: int
    replacement: Tile


@dataclass(frozen=True, slots=True)
class RemoveTrack:
    """Take one's own line back to ``station`` (None: the main station). ``drawn`` is the
    tile then drawn face up into the score yard, when the table says it."""

    station: Tile | None
    drawn: Tile | None = None


EngineAction = Action | Reveal | PlayFromYard | RemoveTrack


def format_engine_action(action: EngineAction, names: list[str]) -> str:
    if isinstance(action, Reveal):
        return f"reveal {action.tile}"
    if isinstance(action, PlayFromYard):
        line = train_name(action.line, names)
        return f"play {action.tile} from yard on {line} replacing {action.replacement}"
    if isinstance(action, RemoveTrack):
        drawn = f" drawing {action.drawn}" if action.drawn else ""
        return f"remove to {action.station or 'main'}{drawn}"
    if isinstance(action, Play):
        return f"play {action.tile} on {train_name(action.train, names)}"
    return shared_format(action, names)


def parse_engine_action(text: str, names: list[str]) -> EngineAction:
    words = text.split()
    try:
        if words[:1] == ["reveal"] and len(words) == 2:
            return Reveal(Tile.parse(words[1]))
        if words[:2] == ["remove", "to"] and len(words) in (3, 5):
            station = None if words[2] == "main" else Tile.parse(words[2])
            if len(words) == 3:
                return RemoveTrack(station)
            if words[3] == "drawing":
                return RemoveTrack(station, Tile.parse(words[4]))
        if words[:1] == ["play"] and len(words) > 3 and words[2:4] == ["from", "yard"]:
            body = " ".join(words[5:])  # after "play T from yard on"
            line, _, replacement = body.rpartition(" replacing ")
            return PlayFromYard(Tile.parse(words[1]), _seat(line, names), Tile.parse(replacement))
    except (ValueError, IndexError) as error:
        raise NotationError(f"cannot read {text!r}: {error}") from None
    action = shared_parse(text, names)
    if isinstance(action, Play) and not isinstance(action.train, int):
        raise NotationError(f"cannot read {text!r}: lines are named by their owner")
    return action


def _seat(text: str, names: list[str]) -> int:
    seat = train_id(text.strip(), names)
    if not isinstance(seat, int):
        raise NotationError(f"lines are named by their owner, not {text!r}")
    return seat
