"""SuperTrain: Puremco's Mexican Train with 21 wild and special-action dominoes.

The rule sheet is ``../shared/rules/puremco-mexican-train-and-supertrain.md``; it stops
mid-sentence in "Rules for Special Action Wild Dominoes", so the readings we chose are
written down in docs/rules/supertrain.md and the disputed ones are house-rule options.

A Red Train or letter end is wild: it matches anything and anything matches it, and the
player says which end of the tile stays exposed (``play 3-train on Ann leaving 3``).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from companion.errors import CompanionError
from companion.events import DrawPenalty, Event, PenaltyDraw, PlayTwice, Reversed, Skip
from companion.games.base import (
    MEXICAN,
    Action,
    Draw,
    EndTurn,
    IllegalAction,
    Play,
    RoundSetup,
    register,
    rule,
)
from companion.games.mexican_train import MexicanTrain, MexicanTrainOptions, TrainRound
from companion.games.notation import format_action as shared_format
from companion.games.notation import train_name
from companion.games.trains import Train
from companion.tiles import TRAIN, End, Tile, double_set

HAND_SIZES = {2: 25, 3: 23, 4: 18, 5: 16, 6: 14, 7: 12, 8: 11}
"""The sheet: "2 players - 25 tiles each; 3 players - 23; 4 players - 18; ..." """

WILD_END_WORTH = 10
"""Red Trains and letters "count 10 points each plus the number amount on the other end"."""

TRAIN_TRAIN = Tile(TRAIN, TRAIN)


def wild_tiles() -> list[Tile]:
    """The 21: 0-Train ... 12-Train, Train-Train, A-Train x3, D-, R-, S- and T-Train."""
    tiles = [Tile(n, TRAIN) for n in range(13)] + [TRAIN_TRAIN]
    return tiles + [Tile("A", TRAIN)] * 3 + [Tile(letter, TRAIN) for letter in "DRST"]


def supertrain_set() -> list[Tile]:
    """The Puremco SuperTrain set: 91 double-12 tiles and 21 wild ones, 112 in all."""
    return double_set(12) + wild_tiles()


def is_wild_end(end: End) -> bool:
    return not isinstance(end, int)


def hand_worth(options: MexicanTrainOptions, tile: Tile) -> int:
    """What ``tile`` counts in a hand: each wild symbol 10, plus the number on the other
    end; a numbered tile as Mexican Train counts it (the 0-0 as the table plays it)."""
    if not tile.is_wild:
        return options.hand_worth(tile)
    return sum(WILD_END_WORTH if is_wild_end(end) else end for end in tile.ends)


def ends_match(a: End, b: End) -> bool:
    return a == b or is_wild_end(a) or is_wild_end(b)


@dataclass(frozen=True)
class SuperTrainOptions(MexicanTrainOptions):
    set: int = rule(12, "the set: always double-12 plus the 21 wild dominoes")
    first_turn_string: bool = rule(
        False, "Puremco's rules have no first-turn string: every turn is one play"
    )
    out_on_first_turn_lets_others_play: bool = rule(
        False, "a player who goes out ends the round at once"
    )
    anywhere_overrides_open_double: bool = rule(
        False,
        "an A-Train may be laid on any train even while a double waits to be played on"
        " (default: it ignores markers only, the open double still comes first)",
    )
    rounds: int | None = rule(None, "rounds to play (default: 12-12 down to 0-0, then Train-Train)")

    def check(self) -> None:
        if self.set != 12:
            raise CompanionError(f"SuperTrain is played with the double-12 set, not {self.set!r}")
        engine = self.engine
        if not isinstance(engine, int) or not 0 <= engine <= 12:
            raise CompanionError(f"starting_engine must be 0 to 12, not {engine!r}")
        if self.rounds is not None and (
            not isinstance(self.rounds, int) or not 1 <= self.rounds <= engine + 2
        ):
            raise CompanionError(f"rounds must be 1 to {engine + 2}, not {self.rounds!r}")
        if self.last_engine != 0:
            raise CompanionError("SuperTrain plays every engine down to 0-0, then Train-Train")
        # Mexican Train's checks, but its round count stops at 0-0: ours has one more round.
        MexicanTrainOptions.check(dataclasses.replace(self, rounds=None))

    @property
    def round_count(self) -> int:
        """Every double down to 0-0, then the Train-Train round."""
        return self.engine + 2 if self.rounds is None else self.rounds


class SuperTrainRound(TrainRound):
    """A Puremco Mexican Train round where wild ends match anything and letters act.

    D: the next player draws a tile before playing. R: the direction turns for the rest of
    the round. S: the next player misses a turn. T: one more play, and one more double
    allowed this turn (the sheet's sequences of up to five tiles).
    """

    def __init__(self, *args, **kwargs) -> None:
        self.skip_next = False
        self.penalty_draw_pending = False
        self.penalty_draw_due = False
        self.bonus = 0
        self.twice = 0
        super().__init__(*args, **kwargs)
        self.base_options = self.options

    # --- the turn ----------------------------------------------------------------------
    def _new_turn(self) -> None:
        super()._new_turn()
        self.bonus = 0
        self.twice = 0  # T-Trains laid this turn: each allows one more double
        if hasattr(self, "base_options"):
            self.options = self.base_options
        # D-Train: "This requires the next player in rotation to draw a domino before he plays."
        # With an empty boneyard there is nothing to draw and the player just plays.
        self.penalty_draw_due = self.penalty_draw_pending and bool(self.boneyard_count)
        self.penalty_draw_pending = False

    def _next_seat(self) -> int:
        seat = (self.turn + self.direction) % self.players
        if self.skip_next:
            # S-Train: "the next player in the rotation to be skipped".
            self.skip_next = False
            seat = (seat + self.direction) % self.players
        return seat

    def placements(self, tile: Tile, end: End) -> list[End]:
        """Either end of a tile may go against a wild end, and a wild end against anything:
        the player chooses which end stays exposed."""
        if isinstance(end, int) and not tile.is_wild:
            return [tile.other(end)] if tile.has(end) else []
        exposed: list[End] = []
        for laid, other in ((tile.low, tile.high), (tile.high, tile.low)):
            if ends_match(laid, end) and other not in exposed:
                exposed.append(other)
        return exposed

    def targets(self) -> list[Train]:
        if self.bonus and self.played and not self.owe:
            # T-Train: "one additional time after he plays the T domino".
            return self._open_trains()
        return super().targets()

    def _open_trains(self) -> list[Train]:
        seat, trains = self.turn, self.trains
        opponents = [t for s, t in trains.items() if s not in (seat, MEXICAN) and t.marker]
        return [trains[seat], trains[MEXICAN], *opponents]

    def _anywhere_targets(self) -> list[Train]:
        """A-Train: "Play on anyone's train whether it is marked or not"."""
        normal = self.targets()
        if not normal or self.first_turn:
            return normal
        if self.options.anywhere_overrides_open_double:
            return list(self.trains.values())
        waiting = any(t.double_open for t in self.trains.values())
        if waiting and not self.played and self.options.double_must_be_satisfied_by != "owner":
            return normal
        if self.owe and len(self.doubles) >= self.options.max_doubles_per_turn:
            return normal
        return list(self.trains.values())

    def legal_plays(self) -> list[Play]:
        if self.hands is None:
            raise CompanionError("the hands on the live table are unknown; nothing to list")
        if self.penalty_draw_due:
            return []
        hand = self.hands[self.turn]
        normal = self.targets()
        anywhere = None
        plays = []
        for tile in dict.fromkeys(hand):  # not a set: wild ends hash differently per run
            if tile.action == "A":
                anywhere = anywhere if anywhere is not None else self._anywhere_targets()
                targets = anywhere
            else:
                targets = normal
            if not targets or (tile.is_double and not self._double_allowed(tile, hand)):
                continue
            for train in targets:
                if tile == TRAIN_TRAIN and train.double_open:
                    continue
                for exposed in self.placements(tile, train.end):
                    plays.append(Play(tile, train.id, exposed))
        return plays

    def legal_actions(self) -> list[Action]:
        if self.outcome:
            return []
        if self.penalty_draw_due:
            return [Draw()]
        actions = super().legal_actions()
        if self.bonus and any(isinstance(a, Play) for a in actions):
            actions = [a for a in actions if not isinstance(a, EndTurn)]
        return actions

    # --- checking and applying -----------------------------------------------------------
    def check(self, action: Action, names: list[str] | None = None) -> None:
        names = names or [f"seat {s + 1}" for s in range(self.players)]
        who = names[self.turn]
        if self.penalty_draw_due and not self.outcome:
            if isinstance(action, Draw):
                return
            raise IllegalAction(f"{who} must first draw a domino", "D-Train (Draw)")
        bonus_open = isinstance(action, EndTurn) and self.bonus and self.hands is not None
        if bonus_open and self.legal_plays():
            raise IllegalAction(
                f"{who} holds a tile for the T-Train's second play", "players must always play"
            )
        super().check(action, names)

    def _check_play(self, play: Play, names: list[str]) -> None:
        tile, train = play.tile, self.trains.get(play.train)
        if tile == TRAIN_TRAIN and train is not None and train.double_open:
            raise IllegalAction(
                "the Train-Train is a double and cannot be played onto another double",
                "the Double Train can only be played perpendicular as a double",
            )
        if tile.action == "A" and play.train in self.trains:
            train = self.trains[play.train]
            if train in self._anywhere_targets() and train not in self.targets():
                if not self.placements(tile, train.end):
                    raise IllegalAction(f"{tile} does not match", "match the end")
                if self.hands is not None and tile not in self.hands[self.turn]:
                    raise IllegalAction(f"{names[self.turn]} does not hold {tile}")
                return
        super()._check_play(play, names)

    def apply(self, action: Action) -> list[Event]:
        if self.penalty_draw_due:
            self.penalty_draw_due = False
            events = self._draw(self.turn, action)
            self.drew = False  # the penalty is not the draw of a player who cannot play
            return [PenaltyDraw(self.turn), *events]
        bonus_play = isinstance(action, Play) and self.bonus and self.played and not self.owe
        events = super().apply(action)
        if not isinstance(action, Play) or self.outcome:
            return events
        if bonus_play:
            self.bonus -= 1
        letter = action.tile.action
        seat = self.turn
        if letter == "D":
            self.penalty_draw_pending = True
            events.append(DrawPenalty(seat))
        elif letter == "R":
            self.direction = -self.direction
            events.append(Reversed(seat, direction=self.direction))
        elif letter == "S":
            self.skip_next = True
            events.append(Skip(seat))
        elif letter == "T":
            self.bonus += 1
            self.twice += 1
            self._allow_doubles()
            events.append(PlayTwice(seat))
        return events

    def _allow_doubles(self) -> None:
        limit = self.base_options.max_doubles_per_turn + self.twice
        self.options = dataclasses.replace(self.base_options, max_doubles_per_turn=limit)

    # --- positions -----------------------------------------------------------------------
    game_id = "supertrain"

    @property
    def house_rules(self):
        return self.base_options

    def seat_drawing_first(self) -> int | None:
        """The seat a D-Train makes draw: the seat to move, or the next one to move."""
        if self.penalty_draw_due:
            return self.turn
        if not self.penalty_draw_pending:
            return None
        steps = 2 if self.skip_next else 1
        return (self.turn + steps * self.direction) % self.players

    def all_tiles(self) -> list[Tile]:
        return supertrain_set()

    def extra_position_fields(self) -> list[tuple[str, str | None]]:
        fields: list[tuple[str, str | None]] = []
        for flag, on in (
            ("skip-next", self.skip_next),
            ("draw-next", self.penalty_draw_pending),
            ("draw-first", self.penalty_draw_due),
        ):
            if on:
                fields.append((flag, None))
        if self.bonus:
            fields.append(("bonus", str(self.bonus)))
        if self.twice:
            fields.append(("twice", str(self.twice)))
        return fields

    def read_extra_position_fields(self, fields) -> None:
        from companion.games.position_text import read_int

        self.skip_next = fields.flag("skip-next")
        self.penalty_draw_pending = fields.flag("draw-next")
        self.penalty_draw_due = fields.flag("draw-first")
        self.bonus = read_int(fields.take("bonus"), "bonus")
        self.twice = read_int(fields.take("twice"), "twice")
        self._allow_doubles()

    # --- the end -----------------------------------------------------------------------
    def tile_value(self, tile: Tile) -> int:
        return hand_worth(self.options, tile)

    def _on_table(self, tile: Tile) -> bool:
        laid = Counter([self.engine, *(t for train in self.trains.values() for t in train.tiles)])
        return laid[tile] >= Counter(supertrain_set())[tile]


@register
class SuperTrain(MexicanTrain):
    id = "supertrain"
    title = "SuperTrain"
    options_class = SuperTrainOptions
    presets = {"puremco": {}}
    default_preset = "puremco"
    players = range(2, 9)
    round_class = SuperTrainRound
    live_actions = ("skip", "reverse", "draw", "twice")

    def tile_value(self, tile: Tile) -> int:
        """What a tile listed for a hand counts (a wild one too: the table lists them)."""
        return hand_worth(self.options, tile)

    def next_round(
        self, previous: RoundSetup, players: int, totals: Sequence[int]
    ) -> RoundSetup | None:
        if previous.number >= self.options.round_count or previous.engine == TRAIN_TRAIN:
            return None
        value = previous.engine.high - 1
        # After the 0-0 "finally the Train-Train (double Train)".
        engine = Tile(value, value) if value >= 0 else TRAIN_TRAIN
        return previous.following(engine, players)

    def hand_size(self, players: int) -> int:
        return HAND_SIZES[players]

    def all_tiles(self, players: int) -> list[Tile]:
        return supertrain_set()

    def deal(self, setup: RoundSetup, players: int, rng: random.Random) -> SuperTrainRound:
        tiles = supertrain_set()
        tiles.remove(setup.engine)
        rng.shuffle(tiles)
        size = self.hand_size(players)
        hands = [tiles[i * size : (i + 1) * size] for i in range(players)]
        boneyard = tiles[players * size :]
        return SuperTrainRound(self.options, setup.engine, setup.starter, hands, boneyard)

    def observed_round(self, setup: RoundSetup, players: int) -> SuperTrainRound:
        size = self.hand_size(players)
        boneyard = len(supertrain_set()) - 1 - size * players
        return SuperTrainRound(
            self.options, setup.engine, setup.starter, None, None, [size] * players, boneyard
        )

    def format_action(self, action: Action, names: list[str]) -> str:
        # Any tile laid on a wild end may leave either end exposed, so always say which.
        if isinstance(action, Play) and action.exposed is not None:
            train = train_name(action.train, names)
            return f"play {action.tile} on {train} leaving {action.exposed}"
        return shared_format(action, names)
