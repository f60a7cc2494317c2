"""Dice chains: roll two dice, lay chains of dominoes whose ends match the roll.

The sheet is ``../shared/rules/dice-chains.txt`` (it does not name the game). One double-6
set per player, mixed; blanks are wild. Our readings where it is silent are in
docs/rules/dice-chains.md.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from companion.errors import CompanionError
from companion.events import BoneyardEmpty, Chain, Drew, Event, Rolled, Turn
from companion.games.base import (
    Action,
    EndTurn,
    Game,
    IllegalAction,
    Outcome,
    RoundSetup,
    register,
    rule,
)
from companion.games.notation import NotationError
from companion.games.notation import format_action as shared_format
from companion.games.notation import parse_action as shared_parse
from companion.tiles import Tile, double_set

ROLL, CHAIN = "roll", "chain"
SEARCH_BUDGET = 400
"""Steps a simulated player spends looking for chains after a roll."""


@dataclass(frozen=True, slots=True)
class Roll:
    """The two dice as they fell (the companion's own dice or the table's)."""

    dice: tuple[int, int]


@dataclass(frozen=True, slots=True)
class LayChain:
    """Lay ``tiles``, end to end in this order, as a chain for the current roll."""

    tiles: tuple[Tile, ...]


def links(a: int, b: int) -> bool:
    """Two ends touch if they match; "Blanks are wild and can substitute for any other number"."""
    return a == b or a == 0 or b == 0


def chain_fits(tiles: Sequence[Tile], dice: tuple[int, int]) -> bool:
    """True if the tiles, in this order and turned as needed, make a chain whose two end
    numbers match the dice (in either order)."""
    if not tiles:
        return False
    for first, last in (dice, dice[::-1]):
        exposed = {first}  # what the next tile must link to, before the first tile: the die
        for tile in tiles:
            exposed = {
                far
                for near, far in ((tile.low, tile.high), (tile.high, tile.low))
                if any(links(near, e) for e in exposed)
            }
            if not exposed:
                break
        if any(links(e, last) for e in exposed):
            return True
    return False


def find_chains(hand: Sequence[Tile], dice: tuple[int, int], budget: int = SEARCH_BUDGET):
    """Chains the hand can make for the roll, longest first (a bounded search: enough for a
    simulated player; any chain a person lays is checked by ``chain_fits``)."""
    counts = Counter(hand)
    found: dict[str, tuple[Tile, ...]] = {}
    steps = 0

    def extend(chain: list[Tile], end: int, last: int) -> None:
        nonlocal steps
        steps += 1
        if links(end, last):
            key = " ".join(map(str, chain))
            reverse = " ".join(map(str, reversed(chain)))
            if reverse not in found:
                found[key] = tuple(chain)
        for tile in list(counts):
            if steps > budget:
                return
            if not counts[tile]:
                continue
            for near, far in {(tile.low, tile.high), (tile.high, tile.low)}:
                if links(end, near):
                    counts[tile] -= 1
                    chain.append(tile)
                    extend(chain, far, last)
                    chain.pop()
                    counts[tile] += 1

    for first, last in {dice, dice[::-1]}:
        for tile in list(counts):
            for near, far in {(tile.low, tile.high), (tile.high, tile.low)}:
                if links(first, near) and steps <= budget:
                    counts[tile] -= 1
                    extend([tile], far, last)
                    counts[tile] += 1
    return sorted(found.values(), key=len, reverse=True)


@dataclass(frozen=True)
class DiceChainsOptions:
    target: int = rule(50, "points that end the game: the highest total at or past it wins")
    hand_size: int = rule(10, "dominoes each player draws at the start of a round")
    rounds: int | None = rule(
        None, "stop after this many rounds even if nobody has reached the target"
    )

    def check(self) -> None:
        if not isinstance(self.target, int) or self.target < 1:
            raise CompanionError(f"target must be 1 or more, not {self.target!r}")
        if not isinstance(self.hand_size, int) or not 1 <= self.hand_size <= 28:
            raise CompanionError(f"hand_size must be 1 to 28, not {self.hand_size!r}")
        if self.rounds is not None and (not isinstance(self.rounds, int) or self.rounds < 1):
            raise CompanionError(f"rounds must be 1 or more, not {self.rounds!r}")


class ChainRound:
    """One round: each turn roll, lay chains while you can and will, then draw one per chain.

    ``hands`` and ``boneyard`` are None on the live table, where nobody knows the hidden
    tiles: then the round keeps only how many each player holds, which is all the scoring
    needs (chains are laid face up).
    """

    def __init__(
        self,
        hands: list[list[Tile]] | None,
        boneyard: list[Tile] | None,
        starter: int,
        rng: random.Random,
        hand_sizes: Sequence[int] = (),
        boneyard_size: int = 0,
    ) -> None:
        self.hands, self.boneyard, self.rng = hands, boneyard, rng
        known = hands is not None and boneyard is not None
        self.hand_counts = [len(h) for h in hands] if known else list(hand_sizes)
        self.boneyard_count = len(boneyard) if known else boneyard_size
        self.players = len(self.hand_counts)
        self.copies = self.players  # one double-6 set per player
        self.chains: list[list[tuple[Tile, ...]]] = [[] for _ in range(self.players)]
        self.turn, self.phase = starter, ROLL
        self.dice: tuple[int, int] | None = None
        self.made = 0  # chains made this turn
        self.outcome: Outcome | None = None
        self._roll_dice()

    def companion_roll(self) -> Roll:
        """The companion's dice, for a table without its own."""
        return Roll(self.next_roll)

    def _roll_dice(self) -> None:
        """The companion's dice for the next roll: seeded and fair."""
        self.next_roll = (self.rng.randint(1, 6), self.rng.randint(1, 6))

    def legal_actions(self) -> list[Action]:
        if self.outcome:
            return []
        if self.phase == ROLL:
            return [Roll(self.next_roll)]
        if self.hands is None:
            raise CompanionError("the hands on the live table are unknown; nothing to list")
        chains = find_chains(self.hands[self.turn], self.dice)
        return [*(LayChain(chain) for chain in chains), EndTurn()]

    def check(self, action, names: list[str] | None = None) -> None:
        names = names or [f"seat {s + 1}" for s in range(self.players)]
        who = names[self.turn]
        if self.outcome:
            raise IllegalAction(
                "the round is over", "the game ends when ... there aren't enough left"
            )
        if isinstance(action, Roll):
            if self.phase != ROLL:
                raise IllegalAction(f"{who} has rolled: lay a chain or end the turn", "the play")
            if any(not 1 <= die <= 6 for die in action.dice):
                raise IllegalAction(f"dice show 1 to 6, not {action.dice}")
            return
        if self.phase != CHAIN:
            raise IllegalAction(f"{who} must roll the dice first", "the player rolls the dice")
        if isinstance(action, LayChain):
            missing = Counter(action.tiles) - self._may_hold()
            if missing or len(action.tiles) > self.hand_counts[self.turn]:
                tiles = " ".join(map(str, missing.elements()))
                raise IllegalAction(f"{who} does not hold {tiles}")
            if not chain_fits(action.tiles, self.dice):
                a, b = self.dice
                raise IllegalAction(
                    f"that is not a chain from {a} to {b}",
                    "the numbers on the dice match the numbers on the ends of the chain",
                )
        elif not isinstance(action, EndTurn):
            raise IllegalAction(f"not an action of this game: {action!r}")

    def _may_hold(self) -> Counter:
        """What the player to move could hold: their hand, or on the live table every tile of
        the sets that is not in a chain yet."""
        if self.hands is not None:
            return Counter(self.hands[self.turn])
        laid = Counter(t for chains in self.chains for chain in chains for t in chain)
        return Counter({t: self.copies for t in double_set(6)}) - laid

    def push(self, action, names: list[str] | None = None) -> list[Event]:
        self.check(action, names)
        return self.apply(action)

    def apply(self, action) -> list[Event]:
        seat = self.turn
        if isinstance(action, Roll):
            self.dice, self.phase = tuple(action.dice), CHAIN
            self._roll_dice()
            return [Rolled(seat, dice=list(action.dice))]
        if isinstance(action, LayChain):
            if self.hands is not None:
                for tile in action.tiles:
                    self.hands[seat].remove(tile)
            self.hand_counts[seat] -= len(action.tiles)
            self.chains[seat].append(tuple(action.tiles))
            self.made += 1
            # "he puts the chain together face up in front of him and rolls the dice again"
            self.phase = ROLL
            return [Chain(seat, tiles=len(action.tiles))]
        return self._end_turn(seat)

    def _end_turn(self, seat: int) -> list[Event]:
        # "he replenishes his hand by drawing one domino per chain played that turn"
        wanted, left = self.made, self.boneyard_count
        drawn = min(wanted, left)
        if self.hands is not None:
            self.hands[seat] += [self.boneyard.pop() for _ in range(drawn)]
        self.hand_counts[seat] += drawn
        self.boneyard_count -= drawn
        if wanted > left:
            # "He draws what dominos he can, and then play stops."
            self.outcome = Outcome("boneyard")
            return [Drew(seat, tiles=left), BoneyardEmpty(seat)]
        self.turn = (seat + 1) % self.players
        self.phase, self.made, self.dice = ROLL, 0, None
        return [Drew(seat, tiles=wanted), Turn(self.turn)]

    def scores(self) -> list[int]:
        """ "one point per domino he has used in a chain and loses one point per domino left
        in his hand"."""
        return [
            sum(len(chain) for chain in chains) - held
            for chains, held in zip(self.chains, self.hand_counts, strict=True)
        ]

    def where_tiles_are(self) -> list[Tile]:
        tiles = [t for hand in self.hands or [] for t in hand]
        tiles += [t for chains in self.chains for chain in chains for t in chain]
        return tiles + list(self.boneyard or [])

    # --- the round interface (companion.rounds.Round) -------------------------------------
    direction = 1
    setting_up = False
    round_engine = None
    seats_out = ()

    def marked_seats(self) -> list[int]:
        return []

    def tapped_seats(self) -> list[int]:
        return []

    def first_turns_to_come(self) -> list[int]:
        return []

    def seat_drawing_first(self) -> int | None:
        return None

    def tile_value(self, tile: Tile) -> int:
        return tile.pips

    def position(self) -> str:
        """This round as one line of text (docs/positions.md); ``from_position`` reads it."""
        from companion.games.chain_position import write_position

        return write_position(self)

    def bot_preference(self, action) -> tuple:
        if isinstance(action, LayChain):
            return (2, len(action.tiles))
        return (1, 0)


@register
class DiceChains(Game):
    dice = 2
    live_gestures = ("press",)  # a turn only ends; the boneyard running out ends the round
    id = "dice-chains"
    title = "Dice chains"
    options_class = DiceChainsOptions
    presets = {"standard": {}}
    default_preset = "standard"
    players = range(2, 9)
    measure = "points"

    def all_tiles(self, players: int) -> list[Tile]:
        """ "1 set of double-six dominos per player", mixed together."""
        return double_set(6) * players

    def check_players(self, count: int) -> None:
        super().check_players(count)
        if count * self.options.hand_size > len(self.all_tiles(count)):
            raise CompanionError(f"{count} hands of {self.options.hand_size} need more tiles")

    def first_round(self, players: int, rng: random.Random) -> RoundSetup:
        # The sheet does not say who goes first: the companion draws lots.
        return RoundSetup(1, None, rng.randrange(players))

    def next_round(
        self, previous: RoundSetup, players: int, totals: Sequence[int]
    ) -> RoundSetup | None:
        if self.round_limit_reached(previous):
            return None
        best = max(totals)
        if best >= self.options.target and list(totals).count(best) == 1:
            return None
        # Below the target, or tied at the top past it: "a tie-breaker round is played".
        # "The player to the left of the person who went first in the previous round goes
        # first in the new round."
        return previous.following(None, players)

    def deal(self, setup: RoundSetup, players: int, rng: random.Random) -> ChainRound:
        tiles = self.all_tiles(players)
        rng.shuffle(tiles)
        size = self.options.hand_size
        hands = [tiles[i * size : (i + 1) * size] for i in range(players)]
        return ChainRound(hands, tiles[players * size :], setup.starter, rng)

    def observed_round(self, setup: RoundSetup, players: int) -> ChainRound:
        """The live table: hidden hands, face-up chains, and the companion's dice if wanted
        (seeded from the system; every roll is kept as an event, so replays are exact)."""
        size = self.options.hand_size
        boneyard = len(self.all_tiles(players)) - size * players
        return ChainRound(None, None, setup.starter, random.Random(), [size] * players, boneyard)

    @classmethod
    def round_from_position(cls, fields) -> ChainRound:
        from companion.games.chain_position import read_position

        return read_position(fields, cls)

    def round_scores(self, state: ChainRound) -> list[int]:
        return state.scores()

    def round_winners(self, scores: list[int]) -> list[int]:
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def format_action(self, action, names: list[str]) -> str:
        if isinstance(action, Roll):
            return f"roll {action.dice[0]} {action.dice[1]}"
        if isinstance(action, LayChain):
            return "chain " + " ".join(map(str, action.tiles))
        return shared_format(action, names)

    def parse_action(self, text: str, names: list[str]):
        words = text.split()
        try:
            if words[:1] == ["roll"] and len(words) == 3:
                return Roll((int(words[1]), int(words[2])))
            if words[:1] == ["chain"] and len(words) > 1:
                return LayChain(tuple(Tile.parse(w) for w in words[1:]))
        except ValueError as error:
            raise NotationError(f"cannot read {text!r}: {error}") from None
        action = shared_parse(text, names)
        if not isinstance(action, EndTurn):
            raise NotationError(f"cannot read {text!r}: say roll A B, chain TILES or end")
        return action
