"""One round of a train game: trains off the engine, markers, doubles, the boneyard.

Mexican Train and SuperTrain share it; the house rules come in as the game's options.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.errors import CompanionError
from companion.events import (
    Blocked,
    DoubleOpen,
    Drew,
    Event,
    LastTile,
    MarkerPlaced,
    MarkerRemoved,
    Out,
    Passed,
    Played,
    Turn,
)
from companion.games.base import (
    MEXICAN,
    Action,
    Draw,
    EndTurn,
    IllegalAction,
    Outcome,
    Pass,
    Play,
    Tap,
    TrainId,
)
from companion.games.train_checks import TrainChecks
from companion.games.trains import Train
from companion.tiles import End, Tile

SATISFY_EVERYONE = "everyone"
SATISFY_OWNER = "owner"


class TrainRound(TrainChecks):
    """One round of a train game: trains off the engine, markers, doubles, the boneyard.

    ``hands`` is None on the live table, where nobody knows what the players hold: then an
    observed action is checked only against what is on the table and the hand sizes.
    """

    def __init__(
        self,
        options,
        engine: Tile,
        starter: int,
        hands: list[list[Tile]] | None,
        boneyard: list[Tile] | None,
        hand_sizes: Sequence[int] | None = None,
        boneyard_size: int | None = None,
    ) -> None:
        self.options = options
        self.engine = engine
        self.hands = hands
        self.boneyard = boneyard
        self.hand_counts = [len(h) for h in hands] if hands is not None else list(hand_sizes)
        self.boneyard_count = len(boneyard) if boneyard is not None else boneyard_size
        self.players = len(self.hand_counts)
        value = engine.high
        self.trains: dict[TrainId, Train] = {s: Train(s, value) for s in range(self.players)}
        self.trains[MEXICAN] = Train(MEXICAN, value)
        self.turn = starter
        self.direction = 1
        self.had_turn = [False] * self.players
        self.tapped = [False] * self.players
        self.out: list[int] = []
        self.outcome: Outcome | None = None
        self.passed: set[int] = set()
        """Seats whose pass still holds: they could not play, and nothing has changed for
        them since (a play or a new marker they could use clears it)."""
        self._new_turn()

    # --- the turn ----------------------------------------------------------------------
    def _new_turn(self) -> None:
        self.played = 0
        self.owe = False
        self.doubles: list[TrainId] = []
        self.drew = False

    @property
    def first_turn(self) -> bool:
        return self.options.first_turn_string and not self.had_turn[self.turn]

    def targets(self) -> list[Train]:
        """The trains the seat to move may lay a tile on right now."""
        if self.outcome:
            return []
        seat, trains = self.turn, self.trains
        own = trains[seat]
        if self.first_turn:
            if self.drew and self.played and not self.owe:
                return []
            return [own]
        if self.played and not self.owe:
            return []
        if self.owe and len(self.doubles) >= self.options.max_doubles_per_turn:
            return [trains[t] for t in self.doubles if trains[t].double_open]
        if not self.played and self.options.double_must_be_satisfied_by == SATISFY_EVERYONE:
            waiting = [t for t in trains.values() if t.double_open]
            if waiting:
                return waiting
        open_trains = [own, trains[MEXICAN]]
        open_trains += [t for s, t in trains.items() if s not in (seat, MEXICAN) and t.marker]
        return open_trains

    def placements(self, tile: Tile, end: End) -> list[End]:
        """The ends ``tile`` may leave exposed when laid against ``end``."""
        return [tile.other(end)] if tile.has(end) else []

    def legal_plays(self) -> list[Play]:
        if self.hands is None:
            raise CompanionError("the hands on the live table are unknown; nothing to list")
        targets = self.targets()
        if not targets:
            return []
        hand = self.hands[self.turn]
        plays = []
        for tile in set(hand):
            if tile.is_double and not self._double_allowed(tile, hand):
                continue
            for train in targets:
                for exposed in self.placements(tile, train.end):
                    plays.append(Play(tile, train.id, exposed))
        return plays

    def _double_allowed(self, tile: Tile, hand: list[Tile] | None) -> bool:
        if self.first_turn:
            return True
        limit = self.options.max_doubles_per_turn
        if len(self.doubles) >= limit:
            return False
        if len(self.doubles) + 1 < limit or limit == 1 or hand is None:
            return True
        # The last double a turn may lay needs a third tile from the hand, without drawing,
        # that goes on one of the turn's doubles.
        ends = {tile.high} | {
            self.trains[t].end for t in self.doubles if self.trains[t].double_open
        }
        rest = list(hand)
        rest.remove(tile)
        return any(self.placements(other, end) for other in rest for end in ends)

    def legal_actions(self) -> list[Action]:
        if self.outcome:
            return []
        plays = self.legal_plays()
        actions: list[Action] = list(plays)
        if self._may_tap():
            actions.append(Tap())
        if self.played and not self.owe:
            actions.append(EndTurn())
        elif not plays:
            actions.append(Draw() if self._may_draw() else Pass())
        return actions

    def _may_tap(self) -> bool:
        return self.hand_counts[self.turn] == 1 and not self.tapped[self.turn]

    def _may_draw(self) -> bool:
        if self.drew or not self.boneyard_count:
            return False
        if self.owe:
            return (
                self.options.draw_for_double_follow_up
                and len(self.doubles) < self.options.max_doubles_per_turn
            )
        return True

    # --- applying ----------------------------------------------------------------------
    def push(self, action: Action, names: list[str] | None = None) -> list[Event]:
        """Check ``action`` and apply it for the seat to move; return what happened."""
        self.check(action, names)
        return self.apply(action)

    def apply(self, action: Action) -> list[Event]:
        seat = self.turn
        if isinstance(action, Play):
            return self._play(seat, action)
        if isinstance(action, Draw):
            return self._draw(seat, action)
        if isinstance(action, Pass):
            return self._pass(seat)
        if isinstance(action, Tap):
            self.tapped[seat] = True
            return [LastTile(seat)]
        return self._end_turn()

    def _play(self, seat: int, play: Play) -> list[Event]:
        train = self.trains[play.train]
        tile = play.tile
        exposed = play.exposed if play.exposed is not None else self.placements(tile, train.end)[0]
        if self.hands is not None:
            self.hands[seat].remove(tile)
        self.hand_counts[seat] -= 1
        train.lay(tile, exposed)
        self.played += 1
        self.passed.clear()  # a tile laid changes what everyone may play
        events = [Played(seat, tile=str(tile), train=play.train)]
        if play.train == seat and train.marker:
            train.marker = False
            events.append(MarkerRemoved(seat))
        if tile.is_double:
            self.doubles.append(play.train)
            self.owe = True
        else:
            self.owe = False
        if self.hand_counts[seat] == 0:
            events += self._went_out(seat)
        elif self.hand_counts[seat] > 1:
            self.tapped[seat] = False
        return events

    def _went_out(self, seat: int) -> list[Event]:
        self.out.append(seat)
        events = [Out(seat)]
        if not self.options.out_ends_the_round(all(self.had_turn)):
            return events + self._end_turn()
        self.outcome = Outcome("out", tuple(self.out))
        return events

    def _draw(self, seat: int, draw: Draw) -> list[Event]:
        if self.boneyard is not None:
            tile = self.boneyard.pop()
            if draw.tile is not None and draw.tile != tile:
                self.boneyard.append(tile)
                raise IllegalAction(f"the boneyard gives {tile}, not {draw.tile}")
            self.hands[seat].append(tile)
        self.boneyard_count -= 1
        self.hand_counts[seat] += 1
        self.tapped[seat] = False
        self.drew = True
        return [Drew(seat)]

    def _pass(self, seat: int) -> list[Event]:
        own = self.trains[seat]
        checked = {train.id for train in self.targets()}
        events = []
        if not own.marker:
            before = {s: self.open_to(s) for s in self.passed}
            own.marker = True
            events.append(MarkerPlaced(seat))
            # The new marker opens this train to the seats that passed before: their passes
            # no longer say they cannot play.
            self.passed = {s for s in self.passed if self.open_to(s) == before[s]}
        events.append(Passed(seat))
        if checked >= self.open_to(seat):
            self.passed.add(seat)
        return events + self._end_turn()

    def open_to(self, seat: int) -> frozenset[TrainId]:
        """The trains ``seat`` may lay a tile on at the start of an ordinary turn (not a
        first turn): an open double waiting to be played on, else its own train, the
        Mexican Train and every marked train."""
        trains = self.trains
        if self.options.double_must_be_satisfied_by == SATISFY_EVERYONE:
            waiting = frozenset(t.id for t in trains.values() if t.double_open)
            if waiting:
                return waiting
        marked = (s for s, t in trains.items() if s not in (seat, MEXICAN) and t.marker)
        return frozenset([seat, MEXICAN, *marked])

    def blocked(self) -> bool:
        """The boneyard is empty and every seat still playing has passed since the last
        tile was laid, with nothing opened to it since: nobody can play."""
        playing = [s for s in range(self.players) if s not in self.out]
        return not self.boneyard_count and all(s in self.passed for s in playing)

    def could_play(self, seat: int) -> bool:
        """Would ``seat`` have a tile to lay if its turn began now? (Hands known only.)"""
        import copy

        probe = copy.deepcopy(self)
        probe.outcome, probe.turn = None, seat
        probe._new_turn()
        return bool(probe.legal_plays())

    def _end_turn(self) -> list[Event]:
        seat = self.turn
        self.had_turn[seat] = True
        self._new_turn()
        if self.out and all(self.had_turn):
            self.outcome = Outcome("out", tuple(self.out))
            return []
        if self.blocked():
            self.outcome = Outcome("blocked")
            return [Blocked(seat)]
        self.turn = self._next_seat()
        while self.turn in self.out:
            self.had_turn[self.turn] = True
            if all(self.had_turn):
                self.outcome = Outcome("out", tuple(self.out))
                return []
            self.turn = self._next_seat()
        events = []
        waiting = [t.id for t in self.trains.values() if t.double_open]
        if waiting:
            events.append(DoubleOpen(seat, train=waiting[0]))
        return events + [Turn(self.turn)]

    def _next_seat(self) -> int:
        return (self.turn + self.direction) % self.players

    # --- the end -----------------------------------------------------------------------
    def tile_value(self, tile: Tile) -> int:
        return self.options.hand_worth(tile)

    def scores(self) -> list[int]:
        """Pips left in each hand; 0 for a player who went out."""
        if self.hands is None:
            raise CompanionError("the hands are unknown: score them from photos or by hand")
        return [sum(self.tile_value(t) for t in hand) for hand in self.hands]

    # --- the round interface (companion.rounds.Round) -------------------------------------
    game_id = "mexican-train"
    setting_up = False

    @property
    def house_rules(self):
        """The game's options as chosen, without what a turn changes (SuperTrain's T)."""
        return self.options

    @property
    def round_engine(self) -> Tile:
        return self.engine

    @property
    def seats_out(self) -> list[int]:
        return self.out

    def marked_seats(self) -> list[int]:
        return [s for s in range(self.players) if self.trains[s].marker]

    def tapped_seats(self) -> list[int]:
        return [s for s in range(self.players) if self.tapped[s]]

    def first_turns_to_come(self) -> list[int]:
        if not self.out or self.outcome is not None:
            return []
        order = [(self.turn + self.direction * i) % self.players for i in range(self.players)]
        return [s for s in order if not self.had_turn[s] and s not in self.out]

    def seat_drawing_first(self) -> int | None:
        return None

    def bot_preference(self, action: Action) -> tuple | None:
        return None

    def position(self) -> str:
        """This round as one line of text (docs/positions.md); ``from_position`` reads it."""
        from companion.games.base import game_class
        from companion.games.train_position import write_position

        return write_position(self, game_class(self.game_id))

    def extra_position_fields(self) -> list[tuple[str, str | None]]:
        """Fields a variant adds to the position line (SuperTrain's action tiles)."""
        return []

    def read_extra_position_fields(self, fields) -> None:
        pass

    def all_tiles(self) -> list[Tile]:
        from companion.tiles import double_set

        return double_set(self.options.set)

    def where_tiles_are(self) -> list[Tile]:
        """Every tile of the round: engine, trains, hands and boneyard (for conservation)."""
        tiles = [self.engine]
        for train in self.trains.values():
            tiles += train.tiles
        for hand in self.hands or []:
            tiles += hand
        return tiles + list(self.boneyard or [])
