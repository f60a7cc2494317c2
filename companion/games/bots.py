"""Simulated players. Each chooses one of the legal actions it is given."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from companion.games.base import Action, EndTurn, Play, Tap

if TYPE_CHECKING:
    from companion.rounds import Round


class RandomBot:
    """Picks any legal action, but always taps its last tile (a bot never forgets)."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: Round, actions: Sequence[Action]) -> Action:
        for action in actions:
            if isinstance(action, Tap):
                return action
        return self.rng.choice(actions)


class GreedyBot:
    """Plays like a sensible person: taps, follows doubles, sheds the heaviest tile first,
    prefers its own train (which lifts its marker), and keeps a first-turn string going."""

    name = "greedy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: Round, actions: Sequence[Action]) -> Action:
        if state.bot_preference(actions[0]) is not None:
            # games with their own actions rank them themselves
            return max(actions, key=lambda a: (state.bot_preference(a), self.rng.random()))
        plays = [a for a in actions if isinstance(a, Play)]
        for action in actions:
            if isinstance(action, Tap):
                return action
        if plays:
            return max(plays, key=lambda play: self._worth(state, play))
        for action in actions:
            if isinstance(action, EndTurn):
                return action
        return actions[0]

    def _worth(self, state: Round, play: Play) -> tuple:
        value = state.tile_value(play.tile)
        return (play.tile.is_double, play.train == state.turn, value, self.rng.random())


BOTS = {"random": RandomBot, "greedy": GreedyBot}
