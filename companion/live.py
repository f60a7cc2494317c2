"""The live table's round: the companion cannot see the tiles, so it follows the turns.

Players tell it what happened with their seat button or phone: ``end`` (my turn is done),
``pass`` (I drew, cannot play, and put my marker out), ``tap`` (my last tile), ``out``
(I played my last tile), and in games with action tiles ``played skip|reverse|draw|twice``.
It keeps whose turn it is, the direction, the markers and the last-tile taps; the scores
come from the hand photos or are typed in.
"""

from __future__ import annotations

from companion.games.base import (
    Action,
    Announce,
    EndTurn,
    Event,
    GoOut,
    IllegalAction,
    Outcome,
    Pass,
    Tap,
)


class LiveTurns:
    def __init__(self, players: int, starter: int, actions: tuple[str, ...] = ()) -> None:
        self.players = players
        self.turn = starter
        self.direction = 1
        self.actions = actions
        self.markers: set[int] = set()
        self.tapped: set[int] = set()
        self.out: list[int] = []
        self.outcome: Outcome | None = None
        self.skip_next = False
        self.draws_first: int | None = None  # the seat a D-Train makes draw before playing

    def check(self, action: Action, names: list[str] | None = None) -> None:
        if self.outcome is not None:
            raise IllegalAction("the round is over: lay your tiles on the mat to score")
        if isinstance(action, Announce):
            if action.kind not in self.actions:
                known = ", ".join(self.actions) or "none in this game"
                raise IllegalAction(f"no action tile {action.kind!r} here ({known})")
        elif not isinstance(action, EndTurn | Pass | Tap | GoOut):
            raise IllegalAction("on the live table say end, pass, tap or out")

    def apply(self, action: Action) -> list[Event]:
        seat = self.turn
        if isinstance(action, Tap):
            self.tapped.add(seat)
            return [Event("last_tile", seat)]
        if isinstance(action, GoOut):
            self.out.append(seat)
            self.outcome = Outcome("out", (seat,))
            return [Event("out", seat)]
        if isinstance(action, Announce):
            return self._announce(seat, action.kind)
        events = []
        if isinstance(action, Pass):
            self.tapped.discard(seat)  # they drew: more than one tile again
            if seat not in self.markers:
                self.markers.add(seat)
                events.append(Event("marker_placed", seat))
            events.append(Event("passed", seat))
        if self.draws_first == seat:
            self.draws_first = None
        self.turn = self._next_seat()
        if self.skip_next:
            self.skip_next = False
            events.append(Event("skipped", self.turn))
            self.turn = self._next_seat()
        return events + [Event("turn", self.turn)]

    def _announce(self, seat: int, kind: str) -> list[Event]:
        """SuperTrain's action tiles: S skips the next player, R reverses the direction for
        the rest of the round, D makes the next player draw first, T gives one more play
        (the player simply presses when done)."""
        if kind == "reverse":
            self.direction = -self.direction
        elif kind == "skip":
            self.skip_next = True
        elif kind == "draw":
            self.draws_first = self._next_seat()
        return [Event(f"played_{kind}", seat)]

    def _next_seat(self) -> int:
        return (self.turn + self.direction) % self.players

    def lift_marker(self, seat: int) -> list[Event]:
        if seat in self.markers:
            self.markers.discard(seat)
            return [Event("marker_removed", seat)]
        return []

    def push(self, action: Action, names: list[str] | None = None) -> list[Event]:
        self.check(action, names)
        return self.apply(action)
