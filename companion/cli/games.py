"""``train-companion games``: the game ids, their presets and house rules."""

from __future__ import annotations

import argparse


def add_parser(subparsers) -> argparse.ArgumentParser:
    return subparsers.add_parser(
        "games",
        help="list the games, their presets and house rules",
        description="List the games the companion knows, their presets and house-rule options.",
    )


def run(args: argparse.Namespace) -> int:
    from companion.games.base import game_class, game_ids, option_docs

    for game_id in game_ids():
        cls = game_class(game_id)
        low, high = cls.players[0], cls.players[-1]
        print(f"{game_id}: {cls.title}, {low}-{high} players")
        print(f"  presets: {', '.join(cls.presets)} (default {cls.default_preset})")
        for name, default, text in option_docs(cls.options_class):
            shown = "game default" if default is None else repr(default)
            print(f"  --option {name}=...  {text} [{shown}]")
        print()
    return 0
