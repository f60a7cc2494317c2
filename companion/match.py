"""A game night as a sequence of events: the live table and the simulator share it.

Everything that changes a match is an event ``(type, payload)``. ``prepare_*`` checks a
request and returns the event without applying it, so the service can commit the event to
the store first; ``apply`` changes the match. Replaying the events of a match rebuilds it
exactly. Types:

- ``game_started``  {game, preset, options, players, seed}
- ``round_started`` {round, engine, starter}
- ``action``        {round, seat, action}      (the action in the players' words)
- ``last_tile_tapped`` {round, seat}           (a double press: the seat that has just
  ended its turn taps its last tile; the turn stays where the press put it)
- ``round_ended``   {round, ended, out}          (out: seats that went out)
- ``score``         {round, seat, value, by, why, at}   (a correction when the cell is filled)
- ``game_ended``    {winners}
- ``seat_claimed``  {seat, phone}              (a phone is the seat's button from now on)
- ``seat_freed``    {seat, by}                   (by: "phone" gave it up, or "host")
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

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

Record = tuple[str, dict[str, Any]]


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
        self.log: list[Record] = []
        self.readings: dict[int, dict[str, Any]] = {}
        self.hand_pips: dict[int, int] = {}  # counted hands waiting to become tokens
        self.dice: dict[str, Any] | None = None  # the last roll of the companion's dice
        self.photos: list[dict[str, Any]] = []
        self.phones: dict[int, str] = {}  # seat -> the phone that holds it

    # --- building events ---------------------------------------------------------------
    @staticmethod
    def prepare_start(
        game_id: str,
        players: list[str],
        preset: str | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
    ) -> Record:
        game = new_game(game_id, preset, options)
        names = check_players(players)
        game.check_players(len(names))
        payload = {
            "game": game_id,
            "preset": game.preset,
            "options": dict(options or {}),
            "players": names,
            "seed": seed,
        }
        return ("game_started", payload)

    def prepare_round(self, starter: int | None = None) -> Record:
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
        return (
            "round_started",
            {"round": setup.number, "engine": engine, "starter": setup.starter},
        )

    def prepare_action(self, action: Action) -> Record:
        state = self._state()
        state.check(action, self.players)
        text = self.game.format_action(action, self.players)
        return ("action", {"round": self.setup.number, "seat": state.turn, "action": text})

    def just_ended_turn(self, seat: int) -> bool:
        """Was the last thing said at the table ``seat`` ending its turn (a press), with the
        round still in play? Then a last-tile tap from that seat belongs to that turn."""
        state = self.state
        if state is None or state.outcome is not None:
            return False
        for kind, payload in reversed(self.log):
            if kind in ("seat_claimed", "seat_freed"):
                continue  # phones coming and going say nothing about the turn
            if kind == "last_tile_tapped":  # tapped already: a third press adds nothing
                return payload["seat"] == seat
            return kind == "action" and payload["seat"] == seat and payload["action"] == "end"
        return False

    def prepare_late_tap(self, seat: int) -> Record:
        """A seat that has just ended its turn taps its last tile (a double press)."""
        return ("last_tile_tapped", {"round": self.setup.number, "seat": seat})

    def prepare_score(self, seat: int, value: int, by: str, why: str = "") -> Record:
        round_number = self.setup.number if self.setup else 0
        pad = self._pad()
        filled = pad.value(round_number, seat) is not None
        if filled and not why.strip():
            raise CompanionError("say why the score is corrected; the reason is kept with it")
        probe = ScorePad(self.players)
        probe.record(max(round_number, 1), seat, value)  # checks seat and value
        if round_number < 1:
            raise CompanionError("no round has started yet")
        payload = {"round": round_number, "seat": seat, "value": value, "by": by, "why": why}
        return ("score", payload | {"at": now()})

    # --- applying events -----------------------------------------------------------------
    def apply(self, kind: str, payload: dict[str, Any]) -> list[Event]:
        handler = APPLY.get(kind)
        if handler is None:
            raise CompanionError(f"unknown event type {kind!r}")
        events = handler(self, payload)
        self.log.append((kind, payload))
        return events

    def _on_game_started(self, p: dict[str, Any]) -> list[Event]:
        self.game = new_game(p["game"], p["preset"], p["options"])
        self.players = list(p["players"])
        self.seed = p["seed"]
        self.pad = ScorePad(self.players, lower_wins=self.game.measure == "pips")
        return [GameStarted(0)]

    def _on_round_started(self, p: dict[str, Any]) -> list[Event]:
        from companion.tiles import Tile

        engine = Tile.parse(p["engine"]) if p["engine"] else None
        self.setup = RoundSetup(p["round"], engine, p["starter"])
        n = len(self.players)
        if self.seed is None:
            self.state = self.game.live_turns(self.setup, n)
        else:
            self.state = self.game.deal(self.setup, n, self._rng(f"round {p['round']}"))
        self.rounds.append(RoundSummary(p["round"], p["engine"]))
        self.readings = {}
        self.hand_pips = {}
        self.dice = None
        return [
            RoundStarted(p["starter"], round=p["round"]),
            Turn(self.state.turn),
        ]

    def _on_action(self, p: dict[str, Any], action: Action | None = None) -> list[Event]:
        state = self._state()
        if action is None:
            action = self.game.parse_action(p["action"], self.players)
        events = state.apply(action)
        if state.outcome is not None:
            summary = self.rounds[-1]
            summary.ended, summary.out = state.outcome.ended, tuple(state.outcome.out)
            if self.seed is not None:  # dealt hands: the round's own scores are known
                summary.scores = self.game.round_scores(state)
            if summary.engine is None and state.round_engine is not None:
                summary.engine = str(state.round_engine)  # the Engine games' main station
            events.append(RoundEnded(p["seat"], ended=summary.ended))
        return events

    def _on_last_tile_tapped(self, p: dict[str, Any]) -> list[Event]:
        """The seat that has just ended its turn has one tile left; the turn stays put."""
        return self._state().tap_after_turn(p["seat"])

    def _on_round_ended(self, p: dict[str, Any]) -> list[Event]:
        """The host ends a round the table could not finish on its own."""
        from companion.games.base import Outcome

        state = self._state()
        state.outcome = Outcome(p["ended"], tuple(p.get("out", ())))
        self.rounds[-1].ended, self.rounds[-1].out = p["ended"], tuple(p.get("out", ()))
        return [RoundEnded(0, ended=p["ended"])]

    def _on_score(self, p: dict[str, Any]) -> list[Event]:
        pad = self._pad()
        kind = ScoreCorrected if pad.value(p["round"], p["seat"]) is not None else Scored
        pad.record(p["round"], p["seat"], p["value"], p["by"], p.get("why", ""), p.get("at", ""))
        self.readings.pop(p["seat"], None)
        return [kind(p["seat"], round=p["round"], value=p["value"])]

    def _on_hand_read(self, p: dict[str, Any]) -> list[Event]:
        """A reading of a seat's hand waiting for the player to confirm it."""
        reading = {"status": "ok", "reasons": []} | p  # logged before the reader's verdict
        self.readings[p["seat"]] = reading
        self.photos.append(reading)
        return [
            HandRead(
                p["seat"], total=p["total"], status=reading["status"], reasons=reading["reasons"]
            )
        ]

    def _on_hand_scored(self, p: dict[str, Any]) -> list[Event]:
        """A hand counted in a game whose pad counts tokens: kept until all are in."""
        self.hand_pips[p["seat"]] = p["value"]
        self.readings.pop(p["seat"], None)
        return [HandScored(p["seat"], pips=p["value"])]

    def _on_dice_rolled(self, p: dict[str, Any]) -> list[Event]:
        self.dice = p
        return [DiceRolled(p["seat"], dice=p["dice"])]

    def _on_marker_lifted(self, p: dict[str, Any]) -> list[Event]:
        return self._state().lift_marker(p["seat"])

    def _on_seat_claimed(self, p: dict[str, Any]) -> list[Event]:
        """A phone holds one seat at a time: claiming another gives up the first."""
        for seat, phone in list(self.phones.items()):
            if phone == p["phone"]:
                del self.phones[seat]
        self.phones[p["seat"]] = p["phone"]
        return [SeatClaimed(p["seat"])]

    def _on_seat_freed(self, p: dict[str, Any]) -> list[Event]:
        self.phones.pop(p["seat"], None)
        return [SeatFreed(p["seat"], by=p["by"])]

    def _on_game_ended(self, p: dict[str, Any]) -> list[Event]:
        self.finished = True
        return [GameEnded(0, winners=p["winners"])]

    # --- conveniences ----------------------------------------------------------------------
    def play(self, action: Action) -> list[Event]:
        """Check and apply an action at once (the simulator): the same event as ``apply``
        records, without reading back the words just written."""
        kind, payload = self.prepare_action(action)
        events = self._on_action(payload, action)
        self.log.append((kind, payload))
        return events

    def round_needs_scores(self) -> bool:
        return (
            self.state is not None and self.state.outcome is not None and not self._round_scored()
        )

    def _round_scored(self) -> bool:
        row = self.pad.row(self.setup.number)
        return all(value is not None for value in row)

    def count_scores(self) -> list[Record]:
        """Score a finished round whose hands are known (the simulator)."""
        values = self.game.pad_values(self.game.round_scores(self.state), self.state)
        return [
            (
                "score",
                {
                    "round": self.setup.number,
                    "seat": seat,
                    "value": value,
                    "by": "count",
                    "why": "",
                    "at": now(),
                },
            )
            for seat, value in enumerate(values)
        ]

    def prepare_end(self) -> Record:
        return ("game_ended", {"winners": [self.players[s] for s in self.pad.winners()]})

    def hand_limit(self) -> int | None:
        """The most tiles one hand can hold in this game, if its rules deal a hand size."""
        return self.game.hand_limit(len(self.players)) if self.game is not None else None

    def is_last_round(self) -> bool:
        n = len(self.players)
        return self.game.next_round(self.setup, n, self.pad.totals()) is None

    @classmethod
    def replay(cls, records: Iterable[Record]) -> Match:
        match = cls()
        for kind, payload in records:
            match.apply(kind, payload)
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


APPLY: dict[str, Callable[[Match, dict[str, Any]], list[Event]]] = {
    "game_started": Match._on_game_started,
    "round_started": Match._on_round_started,
    "action": Match._on_action,
    "round_ended": Match._on_round_ended,
    "score": Match._on_score,
    "hand_read": Match._on_hand_read,
    "hand_scored": Match._on_hand_scored,
    "dice_rolled": Match._on_dice_rolled,
    "marker_lifted": Match._on_marker_lifted,
    "last_tile_tapped": Match._on_last_tile_tapped,
    "seat_claimed": Match._on_seat_claimed,
    "seat_freed": Match._on_seat_freed,
    "game_ended": Match._on_game_ended,
}
"""Each stored event type and the method that applies it to a match."""
