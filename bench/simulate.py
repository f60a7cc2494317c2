"""Simulated rounds per second, per game and player count.

    taskset -c 0 python bench/simulate.py [--seconds 3]

Target (issue 2): at least 200 rounds/s for 4-player Mexican Train on one core.
"""

from __future__ import annotations

import argparse
import time

from companion.games.base import game_ids
from companion.simulate import simulate

PLAYER_COUNTS = (2, 4, 8)


def rounds_per_second(game_id: str, players: int, seconds: float) -> float:
    rounds, seed, start = 0, 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        match = simulate(game_id, players, seed=seed)
        rounds += len(match.rounds)
        seed += 1
    return rounds / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--game", action="append", help="only these game ids")
    args = parser.parse_args()
    print(f"{'game':<16}{'players':>8}{'rounds/s':>12}")
    for game_id in args.game or game_ids():
        from companion.games.base import game_class

        allowed = game_class(game_id).players
        for players in PLAYER_COUNTS:
            if players in allowed:
                rate = rounds_per_second(game_id, players, args.seconds)
                print(f"{game_id:<16}{players:>8}{rate:>12.0f}", flush=True)


if __name__ == "__main__":
    main()
