"""Engine 191 and Engine No. 9: whether an action is allowed now, and the rule if it is not.

A mixin of the round state (companion.games.engines.EngineRound), kept apart so each file
stays one you can hold in your head.
"""

from __future__ import annotations

from companion.games.base import Draw, IllegalAction, Play
from companion.games.engine_lines import EngineAction, PlayFromYard, RemoveTrack, Reveal
from companion.tiles import Tile

REVEAL, PLAY = "reveal", "play"


class EngineChecks:
    def check(self, action: EngineAction, names: list[str] | None = None) -> None:
        """Raise IllegalAction naming the rule if ``action`` is not allowed now."""
        names = names or [f"seat {s + 1}" for s in range(self.players)]
        who = names[self.turn]
        if self.outcome:
            raise IllegalAction("the round is over", "end of the round")
        if self.phase == REVEAL or isinstance(action, Reveal):
            self._check_reveal(action, who)
        elif isinstance(action, RemoveTrack):
            self._check_remove(action, who)
        elif isinstance(action, (Play, PlayFromYard)):
            self._check_play(action, who)
        elif isinstance(action, Draw):
            self._check_draw(action, who)
        elif (self.hidden or action not in self.legal_actions()) and not self._check_hidden_turn(
            action
        ):
            raise IllegalAction(f"{who} cannot {type(action).__name__.lower()} now", "on your turn")

    def _check_hidden_turn(self, action: EngineAction) -> bool:
        """Pass and end on the live table, where the legal actions cannot be listed."""
        if not self.hidden:
            return False
        started = self.played or self.drawn is not None
        if type(action).__name__ == "EndTurn":
            return bool(started)
        return not started and self.depleted  # Pass

    def _check_reveal(self, action: EngineAction, who: str) -> None:
        if self.phase != REVEAL or not isinstance(action, Reveal):
            raise IllegalAction(f"{who} must first reveal a tile for the main station", "setup")
        if self.hands is not None and action.tile not in self.hands[self.turn]:
            raise IllegalAction(f"{who} does not hold {action.tile}")
        if action.tile in self.revealed:
            raise IllegalAction(f"{action.tile} has been revealed already", "one set")

    def _check_remove(self, action: RemoveTrack, who: str) -> None:
        if self.played or self.drawn is not None:
            raise IllegalAction(
                f"{who} has already played or drawn", "remove track at the beginning of your turn"
            )
        if action.station not in [r.station for r in self.removals()]:
            raise IllegalAction(
                f"{who} cannot remove track to {action.station or 'main'}", self._remove_rule()
            )
        line = self.lines[self.turn]
        keep = 0 if action.station is None else line.tiles.index(action.station) + 1
        self._check_drawn_tile(
            action.drawn, "the domino drawn into the score yard", line.tiles[keep:]
        )

    def _check_draw(self, action: Draw, who: str) -> None:
        if self.played or self.drawn is not None:
            raise IllegalAction(f"{who} has played or drawn this turn", "can't play: draw")
        if self.depleted:
            raise IllegalAction(f"the boneyard is depleted: {who} passes", "can't play: draw")
        if not self.hidden and self.must_play() and self.legal_plays():
            raise IllegalAction(
                f"{who} can complete the incomplete station and must", "incomplete station"
            )
        self._check_drawn_tile(action.tile, "the domino drawn into the score yard")

    def _check_drawn_tile(self, tile: Tile | None, what: str, returning: list[Tile] = ()) -> None:
        """Score-yard draws are face up: the live table names them, the simulator may not.
        ``returning`` is track on its way to the removed pile before the draw."""
        if tile is None:
            if self.hidden:
                raise IllegalAction(f"say {what}: it lies face up (e.g. 'draw 3-5')")
            return
        if not self.boneyard_count:
            # The boneyard is empty: it is rebuilt from the removed track before the draw.
            if tile not in [*self.removed, *returning]:
                raise IllegalAction(
                    f"the boneyard is rebuilt from the removed track, and {tile} is not in it",
                    "if the boneyard ever becomes depleted these will be flipped over",
                )
            return
        if self._seen(tile):
            raise IllegalAction(f"{tile} is already face up on the table", "one set")
        if self.boneyard and self.boneyard[-1] != tile:
            raise IllegalAction(f"the boneyard gives {self.boneyard[-1]}, not {tile}")

    def _seen(self, tile: Tile) -> bool:
        """True if ``tile`` lies face up somewhere: a line, the main station, a score yard or
        the removed track."""
        if tile == self.main or tile in self.removed:
            return True
        if any(tile in yard for yard in self.yards):
            return True
        return any(tile in line.tiles for line in self.lines.values())

    def _holds(self, seat: int, tile: Tile) -> bool:
        if self.hands is not None:
            return tile in self.hands[seat]
        return self.hand_counts[seat] > 0 and not self._seen(tile)

    def _remove_rule(self) -> str:
        if self.any_station:
            return "remove all the dominoes back to any station previously played"
        return "remove all the dominoes back to the last station played"

    def _check_play(self, play: Play | PlayFromYard, who: str) -> None:
        seat, tile = self.turn, play.tile
        line_id = play.train if isinstance(play, Play) else play.line
        if self.phase != PLAY or not self._may_play_more():
            raise IllegalAction(f"{who} has played a track: the turn is over", "play a domino")
        if isinstance(play, Play) and not self._holds(seat, tile):
            raise IllegalAction(f"{who} does not hold {tile}")
        if isinstance(play, PlayFromYard) and tile not in self.yards[seat]:
            raise IllegalAction(f"{tile} is not in {who}'s score yard")
        just_drawn = (tile, type(play)) == (self.drawn, PlayFromYard)
        if self.drawn is not None and not self.played and not just_drawn:
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
        if isinstance(play, PlayFromYard) and not self._holds(seat, play.replacement):
            raise IllegalAction(
                f"{who} does not hold {play.replacement} to put in the score yard", "score yard"
            )
