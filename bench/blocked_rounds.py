"""Blocked rounds in simulated games: how many, and whether anyone could still play.

    python bench/blocked_rounds.py [--seeds 15] [--players 2 3 4]

Replays each game's record (as a user of ``simulate --json`` would) and, at every round
that ended blocked, asks each seat still playing whether it had a tile to lay. Issue 17:
the answer must always be no. Also prints the engines each game played.
"""

from __future__ import annotations

import argparse

from companion.entries import ActionEntry
from companion.match import Match
from companion.record import read_record, write_record
from companion.simulate import simulate

GAMES = (("mexican-train", "front-porch"), ("mexican-train", "puremco"), ("supertrain", None))


def audit(game_id: str, preset: str | None, seed: int, players: int) -> tuple[int, int, list]:
    """(blocked rounds, of those called blocked while a seat could play, engines played)."""
    record = write_record(simulate(game_id, players, seed, preset).log)
    match, blocked, wrong = Match(), 0, 0
    for entry in read_record(record):
        played = isinstance(entry, ActionEntry)
        if played:
            match.prepare_action(match.game.parse_action(entry.action, match.players))
        match.apply(entry)
        state = match.state
        if played and state.outcome is not None and state.outcome.ended == "blocked":
            blocked += 1
            playing = [s for s in range(state.players) if s not in state.seats_out]
            wrong += any(state.could_play(s) for s in playing)
    return blocked, wrong, [r.engine for r in match.rounds]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=15, help="seeds 1..N")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    args = parser.parse_args()
    total_blocked = total_wrong = 0
    for game_id, preset in GAMES:
        blocked = wrong = 0
        engines = set()
        for seed in range(1, args.seeds + 1):
            for players in args.players:
                b, w, played = audit(game_id, preset, seed, players)
                blocked, wrong = blocked + b, wrong + w
                engines.add(f"{played[0]}..{played[-1]} ({len(played)} rounds)")
        name = f"{game_id} {preset or ''}".strip()
        print(f"{name:28} blocked {blocked:4}  while someone could play {wrong:3}  {engines}")
        total_blocked, total_wrong = total_blocked + blocked, total_wrong + wrong
    print(f"{'all':28} blocked {total_blocked:4}  while someone could play {total_wrong:3}")


if __name__ == "__main__":
    main()
