"""``train-companion simulate``: a whole game played by simulated players."""

from __future__ import annotations

import argparse
import json

from companion.errors import CompanionError


def add_parser(subparsers) -> argparse.ArgumentParser:
    parser = subparsers.add_parser(
        "simulate",
        help="play a whole game with simulated players and print the score pad",
        description="Play a whole game with simulated players and print the score pad.",
    )
    parser.add_argument("--game", required=True, help="game id (see `train-companion games`)")
    parser.add_argument("--players", type=int, required=True, help="number of players")
    parser.add_argument("--seed", type=int, default=0, help="seed for the shuffles (default 0)")
    parser.add_argument("--rounds", type=int, help="play only this many rounds")
    parser.add_argument("--preset", help="the publisher's rules to follow (see `games`)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a house rule, e.g. --option zero_zero_worth=50 (repeatable)",
    )
    parser.add_argument("--bot", choices=("greedy", "random"), default="greedy")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def parse_options(pairs: list[str]) -> dict:
    options = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise CompanionError(f"a house rule is NAME=VALUE, not {pair!r}")
        try:
            options[name] = json.loads(value)
        except json.JSONDecodeError:
            options[name] = value
        except RecursionError:
            raise CompanionError(f"--option {name}: the value is nested too deeply") from None
    return options


def check_house_rules(args: argparse.Namespace, options: dict) -> None:
    """A game the rules cannot start with these options is refused in one line."""
    from companion.match import Match
    from companion.service import rehearse_start

    names = [f"P{i + 1}" for i in range(max(args.players, 0))]
    rehearse_start(Match.prepare_start(args.game, names, args.preset, options, args.seed))


def run(args: argparse.Namespace) -> int:
    from companion.games.base import game_class
    from companion.simulate import result, simulate

    options = parse_options(args.option)
    if args.rounds is not None:
        if args.rounds < 1:
            raise CompanionError(f"--rounds must be 1 or more, not {args.rounds}")
        options["rounds"] = args.rounds
    game_class(args.game)  # an unknown game id is reported before anything else
    check_house_rules(args, options)
    match = simulate(args.game, args.players, args.seed, args.preset, options, args.bot)
    if args.json:
        print(json.dumps(result(match)))
        return 0
    print(
        f"{match.game.title} ({match.game.preset}), {len(match.players)} players, seed {args.seed}"
    )
    for summary in match.rounds:
        engine = f"engine {summary.engine}" if summary.engine else ""
        print(f"  round {summary.number:>2} {engine:<12} ended: {summary.ended}")
    print()
    print(match.pad.render())
    winners = " and ".join(match.players[s] for s in match.pad.winners())
    print(f"\n{winners} {'wins' if len(match.pad.winners()) == 1 else 'share the win'}!")
    return 0
