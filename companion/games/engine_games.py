"""Engine 191 and Engine No. 9 as games: sets and hands by player count, win tokens."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from companion.errors import CompanionError
from companion.games.base import Game, RoundSetup, register, rule
from companion.games.engine_lines import format_engine_action, parse_engine_action
from companion.games.engines import EngineRound
from companion.tiles import Tile, double_set

TIES_SHARE, TIES_PLAY_ON = "share", "play-on"


@dataclass(frozen=True)
class EngineOptions:
    tokens_to_win: int = rule(3, "win tokens that win the game (the sheets: 3)")
    tie_at_target: str = rule(
        TIES_SHARE,
        "'share': players reaching the target in the same round share the win;"
        " 'play-on': play more rounds until one player leads",
    )
    rounds: int | None = rule(None, "stop after this many rounds even if nobody has won")

    def check(self) -> None:
        if not isinstance(self.tokens_to_win, int) or self.tokens_to_win < 1:
            raise CompanionError(f"tokens_to_win must be 1 or more, not {self.tokens_to_win!r}")
        if self.tie_at_target not in (TIES_SHARE, TIES_PLAY_ON):
            raise CompanionError(
                f"tie_at_target must be 'share' or 'play-on', not {self.tie_at_target!r}"
            )
        if self.rounds is not None and (not isinstance(self.rounds, int) or self.rounds < 1):
            raise CompanionError(f"rounds must be 1 or more, not {self.rounds!r}")


class EngineGame(Game):
    """What Engine 191 and Engine No. 9 share; the subclasses give the tables."""

    options_class = EngineOptions
    presets: ClassVar[Mapping[str, Mapping]] = {"standard": {}}
    default_preset = "standard"
    measure = "tokens"
    sets: ClassVar[Mapping[int, int]]
    hand_sizes: ClassVar[Mapping[int, int]]
    any_station: ClassVar[bool]

    def first_round(self, players: int, rng: random.Random) -> RoundSetup:
        # The engine is chosen by the reveal; the seat named here reveals first.
        return RoundSetup(1, None, 0)

    def next_round(
        self, previous: RoundSetup, players: int, totals: Sequence[int]
    ) -> RoundSetup | None:
        if self.round_limit_reached(previous):
            return None
        best = max(totals)
        if best >= self.options.tokens_to_win:
            leaders = sum(1 for total in totals if total == best)
            if leaders == 1 or self.options.tie_at_target == TIES_SHARE:
                return None
        return previous.following(None, players)

    def all_tiles(self, players: int) -> list[Tile]:
        return double_set(self.sets[players])

    def deal(self, setup: RoundSetup, players: int, rng: random.Random) -> EngineRound:
        return EngineRound(
            self.all_tiles(players),
            self.hand_sizes[players],
            players,
            setup.starter,
            rng,
            self.any_station,
        )

    def observed_round(self, setup: RoundSetup, players: int) -> EngineRound:
        """The live table: hidden hands, everything face up checked."""
        return EngineRound(
            self.all_tiles(players),
            self.hand_sizes[players],
            players,
            setup.starter,
            random.Random(),
            self.any_station,
            hidden=True,
        )

    @classmethod
    def round_from_position(cls, fields) -> EngineRound:
        from companion.games.engine_position import read_position

        return read_position(fields, cls)

    def round_scores(self, state: EngineRound) -> list[int]:
        return state.scores()

    def pad_values(self, scores: list[int], state) -> list[int]:
        """ "The player with the lowest score wins the round ... If there is a tie, all
        players in the tie get a Win Token"."""
        best = min(scores)
        return [1 if score == best else 0 for score in scores]

    def round_report(
        self, pad_row: list[int], scores: list[int] | None
    ) -> tuple[list[int], list[int]]:
        """A round shows the pips in hand and score yard; the pad and totals count tokens."""
        if scores is None:
            return super().round_report(pad_row, scores)
        return scores, [seat for seat, score in enumerate(scores) if score == min(scores)]

    def format_action(self, action, names: list[str]) -> str:
        return format_engine_action(action, names)

    def parse_action(self, text: str, names: list[str]):
        return parse_engine_action(text, names)


@register
class Engine191(EngineGame):
    id = "engine-191"
    title = "Engine 191"
    players = range(2, 5)
    # "A 2 player game uses a double six set ... a 3-4 player game uses a double nine set."
    sets: ClassVar[Mapping[int, int]] = {2: 6, 3: 9, 4: 9}
    # "2 players 9 each, 3 players 11 each, 4 players 9 each"
    hand_sizes: ClassVar[Mapping[int, int]] = {2: 9, 3: 11, 4: 9}
    any_station = False


@register
class EngineNo9(EngineGame):
    id = "engine-no-9"
    title = "Engine No. 9"
    players = range(2, 6)
    # "a 2 player game uses a double 6 set ..., a 3 player a double 7, a 4 player a double 8
    # and a 5 player a double 9"
    sets: ClassVar[Mapping[int, int]] = {2: 6, 3: 7, 4: 8, 5: 9}
    hand_sizes: ClassVar[Mapping[int, int]] = {2: 9, 3: 9, 4: 9, 5: 9}
    any_station = True
