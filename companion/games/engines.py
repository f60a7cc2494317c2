"""Engine 191 and Engine No. 9: lines off a main station, score yards and win tokens.

The sheets are ``../shared/rules/engine-191.txt`` and ``../shared/rules/engine-no-9.md``.
No. 9 is a later edition: track may be removed back to *any* station, and the sets grow
with the players. Our readings where they are silent are in docs/rules/engine-191.md and
docs/rules/engine-no-9.md.
"""

from __future__ import annotations

import random

from companion.games.base import (
    Action,
    Draw,
    EndTurn,
    Event,
    IllegalAction,
    Outcome,
    Pass,
    Play,
)
from companion.games.engine_lines import (
    EngineAction,
    Line,
    PlayFromYard,
    RemoveTrack,
    Reveal,
)
from companion.tiles import Tile

REVEAL, PLAY = "reveal", "play"


def _distinct(tiles: list[Tile]) -> list[Tile]:
    return sorted(set(tiles), key=Tile.sort_key)


class EngineRound:
    """One round: the reveal for the main station, then turns until someone goes out or
    everyone passes with nothing left to draw."""

    def __init__(
        self,
        tiles: list[Tile],
        hand_size: int,
        players: int,
        first: int,
        rng: random.Random,
        any_station: bool,
    ) -> None:
        self.tiles, self.hand_size, self.players = tiles, hand_size, players
        self.rng, self.any_station, self.first = rng, any_station, first
        self.outcome: Outcome | None = None
        self.redeals = 0
        self._deal()

    def _deal(self) -> None:
        tiles = list(self.tiles)
        self.rng.shuffle(tiles)
        size = self.hand_size
        self.hands = [tiles[i * size : (i + 1) * size] for i in range(self.players)]
        self.boneyard = tiles[self.players * size :]
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
        return not self.boneyard and not self.removed

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

    def legal_plays(self) -> list[Action]:
        if self.phase != PLAY or self.outcome or not self._may_play_more():
            return []
        seat = self.turn
        hand, yard = self.hands[seat], self.yards[seat]
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
            return [Reveal(tile) for tile in _distinct(self.hands[self.turn])]
        actions: list[EngineAction] = [*self.removals(), *self.legal_plays()]
        if self.played or self.drawn is not None:
            actions.append(EndTurn())
        else:
            actions.append(Pass() if self.depleted else Draw())
        return actions

    # --- checking ----------------------------------------------------------------------
    def check(self, action: EngineAction, names: list[str] | None = None) -> None:
        names = names or [f"seat {s + 1}" for s in range(self.players)]
        who = names[self.turn]
        if self.outcome:
            raise IllegalAction("the round is over", "end of the round")
        if self.phase == REVEAL and not isinstance(action, Reveal):
            raise IllegalAction(f"{who} must first reveal a tile for the main station", "setup")
        if isinstance(action, RemoveTrack):
            if self.played or self.drawn is not None:
                raise IllegalAction(
                    f"{who} has already played or drawn",
                    "remove track at the beginning of your turn",
                )
            if action not in self.removals():
                raise IllegalAction(
                    f"{who} cannot remove track to {action.station or 'main'}", self._remove_rule()
                )
        elif isinstance(action, (Play, PlayFromYard)):
            self._check_play(action, who)
        elif action not in self.legal_actions():
            raise IllegalAction(f"{who} cannot {type(action).__name__.lower()} now", "on your turn")

    def _remove_rule(self) -> str:
        if self.any_station:
            return "remove all the dominoes back to any station previously played"
        return "remove all the dominoes back to the last station played"

    def _check_play(self, play: Play | PlayFromYard, who: str) -> None:
        seat, tile = self.turn, play.tile
        line_id = play.train if isinstance(play, Play) else play.line
        if self.phase != PLAY or not self._may_play_more():
            raise IllegalAction(f"{who} has played a track: the turn is over", "play a domino")
        if isinstance(play, Play) and tile not in self.hands[seat]:
            raise IllegalAction(f"{who} does not hold {tile}")
        if isinstance(play, PlayFromYard) and tile not in self.yards[seat]:
            raise IllegalAction(f"{tile} is not in {who}'s score yard")
        if (
            self.drawn is not None
            and not self.played
            and (tile, type(play)) != (self.drawn, PlayFromYard)
        ):
            raise IllegalAction(f"{who} may play only the domino just drawn", "can't play: draw")
        if line_id not in self.lines:
            raise IllegalAction(f"there is no line {line_id!r}")
        line = self.lines[line_id]
        if not tile.has(line.end):
            raise IllegalAction(f"{tile} does not match the {line.end}", "numbers must end-match")
        if all(line is not open_line for open_line, _ in self.open_lines()):
            if any(other.incomplete for other in self.lines.values()) and not self.played:
                raise IllegalAction(
                    "an incomplete station must be completed first", "incomplete station"
                )
            raise IllegalAction(
                f"the boneyard is depleted: {who} cannot play on another player's line",
                "play a domino",
            )
        if isinstance(play, PlayFromYard) and play.replacement not in self.hands[seat]:
            raise IllegalAction(
                f"{who} does not hold {play.replacement} to put in the score yard", "score yard"
            )

    # --- applying ------------------------------------------------------------------------
    def push(self, action: EngineAction, names: list[str] | None = None) -> list[Event]:
        self.check(action, names)
        return self.apply(action)

    def apply(self, action: EngineAction) -> list[Event]:
        seat = self.turn
        if isinstance(action, Reveal):
            return self._reveal(seat, action.tile)
        if isinstance(action, RemoveTrack):
            return self._remove(seat, action.station)
        if isinstance(action, (Play, PlayFromYard)):
            return self._play(seat, action)
        if isinstance(action, Draw):
            tile = self._take()
            self.yards[seat].append(tile)
            self.drawn, self.passes = tile, 0
            return [Event("drew_to_score_yard", seat, {"tile": str(tile)})]
        if isinstance(action, Pass):
            self.passes += 1
            if self.passes >= self.players:
                self.outcome = Outcome("blocked")
                return [Event("passed", seat), Event("blocked", seat)]
            return [Event("passed", seat), *self._end_turn()]
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
            return [Event("redeal", seat)]
        value, starter = min(doubles)
        self.main = Tile(value, value)
        self.hands[starter].remove(self.main)
        self.lines = {s: Line(s, value) for s in range(self.players)}
        self.phase, self.turn = PLAY, starter
        self._new_turn()
        return [Event("main_station", starter, {"tile": str(self.main)}), Event("turn", starter)]

    def _take(self) -> Tile:
        if not self.boneyard:
            # "if the boneyard ever becomes depleted these will be flipped over and shuffled"
            self.boneyard, self.removed = self.removed, []
            self.rng.shuffle(self.boneyard)
        return self.boneyard.pop()

    def _remove(self, seat: int, station: Tile | None) -> list[Event]:
        removed = self.lines[seat].remove_to(station)
        self.removed += removed
        self.passes = 0
        tile = self._take()
        self.yards[seat].append(tile)
        data = {"to": str(station or "main"), "removed": len(removed)}
        return [Event("track_removed", seat, data)]

    def _play(self, seat: int, play: Play | PlayFromYard) -> list[Event]:
        tile = play.tile
        line = self.lines[play.train if isinstance(play, Play) else play.line]
        completes = line.incomplete
        if isinstance(play, Play):
            self.hands[seat].remove(tile)
        else:
            # "Anytime you play a domino from your score yard you must replace the domino in
            # the score yard with a domino from your hand."
            self.yards[seat].remove(tile)
            self.hands[seat].remove(play.replacement)
            self.yards[seat].append(play.replacement)
        line.lay(tile)
        self.played += 1
        self.station = tile.is_double
        self.passes = 0
        events = [Event("played", seat, {"tile": str(tile), "line": line.owner})]
        if line.owner != seat and not completes:
            # "anytime you play on opponent's line you must draw a domino ... into your hand"
            self.hands[seat].append(self._take())
            events.append(Event("drew", seat))
        if not self.hands[seat]:
            self.outcome = Outcome("out", (seat,))
            events.append(Event("out", seat))
        return events

    def _end_turn(self) -> list[Event]:
        self.turn = (self.turn + 1) % self.players
        self._new_turn()
        return [Event("turn", self.turn)]

    # --- the end -----------------------------------------------------------------------
    def tile_value(self, tile: Tile) -> int:
        return tile.pips

    def scores(self) -> list[int]:
        """ "Add up all the pips ... both the dominoes left in your hand and the dominoes in
        your score yard.\""""
        return [
            sum(t.pips for t in hand) + sum(t.pips for t in yard)
            for hand, yard in zip(self.hands, self.yards, strict=True)
        ]

    def where_tiles_are(self) -> list[Tile]:
        tiles = [self.main] if self.main else []
        for line in self.lines.values():
            tiles += line.tiles
        for hand, yard in zip(self.hands, self.yards, strict=True):
            tiles += hand + yard
        return tiles + self.removed + self.boneyard

    def bot_preference(self, action: EngineAction) -> tuple:
        """How a sensible player ranks their options (the greedy simulated player)."""
        if isinstance(action, Reveal):
            return (action.tile.is_double, -action.tile.high)
        if isinstance(action, (Play, PlayFromYard)):
            line = action.train if isinstance(action, Play) else action.line
            own = line == self.turn or self.lines[line].incomplete
            return (3, action.tile.is_double, own, action.tile.pips)
        if isinstance(action, (Draw, Pass, EndTurn)):
            return (2,)
        return (1,)
