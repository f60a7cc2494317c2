"""Mexican Train, as Front Porch Classics (preset ``front-porch``) and Puremco print it.

The rule sheets are in ``../shared/rules``; every choice where they are silent is written
down in docs/rules/mexican-train.md and made a house-rule option.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from companion.errors import CompanionError
from companion.games.base import (
    Game,
    RoundSetup,
    register,
    rule,
)
from companion.games.train_round import SATISFY_EVERYONE, SATISFY_OWNER, TrainRound
from companion.tiles import Tile, double_set

HAND_SIZES = {
    # The Front Porch Classics sheet, double-12 ("2 players draw 16 dominoes each" ...).
    12: {2: 16, 3: 15, 4: 14, 5: 12, 6: 11, 7: 10, 8: 9},
    # Our tables for the other sets (docs/rules/mexican-train.md): roughly the same share of
    # the set in hands, always leaving a boneyard.
    9: {2: 12, 3: 11, 4: 10, 5: 8, 6: 7, 7: 6, 8: 5},
    15: {2: 24, 3: 22, 4: 20, 5: 18, 6: 16, 7: 15, 8: 13},
    18: {2: 30, 3: 28, 4: 26, 5: 22, 6: 20, 7: 18, 8: 16},
}


@dataclass(frozen=True)
class MexicanTrainOptions:
    set: int = rule(12, "the set: double-9, double-12, double-15 or double-18")
    first_turn_string: bool = rule(
        True, "on a player's first turn they lay a string of tiles on their own train only"
    )
    out_on_first_turn_lets_others_play: bool = rule(
        True, "a player who goes out on the first turn still lets the others take theirs"
    )
    draw_for_double_follow_up: bool = rule(
        True, "a player who cannot follow their double draws one tile before passing"
    )
    double_must_be_satisfied_by: str = rule(
        SATISFY_EVERYONE,
        "'everyone': a double left open closes every other train until someone plays on it;"
        " 'owner': only the player who laid it had to follow it",
    )
    max_doubles_per_turn: int = rule(
        2, "doubles one turn may lay; the tile after the last must go on one of them"
    )
    zero_zero_worth: int = rule(0, "what the 0-0 counts in a hand at the end of a round")
    starting_engine: int | None = rule(
        None, "the first round's engine (default: the set's top double)"
    )
    last_engine: int = rule(
        0,
        "the last round's engine: 0 plays down to 0-0 (Puremco, 13 rounds on a double-12),"
        " 1 stops at 1-1 (Front Porch's 12 rounds)",
    )
    rounds: int | None = rule(None, "rounds to play (default: every engine down to the last)")

    def check(self) -> None:
        if self.set not in HAND_SIZES:
            raise CompanionError(f"set must be one of 9, 12, 15, 18, not {self.set!r}")
        if self.double_must_be_satisfied_by not in (SATISFY_EVERYONE, SATISFY_OWNER):
            raise CompanionError(
                "double_must_be_satisfied_by must be 'everyone' or 'owner', "
                f"not {self.double_must_be_satisfied_by!r}"
            )
        if not isinstance(self.max_doubles_per_turn, int) or self.max_doubles_per_turn < 1:
            raise CompanionError("max_doubles_per_turn must be a whole number, 1 or more")
        engine = self.engine
        if not isinstance(engine, int) or not 0 <= engine <= self.set:
            raise CompanionError(f"starting_engine must be 0 to {self.set}, not {engine!r}")
        last = self.last_engine
        if not isinstance(last, int) or not 0 <= last <= engine:
            raise CompanionError(f"last_engine must be 0 to {engine}, not {last!r}")
        most = engine - last + 1
        if self.rounds is not None and (
            not isinstance(self.rounds, int) or not 1 <= self.rounds <= most
        ):
            raise CompanionError(f"rounds must be 1 to {most}, not {self.rounds!r}")

    @property
    def engine(self) -> int:
        return self.set if self.starting_engine is None else self.starting_engine

    def hand_worth(self, tile: Tile) -> int:
        """What a numbered ``tile`` counts in a hand at the end of a round: its pips, or
        ``zero_zero_worth`` for the 0-0 where the table plays it so."""
        if tile == Tile(0, 0) and self.zero_zero_worth:
            return self.zero_zero_worth
        return tile.pips

    def out_ends_the_round(self, first_turns_done: bool) -> bool:
        """A player has just gone out: does the round end now? Front Porch: on the first turn
        "other players get to play their first turn before the round ends"."""
        others_play = self.first_turn_string and self.out_on_first_turn_lets_others_play
        return first_turns_done or not others_play

    @property
    def round_count(self) -> int:
        every = self.engine - self.last_engine + 1
        return every if self.rounds is None else self.rounds


@register
class MexicanTrain(Game):
    id = "mexican-train"
    title = "Mexican Train"
    options_class = MexicanTrainOptions
    presets = {
        # "In round #2 the double 11 ... and so on until all 12 rounds are completed."
        "front-porch": {"draw_for_double_follow_up": False, "last_engine": 1},
        "puremco": {"first_turn_string": False, "out_on_first_turn_lets_others_play": False},
    }
    default_preset = "front-porch"
    players = range(2, 9)
    round_class = TrainRound

    def first_round(self, players: int, rng: random.Random) -> RoundSetup:
        return RoundSetup(
            1, Tile(self.options.engine, self.options.engine), self.draw_for_starter(players, rng)
        )

    def draw_for_starter(self, players: int, rng: random.Random) -> int:
        """Everyone draws one domino; the highest pip count goes first (ties draw again)."""
        seats = list(range(players))
        while len(seats) > 1:
            drawn = rng.sample(double_set(self.options.set), len(seats))
            best = max(t.pips for t in drawn)
            seats = [s for s, t in zip(seats, drawn, strict=True) if t.pips == best]
        return seats[0]

    def next_round(
        self, previous: RoundSetup, players: int, totals: Sequence[int]
    ) -> RoundSetup | None:
        if previous.number >= self.options.round_count:
            return None
        value = previous.engine.high - 1
        # "In round #2, the next player to the left of the starter in round #1 goes first."
        return previous.following(Tile(value, value), players)

    def hand_size(self, players: int) -> int:
        return HAND_SIZES[self.options.set][players]

    def all_tiles(self, players: int) -> list[Tile]:
        return double_set(self.options.set)

    def hand_limit(self, players: int) -> int:
        """A hand grows only by drawing: its own tiles and the whole boneyard, which is every
        tile but the engine and the others' hands as dealt."""
        return len(self.all_tiles(players)) - 1 - (players - 1) * self.hand_size(players)

    def deal(self, setup: RoundSetup, players: int, rng: random.Random) -> TrainRound:
        tiles = [t for t in double_set(self.options.set) if t != setup.engine]
        rng.shuffle(tiles)
        size = self.hand_size(players)
        hands = [tiles[i * size : (i + 1) * size] for i in range(players)]
        boneyard = tiles[players * size :]
        return self.round_class(self.options, setup.engine, setup.starter, hands, boneyard)

    def observed_round(self, setup: RoundSetup, players: int) -> TrainRound:
        size = self.hand_size(players)
        boneyard = len(double_set(self.options.set)) - 1 - size * players
        return self.round_class(
            self.options, setup.engine, setup.starter, None, None, [size] * players, boneyard
        )

    @classmethod
    def round_from_position(cls, fields) -> TrainRound:
        from companion.games.train_position import read_position

        return read_position(fields, cls)

    def out_ends_the_round(self, first_turns_done: bool) -> bool:
        return self.options.out_ends_the_round(first_turns_done)

    def tile_value(self, tile: Tile) -> int:
        return self.options.hand_worth(tile)

    def round_scores(self, state: TrainRound) -> list[int]:
        return state.scores()
