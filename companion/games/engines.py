"""Engine 191 and Engine No. 9: lines off a main station, score yards and win tokens.

The sheets are ``../shared/rules/engine-191.txt`` and ``../shared/rules/engine-no-9.md``.
No. 9 is a later edition: track may be removed back to *any* station, and the sets grow
with the players. Our readings where they are silent are in docs/rules/engine-191.md and
docs/rules/engine-no-9.md.
"""

from __future__ import annotations

import random

from companion.errors import CompanionError
from companion.events import (
    Blocked,
    Drew,
    DrewToScoreYard,
    Event,
    MainStation,
    Out,
    Passed,
    Played,
    Redeal,
    TrackRemoved,
    Turn,
)
from companion.games.base import (
    Action,
    Draw,
    EndTurn,
    Outcome,
    Pass,
    Play,
)
from companion.games.engine_checks import PLAY, REVEAL, EngineChecks
from companion.games.engine_lines import (
    EngineAction,
    Line,
    PlayFromYard,
    RemoveTrack,
    Reveal,
)
from companion.tiles import Tile


def _distinct(tiles: list[Tile]) -> list[Tile]:
    return sorted(set(tiles), key=Tile.sort_key)


class EngineRound(EngineChecks):
    """One round: the reveal for the main station, then turns until someone goes out or
    everyone passes with nothing left to draw.

    With ``hidden`` (the live table) nobody tells the companion their hand: it keeps how many
    tiles each player holds and checks plays against what lies face up (lines, score yards,
    removed track); tiles drawn into a score yard are face up, so their action names them.
    """

    def __init__(
        self,
        tiles: list[Tile],
        hand_size: int,
        players: int,
        first: int,
        rng: random.Random,
        any_station: bool,
        hidden: bool = False,
    ) -> None:
        self.hidden = hidden
        self.tiles, self.hand_size, self.players = tiles, hand_size, players
        self.rng, self.any_station, self.first = rng, any_station, first
        self.outcome: Outcome | None = None
        self.redeals = 0
        self._deal()

    def _deal(self) -> None:
        tiles = list(self.tiles)
        self.rng.shuffle(tiles)
        size = self.hand_size
        self.hands: list[list[Tile]] | None = None
        self.boneyard: list[Tile] | None = None
        if not self.hidden:
            self.hands = [tiles[i * size : (i + 1) * size] for i in range(self.players)]
            self.boneyard = tiles[self.players * size :]
        self.hand_counts = [size] * self.players
        self.boneyard_count = len(tiles) - size * self.players
        self.yards: list[list[Tile]] = [[] for _ in range(self.players)]
        self.removed: list[Tile] = []
        self.main: Tile | None = None
        self.lines: dict[int, Line] = {}
        self.revealed: list[Tile | None] = [None] * self.players
        self.phase, self.turn, self.passes = REVEAL, self.first, 0
        self._new_turn()

    def _new_turn(self) -> None:
        self.played = 0
        self.station = False  # the last play was a station: another play is allowed
        self.drawn: Tile | None = None  # drawn into the score yard this turn

    # --- where tiles may go ----------------------------------------------------------------
    @property
    def depleted(self) -> bool:
        """No dominoes left at all: the boneyard is empty and no removed track rebuilds it."""
        return not self.boneyard_count and not self.removed

    def _may_play_more(self) -> bool:
        return not self.played or self.station

    def open_lines(self) -> list[tuple[Line, bool]]:
        """(line, completes a station) for each line the seat to move may play on now."""
        lines = list(self.lines.values())
        waiting = [line for line in lines if line.incomplete]
        if waiting and not self.played:
            # "At the beginning of your turn if there is an incomplete station anywhere you
            # must play a domino that continues that line."
            lines = waiting
        result = []
        for line in lines:
            completes = line.incomplete
            if line.owner != self.turn and not completes and self.depleted:
                continue  # no playing on another player's line with nothing to draw
            result.append((line, completes))
        return result

    def _known_hands(self) -> list[list[Tile]]:
        if self.hands is None:
            raise CompanionError("the hands on the live table are unknown; nothing to list")
        return self.hands

    def legal_plays(self) -> list[Action]:
        hands = self._known_hands()
        if self.phase != PLAY or self.outcome or not self._may_play_more():
            return []
        seat = self.turn
        hand, yard = hands[seat], self.yards[seat]
        from_hand = [] if self.drawn is not None and not self.played else _distinct(hand)
        from_yard = [self.drawn] if self.drawn is not None and not self.played else _distinct(yard)
        plays: list[Action] = []
        for line, _ in self.open_lines():
            plays += [Play(t, line.owner) for t in from_hand if t.has(line.end)]
            for tile in from_yard:
                if tile.has(line.end):
                    plays += [PlayFromYard(tile, line.owner, r) for r in _distinct(hand)]
        return plays

    def removals(self) -> list[RemoveTrack]:
        """Remove track only at the start of a turn, only one's own line."""
        if self.phase != PLAY or self.outcome or self.played or self.drawn is not None:
            return []
        stations = self.lines[self.turn].stations_behind_the_end()
        if not self.any_station:
            stations = stations[:1]  # Engine 191: "back to the last station played"
        return [RemoveTrack(station) for station in stations]

    def legal_actions(self) -> list[EngineAction]:
        if self.outcome:
            return []
        if self.phase == REVEAL:
            return [Reveal(tile) for tile in _distinct(self._known_hands()[self.turn])]
        plays = self.legal_plays()
        actions: list[EngineAction] = [*self.removals(), *plays]
        if self.played or self.drawn is not None:
            actions.append(EndTurn())
        elif not (plays and self.must_play()):
            actions.append(Pass() if self.depleted else Draw())
        return actions

    def must_play(self) -> bool:
        """At the start of a turn, a player who can play may not draw or pass instead when a
        station waits to be completed ("you must play a domino that continues that line") or
        when the boneyard is depleted (passing then says no more plays can be made)."""
        waiting = any(line.incomplete for line in self.lines.values())
        return not self.played and (waiting or self.depleted)

    # --- applying ------------------------------------------------------------------------
    def push(self, action: EngineAction, names: list[str] | None = None) -> list[Event]:
        self.check(action, names)
        return self.apply(action)

    def apply(self, action: EngineAction) -> list[Event]:
        seat = self.turn
        if isinstance(action, Reveal):
            return self._reveal(seat, action.tile)
        if isinstance(action, RemoveTrack):
            return self._remove(seat, action)
        if isinstance(action, (Play, PlayFromYard)):
            return self._play(seat, action)
        if isinstance(action, Draw):
            tile = self._take(action.tile)
            self.yards[seat].append(tile)
            self.drawn, self.passes = tile, 0
            return [DrewToScoreYard(seat, tile=str(tile))]
        if isinstance(action, Pass):
            self.passes += 1
            if self.passes >= self.players:
                self.outcome = Outcome("blocked")
                return [Passed(seat), Blocked(seat)]
            return [Passed(seat), *self._end_turn()]
        return self._end_turn()

    def _reveal(self, seat: int, tile: Tile) -> list[Event]:
        self.revealed[seat] = tile
        self.turn = (seat + 1) % self.players
        if any(t is None for t in self.revealed):
            return []
        doubles = [(t.high, s) for s, t in enumerate(self.revealed) if t.is_double]
        if not doubles:
            # "If no one played a double then reshuffle and start again."
            self.redeals += 1
            self._deal()
            return [Redeal(seat)]
        value, starter = min(doubles)
        self.main = Tile(value, value)
        if self.hands is not None:
            self.hands[starter].remove(self.main)
        self.hand_counts[starter] -= 1
        self.lines = {s: Line(s, value) for s in range(self.players)}
        self.phase, self.turn = PLAY, starter
        self._new_turn()
        return [MainStation(starter, tile=str(self.main)), Turn(starter)]

    def _take(self, seen: Tile | None = None) -> Tile | None:
        """Draw from the boneyard; ``seen`` is the tile as the table saw it (None if hidden)."""
        if not self.boneyard_count:
            # "if the boneyard ever becomes depleted these will be flipped over and shuffled"
            if self.boneyard is not None:
                self.boneyard = self.removed
                self.rng.shuffle(self.boneyard)
            self.boneyard_count, self.removed = len(self.removed), []
        self.boneyard_count -= 1
        return seen if self.boneyard is None else self.boneyard.pop()

    def _remove(self, seat: int, action: RemoveTrack) -> list[Event]:
        station = action.station
        removed = self.lines[seat].remove_to(station)
        self.removed += removed
        self.passes = 0
        tile = self._take(action.drawn)
        self.yards[seat].append(tile)
        return [TrackRemoved(seat, to=str(station or "main"), removed=len(removed))]

    def _play(self, seat: int, play: Play | PlayFromYard) -> list[Event]:
        tile = play.tile
        line = self.lines[play.train if isinstance(play, Play) else play.line]
        completes = line.incomplete
        hand = self.hands[seat] if self.hands is not None else None
        if isinstance(play, Play):
            if hand is not None:
                hand.remove(tile)
        else:
            # "Anytime you play a domino from your score yard you must replace the domino in
            # the score yard with a domino from your hand."
            self.yards[seat].remove(tile)
            if hand is not None:
                hand.remove(play.replacement)
            self.yards[seat].append(play.replacement)
        self.hand_counts[seat] -= 1
        line.lay(tile)
        self.played += 1
        self.station = tile.is_double
        self.passes = 0
        events = [Played(seat, tile=str(tile), train=line.owner)]
        if line.owner != seat and not completes:
            # "anytime you play on opponent's line you must draw a domino ... into your hand"
            drawn = self._take()
            if hand is not None:
                hand.append(drawn)
            self.hand_counts[seat] += 1
            events.append(Drew(seat))
        if not self.hand_counts[seat]:
            self.outcome = Outcome("out", (seat,))
            events.append(Out(seat))
        return events

    def _end_turn(self) -> list[Event]:
        self.turn = (self.turn + 1) % self.players
        self._new_turn()
        return [Turn(self.turn)]

    # --- the end -----------------------------------------------------------------------
    def tile_value(self, tile: Tile) -> int:
        return tile.pips

    def scores(self) -> list[int]:
        """ "Add up all the pips ... both the dominoes left in your hand and the dominoes in
        your score yard.\""""
        if self.hands is None:
            raise CompanionError("the hands are unknown: score them from photos or by hand")
        return [
            sum(t.pips for t in hand) + sum(t.pips for t in yard)
            for hand, yard in zip(self.hands, self.yards, strict=True)
        ]

    def where_tiles_are(self) -> list[Tile]:
        tiles = [self.main] if self.main else []
        for line in self.lines.values():
            tiles += line.tiles
        for yard in self.yards:
            tiles += yard
        for hand in self.hands or []:
            tiles += hand
        return tiles + self.removed + list(self.boneyard or [])

    # --- the round interface (companion.rounds.Round) -------------------------------------
    direction = 1

    @property
    def setting_up(self) -> bool:
        return self.phase == REVEAL

    @property
    def round_engine(self) -> Tile | None:
        return self.main

    @property
    def seats_out(self) -> tuple[int, ...]:
        return self.outcome.out if self.outcome else ()

    def marked_seats(self) -> list[int]:
        return []

    def tapped_seats(self) -> list[int]:
        return []

    def first_turns_to_come(self) -> list[int]:
        return []

    def seat_drawing_first(self) -> int | None:
        return None

    def could_play(self, seat: int) -> bool:
        """Would ``seat`` have a domino to play if its turn began now? (Hands known only.)"""
        import copy

        probe = copy.deepcopy(self)
        probe.outcome, probe.turn = None, seat
        probe._new_turn()
        return bool(probe.legal_plays())

    def position(self) -> str:
        """This round as one line of text (docs/positions.md); ``from_position`` reads it."""
        from companion.games.engine_position import write_position

        return write_position(self, "engine-no-9" if self.any_station else "engine-191")

    def bot_preference(self, action: EngineAction) -> tuple:
        """How a sensible player ranks their options (the greedy simulated player)."""
        if isinstance(action, Reveal):
            return (action.tile.is_double, -action.tile.high)
        if isinstance(action, (Play, PlayFromYard)):
            line = action.train if isinstance(action, Play) else action.line
            own = line == self.turn or self.lines[line].incomplete
            return (3, action.tile.is_double, own, action.tile.pips)
        if isinstance(action, RemoveTrack) and self.hands is not None:
            # Worth a draw into the score yard only if it reopens the line at a number held.
            end = (action.station or self.main).high
            return (2, 1) if any(t.has(end) for t in self.hands[self.turn]) else (1, 0)
        if isinstance(action, (Draw, Pass, EndTurn)):
            return (2, 0)
        return (1, 0)
