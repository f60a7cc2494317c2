"""The pieces every position line is made of (see docs/positions.md).

A position is one line of space-separated fields: first the game (``mexican-train/puremco``),
then ``key=value`` fields and bare flags. Seats are numbered from 1, as players count them;
``/`` separates seats, ``,`` separates tiles, ``-`` is an empty list and ``#N`` stands for N
tiles nobody at the table has seen.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping
from typing import Any

from companion.errors import CompanionError
from companion.tiles import End, Tile


class PositionError(CompanionError):
    """A position line that cannot be read; the message names the field."""


@dataclasses.dataclass
class Fields:
    """A position line taken apart: the game, its preset, and the rest by name."""

    game: str
    preset: str | None
    values: dict[str, str]
    flags: set[str]

    def take(self, key: str, default: str | None = None) -> str | None:
        return self.values.pop(key, default)

    def need(self, key: str) -> str:
        value = self.values.pop(key, None)
        if value is None:
            raise PositionError(f"the position has no {key}= field")
        return value

    def flag(self, name: str) -> bool:
        if name in self.flags:
            self.flags.discard(name)
            return True
        return False

    def finish(self) -> None:
        """Refuse what nobody read: a typo must not pass silently."""
        left = sorted(self.values) + sorted(self.flags)
        if left:
            raise PositionError(f"the position has fields this game does not know: {left}")


def split_fields(text: str) -> Fields:
    words = text.split()
    if not words:
        raise PositionError("an empty position")
    game, _, preset = words[0].partition("/")
    values: dict[str, str] = {}
    flags: set[str] = set()
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if not sep:
            flags.add(word)
        elif key in values:
            raise PositionError(f"the field {key}= is given twice")
        else:
            values[key] = value
    return Fields(game, preset or None, values, flags)


def join_fields(head: str, fields: Iterable[tuple[str, str | None]]) -> str:
    """``(key, value)`` pairs; a value of None writes the bare flag ``key``."""
    parts = [head]
    for key, value in fields:
        parts.append(key if value is None else f"{key}={value}")
    return " ".join(parts)


# --- tiles and seats -------------------------------------------------------------------------


def tile_text(tile: Tile) -> str:
    return str(tile)


def read_tile(text: str) -> Tile:
    try:
        return Tile.parse(text)
    except ValueError as error:
        raise PositionError(str(error)) from None


def tiles_text(tiles: Iterable[Tile]) -> str:
    return ",".join(map(tile_text, tiles)) or "-"


def read_tiles(text: str) -> list[Tile]:
    if text in ("", "-"):
        return []
    return [read_tile(part) for part in text.split(",")]


def pile_text(tiles: list[Tile] | None, count: int) -> str:
    """A hand or a boneyard: its tiles, or ``#N`` when nobody has seen them."""
    return f"#{count}" if tiles is None else tiles_text(tiles)


def read_pile(text: str) -> tuple[list[Tile] | None, int]:
    if text.startswith("#"):
        try:
            return None, int(text[1:])
        except ValueError:
            raise PositionError(f"#N counts unseen tiles, not {text!r}") from None
    tiles = read_tiles(text)
    return tiles, len(tiles)


def read_hands(text: str, check_players) -> tuple[list[list[Tile]] | None, list[int]]:
    """The hands field: every hand's tiles (None when they are unseen, each written #N) and
    how many each holds. ``check_players(n)`` refuses a player count the game cannot have."""
    piles = [read_pile(pile) for pile in text.split("/")]
    check_players(len(piles))
    known = all(tiles is not None for tiles, _ in piles)
    if not known and any(tiles is not None for tiles, _ in piles):
        raise PositionError("either every hand is known or none is (write #N for each)")
    return ([tiles for tiles, _ in piles] if known else None), [count for _, count in piles]


def read_boneyard(text: str, hands_known: bool) -> tuple[list[Tile] | None, int]:
    """The boneyard field, top tile last as it is drawn (None when unseen), and its size."""
    boneyard, count = read_pile(text)
    if hands_known != (boneyard is not None):
        raise PositionError("the boneyard is known exactly when the hands are")
    return (list(reversed(boneyard)) if boneyard is not None else None), count


def seats_text(seats: Iterable[int]) -> str:
    return ",".join(str(seat + 1) for seat in sorted(seats))


def read_seats(text: str | None, players: int) -> list[int]:
    if not text or text == "-":
        return []
    seats = []
    for part in text.split(","):
        if not part.isdigit() or not 1 <= int(part) <= players:
            raise PositionError(f"seats are 1 to {players}, not {part!r}")
        seats.append(int(part) - 1)
    return seats


def read_seat(text: str, players: int) -> int:
    seats = read_seats(text, players)
    if len(seats) != 1:
        raise PositionError(f"one seat, 1 to {players}, not {text!r}")
    return seats[0]


def read_int(text: str | None, what: str, default: int = 0) -> int:
    if text is None:
        return default
    try:
        return int(text)
    except ValueError:
        raise PositionError(f"{what} is a whole number, not {text!r}") from None


def oriented_text(near: End, far: End) -> str:
    """A tile as it lies in a line: the end against the line first, the open end last."""
    return f"{near}-{far}"


def read_oriented(text: str) -> tuple[Tile, End]:
    """``12-5`` laid with 12 against the line and 5 open: (the tile, the open end)."""
    near, sep, far = text.partition("-")
    if not sep:
        raise PositionError(f"a tile is written like 12-5, not {text!r}")
    tile = read_tile(text)
    return tile, read_tile(f"{far}-{far}").high


# --- options ---------------------------------------------------------------------------------


def options_text(options: Any, presets: Mapping[str, Mapping[str, Any]], cls: type) -> tuple:
    """(preset, ``name:value,...``) that rebuild ``options``: the preset nearest to it and
    the house rules that differ from that preset."""
    from companion.games.base import build_options

    best = None
    for name, preset in presets.items():
        base = build_options(cls, preset, None)
        diff = [
            f.name
            for f in dataclasses.fields(cls)
            if getattr(base, f.name) != getattr(options, f.name)
        ]
        if best is None or len(diff) < len(best[1]):
            best = (name, diff)
    name, diff = best
    text = ",".join(f"{key}:{json.dumps(getattr(options, key))}" for key in diff)
    return name, text or None


def read_options(text: str | None) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in (text or "").split(","):
        if not pair:
            continue
        key, sep, value = pair.partition(":")
        if not sep:
            raise PositionError(f"a house rule is written name:value, not {pair!r}")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options
