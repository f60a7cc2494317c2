"""The one interface every game's round offers: the service, the score pad's snapshot, the
simulator and the bots use nothing else.

A round is python-chess's ``Board`` for one round of a domino game: it knows whose turn it
is, lists the legal actions (when the hands are known), checks and applies an action, and
says how the round ended. The rounds of the rules engine (Mexican Train, SuperTrain, Engine
191 / No. 9, dice chains) and the live table's ``LiveTurns`` all implement it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from companion.events import Event
from companion.games.base import Outcome
from companion.tiles import Tile


@runtime_checkable
class Round(Protocol):
    players: int
    """How many seats play the round."""
    turn: int
    """The seat to move (from 0)."""
    direction: int
    """1 clockwise, -1 counter-clockwise (SuperTrain's R-Train)."""
    outcome: Outcome | None
    """None while the round is in play; then how it ended ("out", "blocked", ...)."""
    hands: list[list[Tile]] | None
    """Each seat's tiles, or None where nobody has told the companion (the live table)."""

    # --- the turn ----------------------------------------------------------------------
    def legal_actions(self) -> list[Any]:
        """What the seat to move may do (hands known only)."""
        ...

    def check(self, action: Any, names: list[str] | None = None) -> None:
        """Raise IllegalAction, naming the rule, if ``action`` is not allowed now."""
        ...

    def apply(self, action: Any) -> list[Event]:
        """Apply a checked action for the seat to move; return what happened."""
        ...

    def push(self, action: Any, names: list[str] | None = None) -> list[Event]:
        """Check, then apply."""
        ...

    # --- what lies on the table -----------------------------------------------------------
    @property
    def setting_up(self) -> bool:
        """True while the round is still being set up before its first turn (the Engine
        games' reveal for the main station)."""
        ...

    @property
    def round_engine(self) -> Tile | None:
        """The tile every train or line starts from, once it is known."""
        ...

    @property
    def seats_out(self) -> Sequence[int]:
        """Seats that have played their last tile this round."""
        ...

    def marked_seats(self) -> list[int]:
        """Seats whose train carries their marker."""
        ...

    def tapped_seats(self) -> list[int]:
        """Seats that have tapped their last tile."""
        ...

    def first_turns_to_come(self) -> list[int]:
        """After a player went out on the first turn (Front Porch): the seats still to take
        their first turn, in turn order."""
        ...

    def seat_drawing_first(self) -> int | None:
        """The seat a D-Train makes draw before it plays, if any."""
        ...

    def position(self) -> str:
        """The round as one line of text (docs/positions.md)."""
        ...

    # --- the end -----------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Each seat's score for the round (hands known only)."""
        ...

    def tile_value(self, tile: Tile) -> int:
        """What ``tile`` counts in a hand."""
        ...

    def bot_preference(self, action: Any) -> tuple | None:
        """How a sensible player ranks ``action`` when the game's own actions need it
        (None: the generic simulated player decides)."""
        ...
