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

Reading it back gives the match's entries (companion.entries), and replaying them gives the
same match. Entries the record has no line for (hand readings, phones taking seats) are left
out.
"""

from __future__ import annotations

import json
import re

from companion.entries import (
    ActionEntry,
    Entry,
    GameEndedEntry,
    GameStartedEntry,
    RoundEndedEntry,
    RoundStartedEntry,
    ScoreEntry,
)
from companion.errors import CompanionError
from companion.match import Match

HEADER = "# Train Companion game record"


class RecordError(CompanionError):
    pass


def write_record(log: list[Entry]) -> str:
    lines = [HEADER]
    players: list[str] = []
    for entry in log:
        match entry:
            case GameStartedEntry():
                players = entry.players
                lines += [
                    f"game: {entry.game}",
                    f"preset: {entry.preset}",
                    f"options: {json.dumps(entry.options, sort_keys=True)}",
                    f"seed: {'' if entry.seed is None else entry.seed}",
                    f"players: {', '.join(players)}",
                    "",
                ]
            case RoundStartedEntry():
                engine = f"engine {entry.engine}, " if entry.engine else ""
                lines.append(f"round {entry.round}: {engine}{players[entry.starter]} starts")
            case ActionEntry():
                lines.append(f"{players[entry.seat]}: {entry.action}")
            case RoundEndedEntry():
                out = " ".join(players[s] for s in entry.out)
                lines.append(f"round ended: {entry.ended}" + (f" out {out}" if out else ""))
            case ScoreEntry():
                line = f"score {entry.round} {players[entry.seat]} {entry.value} by {entry.by}"
                lines.append(line + (f" because {entry.why}" if entry.why else ""))
            case GameEndedEntry():
                lines.append(f"game over: {' and '.join(entry.winners)} win")
    return "\n".join(lines) + "\n"


_ROUND = re.compile(r"round (\d+): (?:engine (\S+), )?(.+) starts$")
_SCORE = re.compile(r"score (\d+) (.+?) (-?\d+) by (\S+)(?: because (.*))?$")
_ENDED = re.compile(r"round ended: (\S+)(?: out (.*))?$")


def read_record(text: str) -> list[Entry]:
    """Turn a record back into entries; a line that cannot be read is named in the error."""
    header: dict[str, str] = {}
    records: list[Entry] = []
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
                        GameStartedEntry(
                            game=header["game"],
                            preset=header.get("preset") or None,
                            options=json.loads(header.get("options") or "{}"),
                            players=players,
                            seed=int(seed) if seed else None,
                        )
                    )
                continue
            if m := _ROUND.match(line):
                round_number = int(m[1])
                records.append(RoundStartedEntry(round_number, m[2], players.index(m[3])))
            elif m := _SCORE.match(line):
                seat = players.index(m[2])
                records.append(ScoreEntry(int(m[1]), seat, int(m[3]), m[4], m[5] or "", ""))
            elif m := _ENDED.match(line):
                out = [players.index(n) for n in (m[2] or "").split()]
                records.append(RoundEndedEntry(round_number, m[1], out))
            elif line.startswith("game over: "):
                names = line[len("game over: ") :].removesuffix(" win").split(" and ")
                records.append(GameEndedEntry(names))
            else:
                name, sep, action = line.partition(": ")
                if not sep or name not in players:
                    raise ValueError("not a line of a game record")
                records.append(ActionEntry(round_number, players.index(name), action))
        except (ValueError, KeyError, json.JSONDecodeError) as error:
            raise RecordError(f"line {number} of the record: {error}: {raw!r}") from None
    if not players:
        raise RecordError("not a game record: no 'players:' line in the header")
    return records


def replay_record(text: str) -> Match:
    """Replay a record, checking every action against the rules as it goes."""
    match = Match()
    for entry in read_record(text):
        if isinstance(entry, ActionEntry):
            match.prepare_action(match.game.parse_action(entry.action, match.players))
        match.apply(entry)
    return match
