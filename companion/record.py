"""The game record: a match as text a person can read and a bug report can carry.

    # Train Companion game record
    game: mexican-train
    preset: front-porch
    options: {}
    seed: 7
    players: Ann, Bob, Cy

    round 1: engine 12-12, Bob starts
    Bob: play 12-5 on Bob
    Bob: end
    ...
    score 1 Ann 33 by count
    game over: Cy wins

Reading it back gives the match's events, and replaying them gives the same match.
"""

from __future__ import annotations

import json
import re

from companion.errors import CompanionError
from companion.match import Match, Record

HEADER = "# Train Companion game record"


class RecordError(CompanionError):
    pass


def write_record(log: list[Record]) -> str:
    lines = [HEADER]
    players: list[str] = []
    for kind, p in log:
        if kind == "game_started":
            players = p["players"]
            lines += [
                f"game: {p['game']}",
                f"preset: {p['preset']}",
                f"options: {json.dumps(p['options'], sort_keys=True)}",
                f"seed: {'' if p['seed'] is None else p['seed']}",
                f"players: {', '.join(players)}",
                "",
            ]
        elif kind == "round_started":
            engine = f"engine {p['engine']}, " if p["engine"] else ""
            lines.append(f"round {p['round']}: {engine}{players[p['starter']]} starts")
        elif kind == "action":
            lines.append(f"{players[p['seat']]}: {p['action']}")
        elif kind == "round_ended":
            out = " ".join(players[s] for s in p.get("out", ()))
            lines.append(f"round ended: {p['ended']}" + (f" out {out}" if out else ""))
        elif kind == "score":
            line = f"score {p['round']} {players[p['seat']]} {p['value']} by {p['by']}"
            lines.append(line + (f" because {p['why']}" if p.get("why") else ""))
        elif kind == "game_ended":
            lines.append(f"game over: {' and '.join(p['winners'])} win")
    return "\n".join(lines) + "\n"


_ROUND = re.compile(r"round (\d+): (?:engine (\S+), )?(.+) starts$")
_SCORE = re.compile(r"score (\d+) (.+?) (-?\d+) by (\S+)(?: because (.*))?$")
_ENDED = re.compile(r"round ended: (\S+)(?: out (.*))?$")


def read_record(text: str) -> list[Record]:
    """Turn a record back into events; a line that cannot be read is named in the error."""
    header: dict[str, str] = {}
    records: list[Record] = []
    players: list[str] = []
    round_number = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            if not players:
                key, sep, value = line.partition(":")
                if not sep:
                    raise ValueError("not a game record: expected 'key: value' in the header")
                header[key.strip()] = value.strip()
                if key.strip() == "players":
                    players = [name.strip() for name in value.split(",")]
                    seed = header.get("seed", "")
                    records.append(
                        (
                            "game_started",
                            {
                                "game": header["game"],
                                "preset": header.get("preset") or None,
                                "options": json.loads(header.get("options") or "{}"),
                                "players": players,
                                "seed": int(seed) if seed else None,
                            },
                        )
                    )
                continue
            if m := _ROUND.match(line):
                round_number = int(m[1])
                records.append(
                    (
                        "round_started",
                        {"round": round_number, "engine": m[2], "starter": players.index(m[3])},
                    )
                )
            elif m := _SCORE.match(line):
                records.append(
                    (
                        "score",
                        {
                            "round": int(m[1]),
                            "seat": players.index(m[2]),
                            "value": int(m[3]),
                            "by": m[4],
                            "why": m[5] or "",
                            "at": "",
                        },
                    )
                )
            elif m := _ENDED.match(line):
                out = [players.index(n) for n in (m[2] or "").split()]
                records.append(("round_ended", {"round": round_number, "ended": m[1], "out": out}))
            elif line.startswith("game over: "):
                names = line[len("game over: ") :].removesuffix(" win").split(" and ")
                records.append(("game_ended", {"winners": names}))
            else:
                name, sep, action = line.partition(": ")
                if not sep or name not in players:
                    raise ValueError("not a line of a game record")
                records.append(
                    (
                        "action",
                        {"round": round_number, "seat": players.index(name), "action": action},
                    )
                )
        except (ValueError, KeyError, json.JSONDecodeError) as error:
            raise RecordError(f"line {number} of the record: {error}: {raw!r}") from None
    if not players:
        raise RecordError("not a game record: no 'players:' line in the header")
    return records


def replay_record(text: str) -> Match:
    """Replay a record, checking every action against the rules as it goes."""
    match = Match()
    for kind, payload in read_record(text):
        if kind == "action":
            action = match.game.parse_action(payload["action"], match.players)
            match.prepare_action(action)
        match.apply(kind, payload)
    return match
