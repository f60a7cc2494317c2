"""A game night as a sequence of events: the live table and the simulator share it.

Everything that changes a match is an entry of the event log (one class each in
companion.entries: ``GameStartedEntry``, ``ActionEntry``, ``ScoreEntry``...). ``prepare_*``
checks a request and returns the entry without applying it, so the service can commit it to
the store first; ``apply`` changes the match. Replaying the entries of a match rebuilds it
exactly.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.entries import (
    ActionEntry,
    DiceRolledEntry,
    Entry,
    GameEndedEntry,
    GameStartedEntry,
    HandReadEntry,
    HandScoredEntry,
    LastTileTappedEntry,
    MarkerLiftedEntry,
    RoundEndedEntry,
    RoundStartedEntry,
    ScoreEntry,
    SeatClaimedEntry,
    SeatFreedEntry,
)
from companion.errors import CompanionError
from companion.events import (
    DiceRolled,
    Event,
    GameEnded,
    GameStarted,
    HandRead,
    HandScored,
    RoundEnded,
    RoundStarted,
    ScoreCorrected,
    Scored,
    SeatClaimed,
    SeatFreed,
    Turn,
)
from companion.games.base import Action, Game, RoundSetup, new_game
from companion.rounds import Round
from companion.scorepad import ScorePad, now


@dataclass
class RoundSummary:
    number: int
    engine: str | None
    ended: str | None = None
    out: tuple[int, ...] = ()
    scores: list[int] | None = None


def check_players(names: list[str]) -> list[str]:
    cleaned = [str(name).strip() for name in names]
    if any(not name for name in cleaned):
        raise CompanionError("every player needs a name")
    if len(set(n.lower() for n in cleaned)) != len(cleaned):
        raise CompanionError("two players have the same name; give each a different one")
    for name in cleaned:
        if name.lower() == "mexican" or len(name) > 24 or ":" in name:
            raise CompanionError(f"{name!r} cannot be a player's name (at most 24 letters, no ':')")
    return cleaned


class Match:
    def __init__(self) -> None:
        self.game: Game | None = None
        self.players: list[str] = []
        self.seed: int | None = None
        self.setup: RoundSetup | None = None
        self.state: Round | None = None
        self.pad: ScorePad | None = None
        self.rounds: list[RoundSummary] = []
        self.finished = False
        self.log: list[Entry] = []
        self.readings: dict[int, HandReadEntry] = {}  # seat -> its reading to confirm
        self.hand_pips: dict[int, int] = {}  # counted hands waiting to become tokens
        self.dice: DiceRolledEntry | None = None  # the last roll of the companion's dice
        self.photos: list[HandReadEntry] = []
        self.phones: dict[int, str] = {}  # seat -> the phone that holds it

    # --- building events ---------------------------------------------------------------
    @staticmethod
    def prepare_start(
        game_id: str,
        players: list[str],
        preset: str | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> GameStartedEntry:
        game = new_game(game_id, preset, options)
        names = check_players(players)
        game.check_players(len(names))
        return GameStartedEntry(game_id, game.preset, dict(options or {}), names, seed)

    def prepare_round(self, starter: int | None = None) -> RoundStartedEntry:
        """The next round. ``starter`` overrides who starts it (the table drew or revealed)."""
        game, n = self._game(), len(self.players)
        if self.state is not None and self.state.outcome is None:
            raise CompanionError("the round in play has not ended")
        if self.finished:
            raise CompanionError("the game is over")
        if self.setup is None:
            setup = game.first_round(n, self._rng("starter"))
        else:
            setup = game.next_round(self.setup, n, self.pad.totals())
            if setup is None:
                raise CompanionError("every round has been played")
        if starter is not None:
            if not isinstance(starter, int) or not 0 <= starter < n:
                raise CompanionError(f"there is no seat {starter + 1} to start")
            setup.starter = starter
        engine = str(setup.engine) if setup.engine is not None else None
        return RoundStartedEntry(setup.number, engine, setup.starter)

    def prepare_action(self, action: Action) -> ActionEntry:
        state = self._state()
        state.check(action, self.players)
        text = self.game.format_action(action, self.players)
        return ActionEntry(self.setup.number, state.turn, text)

    def just_ended_turn(self, seat: int) -> bool:
        """Was the last thing said at the table ``seat`` ending its turn (a press), with the
        round still in play? Then a last-tile tap from that seat belongs to that turn."""
        state = self.state
        if state is None or state.outcome is not None:
            return False
        for entry in reversed(self.log):
            match entry:
                case SeatClaimedEntry() | SeatFreedEntry():
                    continue  # phones coming and going say nothing about the turn
                case LastTileTappedEntry():  # tapped already: a third press adds nothing
                    return entry.seat == seat
                case ActionEntry():
                    return entry.seat == seat and entry.action == "end"
                case _:
                    return False
        return False

    def prepare_late_tap(self, seat: int) -> LastTileTappedEntry:
        """A seat that has just ended its turn taps its last tile (a double press)."""
        return LastTileTappedEntry(self.setup.number, seat)

    def prepare_score(self, seat: int, value: int, by: str, why: str = "") -> ScoreEntry:
        round_number = self.setup.number if self.setup else 0
        pad = self._pad()
        filled = pad.value(round_number, seat) is not None
        if filled and not why.strip():
            raise CompanionError("say why the score is corrected; the reason is kept with it")
        probe = ScorePad(self.players)
        probe.record(max(round_number, 1), seat, value)  # checks seat and value
        if round_number < 1:
            raise CompanionError("no round has started yet")
        return ScoreEntry(round_number, seat, value, by, why, now())

    # --- applying entries ----------------------------------------------------------------
    def apply(self, entry: Entry) -> list[Event]:
        match entry:
            case GameStartedEntry():
                events = self._on_game_started(entry)
            case RoundStartedEntry():
                events = self._on_round_started(entry)
            case ActionEntry():
                events = self._on_action(entry)
            case LastTileTappedEntry():
                events = self._state().tap_after_turn(entry.seat)
            case RoundEndedEntry():
                events = self._on_round_ended(entry)
            case ScoreEntry():
                events = self._on_score(entry)
            case HandReadEntry():
                events = self._on_hand_read(entry)
            case HandScoredEntry():
                events = self._on_hand_scored(entry)
            case DiceRolledEntry():
                self.dice = entry
                events = [DiceRolled(entry.seat, dice=entry.dice)]
            case MarkerLiftedEntry():
                events = self._state().lift_marker(entry.seat)
            case SeatClaimedEntry():
                events = self._on_seat_claimed(entry)
            case SeatFreedEntry():
                self.phones.pop(entry.seat, None)
                events = [SeatFreed(entry.seat, by=entry.by)]
            case GameEndedEntry():
                self.finished = True
                events = [GameEnded(0, winners=entry.winners)]
            case _:
                raise CompanionError(f"unknown event {entry!r}")
        self.log.append(entry)
        return events

    def _on_game_started(self, entry: GameStartedEntry) -> list[Event]:
        self.game = new_game(entry.game, entry.preset, entry.options)
        self.players = list(entry.players)
        self.seed = entry.seed
        self.pad = ScorePad(self.players, lower_wins=self.game.measure == "pips")
        return [GameStarted(0)]

    def _on_round_started(self, entry: RoundStartedEntry) -> list[Event]:
        from companion.tiles import Tile

        engine = Tile.parse(entry.engine) if entry.engine else None
        self.setup = RoundSetup(entry.round, engine, entry.starter)
        n = len(self.players)
        if self.seed is None:
            self.state = self.game.live_turns(self.setup, n)
        else:
            self.state = self.game.deal(self.setup, n, self._rng(f"round {entry.round}"))
        self.rounds.append(RoundSummary(entry.round, entry.engine))
        self.readings = {}
        self.hand_pips = {}
        self.dice = None
        return [
            RoundStarted(entry.starter, round=entry.round),
            Turn(self.state.turn),
        ]

    def _on_action(self, entry: ActionEntry, action: Action | None = None) -> list[Event]:
        state = self._state()
        if action is None:
            action = self.game.parse_action(entry.action, self.players)
        events = state.apply(action)
        if state.outcome is not None:
            summary = self.rounds[-1]
            summary.ended, summary.out = state.outcome.ended, tuple(state.outcome.out)
            if self.seed is not None:  # dealt hands: the round's own scores are known
                summary.scores = self.game.round_scores(state)
            if summary.engine is None and state.round_engine is not None:
                summary.engine = str(state.round_engine)  # the Engine games' main station
            events.append(RoundEnded(entry.seat, ended=summary.ended))
        return events

    def _on_round_ended(self, entry: RoundEndedEntry) -> list[Event]:
        """The host ends a round the table could not finish on its own."""
        from companion.games.base import Outcome

        state = self._state()
        state.outcome = Outcome(entry.ended, tuple(entry.out))
        self.rounds[-1].ended, self.rounds[-1].out = entry.ended, tuple(entry.out)
        return [RoundEnded(0, ended=entry.ended)]

    def _on_score(self, entry: ScoreEntry) -> list[Event]:
        pad = self._pad()
        filled = pad.value(entry.round, entry.seat) is not None
        pad.record(entry.round, entry.seat, entry.value, entry.by, entry.why, entry.at)
        self.readings.pop(entry.seat, None)
        kind = ScoreCorrected if filled else Scored
        return [kind(entry.seat, round=entry.round, value=entry.value)]

    def _on_hand_read(self, entry: HandReadEntry) -> list[Event]:
        """A reading of a seat's hand waiting for the player to confirm it."""
        self.readings[entry.seat] = entry
        same = [i for i, p in enumerate(self.photos) if p.picture and p.picture == entry.picture]
        if same:  # the same photo's reading put right by the player: shown once, as it is now
            self.photos[same[-1]] = entry
        else:
            self.photos.append(entry)
        reasons = list(entry.reasons)
        return [HandRead(entry.seat, total=entry.total, status=entry.status, reasons=reasons)]

    def _on_hand_scored(self, entry: HandScoredEntry) -> list[Event]:
        """A hand counted in a game whose pad counts tokens: kept until all are in."""
        self.hand_pips[entry.seat] = entry.value
        self.readings.pop(entry.seat, None)
        return [HandScored(entry.seat, pips=entry.value)]

    def _on_seat_claimed(self, entry: SeatClaimedEntry) -> list[Event]:
        """A phone holds one seat at a time: claiming another gives up the first."""
        for seat, phone in list(self.phones.items()):
            if phone == entry.phone:
                del self.phones[seat]
        self.phones[entry.seat] = entry.phone
        return [SeatClaimed(entry.seat)]

    # --- conveniences ----------------------------------------------------------------------
    def play(self, action: Action) -> list[Event]:
        """Check and apply an action at once (the simulator): the same entry as ``apply``
        logs, without reading back the words just written."""
        entry = self.prepare_action(action)
        events = self._on_action(entry, action)
        self.log.append(entry)
        return events

    def round_needs_scores(self) -> bool:
        return (
            self.state is not None and self.state.outcome is not None and not self._round_scored()
        )

    def _round_scored(self) -> bool:
        row = self.pad.row(self.setup.number)
        return all(value is not None for value in row)

    def count_scores(self) -> list[ScoreEntry]:
        """Score a finished round whose hands are known (the simulator)."""
        values = self.game.pad_values(self.game.round_scores(self.state), self.state)
        number = self.setup.number
        return [
            ScoreEntry(number, seat, value, "count", "", now()) for seat, value in enumerate(values)
        ]

    def prepare_end(self) -> GameEndedEntry:
        return GameEndedEntry([self.players[s] for s in self.pad.winners()])

    def hand_limit(self) -> int | None:
        """The most tiles one hand can hold in this game, if its rules deal a hand size."""
        return self.game.hand_limit(len(self.players)) if self.game is not None else None

    def is_last_round(self) -> bool:
        n = len(self.players)
        return self.game.next_round(self.setup, n, self.pad.totals()) is None

    @classmethod
    def replay(cls, entries: Iterable[Entry]) -> Match:
        match = cls()
        for entry in entries:
            match.apply(entry)
        return match

    # --- helpers ---------------------------------------------------------------------------
    def _rng(self, purpose: str) -> random.Random:
        return random.Random(f"{self.seed}:{purpose}")

    def _game(self) -> Game:
        if self.game is None:
            raise CompanionError("no game has been set up yet")
        return self.game

    def _state(self) -> Round:
        if self.state is None:
            raise CompanionError("no round is in play")
        return self.state

    def _pad(self) -> ScorePad:
        if self.pad is None:
            raise CompanionError("no game has been set up yet")
        return self.pad
