"""What the table hears about, one class each: the seat an event concerns (from 0) and its
own fields. Its ``kind`` is the name phones and scripts see; ``to_json`` is the one place an
event becomes JSON (``{"kind", "seat", "data"}``, the seat counted from 1 as players count).
``KINDS`` is every kind and its class; docs/api.md lists them, and a test holds it to the
classes here. What the event log keeps is companion.entries.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Event:
    """Something the table should hear about, concerning ``seat``."""

    seat: int
    kind: ClassVar[str] = ""

    @property
    def data(self) -> dict[str, Any]:
        """The event's own fields (all but the seat), leaving out those not given."""
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if f.name != "seat" and getattr(self, f.name) is not None
        }


def to_json(event: Event) -> dict[str, Any]:
    """The event as phones and the API see it; seats counted from 1."""
    return {"kind": event.kind, "seat": event.seat + 1, "data": event.data}


# --- the match ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameStarted(Event):
    kind: ClassVar[str] = "game_started"


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """``seat`` starts round ``round``."""

    round: int = 0
    kind: ClassVar[str] = "round_started"


@dataclass(frozen=True, slots=True)
class Turn(Event):
    """It is ``seat``'s turn."""

    kind: ClassVar[str] = "turn"


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    """The round is over: ``ended`` is "out", "blocked", "boneyard" or "host"."""

    ended: str = ""
    kind: ClassVar[str] = "round_ended"


@dataclass(frozen=True, slots=True)
class Scored(Event):
    round: int = 0
    value: int = 0
    kind: ClassVar[str] = "scored"


@dataclass(frozen=True, slots=True)
class ScoreCorrected(Event):
    round: int = 0
    value: int = 0
    kind: ClassVar[str] = "score_corrected"


@dataclass(frozen=True, slots=True)
class HandRead(Event):
    """The camera read ``seat``'s hand: ``total`` waits for the player to confirm it."""

    total: int = 0
    status: str = "ok"
    """The tile reader's verdict: "ok", "check" (the player looks first) or "unreadable"."""
    reasons: list[str] | None = None
    """Its words for the player: what to check, how to retake."""
    kind: ClassVar[str] = "hand_read"


@dataclass(frozen=True, slots=True)
class HandScored(Event):
    """A hand counted in a game whose pad counts win tokens (kept until all are in)."""

    pips: int = 0
    kind: ClassVar[str] = "hand_scored"


@dataclass(frozen=True, slots=True)
class PhotoRequested(Event):
    kind: ClassVar[str] = "photo_requested"


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    """The companion rolled the game's dice for ``seat``."""

    dice: list[int] | None = None
    kind: ClassVar[str] = "dice_rolled"


@dataclass(frozen=True, slots=True)
class SeatClaimed(Event):
    kind: ClassVar[str] = "seat_claimed"


@dataclass(frozen=True, slots=True)
class SeatFreed(Event):
    """``by`` "phone" (it gave the seat up) or "host"."""

    by: str = ""
    kind: ClassVar[str] = "seat_freed"


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    winners: list[str] | None = None
    kind: ClassVar[str] = "game_ended"


# --- a turn at a train game ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Played(Event):
    """``tile`` laid on ``train`` (a seat from 0, "mexican", or an Engine game's line)."""

    tile: str = ""
    train: int | str = 0
    kind: ClassVar[str] = "played"


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """``seat`` drew from the boneyard (dice chains: ``tiles`` of them)."""

    tiles: int | None = None
    kind: ClassVar[str] = "drew"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    kind: ClassVar[str] = "passed"


@dataclass(frozen=True, slots=True)
class MarkerPlaced(Event):
    kind: ClassVar[str] = "marker_placed"


@dataclass(frozen=True, slots=True)
class MarkerRemoved(Event):
    kind: ClassVar[str] = "marker_removed"


@dataclass(frozen=True, slots=True)
class DoubleOpen(Event):
    """A double on ``train`` waits to be played on."""

    train: int | str = 0
    kind: ClassVar[str] = "double_open"


@dataclass(frozen=True, slots=True)
class LastTile(Event):
    """``seat`` tapped its last tile."""

    kind: ClassVar[str] = "last_tile"


@dataclass(frozen=True, slots=True)
class Out(Event):
    """``seat`` played its last tile."""

    kind: ClassVar[str] = "out"


@dataclass(frozen=True, slots=True)
class Blocked(Event):
    """Nobody can play and the boneyard is empty: the round is over."""

    kind: ClassVar[str] = "blocked"


# --- SuperTrain's action tiles -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DrawPenalty(Event):
    """``seat`` laid a D-Train: the next player draws before playing."""

    kind: ClassVar[str] = "draw_penalty"


@dataclass(frozen=True, slots=True)
class PenaltyDraw(Event):
    """``seat`` draws because of a D-Train."""

    kind: ClassVar[str] = "penalty_draw"


@dataclass(frozen=True, slots=True)
class Reversed(Event):
    """An R-Train: play now goes the other way (``direction`` 1 or -1)."""

    direction: int = 1
    kind: ClassVar[str] = "reversed"


@dataclass(frozen=True, slots=True)
class Skip(Event):
    """``seat`` laid an S-Train: the next player misses a turn."""

    kind: ClassVar[str] = "skip"


@dataclass(frozen=True, slots=True)
class Skipped(Event):
    """The live table: ``seat`` misses this turn (an S-Train)."""

    kind: ClassVar[str] = "skipped"


@dataclass(frozen=True, slots=True)
class PlayTwice(Event):
    """``seat`` laid a T-Train: one more play."""

    kind: ClassVar[str] = "play_twice"


@dataclass(frozen=True, slots=True)
class PlayedSkip(Event):
    """The live table: ``seat`` says it laid an S-Train."""

    kind: ClassVar[str] = "played_skip"


@dataclass(frozen=True, slots=True)
class PlayedReverse(Event):
    kind: ClassVar[str] = "played_reverse"


@dataclass(frozen=True, slots=True)
class PlayedDraw(Event):
    kind: ClassVar[str] = "played_draw"


@dataclass(frozen=True, slots=True)
class PlayedTwice(Event):
    kind: ClassVar[str] = "played_twice"


ANNOUNCED = {
    "skip": PlayedSkip,
    "reverse": PlayedReverse,
    "draw": PlayedDraw,
    "twice": PlayedTwice,
}
"""The live table's action tiles, as players say them, and the event each makes."""


# --- Engine 191 / No. 9 and dice chains ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Redeal(Event):
    """Nobody revealed a double: the tiles are shuffled and dealt again."""

    kind: ClassVar[str] = "redeal"


@dataclass(frozen=True, slots=True)
class MainStation(Event):
    """``seat`` revealed the lowest double: ``tile`` is the main station."""

    tile: str = ""
    kind: ClassVar[str] = "main_station"


@dataclass(frozen=True, slots=True)
class DrewToScoreYard(Event):
    tile: str | None = None
    kind: ClassVar[str] = "drew_to_score_yard"


@dataclass(frozen=True, slots=True)
class TrackRemoved(Event):
    """``seat`` took its line back to station ``to`` ("main" or a double)."""

    to: str = "main"
    removed: int = 0
    kind: ClassVar[str] = "track_removed"


@dataclass(frozen=True, slots=True)
class Rolled(Event):
    dice: list[int] | None = None
    kind: ClassVar[str] = "rolled"


@dataclass(frozen=True, slots=True)
class Chain(Event):
    """``seat`` laid a chain of ``tiles`` dominoes."""

    tiles: int = 0
    kind: ClassVar[str] = "chain"


@dataclass(frozen=True, slots=True)
class BoneyardEmpty(Event):
    """Dice chains: a player could not draw all they were owed; play stops."""

    kind: ClassVar[str] = "boneyard_empty"


def _every_kind() -> dict[str, type[Event]]:
    classes = [cls for cls in globals().values() if isinstance(cls, type)]
    found = [cls for cls in classes if issubclass(cls, Event) and cls is not Event]
    return {cls.kind: cls for cls in found}


KINDS: dict[str, type[Event]] = _every_kind()
"""Every event kind and its class (docs/api.md lists them)."""
