"""Simulated rounds per second for every game at a few player counts.

Run on one core, as the figures in reports are taken:

    taskset -c 0 .venv/bin/python bench/simulate.py [--seconds S] [--game ID ...]

Each line plays whole seeded games with the greedy simulated players (through the match,
so every action is checked, formatted and parsed as in a real game) for about S seconds.
"""

from __future__ import annotations

import argparse
import time

from companion.games.base import game_class, game_ids
from companion.simulate import simulate


def rounds_per_second(game_id: str, players: int, seconds: float) -> tuple[float, int]:
    rounds, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rounds += len(simulate(game_id, players, seed=seed).rounds)
        seed += 1
    return rounds / (time.perf_counter() - start), rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per line (default 2)")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args()
    print(f"{'game':<14} {'players':>7} {'rounds/s':>9} {'rounds':>7}")
    for game_id in args.game or game_ids():
        allowed = game_class(game_id).players
        counts = sorted({allowed[0], 4 if 4 in allowed else allowed[-1], allowed[-1]})
        for players in counts:
            rate, rounds = rounds_per_second(game_id, players, args.seconds)
            print(f"{game_id:<14} {players:>7} {rate:>9.0f} {rounds:>7}", flush=True)


if __name__ == "__main__":
    main()
