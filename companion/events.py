"""Every event, one class each: what the event log keeps and what the table hears about.

An **entry** is what the event log keeps: one row for each thing done at the table (a game
set up, a turn ended, a score written); a game's entries replayed rebuild it. Its ``type``
is the row's type; ``to_payload`` and ``from_payload`` are the one place an entry becomes
the row's JSON and back, rows written by earlier versions included. ``ENTRIES`` is every
type and its class.

An **event** is what the table hears about: the seat it concerns (from 0) and its own
fields. Its ``kind`` is the name phones and scripts see; ``to_json`` is the one place an
event becomes JSON (``{"kind", "seat", "data"}``, the seat counted from 1 as players
count). ``KINDS`` is every kind and its class.

docs/api.md lists both, and a test holds it to the classes here.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from companion.errors import StoreError

# === the event log: one entry per thing done at the table ==================================


@dataclass(frozen=True, slots=True)
class Entry:
    """One row of the event log; replaying a game's entries rebuilds the game."""

    type: ClassVar[str] = ""


@dataclass(frozen=True, slots=True)
class GameStartedEntry(Entry):
    """A game set up; ``seed`` deals real hands (the simulator), None at the live table."""

    game: str
    preset: str | None
    options: dict[str, Any]
    players: list[str]
    seed: int | None = None
    join_code: str | None = None  # the table's join code, kept for the host
    type: ClassVar[str] = "game_started"


@dataclass(frozen=True, slots=True)
class RoundStartedEntry(Entry):
    round: int
    engine: str | None
    starter: int
    type: ClassVar[str] = "round_started"


@dataclass(frozen=True, slots=True)
class ActionEntry(Entry):
    """``seat`` did ``action``, in the players' words (``play 12-5 on Bob``, ``pass``)."""

    round: int
    seat: int
    action: str
    type: ClassVar[str] = "action"


@dataclass(frozen=True, slots=True)
class LastTileTappedEntry(Entry):
    """A double press: the seat that has just ended its turn taps its last tile; the turn
    stays where the press put it."""

    round: int
    seat: int
    type: ClassVar[str] = "last_tile_tapped"


@dataclass(frozen=True, slots=True)
class RoundEndedEntry(Entry):
    """The host ended the round: ``ended`` "blocked" or "host"; ``out``: seats gone out."""

    round: int
    ended: str
    out: list[int] = dataclasses.field(default_factory=list)
    type: ClassVar[str] = "round_ended"


@dataclass(frozen=True, slots=True)
class ScoreEntry(Entry):
    """A score on the pad, or a correction when its cell is filled (``why`` says why)."""

    round: int
    seat: int
    value: int
    by: str
    why: str = ""
    at: str = ""
    type: ClassVar[str] = "score"


@dataclass(frozen=True, slots=True)
class HandScoredEntry(Entry):
    """A hand counted (``value`` pips) in a game whose pad counts win tokens."""

    round: int
    seat: int
    value: int
    by: str
    why: str = ""
    at: str = ""
    type: ClassVar[str] = "hand_scored"


@dataclass(frozen=True, slots=True)
class HandReadEntry(Entry):
    """The camera or a phone read ``seat``'s hand; it waits for the player to confirm."""

    round: int
    seat: int
    total: int
    tiles: list[list[int]]
    low_confidence: bool
    picture: str | None = None
    source: str = "camera"
    status: str = "ok"  # "check" or "unreadable"; readings logged before verdicts were sure
    reasons: list[str] = dataclasses.field(default_factory=list)
    type: ClassVar[str] = "hand_read"


@dataclass(frozen=True, slots=True)
class DiceRolledEntry(Entry):
    round: int
    seat: int
    dice: list[int]
    type: ClassVar[str] = "dice_rolled"


@dataclass(frozen=True, slots=True)
class MarkerLiftedEntry(Entry):
    seat: int
    type: ClassVar[str] = "marker_lifted"


@dataclass(frozen=True, slots=True)
class SeatClaimedEntry(Entry):
    """``phone`` is ``seat``'s button from now on."""

    seat: int
    phone: str
    type: ClassVar[str] = "seat_claimed"


@dataclass(frozen=True, slots=True)
class SeatFreedEntry(Entry):
    """``by`` "phone" (it gave the seat up) or "host"."""

    seat: int
    by: str
    type: ClassVar[str] = "seat_freed"


@dataclass(frozen=True, slots=True)
class GameEndedEntry(Entry):
    winners: list[str]
    type: ClassVar[str] = "game_ended"


ENTRIES: dict[str, type[Entry]] = {
    cls.type: cls
    for cls in (
        GameStartedEntry,
        RoundStartedEntry,
        ActionEntry,
        LastTileTappedEntry,
        RoundEndedEntry,
        ScoreEntry,
        HandScoredEntry,
        HandReadEntry,
        DiceRolledEntry,
        MarkerLiftedEntry,
        SeatClaimedEntry,
        SeatFreedEntry,
        GameEndedEntry,
    )
}
"""Every type the event log holds and its class (docs/api.md lists them)."""


def to_payload(entry: Entry) -> dict[str, Any]:
    """The entry's fields as the event log's JSON payload (every field, None included)."""
    return {f.name: getattr(entry, f.name) for f in dataclasses.fields(entry)}


def from_payload(type_: str, payload: dict[str, Any]) -> Entry:
    """A row of the event log as its entry. Fields a row written by an earlier version
    lacks take their defaults; fields this version does not know are left aside."""
    cls = ENTRIES.get(type_)
    if cls is None:
        raise StoreError(f"the event log holds an event of unknown type {type_!r}")
    if not isinstance(payload, dict):
        raise StoreError(f"the event log's {type_} event is not a JSON object")
    known = {f.name for f in dataclasses.fields(cls)}
    try:
        return cls(**{name: value for name, value in payload.items() if name in known})
    except TypeError:
        missing = sorted(
            f.name
            for f in dataclasses.fields(cls)
            if f.name not in payload
            and f.default is dataclasses.MISSING
            and f.default_factory is dataclasses.MISSING
        )
        raise StoreError(f"the event log's {type_} event lacks {', '.join(missing)}") from None


# === what the table hears about ===========================================================


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
