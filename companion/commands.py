"""What the adapters ask of the game loop. Seats are numbered from 0 here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

GESTURES = ("press", "hold", "double", "out")


@dataclass(frozen=True)
class NewGame:
    game: str
    players: list[str]
    preset: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    starter: int | None = None  # the seat that drew the highest tile; None: the companion draws


@dataclass(frozen=True)
class Gesture:
    """A seat's button or phone: press (end turn), hold (pass), double (tap), out."""

    seat: int
    gesture: str
    source: str = "button"


@dataclass(frozen=True)
class CenterButton:
    """The centerpiece button: press begins the next round, hold ends a blocked round."""

    kind: str


@dataclass(frozen=True)
class Knock:
    """A tile tapped on the table, heard by the centerpiece: the seat to move taps."""

    strength: int = 0


@dataclass(frozen=True)
class HandRead:
    """The camera (or a phone photo) read a seat's hand; the player confirms or retakes."""

    seat: int
    total: int
    tiles: list[list[int]]
    low_confidence: bool
    picture: str | None = None
    source: str = "camera"
    status: str = "ok"  # the tile reader's verdict: ok, check or unreadable (never scored)
    reasons: tuple[str, ...] = ()  # its words for the player: what to check, how to retake


@dataclass(frozen=True)
class HandListed:
    """The player says which tiles are in the hand (the camera's reading put right, or no
    photo at all): the companion adds up their pips and scores the hand at once."""

    seat: int
    tiles: list[list[int]]


@dataclass(frozen=True)
class EnterScore:
    """A score typed in; if the cell is filled it is a correction (``why`` required)."""

    seat: int
    value: int
    by: str = "host"
    why: str = ""
    round: int | None = None


@dataclass(frozen=True)
class ActionTile:
    """The seat to move played an action tile: "skip", "reverse", "draw" or "twice"."""

    seat: int
    kind: str


@dataclass(frozen=True)
class RollDice:
    """The seat to move asks the companion to roll the game's dice (a table without dice)."""

    seat: int


@dataclass(frozen=True)
class ClaimSeat:
    """A phone becomes ``seat``'s button for the game in play. ``phone`` is the random id
    the phone carries in its session; no other phone may press for the seat until it is
    freed."""

    seat: int
    phone: str


@dataclass(frozen=True)
class FreeSeat:
    """``seat`` is nobody's phone any more: its phone gives it up (``phone`` given: only if
    that phone still holds it) or the host frees it (``phone`` None)."""

    seat: int
    phone: str | None = None


@dataclass(frozen=True)
class LiftMarker:
    seat: int


@dataclass(frozen=True)
class EndRound:
    """The host ends the round in play: ``ended`` is "blocked" or "host"."""

    ended: str = "blocked"


@dataclass(frozen=True)
class NextRound:
    starter: int | None = None  # who starts, when the game's own rule needs the table's word


@dataclass(frozen=True)
class EndGame:
    pass
