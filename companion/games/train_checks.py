"""Mexican Train and SuperTrain: whether an action is allowed now, and the rule if it is not.

A mixin of the round state (companion.games.train_round.TrainRound), kept apart so each file
stays one you can hold in your head.
"""

from __future__ import annotations

from companion.games.base import Action, Draw, EndTurn, IllegalAction, Pass, Play, Tap
from companion.games.trains import Train
from companion.tiles import Tile


class TrainChecks:
    def check(self, action: Action, names: list[str] | None = None) -> None:
        """Raise IllegalAction with the rule's name if ``action`` is not allowed now."""
        names = names or [f"seat {s + 1}" for s in range(self.players)]
        who = names[self.turn]
        if self.outcome:
            raise IllegalAction("the round is over", "the round ends when a player goes out")
        if isinstance(action, Play):
            self._check_play(action, names)
        elif isinstance(action, Draw):
            if self.played and not self.owe:
                raise IllegalAction(f"{who} has played this turn", "play only one domino")
            if not self._may_draw():
                reason = "the boneyard is empty" if not self.boneyard_count else "no draw now"
                raise IllegalAction(f"{who} cannot draw: {reason}", "draw one when unable")
            if self.hands is not None and self.legal_plays():
                raise IllegalAction(f"{who} holds a playable tile", "must play when able")
        elif isinstance(action, Pass):
            if self.played and not self.owe:
                raise IllegalAction(f"{who} has played: end the turn instead", "pass")
            if self._may_draw():
                raise IllegalAction(f"{who} must draw before passing", "draw one when unable")
            if self.hands is not None and self.legal_plays():
                raise IllegalAction(f"{who} holds a playable tile", "must play when able")
        elif isinstance(action, EndTurn):
            if not self.played:
                raise IllegalAction(f"{who} has not played yet", "must play when able")
            if self.owe:
                raise IllegalAction(f"{who} must follow the double", "playing doubles")
        elif isinstance(action, Tap):
            if not self._may_tap():
                raise IllegalAction(f"{who} does not hold exactly one tile", "the last-tile tap")
        else:
            raise IllegalAction(f"not an action: {action!r}")

    def _check_play(self, play: Play, names: list[str]) -> None:
        who, tile = names[self.turn], play.tile
        if play.train not in self.trains:
            raise IllegalAction(f"there is no train {play.train!r}")
        if self.hands is not None:
            if tile not in self.hands[self.turn]:
                raise IllegalAction(f"{who} does not hold {tile}")
        elif self._on_table(tile):
            raise IllegalAction(f"{tile} is already on the table", "one of each tile per set")
        train = self.trains[play.train]
        targets = self.targets()
        if train not in targets:
            raise IllegalAction(
                f"{who} may not play on {train.describe(names)} now: {self._why_closed(train)}",
                self._closed_rule(train),
            )
        exposed = self.placements(tile, train.end)
        if not exposed or (play.exposed is not None and play.exposed not in exposed):
            raise IllegalAction(
                f"{tile} does not match the {train.end} on {train.describe(names)}",
                "match the end",
            )
        if tile.is_double and not self._double_allowed(tile, self._hand_without_draw()):
            raise IllegalAction(
                f"{who} may not lay another double this turn",
                "two doubles need a third tile from the hand",
            )

    def _hand_without_draw(self) -> list[Tile] | None:
        return None if self.hands is None else self.hands[self.turn]

    def _on_table(self, tile: Tile) -> bool:
        if tile == self.engine:
            return True
        return any(tile in train.tiles for train in self.trains.values())

    def _why_closed(self, train: Train) -> str:
        if self.played and not self.owe:
            return "this turn's tile is played"
        if self.first_turn:
            return "on a first turn a player builds only their own train"
        if any(t.double_open for t in self.trains.values()) and not self.played:
            return "a double is open and must be played on first"
        if self.owe and len(self.doubles) >= self.options.max_doubles_per_turn:
            return "the tile after two doubles goes on one of them"
        return "it has no marker"

    def _closed_rule(self, train: Train) -> str:
        if self.first_turn:
            return "player's first turn"
        if any(t.double_open for t in self.trains.values()):
            return "playing doubles"
        return "play on an opponent's train only when it is marked"
