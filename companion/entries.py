"""What the event log keeps: one entry per thing done at the table (a game set up, a turn
ended, a score written); a game's entries replayed rebuild it. An entry's ``type`` is the
row's type; ``to_payload`` and ``from_payload`` are the one place an entry becomes the row's
JSON and back, rows written by earlier versions included. ``ENTRIES`` is every type and its
class (docs/api.md lists them, and a test holds it to the classes here). What the table
hears about is companion.events.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from companion.errors import StoreError


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
class _PadCellEntry(Entry):
    """A number for ``seat`` in ``round``, ``by`` whom, ``why`` when it corrects one."""

    round: int
    seat: int
    value: int
    by: str
    why: str = ""
    at: str = ""


@dataclass(frozen=True, slots=True)
class ScoreEntry(_PadCellEntry):
    """A score on the pad, or a correction when its cell is filled (``why`` says why)."""

    type: ClassVar[str] = "score"


@dataclass(frozen=True, slots=True)
class HandScoredEntry(_PadCellEntry):
    """A hand counted (``value`` pips) in a game whose pad counts win tokens."""

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
