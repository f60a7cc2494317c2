"""The live table's round: the companion cannot see the tiles, so it follows the turns.

Players tell it what happened with their seat button or phone: ``end`` (my turn is done),
``pass`` (I drew, cannot play, and put my marker out), ``tap`` (my last tile), ``out``
(I played my last tile), and in games with action tiles ``played skip|reverse|draw|twice``.
It keeps whose turn it is, the direction, the markers and the last-tile taps; the scores
come from the hand photos or are typed in.

Whether going out ends the round at once is the game's rule (``Game.out_ends_the_round``):
under Front Porch's, a player out on the first turn lets the others take their first turn,
and the round ends when they all have.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.errors import CompanionError
from companion.events import (
    ANNOUNCED,
    Event,
    LastTile,
    MarkerPlaced,
    MarkerRemoved,
    Out,
    Passed,
    Skipped,
    Turn,
)
from companion.games.base import (
    Action,
    Announce,
    EndTurn,
    GoOut,
    IllegalAction,
    Outcome,
    Pass,
    Tap,
)
from companion.tiles import Tile


class LiveTurns:
    def __init__(
        self,
        players: int,
        starter: int,
        out_ends_the_round: Callable[[bool], bool],
        actions: tuple[str, ...] = (),
        game: str = "",
    ) -> None:
        self.game = game  # "id/preset [options=...]", the head of the position line
        self.players = players
        self.turn = starter
        self.direction = 1
        self.actions = actions
        self.out_ends_the_round = out_ends_the_round
        self.markers: set[int] = set()
        self.tapped: set[int] = set()
        self.had_turn: set[int] = set()
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
            return [LastTile(seat)]
        if isinstance(action, GoOut):
            return self._go_out(seat)
        if isinstance(action, Announce):
            return self._announce(seat, action.kind)
        events = []
        if isinstance(action, Pass):
            self.tapped.discard(seat)  # they drew: more than one tile again
            if seat not in self.markers:
                self.markers.add(seat)
                events.append(MarkerPlaced(seat))
            events.append(Passed(seat))
        return events + self._end_turn()

    def _go_out(self, seat: int) -> list[Event]:
        self.out.append(seat)
        events = [Out(seat)]
        if self.out_ends_the_round(self.first_turns_done):
            self.outcome = Outcome("out", tuple(self.out))
            return events
        return events + self._end_turn()

    def _end_turn(self) -> list[Event]:
        """The turn passes on; after a player went out, the round ends once every seat has
        had its turn."""
        self.had_turn.add(self.turn)
        if self.draws_first == self.turn:
            self.draws_first = None
        if self.out and self.first_turns_done:
            self.outcome = Outcome("out", tuple(self.out))
            return []
        events = []
        self.turn = self._next_seat()
        if self.skip_next:
            self.skip_next = False
            events.append(Skipped(self.turn))
            self.turn = self._next_seat()
        while self.turn in self.out:  # a player who went out takes no more turns
            self.turn = self._next_seat()
        return events + [Turn(self.turn)]

    @property
    def first_turns_done(self) -> bool:
        """Has every seat had a turn this round?"""
        return len(self.had_turn) == self.players

    def first_turns_to_come(self) -> list[int]:
        """While the round waits for the others' first turns after a player went out: the
        seats still to play, in turn order."""
        if not self.out or self.outcome is not None:
            return []
        order = [(self.turn + self.direction * i) % self.players for i in range(self.players)]
        return [seat for seat in order if seat not in self.had_turn]

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
        return [ANNOUNCED[kind](seat)]

    def _next_seat(self) -> int:
        return (self.turn + self.direction) % self.players

    def tap_after_turn(self, seat: int) -> list[Event]:
        """A double press: ``seat`` has just ended its turn and taps its last tile; the turn
        stays where the press put it."""
        self.tapped.add(seat)
        return [LastTile(seat)]

    def lift_marker(self, seat: int) -> list[Event]:
        if seat in self.markers:
            self.markers.discard(seat)
            return [MarkerRemoved(seat)]
        return []

    def push(self, action: Action, names: list[str] | None = None) -> list[Event]:
        self.check(action, names)
        return self.apply(action)

    # --- the round interface (companion.rounds.Round) -------------------------------------
    hands = None
    setting_up = False
    round_engine = None

    def legal_actions(self) -> list[Action]:
        """What a seat may say: the hands are unseen, so every word the table uses."""
        if self.outcome is not None:
            return []
        return [EndTurn(), Pass(), Tap(), GoOut(), *(Announce(kind) for kind in self.actions)]

    @property
    def seats_out(self) -> list[int]:
        return self.out

    def marked_seats(self) -> list[int]:
        return sorted(self.markers)

    def tapped_seats(self) -> list[int]:
        return sorted(self.tapped)

    def seat_drawing_first(self) -> int | None:
        return self.draws_first

    def scores(self) -> list[int]:
        raise CompanionError("the hands are unknown: score them from photos or by hand")

    def tile_value(self, tile: Tile) -> int:
        return tile.pips

    def bot_preference(self, action: Action) -> tuple | None:
        return None

    def position(self) -> str:
        """The live round as one line: ``mexican-train/front-porch live players=4 turn=2
        markers=1,3`` (docs/positions.md)."""
        from companion.games.position_text import join_fields, seats_text

        fields: list[tuple[str, str | None]] = [
            ("live", None),
            ("players", str(self.players)),
            ("turn", str(self.turn + 1)),
        ]
        for key, seats in (
            ("markers", self.markers),
            ("tapped", self.tapped),
            ("out", self.out),
            ("first-turns", [s for s in range(self.players) if s not in self.had_turn]),
        ):
            if seats:
                fields.append((key, seats_text(seats)))
        if self.direction == -1:
            fields.append(("direction", "ccw"))
        if self.skip_next:
            fields.append(("skip-next", None))
        if self.draws_first is not None:
            fields.append(("draws-first", str(self.draws_first + 1)))
        if self.outcome is not None:
            fields.append(("ended", self.outcome.ended))
        return join_fields(self.game or "live", fields)


def read_live_position(fields, game) -> LiveTurns:
    """The live round a ``live`` position line describes."""
    from companion.games.base import RoundSetup
    from companion.games.position_text import PositionError, read_int, read_seat, read_seats

    players = read_int(fields.need("players"), "players")
    game.check_players(players)
    state = game.live_turns(RoundSetup(1, None, read_seat(fields.need("turn"), players)), players)
    state.markers = set(read_seats(fields.take("markers"), players))
    state.tapped = set(read_seats(fields.take("tapped"), players))
    state.out = read_seats(fields.take("out"), players)
    first = read_seats(fields.take("first-turns"), players)
    state.had_turn = {s for s in range(players) if s not in first}
    direction = fields.take("direction", "cw")
    if direction not in ("cw", "ccw"):
        raise PositionError(f"direction is cw or ccw, not {direction!r}")
    state.direction = 1 if direction == "cw" else -1
    state.skip_next = fields.flag("skip-next")
    drawing = fields.take("draws-first")
    state.draws_first = None if drawing is None else read_seat(drawing, players)
    ended = fields.take("ended")
    if ended is not None:
        state.outcome = Outcome(ended, tuple(state.out))
    fields.finish()
    return state
