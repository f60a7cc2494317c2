"""What every game shares: actions, illegal-action reasons, events, outcomes, the registry.

The model is python-chess: a round state knows the position, ``push(action)`` applies an
action after checking it, ``legal_actions()`` lists what the player to move may do, and
``outcome`` says how the round ended. Actions are always made by the seat whose turn it is.
Seats are numbered from 0 here and from 1 wherever a person reads them.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.errors import CompanionError
from companion.tiles import End, Tile

MEXICAN = "mexican"
"""The id of the Mexican Train, the public train every player may use."""

TrainId = int | str


class IllegalAction(CompanionError):
    """An action the rules do not allow now. ``rule`` names the rule that forbids it."""

    def __init__(self, reason: str, rule: str = "") -> None:
        super().__init__(f"{reason} ({rule})" if rule else reason)
        self.reason = reason
        self.rule = rule


class UnknownGame(CompanionError):
    pass


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """Lay ``tile`` on ``train`` (a seat's train, ``MEXICAN`` or a line id of the game).

    ``exposed`` is the end left open; only wild tiles need it said, otherwise it follows.
    """

    tile: Tile
    train: TrainId
    exposed: End | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    """Take one tile from the boneyard. ``tile`` is None when nobody at the table saw it."""

    tile: Tile | None = None


@dataclass(frozen=True, slots=True)
class Pass:
    """Give up the turn and place one's marker on one's own train."""


@dataclass(frozen=True, slots=True)
class EndTurn:
    """The turn's plays are done: the next seat is up."""


@dataclass(frozen=True, slots=True)
class Tap:
    """Tap the last tile on the table: "I have one tile left"."""


@dataclass(frozen=True, slots=True)
class GoOut:
    """The seat to move played its last tile (on the live table, where nobody saw it)."""


@dataclass(frozen=True, slots=True)
class Announce:
    """On the live table: the seat to move played an action tile ("skip", "reverse",
    "draw" or "twice"); the companion cannot see it, so the player says so."""

    kind: str


Action = Play | Draw | Pass | EndTurn | Tap | GoOut | Announce


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a round ended: ``ended`` is "out" or "blocked"; ``out`` the seats that went out."""

    ended: str
    out: tuple[int, ...] = ()


# --- options -------------------------------------------------------------------------------


def build_options(cls: type, preset: Mapping[str, Any], overrides: Mapping[str, Any] | None):
    """Make an options dataclass from a preset and user overrides, checking every value."""
    values = dict(preset)
    fields = {f.name: f for f in dataclasses.fields(cls)}
    for key, value in (overrides or {}).items():
        name = key.replace("-", "_")
        if name not in fields:
            known = ", ".join(sorted(fields))
            raise CompanionError(f"unknown house rule {key!r}; this game has: {known}")
        default = fields[name].default
        if default is not None and default is not dataclasses.MISSING and value is not None:
            wanted = type(default)
            if type(value) is not wanted:
                raise CompanionError(
                    f"house rule {name} takes a {wanted.__name__} like {default!r}, not {value!r}"
                )
        values[name] = value
    options = cls(**values)
    check = getattr(options, "check", None)
    if check:
        check()
    return options


def option_docs(cls: type) -> list[tuple[str, Any, str]]:
    """(name, default, help) for each house rule, read from the dataclass field metadata."""
    rows = []
    for f in dataclasses.fields(cls):
        default = f.default if f.default is not dataclasses.MISSING else None
        rows.append((f.name, default, f.metadata.get("help", "")))
    return rows


def rule(default: Any, help: str) -> Any:
    """A house-rule field with its default and the sentence that explains it."""
    return field(default=default, metadata={"help": help})


# --- games ---------------------------------------------------------------------------------


@dataclass
class RoundSetup:
    """What a round starts from: its number (1-based), its engine and its starting seat."""

    number: int
    engine: Tile | None
    starter: int

    def following(self, engine: Tile | None, players: int) -> RoundSetup:
        """The next round, on ``engine``, begun by the player to this round's starter's left."""
        return RoundSetup(self.number + 1, engine, (self.starter + 1) % players)


class Game:
    """A game id with its options, presets, rounds, deal, scoring and end.

    Subclasses set the class attributes and implement the hooks. ``measure`` says what the
    totals count: "pips" (lowest wins), "tokens" or "points" (highest wins).
    """

    id: ClassVar[str]
    title: ClassVar[str]
    options_class: ClassVar[type]
    presets: ClassVar[Mapping[str, Mapping[str, Any]]]
    default_preset: ClassVar[str]
    players: ClassVar[range]
    measure: ClassVar[str] = "pips"
    dice: ClassVar[int] = 0
    """Dice the game rolls; the companion rolls them for a table that has none."""
    live_actions: ClassVar[tuple[str, ...]] = ()
    """Action tiles a player announces on the live table (SuperTrain's S, R, D, T)."""
    live_gestures: ClassVar[tuple[str, ...]] = ("press", "hold", "double", "out")
    """What a seat's button may say during play: end the turn, pass, tap the last tile, out."""

    def __init__(self, preset: str | None = None, options: Mapping[str, Any] | None = None):
        preset = preset or self.default_preset
        if preset not in self.presets:
            known = ", ".join(self.presets)
            raise CompanionError(f"{self.id} has no preset {preset!r}; choose one of: {known}")
        self.preset = preset
        self.options = build_options(self.options_class, self.presets[preset], options)

    def check_players(self, count: int) -> None:
        low, high = self.players[0], self.players[-1]
        if count not in self.players:
            raise CompanionError(f"{self.title} is for {low} to {high} players, not {count}")

    # hooks ---------------------------------------------------------------------------
    def first_round(self, players: int, rng: random.Random) -> RoundSetup:
        raise NotImplementedError

    def next_round(
        self, previous: RoundSetup, players: int, totals: Sequence[int]
    ) -> RoundSetup | None:
        raise NotImplementedError

    def round_limit_reached(self, previous: RoundSetup) -> bool:
        """The house rule ``rounds``: stop after that many rounds, whoever leads."""
        rounds = getattr(self.options, "rounds", None)
        return rounds is not None and previous.number >= rounds

    def deal(self, setup: RoundSetup, players: int, rng: random.Random):
        raise NotImplementedError

    def live_turns(self, setup: RoundSetup, players: int):
        """The live table's round: hands unseen, the companion follows the turns."""
        from companion.live import LiveTurns

        return LiveTurns(
            players, setup.starter, self.out_ends_the_round, self.live_actions, self.head()
        )

    def head(self) -> str:
        """The start of this game's position lines: ``id/preset`` and changed house rules."""
        from companion.games.position_text import options_text

        preset, changed = options_text(self.options, self.presets, self.options_class)
        return f"{self.id}/{preset}" + (f" options={changed}" if changed else "")

    def out_ends_the_round(self, first_turns_done: bool) -> bool:
        """A player has just gone out: does the round end now, or do the others still take
        their first turn? ``first_turns_done``: every seat had a turn before this one. The
        live table asks this (Mexican Train's round states ask its options the same); most
        games end the round at once."""
        return True

    def hand_limit(self, players: int) -> int | None:
        """The most tiles one hand can hold in a round (a reading with more is wrong), or
        None for a game without a dealt hand size."""
        return None

    def tile_value(self, tile: Tile) -> int:
        """What a numbered ``tile`` counts in a hand at the end of a round (the live table
        values the tiles a player lists, or the camera reads, with it)."""
        return tile.pips

    def round_scores(self, state) -> list[int]:
        """Each seat's score for a finished round whose hands are known."""
        raise NotImplementedError

    def pad_values(self, scores: list[int], state) -> list[int]:
        """What goes on the score pad for a round's scores (pips by default)."""
        return list(scores)

    def round_report(
        self, pad_row: list[int], scores: list[int] | None
    ) -> tuple[list[int], list[int]]:
        """A round's "scores" and "winners" in ``simulate --json``: the score pad's row."""
        if self.measure == "pips":
            return pad_row, self.round_winners(pad_row)
        return pad_row, [seat for seat, value in enumerate(pad_row) if value == max(pad_row)]

    def round_winners(self, scores: list[int]) -> list[int]:
        best = min(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def format_action(self, action: Action, names: list[str]) -> str:
        from companion.games.notation import format_action

        return format_action(action, names)

    def parse_action(self, text: str, names: list[str]) -> Action:
        from companion.games.notation import parse_action

        return parse_action(text, names)

    @classmethod
    def round_from_position(cls, fields):
        """The round a position line describes (``companion.positions.from_position``)."""
        raise NotImplementedError

    def winners(self, totals: Sequence[int]) -> list[int]:
        best = min(totals) if self.measure == "pips" else max(totals)
        return [seat for seat, total in enumerate(totals) if total == best]


_REGISTRY: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    _REGISTRY[cls.id] = cls
    return cls


def game_ids() -> list[str]:
    _load_all()
    return sorted(_REGISTRY)


def game_class(game_id: str) -> type[Game]:
    _load_all()
    try:
        return _REGISTRY[game_id]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownGame(f"no game called {game_id!r}; choose one of: {known}") from None


def new_game(
    game_id: str, preset: str | None = None, options: Mapping[str, Any] | None = None
) -> Game:
    return game_class(game_id)(preset, options)


GAME_MODULES = ("mexican_train", "supertrain", "engine_games", "dice_chains")


def _load_all() -> None:
    import importlib

    for name in GAME_MODULES:
        importlib.import_module(f"companion.games.{name}")
