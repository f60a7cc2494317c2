"""Simulated players at a real table: they play the full rules with real hands, and tell the
companion what they did the way people do, with seat gestures.

The demo and the end-to-end tests use it: the companion sees only gestures (and the hand
photos a synthetic camera renders from ``hand(seat)``), exactly as at a real table.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from companion.games.base import EndTurn, Pass, Play, Tap
from companion.games.bots import BOTS
from companion.match import Match
from companion.tiles import Tile

Step = tuple[int, str]  # (seat, gesture) or (seat, "tile:<kind>") for an action tile

ACTION_TILES = {"S": "skip", "R": "reverse", "D": "draw", "T": "twice"}


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
        self.match.apply(Match.prepare_start(game_id, players, preset, options, seed))
        rng = random.Random(f"{seed}:bots")
        self.bots = [BOTS[bot](rng) for _ in players]

    @property
    def players(self) -> list[str]:
        return self.match.players

    def deal(self) -> int:
        """Deal the next round and play any setup the table does before the first turn (the
        Engine games' reveal); return the seat that starts."""
        self.match.apply(self.match.prepare_round())
        state = self.match.state
        while state.setting_up and state.outcome is None:
            self.match.play(self.bots[state.turn].choose(state, state.legal_actions()))
        return state.turn

    @property
    def starter_follows_rotation(self) -> bool:
        """Does the round start where the game's rotation says (so the centerpiece button
        can deal it), or did the table decide (the host must say who)?"""
        return self.match.state.turn == self.match.setup.starter

    def turns(self) -> Iterator[Step]:
        """Play the round; yield each gesture a player makes. Ends with the round.

        The live table ends the round where the rules do: at the first player out, or under
        Front Porch's rule once the others have taken their first turn too.
        """
        state = self.match.state
        while state.outcome is None:
            seat = state.turn
            out_before = len(state.seats_out)
            action = self.bots[seat].choose(state, state.legal_actions())
            self.match.play(action)
            kind = ACTION_TILES.get(action.tile.action) if isinstance(action, Play) else None
            if kind:
                yield seat, f"tile:{kind}"
            if len(state.seats_out) > out_before:
                yield seat, "out"
            elif isinstance(action, Tap):
                yield seat, "double"
            elif isinstance(action, Pass):
                yield seat, "hold"
            elif isinstance(action, EndTurn):
                yield seat, "press"
            elif state.outcome is not None and seat in state.outcome.out:
                yield seat, "out"

    @property
    def ended(self) -> str:
        return self.match.state.outcome.ended

    def hand(self, seat: int) -> list[Tile]:
        """What the player at ``seat`` holds now: what they lay on the mat to be scored
        (the camera reads numbered tiles; wild ones are scored by hand)."""
        return [tile for tile in self.match.state.hands[seat] if not tile.is_wild]

    def hand_total(self, seat: int) -> int:
        return self.match.game.round_scores(self.match.state)[seat]

    def finish_round(self) -> None:
        for record in self.match.count_scores():
            self.match.apply(record)

    @property
    def last_round(self) -> bool:
        return self.match.is_last_round()
