"""Whole games played by simulated players: the simulator, the tests and the benchmark."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.errors import CompanionError
from companion.games.bots import BOTS
from companion.match import Match
from companion.record import write_record

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
MAX_ACTIONS_PER_ROUND = 20_000


def play_round(match: Match, bots: list) -> None:
    """Play the round in progress to its end with one bot per seat."""
    state = match.state
    for _ in range(MAX_ACTIONS_PER_ROUND):
        if state.outcome is not None:
            return
        actions = state.legal_actions()
        match.play(bots[state.turn].choose(state, actions))
    raise CompanionError("a simulated round did not finish; this is a bug, please report it")


def simulate(
    game_id: str,
    players: int,
    seed: int = 0,
    preset: str | None = None,
    options: Mapping[str, Any] | None = None,
    bot: str = "greedy",
) -> Match:
    """Play a whole game; the match's log holds every event."""
    names = NAMES[:players] if players <= len(NAMES) else [f"P{i + 1}" for i in range(players)]
    match = Match()
    match.apply(Match.prepare_start(game_id, names, preset, options, seed))
    rng = random.Random(f"{seed}:bots")
    bots = [BOTS[bot](rng) for _ in names]
    while not match.finished:
        match.apply(match.prepare_round())
        play_round(match, bots)
        for record in match.count_scores():
            match.apply(record)
        if match.is_last_round():
            match.apply(match.prepare_end())
    return match


def result(match: Match) -> dict[str, Any]:
    """The ``simulate --json`` object of the design."""
    names = match.players
    game = match.game
    rounds = []
    for summary in match.rounds:
        scores = [match.pad.value(summary.number, s) for s in range(len(names))]
        raw = [0 if v is None else v for v in scores]
        raw, winners = game.round_report(raw, summary.scores)
        rounds.append(
            {
                "engine": summary.engine,
                "scores": dict(zip(names, raw, strict=True)),
                "winners": [names[s] for s in winners],
                "ended": summary.ended,
            }
        )
    return {
        "game": game.id,
        "preset": game.preset,
        "players": names,
        "rounds": rounds,
        "totals": dict(zip(names, match.pad.totals(), strict=True)),
        "winners": [names[s] for s in match.pad.winners()],
        "record": write_record(match.log),
    }
