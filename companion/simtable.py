"""Simulated players at a real table: they play the full rules with real hands, and tell the
companion what they did the way people do, with seat gestures.

The demo and the end-to-end tests use it: the companion sees only gestures (and the hand
photos a synthetic camera renders from ``hand(seat)``), exactly as at a real table.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from companion.games.base import EndTurn, Pass, Tap
from companion.games.bots import BOTS
from companion.match import Match
from companion.tiles import Tile

Step = tuple[int, str]  # (seat, gesture)


class SimulatedTable:
    """``players`` simulated people sitting at a game of ``game_id``; seeded."""

    def __init__(
        self,
        game_id: str,
        players: list[str],
        seed: int = 0,
        preset: str | None = None,
        options: dict | None = None,
        bot: str = "greedy",
    ) -> None:
        self.match = Match()
        self.match.apply(*Match.prepare_start(game_id, players, preset, options, seed))
        rng = random.Random(f"{seed}:bots")
        self.bots = [BOTS[bot](rng) for _ in players]

    @property
    def players(self) -> list[str]:
        return self.match.players

    def deal(self) -> None:
        self.match.apply(*self.match.prepare_round())

    def turns(self) -> Iterator[Step]:
        """Play the round; yield each gesture a player makes. Ends with the round."""
        state = self.match.state
        while state.outcome is None:
            seat = state.turn
            action = self.bots[seat].choose(state, state.legal_actions())
            self.match.play(action)
            if isinstance(action, Tap):
                yield seat, "double"
            elif isinstance(action, Pass):
                yield seat, "hold"
            elif isinstance(action, EndTurn):
                yield seat, "press"
            elif state.outcome is not None and seat in state.outcome.out:
                yield seat, "out"

    @property
    def blocked(self) -> bool:
        outcome = self.match.state.outcome
        return outcome is not None and outcome.ended == "blocked"

    def hand(self, seat: int) -> list[Tile]:
        """What the player at ``seat`` holds now: what they lay on the mat to be scored."""
        return list(self.match.state.hands[seat])

    def hand_total(self, seat: int) -> int:
        return self.match.game.round_scores(self.match.state)[seat]

    def finish_round(self) -> None:
        for record in self.match.count_scores():
            self.match.apply(*record)

    @property
    def last_round(self) -> bool:
        return self.match.is_last_round()
