"""The live table's round: the companion cannot see the tiles, so it follows the turns.

Players tell it what happened with their seat button or phone: ``end`` (my turn is done),
``pass`` (I drew, cannot play, and put my marker out), ``tap`` (my last tile), ``out``
(I played my last tile). It keeps whose turn it is, the markers and the last-tile taps;
the scores come from the hand photos or are typed in.
"""

from __future__ import annotations

from companion.games.base import Action, EndTurn, Event, GoOut, IllegalAction, Outcome, Pass, Tap


class LiveTurns:
    def __init__(self, players: int, starter: int) -> None:
        self.players = players
        self.turn = starter
        self.direction = 1
        self.markers: set[int] = set()
        self.tapped: set[int] = set()
        self.out: list[int] = []
        self.outcome: Outcome | None = None

    def check(self, action: Action, names: list[str] | None = None) -> None:
        if self.outcome is not None:
            raise IllegalAction("the round is over: lay your tiles on the mat to score")
        if not isinstance(action, EndTurn | Pass | Tap | GoOut):
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
        events = []
        if isinstance(action, Pass):
            self.tapped.discard(seat)  # they drew: more than one tile again
            if seat not in self.markers:
                self.markers.add(seat)
                events.append(Event("marker_placed", seat))
            events.append(Event("passed", seat))
        self.turn = (self.turn + self.direction) % self.players
        return events + [Event("turn", self.turn)]

    def lift_marker(self, seat: int) -> list[Event]:
        if seat in self.markers:
            self.markers.discard(seat)
            return [Event("marker_removed", seat)]
        return []

    def push(self, action: Action, names: list[str] | None = None) -> list[Event]:
        self.check(action, names)
        return self.apply(action)
